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
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Seat, SiteHand
from phh_lsp.convert.reader import longest_first, player_at, read_each, seated
from phh_lsp.convert.sites.partypoker_amounts import amount_of, cards_of
from phh_lsp.convert.sites.partypoker_unsaid import HandFacts, RawPost

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
_STUD: Final = ("7 Card Stud Hi-Lo", "7 Card Stud", "Razz")
_UNSUPPORTED: Final = (
    *_STUD,
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
#: The verbs that open a line glued to the one before (:meth:`_unglued`).
_GLUED_VERBS: Final = r"(?:posts|folds|checks|calls|bets|raises|is |shows|wins|does not show|doesn't show)"
_CARDS: Final = r"\[\s*(?P<cards>[^\]]*?)\s*\]"
_SHOW: Final = re.compile(r"shows " + _CARDS + r".*")
_MUCK: Final = re.compile(r"doesn't show\s*" + _CARDS + r".*")
_WINS: Final = re.compile(
    r"wins (?:Lo \((?P<low>[^)]*)\)|(?P<amount>[$€£]?\s*\d[\d.,]*(?:\s*(?:[A-Z]{3}|chips))?))"
    r"(?:\s+from\s+(?!.* wins ).*)?\.?"  # not two wins run into one line by the Mac client
)
_DEALT: Final = re.compile(r"Dealt to (?P<name>.+?) " + _CARDS)
_BOARD: Final = re.compile(r"\*\* Dealing (?P<street>Flop|Turn|River) \*\*\s*:?\s*" + _CARDS)
#: What a seated player's line may say without moving chips or cards.
_SAYS_NOTHING: Final = re.compile(
    r"does not show cards\.?|is all-In\.|is sitting out\.?|has (?:joined|left) the table\.?|Forward Folds"
    r"|did not respond in time\.?|could not respond in time.*|will be using (?:his|her|their) time bank.*"
    r"|shows\s*[\dA-Z,]+\s+for low\.?|finished in .*|is connected\.?|is disconnected\.?|has returned\.?"
    r"|is disconnected\.? [Ww]e will wait\b.*\bto reconnect\b.*"
)
#: Lines that say nothing, whoever they name (players who are not seated too).
_NOTHING: Final = re.compile(
    r"Game #\d+ starts\.|#Game No : \d+|Trny: ?\d+ Level: ?\d+|(?:Blinds|Stakes)(?:-Antes)?\(.*\)"
    r"|Creating (?:Main|Side) Pot.*|>You have options at .*|Your time bank will be activated.*"
    r"|Player .+ finished in .*|.+ finished in \d+ place\.?|.+ has (?:joined|left) the table\.?"
    r"|.+ is sitting out\.?|\*\* Dealing down cards \*\*|Congratulations to player .+ for winning .*"
    r"|.*\bhigh memory use\b.*|.*\b[Ww]e will wait\b.*\bto reconnect\b.*"  # the client's notices
)
#: An action of someone the seat list does not name.
_UNSEATED: Final = re.compile(r"(?P<name>.+?) (?:posts|calls|bets|raises|checks|folds|is all-In|shows|wins)\b.*")
_JOINED: Final = re.compile(r"(?P<name>.+) has joined the table\.?")
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


def read_classic(lines: list[str], first_line: int, site: str, returns_in_wins: bool | None) -> SiteHand:
    """One hand in PartyPoker's classic layout, which another site writes
    too (888poker, once its lines are put in PartyPoker's words), read as
    the site named ``site``: the hand and the reasons it is refused say it.
    ``returns_in_wins``: whether the site counts an uncalled bet in what the
    bettor wins (None: told hand by hand by the pot)."""
    return _Reader([_stripped(line) for line in lines], first_line, returns_in_wins=returns_in_wins, site=site).read()


def _written(found: re.Match[str]) -> str | None:
    """The amount a line wrote, in brackets or in parentheses (an empty
    bracket is an amount left out, not none: it is refused, not read as 0)."""
    groups = found.groupdict()
    return groups.get("amount") if groups.get("amount") is not None else groups.get("paren")


@dataclass(slots=True)
class _Reader(HandFacts):
    """One hand's lines read into a SiteHand, keeping what later lines need."""

    #: The site the hand is read as (another site may write this layout).
    site: str = SITE

    def read(self) -> SiteHand:
        header = _START.match(self.lines[0])
        assert header is not None  # the hand was cut at this line
        self.summary_layout = "For Game" in self.lines[0]
        if len(self.lines) < 4:
            raise ConversionError("the hand ends before its seats", self.first_line)
        hand = self._header(header["id"])
        self._body(hand)
        self.finish(hand)
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
            site=self.site,
            first_line=self.first_line,
            hand_id=hand_id,
            variant=variant,
            seats=self.seats,
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
            raise ConversionError(f"the second line does not give the game and the date as {self.site} does", number)
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
        if unsupported in _STUD:  # what a stud replay needs first, PartyPoker leaves out
            reason = (
                f"PartyPoker's {unsupported} histories do not show the other players' up cards, which decide who"
                " brings in and who acts first: PHH cannot replay the hand without them"
            )
            raise ConversionError(reason, number)
        if unsupported is not None:
            raise ConversionError(f"{unsupported} is not supported yet (PartyPoker's {_SUPPORTED} are)", number)
        if "Double Hold'em" in game:
            raise ConversionError(f"PHH has no variant for Double Hold'em (PartyPoker's {_SUPPORTED} are read)", number)
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
                f"PHH has no variant for {_LIMITS[kind]} {name} (PartyPoker's {_SUPPORTED} are read)", number
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
                self.seats.append(Seat(int(seat["number"]), seat["name"], amount_of(seat["stack"], number)))
                self.names = longest_first(self.seats)
                continue
            section = "play"
            for line in self._unglued(text):
                self._play_line(line, number, hand)

    def _unglued(self, text: str) -> list[str]:
        """The lines the Mac client wrote as one, the second glued to the
        first's end (``is sitting outAnn posts big blind [$0,25 USD].``):
        cut where a seated player's name and a verb follow a word at once,
        never inside the first line's own name and verb, never in chat."""
        if not self.names or player_at(text, self.names, ": ") is not None:  # chat is never cut
            return [text]
        glued = re.compile(r"(?<=\S)(?=(?:" + "|".join(map(re.escape, self.names)) + r") " + _GLUED_VERBS + ")")
        cuts = [found.start() for found in glued.finditer(text) if " " in text[: found.start()]]
        return [text[start:end] for start, end in zip([0, *cuts], [*cuts, len(text)], strict=True)]

    def _play_line(self, text: str, number: int, hand: SiteHand) -> None:
        if board := _BOARD.fullmatch(text):
            self.events.append(Event("board", number, cards=cards_of(board["cards"], number)))
            return
        if dealt := _DEALT.fullmatch(text):
            name = seated(dealt["name"], self.names, number)
            self.known_cards[name] = cards_of(dealt["cards"], number)
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
            self._unseated_line(text, number, hand)
            return
        self._player_line(player, text[len(player) + 1 :], text, number)

    def _unseated_line(self, text: str, number: int, hand: SiteHand) -> None:
        if joined := _JOINED.fullmatch(text):
            self.joined.add(joined["name"])
            return
        if _NOTHING.fullmatch(text):
            return
        if found := _UNSEATED.fullmatch(text):
            name = found["name"]
            posts = _POST.fullmatch(text[len(name) + 1 :]) is not None
            self.joiner_seat(name, hand.seat_count if posts else None, hand.button, number)
            self.names = longest_first(self.seats)
            self._player_line(name, text[len(name) + 1 :], text, number)
            return
        raise ConversionError(f"`{text}` is not a line this converter understands", number)

    def _player_line(self, name: str, rest: str, text: str, number: int) -> None:
        if post := _POST.fullmatch(rest):
            if any(event.kind != "board" for event in self.events):
                raise ConversionError(f"{name} posts after the play has started", number)
            amount = amount_of(_written(post), number)
            self.posts.append(RawPost(name, post["what"], amount, number))
            self.playing.add(name)
            return
        for kind, pattern in _ACTIONS:
            if found := pattern.fullmatch(rest):
                written = _written(found)
                amount = amount_of(written, number) if written is not None else Decimal(0)
                self.events.append(Event(kind, number, name, amount))
                self.playing.add(name)
                return
        if found := _SHOW.fullmatch(rest):
            cards = cards_of(found["cards"], number)
            self.known_cards[name] = cards
            self.events.append(Event("show", number, name, cards=cards))
        elif found := _MUCK.fullmatch(rest):
            self.known_cards[name] = cards_of(found["cards"], number)
            self.events.append(Event("muck", number, name))
        elif found := _WINS.fullmatch(rest):
            self.events.append(Event("collected", number, name, amount_of(found["low"] or found["amount"], number)))
        elif rest.startswith("is sitting out") and _SAYS_NOTHING.fullmatch(rest):
            self.sitting_out.add(name)
            return
        elif _SAYS_NOTHING.fullmatch(rest):
            if _JOINED.fullmatch(text):
                self.joined.add(name)
            return
        else:
            raise ConversionError(f"`{rest}` is not a {self.site} action (in `{text}`)", number)
        self.playing.add(name)

    def _summary_line(self, text: str, number: int) -> None:
        """A line of the later layout's summary: the pots and rake, the board,
        each player's balance (what they collected, the cards they showed)."""
        if pot := _POT.fullmatch(text):
            self.rake = amount_of(pot["rake"], number) if pot["rake"] else None
            return
        if text.startswith("Board: "):
            return
        name = player_at(text, self.names, " ")
        balance = _BALANCE.fullmatch(text[len(name) + 1 :]) if name is not None else None
        if name is None or balance is None:
            if text.startswith(tuple(name + " Cashed out" for name in self.names)):
                raise ConversionError("a player cashes out of an all-in pot, which a PHH hand cannot hold", number)
            raise ConversionError(f"`{text}` is not a line of a {self.site} summary", number)
        rest = balance["rest"]
        if rest.startswith("sits out"):
            self.sitting_out.add(name)
            return
        self.playing.add(name)
        if collected := _COLLECTED.search(rest):
            self.summary_collected.append(Event("collected", number, name, amount_of(collected["amount"], number)))
        if cards := _SUMMARY_CARDS.search(rest):
            self.known_cards.setdefault(name, cards_of(cards["cards"], number))
