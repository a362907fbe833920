"""PartyPoker hand histories read into :class:`SiteHand`, line by line.

PartyPoker has written two layouts. The classic one (``***** Hand History
for Game ...``, amounts in brackets, ``Player wins $1.10 USD``) and the
later one (``***** Hand History For Game ...``, amounts in parentheses,
``raises 0.85 to 0.85`` and a ``** Summary **`` with each player's
balance). Both are read here, with the same strictness as the PokerStars
reader: every line of a hand is understood, or known to say nothing about
chips or cards (chat, time banks, players joining), or the hand is refused
with that line's number.

Why not PokerKit's ``PartyPokerParser``: it reads no-limit hold'em only,
skips the lines it does not know, and takes the site's amounts as they
stand, while PartyPoker leaves several facts unsaid that a replay needs:

- A classic ``raises [$0.75 USD]`` or ``is all-In [$20.90 USD]`` gives the
  chips *added*, not the total; an all-in is a call or a raise depending
  on what was bet before, which the reader works out.
- No uncalled bet is ever said to be returned: it is counted in what the
  bettor ``wins``. The reader finds it (the part of the street's highest
  bet nobody matched) and takes it out of what they collected.
- The classic layout prints no rake: for a cash game it is what went into
  the pot less what came back and what was won; a tournament has none.
- Classic tournament hands often print the ``Blinds(20/40)`` of the level
  but no blind posts: the reader posts them for the two seats after the
  button (heads up, the button and the other player).

Players are found by their seat names, longest first, so names with
spaces or any Unicode letters read as they were written.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.reader import longest_first, player_at, read_each, seated

SITE: Final = "PartyPoker"

_START: Final = re.compile(r"^[ \t\x00]*\*{5} Hand History [Ff]or Game (?P<id>\S+) \*{5}", re.M)
_LIMITS: Final = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Fixed Limit"}
_VARIANTS: Final = {
    ("Hold'em", "NL"): "NT",
    ("Hold'em", "FL"): "FT",
    ("Omaha", "PL"): "PO",
    ("Omaha Hi-Lo", "FL"): "FO/8",
}
_SUPPORTED: Final = "NL Texas Hold'em, FL Texas Hold'em, PL Omaha and FL Omaha Hi-Lo"
#: Games PartyPoker deals that PHH conversion does not take yet, named as
#: a player knows them; looked for before Hold'em and Omaha, which some contain.
_UNSUPPORTED: Final = (
    "7 Card Stud Hi-Lo",
    "7 Card Stud",
    "Razz",
    "Double Hold'em",
    "Short Deck",
    "Badugi",
    "Draw",
)
_DATE_CLASSIC: Final = re.compile(
    r"(?P<game>.*?) ?- ?[A-Za-z]+,\s*(?P<month>[A-Za-z]+) (?P<day>\d{1,2}), (?P<time>\d{1,2}:\d{2}:\d{2})\s+"
    r"(?:(?P<zone>[A-Z]{2,5})\s+)?(?P<year>\d{4})"
)
_DATE_SUMMARY: Final = re.compile(
    r"(?P<game>.*?) ?- ?[A-Za-z]{3} (?P<month>[A-Za-z]{3}) (?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) "
    r"(?:(?P<zone>[A-Z]{2,5}) )?(?P<year>\d{4})"
)
_STAKES: Final = re.compile(r"[$€£]?\s*(?P<small>[\d.,]+)\s*/\s*[$€£]?\s*(?P<big>[\d.,]+)")
_CURRENCY: Final = re.compile(r"^(?P<symbol>[$€£])?\s*[\d.,]+\s+(?P<code>[A-Z]{3})\b")
_LEVEL_STAKES: Final = re.compile(
    r"(?:Blinds|Stakes)(?:-Antes)?\((?P<small>[\d.,]+)/(?P<big>[\d.,]+)(?:\s*-\s*(?P<ante>[\d.,]+))?\)"
)
_TOURNAMENT: Final = re.compile(r"Trny: ?(?P<id>\d+)|Tournament #(?P<other>\d+)")
_LEVEL: Final = re.compile(r"Level: ?(?P<level>\d+)")
_TABLE: Final = re.compile(
    r"Table (?P<table>.+?)\s*\(\s*(?:Real|Play) Money\s*\)(?:\s*--\s*Seat (?P<button>\d+) is the button)?"
)
_BUTTON: Final = re.compile(r"Seat (?P<button>\d+) is the button")
_PLAYERS: Final = re.compile(r"Total number of players\s*:\s*\d+(?:\s*/\s*(?P<max>\d+))?")
_SEAT: Final = re.compile(r"[Ss]eat ?(?P<number>\d+): (?P<name>.+?) \(\s*(?P<stack>[^()]*?)\s*\)(?: - .*)?")
_MONEY: Final = re.compile(r"(?:[$€£]\s*)?(?P<number>\d[\d.,]*)(?:\s*(?:[A-Z]{3}|[$€£]|chips))?")
#: An amount as the classic layout brackets it, ``[$0.10 USD]`` or ``[ 3,000 ]``.
#: the later one parenthesises it, ``(0.10)``.
_BRACKET: Final = r"\s*\[\s*(?P<amount>[^\]]*?)\s*\]\.?"
_WRITTEN: Final = r"(?:\s*\[\s*(?P<amount>[^\]]*?)\s*\]| \((?P<paren>[^)]*)\))\.?"
_POST: Final = re.compile(r"posts (?P<what>small blind|big blind \+ dead|big blind|dead blind|ante of|ante)" + _WRITTEN)
_ACTIONS: Final = (
    ("fold", re.compile(r"folds\.?")),
    ("check", re.compile(r"checks\.?")),
    ("call", re.compile(r"calls" + _WRITTEN)),
    ("bet", re.compile(r"bets" + _WRITTEN)),
    ("bet", re.compile(r"raises" + _BRACKET)),  # classic: the chips added, as a bet's
    ("raise_to", re.compile(r"raises [\d.,]+ to (?P<amount>[\d.,]+)")),
    ("all_in", re.compile(r"is all-In" + _BRACKET)),
)
_CARDS: Final = r"\[\s*(?P<cards>[^\]]*?)\s*\]"
_SHOW: Final = re.compile(r"shows " + _CARDS + r".*")
_MUCK: Final = re.compile(r"doesn't show\s*" + _CARDS + r".*")
_WINS: Final = re.compile(
    r"wins (?:Lo \((?P<low>[^)]*)\)|(?P<amount>[$€£]?\s*\d[\d.,]*(?:\s*(?:[A-Z]{3}|chips))?))"
    r"(?:\s+from\s+(?!.* wins ).*)?\.?"  # not two wins run into one line by the Mac client
)
_DEALT: Final = re.compile(r"Dealt to (?P<name>.+?) " + _CARDS)
_BOARD: Final = re.compile(r"\*\* Dealing (?P<street>Flop|Turn|River) \*\*\s*:?\s*" + _CARDS)
_CARD_LIST: Final = re.compile(r"(?:[2-9TJQKA][cdhs])+")
#: What a seated player's line may say without moving chips or cards.
_SAYS_NOTHING: Final = re.compile(
    r"does not show cards\.?|is all-In\.|is sitting out\.?|has (?:joined|left) the table\.?|Forward Folds"
    r"|did not respond in time\.?|could not respond in time.*|will be using (?:his|her|their) time bank.*"
    r"|shows\s*[\dA-Z,]+\s+for low\.?|finished in .*|is connected\.?|is disconnected\.?|has returned\.?"
)
#: Lines that say nothing, whoever they name (players who are not seated too).
_NOTHING: Final = re.compile(
    r"Game #\d+ starts\.|#Game No : \d+|Trny: ?\d+ Level: ?\d+|(?:Blinds|Stakes)(?:-Antes)?\(.*\)"
    r"|Creating (?:Main|Side) Pot.*|>You have options at .*|Your time bank will be activated.*"
    r"|Player .+ finished in .*|.+ finished in \d+ place\.?|.+ has (?:joined|left) the table\.?"
    r"|.+ is sitting out\.?|\*\* Dealing down cards \*\*|Congratulations to player .+ for winning .*"
)
#: An action of someone the seat list does not name.
_UNSEATED: Final = re.compile(r"(?P<name>.+?) (?:posts|calls|bets|raises|checks|folds|is all-In|shows|wins)\b.*")
_POT: Final = re.compile(r"Main Pot: .*?(?:Rake: (?P<rake>\S+))?")
_BALANCE: Final = re.compile(r"balance [^,]+, (?P<rest>.*)")
_COLLECTED: Final = re.compile(r"collected (?P<amount>[^,]+),")
_SUMMARY_CARDS: Final = re.compile(r"\[ (?P<cards>[2-9TJQKA][cdhs](?:,? [2-9TJQKA][cdhs])*) \]")
_CASH_OUT: Final = re.compile(r".+ (?:opted for cash-out|Cash-out Premium.*|probabilty is.*|Cashout Amount is.*)")


def is_partypoker(text: str) -> bool:
    """Whether the text holds PartyPoker hands (a ``***** Hand History for
    Game`` line, which no other site's header opens with)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from read_each(text, _START, _read_hand, _START)


def _stripped(line: str) -> str:
    """A line without the blanks, NULs and marks some clients leave around it."""
    return line.strip(" \t\x00\ufeff")


def _read_hand(lines: list[str], first_line: int) -> SiteHand:
    return _Reader([_stripped(line) for line in lines], first_line).read()


def _written(found: re.Match[str]) -> str | None:
    """The amount a line wrote, in brackets or in parentheses (an empty
    bracket is an amount left out, not none: it is refused, not read as 0)."""
    groups = found.groupdict()
    return groups.get("amount") if groups.get("amount") is not None else groups.get("paren")


def _amount(raw: str | None, line: int) -> Decimal:
    """An amount as PartyPoker writes it: ``$1,534.96 USD``, ``3,000``,
    ``0,35 €`` (its Mac client's decimal comma: one or two digits after it)."""
    if raw is None:
        raise ConversionError("the amount is missing", line)
    found = _MONEY.fullmatch(raw.strip())
    if found is None:
        raise ConversionError(f"`{raw}` is not an amount", line)
    number = found["number"]
    number = number.replace(",", ".") if re.fullmatch(r"\d+,\d{1,2}", number) else number.replace(",", "")
    try:
        return Decimal(number)
    except InvalidOperation:
        raise ConversionError(f"`{raw}` is not an amount", line) from None


def _cards(raw: str, line: int) -> str:
    """Cards as PHH writes them: ``Ah, Qc`` is ``AhQc``."""
    cards = re.sub(r"[\s,]", "", raw)
    if not _CARD_LIST.fullmatch(cards):
        raise ConversionError(f"`{raw}` are not cards", line)
    return cards


@dataclass(slots=True)
class _RawPost:
    """A post as written, read before the stakes it is measured by are known."""

    name: str
    what: str
    amount: Decimal
    line: int


@dataclass(slots=True)
class _Reader:
    """One hand's lines read into a SiteHand, keeping what later lines need."""

    lines: list[str]
    first_line: int
    summary_layout: bool = False
    names: list[str] = field(default_factory=list)
    posts: list[_RawPost] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    known_cards: dict[str, str] = field(default_factory=dict)
    #: Players with a line of play (a post, an action, a card, a win).
    playing: set[str] = field(default_factory=set)
    sitting_out: set[str] = field(default_factory=set)
    summary_collected: list[Event] = field(default_factory=list)
    level_stakes: re.Match[str] | None = None
    tournament: str | None = None
    level: str | None = None
    rake: Decimal | None = None

    def read(self) -> SiteHand:
        header = _START.match(self.lines[0])
        assert header is not None  # the hand was cut at this line
        self.summary_layout = "For Game" in self.lines[0]
        if len(self.lines) < 4:
            raise ConversionError("the hand ends before its seats", self.first_line)
        hand = self._header(header["id"])
        self._body(hand)
        self._finish(hand)
        return hand

    # The first lines: game, date, table, button.

    def _header(self, hand_id: str) -> SiteHand:
        number = self.first_line + 1
        game_line = re.sub(r"\s+", " ", self.lines[1])
        game, date, time, zone = self._game_and_date(game_line, number)
        variant = self._variant(game, number)
        table = _TABLE.fullmatch(self.lines[2])
        if table is None:
            raise ConversionError("the third line does not name the table", number + 1)
        button = table["button"]
        if button is None:
            found = _BUTTON.fullmatch(self.lines[3])
            if found is None:
                raise ConversionError("the fourth line does not say which seat is the button", number + 2)
            button = found["button"]
        self.tournament = next((m["id"] or m["other"] for m in [_TOURNAMENT.search(game)] if m), None)
        if self.tournament is None and re.search(r"Buy-?in|Tourney", game):
            self.tournament = ""  # a tournament whose number comes with the level
        self.level = found_level["level"] if (found_level := _LEVEL.search(game)) else None
        self.level_stakes = _LEVEL_STAKES.search(game)
        currency = _CURRENCY.match(game) if self.tournament is None else None
        return SiteHand(
            site=SITE,
            first_line=self.first_line,
            hand_id=hand_id,
            variant=variant,
            seats=[],
            button=int(button),
            posts=[],
            events=[],
            stakes=(Decimal(0), Decimal(0)),
            table=re.sub(r"\s+", " ", table["table"]),
            currency=currency["code"] if currency else None,
            currency_symbol=currency["symbol"] if currency and currency["symbol"] else None,
            date=date,
            time=time,
            time_zone_abbreviation=zone,
        )

    def _game_and_date(self, line: str, number: int) -> tuple[str, datetime.date, datetime.time, str | None]:
        date = (_DATE_SUMMARY if self.summary_layout else _DATE_CLASSIC).fullmatch(line)
        if date is None:
            raise ConversionError("the second line does not give the game and the date as PartyPoker does", number)
        try:
            month = datetime.datetime.strptime(date["month"][:3], "%b").month
            day = datetime.date(int(date["year"]), month, int(date["day"]))
            time = datetime.time.fromisoformat(date["time"].zfill(8))
        except ValueError:
            raise ConversionError(f"`{line}` does not give a real date and time", number) from None
        return date["game"], day, time, date["zone"]

    def _variant(self, game: str, number: int) -> str:
        """The PHH variant of the game line's game and betting limit."""
        unsupported = next((name for name in _UNSUPPORTED if name.lower() in game.lower()), None)
        if unsupported is not None:
            raise ConversionError(f"{unsupported} is not supported yet (PartyPoker's {_SUPPORTED} are)", number)
        if re.search(r"Omaha Hi-?Lo|Omaha H/L", game):
            name = "Omaha Hi-Lo"
        elif "Omaha" in game:
            name = "Omaha"
        elif re.search(r"Hold'?em", game):
            name = "Hold'em"
        else:
            raise ConversionError(f"the game in `{game}` is not one PartyPoker deals that can be converted", number)
        # The classic cash layout writes limit hold'em bare: `$15/$30 USD Texas Hold'em`.
        limit = re.search(r"\b(NL|PL|FL)\b", game)
        kind = limit[1] if limit else "FL"
        variant = _VARIANTS.get((name, kind))
        if variant is None:
            raise ConversionError(
                f"{_LIMITS[kind]} {name} is not supported yet (PartyPoker's {_SUPPORTED} are)", number
            )
        return variant

    # The seats, the play and the summary.

    def _body(self, hand: SiteHand) -> None:
        section = "seats"
        for offset in range(3, len(self.lines)):
            number = self.first_line + offset
            text = self.lines[offset]
            if not text or _BUTTON.fullmatch(text) or _PLAYERS.fullmatch(text):
                if text and (players := _PLAYERS.fullmatch(text)) and players["max"]:
                    hand.seat_count = int(players["max"])
                continue
            if text == "** Summary **":
                section = "summary"
                continue
            if section == "summary":
                self._summary_line(text, number)
                continue
            if section == "seats" and (seat := _SEAT.fullmatch(text)):
                hand.seats.append(Seat(int(seat["number"]), seat["name"], _amount(seat["stack"], number)))
                self.names = longest_first(hand.seats)
                continue
            section = "play"
            self._play_line(text, number)

    def _play_line(self, text: str, number: int) -> None:
        if board := _BOARD.fullmatch(text):
            self.events.append(Event("board", number, cards=_cards(board["cards"], number)))
            return
        if dealt := _DEALT.fullmatch(text):
            name = seated(dealt["name"], self.names, number)
            self.known_cards[name] = _cards(dealt["cards"], number)
            self.playing.add(name)
            return
        if found := _LEVEL_STAKES.fullmatch(text):
            self.level_stakes = found
            return
        if found := re.fullmatch(r"Trny: ?(?P<id>\d+) Level: ?(?P<level>\d+)", text):
            self.tournament, self.level = found["id"], found["level"]
            return
        if _CASH_OUT.fullmatch(text):
            raise ConversionError("a player cashes out of an all-in pot, which a PHH hand cannot hold", number)
        player = player_at(text, self.names, " ")
        chat = player_at(text, self.names, ": ")
        if chat is not None and (player is None or len(chat) >= len(player)):
            return  # chat
        if player is None:
            self._unseated_line(text, number)
            return
        self._player_line(player, text[len(player) + 1 :], text, number)

    def _unseated_line(self, text: str, number: int) -> None:
        if _NOTHING.fullmatch(text):
            return
        if found := _UNSEATED.fullmatch(text):
            raise ConversionError(
                f"{found['name']} plays but has no seat in this hand (joined the table during it?), "
                "so their stack is not known",
                number,
            )
        raise ConversionError(f"`{text}` is not a line this converter understands", number)

    def _player_line(self, name: str, rest: str, text: str, number: int) -> None:
        if post := _POST.fullmatch(rest):
            if any(event.kind != "board" for event in self.events):
                raise ConversionError(f"{name} posts after the play has started", number)
            amount = _amount(_written(post), number)
            self.posts.append(_RawPost(name, post["what"], amount, number))
            self.playing.add(name)
            return
        for kind, pattern in _ACTIONS:
            if found := pattern.fullmatch(rest):
                written = _written(found)
                amount = _amount(written, number) if written is not None else Decimal(0)
                self.events.append(Event(kind, number, name, amount))
                self.playing.add(name)
                return
        if found := _SHOW.fullmatch(rest):
            cards = _cards(found["cards"], number)
            self.known_cards[name] = cards
            self.events.append(Event("show", number, name, cards=cards))
        elif found := _MUCK.fullmatch(rest):
            self.known_cards[name] = _cards(found["cards"], number)
            self.events.append(Event("muck", number, name))
        elif found := _WINS.fullmatch(rest):
            self.events.append(Event("collected", number, name, _amount(found["low"] or found["amount"], number)))
        elif rest.startswith("is sitting out") and _SAYS_NOTHING.fullmatch(rest):
            self.sitting_out.add(name)
            return
        elif _SAYS_NOTHING.fullmatch(rest):
            return
        else:
            raise ConversionError(f"`{rest}` is not a PartyPoker action (in `{text}`)", number)
        self.playing.add(name)

    def _summary_line(self, text: str, number: int) -> None:
        """A line of the later layout's summary: the pots and rake, the board,
        each player's balance (what they collected, the cards they showed)."""
        if pot := _POT.fullmatch(text):
            self.rake = _amount(pot["rake"], number) if pot["rake"] else None
            return
        if text.startswith("Board: "):
            return
        name = player_at(text, self.names, " ")
        balance = _BALANCE.fullmatch(text[len(name) + 1 :]) if name is not None else None
        if name is None or balance is None:
            if text.startswith(tuple(name + " Cashed out" for name in self.names)):
                raise ConversionError("a player cashes out of an all-in pot, which a PHH hand cannot hold", number)
            raise ConversionError(f"`{text}` is not a line of a PartyPoker summary", number)
        rest = balance["rest"]
        if rest.startswith("sits out"):
            self.sitting_out.add(name)
            return
        self.playing.add(name)
        if collected := _COLLECTED.search(rest):
            self.summary_collected.append(Event("collected", number, name, _amount(collected["amount"], number)))
        if cards := _SUMMARY_CARDS.search(rest):
            self.known_cards.setdefault(name, _cards(cards["cards"], number))

    # What the site leaves unsaid: stakes, blinds, all-ins, uncalled bets, rake.

    def _finish(self, hand: SiteHand) -> None:
        if self.tournament is not None:
            hand.tournament = self.tournament or None
            hand.level = self.level
            hand.currency = hand.currency_symbol = None
        for raw in self.posts:
            self._seated_with_chips(hand, raw.name, raw.line)
        hand.stakes = self._stakes(hand)
        hand.posts = self._posts(hand)
        hand.seats = self._dealt_in(hand)
        for event in self.events:
            if event.name:
                self._seated_with_chips(hand, event.name, event.line)
        hand.events = _with_option(_with_amounts(self.events, hand.posts), hand)
        hand.known_cards = self.known_cards
        self._collected(hand)
        _showdown(hand)

    def _stakes(self, hand: SiteHand) -> tuple[Decimal, Decimal]:
        """Blinds (no- and pot-limit) or bets (limit): the level's line in a
        tournament, the game line when it has them, else the blinds posted
        (a classic cash table is named by its buy-in, ``$25 USD NL``)."""
        game = re.sub(r"\s+", " ", self.lines[1])
        found = self.level_stakes or _STAKES.match(game)
        if found is not None:
            small, big = _amount(found["small"], self.first_line + 1), _amount(found["big"], self.first_line + 1)
            if hand.variant in ("FT", "FO/8") and self.level_stakes is not None and self.level_stakes[0][0] == "B":
                return big, big * 2  # a limit level given as blinds: the small bet is the big blind
            return small, big
        bigs = [post.amount for post in self.posts if post.what == "big blind"]
        if not bigs:
            raise ConversionError(
                "the stakes cannot be told: the game line names none and nobody posts a big blind", self.first_line + 1
            )
        smalls = [post.amount for post in self.posts if post.what == "small blind"]
        return (max(smalls) if smalls else max(bigs) / 2), max(bigs)

    def _posts(self, hand: SiteHand) -> list[Post]:
        big = hand.stakes[0] if hand.variant in ("FT", "FO/8") else hand.stakes[1]
        posts: list[Post] = []
        for raw in self.posts:
            if raw.what in ("ante", "ante of"):
                posts.append(Post(raw.name, "ante", raw.amount))
            elif raw.what == "big blind + dead":  # the big blind is live, the small blind part dead money
                posts.append(Post(raw.name, "dead", raw.amount - big))
                posts.append(Post(raw.name, "big_blind", big))
            elif raw.what == "dead blind":
                posts.append(Post(raw.name, "dead", raw.amount))
            else:
                posts.append(Post(raw.name, raw.what.replace(" ", "_"), raw.amount))
        if self.tournament is not None and not any(post.kind.endswith("blind") for post in posts):
            posts += self._level_blinds(hand, posts)
        return posts

    def _level_blinds(self, hand: SiteHand, posts: list[Post]) -> list[Post]:
        """The blinds a classic tournament hand does not print: the level's,
        each at most what the player has left after the ante. They are
        posted by the two players before the first to act (heads up, the
        first to act is the small blind), or, when nobody acts, the two
        seats after the button: a player just moved to the table has a
        seat there but no cards yet, so the seats alone can mislead."""
        if self.level_stakes is None:
            return []
        small = _amount(self.level_stakes["small"], self.first_line)
        big = _amount(self.level_stakes["big"], self.first_line)
        if hand.variant in ("FT", "FO/8") and self.level_stakes[0].startswith("Stakes"):
            small, big = small / 2, small  # a limit level given as bets: the blinds are half and one small bet
        seats = sorted(
            (seat for seat in hand.seats if seat.stack > 0 and seat.name not in self.sitting_out),
            key=lambda seat: seat.number,
        )
        if len(seats) < 2:
            return []
        first = next((event.name for event in self.events if event.kind != "board"), None)
        if first is not None and first in (names := [seat.name for seat in seats]):
            at = names.index(first)
            blinds = [seats[at - 2], seats[at - 1]]
            if blinds[0].name == first:  # heads up: the first to act posts the small blind
                blinds = [seats[at], seats[at - 1]]
        else:
            after = next((i for i, seat in enumerate(seats) if seat.number > hand.button), 0)
            order = seats[after:] + seats[:after]
            blinds = [order[-1], order[0]] if len(seats) == 2 else order[:2]
        antes = {post.name: post.amount for post in posts}
        return [
            Post(seat.name, kind, min(amount, seat.stack - antes.get(seat.name, Decimal(0))))
            for seat, kind, amount in zip(blinds, ("small_blind", "big_blind"), (small, big), strict=True)
        ]

    def _dealt_in(self, hand: SiteHand) -> list[Seat]:
        """The players dealt in: those with a line of play (a post, the
        level's blinds, cards, an action, a win; in the later layout, a
        summary line other than ``sits out``). PartyPoker lists every seat,
        the empty stacks and those sitting out too, and every player dealt
        in has a line: the play reaches each one but the big blind, who
        posts, unless all but one fold."""
        playing = self.playing | {post.name for post in hand.posts}
        return [seat for seat in hand.seats if seat.name in playing]

    def _seated_with_chips(self, hand: SiteHand, name: str, line: int) -> None:
        seat = next((seat for seat in hand.seats if seat.name == name), None)
        if seat is None or seat.stack <= 0:
            raise ConversionError(
                f"{name} plays with no chips in the seat list (joined the table during the hand?), "
                "so their stack is not known",
                line,
            )

    def _collected(self, hand: SiteHand) -> None:
        """What each player won, less the uncalled bet the site counts in it,
        and the rake: as the summary gives it, none in a tournament, else
        what went into the pot less what came back and what was won."""
        collected = [event for event in hand.events if event.kind == "collected"] + self.summary_collected
        hand.events = [event for event in hand.events if event.kind != "collected"]
        returned = _uncalled(hand.events, hand.posts)
        for name, amount in returned.items():
            line = next((event.line for event in collected if event.name == name), None)
            hand.events.append(Event("returned", line or self.first_line, name, amount))
            if line is not None:  # counted in what they win; else given back unsaid
                collected = _less(collected, name, amount, line)
        hand.events += collected
        if self.rake is not None:
            hand.rake = self.rake
        elif hand.tournament is not None or self.tournament is not None:
            hand.rake = Decimal(0)
        else:
            put_in = sum((post.amount for post in hand.posts), Decimal(0)) + _chips_in(hand.events, hand.posts)
            won = sum((event.amount for event in hand.events if event.kind in ("returned", "collected")), Decimal(0))
            if put_in >= won:
                hand.rake = put_in - won


def _with_amounts(events: list[Event], posts: list[Post]) -> list[Event]:
    """The events with each classic all-in made a call or a raise by what was
    bet before it on its street (the site writes only the chips added)."""
    street = _live_posts(posts)
    read: list[Event] = []
    for event in events:
        if event.kind == "board":
            street = {}
        elif event.kind in ("all_in", "call"):
            # A call of more than the bet: the big blind was all in for less, and
            # the site has the others call the full blind, which raises the bet.
            top = max(street.values(), default=Decimal(0))
            kind = "bet" if street.get(event.name, Decimal(0)) + event.amount > top else "call"
            event = Event(kind, event.line, event.name, event.amount)
        _add(street, event)
        read.append(event)
    return read


def _live_posts(posts: list[Post]) -> dict[str, Decimal]:
    street: dict[str, Decimal] = {}
    for post in posts:
        if post.kind not in ("ante", "dead"):
            street[post.name] = street.get(post.name, Decimal(0)) + post.amount
    return street


def _add(street: dict[str, Decimal], event: Event) -> None:
    """The chips the event puts in, added to the player's bet on the street."""
    if event.kind in ("call", "bet"):
        street[event.name] = street.get(event.name, Decimal(0)) + event.amount
    elif event.kind == "raise_to":
        street[event.name] = event.amount


def _uncalled(events: list[Event], posts: list[Post]) -> dict[str, Decimal]:
    """Per player, the part of a street's highest bet that nobody matched
    (everyone else folded or was all in for less): it goes back to them."""
    returned: dict[str, Decimal] = {}
    street = _live_posts(posts)
    for event in [*events, Event("board", 0)]:
        if event.kind == "board":
            bets = sorted(street.items(), key=lambda item: item[1], reverse=True)
            if bets and bets[0][1] > (bets[1][1] if len(bets) > 1 else Decimal(0)):
                name = bets[0][0]
                returned[name] = returned.get(name, Decimal(0)) + bets[0][1] - (bets[1][1] if len(bets) > 1 else 0)
            street = {}
        _add(street, event)
    return returned


def _chips_in(events: list[Event], posts: list[Post]) -> Decimal:
    """Every chip the actions put in (the posts apart)."""
    total = Decimal(0)
    street = _live_posts(posts)
    for event in events:
        if event.kind == "board":
            street = {}
        before = street.get(event.name, Decimal(0))
        _add(street, event)
        total += street.get(event.name, Decimal(0)) - before if event.name else 0
    return total


def _less(collected: list[Event], name: str, amount: Decimal, line: int) -> list[Event]:
    """What the player collected, less their uncalled bet (taken from their
    wins in order); the history must show them winning at least that."""
    left = amount
    kept: list[Event] = []
    for event in collected:
        if event.name == name and left > 0:
            taken = min(left, event.amount)
            left -= taken
            event = Event("collected", event.line, name, event.amount - taken)
            if event.amount == 0:
                continue
        kept.append(event)
    if left > 0:
        raise ConversionError(f"{name}'s uncalled bet of {amount} is not in what the history shows them winning", line)
    return kept


def _with_option(events: list[Event], hand: SiteHand) -> list[Event]:
    """The events with the big blind's check PartyPoker leaves out: when
    everyone else before the flop folds or is all in for no more than the
    big blind, the site deals on, but the rules (PokerKit's) still give the
    big blind their option, which they can only take by checking."""
    remaining = {seat.name: seat.stack for seat in hand.seats}
    for post in hand.posts:
        remaining[post.name] -= post.amount
    street = _live_posts(hand.posts)
    acted: set[str] = set()
    folded: set[str] = set()
    for index, event in enumerate(events):
        if event.kind == "board":
            waiting = [name for name in remaining if name not in folded and remaining[name] > 0]
            top = max(street.values(), default=Decimal(0))
            if len(waiting) == 1 and (name := waiting[0]) not in acted and street.get(name, Decimal(0)) >= top > 0:
                return [*events[:index], Event("check", event.line, name), *events[index:]]
            return events
        before = street.get(event.name, Decimal(0))
        _add(street, event)
        if event.name in remaining:
            remaining[event.name] -= street.get(event.name, Decimal(0)) - before
        acted.add(event.name)
        if event.kind == "fold":
            folded.add(event.name)
    return events


def _showdown(hand: SiteHand) -> None:
    """Refuse a showdown won by a player whose cards the history never
    shows (PartyPoker may say only ``wins ... with a pair of Aces``): the
    replay cannot show unknown cards, so it would muck them and give the
    pot to another player."""
    folded = {event.name for event in hand.events if event.kind == "fold"}
    still_in = [seat.name for seat in hand.seats if seat.name not in folded]
    if len(still_in) < 2:
        return
    shown = {event.name for event in hand.events if event.kind == "show"} | set(hand.known_cards)
    for event in hand.events:
        if event.kind == "collected" and event.name in still_in and event.name not in shown:
            raise ConversionError(
                f"{event.name} wins at the showdown but the history never shows their cards, "
                "which the replay needs to give them the pot",
                event.line,
            )
