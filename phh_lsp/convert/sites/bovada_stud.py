"""What a Bovada stud hand (seven card stud, stud hi/lo) says that its
hold'em does not, put in the words :mod:`phh_lsp.convert.sites.bovada`
gives PokerStars' stud layout.

Its seats are named by their number (``Seat+3: $0.50 in chips``), and
those names are the PHH players'. The 2012 layout writes no street lines:
a street starts where the one-card deals do (``Seat+1 : Card dealt to a
spot [9c]``), so its line is added there, on the deal's own line number;
the 2014 layout writes them (``*** 4TH STREET ***``). Neither names the
limits (a tournament's ``Level 1 (0/0)``, a cash header none): the small
bet is the completion on third street or the first bet of fourth, the big
bet the first bet of a later street; a hand where nobody bets takes those
of an earlier hand of the file at its ante and bring-in. A fourth-street
``Double bets`` (``D bets``), the big bet an open pair allows, has no rule
in PHH's stud (PokerKit's): the hand is refused with it.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError
from phh_lsp.convert.reader import read_amount

#: A stud game's name in a Bovada header.
_STUD: Final = re.compile(r"\b(?:7 CARD STUD|7CARD)\b")
_SEAT: Final = re.compile(r"Seat\+(?P<seat>\d+)(?: \[ME\])?: (?P<chips>\S+) in chips")
_PLAYER: Final = re.compile(r"(?P<name>.+?)(?: +\[ME\])? : (?P<verb>.*?)\s*")
_ONE_CARD: Final = re.compile(r"Card dealt to a spot \[\S+\]")
#: Bovada's street lines, in PokerStars' stud words.
_STREET_LINES: Final = {
    "*** HOLE CARDS ***": "*** 3rd STREET ***",
    "*** 3RD STREET ***": "*** 3rd STREET ***",
    "*** 4TH STREET ***": "*** 4th STREET ***",
    "*** 5TH STREET ***": "*** 5th STREET ***",
    "*** 6TH STREET ***": "*** 6th STREET ***",
    "*** 7TH STREET ***": "*** RIVER ***",
    "*** RIVER ***": "*** RIVER ***",
}
#: The streets after the third, in order.
_LATER: Final = ("*** 4th STREET ***", "*** 5th STREET ***", "*** 6th STREET ***", "*** RIVER ***")
#: The street lines :func:`with_streets` writes, by the street's card count.
_STREET_NUMBERS: Final = {text: number for number, text in enumerate(("*** 3rd STREET ***", *_LATER), start=3)}
_AMOUNT: Final = r"\$?(?P<amount>[\d,]+(?:\.\d+)?)"
_BRING_IN: Final = re.compile(r"(?:Big blind/Bring in|Bring_in chip)(?:\(timeout\))? " + _AMOUNT)
_ANTE: Final = re.compile(r"Ante chip " + _AMOUNT)
_BET: Final = re.compile(r"Bets " + _AMOUNT)
_RAISE: Final = re.compile(r"Raises (?:\$?[\d,.]+ to )?" + _AMOUNT)
_DOUBLE_BET: Final = re.compile(r"(?:Double|D) bets " + _AMOUNT)

#: The limits (small bet, big bet) told by a hand of the file, by its ante and bring-in.
Known = dict[tuple[Decimal, Decimal], tuple[Decimal, Decimal]]


def is_stud(header: str) -> bool:
    """Whether a hand's first line names a stud game."""
    return _STUD.search(header) is not None


def seat_line(text: str) -> str | None:
    """A stud seat in PokerStars' words, named by its number; None when the
    line is not one."""
    if seat := _SEAT.fullmatch(text):
        return f"Seat {seat['seat']}: Seat+{seat['seat']} ({seat['chips']} in chips)"
    return None


def stud_verb(verb: str) -> str:
    """A stud player's verb in the words the hold'em reader reads: a
    bring-in as one (the tournament's ``Big blind/Bring in 5`` is no big
    blind); a ``Showdown [..]`` (the best five) says nothing, as every
    card is dealt by its line: the player shows those they were dealt when
    PokerKit asks, which an all-in's showdown does before the last streets."""
    if found := _BRING_IN.fullmatch(verb):
        return f"Bring_in chip {found['amount']}"
    return "" if verb.startswith("Showdown") else verb


def with_streets(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The hand's lines (after its first) with PokerStars' stud street
    lines: Bovada's renamed, and where it writes none, one added before the
    first one-card deal of each street (on that deal's line number)."""
    out: list[tuple[int, str]] = []
    street, opened, after_deal = 0, set[str](), False
    for number, text in lines:
        if text in _STREET_LINES:
            out.append((number, _STREET_LINES[text]))
            street = _LATER.index(_STREET_LINES[text]) + 1 if _STREET_LINES[text] in _LATER else 0
            opened, after_deal = set(), True
            continue
        player = _PLAYER.fullmatch(text)
        deal = player is not None and _ONE_CARD.fullmatch(player["verb"]) is not None
        if player is not None and deal:
            if player["name"] in opened or not after_deal:
                street += 1
                out.append((number, _LATER[min(street, len(_LATER)) - 1]))
                opened = set()
            opened.add(player["name"])
        after_deal = deal or (after_deal and player is not None and player["verb"].startswith("Card dealt"))
        out.append((number, text))
    return out


def stakes(lines: list[tuple[int, str]], known: Known, first_line: int) -> tuple[Decimal, Decimal]:
    """The hand's small and big bet (see the module's docstring), from its
    lines with their street lines (:func:`with_streets`); refused with its
    reason when nothing tells them, or when a bet is one PHH's stud has no
    rule for."""
    street, small, big = 3, None, None
    ante, brought = Decimal(0), None
    for number, text in lines:
        if text in _STREET_NUMBERS:
            street = _STREET_NUMBERS[text]
            continue
        player = _PLAYER.fullmatch(text)
        if player is None:
            continue
        verb = player["verb"]
        if found := _DOUBLE_BET.fullmatch(verb):
            reason = "bets the big bet on fourth street after an open pair: PHH's stud has no such rule"
            raise ConversionError(f"{player['name']} {reason}", number)
        if found := _ANTE.fullmatch(verb):
            ante = read_amount(found["amount"], number)
        elif found := _BRING_IN.fullmatch(verb):
            brought = read_amount(found["amount"], number)
        elif small is None and street <= 4 and (found := _BET.fullmatch(verb) or _RAISE.fullmatch(verb)):
            small = read_amount(found["amount"], number)  # third street's completion, fourth's bet
        elif street > 4 and big is None and (found := _BET.fullmatch(verb)):
            big = read_amount(found["amount"], number)
    told = (small, 2 * small) if small is not None else (big / 2, big) if big is not None else None
    if brought is not None:
        told = told or known.get((ante, brought))
        if told is not None:
            known.setdefault((ante, brought), told)
    if told is None:
        raise ConversionError(
            "nobody bets in this stud hand and Bovada names no stakes for it (nor does an earlier hand "
            "of the file at its ante and bring-in): its limits are unknown",
            first_line,
        )
    return told
