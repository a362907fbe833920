"""Full Tilt Poker hand histories read into :class:`SiteHand`, line by line.

Why not PokerKit's ``FullTiltPokerParser`` as it is: it reads no-limit
hold'em only, drops lines it does not know (a typo such as ``cals``
silently disappears), has no antes, dead blinds, mucks or rake, and reads
no seat it cannot find an action for. Here every line of a hand is either
understood, or known to say nothing about the chips (chat, observers,
time-outs, players sitting down or adding chips for the next hand), or the
hand is refused with that line's number.

Full Tilt wrote two header layouts (``$0.50/$1 - No Limit Hold'em`` until
2012, ``NL Hold'em - $0.50/$1`` after), the button's seat only after the
blinds, ``and is all in`` without a hyphen, and sometimes no ``wins the
pot`` line at all: then what each player collected is taken from the
summary's ``collected ($41.80)``. Limit stakes are the small and big bet
(``$1/$2 - Limit Hold'em`` has blinds of $0.50 and $1). In a CAP game the
cap written in the header (``$400 Pot Limit Omaha Hi``) is the most a
player can put in, so it is the stack the hand is played with, as PokerKit
plays it.

Players are found by their seat names, longest first, so names with
spaces or any Unicode letters read as they were written.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.reader import (
    CURRENCIES,
    dealt_now,
    drop_idle,
    longest_first,
    numbered,
    player_at,
    read_each,
    seated,
)
from phh_lsp.core.rules.schema import DRAW_VARIANTS, STUD_VARIANTS

SITE: Final = "Full Tilt Poker"

_GAMES: Final = {
    "No Limit Hold'em": "NT",
    "NL Hold'em": "NT",
    "Limit Hold'em": "FT",
    "FL Hold'em": "FT",
    "Pot Limit Omaha Hi": "PO",
    "Pot Limit Omaha": "PO",
    "PL Omaha Hi": "PO",
    "PL Omaha": "PO",
    "Limit Omaha Hi/Lo": "FO/8",
    "Limit Omaha H/L": "FO/8",
    "FL Omaha Hi/Lo": "FO/8",
    "FL Omaha H/L": "FO/8",
    "Limit Stud Hi": "F7S",
    "FL Stud Hi": "F7S",
    "Limit Stud H/L": "F7S/8",
    "Limit Stud Hi/Lo": "F7S/8",
    "FL Stud H/L": "F7S/8",
    "FL Stud Hi/Lo": "F7S/8",
    "Limit Razz": "FR",
    "FL Razz": "FR",
    "Limit 2-7 Triple Draw": "F2L3D",
    "FL 2-7 Triple Draw": "F2L3D",
    "No Limit 2-7 Single Draw": "N2L1D",
    "NL 2-7 Single Draw": "N2L1D",
    "Limit Badugi": "FB",
    "FL Badugi": "FB",
}
_SUPPORTED: Final = (
    "no-limit hold'em, limit hold'em, pot-limit Omaha, limit Omaha hi/lo, stud, stud hi/lo, razz, "
    "2-7 triple draw, no-limit 2-7 single draw and badugi"
)
_NUMBER: Final = r"[$€£]?\d[\d,]*(?:\.\d+)?[KM]?"
_START: Final = re.compile(r"^\ufeff?Full ?Tilt ?Poker Game #", re.M)
_HAND_ID: Final = re.compile(r"\ufeff?Full ?Tilt ?Poker Game #(\d+)")
_HEADER: Final = re.compile(
    r"\ufeff?Full ?Tilt ?Poker Game #(?P<id>\d+): (?P<where>.+) - (?P<first>(?:(?! - ).)+) - (?P<second>(?:(?! - ).)+)"
    r" - (?P<time>\d{1,2}:\d{2}(?::\d{2})?) (?P<zone>[A-Za-z]+)"
    r" - (?P<date>\d{4}/\d{1,2}/\d{1,2}|[A-Z][a-z]{2}, [A-Z][a-z]+ \d{1,2}, \d{4})"
    r"(?: \[[^\]]*\])?(?P<partial> \(partial\))?"
)
_STAKES: Final = re.compile(
    r"(?P<symbol>[$€£]?)(?P<small>\d[\d,.]*[KM]?)/[$€£]?(?P<big>\d[\d,.]*[KM]?)(?: Ante " + _NUMBER + ")?"
)
_GAME: Final = re.compile(
    r"(?:(?P<cap>[$€£]\d[\d,.]*[KM]?) (?:Cap )?|(?P<chips_cap>\d[\d,.]*[KM]?) Cap |CAP )?(?P<game>.+)"
)
_CASH_TABLE: Final = re.compile(r"Table (?P<table>.+?)(?: \((?P<attributes>[^)]*)\))?")
_TOURNAMENT_TABLE: Final = re.compile(r".*\((?P<id>\d+)\), (?:Table (?P<table>.+)|(?P<match>Match \d+))")
_SEAT: Final = re.compile(r"Seat (?P<number>\d+): (?P<name>.+) \((?P<chips>" + _NUMBER + r")\)(?:, is sitting out)?")
_ALL_IN: Final = r"(?:,? and is (?:all in|capped))?"
_POSTS: Final = (
    ("ante", re.compile(r"antes (" + _NUMBER + ")" + _ALL_IN)),
    ("small_blind", re.compile(r"posts the small blind of (" + _NUMBER + ")" + _ALL_IN)),
    ("big_blind", re.compile(r"posts the big blind of (" + _NUMBER + ")" + _ALL_IN)),
    ("dead", re.compile(r"posts a dead small blind of (" + _NUMBER + ")" + _ALL_IN)),
    ("live", re.compile(r"posts (" + _NUMBER + ")" + _ALL_IN)),
)
_ACTIONS: Final = (
    ("fold", re.compile(r"folds")),
    ("check", re.compile(r"checks")),
    ("call", re.compile(r"calls (" + _NUMBER + ")" + _ALL_IN)),
    ("bet", re.compile(r"bets (" + _NUMBER + ")" + _ALL_IN)),
    ("raise_to", re.compile(r"(?:raises|completes it) to (" + _NUMBER + ")" + _ALL_IN)),
    ("bring_in", re.compile(r"brings in for (" + _NUMBER + ")" + _ALL_IN)),
    ("discard", re.compile(r"discards (?P<count>\d) cards?(?: \[(?P<cards>[^\]]*)\])?")),
    ("stand_pat", re.compile(r"stands pat(?: on \[[^\]]*\])?")),
    ("show", re.compile(r"shows \[(?P<cards>[^\]]*)\](?: .*)?")),
    ("muck", re.compile(r"mucks")),
)
_WINS: Final = re.compile(
    r"(?:wins|ties for) (?:the (?:(?:high|low) )?(?:(?:main|side) )?pot(?: #?\d+)?|(?:side )?pot #?\d+)"
    r" \((" + _NUMBER + r")\)(?: with .*)?"
)
#: What a player's line may say without moving chips or cards in this hand.
_SAYS_NOTHING: Final = re.compile(
    r"has \d+ seconds left to act|has timed out|has been disconnected|has reconnected|has returned"
    r"|is sitting out|sits out|sits down|stands up|adds " + _NUMBER + r"|has requested TIME|is feeling \w+"
    r"|shows (?!\[).*|leaves the table|has left the table|is connected|is disconnected"
    r"|is dealt \d cards?|is (?:low|high) with \[[^\]]*\]"
)
#: What anyone at the table (seated in this hand or not) may say without moving chips.
_ANYONE_SAYS_NOTHING: Final = re.compile(
    r"(?P<name>.+?) (?:sits down|stands up|adds " + _NUMBER + r"|leaves the table|has left the table)"
)
_OBSERVER: Final = re.compile(r".+? \(Observer\): .*")
_NOBODY_SAYS: Final = re.compile(r"\d+ seconds left to act|\([^()]*\)|No low hand qualified")
_BUTTON: Final = re.compile(r"The button is in seat #(?P<seat>\d+)")
_SEAT_COUNT: Final = re.compile(r"Seats: (?P<count>\d+)")
_BOARD: Final = re.compile(
    r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\](?: \(Total Pot: [^)]*\))?"
)
_RETURNED: Final = re.compile(r"Uncalled bet of (" + _NUMBER + r") returned to (?P<name>.+)")
_ANTE_RETURNED: Final = re.compile(r"Ante of (" + _NUMBER + r") returned to (?P<name>.+)")
_DEALT: Final = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\](?: \[(?P<new>[^\]]*)\])?")
#: Stud's later streets and the draws: a new betting round, no board.
_ROUND: Final = re.compile(r"\*\*\* (?:[4-7]TH STREET|(?:(?:FIRST|SECOND|THIRD) )?DRAW) \*\*\*(?: \([^)]*\))?")
_RAKE: Final = re.compile(r"Total pot .*\| Rake (" + _NUMBER + ")")
_SUMMARY_SEAT: Final = re.compile(
    r"Seat (?P<number>\d+): .*?(?: (?:showed|mucked) \[(?P<cards>[^\]]*)\])?"
    r"(?:(?: and won| collected) \((?P<won>" + _NUMBER + r")\).*|(?: and lost| -).*)?"
)
_SUMMARY_FOLD: Final = re.compile(
    r" (?:folded (?P<when>before the Flop|on the Flop|on the Turn|on the River)|didn't bet)"
)
_FOLD_STREETS: Final = {None: 0, "before the Flop": 0, "on the Flop": 1, "on the Turn": 2, "on the River": 3}
_ACTION_KINDS: Final = ("fold", "check", "call", "bet", "raise_to")
_REFUSED_LINES: Final = (
    (
        re.compile(r"Players agree to Run It Twice"),
        "PHH has no notation for run it twice (`Players agree to Run It Twice`)",
    ),
    (re.compile(r"Hand #\d+ has been canceled?"), "Full Tilt Poker cancelled this hand: there is nothing to convert"),
)


def is_fulltilt(text: str) -> bool:
    """Whether the text holds Full Tilt Poker hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from read_each(text, _START, _read_hand, _HAND_ID)


def _amount(raw: str, line: int) -> Decimal:
    """A chip or money amount as written: ``$1,044.50``, ``2,866,582``, ``50K``."""
    text = raw.lstrip("$€£").replace(",", "")
    scale = {"K": Decimal(1000), "M": Decimal(1000000)}.get(text[-1:], Decimal(1))
    try:
        return Decimal(text.rstrip("KM")) * scale
    except InvalidOperation:
        raise ConversionError(f"`{raw}` is not an amount", line) from None


def _cards(raw: str) -> str:
    return raw.replace(" ", "")


def _read_hand(lines: list[str], first_line: int) -> SiteHand:
    header = _HEADER.fullmatch(lines[0].rstrip())
    if header is None:
        raise ConversionError(
            f"the first line is not a Full Tilt Poker hand header this converter knows ({_SUPPORTED} are read)",
            first_line,
        )
    if header["partial"]:
        raise ConversionError("Full Tilt Poker marked this hand (partial): it was not written in full", first_line)
    variant, stakes, cap = _game_and_stakes(header["first"], header["second"], first_line)
    hand = SiteHand(
        site=SITE,
        first_line=first_line,
        hand_id=header["id"],
        variant=variant,
        seats=[],
        button=0,
        posts=[],
        events=[],
        stakes=(_amount(stakes["small"], first_line), _amount(stakes["big"], first_line)),
        currency=CURRENCIES.get(stakes["symbol"]),
        currency_symbol=stakes["symbol"] or None,
        time_zone_abbreviation=header["zone"],
    )
    hand.date, hand.time = _when(header["date"], header["time"], first_line)
    _where(hand, header["where"])
    reader = _Reader(hand, first_line, cap)
    for number, text in numbered(lines, first_line, 1):
        reader.line(text, number)
    reader.finish()
    return hand


def _game_and_stakes(first: str, second: str, number: int) -> tuple[str, re.Match[str], Decimal | None]:
    """The variant, the stakes and the cap (the most a player may put in, in a
    CAP game, where written) from the header's two middle parts, in either
    order (the stakes came first until 2012, the game after)."""
    stakes = _STAKES.fullmatch(first)
    game_text = second
    if stakes is None:
        stakes, game_text = _STAKES.fullmatch(second), first
    game = _GAME.fullmatch(game_text)
    if game is None or game["game"] not in _GAMES:
        name = game["game"] if game is not None else game_text
        raise ConversionError(f"PHH has no variant for {name} (Full Tilt Poker hands of {_SUPPORTED} are read)", number)
    if stakes is None:
        raise ConversionError(f"the stakes in the first line (`{first}`, `{second}`) cannot be read", number)
    written = game["cap"] or game["chips_cap"]
    return _GAMES[game["game"]], stakes, _amount(written, number) if written else None


def _when(date: str, time: str, number: int) -> tuple[datetime.date, datetime.time]:
    """The header's date and time (``2010/08/04`` or, for a while in 2010, ``Wed, July 21, 2010``)."""
    try:
        if "/" in date:
            day = datetime.date(*(int(part) for part in date.split("/")))
        else:
            day = datetime.datetime.strptime(date, "%a, %B %d, %Y").date()
        clock = time if time.count(":") == 2 else f"{time}:00"
        return day, datetime.time.fromisoformat(clock.zfill(8))
    except ValueError:
        raise ConversionError(f"`{time} - {date}` is not a date and time", number) from None


def _where(hand: SiteHand, where: str) -> None:
    """The table (and its size) or the tournament and its table."""
    if tournament := _TOURNAMENT_TABLE.fullmatch(where):
        hand.tournament = tournament["id"]
        hand.table = tournament["table"] or tournament["match"]
        return
    if table := _CASH_TABLE.fullmatch(where):
        hand.table = table["table"]
        attributes = table["attributes"] or ""
        if size := re.search(r"(\d+) max", attributes):
            hand.seat_count = int(size[1])
        elif "heads up" in attributes:
            hand.seat_count = 2
        return
    hand.table = where


class _Reader:
    """One hand's lines after the header, each understood or refused."""

    def __init__(self, hand: SiteHand, first_line: int, cap: Decimal | None) -> None:
        self.hand = hand
        self.first_line = first_line
        self.cap = cap
        self.section = "seats"
        self.names: list[str] = []
        self.at_table: set[str] = set()
        self.by_seat: dict[int, str] = {}
        self.summary_won: list[Event] = []
        self.summary_folds: dict[str, tuple[int, int]] = {}

    def line(self, text: str, number: int) -> None:
        for pattern, why in _REFUSED_LINES:
            if pattern.fullmatch(text):
                raise ConversionError(why, number)
        if text.startswith("*** "):
            self.section = self._section(text, number)
        elif self.section == "summary":
            self._summary_line(text, number)
        elif self.section == "seats" and (seat := _SEAT.fullmatch(text)):
            self._seat(seat, number)
        elif button := _BUTTON.fullmatch(text):
            self.hand.button = int(button["seat"])
        elif size := _SEAT_COUNT.fullmatch(text):
            self.hand.seat_count = int(size["count"])
        else:
            self._action_line(text, number)

    def _seat(self, seat: re.Match[str], number: int) -> None:
        stack = _amount(seat["chips"], number)
        if self.cap is not None:
            stack = min(stack, self.cap)  # a CAP game: no one can put in more than the cap
        self.hand.seats.append(Seat(int(seat["number"]), seat["name"], stack))
        self.by_seat[int(seat["number"])] = seat["name"]
        self.names = longest_first(self.hand.seats)
        self.at_table.add(seat["name"])

    def _section(self, text: str, number: int) -> str:
        """The section a ``*** ... ***`` line opens; a board is dealt there too."""
        if text == "*** HOLE CARDS ***" or re.fullmatch(r"\*\*\* 3RD STREET \*\*\*(?: \([^)]*\))?", text):
            if not self.hand.seats:
                raise ConversionError("no player's seat and stack is listed before the cards are dealt", number)
            return "actions"
        if text == "*** SHOW DOWN ***":
            return "actions"
        if text == "*** SUMMARY ***":
            return "summary"
        if self.hand.variant in STUD_VARIANTS | DRAW_VARIANTS and _ROUND.fullmatch(text):
            self.hand.events.append(Event("street", number))
            return "actions"
        board = _BOARD.fullmatch(text)
        if board is None:
            raise ConversionError(f"`{text}` is a street this converter does not know (run twice?)", number)
        self.hand.events.append(Event("board", number, cards=_cards(board["cards"])))
        return "actions"

    def _action_line(self, text: str, number: int) -> None:
        hand = self.hand
        if not self.names:
            raise ConversionError("no player's seat and stack is listed before this line", number)
        if found := _DEALT.fullmatch(text):
            self._dealt(found, number)
        elif found := _RETURNED.fullmatch(text):
            who = seated(found["name"], self.names, number)
            hand.events.append(Event("returned", number, who, _amount(found[1], number)))
        elif found := _ANTE_RETURNED.fullmatch(text):
            self._ante_returned(seated(found["name"], self.names, number), _amount(found[1], number), number)
        elif name := player_at(text, self.names, " "):
            self._player_line(name, text[len(name) + 1 :], text, number)
        elif any(text.startswith(name + ": ") for name in self.at_table) or _OBSERVER.fullmatch(text):
            return  # chat, of a player or of an observer
        elif found := _ANYONE_SAYS_NOTHING.fullmatch(text):
            self.at_table.add(found["name"])  # someone sitting down for the next hand
        elif not _NOBODY_SAYS.fullmatch(text):
            raise ConversionError(f"`{text}` is not a line this converter understands", number)

    def _dealt(self, found: re.Match[str], number: int) -> None:
        """A player's cards: all of a hold'em or Omaha hand's at once; a stud
        street's or a draw's as they come (:func:`dealt_now`)."""
        hand, name = self.hand, seated(found["name"], self.names, number)
        if hand.variant not in STUD_VARIANTS | DRAW_VARIANTS:
            hand.known_cards[name] = _cards(found["cards"])
            return
        opening = not any(event.kind == "street" for event in hand.events)
        new = _cards(found["new"]) if found["new"] else None
        cards = dealt_now(hand.variant in STUD_VARIANTS, opening, _cards(found["cards"]), new)
        hand.events.append(Event("deal", number, name, cards=cards))

    def _player_line(self, name: str, rest: str, text: str, number: int) -> None:
        for kind, pattern in _POSTS:
            if found := pattern.fullmatch(rest):
                self._post(name, kind, _amount(found[1], number), number)
                return
        if self.section == "seats" and any(pattern.fullmatch(rest) for _, pattern in _ACTIONS):
            raise ConversionError(f"{name} acts before the cards are dealt", number)
        for kind, pattern in _ACTIONS:
            if found := pattern.fullmatch(rest):
                self._action(name, kind, found, number)
                return
        if found := _WINS.fullmatch(rest):
            self.hand.events.append(Event("collected", number, name, _amount(found[1], number)))
        elif not _SAYS_NOTHING.fullmatch(rest):
            raise ConversionError(f"`{rest}` is not a Full Tilt Poker action (in `{text}`)", number)

    def _action(self, name: str, kind: str, found: re.Match[str], number: int) -> None:
        if found[0].endswith("and is capped") and self.cap is None:
            raise ConversionError(f"{name} is capped, but the header does not say at how much", number)
        if kind == "show":
            self.hand.known_cards[name] = _cards(found["cards"])
            self.hand.events.append(Event(kind, number, name, cards=_cards(found["cards"])))
        elif kind in ("fold", "check", "muck"):
            self.hand.events.append(Event(kind, number, name))
        elif kind == "discard":
            cards = _cards(found["cards"] or "")
            self.hand.events.append(Event(kind, number, name, Decimal(found["count"]), cards))
        elif kind == "stand_pat":
            self.hand.events.append(Event("discard", number, name))
        else:
            self.hand.events.append(Event(kind, number, name, _amount(found[1], number)))

    def _post(self, name: str, kind: str, amount: Decimal, number: int) -> None:
        """A blind or an ante. ``posts $1``, with no blind named, is a live big
        blind posted out of position (a player joining or coming back)."""
        if self.section != "seats":
            raise ConversionError(f"{name} posts after the cards are dealt", number)
        self.hand.posts.append(Post(name, "big_blind" if kind == "live" else kind, amount))

    def _ante_returned(self, name: str, amount: Decimal, number: int) -> None:
        """An ante given back to a player who timed out: they are not dealt in."""
        post = next((p for p in self.hand.posts if p.name == name and p.kind == "ante" and p.amount == amount), None)
        if post is None:
            raise ConversionError(f"{name} gets back an ante they did not post", number)
        self.hand.posts = [kept for kept in self.hand.posts if kept is not post]

    def _summary_line(self, text: str, number: int) -> None:
        """The summary restates the hand; its rake, the cards it names and
        what each seat collected (for hands with no ``wins`` line) are read."""
        if rake := _RAKE.fullmatch(text):
            self.hand.rake = _amount(rake[1], number)
            return
        seat = _SUMMARY_SEAT.fullmatch(text)
        if seat is None or int(seat["number"]) not in self.by_seat:
            return
        name = self.by_seat[int(seat["number"])]
        if seat["cards"]:
            self.hand.known_cards.setdefault(name, _cards(seat["cards"]))
        if seat["won"]:
            self.summary_won.append(Event("collected", number, name, _amount(seat["won"], number)))
        if folded := _SUMMARY_FOLD.search(text):
            self.summary_folds[name] = (_FOLD_STREETS[folded["when"]], number)

    def finish(self) -> None:
        """The button, the winnings and who is dealt in, once every line is read."""
        hand = self.hand
        if not hand.seats:
            raise ConversionError("no player's seat and stack is listed in this hand", self.first_line)
        if not hand.button and hand.variant not in STUD_VARIANTS:  # stud has no button
            raise ConversionError("the hand does not say which seat has the button", self.first_line)
        if self.section != "summary":
            raise ConversionError("the hand ends before its summary (cut short?)", self.first_line)
        if not any(event.kind == "collected" for event in hand.events):
            hand.events.extend(self.summary_won)  # Full Tilt sometimes writes the winner only in the summary
        self._add_unwritten_folds()
        self._add_unwritten_returns()
        # A seat is dealt in when its player has a line in the hand: a player
        # sitting out (said in the seat line or only in the summary) has none.
        drop_idle(hand)

    def _add_unwritten_folds(self) -> None:
        """The folds Full Tilt left out (a small blind folding to a walk, in
        tournaments): a player who posted and whom the summary says folded,
        with no fold line, folds last on that street."""
        events = self.hand.events
        folded = {event.name for event in events if event.kind == "fold"}
        posted = {post.name for post in self.hand.posts}
        for name, (street, number) in self.summary_folds.items():
            if name in folded or name not in posted:
                continue
            boards = [i for i, event in enumerate(events) if event.kind == "board"]
            start = boards[street - 1] + 1 if 0 < street <= len(boards) else 0
            end = boards[street] if street < len(boards) else len(events)
            actions = [i for i in range(start, end) if events[i].kind in _ACTION_KINDS]
            events.insert(actions[-1] + 1 if actions else start, Event("fold", number, name))

    def _add_unwritten_returns(self) -> None:
        """The uncalled bets Full Tilt did not write back: on every street, what
        the biggest bettor put in beyond everyone else comes back to them."""
        owed: dict[str, Decimal] = {}
        for street in _streets(self.hand):
            ranked = sorted(street.items(), key=lambda item: item[1], reverse=True)
            if ranked and ranked[0][1] > (ranked[1][1] if len(ranked) > 1 else 0):
                name, top = ranked[0]
                owed[name] = owed.get(name, Decimal(0)) + top - (ranked[1][1] if len(ranked) > 1 else 0)
        written = {event.name for event in self.hand.events if event.kind == "returned"}
        for name, amount in owed.items():
            if name not in written:
                self.hand.events.append(Event("returned", self.first_line, name, amount))


def _streets(hand: SiteHand) -> list[dict[str, Decimal]]:
    """What each player put in on each street (live blinds count preflop;
    antes and dead blinds do not)."""
    streets: list[dict[str, Decimal]] = [{}]
    for post in hand.posts:
        if post.kind not in ("ante", "dead"):
            streets[0][post.name] = streets[0].get(post.name, Decimal(0)) + post.amount
    for event in hand.events:
        street = streets[-1]
        if event.kind in ("board", "street"):
            streets.append({})
        elif event.kind in ("call", "bet", "bring_in"):
            street[event.name] = street.get(event.name, Decimal(0)) + event.amount
        elif event.kind == "raise_to":
            street[event.name] = event.amount
    return streets
