"""Equity and hand strength as the editor shows them, computed off the hover.

An exact flop EHS is a million hand evaluations; a hover must answer in a
few tens of milliseconds. So :func:`strength_lines` answers from a cache
keyed by the cards (the same spot in any hand, any document, costs once),
and a spot not yet computed is handed to one background thread: the hover
says so, and the next hover shows the numbers. The command line, which
has time, waits (``wait=True``). Every figure is printed by
:func:`estimate_text`, the one way equity and EHS are written.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.engine.state_view import Snapshot
from phh_lsp.core.strength.equity import (
    DRAW_NOTE,
    FAMILIES,
    Estimate,
    HandStrength,
    Spot,
    all_known,
    contenders,
    equity,
    hand_strength,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Strength:
    """What is known of every contender's chances at one spot."""

    equity: dict[int, Estimate] | None
    ehs: dict[int, HandStrength]
    made: dict[int, str]
    #: Why nothing could be computed (a failure inside the analysis, shown to the user).
    problem: str | None = None


def spot_of(variant: str, state: Snapshot) -> Spot:
    return Spot(variant, state.hole_cards, state.folded, state.board)


def compute(spot: Spot) -> Strength:
    """Equity, and EHS or the made hand, for each contender (seconds at most)."""
    players = contenders(spot.folded)
    family = FAMILIES.get(spot.variant)
    made: dict[int, str] = {}
    if family is not None and family.kind == "draw":
        made = {player: hand for player in players if (hand := made_hand(spot, player))}
    ehs = {player: found for player in players if (found := hand_strength(spot, player)) is not None}
    return Strength(equity(spot), ehs, made)


def made_hand(spot: Spot, player: int) -> str | None:
    """A draw-game player's current hand, judged by PokerKit, in a player's
    words: ``3-card badugi 7-4-2`` (badugi), ``8-6 low`` or ``one pair
    (7-7-4-3-2)`` (deuce-to-seven, where the lowest hand wins)."""
    cards = spot.holes[player]
    if not all_known(cards):
        return None
    from pokerkit import BadugiHand, Card, StandardLowHand

    badugi = spot.variant == "FB"
    try:
        hand = (BadugiHand if badugi else StandardLowHand).from_game(list(Card.parse("".join(cards))))
    except ValueError:
        return None
    order = "23456789TJQKA" if not badugi else "A23456789TJQK"
    ranks = sorted((card.rank.value for card in hand.cards), key=order.index, reverse=True)
    if badugi:
        return f"{len(ranks)}-card badugi {'-'.join(ranks)}"
    label = str(hand.entry.label.value).lower()
    if label == "high card":
        return f"{'-'.join(ranks[:2])} low"
    return f"{label} ({'-'.join(ranks)})"


class _Cache:
    """Computed spots (the last few thousand), and those waiting for the
    background thread: newest first, the oldest dropped beyond
    :attr:`PENDING` (what the user looked at last matters; a spot dropped
    is computed again when looked at again)."""

    LIMIT = 4096
    PENDING = 32

    def __init__(self) -> None:
        self._done: OrderedDict[Spot, Strength] = OrderedDict()
        self._pending: OrderedDict[Spot, None] = OrderedDict()
        self._ready = threading.Condition()
        self._worker: threading.Thread | None = None
        #: Called (from the worker thread) each time a spot is computed.
        self.listeners: list[Callable[[], None]] = []

    def get(self, spot: Spot, wait: bool) -> Strength | None:
        with self._ready:
            found = self._done.get(spot)
            if found is not None:
                self._done.move_to_end(spot)
                return found
        if wait:
            return self._store(spot, compute(spot))
        with self._ready:
            self._pending[spot] = None
            self._pending.move_to_end(spot)
            while len(self._pending) > self.PENDING:
                self._pending.popitem(last=False)
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="phh-strength", daemon=True)
                self._worker.start()
            self._ready.notify()
        return None

    def drop_pending(self) -> None:
        with self._ready:
            self._pending.clear()

    def _store(self, spot: Spot, found: Strength) -> Strength:
        with self._ready:
            self._done[spot] = found
            self._pending.pop(spot, None)
            while len(self._done) > self.LIMIT:
                self._done.popitem(last=False)
        return found

    def _work(self) -> None:
        while True:
            with self._ready:
                while not self._pending:
                    self._ready.wait()
                spot, _ = self._pending.popitem(last=True)
            try:
                found = compute(spot)
            except Exception as error:
                log.exception("computing equity failed for %s", spot)
                found = Strength(None, {}, {}, problem=f"{type(error).__name__}: {error}")
            self._store(spot, found)
            for listener in self.listeners:
                listener()


_cache = _Cache()


def strength_of(spot: Spot, wait: bool = False) -> Strength | None:
    """The spot's strength if known (or ``wait``-ed for); None while it is computed."""
    return _cache.get(spot, wait)


def prefetch(variant: str, states: Iterable[Snapshot]) -> None:
    """Start computing these spots (the rest of a hand being hovered), so
    that moving along its actions finds the numbers ready."""
    for state in states:
        if worth_showing(variant, state):
            strength_of(spot_of(variant, state))


#: Documents with at most this many hands get their strengths computed as soon as
#: they are checked (a 1,000-hand file only for the hands hovered).
PREFETCH_HANDS = 3


def prefetch_document(analysis: Analysis) -> None:
    """Start computing every spot of a small document's hands, so that the
    first hover already finds the numbers (called after its first check)."""
    if len(analysis.pieces) > PREFETCH_HANDS:
        return
    try:
        for index in range(len(analysis.pieces)):
            hand = analysis.view(index).hand
            if hand.report.variant is not None and hand.replay is not None:
                prefetch(hand.report.variant, hand.replay.snapshots.values())
    except Exception:  # a hover of the hand would show the same failure, as a diagnostic does
        log.exception("preparing the hand's strengths failed")


def drop_pending() -> None:
    """Forget the spots not yet started (the server is stopping; a test is done)."""
    _cache.drop_pending()


def when_computed(listener: Callable[[], None]) -> None:
    """Call ``listener`` (from the worker thread) whenever a spot's numbers
    are ready: the server asks the editor to fetch its inlay hints again."""
    _cache.listeners.append(listener)


def estimate_text(estimate: Estimate, percent: bool) -> str:
    """``41.7 %`` or ``0.48``, with ``±0.6`` when sampled."""
    if percent:
        value, margin, digits = estimate.value * 100, estimate.margin * 100, 1
        unit = " %"
    else:
        value, margin, digits, unit = estimate.value, estimate.margin, 2, ""
    text = f"{value:.{digits}f}{unit}"
    if not estimate.exact:
        text += f" ±{max(margin, 10**-digits):.{digits}f}"
    return text


def worth_showing(variant: str, state: Snapshot) -> bool:
    """Whether a strength line means anything here: the hand goes on, two or
    more players are in it, and someone's cards are known."""
    if not state.in_progress or variant not in FAMILIES:
        return False
    players = contenders(state.folded)
    return len(players) >= 2 and any(all_known(state.hole_cards[index]) for index in players)


def strength_lines(variant: str, state: Snapshot, wait: bool = False) -> list[str]:
    """One line per contender whose cards are known, shaped like
    ``p1 KdQd · equity 41.7 % · EHS 0.48 (HS 0.39, PPOT 0.21, NPOT 0.12)``,
    then a note where a number cannot be given; empty when nothing applies,
    a single line while the numbers are computed."""
    if not worth_showing(variant, state):
        return []
    spot = spot_of(variant, state)
    found = strength_of(spot, wait)
    if found is None:
        return ["equity and hand strength are being computed: hover again in a moment"]
    if found.problem is not None:
        return [f"equity could not be computed (an error in phh-lsp, please report it): {found.problem}"]
    lines = []
    for player in contenders(spot.folded):
        cards = spot.holes[player]
        if not all_known(cards):
            continue
        parts = [f"p{player + 1} {''.join(cards)}"]
        if found.equity is not None:
            parts.append(f"equity {estimate_text(found.equity[player], percent=True)}")
        strength = found.ehs.get(player)
        if strength is not None:
            parts.append(
                f"EHS {estimate_text(strength.ehs, False)} (HS {estimate_text(strength.hs, False)}, "
                f"PPOT {estimate_text(strength.ppot, False)}, NPOT {estimate_text(strength.npot, False)})"
            )
        if player in found.made:
            parts.append(found.made[player])
        if len(parts) > 1:  # the cards alone say nothing the state table does not
            lines.append(" · ".join(parts))
    if FAMILIES[variant].kind == "draw":
        lines.append(DRAW_NOTE)
    elif found.equity is None:
        unknown = [f"p{p + 1}" for p in contenders(spot.folded) if not all_known(spot.holes[p])]
        if unknown:
            lines.append(f"no equity until every player's cards are known ({', '.join(unknown)} not known)")
    return lines


def all_in(state: Snapshot) -> bool:
    """Whether the chips are all in: two or more players left, at most one
    of them with chips behind, nobody to act, and the hand not over."""
    players = contenders(state.folded)
    return (
        state.in_progress
        and state.actor is None
        and len(players) >= 2
        and sum(1 for p in players if state.stacks[p] > 0) <= 1
    )


def all_in_label(variant: str, state: Snapshot) -> str | None:
    """``equity p1 16.3 % · p3 83.7 %`` for an all-in spot whose numbers are
    ready (else None, and they are computed meanwhile)."""
    if not worth_showing(variant, state):
        return None
    found = strength_of(spot_of(variant, state))
    if found is None or found.equity is None:
        return None
    shares = " · ".join(f"p{player + 1} {estimate_text(value, True)}" for player, value in found.equity.items())
    return f"equity {shares}"
