"""Who is ahead, and by how much: equity and effective hand strength.

**Equity**: for the players still in the hand whose cards are all known,
the share of the pot each wins if the rest is dealt at random, as
PokerStove and Equilab compute it: split pots share, and in the
eight-or-better games half goes to the best qualifying low (the high
hand scoops when there is none). Board games deal the rest of the
board; stud games deal each player's missing up and down cards, the
cards seen so far removed. Draw games have no equity without knowing
how each player will draw: their current made hand is given instead.

**EHS** (Billings, Papp, Schaeffer, Szafron, "Opponent Modeling in Poker",
AAAI-98; ``../shared/spec/seeds/``, the EHS document), from the player's
own point of view (own cards and board only), against one random
opponent hand: HS the share of opponent hands it beats now (ties half),
PPOT the chance of ending ahead when behind now, NPOT of ending behind
when ahead now, and EHS = HS * (1 - NPOT) + (1 - HS) * PPOT. The seed's
pseudocode counts HP[now][later] over (opponent hand, run-out) pairs but
HPTotal over opponent hands only, so its PPOT is not a probability; here
HPTotal counts the same pairs, which is the paper's definition (see
docs/equity.md). Shown from the flop on, in the board games with one
winner per pot (the split-pot FO/8 ranks two hands at once).

Every number is exact when the enumeration fits :data:`BUDGET`
(evaluations of about a microsecond each), otherwise a Monte Carlo
estimate of :data:`SAMPLED` evaluations with a fixed seed (the same
answer every time) and its 95 % margin, never a bare sampled figure.
The EHS of a two-card high game (FT, NT, NS) is always exact: its million
pairs on the flop are tallied by rank pair (:mod:`holdem`). Hand ranks
come from :mod:`phh_lsp.core.strength.fast_ranks`, held to PokerKit's by a test.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from phh_lsp.core.strength import fast_ranks, holdem
from phh_lsp.core.strength.fast_ranks import Evaluator, RankKey, card_number
from phh_lsp.core.strength.holdem import AHEAD, BEHIND, TIED

#: How many hand evaluations (about a microsecond each) an exact figure may cost.
BUDGET = 250_000
#: How many evaluations a sampled figure costs (its margin shrinks with the root): a
#: heads-up pre-flop equity is 30,000 run-outs, ±0.6 points.
SAMPLED = 60_000
#: The 95 % margin of a sampled mean is this many standard errors.
Z95 = 1.96

FULL_DECK = tuple(range(52))
SHORT_DECK = tuple(card for card in FULL_DECK if card >> 2 >= 4)


@dataclass(frozen=True, slots=True)
class Family:
    """How a variant's cards are dealt and judged."""

    #: "board", "stud" or "draw".
    kind: str
    high: Evaluator | None = None
    low: Evaluator | None = None
    omaha: bool = False
    deck: tuple[int, ...] = FULL_DECK


FAMILIES: dict[str, Family] = {
    "FT": Family("board", fast_ranks.standard_high),
    "NT": Family("board", fast_ranks.standard_high),
    "NS": Family("board", fast_ranks.short_deck_high, deck=SHORT_DECK),
    "PO": Family("board", fast_ranks.standard_high, omaha=True),
    "FO/8": Family("board", fast_ranks.standard_high, fast_ranks.eight_or_better_low, omaha=True),
    "F7S": Family("stud", fast_ranks.standard_high),
    "F7S/8": Family("stud", fast_ranks.standard_high, fast_ranks.eight_or_better_low),
    "FR": Family("stud", None, fast_ranks.regular_low),
    "N2L1D": Family("draw"),
    "F2L3D": Family("draw"),
    "FB": Family("draw"),
}

DRAW_NOTE = "no equity in a draw game: it depends on how each player will draw; the current made hand is shown instead"


@dataclass(frozen=True, slots=True)
class Estimate:
    """A probability, exact (``margin`` 0) or sampled (its 95 % margin)."""

    value: float
    margin: float = 0.0

    @property
    def exact(self) -> bool:
        return self.margin == 0.0


@dataclass(frozen=True, slots=True)
class HandStrength:
    """The effective hand strength of one hand (see the module docstring)."""

    hs: Estimate
    ppot: Estimate
    npot: Estimate

    @property
    def ehs(self) -> Estimate:
        hs, ppot, npot = self.hs.value, self.ppot.value, self.npot.value
        value = hs * (1 - npot) + (1 - hs) * ppot
        # a bound on the margin from each term's (the three are not independent)
        margin = (1 - npot + ppot) * self.hs.margin + (1 - hs) * self.ppot.margin + hs * self.npot.margin
        return Estimate(value, margin)


@dataclass(frozen=True, slots=True)
class Spot:
    """What is known at one point of a hand: each player's cards (``??`` for
    an unknown one), who folded, and the board."""

    variant: str
    holes: tuple[tuple[str, ...], ...]
    folded: tuple[bool, ...]
    board: tuple[str, ...]


def _known(cards: Sequence[str]) -> list[int] | None:
    """The cards as numbers, or None if any is unknown."""
    numbers = [card_number(card) for card in cards]
    if not numbers or any(number is None for number in numbers):
        return None
    return [number for number in numbers if number is not None]


def contenders(folded: Sequence[bool]) -> list[int]:
    """The players still in the hand (indices), from who folded."""
    return [index for index, out in enumerate(folded) if not out]


def all_known(cards: Sequence[str]) -> bool:
    """Whether these are cards, every one of them known (not ``??``, not none)."""
    return _known(cards) is not None


def equity(spot: Spot) -> dict[int, Estimate] | None:
    """Each contender's share of the pot, or None when it cannot be told:
    a draw game, fewer than two players left, a player's cards unknown."""
    family = FAMILIES.get(spot.variant)
    players = contenders(spot.folded)
    if family is None or family.kind == "draw" or len(players) < 2:
        return None
    holes = [_known(spot.holes[index]) for index in players]
    board = _known(spot.board) if spot.board else []
    if any(hole is None for hole in holes) or board is None:
        return None
    known = [hole for hole in holes if hole is not None]
    seen = {card for hole in known for card in hole} | set(board)
    for index, hole_text in enumerate(spot.holes):  # a folded player's known cards are out of the deck
        if index not in players:
            seen |= {number for number in map(card_number, hole_text) if number is not None}
    deck = [card for card in family.deck if card not in seen]
    if family.kind == "board":
        shares = _board_equity(family, known, board, deck, _seed(spot))
    else:
        shares = _stud_equity(family, known, deck, _seed(spot))
    if shares is None:
        return None
    return dict(zip(players, shares, strict=True))


def _seed(spot: Spot) -> str:
    """The same spot always samples the same run-outs."""
    return f"{spot.variant}|{spot.holes}|{spot.board}|{spot.folded}"


def _showdown(family: Family, hands: Sequence[Sequence[int]], board: Sequence[int]) -> list[float]:
    """Each player's share of the pot when these are the final cards."""

    def keys(evaluate: Evaluator | None) -> list[RankKey | None] | None:
        if evaluate is None:
            return None
        if family.omaha:
            return [fast_ranks.omaha(evaluate, hand, board) for hand in hands]
        return [evaluate((*hand, *board)) for hand in hands]

    shares = [0.0] * len(hands)
    halves = [keys(family.high), keys(family.low)]
    awarded = [found for found in halves if found is not None and any(key is not None for key in found)]
    for found in awarded:
        best = max(key for key in found if key is not None)
        winners = [index for index, key in enumerate(found) if key == best]
        for index in winners:
            shares[index] += 1 / len(winners) / len(awarded)
    return shares


class _Mean:
    """Running means of each player's share, with their sampling margins."""

    def __init__(self, players: int) -> None:
        self.count = 0
        self.sums = [0.0] * players
        self.squares = [0.0] * players

    def add(self, shares: Sequence[float]) -> None:
        self.count += 1
        for index, share in enumerate(shares):
            self.sums[index] += share
            self.squares[index] += share * share

    def estimates(self, exact: bool) -> list[Estimate]:
        found = []
        for total, squares in zip(self.sums, self.squares, strict=True):
            mean = total / self.count
            if exact:
                found.append(Estimate(mean))
                continue
            variance = max(squares / self.count - mean * mean, 0.0)
            found.append(Estimate(mean, max(Z95 * math.sqrt(variance / self.count), 1e-9)))
        return found


def _cost(family: Family, players: int) -> int:
    """Evaluations one showdown costs."""
    per_hand = 60 if family.omaha else 1
    return per_hand * players * (2 if family.high and family.low else 1)


def _board_equity(
    family: Family, holes: list[list[int]], board: list[int], deck: list[int], seed: str
) -> list[Estimate] | None:
    need = 5 - len(board)
    if need < 0 or len(deck) < need:
        return None
    mean = _Mean(len(holes))
    cost = _cost(family, len(holes))
    showdown: Callable[[Sequence[int]], list[float]]
    if isinstance(family.high, fast_ranks.HighRanks) and not family.omaha and family.low is None:
        showdown = holdem.Showdown(family.high, holes, board)
    else:
        showdown = lambda rest: _showdown(family, holes, (*board, *rest))  # noqa: E731
    if math.comb(len(deck), need) * cost <= BUDGET:
        for rest in combinations(deck, need):
            mean.add(showdown(rest))
        return mean.estimates(exact=True)
    rng = random.Random(seed)
    for _ in range(max(SAMPLED // cost, 2000)):
        mean.add(showdown(rng.sample(deck, need)))
    return mean.estimates(exact=False)


def _stud_equity(family: Family, holes: list[list[int]], deck: list[int], seed: str) -> list[Estimate] | None:
    needs = [7 - len(hole) for hole in holes]
    if any(need < 0 for need in needs) or sum(needs) > len(deck):
        return None
    mean = _Mean(len(holes))
    if not any(needs):
        mean.add(_showdown(family, holes, ()))
        return mean.estimates(exact=True)
    rng = random.Random(seed)
    cost = _cost(family, len(holes))
    for _ in range(max(SAMPLED // cost, 2000)):
        dealt = rng.sample(deck, sum(needs))
        hands, at = [], 0
        for hole, need in zip(holes, needs, strict=True):
            hands.append((*hole, *dealt[at : at + need]))
            at += need
        mean.add(_showdown(family, hands, ()))
    return mean.estimates(exact=False)


def hand_strength(spot: Spot, player: int) -> HandStrength | None:
    """The EHS of one player's hand from the flop on, or None (a stud or
    draw game, a split-pot game, no flop yet, unknown cards)."""
    family = FAMILIES.get(spot.variant)
    if family is None or family.kind != "board" or family.low is not None or family.high is None:
        return None
    hole = _known(spot.holes[player])
    board = _known(spot.board) if spot.board else None
    if hole is None or board is None or not 3 <= len(board) <= 5:
        return None
    evaluate = family.high
    deck = [card for card in family.deck if card not in hole and card not in board]
    if isinstance(evaluate, fast_ranks.HighRanks) and not family.omaha:
        return _exact_strength(*holdem.strength_counts(evaluate, hole, board, deck))

    def rank(hand: Sequence[int], cards: Sequence[int]) -> RankKey:
        found = fast_ranks.omaha(evaluate, hand, cards)
        assert found is not None
        return found

    return _strength(rank, hole, board, deck, random.Random(f"ehs|{_seed(spot)}|{player}"), 60)


def _exact_strength(now: list[int], hp: list[list[int]]) -> HandStrength:
    """HS, PPOT and NPOT from whole counts (see the module docstring)."""
    hs = Estimate((now[AHEAD] + now[TIED] / 2) / sum(now))
    total = [sum(counts) for counts in hp]

    def potential(hits: float, cases: int) -> Estimate:
        return Estimate(hits / cases if cases else 0.0)

    ppot = potential(hp[BEHIND][AHEAD] + hp[BEHIND][TIED] / 2 + hp[TIED][AHEAD] / 2, total[BEHIND] + total[TIED])
    npot = potential(hp[AHEAD][BEHIND] + hp[TIED][BEHIND] / 2 + hp[AHEAD][TIED] / 2, total[AHEAD] + total[TIED])
    return HandStrength(hs, ppot, npot)


def _compare(ours: RankKey, theirs: RankKey) -> int:
    return AHEAD if ours > theirs else TIED if ours == theirs else BEHIND


def _strength(
    rank: Callable[[Sequence[int], Sequence[int]], RankKey],
    hole: list[int],
    board: list[int],
    deck: list[int],
    rng: random.Random,
    per_rank: int,
) -> HandStrength:
    size = len(hole)
    opponents_count = math.comb(len(deck), size)
    need = 5 - len(board)
    ours_now = rank(hole, board)
    exact_opponents = opponents_count * per_rank <= BUDGET
    opponents: Sequence[Sequence[int]]
    if exact_opponents:
        opponents = list(combinations(deck, size))
    else:
        opponents = [rng.sample(deck, size) for _ in range(max(SAMPLED // per_rank // 2, 500))]
    now = [0, 0, 0]
    states: list[tuple[Sequence[int], int]] = []
    for opponent in opponents:
        state = _compare(ours_now, rank(opponent, board))
        now[state] += 1
        states.append((opponent, state))
    hs_value = (now[AHEAD] + now[TIED] / 2) / len(opponents)
    hs = Estimate(hs_value, 0.0 if exact_opponents else _margin(hs_value, len(opponents)))
    if need == 0:
        return HandStrength(hs, Estimate(0.0), Estimate(0.0))
    # HP[now][later] over (opponent hand, run-out) pairs, and HPTotal over the same pairs
    hp = [[0, 0, 0] for _ in range(3)]
    total = [0, 0, 0]
    runouts = math.comb(len(deck) - size, need)
    exact_pairs = exact_opponents and len(opponents) * runouts * 2 * per_rank <= BUDGET
    if exact_pairs:
        # our final hand depends on the run-out only: ranked once each, not once per opponent
        ours_later = {more: rank(hole, (*board, *more)) for more in combinations(deck, need)}
        for opponent, state in states:
            rest = [card for card in deck if card not in opponent]
            for more in combinations(rest, need):  # in deck order: the keys of ours_later
                hp[state][_compare(ours_later[more], rank(opponent, (*board, *more)))] += 1
                total[state] += 1
    else:
        for _ in range(max(SAMPLED // per_rank // 3, 500)):
            dealt = rng.sample(deck, size + need)
            opponent, final = dealt[:size], (*board, *dealt[size:])
            state = _compare(ours_now, rank(opponent, board))
            hp[state][_compare(rank(hole, final), rank(opponent, final))] += 1
            total[state] += 1

    def potential(hits: float, cases: int) -> Estimate:
        value = hits / cases if cases else 0.0
        return Estimate(value, 0.0 if exact_pairs or not cases else _margin(value, cases))

    ppot = potential(hp[BEHIND][AHEAD] + hp[BEHIND][TIED] / 2 + hp[TIED][AHEAD] / 2, total[BEHIND] + total[TIED])
    npot = potential(hp[AHEAD][BEHIND] + hp[TIED][BEHIND] / 2 + hp[AHEAD][TIED] / 2, total[AHEAD] + total[TIED])
    return HandStrength(hs, ppot, npot)


def _margin(value: float, count: int) -> float:
    """The 95 % margin of a sampled proportion (never 0: a sample is not exact)."""
    return max(Z95 * math.sqrt(value * (1 - value) / count), 1e-9)
