"""WPN's older layout (2014-2019), its lines put in PokerStars' words and
read by that layout's reader, as WPN's current layout is (:mod:`wpn`).

The clients wrote each hand as ``Game started at: 2016/9/13 20:1:5``,
``Game ID: 727152195 20/40 (PRR) Urayuli (Omaha HiLow)``, ``Seat 2 is the
button``, seats as ``Seat 1: Lou (412.50).``, then a player's lines
after the word ``Player`` (``Player Ann has small blind (10)``, ``Player
Ann raises (40)``), a summary (``------ Summary ------``, ``Pot: 277. Rake
2.76. JP fee 0.24``) whose lines give each player's chips back
(``*Player Ann shows: … [Ah 2s Kd Qc]. Bets: 120. Collects: 138.50. Wins:
18.50.``) and ``Game ended at: …``, often with the next hand's first line
run into it.

What the words do not say plainly, read as the clients meant it:

- the betting: the first line never names it. A big blind equal to the
  header's first figure (``20/40``, blinds 10/20) is a fixed-limit game
  (whose small and big bets are the header's figures), else Omaha is pot
  limit and hold'em no limit; FPDB reads these files by the same rule.
- an amount is the chips added by that action (``Player Ann raises (40)``
  puts 40 more in; ``calls (30)`` after a small blind of 10 makes 40): each
  raise is written as the street's total it reaches, as PokerStars does,
  by counting each player's chips on the street (no betting rule: PokerKit
  judges the actions).
- a player dealt no cards (``sitting out``, ``wait BB``) is not dealt in.

Each line keeps its number: the hand is read in PokerStars' words, one
line or more for each of the history's lines, and every line the reader
names (an action, a refusal) is given back as the history's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.reader import guarded, hands_at, read_amount
from phh_lsp.convert.sites.pokerstars import read_layout

#: A hand's first line, at the start of a line or run into the line before
#: (``Game ended at: 2016/6/21 21:8:21Game started at: …``).
START: Final = re.compile(r"(?:^|(?<=\S))\ufeff?Game started at: \d{4}/\d{1,2}/\d{1,2} ", re.M)
_WHEN: Final = re.compile(r"\ufeff?Game started at: (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<h>\d+):(?P<m>\d+):(?P<s>\d+)")
_ID: Final = re.compile(
    r"Game ID: (?P<id>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) (?P<table>.*?) ?"
    r"\((?P<game>Hold'em|Six Plus Hold'em|Omaha|Omaha HiLow|Seven Cards Stud|Seven Cards Stud HiLow)\)"
    r"(?: (?P<max>\d+)-max)?"
)
_GAMES: Final = {
    "Hold'em": "Hold'em",
    "Six Plus Hold'em": "6+ Hold'em",
    "Omaha": "Omaha",
    "Omaha HiLow": "Omaha Hi/Lo",
    "Seven Cards Stud": "7 Card Stud",
    "Seven Cards Stud HiLow": "7 Card Stud Hi/Lo",
}
#: Stud's streets, named by the card dealt last before them: ``Third street``
#: is the fourth card's betting round, in PokerStars' words ``4th STREET``.
_STUD_STREETS: Final = {
    "*** Third street ***": "*** 4th STREET ***",
    "*** Fourth street ***": "*** 5th STREET ***",
    "*** Fifth street ***": "*** 6th STREET ***",
    "*** Sixth street ***": "*** RIVER ***",
}
_BIG_BLIND: Final = re.compile(r"Player .* has big blind \(([\d.,]+)\)")
_BUTTON: Final = re.compile(r"Seat (\d+) is the button")
_SEAT: Final = re.compile(r"Seat (?P<number>\d+): (?P<name>.*) \((?P<chips>[\d.,]+)\)\.?")
#: A tournament's table: ``$10 Freeroll - On Demand, Table 18``.
_TOURNAMENT_TABLE: Final = re.compile(r".*, Table \d+")
_AMOUNT: Final = r" \((?P<amount>[\d.,]+)\)"
#: A player's line after ``Player <name> ``: its kind and its pattern.
_PLAYER: Final = (
    ("small", re.compile(r"has small blind" + _AMOUNT)),
    ("big", re.compile(r"has big blind" + _AMOUNT)),
    ("dead", re.compile(r"posts" + _AMOUNT + r" as a dead bet")),
    ("posts", re.compile(r"posts" + _AMOUNT)),
    ("ante", re.compile(r"(?:posts )?ante" + _AMOUNT)),
    ("straddle", re.compile(r"straddle" + _AMOUNT)),
    ("bring_in", re.compile(r"bring in" + _AMOUNT)),
    ("card", re.compile(r"received (?:a )?card(?:\.|: \[(?P<card>[^\]]+)\])")),
    ("fold", re.compile(r"folds")),
    ("check", re.compile(r"checks")),
    ("call", re.compile(r"calls" + _AMOUNT)),
    ("bet", re.compile(r"bets" + _AMOUNT)),
    ("raise", re.compile(r"(?:raises|caps|cap)" + _AMOUNT)),
    ("allin", re.compile(r"allin(?:" + _AMOUNT + r")?")),
    ("disconnected", re.compile(r"is disconnected and ALL IN\.?")),
    ("muck", re.compile(r"mucks cards")),
    ("nothing", re.compile(r"sitting out|wait BB|is timed out\.?|is connected\.?|is disconnected\.?")),
)
#: A summary's line for a player: the cards shown, and the chips collected.
_RESULT: Final = re.compile(
    r"\*?Player (?P<rest>.+?) ?(?:\.|(?<=\)))\s*Bets: (?P<bets>[\d.,]+)\. "
    r"Collects: (?P<collects>[\d.,]+)\. (?:Wins|Loses): [\d.,]+\.?"
)
_SHOWN: Final = re.compile(r"shows: .*?\[(?P<cards>[^\]]+)\](?: Low hand \([^)]*\))?")
_POT: Final = re.compile(r"Pot: (?P<pot>[\d.,]+?)\.?(?: Rake (?P<rake>[\d.,]+?)\.?)?(?: JP fee (?P<fee>[\d.,]+?)\.?)?")
_BOARD: Final = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*:(?P<cards>.*)")
_RETURNED: Final = re.compile(r"Uncalled bet \((?P<amount>[\d.,]+)\) returned to (?P<name>.+)")
_SAY_NOTHING: Final = re.compile(
    r"------ Summary ------|Board: .*|Game ended at: .*|\ufffd+"  # a UTF-16 export's stray last byte
    r"|Player .*?(?:sitting out|wait BB|is timed out\.?|is connected\.?|is disconnected\.?)"  # a player's news
)
#: A line of a player the history does not name (``Player  has big blind (2)``).
_NAMELESS: Final = re.compile(r"Player  \S.*")
_CANCELLED: Final = "WPN cancelled this hand: nobody was dealt a card, and the chips posted went back (`{line}`)"
_DISCONNECTED: Final = (
    "PHH has no notation for a player kept in the hand all in while their chips stay behind "
    "(WPN's protection of a disconnected player: `{line}`)"
)


def read_hands(text: str, site: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of a file in the older layout, read, or the reason it
    cannot be, in order; a failed hand named by its ``Game ID``."""
    for first_line, lines in hands_at(text, START):
        hand_id = next((found["id"] for line in lines[1:4] if (found := _ID.match(line.strip()))), None)
        yield guarded(partial(_read_hand, lines, first_line, site), first_line, hand_id)


def _read_hand(lines: list[str], first_line: int, site: str) -> SiteHand:
    """The hand read in PokerStars' words, every line it names the history's."""
    words, numbers = _Words.of(lines, first_line).written()
    (read,) = read_layout("\n".join(words) + "\n", re.compile(r"^PokerStars Hand #"), re.compile(r"#(\d+)"), site, 0)
    if isinstance(read, ConversionError):
        read.line = numbers[min(read.line, len(numbers)) - 1]
        raise read
    read.first_line = first_line
    for event in read.events:
        event.line = numbers[event.line - 1]
    return read


@dataclass
class _Words:
    """One hand's lines in PokerStars' words, each with the number of the
    history's line it says (:meth:`written`)."""

    first_line: int
    words: list[str] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    street: dict[str, Decimal] = field(default_factory=dict)
    put: dict[str, Decimal] = field(default_factory=dict)
    stacks: dict[str, Decimal] = field(default_factory=dict)
    big: Decimal | None = None
    shows: list[tuple[int, str]] = field(default_factory=list)
    collects: list[tuple[int, str]] = field(default_factory=list)
    summary: list[tuple[int, str]] = field(default_factory=list)
    stud: bool = False
    dealing: bool = False
    opening: bool = True
    held: dict[str, list[str]] = field(default_factory=dict)
    new: dict[str, list[str]] = field(default_factory=dict)
    symbol: str = ""
    cap: Decimal | None = None
    limit: bool = False

    @classmethod
    def of(cls, lines: list[str], first_line: int) -> _Words:
        """The hand's lines, read one by one (blank ones say nothing)."""
        words = cls(first_line)
        entries = [
            (first_line + index, text) for index, line in enumerate(lines) if (text := line.strip().lstrip("\ufeff"))
        ]
        texts = [text for _, text in entries]
        start = words.heading(entries)
        dealt = _dealt(texts, words.names)
        last_cards = _last_cards(texts, words.names)
        _whole(entries, words.names)
        for index, (number, text) in enumerate(entries[start:], start=start):
            if seat := _SEAT.fullmatch(text):
                out = "" if not dealt or seat["name"] in dealt else " is sitting out"
                words.add(number, f"Seat {seat['number']}: {seat['name']} ({seat['chips']} in chips){out}")
            elif text.startswith("Player ") and (found := words.player(text)):
                name, kind, match = found
                if kind == "card":
                    words.card(number, name, match["card"], index in last_cards)
                else:
                    words.action(number, name, kind, match, text)
            elif result := _RESULT.fullmatch(text):
                words.result(number, result)
            elif pot := _POT.fullmatch(text):
                words.summary = [(number, "*** SUMMARY ***"), (number, _total_pot(pot, texts, number))]
            elif board := _BOARD.fullmatch(text):
                if not board["cards"].strip():
                    raise ConversionError(f"`{text}` deals no cards: the history lost the board", number)
                words.street = {}
                words.add(number, f"*** {board['street']} ***{_cards(board['cards'], ' ')}")
            elif stud_street := _STUD_STREETS.get(text):
                words.street, words.opening = {}, False
                words.add(number, stud_street)
            elif _NAMELESS.fullmatch(text) and not _SAY_NOTHING.fullmatch(text):
                raise ConversionError(f"a player the history names with no name and no seat plays: `{text}`", number)
            elif returned := _RETURNED.fullmatch(text):
                words.add(number, f"Uncalled bet ({returned['amount']}) returned to {returned['name']}")
            elif not _SAY_NOTHING.fullmatch(text):
                raise ConversionError(f"`{text}` is not a line this converter understands", number)
        return words

    def card(self, number: int, name: str, card: str | None, last: bool) -> None:
        """A card dealt to a player: the deal opens the first street; a
        player's cards seen on a street are written once, at their last."""
        if not self.dealing:
            self.add(number, "*** 3rd STREET ***" if self.stud else "*** HOLE CARDS ***")
            self.dealing = True
        if card:
            self.new.setdefault(name, []).append(_cards(card))
        if not last or not (new := self.new.pop(name, [])):
            return
        held = self.held.setdefault(name, [])
        if not self.stud or self.opening:
            self.add(number, f"Dealt to {name} [{' '.join(held + new)}]")
        else:
            self.add(number, f"Dealt to {name} [{' '.join(held)}] [{' '.join(new)}]")
        held += new

    def written(self) -> tuple[list[str], list[int]]:
        """The lines in PokerStars' words, the summary last, and their numbers.
        A capped table (``- CAP -``) writes no cap: it is the chips the first
        player to ``caps`` has put in the hand then, written as PokerStars
        writes a cap (``($2/$4 - $80 Cap - USD)``)."""
        if self.cap is not None:
            self.words[0] = re.sub(
                r" \((.*?)( USD)?\) - ", rf" (\1 - {self.symbol}{self.cap} Cap -\2) - ", self.words[0], count=1
            )
        for number, text in self.shows + self.collects + self.summary:
            self.add(number, text)
        return self.words, self.numbers

    def add(self, number: int, text: str) -> None:
        self.words.append(text)
        self.numbers.append(number)

    def heading(self, entries: list[tuple[int, str]]) -> int:
        """The first line and the table's: the game, its betting and stakes,
        the date, the table and the button's seat (a stud table has none).
        How many of the hand's lines they take."""
        when = _WHEN.match(entries[0][1])
        game = _ID.fullmatch(entries[1][1]) if len(entries) > 1 else None
        if when is None or game is None:
            line = entries[0][0] if when is None or len(entries) < 2 else entries[1][0]
            raise ConversionError("the hand's first lines are not WPN's `Game started at:` and `Game ID:`", line)
        self.stud = game["game"].startswith("Seven")
        button = _BUTTON.fullmatch(entries[2][1]) if len(entries) > 2 else None
        if button is None and not self.stud:
            raise ConversionError(
                "the third line does not name the button's seat", entries[min(2, len(entries) - 1)][0]
            )
        texts = [text for _, text in entries]
        seats = [found for text in texts if (found := _SEAT.fullmatch(text))]
        self.names = sorted((seat["name"] for seat in seats if seat["name"]), key=len, reverse=True)
        self.stacks = {seat["name"]: read_amount(seat["chips"], self.first_line) for seat in seats}
        big = next((found[1] for text in texts if (found := _BIG_BLIND.fullmatch(text))), None)
        self.big = None if big is None else read_amount(big, self.first_line)
        fixed = self.big is not None and self.big == read_amount(game["small"], entries[1][0])
        limit = "Limit" if self.stud or fixed else None
        self.limit = limit is not None  # a limit table's ``caps`` is the last raise, no cap of the stacks
        limit = limit or ("Pot Limit" if "Omaha" in game["game"] else "No Limit")
        # a tournament's chips and play money (``PM Hold`em 5/10``) are no currency
        chips = game["table"] == "" or game["table"].startswith("PM ") or _TOURNAMENT_TABLE.fullmatch(game["table"])
        symbol, currency = ("", "") if chips else ("$", " USD")
        stakes = f"{symbol}{game['small']}/{symbol}{game['big']}{currency}"
        self.symbol = symbol
        clock = f"{when['h']}:{int(when['m']):02}:{int(when['s']):02}"
        name = _GAMES[game["game"]]
        self.add(self.first_line, f"PokerStars Hand #{game['id']}: {name} {limit} ({stakes}) - {when['date']} {clock}")
        seat_count = f" {game['max']}-max" if game["max"] else ""
        at = f" Seat #{button[1]} is the button" if button else " "
        self.add(entries[1][0], f"Table '{game['table'] or game['id']}'{seat_count}{at}")
        return 2 if button is None else 3

    def player(self, text: str) -> tuple[str, str, re.Match[str]] | None:
        """A player's line: who, its kind and what it says."""
        for name in self.names:
            if text.startswith(f"Player {name} "):
                rest = text[len(name) + 8 :]
                for kind, pattern in _PLAYER:
                    if found := pattern.fullmatch(rest):
                        return name, kind, found
        return None

    def action(self, number: int, name: str, kind: str, found: re.Match[str], text: str) -> None:
        """A post or an action in PokerStars' words, each amount the street's
        chips it brings the player to where PokerStars writes a total."""
        amount = read_amount(found["amount"], number) if "amount" in found.groupdict() and found["amount"] else None
        before = self.street.get(name, Decimal(0))
        top = max(self.street.values(), default=Decimal(0))
        if kind == "disconnected":
            raise ConversionError(_DISCONNECTED.format(line=text), number)
        if kind == "allin" and amount is None:
            amount = self.stacks.get(name, Decimal(0)) - self.put.get(name, Decimal(0))
        if kind == "nothing":
            return
        if kind in ("fold", "check"):
            self.add(number, f"{name}: {kind}s")
            return
        if kind == "muck":
            self.add(number, f"{name}: mucks hand")
            return
        assert amount is not None
        if kind != "ante":
            self.put[name] = self.put.get(name, Decimal(0)) + amount
        if kind in ("ante", "dead"):
            self.add(number, f"{name}: posts {'the ante' if kind == 'ante' else 'missed blind'} {amount}")
            return
        self.street[name] = before + amount
        if kind == "raise" and found.group(0).startswith("cap") and self.cap is None and not self.limit:
            self.cap = self.put[name]
        if kind == "bring_in":
            self.add(number, f"{name}: brings in for {amount}")
            return
        if kind in ("small", "big", "straddle", "posts"):
            # a post out of the blinds' seats is live: ``posts (5)`` then ``calls (5)`` make 10
            big = kind == "big" or (kind == "posts" and amount == self.big)
            what = "straddle" if kind == "straddle" else "big blind" if big else "small blind"
            self.add(number, f"{name}: posts {what} {amount}")
            return
        all_in = " and is all-in" if kind == "allin" else ""
        if kind == "call" or (kind == "allin" and before + amount <= top):
            self.add(number, f"{name}: calls {amount}{all_in}")
        elif kind == "bet" or (kind == "allin" and top == 0):
            self.add(number, f"{name}: bets {amount}{all_in}")
        else:
            self.add(number, f"{name}: raises {before + amount - top} to {before + amount}{all_in}")

    def result(self, number: int, found: re.Match[str]) -> None:
        """A summary's line for a player: the cards shown, the chips collected."""
        rest = found["rest"]
        name = next((name for name in self.names if rest.startswith(name + " ")), None)
        if name is None:
            return
        if shown := _SHOWN.match(rest[len(name) + 1 :]):
            self.shows.append((number, f"{name}: shows [{_cards(shown['cards'])}]"))
        collects = read_amount(found["collects"], number)
        if collects > 0:
            self.collects.append((number, f"{name} collected {collects} from pot"))


def _dealt(texts: list[str], names: list[str]) -> set[str]:
    """The players dealt cards (``received a card``); none when no line says."""
    return {name for text in texts for name in names if text.startswith(f"Player {name} received ")}


def _total_pot(pot: re.Match[str], texts: list[str], number: int) -> str:
    """The summary's pot line in PokerStars' words: the pot, the rake and
    the jackpot's fee. The players' ``Bets:`` add up to the pot with every
    cut: what is cut beyond the rake and fee written (2014's jackpot tables
    take 0.25 and write no fee) is the jackpot's too."""
    pot_chips, rake, fee = (read_amount(pot[key] or "0", number) for key in ("pot", "rake", "fee"))
    bets = sum((read_amount(found["bets"], number) for text in texts if (found := _RESULT.fullmatch(text))), Decimal(0))
    fee = max(fee, bets - pot_chips - rake)
    return f"Total pot {pot_chips + rake + fee} | Rake {rake}" + (f" | Jackpot {fee}" if fee else "")


def _whole(entries: list[tuple[int, str]], names: list[str]) -> None:
    """Refuse a hand that is no hand: one WPN cancelled (a blind posted and
    returned, no card dealt), or one cut off before its summary has a line
    for every seat (the layout writes one for each)."""
    texts = [text for _, text in entries]
    if not any(" received " in text for text in texts) and any(_RETURNED.fullmatch(text) for text in texts):
        number, text = next(entry for entry in entries if _RETURNED.fullmatch(entry[1]))
        raise ConversionError(_CANCELLED.format(line=text), number)
    results = sum(1 for text in texts if _RESULT.fullmatch(text))
    if not any(text.startswith("Game ended at: ") for text in texts) and results < len(names):
        number, text = entries[-1]
        raise ConversionError(f"the hand is cut off at `{text}`: its summary stops before every seat's line", number)


def _last_cards(texts: list[str], names: list[str]) -> set[int]:
    """The lines of each player's last card on each street: where the
    cards they were dealt there are written, once."""
    last: dict[str, int] = {}
    found: set[int] = set()
    for index, text in enumerate(texts):
        if text.startswith("*** "):
            found |= set(last.values())
            last = {}
        elif " received " in text and (
            name := next((n for n in names if text.startswith(f"Player {n} received ")), None)
        ):
            last[name] = index
    return found | set(last.values())


def _cards(raw: str, before: str = "") -> str:
    """Cards as PokerStars writes them: ``10h`` is ``Th``; a board's brackets kept."""
    cards = re.sub(r"\b10(?=[cdhs])", "T", raw.strip())
    return f"{before}{cards}" if cards else ""
