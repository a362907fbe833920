"""The fast hand ranks order hands exactly as PokerKit's hand types do.

Equity and EHS count with :mod:`phh_lsp.core.strength.fast_ranks`; PokerKit is the
rules engine. Random hands of every kind are ranked both ways and every
pair is compared: the same winner, the same ties, the same "no low".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
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

from phh_lsp.core.strength import fast_ranks
from phh_lsp.core.strength.fast_ranks import card_text

FULL = list(range(52))
SHORT = [card for card in FULL if card >> 2 >= 4]


def pokerkit_key(hand_type: Any, hole: Sequence[int], board: Sequence[int]) -> Any:
    try:
        return hand_type.from_game(
            list(Card.parse("".join(map(card_text, hole)))), list(Card.parse("".join(map(card_text, board))))
        )
    except ValueError:  # no qualifying low
        return None


def same_order(ours: list[Any], theirs: list[Any]) -> None:
    for i in range(len(ours)):
        for j in range(len(ours)):
            a, b = ours[i], ours[j]
            x, y = theirs[i], theirs[j]
            assert (a is None) == (x is None)
            if a is None or b is None:
                continue
            assert (a > b) == (x > y) and (a == b) == (x == y), (i, j)


CASES: list[tuple[str, Callable[..., Any], Any, list[int], int, int]] = [
    # name, ours(hole, board), PokerKit's hand type, deck, hole cards, board cards
    ("hold'em", lambda h, b: fast_ranks.standard_high((*h, *b)), StandardHighHand, FULL, 2, 5),
    ("five cards", lambda h, b: fast_ranks.standard_high((*h, *b)), StandardHighHand, FULL, 5, 0),
    ("short deck", lambda h, b: fast_ranks.short_deck_high((*h, *b)), ShortDeckHoldemHand, SHORT, 2, 5),
    ("razz", lambda h, b: fast_ranks.regular_low((*h, *b)), RegularLowHand, FULL, 7, 0),
    ("stud eight or better", lambda h, b: fast_ranks.eight_or_better_low((*h, *b)), EightOrBetterLowHand, FULL, 7, 0),
    (
        "omaha",
        lambda h, b: fast_ranks.omaha(fast_ranks.standard_high, h, b),
        OmahaHoldemHand,
        FULL,
        4,
        5,
    ),
    (
        "omaha eight or better",
        lambda h, b: fast_ranks.omaha(fast_ranks.eight_or_better_low, h, b),
        OmahaEightOrBetterLowHand,
        FULL,
        4,
        5,
    ),
]


@pytest.mark.parametrize(("name", "ours", "hand_type", "deck", "holes", "boards"), CASES, ids=[c[0] for c in CASES])
def test_the_same_order_as_pokerkit(
    name: str, ours: Callable[..., Any], hand_type: Any, deck: list[int], holes: int, boards: int
) -> None:
    rng = random.Random(name)
    for _ in range(15):
        board = rng.sample(deck, boards)
        rest = [card for card in deck if card not in board]
        # rich in pairs and flushes too: some hands from a small slice of the deck
        pool = rest if rng.random() < 0.5 else rng.sample(rest, holes + 6)
        hands = [rng.sample(pool, holes) for _ in range(12)]
        same_order([ours(hole, board) for hole in hands], [pokerkit_key(hand_type, hole, board) for hole in hands])


def test_named_hands() -> None:
    def high(text: str) -> int:
        numbers = [fast_ranks.card_number(text[i : i + 2]) for i in range(0, len(text), 2)]
        return fast_ranks.standard_high([n for n in numbers if n is not None])

    assert high("As2d3h4c5s") < high("2d3h4c5s6s")  # the wheel is the lowest straight
    assert high("AsKsQsJsTs9d8d") > high("9s9d9h9cKsQd2c")
    assert high("KsKdKh2c2d2h7c") == high("KsKdKh2c2d7d8h")  # three deuces give a pair only
    assert fast_ranks.card_number("??") is None
