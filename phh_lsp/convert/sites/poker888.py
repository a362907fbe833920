"""888poker hand histories (Pacific Poker, Cassava): its lines put in
PartyPoker's words, then read by PartyPoker's classic reader.

888poker writes PartyPoker's classic layout with its own words:
``***** 888poker Hand History for Game 6551093 *****`` (or ``Cassava``,
``888.ro``, ``888poker.ca-on``, ``888poker Snap Poker``), the game and a
day-first date on the next line (``$0.01/$0.02 Blinds No Limit Holdem -
*** 04 02 2011 13:04:49``), ``Tournament #N … - Table #T`` for a
tournament's table, amounts in brackets as PartyPoker's (``raises [$0.07]``
gives the chips added), the currency after the amount or before it, with
or without a space (``0,01 $``, ``$ 25``, ``222,75$``), thousands written
``1,000``, ``8.000`` or ``741 370``, a ``** Summary **`` of what each player
``collected`` (the uncalled bet counted in it, as PartyPoker does).

Each line is put in PartyPoker's words, one for one (a line dropped is
left blank, so every line keeps its number), and read by
:func:`phh_lsp.convert.sites.partypoker.read_classic`, which works out the
uncalled bets and the rake as it does for PartyPoker. A game PHH has no
variant for (pot-limit hold'em, fixed-limit Omaha hi only, pot-limit Omaha
hi/lo) is refused here, by its name. This module holds only 888's words.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from decimal import Decimal
from functools import partial
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.reader import read_each
from phh_lsp.convert.sites.partypoker import read_classic

SITE: Final = "888poker"

_START: Final = re.compile(
    r"^\ufeff?\*{5} (?:888|Cassava|Pacific|LuckyAcePoker)[^*\n]*? Hand History for Game (?P<id>\d+) \*{5}", re.M
)
_GAME_LINE: Final = re.compile(
    r"(?P<small>[^/]*?) ?/ ?(?P<big>[^/]*?) Blinds (?P<game>.+?)(?: Jackpot table)? - \*\*\*"
    r" ?(?:(?P<day>\d{1,2}) (?P<month>\d{1,2}) (?P<year>\d{4}) (?P<time>\d{1,2}:\d{2}:\d{2}))?"
)
#: 888's games: PartyPoker's words for them, or None where PHH has no variant.
_GAMES: Final = {
    "No Limit Holdem": "NL Texas Hold'em",
    "Fix Limit Holdem": "FL Texas Hold'em",
    "Pot Limit Omaha": "PL Omaha",
    "Fix Limit OmahaHL": "FL Omaha Hi-Lo",
    "Pot Limit Holdem": None,
    "Fix Limit Omaha": None,
    "Pot Limit OmahaHL": None,
    "No Limit Omaha": None,
    "No Limit OmahaHL": None,
}
_TABLE: Final = re.compile(
    r"(?:Tournament #(?P<tournament>\d+)(?: .*? - Table #(?P<number>\S+)| .*?)??|Table (?P<table>.+?))"
    r"(?: (?P<max>\d+) Max)? \((?P<money>Real Money|Practice Play)\)"
)
_BOARD: Final = re.compile(r"\*\* Dealing (flop|turn|river) \*\*(.*)")
#: An amount in brackets: a currency symbol before or after it, thousands
#: apart by a space, a dot or a comma.
_BRACKETED: Final = re.compile(r"\[ ?([$€£]? ?\d[\d .,]*?(?: ?[$€£])?) ?\]")
_COLLECTED: Final = re.compile(r"(?P<name>.+?) collected \[ ?(?P<amount>[^\]]*?) ?\]")
#: ``X mucks [ Td, 9d ]``: cards 888 names, shown where X collects (a side pot), else mucked.
_MUCKS: Final = re.compile(r"(?P<name>.+?) mucks \[(?P<cards>.*)")
_DEAD_AND_BIG: Final = re.compile(r"(?P<name>.+?) posts dead blind \[(?P<dead>[^\]+]+?) \+ (?P<big>[^\]]+?)\]")
_NAMELESS: Final = re.compile(r"Seat \d+: +\(")
_SEAT: Final = re.compile(r"(?P<seat>Seat \d+: .+?) \( ?(?P<chips>[^()]*?) ?\)")
#: 888's clients write the cards in the player's language: the ranks of
#: Dutch (heer, vrouw, boer), Swedish (knekt, dam, ess), German (bube,
#: dame) and Russian (валет, дама, король, туз, also as their cp1251 bytes
#: read as Latin-1: ``Âh``), German's suits (``8Pik``), and the ten as
#: ``10`` (``10Herz``, the German client). Each is unambiguous.
_RANKS: Final = {"10": "T", "H": "K", "V": "Q", "B": "J", "D": "Q", "E": "A", "Kn": "J"} | dict(
    zip("\u0412\u0414\u041a\u0422ÂÄÊÒ", "JQKAJQKA", strict=True)
)
_SUITS: Final = {"Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c"}
#: Spanish suits: picas, tréboles, corazones (its ``c`` is hearts), diamantes.
#: A hand is Spanish where any of its cards is ``p`` or ``t`` (``[ Ac, Kd ]``
#: alone could be English): then each ``c`` is hearts.
_SPANISH_SUITS: Final = {"p": "s", "t": "c", "c": "h"}
_SPANISH: Final = re.compile(r"\[ ?(?:[^\]]*[ ,])?(?:10|[2-9TJQKA])[pt](?:[ ,][^\]]*)?\]")
_CARD: Final = re.compile(
    r"(?P<rank>10|Kn|[2-9TJQKAHVBDE\u0412\u0414\u041a\u0422ÂÄÊÒ])(?P<suit>[shdcpt]|Pik|Herz|Karo|Kreuz)"
)
_CARDS: Final = re.compile(r"\[ ?(?P<cards>[^\]\d$€£][^\]]*?) ?\]")
_LONE: Final = re.compile(r"#Game No : \d+|\*\* Summary \*\*|\((?:Hi|Lo): .*\)")


def is_888poker(text: str) -> bool:
    """Whether the text holds 888poker hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from read_each(text, _START, _read_hand, _START)


def _read_hand(lines: list[str], first_line: int) -> SiteHand:
    if len(lines) < 3:
        raise ConversionError("the hand ends before its table", first_line)
    game = _GAME_LINE.fullmatch(lines[1].strip())
    if game is None:
        raise ConversionError(
            "the second line does not give the stakes, the game and the date as 888poker does", first_line + 1
        )
    table = _TABLE.fullmatch(lines[2].strip())
    if table is None:
        raise ConversionError("the third line does not name the table", first_line + 2)
    if nameless := next((index for index, line in enumerate(lines) if _NAMELESS.match(line)), None):
        raise ConversionError(
            f"the export leaves out the players' names (`{lines[nameless].strip()}`): "
            "who posts, bets and wins cannot be told",
            first_line + nameless,
        )
    words = [f"***** Hand History for Game {_START.match(lines[0])['id']} *****"]  # type: ignore[index]
    words.append(_game_line(game, table["tournament"], first_line + 1))
    name = table["table"] or table["number"]
    words.append(f"Table {name or '?'} ({'Play' if table['money'] == 'Practice Play' else 'Real'} Money)")
    suits = _SPANISH_SUITS if any(_SPANISH.search(line) for line in lines[3:]) else _SUITS
    collectors = {found["name"] for line in lines if (found := _COLLECTED.fullmatch(line.strip()))}
    words += _not_dealt_in([_in_party_words(line.strip(), suits, collectors) for line in lines[3:]])
    hand = read_classic(words, first_line, SITE, returns_in_wins=None)
    if game["year"] is None:  # 888.ro writes no date: the placeholder given the reader is no fact
        hand.date = hand.time = None
    hand.table = name
    hand.seat_count = int(table["max"]) if table["max"] else None
    symbol = next((char for char in lines[1] if char in "$€£"), None)
    if hand.tournament is None and symbol is not None:
        hand.currency_symbol = symbol
        hand.currency = {"$": "USD", "€": "EUR", "£": "GBP"}[symbol]
    return hand


def _game_line(game: re.Match[str], tournament: str | None, number: int) -> str:
    """The game line in PartyPoker's classic words (stakes, game, a date
    with its weekday), or the hand refused where PHH has no variant for it."""
    name = game["game"]
    if name not in _GAMES:
        raise ConversionError(f"`{name}` is not a game 888poker deals that can be converted", number)
    party = _GAMES[name]
    if party is None:
        raise ConversionError(f"PHH has no variant for {name}", number)
    try:
        day = datetime.date(int(game["year"] or 1970), int(game["month"] or 1), int(game["day"] or 1))
    except ValueError:
        raise ConversionError(f"`{game['day']} {game['month']} {game['year']}` is not a date", number) from None
    small, big = _plain(game["small"]), _plain(game["big"])
    if party.startswith("FL"):  # a limit game named by its blinds: the small bet is the big blind
        small, big = big, _plain(str(2 * Decimal(big))) if re.fullmatch(r"\d+(?:\.\d+)?", big) else big
    trny = f" Tournament #{tournament}" if tournament else ""
    when = game["time"] or "0:00:00"
    return f"{small}/{big} {party}{trny} - {day:%A}, {day:%B} {day.day}, {when} {day.year}"


def _plain(raw: str) -> str:
    """An amount without its currency symbol and thousands separators
    (``8.000 $`` is 8000, ``0,01 $`` is 0.01, ``741 370`` is 741370)."""
    number = re.sub(r"[$€£\s]", "", raw)
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", number):
        return re.sub(r"[.,]", "", number)
    return str(Decimal(number.replace(",", "."))) if re.fullmatch(r"\d+(?:[.,]\d+)?", number) else raw


def _not_dealt_in(lines: list[str]) -> list[str]:
    """The lines with a fold before the cards are dealt said as what it is:
    888 writes ``Dora folds`` among the blinds for a seated player who is
    not dealt in, which PartyPoker writes ``Dora is sitting out``."""
    dealt = next((index for index, line in enumerate(lines) if line == "** Dealing down cards **"), 0)
    return [
        line.removesuffix(" folds") + " is sitting out" if line.endswith(" folds") else line for line in lines[:dealt]
    ] + lines[dealt:]


def _in_party_words(text: str, suits: dict[str, str], collectors: set[str]) -> str:
    """A line in PartyPoker's classic words (blank where it says nothing);
    ``collectors``: the players who collect in the hand."""
    if _LONE.fullmatch(text):
        return ""
    # Swedish thousands: `2\u00a0250\u00a0$`
    text = _CARDS.sub(partial(_english_cards, suits=suits), text).replace("\u00a0", " ")
    if board := _BOARD.fullmatch(text):
        return f"** Dealing {board[1].capitalize()} **{board[2]}"
    if collected := _COLLECTED.fullmatch(text):
        return f"{collected['name']} wins {_plain(collected['amount'])}"
    text = _BRACKETED.sub(lambda found: f"[{_plain(found[1])}]", text)
    if seat := _SEAT.fullmatch(text):
        return f"{seat['seat']} ( {_plain(seat['chips'])} )"
    if dead := _DEAD_AND_BIG.fullmatch(text):  # the small blind dead, the big blind live
        small, big = Decimal(_plain(dead["dead"])), Decimal(_plain(dead["big"]))
        if not big:  # `[$25 + $0]`: the small blind owed, alone
            return f"{dead['name']} posts dead blind [{small}]"
        return f"{dead['name']} posts big blind + dead [{small + big}]"
    if text.endswith(" did not show his hand"):
        return text.removesuffix(" did not show his hand") + " does not show cards."
    if muck := _MUCKS.fullmatch(text):  # 888 shows the cards of a player who mucks and collects
        verb = "shows" if muck["name"] in collectors else "doesn't show"
        return f"{muck['name']} {verb} [{muck['cards']}"
    return text


def _english_cards(found: re.Match[str], suits: dict[str, str]) -> str:
    """A bracket of cards in English (``[ 8Pik, QKaro ]`` is ``[ 8s, Qd ]``);
    left as written where one of them is no card in any language."""
    cards = [_CARD.fullmatch(card.strip()) for card in found["cards"].split(",")]
    if not all(cards):
        return found[0]
    english = ", ".join(
        _RANKS.get(card["rank"], card["rank"]) + suits.get(card["suit"], card["suit"]) for card in cards if card
    )
    return f"[ {english} ]"
