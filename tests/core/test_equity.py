"""Equity and EHS against independent computations.

The reference here counts with PokerKit's own hand types (or, for the
million-pair potentials, with a plain transcription of the seed's
pseudocode), by brute force, written apart from phh_lsp.core.strength.equity:
every variant family is compared, exact figures exactly and sampled ones
within their stated margin.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations
from typing import Any

import pytest
from pokerkit import (
    Card,
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    ShortDeckHoldemHand,
    StandardHighHand,
)

from phh_lsp.core.strength import equity as equity_module
from phh_lsp.core.strength import fast_ranks
from phh_lsp.core.strength.equity import Spot, equity, hand_strength

RANKS = "23456789TJQKA"
FULL = [rank + suit for rank in RANKS for suit in "cdhs"]
SHORT = [card for card in FULL if card[0] not in "2345"]


def cards(text: str) -> tuple[str, ...]:
    return tuple(text[i : i + 2] for i in range(0, len(text), 2))


def pk(hand_type: Any, hole: Sequence[str], board: Sequence[str]) -> Any:
    try:
        return hand_type.from_game(list(Card.parse("".join(hole))), list(Card.parse("".join(board))))
    except ValueError:
        return None


def split(hand_types: Sequence[Any], holes: Sequence[Sequence[str]], board: Sequence[str]) -> list[float]:
    """Brute force: each player's share of one showdown, by PokerKit."""
    shares = [0.0] * len(holes)
    pots = []
    for hand_type in hand_types:
        hands = [pk(hand_type, hole, board) for hole in holes]
        if any(hand is not None for hand in hands):
            pots.append(hands)
    for hands in pots:
        best = max(hand for hand in hands if hand is not None)
        winners = [i for i, hand in enumerate(hands) if hand is not None and hand == best]
        for i in winners:
            shares[i] += 1 / len(winners) / len(pots)
    return shares


def reference_board(
    hand_types: Sequence[Any], deck: Sequence[str], holes: Sequence[Sequence[str]], board: Sequence[str]
) -> list[float]:
    rest = [card for card in deck if card not in board and all(card not in hole for hole in holes)]
    totals, count = [0.0] * len(holes), 0
    for more in combinations(rest, 5 - len(board)):
        for i, share in enumerate(split(hand_types, holes, (*board, *more))):
            totals[i] += share
        count += 1
    return [total / count for total in totals]


BOARD_CASES = [
    ("NT", (StandardHighHand,), FULL, ["Ac2d", "7h6h", "KsKd"], "Jc3d5c4h"),
    ("NT", (StandardHighHand,), FULL, ["Ac2d", "7h6h"], "Jc3d5c"),
    ("FT", (StandardHighHand,), FULL, ["QhQd", "AsKs"], "2s7sTd"),
    ("NS", (ShortDeckHoldemHand,), SHORT, ["AhKh", "9c9d"], "6h7hTs9s"),
    ("PO", (OmahaHoldemHand,), FULL, ["AhAdKcQs", "JhTh9c8c"], "2h3h7cKd"),
    ("FO/8", (OmahaHoldemHand, OmahaEightOrBetterLowHand), FULL, ["As2sKdKc", "3h4hQcJd"], "7c8dTs5h"),
]


@pytest.mark.parametrize(("variant", "types", "deck", "holes", "board"), BOARD_CASES, ids=[c[0] for c in BOARD_CASES])
def test_board_games_exact(variant: str, types: Sequence[Any], deck: list[str], holes: list[str], board: str) -> None:
    spot = Spot(variant, tuple(cards(hole) for hole in holes), (False,) * len(holes), cards(board))
    found = equity(spot)
    assert found is not None
    expected = reference_board(types, deck, [cards(hole) for hole in holes], cards(board))
    assert all(estimate.exact for estimate in found.values())
    assert [round(found[i].value, 9) for i in range(len(holes))] == [round(value, 9) for value in expected]
    assert sum(estimate.value for estimate in found.values()) == pytest.approx(1.0)


def test_a_sampled_figure_lies_within_its_margin_of_the_exact_one(monkeypatch: pytest.MonkeyPatch) -> None:
    spot = Spot("NT", (cards("Ac2d"), cards("7h6h")), (False, False), cards("Jc3d5c"))
    exact = equity(spot)
    monkeypatch.setattr(equity_module, "BUDGET", 1000)
    sampled = equity(spot)
    assert exact is not None and sampled is not None
    for player, estimate in sampled.items():
        assert not estimate.exact and 0 < estimate.margin < 0.05
        assert abs(estimate.value - exact[player].value) <= estimate.margin


STUD_CASES = [
    ("F7S", (StandardHighHand,), ["AsAd7c2h9dJc", "KhKd5s5c8h3d"]),
    ("F7S/8", (StandardHighHand, EightOrBetterLowHand), ["As2d3c8h9dJc", "KhKd5s4c6h7d"]),
    ("FR", (RegularLowHand,), ["As2d3c8h9dJc", "KhQd5s4c6h7d"]),
]


@pytest.mark.parametrize(("variant", "types", "holes"), STUD_CASES, ids=[c[0] for c in STUD_CASES])
def test_stud_games_within_the_margin_of_every_seventh_card(
    variant: str, types: Sequence[Any], holes: list[str]
) -> None:
    """Six cards each, the seventh to come: the reference deals every
    ordered pair of the unseen cards."""
    known = [cards(hole) for hole in holes]
    spot = Spot(variant, tuple(known), (False, False), ())
    found = equity(spot)
    assert found is not None
    rest = [card for card in FULL if all(card not in hole for hole in known)]
    totals, count = [0.0, 0.0], 0
    for first, second in permutations(rest, 2):
        for i, share in enumerate(split(types, [(*known[0], first), (*known[1], second)], ())):
            totals[i] += share
        count += 1
    for player in (0, 1):
        assert not found[player].exact
        assert abs(found[player].value - totals[player] / count) <= found[player].margin


def test_unknown_and_folded_cards() -> None:
    # a folded player's unknown cards are ignored; a live player's make equity unknowable
    folded = Spot("NT", (cards("Ac2d"), ("??", "??"), cards("7h6h")), (False, True, False), cards("Jc3d5c"))
    alone = Spot("NT", (cards("Ac2d"), cards("7h6h")), (False, False), cards("Jc3d5c"))
    found, expected = equity(folded), equity(alone)
    assert found is not None and expected is not None
    assert [found[0], found[2]] == [expected[0], expected[1]]
    assert equity(Spot("NT", (cards("Ac2d"), ("??", "??")), (False, False), cards("Jc3d5c"))) is None
    # a folded player's known cards are out of the deck: the run-outs are the reference's without them
    dead = Spot("NT", (cards("Ac2d"), cards("4c4d"), cards("7h6h")), (False, True, False), cards("Jc3d5c"))
    shown = equity(dead)
    assert shown is not None
    deck = [card for card in FULL if card not in ("4c", "4d")]
    reference = reference_board((StandardHighHand,), deck, [cards("Ac2d"), cards("7h6h")], cards("Jc3d5c"))
    assert shown[0].value == pytest.approx(reference[0]) and shown[2].value == pytest.approx(reference[1])


def test_draw_games_have_no_equity() -> None:
    spot = Spot("FB", (cards("As2d3c4h"), cards("KhKd5s5c")), (False, False), ())
    assert equity(spot) is None and hand_strength(spot, 0) is None


def seed_ehs(hole: Sequence[str], board: Sequence[str]) -> tuple[float, float, float]:
    """The seed's pseudocode as written (HandStrength, HandPotential), with
    HPTotal counted per (opponent hand, run-out) pair, over fast ranks."""

    def rank(hand: Sequence[str], shown: Sequence[str]) -> int:
        numbers = [fast_ranks.card_number(card) for card in (*hand, *shown)]
        return fast_ranks.standard_high([n for n in numbers if n is not None])

    deck = [card for card in FULL if card not in hole and card not in board]
    ahead = tied = behind = 0
    hp = {(a, b): 0 for a in "atb" for b in "atb"}
    total = {"a": 0, "t": 0, "b": 0}
    ours = rank(hole, board)
    for opp in combinations(deck, 2):
        theirs = rank(opp, board)
        index = "a" if ours > theirs else "t" if ours == theirs else "b"
        ahead, tied, behind = ahead + (index == "a"), tied + (index == "t"), behind + (index == "b")
        rest = [card for card in deck if card not in opp]
        for more in combinations(rest, 5 - len(board)):
            final = (*board, *more)
            our_best, opp_best = rank(hole, final), rank(opp, final)
            later = "a" if our_best > opp_best else "t" if our_best == opp_best else "b"
            hp[index, later] += 1
            total[index] += 1
    hs = (ahead + tied / 2) / (ahead + tied + behind)
    ppot = (hp["b", "a"] + hp["b", "t"] / 2 + hp["t", "a"] / 2) / (total["b"] + total["t"])
    npot = (hp["a", "b"] + hp["t", "b"] / 2 + hp["a", "t"] / 2) / (total["a"] + total["t"])
    return hs, ppot, npot


def test_ehs_on_the_turn_is_the_seeds_exactly() -> None:
    hole, board = cards("Ac2d"), cards("Jc3d5c4h")
    found = hand_strength(Spot("NT", (hole,), (False,), board), 0)
    assert found is not None and found.hs.exact and found.ppot.exact and found.npot.exact
    hs, ppot, npot = seed_ehs(hole, board)
    assert (found.hs.value, found.ppot.value, found.npot.value) == pytest.approx((hs, ppot, npot))
    assert found.ehs.value == pytest.approx(hs * (1 - npot) + (1 - hs) * ppot)


def test_hs_on_the_river_by_pokerkit_and_no_potential_left() -> None:
    hole, board = cards("KdQd"), cards("Kc7h2s9dJs")
    found = hand_strength(Spot("NT", (hole,), (False,), board), 0)
    assert found is not None
    ours = pk(StandardHighHand, hole, board)
    deck = [card for card in FULL if card not in hole and card not in board]
    theirs = [pk(StandardHighHand, opponent, board) for opponent in combinations(deck, 2)]
    outcomes = [(ours > their) + (ours == their) / 2 for their in theirs]
    assert found.hs.value == pytest.approx(sum(outcomes) / len(outcomes))
    assert (found.ppot.value, found.npot.value, found.ehs.value) == (0.0, 0.0, found.hs.value)


@pytest.mark.parametrize(("hole", "board"), [("Ac2d", "Jc3d5c"), ("Kh2c", "2h7h9h")], ids=["two-tone", "monotone"])
def test_ehs_on_the_flop_is_the_seeds_exactly(hole: str, board: str) -> None:
    """A million (opponent hand, run-out) pairs on the flop, counted exactly
    (the monotone flop deals boards of four and five hearts, where hands
    with one heart and with none make flushes too)."""
    found = hand_strength(Spot("NT", (cards(hole),), (False,), cards(board)), 0)
    assert found is not None and found.hs.exact and found.ppot.exact and found.npot.exact
    hs, ppot, npot = seed_ehs(cards(hole), cards(board))
    assert (found.hs.value, found.ppot.value, found.npot.value) == pytest.approx((hs, ppot, npot))
