"""Whole enumerations for the two-card high games (FT, NT, NS), on the rank tables.

An exact flop EHS compares one hand with every opponent hand on every
run-out: a million hands, seconds of Python ranked one at a time. But on a
given board a hand without a flush ranks by its two cards' ranks alone
(their sum of :data:`~fast_ranks.RANK_DIGIT`), and 1,081 opponent hands
hold at most 91 rank pairs. So :class:`Hands` counts the opponents of
each rank pair once, looks each pair up once per run-out in the remembered
table (:class:`~fast_ranks.HighRanks`), and corrects the few hands that
differ: those holding a card of the run-out (they cannot be dealt) and
those that make a flush on this board. The counts equal ranking every
hand with the table's ``__call__``, which the differential tests hold to
PokerKit's hand types; ``tests/core/test_equity.py`` holds the result to
the seed's pseudocode.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from phh_lsp.core.strength.fast_ranks import FLUSH_SUIT, RANK_DIGIT, SUIT_DIGIT, HighRanks, RankKey

#: The outcomes counted for our hand against each opponent hand.
AHEAD, TIED, BEHIND = 0, 1, 2

Hand = tuple[int, int]
NONE: Counter[int] = Counter()


def _outcome(ours: RankKey, theirs: RankKey) -> int:
    return AHEAD if ours > theirs else TIED if ours == theirs else BEHIND


class Hands:
    """A set of opponent hands of two cards, kept as the counts need them."""

    def __init__(self, hands: Sequence[Hand]) -> None:
        self.hands = set(hands)
        #: how many hands hold each rank pair (keyed by their rank-count sum)
        self.pairs = Counter(RANK_DIGIT[a] + RANK_DIGIT[b] for a, b in hands)
        #: by card: the rank pairs of the hands holding it, counted
        self.holding: dict[int, Counter[int]] = {}
        #: by suit: the hands with one card of it, and with two, with their rank
        #: pair and their rank mask in the suit (the hands that may make a flush)
        self.one: list[list[tuple[Hand, int, int]]] = [[] for _ in range(4)]
        self.two: list[list[tuple[Hand, int, int]]] = [[] for _ in range(4)]
        for a, b in hands:
            key = RANK_DIGIT[a] + RANK_DIGIT[b]
            for card in (a, b):
                self.holding.setdefault(card, Counter())[key] += 1
            if a & 3 == b & 3:
                self.two[a & 3].append(((a, b), key, 1 << (a >> 2) | 1 << (b >> 2)))
            else:
                self.one[a & 3].append(((a, b), key, 1 << (a >> 2)))
                self.one[b & 3].append(((a, b), key, 1 << (b >> 2)))

    def tally(self, table: HighRanks, ours: RankKey, board: Sequence[int], dealt: Sequence[int]) -> list[int]:
        """How many of these hands ``ours`` is ahead of, tied with and behind
        on this board (five cards), leaving out those holding a ``dealt`` card."""
        counts = [0, 0, 0]
        if not self.hands:
            return counts
        key = suits = 0
        for card in board:
            key += RANK_DIGIT[card]
            suits += SUIT_DIGIT[card]
        plain = table.plain
        for pair, many in self.pairs.items():
            counts[_outcome(ours, plain[key + pair])] += many
        for card in dealt:  # the hands holding a run-out card were never dealt
            for pair, many in self.holding.get(card, NONE).items():
                counts[_outcome(ours, plain[key + pair])] -= many
        if len(dealt) == 2 and (tuple(sorted(dealt)) in self.hands):
            a, b = sorted(dealt)
            counts[_outcome(ours, plain[key + RANK_DIGIT[a] + RANK_DIGIT[b]])] += 1  # taken out twice
        for suit in range(4):
            held = suits >> 3 * suit & 7
            if held >= 5:
                return self._every_flush(table, ours, board, dealt, suit)
            if held < 3:
                continue
            mask = sum(1 << (card >> 2) for card in board if card & 3 == suit)
            flushes = table.flushes
            for hand, pair, own in self.two[suit] + self.one[suit] if held == 4 else self.two[suit]:
                if hand[0] not in dealt and hand[1] not in dealt:
                    counts[_outcome(ours, plain[key + pair])] -= 1
                    counts[_outcome(ours, flushes[mask | own])] += 1
        return counts

    def _every_flush(
        self, table: HighRanks, ours: RankKey, board: Sequence[int], dealt: Sequence[int], suit: int
    ) -> list[int]:
        """The tally on a board of five cards of one suit: every hand plays a flush."""
        mask = sum(1 << (card >> 2) for card in board if card & 3 == suit)
        counts = [0, 0, 0]
        for hand in self.hands:
            if hand[0] not in dealt and hand[1] not in dealt:
                own = sum(1 << (card >> 2) for card in hand if card & 3 == suit)
                counts[_outcome(ours, table.flushes[mask | own])] += 1
        return counts


def strength_counts(
    table: HighRanks, hole: Sequence[int], board: Sequence[int], deck: Sequence[int]
) -> tuple[list[int], list[list[int]]]:
    """Exact HS and potential counts for one hand: how many opponent hands it
    is ahead of, tied with and behind now, and HP[now][later] over every
    (opponent hand, run-out) pair (:data:`AHEAD`, :data:`TIED`, :data:`BEHIND`)."""
    ours_now = table((*hole, *board))
    groups: list[list[Hand]] = [[], [], []]
    for hand in combinations(deck, 2):
        groups[_outcome(ours_now, table((*hand, *board)))].append(hand)
    now = [len(group) for group in groups]
    hp = [[0, 0, 0] for _ in range(3)]
    if len(board) == 5:
        return now, hp
    opponents = [Hands(group) for group in groups]
    for more in combinations(deck, 5 - len(board)):
        final = (*board, *more)
        ours = table((*hole, *final))
        for state, group in enumerate(opponents):
            for later, count in enumerate(group.tally(table, ours, final, more)):
                hp[state][later] += count
    return now, hp


class Showdown:
    """Each player's share of the pot on one run-out of these hands and board:
    the board's and each hand's digit sums are added once, so a run-out costs
    its own cards' digits and one table look-up per player."""

    def __init__(self, table: HighRanks, holes: Sequence[Sequence[int]], board: Sequence[int]) -> None:
        self.table = table
        self.cards = [(*hole, *board) for hole in holes]
        self.keys = [sum(RANK_DIGIT[card] for card in cards) for cards in self.cards]
        self.suits = [sum(SUIT_DIGIT[card] for card in cards) for cards in self.cards]
        self.splits: dict[tuple[int, ...], list[float]] = {}

    def __call__(self, rest: Sequence[int]) -> list[float]:
        key = suits = 0
        for card in rest:
            key += RANK_DIGIT[card]
            suits += SUIT_DIGIT[card]
        ranks = []
        for cards, own_key, own_suits in zip(self.cards, self.keys, self.suits, strict=True):
            suit = FLUSH_SUIT[suits + own_suits]
            if suit < 0:
                ranks.append(self.table.plain[key + own_key])
            else:
                mask = sum(1 << (card >> 2) for card in (*cards, *rest) if card & 3 == suit)
                ranks.append(self.table.flushes[mask])
        best = max(ranks)
        winners = tuple(index for index, rank in enumerate(ranks) if rank == best)
        split = self.splits.get(winners)
        if split is None:
            split = self.splits[winners] = [
                1 / len(winners) if index in winners else 0.0 for index in range(len(ranks))
            ]
        return split
