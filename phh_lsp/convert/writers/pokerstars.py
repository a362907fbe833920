"""A PHH hand written as PokerStars hand-history text, as the PHH paper's Figure 3 shows one.

Why: trackers and replayers (and every tool that reads PokerStars) then
open PHH datasets, and :mod:`phh_lsp.convert.sites.pokerstars` reads the
text back to the same hand. PokerKit replays the hand (the product's one
replay, :func:`phh_lsp.core.engine.replay.replay`); the text is PokerKit's
record of it, operation by operation, in PokerStars' words: the posts, the
hole cards, each bet with its ``raises X to Y``, an uncalled bet where
PokerKit hands it back, the shows of the showdown, what each pot paid.

What PokerStars always writes and a PHH may lack is written so that a
reader of PokerStars still reads it, never as Figure 3's ``?`` (no
tracker, and not our reader, reads ``Hand #?????`` or ``2009/??/??``):
the hand number from ``hand``, else a number derived from the hand's text
(the same text, the same number, so trackers that drop a hand they already
have never drop a different one); the date and time from their fields,
what is missing as ``1970``, ``01``, ``01`` and ``0:00:00``; the table
``?``. What PokerStars only sometimes writes (a time zone, a currency) is
left out when the PHH does not say it. The rake is what the pots paid less
``winnings`` (what the players collected, after the rake), 0 without them
(or when they do not match the pots: a note says so).
"""

from __future__ import annotations

import datetime
import hashlib
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final

from phh_lsp.convert.reader import CURRENCIES
from phh_lsp.core.engine.replay import replay
from phh_lsp.core.engine.state_view import cards_text
from phh_lsp.core.fixes.toml_write import render
from phh_lsp.core.hand_info import field_value
from phh_lsp.core.rules.codes import Severity

if TYPE_CHECKING:
    from pokerkit import State

    from phh_lsp.core.hand_analysis import HandAnalysis

#: The PHH variants written, by the game's name in a PokerStars header.
GAMES: Final = {
    "NT": "Hold'em No Limit",
    "FT": "Hold'em Limit",
    "PO": "Omaha Pot Limit",
    "FO/8": "Omaha Hi/Lo Limit",
}
#: The PHH variants PokerStars deals whose text is not written yet.
NOT_YET: Final = {
    "NS": "6+ Hold'em No Limit",
    "F7S": "7 Card Stud Limit",
    "F7S/8": "7 Card Stud Hi/Lo Limit",
    "FR": "Razz Limit",
    "F2L3D": "Triple Draw 2-7 Lowball Limit",
    "N2L1D": "Single Draw 2-7 Lowball No Limit",
    "FB": "Badugi Limit",
}
_LIMIT: Final = ("FT", "FO/8")
#: The street a board dealing opens, by the board's size after it.
_STREETS: Final = {3: "FLOP", 4: "TURN", 5: "RIVER"}


class NotExpressible(ValueError):
    """Why a hand is not written as PokerStars text, in a user's words."""


def write_hand(hand: HandAnalysis) -> tuple[str, list[str]]:
    """The hand as PokerStars text (lines ending with a newline), and where
    it says otherwise than the PHH; raises :class:`NotExpressible` for a
    hand PokerStars text cannot say."""
    variant = hand.report.variant or ""
    if variant not in GAMES:
        raise NotExpressible(
            f"PokerStars text for {NOT_YET.get(variant, variant or 'this variant')} is not written yet"
        )
    errors = [found for found in hand.diagnostics if found.severity == Severity.ERROR]
    setup = hand.report.setup
    if errors or setup is None:
        why = f": {errors[0].code} {errors[0].message}" if errors else ""
        raise NotExpressible(f"the hand has errors (`phh-lsp check` says where){why}")
    result, state = replay(setup, hand.actions, record=False)
    if state is None or result.stopped_at is not None or state.status:
        raise NotExpressible("the hand's actions stop before its end: PokerStars writes finished hands")
    count = setup.player_count
    stacks: list[Any] = list(setup.fields["starting_stacks"])
    for index, stack in enumerate(stacks):
        if not Decimal(stack).is_finite():
            raise NotExpressible(f"p{index + 1}'s starting stack is unknown (`inf`): PokerStars writes every stack")
    table = _Table(hand, count)
    play = _Play(hand, table, state, stacks)
    lines = [_header(hand, variant, table), *table.seat_lines(stacks), *play.lines()]
    return "\n".join(lines) + "\n", play.notes


class _Table:
    """The players' names, seats, and the amounts as PokerStars prints them."""

    def __init__(self, hand: HandAnalysis, count: int) -> None:
        players = field_value(hand, "players")
        names = [str(name) for name in players] if isinstance(players, list) and len(players) == count else []
        self.names = names if names and all(names) else [f"p{index + 1}" for index in range(count)]
        if len(set(self.names)) < count:
            raise NotExpressible("two players have the same name: PokerStars tells players by name")
        seats = field_value(hand, "seats")
        self.seats = [int(seat) for seat in seats] if isinstance(seats, list) and len(seats) == count else []
        self.seats = self.seats or list(range(1, count + 1))
        if len(set(self.seats)) < count or _round_from_button(self.seats) != self.seats:
            raise NotExpressible(
                f"the seats {self.seats} do not go round the table from the seat after the button "
                f"(seat {self.seats[-1]}, the last player's), as PokerStars lists the players"
            )
        currency = field_value(hand, "currency")
        symbol = field_value(hand, "currency_symbol")
        by_code = {code: sign for sign, code in CURRENCIES.items()}
        self.symbol = str(symbol) if isinstance(symbol, str) else by_code.get(str(currency), "")
        self.currency = str(currency) if isinstance(currency, str) else None

    def money(self, amount: Any) -> str:
        """An amount as PokerStars prints it: the currency's symbol, then the
        number by the product's one value writer, as the PHH writes it (the
        cents of ``0.50`` stay), a whole amount as a whole number (``$1``, not
        the ``$1.0`` a sum of ``0.5``s would print)."""
        whole = isinstance(amount, Decimal) and amount.is_finite() and amount == amount.to_integral_value()
        return self.symbol + render(int(amount) if whole else amount)

    def seat_lines(self, stacks: list[Any]) -> list[str]:
        order = sorted(range(len(self.seats)), key=lambda index: self.seats[index])
        return [f"Seat {self.seats[i]}: {self.names[i]} ({self.money(stacks[i])} in chips)" for i in order]


def _round_from_button(seats: list[int]) -> list[int]:
    """The seats in the order a PokerStars reader lists the players: from
    the first seat after the button (the last player's) round to the button."""
    ordered = sorted(seats)
    first = next((index for index, seat in enumerate(ordered) if seat > seats[-1]), 0)
    return ordered[first:] + ordered[:first]


def _header(hand: HandAnalysis, variant: str, table: _Table) -> str:
    """The hand's first two lines: number, game, stakes, date and time; the
    table, its size and the button's seat."""
    if variant in _LIMIT:
        small, big = field_value(hand, "small_bet"), field_value(hand, "big_bet")
    else:
        blinds = field_value(hand, "blinds_or_straddles") or [0]
        big = field_value(hand, "min_bet")
        small = blinds[0] if blinds[0] > 0 else big
    currency = f" {table.currency}" if table.currency else ""
    stakes = f"{table.money(small)}/{table.money(big)}{currency}"
    name = field_value(hand, "table")
    size = max([*table.seats, _int(field_value(hand, "seat_count"), 0)])
    return (
        f"PokerStars Hand #{_hand_number(hand)}: {GAMES[variant]} ({stakes}) - {_when(hand)}\n"
        f"Table '{'?' if name is None else name}' {size}-max Seat #{table.seats[-1]} is the button"
    )


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _hand_number(hand: HandAnalysis) -> str:
    """``hand`` when it is a number, else twelve digits derived from the hand's text."""
    number = field_value(hand, "hand")
    if (isinstance(number, int) and number >= 0) or (isinstance(number, str) and number.isdigit()):
        return str(number)
    return str(int(hashlib.sha256(hand.text.encode()).hexdigest(), 16) % 10**12).zfill(12)


def _when(hand: HandAnalysis) -> str:
    """``2009/01/01 0:00:00`` and the time zone when known: the date and time
    fields, what is missing as 1970, 01, 01 and midnight."""
    year = _int(field_value(hand, "year"), 1970)
    month = _int(field_value(hand, "month"), 1)
    day = _int(field_value(hand, "day"), 1)
    time = field_value(hand, "time")
    clock = time if isinstance(time, datetime.time) else datetime.time()
    zone = field_value(hand, "time_zone_abbreviation")
    where = f" {zone}" if isinstance(zone, str) and zone.isalpha() else ""
    return f"{year}/{month:02}/{day:02} {clock.hour}:{clock.minute:02}:{clock.second:02}{where}"


class _Play:
    """PokerKit's record of the hand, operation by operation, as PokerStars lines."""

    def __init__(self, hand: HandAnalysis, table: _Table, state: State, stacks: list[Any]) -> None:
        self.hand = hand
        self.table = table
        self.state = state
        self.count = len(stacks)
        self.stacks = list(stacks)
        self.behind = list(stacks)  # the stacks after the posts, for "and is all-in"
        self.bets: list[Any] = [0] * self.count
        self.board: list[str] = []
        self.folded = 0
        self.dealt = False  # whether the hole cards are dealt: the antes are collected before
        #: What each player collected, PokerStars' way: the pots PokerKit pushed
        #: them, and the matched part of a bet PokerKit hands back whole when
        #: everyone folds to it (PokerStars returns only the unmatched part).
        self.collected: list[Any] = [0] * self.count
        self.out: list[str] = []
        #: What the text says otherwise than the PHH (``winnings`` that do not add up).
        self.notes: list[str] = []
        self.rake: Any = 0
        self.shows: dict[str, str] = {}

    def lines(self) -> list[str]:
        operations = self.state.operations
        self._posts(operations)
        self.out.append("*** HOLE CARDS ***")
        for index, cards in self._dealt(operations).items():
            self.out.append(f"Dealt to {self.table.names[index]} [{' '.join(cards)}]")
        for operation in operations:
            self._operation(type(operation).__name__, operation)
        uncontested = self.count - self.folded == 1
        if self.shows and not uncontested:
            self.out += ["*** SHOW DOWN ***", *self.shows.values()]
        self._collected()
        if uncontested:  # a winner who shows anyway does after collecting, as PokerStars writes it
            self.out += self.shows.values()
        self._summary()
        return self.out

    def _posts(self, operations: Any) -> None:
        blinds = self.hand.report.setup.fields["blinds_or_straddles"] if self.hand.report.setup else []
        for operation in operations:
            kind = type(operation).__name__
            if kind == "AntePosting":
                self._post(operation.player_index, "the ante", operation.amount)
            elif kind == "BlindOrStraddlePosting":
                index = operation.player_index
                entry = 1 - index if self.count == 2 else index  # heads up, PokerKit swaps the blinds
                if entry > 2 and blinds[entry] > 0 and not all(blind > 0 for blind in blinds[2:entry]):
                    raise NotExpressible(f"p{index + 1} straddles after a seat that does not: PokerStars text cannot")
                label = "straddle" if entry >= 2 else ("small blind" if entry == 0 else "big blind")
                self._post(index, "big blind" if blinds[entry] < 0 else label, operation.amount)

    def _post(self, index: int, what: str, amount: Any) -> None:
        self.behind[index] -= amount
        all_in = " and is all-in" if self.behind[index] == 0 else ""
        self.out.append(f"{self.table.names[index]}: posts {what} {self.table.money(amount)}{all_in}")

    def _dealt(self, operations: Any) -> dict[int, list[str]]:
        """Each player's hole cards where every one of them is known."""
        dealt: dict[int, list[str]] = {}
        for operation in operations:
            if type(operation).__name__ == "HoleDealing":
                dealt.setdefault(operation.player_index, []).extend(cards_text(operation.cards))
        return {index: cards for index, cards in sorted(dealt.items()) if "??" not in cards}

    def _operation(self, kind: str, operation: Any) -> None:
        """The operation's lines: each kind of PokerKit operation written has
        its method here, named after its class (``_Folding``); the others
        (burning a card, killing a hand, pulling the chips) say nothing."""
        handler = getattr(self, "_" + kind, None)
        if handler is not None:
            handler(operation)

    def _say(self, index: int, text: str, chips: bool = False) -> None:
        all_in = " and is all-in" if chips and self.stacks[index] == 0 else ""
        self.out.append(f"{self.table.names[index]}: {text}{all_in}")

    def _AntePosting(self, operation: Any) -> None:
        self._chips(operation.player_index, operation.amount)

    _BlindOrStraddlePosting = _AntePosting

    def _chips(self, index: int, amount: Any) -> None:
        self.bets[index] += amount
        self.stacks[index] -= amount

    def _HoleDealing(self, operation: Any) -> None:
        self.dealt = True

    def _Folding(self, operation: Any) -> None:
        self.folded += 1
        self._say(operation.player_index, "folds")

    def _CheckingOrCalling(self, operation: Any) -> None:
        index, amount = operation.player_index, operation.amount
        self._chips(index, amount)
        self._say(index, f"calls {self.table.money(amount)}" if amount else "checks", chips=True)

    def _CompletionBettingOrRaisingTo(self, operation: Any) -> None:
        index, to = operation.player_index, operation.amount
        top = max(self.bets)
        self._chips(index, to - self.bets[index])
        money = self.table.money
        self._say(index, f"raises {money(to - top)} to {money(to)}" if top else f"bets {money(to)}", chips=True)

    def _BetCollection(self, operation: Any) -> None:
        """Where PokerKit hands a bet back, PokerStars' ``Uncalled bet``: the
        part nobody matched (PokerKit hands the whole bet back when everyone
        folds to it; the matched part is then collected, as PokerStars says)."""
        for index, collected in enumerate(operation.bets):
            handed_back = self.bets[index] - collected
            if handed_back > 0 and not self.dealt:
                raise NotExpressible(
                    f"`ante_trimming_status` hands p{index + 1}'s ante back: PokerStars text has no such rule"
                )
            if handed_back > 0:
                matched = max(bet for other, bet in enumerate(self.bets) if other != index)
                uncalled = self.bets[index] - matched if self.count - self.folded == 1 else handed_back
                self.collected[index] += handed_back - uncalled
                self.stacks[index] += handed_back
                if uncalled > 0:
                    self.out.append(
                        f"Uncalled bet ({self.table.money(uncalled)}) returned to {self.table.names[index]}"
                    )
        self.bets = [0] * self.count

    def _BoardDealing(self, operation: Any) -> None:
        cards = list(cards_text(operation.cards))
        if "??" in cards:
            raise NotExpressible("a board card is unknown (`??`): PokerStars names every card it deals")
        before = self.board
        self.board = before + cards
        street = _STREETS.get(len(self.board))
        if street is None or (street == "FLOP") != (not before):
            raise NotExpressible("the board is dealt otherwise than a flop, a turn and a river")
        shown = f"[{' '.join(before)}] " if before else ""
        self.out.append(f"*** {street} *** {shown}[{' '.join(cards)}]")

    def _HoleCardsShowingOrMucking(self, operation: Any) -> None:
        cards = list(cards_text(operation.hole_cards))
        name = self.table.names[operation.player_index]
        # A player shows once in PokerStars text: what they show last (some
        # datasets show `????` again on each street of an all-in). Cards shown
        # but unknown are `??`, as in Figure 3: a muck would end an all-in early.
        self.shows[name] = f"{name}: shows [{' '.join(cards)}]" if cards else f"{name}: mucks hand"

    def _RunoutCountSelection(self, operation: Any) -> None:
        if operation.runout_count not in (None, 1):
            raise NotExpressible(f"the board is run {operation.runout_count} times: not written yet")

    def _ChipsPushing(self, operation: Any) -> None:
        for index, amount in enumerate(operation.amounts):
            self.collected[index] += amount

    def _collected(self) -> None:
        """Who collected what, and the rake. What each
        collected is ``winnings`` (after the rake) where they agree with the
        pots PokerKit pays (nobody paid more than the pots gave them, nobody
        paid nothing the pots gave something), the rake their difference; else
        the pots PokerKit pays, no rake, and a note says why."""
        pot = sum(self.collected)
        paid = self.collected
        winnings = field_value(self.hand, "winnings")
        if isinstance(winnings, list) and len(winnings) == self.count:
            if all(0 < won <= pays or won == pays == 0 for won, pays in zip(winnings, paid, strict=True)):
                paid = winnings
            else:
                self.notes.append(
                    f"`winnings` {render(tuple(winnings))} do not match the pots PokerKit pays "
                    f"{render(tuple(paid))}: the pots are written as PokerKit pays them"
                )
        money = self.table.money
        self.out += [
            f"{name} collected {money(amount)} from pot"
            for name, amount in zip(self.table.names, paid, strict=True)
            if amount
        ]
        self.rake = pot - sum(paid)

    def _summary(self) -> None:
        """The pot, the rake and the board."""
        money = self.table.money
        self.out += ["*** SUMMARY ***", f"Total pot {money(sum(self.collected))} | Rake {money(self.rake)}"]
        if self.board:
            self.out.append(f"Board [{' '.join(self.board)}]")
