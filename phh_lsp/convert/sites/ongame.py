"""Ongame Network hand histories read into :class:`SiteHand`, line by line.

Why not PokerKit's ``OngameNetworkParser`` as it is: it reads no-limit
hold'em only, takes a raise's first figure (the chips added) for its
total, misses antes, dead blinds and side pots, and skips the lines it
does not know, so a typo silently changes the hand. Here every line of a
hand is either understood, or known to say nothing about the chips, or the
hand is refused with that line's number.

What Ongame leaves out, and is derived here so that the converted hand
can be held to the history: the uncalled part of a bet (the site never
writes it returned; its pots are already without it) and, when the
summary has no ``Rake taken`` line, the rake (the pots less what the
winners were given). The summary's final stack of every player is then
compared with what the hand's lines leave them, so a misread line or a
wrong derivation fails the hand instead of converting it wrongly.

Ongame writes an all-in over a bet no one left can call as a raise; the
rules engine takes it as the call it is (the rest comes back).

Ongame writes no show or muck lines: the cards of a showdown stand in the
summary's seat lines. A player who reached the showdown without cards
there mucked.

Players are found by their seat names, longest first, so names with
spaces, brackets or any Unicode letters read as they were written.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.reader import CURRENCIES, guarded, hands_at, id_on, longest_first, player_at, read_amount
from phh_lsp.core.rules.schema import STUD_VARIANTS

SITE: Final = "Ongame"

#: (betting structure, game) as the table line writes them, and the PHH variant.
_GAMES: Final = {
    ("NO_LIMIT", "TEXAS_HOLDEM"): "NT",
    ("LIMIT", "TEXAS_HOLDEM"): "FT",
    ("POT_LIMIT", "OMAHA_HI"): "PO",
    ("LIMIT", "OMAHA_HI_LO"): "FO/8",
    ("LIMIT", "SEVEN_CARD_STUD"): "F7S",
    ("LIMIT", "SEVEN_CARD_STUD_HI_LO"): "F7S/8",
    ("LIMIT", "RAZZ"): "FR",
}
_GAME_NAMES: Final = {
    "TEXAS_HOLDEM": "Hold'em",
    "OMAHA_HI": "Omaha",
    "OMAHA_HI_LO": "Omaha Hi/Lo",
    "SEVEN_CARD_STUD": "7 Card Stud",
    "SEVEN_CARD_STUD_HI_LO": "7 Card Stud Hi/Lo",
    "RAZZ": "Razz",
    "FIVE_CARD_DRAW": "5 Card Draw",
}
_LIMIT_NAMES: Final = {"NO_LIMIT": "No Limit", "POT_LIMIT": "Pot Limit", "LIMIT": "Limit"}
_SUPPORTED: Final = "Hold'em No Limit and Limit, Omaha Pot Limit, Omaha Hi/Lo Limit, 7 Card Stud, Stud Hi/Lo, Razz"
_MONTHS: Final = {
    name: number
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), start=1
    )
}

_AMOUNT: Final = r"[^\d\s()+-]?(\d[\d,]*(?:\.\d+)?)"
_START: Final = re.compile(r"^\*{5} History for hand ", re.M)
_HAND_ID: Final = re.compile(r"\*{5} History for hand ([\w-]+)")
_HEADER: Final = re.compile(r"\*{5} History for hand (?P<id>[\w-]+)(?: \(TOURNAMENT: (?P<tournament>.*)\))? \*{5}")
_TOURNAMENT_ID: Final = re.compile(r"(?:^|, )(?P<id>[A-Z]-\d[\d-]*)(?=,|$)")
_START_HAND: Final = re.compile(
    r"Start hand: \w{3} (?P<month>\w{3}) (?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<zone>\S+) (?P<year>\d{4})"
)
_TABLE: Final = re.compile(
    r"Table: (?P<table>.+?) *\[\d+\] \((?P<limit>[A-Z_]+) (?P<game>[A-Z_]+) "
    r"(?P<symbol>[^\d\s]?)(?P<small>[\d,.]+)/[^\d\s]?(?P<big>[\d,.]+), "
    r"(?:ante: [^,]*, )?(?P<money>[^,()]+)\)"
)
_BUTTON: Final = re.compile(r"Button: seat (?P<seat>\d+)")
_IN_ROUND: Final = re.compile(r"Players in round: (?P<count>\d+)(?: \((?P<max>\d+)\))?")
_SEAT: Final = re.compile(r"Seat (?P<number>\d+): (?P<name>.+) \(" + _AMOUNT + r"\)")
_BOARD: Final = re.compile(r"--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]")
_DEALT: Final = re.compile(r"Dealing to (?P<rest>.+)")
#: A stud street after the first: a new betting round, each player's new card on the lines after.
_STUD_STREET: Final = re.compile(r"Dealing (?:4th|5th|6th) street|Dealing river")
_ALL_IN: Final = re.compile(r" \[all in\]$")
_POSTS: Final = (
    ("small_blind", re.compile(r"posts small blind \(" + _AMOUNT + r"\)")),
    ("big_blind", re.compile(r"posts big blind \(" + _AMOUNT + r"\)")),
    ("dead", re.compile(r"posts dead blind \(" + _AMOUNT + r"\)")),
    ("ante", re.compile(r"posts ante \(?" + _AMOUNT + r"\)?")),
)
_ACTIONS: Final = (
    ("fold", re.compile(r"folds")),
    ("bring_in", re.compile(r"small bring in " + _AMOUNT)),
    ("bet", re.compile(r"big bring in " + _AMOUNT)),  # the lowest card completes at once
    ("check", re.compile(r"checks")),
    ("call", re.compile(r"calls " + _AMOUNT)),
    ("bet", re.compile(r"bets " + _AMOUNT)),
    ("raise_to", re.compile(r"raises " + _AMOUNT + r" to " + _AMOUNT)),
)
#: What a player's line may say without moving chips or cards.
_SAYS_NOTHING: Final = re.compile(
    r"sits out|is sitting out|has returned|is back|has timed out|is disconnected|is connected"
    r"|has (?:joined|left) the table|joins the table|leaves the table"
)
#: Lines of no consequence: the street separator, the cards being dealt, whose history it is.
_STRUCTURE: Final = re.compile(r"---|Dealing pocket cards|User: .*")
_POT: Final = re.compile(r"(?:Main pot|Side pot(?: \d+)?): " + _AMOUNT + r" won by (?P<winners>.+)")
_SHARE: Final = re.compile(r" \(" + _AMOUNT + r"(?: High| Low)?\)(?:, |$)")
_RAKE: Final = re.compile(r"Rake taken: " + _AMOUNT)
_SUMMARY_SEAT: Final = re.compile(r"Seat (?P<number>\d+): (?P<rest>.+)")
_SUMMARY_STACK: Final = re.compile(
    r" \(" + _AMOUNT + r"\)(?:, net: [+-]?" + _AMOUNT + r")?(?:, \[(?P<cards>[^\]]*)\](?: \(.*\))?)?"
)
_END: Final = re.compile(r"\*{5} End of hand \S+ \*{5}")


def is_ongame(text: str) -> bool:
    """Whether the text holds Ongame hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order.

    Lines that belong to no hand (before the first, or after a hand's end
    line) are reported as a failure of their own: a hand whose first line
    is garbled would otherwise vanish without a word.
    """
    starts = [match.start() for match in _START.finditer(text)]
    if (stray := _stray_line(text[: starts[0] if starts else len(text)], 1)) is not None:
        yield _stray(stray)
    for first_line, lines in hands_at(text, _START):
        reader = _Hand(lines, first_line)
        yield guarded(reader.read, first_line, id_on(_HAND_ID, lines[0]))
        if reader.after_end is not None and (stray := _stray_line(reader.after_end[1], reader.after_end[0])):
            yield _stray(stray)


def _stray_line(text: str, first_line: int) -> int | None:
    """The number of the first non-blank line of the text, if any."""
    for offset, line in enumerate(text.splitlines()):
        if line.strip():
            return first_line + offset
    return None


def _stray(number: int) -> ConversionError:
    why = "these lines are not part of any Ongame hand (a hand opens with `***** History for hand`)"
    return ConversionError(why, number)


def _cards(raw: str) -> str:
    return raw.replace(",", "").replace(" ", "")


@dataclass(slots=True)
class _Chips:
    """Where each player's chips went, line by line, to find what the site
    leaves out (an uncalled bet returned) and to check the summary."""

    put_in: dict[str, Decimal] = field(default_factory=dict)
    street: dict[str, Decimal] = field(default_factory=dict)
    #: What each player put in on the last street anyone bet on.
    last_bets: dict[str, Decimal] = field(default_factory=dict)
    #: The line each player last bet or raised on, for the returned chips.
    last_bet_line: dict[str, int] = field(default_factory=dict)

    def pay(self, name: str, amount: Decimal, live: bool) -> None:
        self.put_in[name] = self.put_in.get(name, Decimal(0)) + amount
        if live:
            self.street[name] = self.street.get(name, Decimal(0)) + amount
            self.last_bets = self.street


class _Hand:
    """One hand's lines read into a :class:`SiteHand`."""

    def __init__(self, lines: list[str], first_line: int) -> None:
        self.lines = lines
        self.first_line = first_line
        self.names: list[str] = []
        self.chips = _Chips()
        self.folded: set[str] = set()
        #: Players whose summary line shows no cards: a muck, if they reach the showdown.
        self.mucked: list[Event] = []
        self.streets: dict[str, str] = {}
        self.pots: list[Decimal] = []
        self.final: dict[str, tuple[Decimal, int]] = {}
        self.in_round: tuple[int, int] | None = None
        #: The line after the hand's end line and the text from there on.
        self.after_end: tuple[int, str] | None = None

    def read(self) -> SiteHand:
        hand = self._header()
        section = "seats"
        for offset, line in enumerate(self.lines[3:], start=3):
            number = self.first_line + offset
            text = line.strip()
            if not text:
                continue
            if _END.fullmatch(text):
                self.after_end = (number + 1, "\n".join(self.lines[offset + 1 :]))
                section = "ended"
                break
            section = self._line(hand, text, number, section)
        if section != "ended":
            raise ConversionError("the hand ends before its `***** End of hand` line (is the file cut short?)", number)
        self._finish(hand)
        if len(self.folded) < len(hand.seats) - 1:  # a showdown
            hand.events += [event for event in self.mucked if event.name not in self.folded]
        return hand

    def _header(self) -> SiteHand:
        first = self.first_line
        header = _HEADER.fullmatch(self.lines[0].strip())
        if header is None:
            raise ConversionError("the first line is not an Ongame hand header", first)
        if len(self.lines) < 4:
            raise ConversionError("the hand ends before its table and button lines", first)
        start = _START_HAND.fullmatch(self.lines[1].strip())
        if start is None:
            raise ConversionError("the second line does not say when the hand started (`Start hand: ...`)", first + 1)
        table = _TABLE.fullmatch(self.lines[2].strip())
        if table is None:
            raise ConversionError("the third line does not name the table, the game and the stakes", first + 2)
        variant = _GAMES.get((table["limit"], table["game"]))
        if variant is None:
            game = f"{_GAME_NAMES.get(table['game'], table['game'])} {_LIMIT_NAMES.get(table['limit'], table['limit'])}"
            raise ConversionError(f"PHH has no variant for {game} (Ongame hands of {_SUPPORTED} are read)", first + 2)
        button = next((found for line in self.lines[3:5] if (found := _BUTTON.fullmatch(line.strip()))), None)
        if button is None and variant not in STUD_VARIANTS:
            raise ConversionError("the hand does not say which seat has the button (`Button: seat ...`)", first + 3)
        real_money = table["money"] == "Real money"
        symbol = table["symbol"] or None
        tournament = header["tournament"]
        return SiteHand(
            site=SITE,
            first_line=first,
            hand_id=header["id"],
            variant=variant,
            seats=[],
            button=int(button["seat"]) if button else 0,  # stud has no button: its players in seat order
            posts=[],
            events=[],
            stakes=(read_amount(table["small"], first + 2), read_amount(table["big"], first + 2)),
            table=table["table"],
            currency=CURRENCIES.get(symbol or "") if real_money else None,
            currency_symbol=symbol if real_money else None,
            date=_date(start, first + 1),
            time=_time(start["time"], first + 1),
            time_zone_abbreviation=start["zone"],
            tournament=_tournament_id(tournament) if tournament is not None else None,
        )

    def _line(self, hand: SiteHand, text: str, number: int, section: str) -> str:
        """Reads one line of the given section; returns the section it leaves the hand in."""
        if text == "Summary:":
            if section != "actions":
                raise ConversionError("the summary comes before the cards are dealt", number)
            self._settle(hand, number)
            return "summary"
        if section == "summary":
            self._summary_line(hand, text, number)
            return section
        if text == "Dealing pocket cards":
            if section != "seats":
                raise ConversionError("the pocket cards are dealt twice", number)
            return "actions"
        if section == "seats" and self._seat_line(hand, text, number):
            return section
        if board := _BOARD.fullmatch(text):
            if section != "actions":
                raise ConversionError("a board is dealt before the pocket cards", number)
            self._board(hand, board["street"], _cards(board["cards"]), number)
            return section
        if _STUD_STREET.fullmatch(text) and hand.variant in STUD_VARIANTS:
            if section != "actions":
                raise ConversionError("a stud street is dealt before the pocket cards", number)
            hand.events.append(Event("street", number))
            self.chips.street = {}
            return section
        if _STRUCTURE.fullmatch(text):
            return section
        if dealt := _DEALT.fullmatch(text):
            self._dealt(hand, dealt["rest"], number)
            return section
        self._player_line(hand, text, number, section)
        return section

    def _seat_line(self, hand: SiteHand, text: str, number: int) -> bool:
        """The button, the count of players and the seats; False for other lines."""
        if _BUTTON.fullmatch(text):
            return True
        if found := _IN_ROUND.fullmatch(text):
            self.in_round = (int(found["count"]), number)
            if found["max"]:
                hand.seat_count = int(found["max"])
            return True
        seat = _SEAT.fullmatch(text)
        if seat is None or hand.posts:
            return False
        if any(other.number == int(seat["number"]) for other in hand.seats):
            raise ConversionError(f"seat {seat['number']} is listed twice", number)
        hand.seats.append(Seat(int(seat["number"]), seat["name"], read_amount(seat[3], number)))
        self.names = longest_first(hand.seats)
        return True

    def _board(self, hand: SiteHand, street: str, cards: str, number: int) -> None:
        """A street's cards; Ongame writes a street again when players are all in."""
        if street in self.streets:
            if self.streets[street] != cards:
                raise ConversionError(f"the {street} is dealt twice, with different cards", number)
            return
        expected = {"flop": 0, "turn": 1, "river": 2}[street]
        if len(self.streets) != expected:
            raise ConversionError(f"the {street} is dealt before the streets ahead of it", number)
        self.streets[street] = cards
        hand.events.append(Event("board", number, cards=cards))
        self.chips.street = {}

    def _dealt(self, hand: SiteHand, rest: str, number: int) -> None:
        name = player_at(rest, self.names, ": [")
        if name is None or not rest.endswith("]"):
            raise ConversionError(f"`Dealing to {rest}` names no player of this hand", number)
        cards = _cards(rest[len(name) + 3 : -1])
        if hand.variant in STUD_VARIANTS:  # a stud street's cards, `-` for those face down nobody saw
            hand.events.append(Event("deal", number, name, cards=cards.replace("-", "??")))
        else:
            hand.known_cards[name] = cards

    def _player_line(self, hand: SiteHand, text: str, number: int, section: str) -> None:
        name = player_at(text, self.names, " ")
        if name is None:
            raise ConversionError(f"`{text}` is not a line this converter understands", number)
        rest = _ALL_IN.sub("", text[len(name) + 1 :])
        for kind, pattern in _POSTS:
            if found := pattern.fullmatch(rest):
                if section != "seats":
                    raise ConversionError(f"{name} posts after the cards are dealt", number)
                amount = read_amount(found[1], number)
                hand.posts.append(Post(name, kind, amount))
                self.chips.pay(name, amount, live=kind in ("small_blind", "big_blind"))
                return
        for kind, pattern in _ACTIONS:
            if found := pattern.fullmatch(rest):
                if section != "actions":
                    raise ConversionError(f"{name} acts before the pocket cards are dealt", number)
                self._action(hand, name, kind, found, number)
                return
        if _SAYS_NOTHING.fullmatch(rest):
            return
        raise ConversionError(f"`{rest}` is not an Ongame action (in `{text}`)", number)

    def _action(self, hand: SiteHand, name: str, kind: str, found: re.Match[str], number: int) -> None:
        if kind in ("fold", "check"):
            if kind == "fold":
                self.folded.add(name)
            hand.events.append(Event(kind, number, name))
            return
        amount = read_amount(found[found.lastindex or 1], number)
        added = amount
        if kind == "raise_to":
            added = read_amount(found[1], number)
            before = self.chips.street.get(name, Decimal(0))
            if before + added != amount:
                raise ConversionError(
                    f"{name} raises {found[1]} to {found[2]}, but had {before} in on this street", number
                )
        if kind != "call" and self._covered(hand, name):
            kind, amount = "call", added  # all in over what anyone left can call: a call, the rest comes back
        self.chips.pay(name, added, live=True)
        if kind != "call":
            self.chips.last_bet_line[name] = number
        hand.events.append(Event(kind, number, name, amount))

    def _covered(self, hand: SiteHand, name: str) -> bool:
        """Whether a raise can only be a call: the raiser cannot cover the bet,
        or no one left in the hand has chips beyond it. Ongame writes such an
        all-in as a raise (its excess is never called); PokerKit, the rules
        engine, refuses it, and the chips are the same as a call's."""
        street = self.chips.street
        top = max(street.values(), default=Decimal(0))
        if top <= street.get(name, Decimal(0)):
            return False
        if self._behind(hand, name) <= top - street.get(name, Decimal(0)):
            return True
        others = (seat.name for seat in hand.seats if seat.name != name and seat.name not in self.folded)
        return all(self._behind(hand, other) + street.get(other, Decimal(0)) <= top for other in others)

    def _behind(self, hand: SiteHand, name: str) -> Decimal:
        """The chips a player has left before the line being read."""
        stack = next(seat.stack for seat in hand.seats if seat.name == name)
        return stack - self.chips.put_in.get(name, Decimal(0))

    def _settle(self, hand: SiteHand, number: int) -> None:
        """The uncalled part of the last bet, which Ongame does not write: the
        most anyone put in on the last street with bets, less the next most."""
        if self.in_round is not None and self.in_round[0] != len(hand.seats):
            count, line = self.in_round
            raise ConversionError(f"the hand says {count} players are in the round, but seats {len(hand.seats)}", line)
        bets = sorted(self.chips.last_bets.items(), key=lambda item: item[1], reverse=True)
        if not bets:
            return
        name, most = bets[0]
        next_most = bets[1][1] if len(bets) > 1 else Decimal(0)
        if most > next_most:
            line = self.chips.last_bet_line.get(name, number)
            hand.events.append(Event("returned", line, name, most - next_most))
            self.chips.put_in[name] -= most - next_most

    def _summary_line(self, hand: SiteHand, text: str, number: int) -> None:
        if pot := _POT.fullmatch(text):
            self.pots.append(read_amount(pot[1], number))
            self._winners(hand, pot["winners"], number)
        elif rake := _RAKE.fullmatch(text):
            hand.rake = read_amount(rake[1], number)
        elif seat := _SUMMARY_SEAT.fullmatch(text):
            self._summary_seat(hand, int(seat["number"]), seat["rest"], number)
        else:
            raise ConversionError(f"`{text}` is not a summary line this converter understands", number)

    def _winners(self, hand: SiteHand, winners: str, number: int) -> None:
        """``A ($1.20)`` or, for a split pot, ``A (125 High), B (125 Low)``."""
        rest = winners
        while rest:
            name = player_at(rest, self.names, " (")
            share = _SHARE.match(rest, len(name)) if name is not None else None
            if name is None or share is None:
                raise ConversionError(f"`{rest}` does not name a player of this hand and what they won", number)
            hand.events.append(Event("collected", number, name, read_amount(share[1], number)))
            rest = rest[share.end() :]

    def _summary_seat(self, hand: SiteHand, seat_number: int, rest: str, number: int) -> None:
        seat = next((seat for seat in hand.seats if seat.number == seat_number), None)
        found = _SUMMARY_STACK.fullmatch(rest, len(seat.name)) if seat and rest.startswith(seat.name) else None
        if seat is None or found is None:
            raise ConversionError(f"`Seat {seat_number}: {rest}` is not a player of this hand", number)
        self.final[seat.name] = (read_amount(found[1], number), number)
        if not found["cards"]:
            self.mucked.append(Event("muck", number, seat.name))
        else:
            cards = _cards(found["cards"])
            if hand.known_cards.setdefault(seat.name, cards) != cards:
                raise ConversionError(f"{seat.name} shows {cards}, but was dealt {hand.known_cards[seat.name]}", number)

    def _finish(self, hand: SiteHand) -> None:
        """The summary held to the hand's lines: every player's final stack,
        and the rake (derived from the pots when the summary has none)."""
        if not self.pots:
            raise ConversionError("the summary does not say who won the pot", self.first_line)
        collected = {seat.name: Decimal(0) for seat in hand.seats}
        for event in hand.events:
            if event.kind == "collected":
                collected[event.name] += event.amount
        if hand.rake is None:
            hand.rake = sum(self.pots, Decimal(0)) - sum(collected.values(), Decimal(0))
            if hand.rake < 0:
                raise ConversionError("the winners are given more than the pots hold", self.first_line)
        for seat in hand.seats:
            if seat.name not in self.final:
                raise ConversionError(f"the summary has no line for {seat.name}", self.first_line)
            stated, line = self.final[seat.name]
            implied = seat.stack - self.chips.put_in.get(seat.name, Decimal(0)) + collected[seat.name]
            if stated != implied:
                raise ConversionError(
                    f"the summary leaves {seat.name} with {stated}, but the hand's lines leave them {implied}", line
                )


def _date(start: re.Match[str], line: int) -> datetime.date:
    month = _MONTHS.get(start["month"])
    try:
        if month is None:
            raise ValueError(start["month"])
        return datetime.date(int(start["year"]), month, int(start["day"]))
    except ValueError:
        raise ConversionError(f"`{start['month']} {start['day']} {start['year']}` is not a date", line) from None


def _time(raw: str, line: int) -> datetime.time:
    try:
        return datetime.time.fromisoformat(raw.zfill(8))
    except ValueError:
        raise ConversionError(f"`{raw}` is not a time of day", line) from None


def _tournament_id(inside: str) -> str | None:
    """The tournament's id (``R-169-510``) from ``"Name", R-169-510, buy-in: €5``."""
    found = _TOURNAMENT_ID.search(inside)
    return found["id"] if found else None
