// The hand replayer: steps through the state feed of phh_lsp/core/telling/hand_states.py one
// step at a time: the table (drawn by table.js, loaded first), the action in words, what the
// action moved, the showdown and the result, the controls (buttons, keys, play at a chosen
// speed, chips or big blinds) and the timeline of steps by street. One renderer for every place
// a hand is replayed: the VS Code webview (fed by the extension over postMessage, from the
// server's phh/handStates) and the self-contained HTML file of `phh-lsp replay` (fed by the
// JSON embedded in the page). It builds the page with DOM calls and textContent only: names
// and notation come from the file being replayed and are never read as HTML.
(function () {
  "use strict";

  var FEED_VERSION = 1;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
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
    this.blinds = false; // amounts in big blinds (true) or chips
    this.speed = 1000; // ms per step while playing
    this.timer = null;
    this.width = 0;
    var self = this;
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(function () {
        var width = Math.round(root.clientWidth);
        if (self.feed && Math.abs(width - self.width) > 8) self.render();
      }).observe(root);
    }
    root.addEventListener("keydown", function (event) {
      if (event.target && event.target.tagName === "SELECT") return;
      if (event.key === " " || event.key === "Spacebar") {
        event.preventDefault();
        self.toggle();
        return;
      }
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
        self.stop();
        self.go(moves[event.key]());
      }
    });
  }

  // Play from the current step (from the start when at the end), one step per `speed` ms.
  Replayer.prototype.toggle = function () {
    if (this.timer) { this.stop(); this.render(); return; }
    if (!this.feed || this.feed.steps.length < 2) return;
    var self = this;
    if (this.current === this.feed.steps.length - 1) this.go(0);
    this.timer = setInterval(function () {
      if (!self.feed || self.current >= self.feed.steps.length - 1) { self.stop(); self.render(); return; }
      self.go(self.current + 1);
    }, this.speed);
    this.render();
  };

  Replayer.prototype.stop = function () {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  };

  // An amount as the user chose: chips (`33,500 (16.8 BB)` for the pot) or big blinds.
  Replayer.prototype.amount = function (chips, blinds, withOther) {
    if (this.blinds && blinds) return withOther ? blinds + " (" + chips + ")" : blinds;
    return withOther && blinds && chips !== "0" ? chips + " (" + blinds + ")" : chips;
  };

  Replayer.prototype.show = function (feed, current) {
    if (feed !== this.feed && (!feed || !this.feed || feed.title !== this.feed.title)) this.stop();
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
    var active = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focusKey : null;
    // a step of the timeline had the focus: the current step takes it, so one step looks selected
    var focused = active && active.indexOf("step-") === 0 ? "step-" + this.current : active;
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
    if (feed.bringIn) sub += " \u00b7 bring-in " + feed.bringIn;
    root.appendChild(el("div", "phh-sub", sub));
    var steps = feed.steps;
    if (!steps.length) {
      if (feed.error) root.appendChild(el("div", "phh-error", feed.error.message));
      return;
    }
    var step = steps[this.current];
    var self = this;
    root.appendChild(this.nav(step));
    this.width = Math.round(root.clientWidth) || 720;
    var felt = el("div", "phh-felt");
    felt.appendChild(window.PhhTable.draw(feed, step, {
      width: this.width,
      amount: function (chips, blinds, withOther) { return self.amount(chips, blinds, withOther); },
    }));
    root.appendChild(felt);
    var action = el("div", "phh-action", step.words);
    action.setAttribute("aria-live", "polite");
    action.id = "phh-action";
    root.appendChild(action);
    // the hands shown, then who collects what
    if (step.showdown && step.showdown.length) {
      var shown = el("ul", "phh-showdown");
      shown.id = "phh-showdown";
      step.showdown.forEach(function (line) { shown.appendChild(el("li", null, line)); });
      root.appendChild(shown);
    }
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
      if (again) again.focus({ preventScroll: true }); // the table stays in sight
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
      button.addEventListener("click", function () { self.stop(); self.go(spec[2]()); });
      nav.appendChild(button);
    });
    var play = el("button", "phh-play", this.timer ? "\u23f8" : "\u25b6");
    play.type = "button";
    play.title = this.timer ? "pause (space)" : "play (space)";
    play.setAttribute("aria-label", this.timer ? "pause" : "play");
    play.dataset.focusKey = "nav-play";
    play.disabled = last < 1;
    play.addEventListener("click", function () { self.toggle(); });
    nav.appendChild(play);
    var speed = el("select", "phh-speed");
    speed.setAttribute("aria-label", "speed");
    speed.title = "playing speed";
    speed.dataset.focusKey = "nav-speed";
    [["2000", "slow"], ["1000", "normal"], ["500", "fast"]].forEach(function (choice) {
      var option = el("option", null, choice[1]);
      option.value = choice[0];
      if (Number(choice[0]) === self.speed) option.selected = true;
      speed.appendChild(option);
    });
    speed.addEventListener("change", function () {
      self.speed = Number(speed.value);
      if (self.timer) { self.stop(); self.toggle(); }
    });
    nav.appendChild(speed);
    if (this.feed.steps.some(function (s) { return s.potBlinds; })) {
      var unit = el("button", "phh-unit", this.blinds ? "BB" : "chips");
      unit.type = "button";
      unit.title = "amounts in " + (this.blinds ? "big blinds" : "chips") + ": click for " + (this.blinds ? "chips" : "big blinds");
      unit.setAttribute("aria-pressed", this.blinds ? "true" : "false");
      unit.dataset.focusKey = "nav-unit";
      unit.addEventListener("click", function () { self.blinds = !self.blinds; self.render(); });
      nav.appendChild(unit);
    }
    nav.appendChild(el("span", "phh-counter", this.current === 0 ? "start" : "action " + this.current + " of " + last));
    return nav;
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
      button.addEventListener("click", function () { self.stop(); self.go(index); });
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
      // The step the user last took in the view: the feeds for the cursor moves it caused
      // arrive after it, one per step, and must not take the view back while keys are pressed.
      var taken = { index: null, until: 0 };
      var replayer = new Replayer(root, function (index) {
        taken = { index: index, until: Date.now() + 600 };
        vscode.postMessage({ type: "step", index: index });
      });
      window.addEventListener("message", function (event) {
        var message = event.data;
        if (!message || message.type !== "feed") return;
        var feed = message.feed;
        var current = feed ? feed.current : 0;
        if (feed && taken.index !== null && Date.now() < taken.until && taken.index < feed.steps.length) current = taken.index;
        replayer.show(feed, current);
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
