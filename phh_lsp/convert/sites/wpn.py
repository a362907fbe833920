"""Winning Poker Network hand histories (Americas Cardroom, BlackChip,
Ya Poker, …): its lines put in PokerStars' words, then read by that
layout's reader.

WPN's clients write the PokerStars layout in their own words:
``Hand #784383001 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:42:26
UTC`` (``Game Hand #… - $5,000 GTD Tournament #… - Holdem(No Limit) -
Level 10 (3000.00/6000.00)- …`` in a tournament), the table without
``Table '…'``, seats as ``($5.07)``, a player's name and verb with no colon
(``Player6 posts the small blind $0.02``, ``Player8 posts dead $0.07``), a
``Main pot $0.17 | Rake $0.00`` line after each street (the summary's
``Total pot`` then has no rake), ``JP Fee`` for the jackpot's cut, and,
now and then, a hand's first line run into the last line of the hand
before it. Each line is put in PokerStars' words, line for line (a line
dropped is left blank, so every line keeps its number), and read by
:func:`phh_lsp.convert.sites.pokerstars.read_layout`, which writes every
uncalled bet as returned. This module holds only WPN's words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.sites.pokerstars import read_layout

SITE: Final = "WPN"

#: A hand's first line, at the start of a line or run into the line before.
_OPENING: Final = r"(?:Game )?Hand #\d+ -(?: |$)"
_START: Final = re.compile(r"^\ufeff?" + _OPENING, re.M)
#: Run into the line before, a first line is told by its date too.
_GLUED: Final = re.compile(r"(?P<before>.*?\S)(?P<header>" + _OPENING + r"(?=.*\d{4}/).*)")
_READ_START: Final = re.compile(r"^PokerStars Hand #", re.M)
_HAND_ID: Final = re.compile(r"PokerStars Hand #(\d+)")
_HEADER: Final = re.compile(
    r"\ufeff?(?:Game )?Hand #(?P<id>\d+) - (?:.*?Tournament #(?P<tournament>\d+) - )?"
    r"(?P<game>[^()]+?) ?\((?P<limit>[^)]*)\) - "
    r"(?:Level (?P<level>\d+) \((?P<blinds>[^)]*)\) ?- |(?P<stakes>\S+/\S+) - )"
    r"(?P<when>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2})(?: (?P<zone>\w+))?"
)
#: WPN's games in PokerStars' words.
_GAMES: Final = {
    "holdem": "Hold'em",
    "6+ holdem": "6+ Hold'em",
    "omaha": "Omaha",
    "omaha h/l": "Omaha Hi/Lo",
    "5card omaha": "5 Card Omaha",
    "5card omaha h/l": "5 Card Omaha Hi/Lo",
    "5card omaha reshuffle": "5 Card Omaha",
    "7stud": "7 Card Stud",
    "7stud h/l": "7 Card Stud Hi/Lo",
}
_LIMITS: Final = {"No Limit": "No Limit", "Pot Limit": "Pot Limit", "Fixed Limit": "Limit"}
_TABLE: Final = re.compile(r"(?:Table )?'?(?P<table>.+?)'? (?P<rest>\d+-max Seat #\d+ is the button)")
_SEAT: Final = re.compile(r"(?P<seat>Seat \d+: .+?) \((?P<chips>[^()]*\d)\)(?P<rest>.*)")
_VERBS: Final = (
    r"(?:posts|folds|checks|calls|bets|raises|shows|mucks|does not show|sits out|brings in|collected|caps)\b"
)
_POSTS: Final = (
    (" posts the small blind ", " posts small blind "),
    (" posts the big blind ", " posts big blind "),
    (" posts ante ", " posts the ante "),
)
_DEAD: Final = re.compile(r"posts dead (?P<amount>\D*(?P<number>[\d,.]+))")
_POT_RAKE: Final = re.compile(r"Main pot (?:.*\| Rake (?P<rake>\S+).*|.*)")
_WON: Final = re.compile(
    r"Seat \d+: (?P<name>.+?)(?: \([^)]*\))? (?:did not show|showed \[[^\]]*\]) and won (?P<amount>\S+).*"
)
_STREET: Final = re.compile(r"\*\*\* (FLOP|TURN|RIVER|SHOW DOWN) \d \*\*\*(.*)")
_SIDE_POT: Final = re.compile(r"from (side|main) pot (\d+)$")


def is_wpn(text: str) -> bool:
    """Whether the text holds WPN hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    words = "\n".join(_in_pokerstars_words(text.split("\n")))
    yield from read_layout(words, _READ_START, _HAND_ID, SITE, returns_from=0)  # always written


def _in_pokerstars_words(lines: list[str]) -> Iterator[str]:
    """Each line in PokerStars' words, one for one, hand by hand. A first
    line run into the line before it stands alone (the summary line it ends
    says nothing the hand's lines did not)."""
    hand: list[str] = []
    for line in lines:
        text = line.strip().lstrip("\ufeff")
        if (glued := _GLUED.fullmatch(text)) and not _START.match(text):
            text = glued["header"]
        if _START.match(text) and hand:
            yield from _hand_in_pokerstars_words(hand)
            hand = []
        hand.append(text)
    yield from _hand_in_pokerstars_words(hand)


def _hand_in_pokerstars_words(lines: list[str]) -> Iterator[str]:
    """A hand's lines in PokerStars' words; the names of its seats (longest
    first) tell where a player's name ends and its verb begins. A hand won
    without a ``collected`` line (only the summary's ``did not show and won
    $0.25``) gets one where its summary begins, which then begins a line
    later, without the rake (the summary's first line)."""
    names: list[str] = []
    big = Decimal(0)
    rake = ""
    verb = re.compile(_VERBS)
    winners = [found for line in lines if (found := _WON.fullmatch(line))]
    # one line for one: the collected line comes in on the summary's line, whose
    # "Total pot" line goes; a hand garbled without the pair is left as it is (its
    # lines would no longer be the file's lines)
    pair = lines.count("*** SUMMARY ***") == 1 and sum(line.startswith("Total pot ") for line in lines) == 1
    unsaid = pair and len(winners) == 1 and not any(" collected " in line for line in lines)
    for text in lines:
        if _START.match(text):
            header, big = _header(text)
            yield header
        elif unsaid and text == "*** SUMMARY ***":
            yield f"{winners[0]['name']} collected {winners[0]['amount']} from pot"
            yield "*** SUMMARY ***"
        elif unsaid and text.startswith("Total pot "):
            continue  # its line holds the summary's beginning
        elif table := _TABLE.fullmatch(text):
            yield f"Table '{table['table']}' {table['rest']}"
        elif seat := _SEAT.fullmatch(text):
            names = sorted([*names, seat["seat"].split(": ", 1)[1]], key=len, reverse=True)
            yield f"{seat['seat']} ({seat['chips']} in chips){seat['rest']}"
        elif pot := _POT_RAKE.fullmatch(text):
            rake = pot["rake"] or ""
            yield ""
        elif text.startswith("Total pot "):
            text = text.replace("| JP Fee ", "| Jackpot ")
            yield text if "| Rake " in text or not rake else f"{text} | Rake {rake}"
        elif street := _STREET.fullmatch(text):
            yield f"*** FIRST {street[1]} ***{street[2]}"  # run it twice: no PHH notation
        elif text == "*** RUN IT TWICE ***":
            yield "*** FIRST RUN IT TWICE ***"
        else:
            yield _player_line(text, names, verb, big)


def _player_line(text: str, names: list[str], verb: re.Pattern[str], big: Decimal) -> str:
    """A player's line as PokerStars writes it (``Name: verb …``); any other
    line as it is."""
    name = next((name for name in names if text.startswith(name + " ") and verb.match(text, len(name) + 1)), None)
    if name is None:
        return text
    rest = text[len(name) + 1 :]
    for theirs, ours in _POSTS:
        rest = rest.replace(theirs.lstrip(), ours.lstrip(), 1) if rest.startswith(theirs.lstrip()) else rest
    if dead := _DEAD.fullmatch(rest):  # a returning player's blinds: the big one live, the rest dead
        amount = _number(dead["number"])
        kind = "big blind" if amount == big else "small & big blinds" if amount > big else "missed blind"
        rest = f"posts {kind} {dead['amount']}"
    if rest == "does not show":
        rest = "doesn't show hand"
    if rest.startswith("collected "):
        return f"{name} " + _SIDE_POT.sub(r"from \1 pot-\2", rest)
    return f"{name}: {rest}"


def _number(raw: str) -> Decimal:
    try:
        return Decimal(raw.replace(",", ""))
    except InvalidOperation:
        return Decimal(0)


def _header(text: str) -> tuple[str, Decimal]:
    """The first line in PokerStars' words, and the big blind; left as it
    is when it cannot be read, so the reader refuses the hand with it."""
    header = _HEADER.match(text)
    if header is None:
        return re.sub(r"^(?:Game )?Hand #", "PokerStars Hand #", text, count=1), Decimal(0)
    game = _GAMES.get(header["game"].strip().lower(), header["game"].strip())
    limit = _LIMITS.get(header["limit"], header["limit"])
    when = f"{header['when']} {header['zone'] or ''}".rstrip()
    head = f"PokerStars Hand #{header['id']}: "
    if header["level"] is not None:
        blinds = header["blinds"]
        body = f"Tournament #{header['tournament'] or 0}, {game} {limit} - Level {header['level']} ({blinds}) - {when}"
        return head + body, _number(blinds.split("/")[-1])
    stakes = header["stakes"]
    currency = " USD" if "$" in stakes else ""
    return f"{head}{game} {limit} ({stakes}{currency}) - {when}", _number(re.sub(r"[^\d.,]", "", stakes.split("/")[-1]))
