// The hand replayer: draws the state feed of phh_lsp/core/hand_states.py (seats, cards, stacks,
// bets, pot, board, the action in words) one step at a time. One renderer for every place a
// hand is replayed: the VS Code webview (fed by the extension over postMessage, from the
// server's phh/handStates) and the self-contained HTML file of `phh-lsp replay` (fed by the
// JSON embedded in the page). It builds the page with DOM calls and textContent only: names
// and notation come from the file being replayed and are never read as HTML.
(function () {
  "use strict";

  var SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  var SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
  var FEED_VERSION = 1;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function card(item) {
    var text = item.card;
    var known = /^[2-9TJQKA][cdhs]$/.test(text);
    var node = el("span", "phh-card");
    if (!known) {
      node.classList.add("unknown");
      node.textContent = "??";
      node.title = "an unknown card (face down)";
      return node;
    }
    var suit = text[1];
    node.textContent = (text[0] === "T" ? "10" : text[0]) + SUITS[suit];
    if (suit === "h" || suit === "d") node.classList.add("red");
    var label = text + " (" + SUIT_NAMES[suit] + (item.up === false ? ", face down" : item.up ? ", face up" : "") + ")";
    node.title = label;
    node.setAttribute("aria-label", label);
    if (item.up === false) node.classList.add("down");
    return node;
  }

  function cards(list) {
    var span = el("span", "phh-cards");
    list.forEach(function (item) {
      span.appendChild(card(typeof item === "string" ? { card: item, up: null } : item));
    });
    return span;
  }

  // One replayer in `root`; `onStep(index)` is called when the user moves to another step
  // (a button, a key, a click on a step), so that the editor can move its cursor too.
  function Replayer(root, onStep, onHand) {
    this.root = root;
    this.onStep = onStep || function () {};
    this.onHand = onHand || null;
    this.feed = null;
    this.current = 0;
    this.hands = null;
    var self = this;
    root.addEventListener("keydown", function (event) {
      if (event.target && event.target.tagName === "SELECT") return;
      var moves = {
        ArrowRight: function () { return self.current + 1; },
        ArrowLeft: function () { return self.current - 1; },
        ArrowDown: function () { return self.streetStart(1); },
        PageDown: function () { return self.streetStart(1); },
        ArrowUp: function () { return self.streetStart(-1); },
        PageUp: function () { return self.streetStart(-1); },
        Home: function () { return 0; },
        End: function () { return self.feed ? self.feed.steps.length - 1 : 0; },
      };
      if (moves[event.key] && self.feed && self.feed.steps.length) {
        event.preventDefault();
        self.go(moves[event.key]());
      }
    });
  }

  Replayer.prototype.show = function (feed, current) {
    this.feed = feed;
    this.current = Math.max(0, Math.min(current || 0, feed && feed.steps.length ? feed.steps.length - 1 : 0));
    this.render();
  };

  Replayer.prototype.go = function (index) {
    if (!this.feed || !this.feed.steps.length) return;
    var next = Math.max(0, Math.min(index, this.feed.steps.length - 1));
    if (next === this.current) return;
    this.current = next;
    this.render();
    this.onStep(next, this.feed.steps[next]);
  };

  // The first step of the next (direction 1) or this/previous (-1) street.
  Replayer.prototype.streetStart = function (direction) {
    var steps = this.feed.steps;
    var street = steps[this.current].street;
    var i = this.current;
    if (direction > 0) {
      while (i < steps.length - 1 && steps[i].street === street) i++;
      return i;
    }
    while (i > 0 && steps[i - 1].street === street) i--;
    if (i === this.current && i > 0) {
      var before = steps[i - 1].street;
      i--;
      while (i > 0 && steps[i - 1].street === before) i--;
    }
    return i;
  };

  Replayer.prototype.render = function () {
    var root = this.root;
    var focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focusKey : null;
    root.textContent = "";
    var feed = this.feed;
    if (!feed) {
      root.appendChild(el("p", "phh-empty", "Put the cursor in a hand to replay it."));
      return;
    }
    if (feed.version !== FEED_VERSION) {
      root.appendChild(el("p", "phh-error", "This replayer draws feed version " + FEED_VERSION + ", the server sent " + feed.version + ": update the extension or the server."));
      return;
    }
    if (this.hands && this.hands.length > 1) root.appendChild(this.handPicker());
    root.appendChild(el("h1", null, feed.title));
    var sub = feed.variantName + (feed.hand && feed.hand.count > 1 ? " \u00b7 hand " + feed.hand.number + " of " + feed.hand.count : "");
    root.appendChild(el("div", "phh-sub", sub));
    var steps = feed.steps;
    if (!steps.length) {
      if (feed.error) root.appendChild(el("div", "phh-error", feed.error.message));
      return;
    }
    var step = steps[this.current];
    root.appendChild(this.nav(step));
    root.appendChild(this.table(step));
    var action = el("div", "phh-action", step.words);
    action.setAttribute("aria-live", "polite");
    action.id = "phh-action";
    root.appendChild(action);
    step.moved.forEach(function (line) { root.appendChild(el("div", "phh-moved", line)); });
    if (!step.over) root.appendChild(el("div", "phh-next", "Next: " + step.next));
    var last = this.current === steps.length - 1;
    if (last && feed.result) root.appendChild(el("div", "phh-result", "Result: " + feed.result));
    if (last && feed.error) {
      var where = feed.error.action === null ? "" : "Replay stopped at action " + (feed.error.action + 1) + (feed.error.notation ? " (" + feed.error.notation + ")" : "") + ": ";
      root.appendChild(el("div", "phh-error", where + feed.error.message));
    }
    root.appendChild(this.stepList());
    if (focused) {
      var again = root.querySelector('[data-focus-key="' + focused + '"]');
      if (again) again.focus();
    }
  };

  Replayer.prototype.handPicker = function () {
    var self = this;
    var box = el("div", "phh-hands");
    var label = el("label", null, "Hand ");
    var select = el("select");
    select.setAttribute("aria-label", "hand");
    this.hands.forEach(function (feed, index) {
      var option = el("option", null, (index + 1) + ": " + feed.title);
      option.value = String(index);
      if (feed === self.feed) option.selected = true;
      select.appendChild(option);
    });
    select.addEventListener("change", function () {
      self.show(self.hands[Number(select.value)], 0);
    });
    label.appendChild(select);
    box.appendChild(label);
    return box;
  };

  Replayer.prototype.nav = function () {
    var self = this;
    var nav = el("div", "phh-nav");
    nav.setAttribute("role", "toolbar");
    nav.setAttribute("aria-label", "step through the hand (arrow keys: step; up and down: street)");
    var last = this.feed.steps.length - 1;
    [
      ["\u21e4", "start of the hand", function () { return 0; }, this.current === 0],
      ["\u00ab", "previous street", function () { return self.streetStart(-1); }, this.current === 0],
      ["\u2039", "previous action", function () { return self.current - 1; }, this.current === 0],
      ["\u203a", "next action", function () { return self.current + 1; }, this.current === last],
      ["\u00bb", "next street", function () { return self.streetStart(1); }, this.current === last],
      ["\u21e5", "end of the hand", function () { return last; }, this.current === last],
    ].forEach(function (spec) {
      var button = el("button", null, spec[0]);
      button.type = "button";
      button.title = spec[1];
      button.setAttribute("aria-label", spec[1]);
      button.dataset.focusKey = "nav-" + spec[1];
      button.disabled = spec[3];
      button.addEventListener("click", function () { self.go(spec[2]()); });
      nav.appendChild(button);
    });
    nav.appendChild(el("span", "phh-counter", this.current === 0 ? "start" : "action " + this.current + " of " + last));
    return nav;
  };

  Replayer.prototype.table = function (step) {
    var feed = this.feed;
    var felt = el("div", "phh-felt");
    var centre = el("div", "phh-centre");
    centre.appendChild(el("div", "phh-street", step.street));
    var pot = el("div", "phh-pot", "Pot " + step.pot + (step.potBlinds && step.pot !== "0" ? " (" + step.potBlinds + ")" : ""));
    pot.id = "phh-pot";
    centre.appendChild(pot);
    var board = el("div", "phh-board");
    board.id = "phh-board";
    if (step.board.length) board.appendChild(cards(step.board));
    centre.appendChild(board);
    felt.appendChild(centre);
    var table = el("table", "phh-seats");
    var head = el("tr");
    ["player", "stack", "bet", "cards", ""].forEach(function (name) { head.appendChild(el("th", null, name)); });
    table.appendChild(head);
    step.seats.forEach(function (seat, index) {
      var player = feed.players[index] || { label: "p" + (index + 1), name: null, seat: null };
      var row = el("tr");
      if (seat.toAct) row.className = "to-act";
      else if (seat.folded) row.className = "folded";
      var who = player.label + (player.name ? " " + player.name : "") + (player.seat !== null && player.seat !== undefined ? " (seat " + player.seat + ")" : "");
      row.appendChild(el("td", null, who));
      row.appendChild(el("td", "num", seat.stack));
      row.appendChild(el("td", "num", seat.bet || ""));
      var hole = el("td");
      hole.appendChild(cards(seat.cards));
      row.appendChild(hole);
      row.appendChild(el("td", "phh-status", seat.status));
      table.appendChild(row);
    });
    felt.appendChild(table);
    return felt;
  };

  Replayer.prototype.stepList = function () {
    var self = this;
    var feed = this.feed;
    var box = el("nav", "phh-steps");
    box.setAttribute("aria-label", "actions");
    var street = null;
    var line = null;
    feed.steps.forEach(function (step, index) {
      if (step.street !== street) {
        street = step.street;
        box.appendChild(el("h2", null, street));
        line = el("div");
        box.appendChild(line);
      }
      var button = el("button", null, index === 0 ? "start" : step.notation);
      button.type = "button";
      button.title = index === 0 ? "before the first action" : step.words;
      button.dataset.focusKey = "step-" + index;
      if (index === self.current) button.setAttribute("aria-current", "step");
      button.addEventListener("click", function () { self.go(index); });
      line.appendChild(button);
    });
    if (feed.error && feed.error.notation) {
      var broken = el("button", "broken", feed.error.notation);
      broken.type = "button";
      broken.disabled = true;
      broken.title = feed.error.message;
      (line || box).appendChild(broken);
    }
    return box;
  };

  function boot() {
    var root = document.getElementById("phh-replayer");
    if (!root) return;
    root.tabIndex = 0;
    if (typeof acquireVsCodeApi === "function") {
      // In VS Code: the extension sends each feed and hears each step the user takes.
      document.documentElement.classList.add("vscode");
      var vscode = acquireVsCodeApi();
      var replayer = new Replayer(root, function (index) {
        vscode.postMessage({ type: "step", index: index });
      });
      window.addEventListener("message", function (event) {
        var message = event.data;
        if (message && message.type === "feed") replayer.show(message.feed, message.feed ? message.feed.current : 0);
      });
      replayer.show(null, 0);
      vscode.postMessage({ type: "ready" });
      return;
    }
    // The HTML file: every hand's feed is in the page.
    var data = document.getElementById("phh-feeds");
    var feeds = data ? JSON.parse(data.textContent) : [];
    var page = new Replayer(root, function (index) {
      if (window.history && window.history.replaceState) window.history.replaceState(null, "", "#step-" + index);
    });
    page.hands = feeds;
    page.show(feeds[0] || null, 0);
    root.focus();
  }

  window.PhhReplayer = Replayer;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
