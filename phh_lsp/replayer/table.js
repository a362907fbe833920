// The poker table of one step, drawn as one SVG: the felt, the seats round it in seat order, each
// player's name, stack, cards (face down when unknown; in stud the down cards dashed and marked),
// the bet in front of them as a chip with its amount, the dealer button, the pot (and side pots)
// and the board in the middle, the player to act ringed, folded players dimmed. The VS Code view
// and `phh-lsp replay`'s HTML file both draw with this one function (replayer.js calls it), so a
// hand looks the same in both. Colours are CSS classes (replayer.css), so the editor's theme or
// the browser's light/dark scheme applies. Built with DOM calls and textContent only: names come
// from the file being replayed and are never read as markup.
(function () {
  "use strict";

  var NS = "http://www.w3.org/2000/svg";
  var SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  var SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };

  function svg(tag, attributes, text) {
    var node = document.createElementNS(NS, tag);
    Object.keys(attributes || {}).forEach(function (name) {
      if (attributes[name] !== null && attributes[name] !== undefined) node.setAttribute(name, String(attributes[name]));
    });
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // The geometry for a view `width` pixels wide: one SVG unit is one CSS pixel at that width,
  // so text keeps its size from a 400 px side panel to a wide window.
  function geometry(width, players) {
    var w = Math.max(380, Math.min(width || 720, 900));
    var narrow = w < 560;
    var h = Math.round(narrow ? w * 1.05 : Math.max(430, w * 0.6));
    var seatW = narrow ? 112 : 150;
    return {
      w: w, h: h, narrow: narrow, seatW: seatW, seatH: 40,
      cx: w / 2, cy: h / 2,
      // the table's oval, inside the seats
      rx: w / 2 - seatW / 2 - 14, ry: h / 2 - (narrow ? 74 : 70),
      card: narrow ? 24 : 28, many: players > 6,
    };
  }

  // Where seat `k` of `count` sits: player 1's seat at the bottom, then clockwise.
  function place(g, k, count) {
    var angle = Math.PI / 2 + (2 * Math.PI * k) / count;
    return { x: g.cx + g.rx * Math.cos(angle), y: g.cy + g.ry * Math.sin(angle), angle: angle };
  }

  // From a seat toward the middle by `share` of the way.
  function toward(g, at, share) {
    return { x: at.x + (g.cx - at.x) * share, y: at.y + (g.cy - at.y) * share };
  }

  function cardNode(item, x, y, size, stud) {
    var text = item.card;
    var known = /^[2-9TJQKA][cdhs]$/.test(text);
    var w = size, h = Math.round(size * 1.38);
    var group = svg("g", { class: "phh-svg-card", transform: "translate(" + x + "," + y + ")" });
    var down = stud && item.up === false;
    if (!known) {
      group.setAttribute("aria-label", "a card face down, unknown");
      group.appendChild(svg("rect", { class: "phh-back", width: w, height: h, rx: 3 }));
      group.appendChild(svg("rect", { class: "phh-back-inner", x: 3, y: 3, width: w - 6, height: h - 6, rx: 2 }));
      return group;
    }
    var suit = text[1];
    var red = suit === "h" || suit === "d";
    group.setAttribute("aria-label", text + " (" + SUIT_NAMES[suit] + (stud ? (down ? ", face down" : ", face up") : "") + ")");
    group.appendChild(svg("rect", { class: "phh-face" + (down ? " down" : ""), width: w, height: h, rx: 3 }));
    var colour = red ? "phh-red-ink" : "phh-ink";
    group.appendChild(svg("text", { class: colour + " phh-rank", x: w / 2, y: h * 0.46, "font-size": size * 0.62 }, text[0] === "T" ? "10" : text[0]));
    group.appendChild(svg("text", { class: colour + " phh-suit", x: w / 2, y: h * 0.88, "font-size": size * 0.6 }, SUITS[suit]));
    return group;
  }

  // A row of cards centred on x; stud's down cards sit a little lower than the up cards.
  function cardRow(list, cx, y, size, stud, limit) {
    var group = svg("g", { class: "phh-card-row" });
    var gap = 2;
    var step = size + gap;
    var width = list.length * step - gap;
    if (limit) cx = Math.max(width / 2 + 2, Math.min(limit - width / 2 - 2, cx)); // inside the view
    list.forEach(function (item, n) {
      var lift = stud && item.up === false ? 5 : 0;
      group.appendChild(cardNode(item, cx - width / 2 + n * step, y + lift, size, stud));
    });
    return group;
  }

  function fit(text, limit) {
    return text.length > limit ? text.slice(0, limit - 1) + "\u2026" : text;
  }

  // One player's seat: the plate (name, stack), the cards above it, the hand or equity below.
  function seatNode(g, feed, step, index, at, options) {
    var seat = step.seats[index];
    var player = feed.players[index] || { label: "p" + (index + 1), name: null };
    var classes = ["phh-seat"];
    if (seat.toAct) classes.push("to-act");
    if (seat.folded) classes.push("folded");
    if (seat.allIn) classes.push("all-in");
    var group = svg("g", { class: classes.join(" "), "data-player": player.label, "data-hand": seat.hand || null });
    var words = player.label + (player.name ? " " + player.name : "") + ", stack " + seat.stack
      + (seat.status ? ", " + seat.status : "");
    group.setAttribute("aria-label", words);
    var x = at.x - g.seatW / 2, y = at.y - g.seatH / 2;
    var stud = feed.bringIn !== null && feed.bringIn !== undefined && feed.bringIn !== false;
    if (seat.cards.length) {
      var size = seat.cards.length > 4 ? Math.round(g.card * 0.82) : g.card;
      group.appendChild(cardRow(seat.cards, at.x, y - size * 1.38 - 2, size, stud, g.w));
    }
    var plate = svg("rect", { class: "phh-plate", x: x, y: y, width: g.seatW, height: g.seatH, rx: 8 });
    plate.appendChild(svg("title", null, words)); // the whole name where the plate shortens it
    group.appendChild(plate);
    var name = player.name ? player.label + " " + player.name : player.label;
    group.appendChild(svg("text", { class: "phh-name", x: at.x, y: y + 16 }, fit(name, g.narrow ? 14 : 18)));
    var stack = options.amount(seat.stack, seat.stackBlinds);
    group.appendChild(svg("text", { class: "phh-stack", x: at.x, y: y + 33 }, stack));
    // under the plate: the hand shown (a line per half in hi/lo games), the equity, or whether
    // the player folded or is all-in
    var notes = seat.hand ? seat.hand.split("; ") : [];
    if (!notes.length && (seat.status === "folded" || seat.status === "all-in")) notes.push(seat.status);
    if (seat.strength) notes.push(seat.strength);
    var row = 0;
    notes.forEach(function (note) {
      var kind = seat.hand ? "phh-hand-name" : note === seat.strength ? "phh-strength" : "phh-status-note";
      // a note wider than its seat goes on two lines ("straight," / "seven high"), so that it
      // stays under its own seat instead of running over the middle of the table
      var cut = note.indexOf(", ");
      var lines = note.length * 7.2 > g.seatW + 16 && cut > 0 ? [note.slice(0, cut + 1), note.slice(cut + 2)] : [note];
      lines.forEach(function (line) {
        var text = fit(line, g.narrow ? 26 : 34);
        var half = text.length * 3.6 + 4; // about half the text's width at 12.5 px: kept inside the view
        var nx = Math.max(half, Math.min(g.w - half, at.x));
        group.appendChild(svg("text", { class: kind, x: nx, y: y + g.seatH + 15 + row * 15 }, text));
        row += 1;
      });
    });
    return group;
  }

  function chip(x, y, r, className) {
    var group = svg("g", { class: "phh-chip " + (className || "") });
    group.appendChild(svg("circle", { cx: x, cy: y, r: r }));
    group.appendChild(svg("circle", { class: "phh-chip-inner", cx: x, cy: y, r: r * 0.55 }));
    return group;
  }

  // The whole table for `step`: an <svg> element. options.amount(chips, blinds) prints an amount
  // as the user chose (chips or big blinds); options.width the view's width in pixels.
  function draw(feed, step, options) {
    var count = step.seats.length;
    var g = geometry(options.width, count);
    var root = svg("svg", {
      id: "phh-table", class: "phh-table", viewBox: "0 0 " + g.w + " " + g.h, role: "img",
      "aria-label": "the table: " + step.street + ", pot " + step.pot,
    });
    root.appendChild(svg("ellipse", { class: "phh-rail", cx: g.cx, cy: g.cy, rx: g.rx + 12, ry: g.ry + 12 }));
    root.appendChild(svg("ellipse", { class: "phh-felt-oval", cx: g.cx, cy: g.cy, rx: g.rx, ry: g.ry }));
    // seats in seat order: the `seats` numbers out of `seat_count` when the hand gives them
    var numbers = feed.players.map(function (p, i) { return typeof p.seat === "number" ? p.seat : i + 1; });
    var total = Math.max(count, feed.seatCount || 0, Math.max.apply(null, numbers.concat([0])));
    if (!feed.seatCount && numbers.every(function (n, i) { return n === i + 1; })) total = count;
    var places = numbers.map(function (n) { return place(g, n - 1, total); });
    // middle: street and pot over the board, side pots under it
    var mid = svg("g", { class: "phh-middle" });
    mid.appendChild(svg("text", { class: "phh-street-label", x: g.cx, y: g.cy - g.card * 1.38 / 2 - 30 }, step.street));
    // once the pot is pushed the words under the table say who took it
    var potText = step.over && step.pot === "0" ? "Hand over" : "Pot " + options.amount(step.pot, step.potBlinds, true);
    mid.appendChild(svg("text", { id: "phh-pot", class: "phh-pot-label", x: g.cx, y: g.cy - g.card * 1.38 / 2 - 10 }, potText));
    var board = svg("g", { id: "phh-board", class: "phh-board" });
    board.setAttribute("aria-label", step.board.length ? "board " + step.board.join(" ") : "no board yet");
    if (step.board.length) board.appendChild(cardRow(step.board.map(function (c) { return { card: c, up: true }; }), g.cx, g.cy - g.card * 1.38 / 2, g.narrow ? g.card : g.card + 4, false));
    mid.appendChild(board);
    if (step.pots && step.pots.length > 1) {
      var side = step.pots.map(function (amount, n) { return (n === 0 ? "main " : "side " + n + " ") + amount; }).join(" \u00b7 ");
      mid.appendChild(svg("text", { id: "phh-side-pots", class: "phh-side-pots", x: g.cx, y: g.cy + g.card * 1.38 / 2 + 26 }, side));
    }
    root.appendChild(mid);
    // bets in front of the players, then the dealer button
    step.seats.forEach(function (seat, index) {
      if (!seat.bet) return;
      var at = toward(g, places[index], 0.42);
      var bet = svg("g", { class: "phh-bet", "data-player": (feed.players[index] || {}).label || "" });
      bet.appendChild(chip(at.x - 14, at.y, 8));
      bet.appendChild(svg("text", { class: "phh-bet-amount", x: at.x - 2, y: at.y + 4.5 }, options.amount(seat.bet, seat.betBlinds)));
      root.appendChild(bet);
    });
    step.seats.forEach(function (seat, index) {
      root.appendChild(seatNode(g, feed, step, index, places[index], options));
    });
    if (feed.button !== null && feed.button !== undefined && places[feed.button]) {
      // beside the button's seat, on the side facing the middle of the table
      // on the top corner of the button's plate on the side of the middle of the table (the
      // cards above the plate are narrower than it, the notes under it as wide)
      var at = places[feed.button];
      var sideways = at.x <= g.cx + 1 ? 1 : -1;
      var bx = at.x + sideways * (g.seatW / 2 - 4), by = at.y - g.seatH / 2 - 2;
      var button = svg("g", { id: "phh-button", class: "phh-dealer-button" });
      button.setAttribute("aria-label", "dealer button");
      button.appendChild(svg("circle", { cx: bx, cy: by, r: 10 }));
      button.appendChild(svg("text", { x: bx, y: by + 4 }, "D"));
      root.appendChild(button);
    }
    return root;
  }

  window.PhhTable = { draw: draw };
})();
