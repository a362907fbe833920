"""Winamax hand histories: its lines put in PokerStars' words, then read
by that layout's reader.

Winamax writes the PokerStars layout in its own words: ``Winamax Poker -
CashGame - HandId: #4489532-965-1366095481 - Holdem no limit (0.50€/1€)``,
``Table: '…'``, seats as ``(212.27€)``, ``*** ANTE/BLINDS ***`` and
``*** PRE-FLOP ***``, a player's name and verb with no colon, the euro after
the amount, ``No rake``. Each line is put in PokerStars' words, line for
line (a line dropped is left blank, so every line keeps its number), and
read by :func:`phh_lsp.convert.sites.pokerstars.read_layout`. Winamax
writes no uncalled bet returned, and counts it in what the bettor
collected: that reader works it out and takes it back out. This module
holds only Winamax's words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.reader import failed_hand
from phh_lsp.convert.sites.pokerstars import read_layout
from phh_lsp.core.rules.schema import STUD_VARIANTS

SITE: Final = "Winamax"

_START: Final = re.compile(r"^\ufeff?Winamax Poker - ", re.M)
#: A tournament's result, which Winamax writes in a file of its own beside
#: the tournament's hands: it is named as such, not read as a hand.
_SUMMARY: Final = re.compile(r"\ufeff?Winamax Poker - Tournament summary\b")
_SUMMARY_REASON: Final = (
    "this is a Winamax tournament summary (the tournament's result), not a hand history: it holds no hand"
)
#: A stud hand that shows no card as it is dealt (the play-money client's
#: export): PokerKit cannot tell who brings in or who acts first.
_NO_CARDS_REASON: Final = (
    "this Winamax stud hand shows nobody's cards as they are dealt, and the up cards decide who brings in"
    " and who acts first: PHH cannot replay the hand without them"
)
_READ_START: Final = re.compile(r"^PokerStars Hand #", re.M)
_HAND_ID: Final = re.compile(r"PokerStars Hand #([\w-]+)")
_HEADER: Final = re.compile(
    r"\ufeff?Winamax Poker - (?P<kind>.*?)(?: level: (?P<level>\d+))? - HandId: #(?P<id>[\d-]+) - "
    r"(?P<game>.+?) \((?P<stakes>[^()]*)\) - (?P<when>\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2})(?: (?P<zone>\w+))?"
)
#: Winamax's games in PokerStars' words.
_GAMES: Final = {
    "holdem no limit": "Hold'em No Limit",
    "holdem fixed limit": "Hold'em Limit",
    "holdem pot limit": "Hold'em Pot Limit",
    "omaha pot limit": "Omaha Pot Limit",
    "omaha5 pot limit": "5 Card Omaha Pot Limit",
    "omaha hi/lo pot limit": "Omaha Hi/Lo Pot Limit",
    "omaha5 hi/lo pot limit": "5 Card Omaha Hi/Lo Pot Limit",
    "7-card stud fixed limit": "7 Card Stud Limit",
    "7-card stud hi/lo fixed limit": "7 Card Stud Hi/Lo Limit",
    "razz fixed limit": "Razz Limit",
    "2-7 triple draw fixed limit": "Triple Draw 2-7 Lowball Limit",
    # the names of the play-money client's exports (2016)
    "lowball27 fixed limit": "Triple Draw 2-7 Lowball Limit",
    "7stud fixed limit": "7 Card Stud Limit",
    "omaha8 pot limit": "Omaha Hi/Lo Pot Limit",
    "5 card omaha pot limit": "5 Card Omaha Pot Limit",
    "5 card omaha hi/lo pot limit": "5 Card Omaha Hi/Lo Pot Limit",
}
#: The table line, with a colon after ``Table`` or (2021) without.
_TABLE: Final = re.compile(r"Table:? '(?P<table>.*)' (?P<rest>.*)")
#: The button's seat, written ``Seat #3`` or (2012) ``Seat 0000003``.
_BUTTON: Final = re.compile(r"Seat #?0*(\d+) is the button")
#: A player back at the table who declines to post the big blind and sits
#: out: the line moves no chips.
_DENIES: Final = re.compile(r".+ (?:denies big blind|deny BB [\d.]+€?)")
_SEAT: Final = re.compile(r"(?P<seat>Seat \d+: .+?) \((?P<chips>[\d.,]+)€?(?:, [^)]*)?\)(?P<rest>.*)")
_BOARD: Final = re.compile(r"(\*\*\* (?:TURN|RIVER) \*\*\* \[[^\]]*\])(\[.*)")
#: A board line of 2021, a colon after the street: ``*** FLOP ***: [3h Td 6d]``.
_BOARD_COLON: Final = re.compile(r"(\*\*\* (?:FLOP|TURN|RIVER) \*\*\*): ")
#: Both blinds posted by a player back at the table, as Winamax writes
#: them: their sum as a small blind, then a big blind of nothing.
_BOTH_BLINDS: Final = re.compile(r"(?P<name>.+) posts small blind (?P<amount>[\d.]+)€? out of position")
_NO_BIG_BLIND: Final = "posts big blind 0€ out of position"
_VERBS: Final = (
    r"(?:posts|folds|checks|calls|bets|raises|shows|mucks|doesn't show|sits out"
    r"|brings in|bring-in|stands pat|discards?)\b"
)
#: A draw game's streets: the betting rounds ``*** FIRST-BET ***`` … and
#: the draws ``*** FIRST-DRAW ***`` …; PokerStars heads the deal and the
#: draws alone, its betting rounds follow them unheaded.
_DRAW_STREET: Final = re.compile(r"\*\*\* (?P<which>FIRST|SECOND|THIRD|FOURTH)-(?P<what>BET|DRAW) \*\*\*")
#: Stud's streets where PokerStars names them otherwise: the last one, and
#: the play-money client's exports' names (``*** THIRD ***``).
_STUD_STREETS: Final = {
    "7th STREET": "RIVER",
    "THIRD": "3rd STREET",
    "FOURTH": "4th STREET",
    "FIFTH": "5th STREET",
    "SIXTH": "6th STREET",
    "SEVENTH": "RIVER",
}
_STUD_STREET: Final = re.compile(r"\*\*\* (?P<street>" + "|".join(_STUD_STREETS) + r") \*\*\*")
#: A card Winamax hides (another player's): ``[X X 9h]``.
_HIDDEN: Final = re.compile(r"\bX\b")
#: A player's words as PokerStars writes them: the bring-in, the draws, a half pot.
_PLAY_WORDS: Final = (
    (re.compile(r" (?:brings in|bring-in) (?=\d)"), " brings in for "),
    (re.compile(r" discards? 0 cards?$"), " stands pat"),
    (re.compile(r" discard (?=\d)"), " discards "),
    (re.compile(r" stands pat \["), " stands pat on ["),
    (re.compile(r" from pot\((?:HI|LO)\)$"), " from pot"),  # a hi/lo pot's halves
)
_EURO: Final = re.compile(r"(\d)€")
_SIDE_POT: Final = re.compile(r"from side pot (\d+)$")


def is_winamax(text: str) -> bool:
    """Whether the text holds Winamax hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    lines = text.split("\n")
    words = "\n".join(_in_pokerstars_words(lines))
    for read in read_layout(words, _READ_START, _HAND_ID, SITE, returns_collected=True):
        if isinstance(read, ConversionError) and _SUMMARY.match(lines[read.first_line - 1].strip()):
            read = failed_hand(ConversionError(_SUMMARY_REASON, read.first_line), read.first_line, None)
        elif isinstance(read, SiteHand) and _shows_no_stud_card(read):
            read = failed_hand(ConversionError(_NO_CARDS_REASON, read.first_line), read.first_line, read.hand_id)
        yield read


def _shows_no_stud_card(hand: SiteHand) -> bool:
    """Whether a stud hand shows no card as it is dealt (the play-money
    client's export, whose showdown alone shows cards)."""
    return hand.variant in STUD_VARIANTS and not any(event.kind == "deal" for event in hand.events)


def _in_pokerstars_words(lines: list[str]) -> Iterator[str]:
    """Each line in PokerStars' words, one for one; the names of the hand's
    seats (longest first) tell where a player's name ends and its verb begins."""
    names: list[str] = []
    verb = re.compile(_VERBS)
    said: set[int] = set()  # the lines already said by the line before (a big blind of nothing)
    for index, line in enumerate(lines):
        text = _BOARD_COLON.sub(r"\1 ", line.strip())
        both = _BOTH_BLINDS.fullmatch(text)
        if both and index + 1 < len(lines) and lines[index + 1].strip() == f"{both['name']} {_NO_BIG_BLIND}":
            said.add(index + 1)
            text = f"{both['name']} posts small & big blinds {both['amount']}"
        if index in said:
            yield ""
            continue
        if _START.match(line.lstrip()):  # a first line cut after its `-` is still a hand's
            names = []
            yield _header(text)
        elif table := _TABLE.fullmatch(text):
            rest = _BUTTON.sub(r"Seat #\1 is the button", table["rest"])
            yield f"Table '{table['table']}' " + re.sub(r"\((?:real|play) money\) ", "", rest)
        elif seat := _SEAT.fullmatch(text):
            names = sorted([*names, seat["seat"].split(": ", 1)[1]], key=len, reverse=True)
            # Winamax lists every seat of the table, dealt in or not (a seat not
            # dealt in has no line, and "folded" with no street in the summary):
            # each is said to sit out, so the reader deals in only those with a line.
            yield f"{seat['seat']} ({seat['chips']} in chips){seat['rest']} is sitting out"
        elif text.startswith("*** ANTE/BLINDS ***") or _DENIES.fullmatch(text):
            yield ""
        elif text.startswith("*** PRE-FLOP ***"):
            yield "*** HOLE CARDS ***"
        elif street := _STUD_STREET.fullmatch(text):
            yield f"*** {_STUD_STREETS[street['street']]} ***"
        elif street := _DRAW_STREET.fullmatch(text):
            yield _draw_street(street["which"], street["what"])
        elif text.startswith("Dealt to ") and "[" in text:
            # every card hidden (another player's draw hand): nothing is told
            hidden = _HIDDEN.sub("??", text)
            yield "" if re.fullmatch(r"Dealt to .+? \[[? ]+\]", hidden) else _EURO.sub(r"\1", hidden)
        elif board := _BOARD.fullmatch(text):
            yield f"{board[1]} {board[2]}"
        elif text.startswith("Total pot "):
            yield _EURO.sub(r"\1", text).replace("| No rake", "| Rake 0")
        else:
            text = _EURO.sub(r"\1", text).replace(" posts ante ", " posts the ante ").removesuffix(" out of position")
            text = _SIDE_POT.sub(r"from side pot-\1", text)
            for words, pokerstars in _PLAY_WORDS:
                text = words.sub(pokerstars, text)
            name = next(
                (name for name in names if text.startswith(name + " ") and verb.match(text, len(name) + 1)), None
            )
            yield f"{name}: {text[len(name) + 1 :]}" if name is not None else text


def _draw_street(which: str, what: str) -> str:
    """A draw game's street in PokerStars' words: the first betting round
    opens the deal, each draw keeps its name, the later rounds are unheaded."""
    if what == "DRAW":
        return f"*** {which} DRAW ***"
    return "*** DEALING HANDS ***" if which == "FIRST" else ""


def _header(text: str) -> str:
    """The first line in PokerStars' words; left as it is when it cannot be
    read, so the reader refuses the hand with it."""
    header = _HEADER.match(text)
    if header is None:
        return re.sub(r"^\ufeff?Winamax Poker - ?", "PokerStars Hand #", text)
    game = _GAMES.get(header["game"].lower(), header["game"])
    stakes = header["stakes"].replace("€", "").split("/")[-2:]  # (ante/small/big) in tournaments
    currency = " EUR" if "€" in header["stakes"] else ""
    when = f"{header['when']} {header['zone'] or ''}".rstrip()
    head = f"PokerStars Hand #{header['id']}: "
    if header["kind"].startswith("CashGame") or header["level"] is None:
        return (
            f"{head}{game} (€{stakes[0]}/€{stakes[1]}{currency}) - {when}"
            if currency
            else (f"{head}{game} ({stakes[0]}/{stakes[1]}) - {when}")
        )
    tournament = header["id"].split("-")[0]
    return f"{head}Tournament #{tournament}, {game} - Level {header['level']} ({stakes[0]}/{stakes[1]}) - {when}"
