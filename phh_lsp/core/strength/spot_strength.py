"""Who is ahead at one spot of a hand: equity, EHS or the made hand, computed.

A spot is the cards alone (:class:`~phh_lsp.core.strength.equity.Spot`:
the variant, each player's hole cards, who folded, the board), so the
same spot in any hand of any document is the same question. Computing it
takes up to seconds (an exact flop EHS is a million evaluations), which is
why the editor asks :mod:`spot_cache` rather than calling :func:`compute`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from phh_lsp.core.engine.state_view import Snapshot
from phh_lsp.core.strength.equity import (
    FAMILIES,
    Estimate,
    HandStrength,
    Spot,
    all_known,
    contenders,
    equity,
    hand_strength,
)


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


def compute(spot: Spot, give_way: Callable[[], bool] = lambda: False) -> Strength | None:
    """Equity, and EHS or the made hand, for each contender (seconds at most).

    Computed in parts (the equity, then each player's EHS); between parts
    ``give_way()`` may say that a spot someone is waiting for has come, and
    this one is left (None) to be computed again later: a prefetched spot
    holds a hovered one back by one part at most, not by the whole spot."""
    players = contenders(spot.folded)
    family = FAMILIES.get(spot.variant)
    made: dict[int, str] = {}
    if family is not None and family.kind == "draw":
        made = {player: hand for player in players if (hand := made_hand(spot, player))}
    shares = equity(spot)
    ehs = {}
    for player in players:
        if give_way():
            return None
        found = hand_strength(spot, player)
        if found is not None:
            ehs[player] = found
    return Strength(shares, ehs, made)


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


def worth_showing(variant: str, state: Snapshot) -> bool:
    """Whether a strength line means anything here: the hand goes on, two or
    more players are in it, and someone's cards are known."""
    if not state.in_progress or variant not in FAMILIES:
        return False
    players = contenders(state.folded)
    return len(players) >= 2 and any(all_known(state.hole_cards[index]) for index in players)


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
