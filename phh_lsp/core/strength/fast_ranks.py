"""Hand ranks fast enough to count equities: integers, higher is better.

PokerKit decides every showdown the product replays. Equity and hand
strength ask the same question hundreds of thousands of times per spot
(an exact flop EHS is a million evaluations), and PokerKit's
``StandardHighHand.from_game`` takes ~400 µs for seven cards here. These
functions compute a hand's key from bit masks and remember it by what
decides it (the rank counts; a flush's ranks; a low's ranks alone): a
spot meets a few thousand such keys among its million hands, so nearly
every evaluation is a sum and a dict look-up, about a microsecond.
``tests/core/test_fast_ranks.py`` holds each of them to PokerKit's own
hand types on random hands (the same order, ties included). Native
evaluators (eval7, phevaluator) were measured against them and not
taken: a compiled wheel would make the VS Code extension one package per
platform, and the enumerations (:mod:`holdem`) that count by rank pair
outrun even a native call per hand (``tests/benchmarks/bench_strength.py``).

A card is an integer ``rank * 4 + suit``, rank 0 for a deuce to 12 for
an ace (:func:`card_number`). A rank key is compared as an integer: the
category in the high bits, then the ranks that break ties. A low hand's
key is negated, so that higher is better for every kind of hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TypeVar

RANKS = "23456789TJQKA"
SUITS = "cdhs"

#: Categories of a high hand, lowest first.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

RankKey = int
Evaluator = Callable[[Sequence[int]], RankKey | None]


def card_number(text: str) -> int | None:
    """``"Ah"`` as a card number; None for an unknown card (``??``)."""
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        return None
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def card_text(number: int) -> str:
    return RANKS[number >> 2] + SUITS[number & 3]


def _straight_tops(wheel: int) -> list[int]:
    """For every 13-bit rank mask, the top rank of its highest straight, or
    -1. ``wheel``: the mask that also counts as a straight with the ace low
    (A-2-3-4-5, or A-6-7-8-9 in short deck), whose top is its highest
    non-ace rank."""
    tops = [-1] * 8192
    runs = [(0b11111 << low, low + 4) for low in range(9)]
    wheel_top = max(rank for rank in range(12) if wheel >> rank & 1)
    for mask in range(8192):
        for run, top in runs:
            if mask & run == run and top > tops[mask]:
                tops[mask] = top
        if tops[mask] < 0 and mask & wheel == wheel:
            tops[mask] = wheel_top
    return tops


_STRAIGHT = _straight_tops(0b1000000001111)
_SHORT_STRAIGHT = _straight_tops(0b1000011110000)


def _top_ranks(mask: int, count: int) -> int:
    """The ``count`` highest ranks of a mask, as 4-bit digits, highest first."""
    key = 0
    rank = 12
    while count and rank >= 0:
        if mask >> rank & 1:
            key = key << 4 | rank
            count -= 1
        rank -= 1
    return key


def _key(category: int, *ranks: int) -> RankKey:
    key = category
    for rank in ranks:
        key = key << 4 | rank
    return key << 4 * (5 - len(ranks))


def _kickers(counts: list[int], used: tuple[int, ...], count: int) -> list[int]:
    found: list[int] = []
    for rank in range(12, -1, -1):
        if counts[rank] and rank not in used:
            found.append(rank)
            if len(found) == count:
                break
    return found


def _plain_key(counts: list[int], straights: list[int], flush_beats_full_house: bool) -> RankKey:
    """The rank key of a hand without a flush, from how many cards of each rank it holds."""
    rank_mask = 0
    quads = trips = -1
    pairs: list[int] = []
    for rank in range(12, -1, -1):
        count = counts[rank]
        if count:
            rank_mask |= 1 << rank
        if count == 4:
            quads = rank
        elif count == 3:
            if trips < 0:
                trips = rank
            else:
                pairs.append(rank)  # a second three of a kind makes the full house's pair
        elif count == 2:
            pairs.append(rank)
    if quads >= 0:
        return _key(QUADS, quads, *_kickers(counts, (quads,), 1))
    if trips >= 0 and pairs:
        return _key(FLUSH if flush_beats_full_house else FULL_HOUSE, trips, max(pairs))
    top = straights[rank_mask]
    if top >= 0:
        return _key(STRAIGHT, top)
    if trips >= 0:
        return _key(TRIPS, trips, *_kickers(counts, (trips,), 2))
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        return _key(TWO_PAIR, high, low, *_kickers(counts, (high, low), 1))
    if pairs:
        return _key(PAIR, pairs[0], *_kickers(counts, (pairs[0],), 3))
    return HIGH_CARD << 20 | _top_ranks(rank_mask, 5)


def _flush_key(mask: int, straights: list[int], flush_beats_full_house: bool) -> RankKey:
    """The rank key of a flush, from the ranks of its suit (five or more)."""
    top = straights[mask]
    if top >= 0:
        return _key(STRAIGHT_FLUSH, top)
    return (FULL_HOUSE if flush_beats_full_house else FLUSH) << 20 | _top_ranks(mask, 5)


#: A card's digit in a rank-count key: three bits per rank, so that the sum
#: over a hand's cards says how many of each rank it holds (at most 7).
RANK_DIGIT = [1 << 3 * (card >> 2) for card in range(52)]
#: A card's digit in a suit-count key, likewise three bits per suit.
SUIT_DIGIT = [1 << 3 * (card & 3) for card in range(52)]
#: For a suit-count key of at most seven cards: the suit holding five or more, or -1.
FLUSH_SUIT = [next((suit for suit in range(4) if key >> 3 * suit & 7 >= 5), -1) for key in range(1 << 12)]


def rank_counts(key: int) -> list[int]:
    """How many cards of each rank a rank-count key holds (deuce first)."""
    return [key >> 3 * rank & 7 for rank in range(13)]


Value = TypeVar("Value")


class Remembered(dict[int, Value]):
    """Rank keys by a hand's key (rank counts, or a flush's rank mask),
    computed on first use: a spot's enumeration meets a few thousand
    different keys among its million hands."""

    def __init__(self, compute: Callable[[int], Value]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: int) -> Value:
        value = self[key] = self.compute(key)
        return value


class HighRanks:
    """The best five-card high hand among five to seven cards, remembered by
    what decides it: a hand without a flush by its rank counts
    (:attr:`plain`, keyed by the sum of :data:`RANK_DIGIT`), a flush by its
    suit's ranks (:attr:`flushes`, keyed by the rank mask). Seven cards or
    fewer hold no full house or four of a kind beside a flush, so a flush's
    key is the hand's. Equity's enumerations use the two tables directly."""

    def __init__(self, straights: list[int], flush_beats_full_house: bool) -> None:
        self.plain: Remembered[RankKey] = Remembered(
            lambda key: _plain_key(rank_counts(key), straights, flush_beats_full_house)
        )
        self.flushes: Remembered[RankKey] = Remembered(lambda mask: _flush_key(mask, straights, flush_beats_full_house))

    def __call__(self, cards: Sequence[int]) -> RankKey:
        key = suits = 0
        for card in cards:
            key += RANK_DIGIT[card]
            suits += SUIT_DIGIT[card]
        suit = FLUSH_SUIT[suits]
        if suit < 0:
            found = self.plain[key]
        else:
            found = self.flushes[sum(1 << (card >> 2) for card in cards if card & 3 == suit)]
        return found


#: The best five-card high hand among five to seven cards (hold'em, stud).
standard_high = HighRanks(_STRAIGHT, flush_beats_full_house=False)
#: Short-deck (6+) hold'em: A-6-7-8-9 is a straight, a flush beats a full house.
short_deck_high = HighRanks(_SHORT_STRAIGHT, flush_beats_full_house=True)


class _LowRanks:
    """A low hand's key remembered by its rank counts: suits never count in a low."""

    def __init__(self, evaluate: Evaluator) -> None:
        self.evaluate = evaluate
        self.known: Remembered[RankKey | None] = Remembered(self._compute)

    def _compute(self, key: int) -> RankKey | None:
        counts = rank_counts(key)
        return self.evaluate([rank * 4 + copy for rank in range(13) for copy in range(counts[rank])])

    def __call__(self, cards: Sequence[int]) -> RankKey | None:
        key = 0
        for card in cards:
            key += RANK_DIGIT[card]
        return self.known[key]


def _ace_low(rank: int) -> int:
    """Rank values for ace-to-five lows: ace 0, deuce 1, ... king 12."""
    return 0 if rank == 12 else rank + 1


def _low_ranks(cards: Sequence[int]) -> list[int]:
    """The five ranks of the best ace-to-five low (pairs only when they
    must be used: lowest distinct ranks first, then second copies...)."""
    counts = [0] * 13
    for card in cards:
        counts[_ace_low(card >> 2)] += 1
    chosen: list[int] = []
    for copy in range(1, 5):
        for rank in range(13):
            if counts[rank] >= copy:
                chosen.append(rank)
                if len(chosen) == 5:
                    return chosen
    return chosen


def _regular_low(cards: Sequence[int]) -> RankKey:
    """Ace-to-five low (razz): straights and flushes do not count, pairs do."""
    ranks = _low_ranks(cards)
    counts = [0] * 13
    for rank in ranks:
        counts[rank] += 1
    # As a high hand of these ranks without straights or flushes; the lowest wins.
    groups = sorted(((counts[rank], rank) for rank in set(ranks)), reverse=True)
    shape = tuple(count for count, _ in groups)
    category = {
        (1, 1, 1, 1, 1): HIGH_CARD,
        (2, 1, 1, 1): PAIR,
        (2, 2, 1): TWO_PAIR,
        (3, 1, 1): TRIPS,
        (3, 2): FULL_HOUSE,
        (4, 1): QUADS,
    }[shape]
    return -_key(category, *(rank for _, rank in groups))


def _eight_or_better_low(cards: Sequence[int]) -> RankKey | None:
    """Ace-to-five low with five different ranks of eight or lower, or None
    (no low qualifies: the high hand takes the whole pot)."""
    mask = 0
    for card in cards:
        rank = _ace_low(card >> 2)
        if rank <= 7:
            mask |= 1 << rank
    ranks = [rank for rank in range(8) if mask >> rank & 1][:5]
    if len(ranks) < 5:
        return None
    return -_key(HIGH_CARD, *reversed(ranks))


#: Ace-to-five low (razz).
regular_low = _LowRanks(_regular_low)
#: Ace-to-five low of five different ranks of eight or lower, or None.
eight_or_better_low = _LowRanks(_eight_or_better_low)


def omaha(evaluate: Evaluator, hole: Sequence[int], board: Sequence[int]) -> RankKey | None:
    """The best hand of exactly two hole cards and three board cards."""
    if isinstance(evaluate, HighRanks):
        return _omaha_high(evaluate, hole, board)
    best: RankKey | None = None
    for pair in combinations(hole, 2):
        for three in combinations(board, 3):
            key = evaluate((*pair, *three))
            if key is not None and (best is None or key > best):
                best = key
    return best


def _parts(cards: Sequence[int], size: int) -> list[tuple[int, int, int]]:
    """Each ``size`` of the cards as (rank-count sum, their one suit or -1, rank mask)."""
    found = []
    for chosen in combinations(cards, size):
        suits = {card & 3 for card in chosen}
        found.append(
            (
                sum(RANK_DIGIT[card] for card in chosen),
                suits.pop() if len(suits) == 1 else -1,
                sum(1 << (card >> 2) for card in chosen),
            )
        )
    return found


def _omaha_high(table: HighRanks, hole: Sequence[int], board: Sequence[int]) -> RankKey:
    """:func:`omaha` for a high hand, on the table's parts: five cards are a
    flush only when the two and the three are all of one suit."""
    plain, flushes = table.plain, table.flushes
    best = -1
    threes = _parts(board, 3)
    for pair_key, pair_suit, pair_mask in _parts(hole, 2):
        for three_key, three_suit, three_mask in threes:
            if pair_suit >= 0 and pair_suit == three_suit:
                key = flushes[pair_mask | three_mask]
            else:
                key = plain[pair_key + three_key]
            if key > best:
                best = key
    return best
