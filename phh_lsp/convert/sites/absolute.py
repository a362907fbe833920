"""Absolute Poker hand histories read into :class:`SiteHand`, line by line.

Absolute Poker (and UltimateBet, on the same Cereus software) writes a hand
as ``Stage #...`` followed by ``Seat N - name (chips)`` lines, actions as
``name - Raises $0.50 to $0.75`` and a summary with the rake. Its ways that
matter for PHH:

- ``Calls``, ``Bets`` and ``All-In`` give the chips added by the line;
  ``Raises`` and ``All-In(Raise)`` give the chips added *and* the street
  total (``Raises $3.50 to $4``), and the two are held against each other;
- a no-limit or pot-limit game's stakes are its big blind alone
  (``No Limit $1``); a limit game's are the small and big bet
  (``Normal $0.25/$0.50``);
- a ten is written ``10h``; PHH wants ``Th``;
- a player coming in posts ``Posts $1`` (a live big blind out of
  position) or ``Posts $1 dead $0.50`` (the small blind is dead money);
  a big blind posted all in is written ``All-In $1.91`` before the cards;
- an uncalled bet comes back as ``name - returned ($6) : not called``;
- the rake is split into ``Rake`` and ``Jackpot Rake``; both are taken
  from the pot, so both are the hand's rake.

Why not PokerKit's ``AbsolutePokerParser`` as it is: it reads no-limit
hold'em only and drops lines it does not know. Here every line of a hand
is understood, or known to say nothing about chips or cards (sitting out,
``Does not show``), or the hand is refused with that line's number.
Players are found by their seat names, longest first, so names with
dashes, spaces or any Unicode letters read as they were written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.reader import (
    CURRENCIES,
    drop_idle,
    longest_first,
    numbered,
    player_at,
    read_amount,
    read_date_time,
    read_each,
    seated,
)

SITE: Final = "Absolute Poker"

#: (game, limit) as the header writes them, lower case, to the PHH variant.
_GAMES: Final = {
    ("holdem", "no limit"): "NT",
    ("holdem", "normal"): "FT",
    ("omaha", "pot limit"): "PO",
    ("omaha hi/lo", "normal"): "FO/8",
}
_SUPPORTED: Final = "no-limit and fixed-limit hold'em, pot-limit Omaha and fixed-limit Omaha hi/lo"
_LIMIT_NAMES: Final = {"no limit": "no-limit", "pot limit": "pot-limit", "normal": "fixed-limit"}
_NUMBER: Final = r"[\d,]+(?:\.\d+)?"
_MONEY: Final = r"[$€£]?\s?(" + _NUMBER + r")"
_START: Final = re.compile(r"^Stage #C?\d+:", re.M)
_HAND_ID: Final = re.compile(r"Stage #(C?\d+)")
_HEADER: Final = re.compile(
    r"Stage #(?P<id>C?\d+):\s+(?:Tourney ID (?P<tournament>\d+)\s+)?"
    r"(?P<game>.+?)\s+(?P<kind>\(1 on 1\)\s+|(?:Single|Multi Normal|Multi) Tournament\s+)?"
    r"(?P<limit>No Limit|Pot Limit|Normal)\s+"
    r"(?P<symbol>[$€£]?)\s?(?P<first>" + _NUMBER + r")(?:/[$€£]?\s?(?P<second>" + _NUMBER + r"))?"
    r"(?:,\s+[$€£]?\s?" + _NUMBER + r" ante)?\s+(?:Turbo\s+)?(?:\(7-2\)\s+)?-\s+"
    r"(?P<date>\d{4}-\d{1,2}-\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?:\.\d+)?"
    r"(?:\s+\((?P<zone>[A-Za-z]+)\))?(?:\s+\[[^\]]*\])?\s*",
    re.I,
)
_ANY_GAME: Final = re.compile(r"Stage #C?\d+:\s+(?:Tourney ID \d+\s+)?(?P<game>.+?)\s+-\s+\d{4}-")
_TABLE: Final = re.compile(r"Table: (?P<table>.+?) \([^)]*\) Seat #(?P<button>\d+) is the (?:dead )?dealer")
_SEAT: Final = re.compile(r"Seat (?P<number>\d+) - (?P<name>.+) \((?P<chips>[$€£]?\s?" + _NUMBER + r") in chips\)")
#: What a player's line may say, after ``name - `` (a trailing note such as
#: ``(Timeout)`` or ``(Preselection)`` says how the action was taken, not what).
_NOTE: Final = r"(?: \((?:Timeout|Preselection|Disconnect(?:ed)?|Auto)\))?"
_POSTS: Final = (
    ("small_blind", re.compile(r"Posts small blind " + _MONEY)),
    ("big_blind", re.compile(r"Posts big blind " + _MONEY)),
    ("live_and_dead", re.compile(r"Posts " + _MONEY + r" dead " + _MONEY)),
    ("total_and_dead", re.compile(r"Posts dead " + _MONEY + r" dead " + _MONEY)),
    ("new_player", re.compile(r"Posts " + _MONEY)),
    ("ante", re.compile(r"Ante " + _MONEY)),
)
_ALL_IN: Final = re.compile(r"All-In " + _MONEY + _NOTE)
_ACTIONS: Final = (
    ("fold", re.compile(r"Folds" + _NOTE)),
    ("check", re.compile(r"Checks" + _NOTE)),
    ("call", re.compile(r"Calls " + _MONEY + _NOTE)),
    ("bet", re.compile(r"Bets " + _MONEY + _NOTE)),
    ("raise", re.compile(r"(?:Raises|All-In\(Raise\)) " + _MONEY + r" to " + _MONEY + _NOTE)),
    ("all_in", _ALL_IN),
)
_SHOWS: Final = re.compile(r"Shows \[(?P<cards>[^\]]*)\](?: \(.*\))?")
_MUCKS: Final = re.compile(r"Mucks(?: \[(?P<cards>[^\]]*)\])?")
_RETURNED: Final = re.compile(r"returned \(" + _MONEY + r"\) : not called")
_TIMED_OUT_ALL_IN: Final = re.compile(r"All-In \((?:Timeout|Disconnect(?:ed)?)\)")
#: What a player's line may say without moving chips or cards.
_SAYS_NOTHING: Final = re.compile(
    r"Does not show|sitout(?: \(.*\))?|Sits out|is sitting out|sitin|Sits in|Seat stand"
    r"|has (?:left|joined) the table.*|(?:is )?(?:dis)?connected|Returns|Chat: .*"
)
_DEALT: Final = re.compile(r"Dealt to (?P<rest>.+) \[(?P<cards>[^\]]*)\]")
_COLLECTS: Final = re.compile(r"Collects " + _MONEY + r" from (?P<pot>main pot|side pot(?:[ -]#?\d+)?|.+)")
_BOARD: Final = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]")
_TOTAL_POT: Final = re.compile(r"Total Pot\(" + _MONEY + r"\)(?P<rest>.*)")
_RAKE_PART: Final = re.compile(r"(?P<what>Rake|Jackpot Rake|72 Proposition Pot) \(" + _MONEY + r"\)")
_SUMMARY_SEAT: Final = re.compile(r"Seat (?P<number>\d+): .*")
_SUMMARY_CARDS: Final = re.compile(r"\[(?:Mucked\] \[)?(?P<cards>(?:10|[2-9TJQKA])[cdhs](?: (?:10|[2-9TJQKA])[cdhs])*)")
_CARD: Final = re.compile(r"(10|[2-9TJQKA])([cdhs])")


def is_absolute(text: str) -> bool:
    """Whether the text holds Absolute Poker hands (a line opening with
    ``Stage #`` and the hand's number)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from read_each(text, _START, _read_hand, _HAND_ID)


def _cards(raw: str, line: int) -> str:
    """Cards as PHH writes them: ``10h Kd`` becomes ``ThKd``."""
    cards = []
    for card in raw.split():
        found = _CARD.fullmatch(card)
        if found is None:
            raise ConversionError(f"`{card}` is not a card", line)
        cards.append(("T" if found[1] == "10" else found[1]) + found[2])
    return "".join(cards)


def _read_hand(lines: list[str], first_line: int) -> SiteHand:
    header = _HEADER.fullmatch(lines[0].strip())
    if header is None:
        raise ConversionError(_why_not_read(lines[0]), first_line)
    key = (header["game"].lower(), header["limit"].lower())
    if key not in _GAMES:
        game = f"{header['game']} ({_LIMIT_NAMES[key[1]]})"
        if key[0].startswith(("holdem", "omaha")):  # hold'em or Omaha of a betting PHH has no variant for
            why = f"PHH has no variant for {game} (Absolute Poker hands of {_SUPPORTED} are read)"
        else:
            why = f"{game} is not supported yet (Absolute Poker hands of {_SUPPORTED} are)"
        raise ConversionError(why, first_line)
    variant = _GAMES[key]
    stakes = _stakes(variant, header, first_line)
    if len(lines) < 2:
        raise ConversionError("the hand ends after its first line", first_line)
    table = _TABLE.fullmatch(lines[1].strip())
    if table is None:
        raise ConversionError("the second line does not name the table and the dealer's seat", first_line + 1)
    date, time = read_date_time(header["date"], header["time"], "-", first_line)
    symbol = header["symbol"] or None
    hand = SiteHand(
        site=SITE,
        first_line=first_line,
        hand_id=header["id"],
        variant=variant,
        seats=[],
        button=int(table["button"]),
        posts=[],
        events=[],
        stakes=stakes,
        table=table["table"],
        seat_count=2 if (header["kind"] or "").lower().startswith("(1 on 1)") else None,
        currency=CURRENCIES.get(symbol) if symbol else None,
        currency_symbol=symbol,
        date=date,
        time=time,
        time_zone_abbreviation=header["zone"],
        tournament=header["tournament"],
    )
    _Body(hand).read(lines, first_line)
    return hand


def _why_not_read(line: str) -> str:
    """The first line not read: a game of the site's not supported, or no header."""
    found = _ANY_GAME.match(line.strip())
    if found is not None and not re.search(r"\b(?:No Limit|Pot Limit|Normal)\b", found["game"], re.I):
        return f"{found['game']} is not supported yet (Absolute Poker hands of {_SUPPORTED} are)"
    if found is not None and not re.match(r"(?:Holdem|Omaha)\b", found["game"], re.I):
        game = re.split(r"\s+(?:\(1 on 1\)|No Limit|Pot Limit|Normal)", found["game"], flags=re.I)[0]
        return f"{game} is not supported yet (Absolute Poker hands of {_SUPPORTED} are)"
    return "the first line is not an Absolute Poker hand header this converter can read"


def _stakes(variant: str, header: re.Match[str], line: int) -> tuple[Decimal, Decimal]:
    """Small and big blind (no-limit, pot-limit: the header gives the big
    blind alone, or both) or small and big bet (limit: both, always)."""
    first = read_amount(header["first"], line)
    second = read_amount(header["second"], line) if header["second"] else None
    if variant in ("FT", "FO/8"):
        if second is None:
            raise ConversionError(
                "the limit game's stakes are one amount; the small and big bet are needed (`$0.25/$0.50`)", line
            )
        return first, second
    return (first, second) if second is not None else (first / 2, first)


@dataclass(slots=True)
class _Body:
    """The lines after the table: seats, posts, actions, the showdown and
    the summary, each understood or refused, and what each player has put
    in on the current street (to hold ``Raises $A to $B`` to itself)."""

    hand: SiteHand
    section: str = "seats"
    names: list[str] = field(default_factory=list)
    sitting_out: set[str] = field(default_factory=set)
    all_in_blinds: list[tuple[str, Decimal, int]] = field(default_factory=list)
    street: dict[str, Decimal] = field(default_factory=dict)

    def read(self, lines: list[str], first_line: int) -> None:
        for number, text in numbered(lines, first_line, 2):
            if text.startswith("*** "):
                self._section(text, number)
            elif self.section == "summary":
                self._summary_line(text, number)
            elif self.section == "seats" and (seat := _SEAT.fullmatch(text)):
                self._seat(seat, number)
            else:
                self._line(text, number)
        if self.section == "seats":
            self._blinds_all_in(first_line + len(lines) - 1)
        # A player waiting for the big blind is listed but not dealt in.
        drop_idle(self.hand, self.sitting_out)

    def _seat(self, seat: re.Match[str], number: int) -> None:
        chips = re.sub(r"^[$€£]\s?", "", seat["chips"])
        self.hand.seats.append(Seat(int(seat["number"]), seat["name"], read_amount(chips, number)))
        self.names = longest_first(self.hand.seats)

    def _section(self, text: str, number: int) -> None:
        """The section a ``*** ... ***`` line opens; a board is dealt there too."""
        if text == "*** POCKET CARDS ***":
            self._blinds_all_in(number)
            self.section = "actions"
        elif text == "*** SHOW DOWN ***":
            self._blinds_all_in(number)
            self.section = "showdown"
        elif text == "*** SUMMARY ***":
            self._blinds_all_in(number)
            self.section = "summary"
        elif board := _BOARD.fullmatch(text):
            if self.section == "seats":
                raise ConversionError("a board is dealt before the pocket cards", number)
            self.hand.events.append(Event("board", number, cards=_cards(board["cards"], number)))
            self.street = {}
        else:
            raise ConversionError(f"`{text}` is a street this converter does not know", number)

    def _line(self, text: str, number: int) -> None:
        if found := _DEALT.fullmatch(text):
            self.hand.known_cards[seated(found["rest"], self.names, number)] = _cards(found["cards"], number)
            return
        name = player_at(text, self.names, " - ")
        if name is None:
            collector = player_at(text, self.names, " Collects ")
            if collector is not None:
                self._collects(collector, text[len(collector) + 1 :], number)
                return
            raise ConversionError(f"`{text}` is not a line this converter understands", number)
        rest = text[len(name) + 3 :]
        if self.section == "seats":
            self._posting(name, rest, number)
        else:
            self._action(name, rest, number)

    def _posting(self, name: str, rest: str, number: int) -> None:
        """A line before the pocket cards: a blind, an ante, a dead blind,
        a blind posted all in, or a player sitting out."""
        for kind, pattern in _POSTS:
            if found := pattern.fullmatch(rest):
                self._post(name, kind, found, number)
                return
        if found := _ALL_IN.fullmatch(rest):  # a blind posted all in: which one is known at the cards
            self.all_in_blinds.append((name, read_amount(found[1], number), number))
            return
        if rest.startswith("sitout") or rest in ("Sits out", "is sitting out"):
            self.sitting_out.add(name)
            return
        if _SAYS_NOTHING.fullmatch(rest):
            return
        raise ConversionError(f"`{rest}` is not an Absolute Poker post (in `{name} - {rest}`)", number)

    def _post(self, name: str, kind: str, found: re.Match[str], number: int) -> None:
        amount = read_amount(found[1], number)
        if kind == "live_and_dead":  # ``Posts $1 dead $0.50``: a live big blind and dead money
            self._add_post(name, "big_blind", amount)
            self.hand.posts.append(Post(name, "dead", read_amount(found[2], number)))
        elif kind == "total_and_dead":  # ``Posts dead $40 dead $15``: $40 in all, $15 of it dead
            dead = read_amount(found[2], number)
            if dead >= amount:
                raise ConversionError(f"{name} posts {amount} with {dead} of it dead: nothing is live", number)
            self._add_post(name, "big_blind", amount - dead)
            self.hand.posts.append(Post(name, "dead", dead))
        elif kind == "new_player":  # ``Posts $0.50``: a new player's live big blind
            self._add_post(name, "big_blind", amount)
        elif kind == "ante":
            self.hand.posts.append(Post(name, "ante", amount))
        else:
            self._add_post(name, kind, amount)

    def _add_post(self, name: str, kind: str, amount: Decimal) -> None:
        self.hand.posts.append(Post(name, kind, amount))
        self.street[name] = self.street.get(name, Decimal(0)) + amount

    def _blinds_all_in(self, number: int) -> None:
        """A blind posted all in is the one the others did not post."""
        pending, self.all_in_blinds = self.all_in_blinds, []
        for name, amount, line in pending:
            kinds = {post.kind for post in self.hand.posts}
            if "small_blind" in kinds and "big_blind" not in kinds:
                full = self.hand.stakes[0]
                if self.hand.variant in ("FT", "FO/8") and amount < full:
                    raise ConversionError(
                        f"{name} posts the big blind all in for {amount}, short of the {full} blind; the next "
                        f"bets of a limit game are priced from the full blind, PokerKit prices them from {amount}",
                        line,
                    )
                self._add_post(name, "big_blind", amount)
            elif "big_blind" in kinds and "small_blind" not in kinds:
                self._add_post(name, "small_blind", amount)
            else:
                raise ConversionError(f"{name} posts all in, and it cannot be told which blind that is", line)

    def _action(self, name: str, rest: str, number: int) -> None:
        if self.section == "showdown" and self._showdown(name, rest, number):
            return
        for kind, pattern in _ACTIONS:
            if found := pattern.fullmatch(rest):
                self._chips(name, kind, found, number)
                return
        if found := _RETURNED.fullmatch(rest):
            amount = read_amount(found[1], number)
            self.hand.events.append(Event("returned", number, name, amount))
            self.street[name] = self.street.get(name, Decimal(0)) - amount
            return
        if _TIMED_OUT_ALL_IN.fullmatch(rest):
            raise ConversionError(
                f"{name} timed out and is played as all in without putting more chips in (Absolute Poker's "
                "disconnect protection); PHH has no action for a player who stays in without calling",
                number,
            )
        if any(pattern.fullmatch(rest) for _, pattern in _POSTS):
            raise ConversionError(f"{name} posts after the pocket cards are dealt", number)
        if _SAYS_NOTHING.fullmatch(rest):
            return
        raise ConversionError(f"`{rest}` is not an Absolute Poker action (in `{name} - {rest}`)", number)

    def _showdown(self, name: str, rest: str, number: int) -> bool:
        if found := _SHOWS.fullmatch(rest):
            cards = _cards(found["cards"], number)
            self.hand.known_cards[name] = cards
            self.hand.events.append(Event("show", number, name, cards=cards))
            return True
        if found := _MUCKS.fullmatch(rest):
            if found["cards"]:
                self.hand.known_cards.setdefault(name, _cards(found["cards"], number))
            self.hand.events.append(Event("muck", number, name))
            return True
        return False

    def _chips(self, name: str, kind: str, found: re.Match[str], number: int) -> None:
        """A fold, check, call, bet or raise, as the shared model has them."""
        events = self.hand.events
        put_in = self.street.get(name, Decimal(0))
        if kind in ("fold", "check"):
            events.append(Event(kind, number, name))
            return
        added = read_amount(found[1], number)
        if kind == "raise":
            total = read_amount(found[2], number)
            if put_in + added != total:
                raise ConversionError(
                    f"{name} raises {added} to {total}, but had {put_in} in on this street, "
                    f"so the raise would be to {put_in + added}",
                    number,
                )
            events.append(Event("raise_to", number, name, total))
        elif kind == "all_in":  # the chips added: a call, a bet or a raise, by what is to call
            highest = max(self.street.values(), default=Decimal(0))
            if put_in + added <= highest:
                events.append(Event("call", number, name, added))
            elif highest == 0:
                events.append(Event("bet", number, name, added))
            else:
                events.append(Event("raise_to", number, name, put_in + added))
        else:
            events.append(Event(kind, number, name, added))
        self.street[name] = put_in + added

    def _collects(self, name: str, rest: str, number: int) -> None:
        found = _COLLECTS.fullmatch(rest)
        if found is None:
            raise ConversionError(f"`{name} {rest}` is not a line this converter understands", number)
        if found["pot"].startswith(("main pot", "side pot")):
            self.hand.events.append(Event("collected", number, name, read_amount(found[1], number)))
        elif "proposition" in found["pot"]:
            raise ConversionError(
                f"{name} collects the 7-2 proposition pot, which the other players pay from outside the hand; "
                "PHH cannot hold it",
                number,
            )
        else:
            raise ConversionError(f"`{found['pot']}` is a pot this converter does not know", number)

    def _summary_line(self, text: str, number: int) -> None:
        if total := _TOTAL_POT.fullmatch(text):
            self.hand.rake = sum(
                (read_amount(part[2], number) for part in _RAKE_PART.finditer(total["rest"]) if "Rake" in part["what"]),
                Decimal(0),
            )
        elif seat := _SUMMARY_SEAT.fullmatch(text):
            cards = _SUMMARY_CARDS.search(text)
            name = next((s.name for s in self.hand.seats if s.number == int(seat["number"])), None)
            if cards is not None and name is not None:
                self.hand.known_cards.setdefault(name, _cards(cards["cards"], number))
