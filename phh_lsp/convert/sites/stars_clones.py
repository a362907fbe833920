"""The PokerStars-format clients' hand histories: their lines put in
PokerStars' words, then read by that layout's reader.

PokerMaster, PokerBros, SupremaPoker, MPLPoker, Run It Once Poker and Hive
Poker write their hands as PokerStars does, under their own first line
(``PokerMaster Hand #1905261509100000: Omaha Pot Limit ($15/$30 USD) - …``),
with these quirks, each put in PokerStars' words line for line (so every
line keeps its number) and read by
:func:`phh_lsp.convert.sites.pokerstars.read_hand`:

- PokerMaster heads its 5-card Omaha ``Omaha Pot Limit``: the cards dealt
  tell it, and it is named as the game PHH has no variant for; MPLPoker
  writes ``Omaha 5 Cards``, PokerStars ``5 Card Omaha``;
- PokerMaster writes a straddle as a second big blind, of twice the first;
- MPLPoker writes a rake and gives the winners the whole pot: that rake
  was not taken from the pot, and is left out;
- Run It Once writes ``Table ID '…' 6-Max``, a clock time with no seconds,
  ``X shows [...] for …`` with no colon, ``side pot 1``, a re-raise's
  ``to`` as the chips it adds (:func:`_raised_to`); it writes no
  uncalled bet returned and counts it in what the bettor collects; and it
  adds money of its own to a pot (``STP added: €0.50``, Splash the Pot),
  which no PHH action can say: such a hand is refused with that line.

PokerStars' French client (``Main PokerStars n°… :``, the date day first, a
no-break space before the colon after a name) is read where its lines are
PokerStars' English ones; a hand in French (``Siège 1: … en jetons``,
``*** CARTES FERMÉES ***``) is named as not read yet.

This module holds only the clients' words; the hand is named after the
client that wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.reader import read_amount, read_each
from phh_lsp.convert.sites.pokerstars import read_hand

SITE: Final = "PokerStars-format client"

_CLIENTS: Final = r"PokerMaster|PokerBros|SupremaPoker|MPLPoker|Run It Once Poker|Hive Poker|BetOnline"
_START: Final = re.compile(rf"^\ufeff?(?:(?:{_CLIENTS}) (?:Hand|Game) #|Main PokerStars n°)", re.M)
_FIRST: Final = re.compile(rf"\ufeff?(?P<client>{_CLIENTS}) (?:Hand|Game) #")
_HAND_ID: Final = re.compile(rf"\ufeff?(?:(?:{_CLIENTS}) (?:Hand|Game) #|Main PokerStars n°)(\w+)")
#: PokerStars' French client's first line: ``Main PokerStars n°261415379202 :  Hold'em No Limit
#: (100/200) - 12/07/2026 18:25:06 CET [12/07/2026 12:25:06 ET]``, the date day first.
_FRENCH: Final = re.compile(
    r"\ufeff?Main PokerStars n°(?P<id>\d+)[\s\u00a0\u202f]*: +(?:Tournoi n°(?P<tournament>\d+), )?(?P<rest>.*?)"
    r" - (?P<day>\d{1,2})/(?P<month>\d{1,2})/(?P<year>\d{4}) (?P<after>.*)"
)
#: A line of the French client in French (its seats, streets, summary), which is not read yet.
_IN_FRENCH: Final = re.compile(
    r".*(?:Siège |en jetons\)|\*\*\* (?:CARTES FERMÉES|RÉSUMÉ|SYNTHÈSE|TOURNANT|RIVIÈRE|ABATTAGE)).*"
)
#: A no-break space (or a space) the French client writes before the colon after a name.
_SPACED_COLON: Final = re.compile(r"^(?P<name>[^:]+?)[ \u00a0\u202f]+:(?= )")
#: Omaha with its count of cards after the name (MPLPoker), or with none
#: (PokerMaster's 5-card Omaha): PokerStars writes the count first.
_OMAHA_CARDS: Final = re.compile(r"Omaha (\d) Cards")
_BARE_OMAHA: Final = re.compile(r"(?<!Card )Omaha(?= (?:Hi/Lo )?Pot Limit)")
#: A clock time with no seconds (Run It Once), after the date.
_NO_SECONDS: Final = re.compile(r"( - \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2})(?!:\d)")
_TABLE_ID: Final = re.compile(r"Table ID '(.*)' (\d+)-Max ")
_DEALT: Final = re.compile(r"Dealt to .*?\[([^\]]*)\]$")
#: A player showing with no colon after the name, then what they hold (Run It Once).
_SHOWS: Final = re.compile(r"(?P<name>.+?[^:]) shows (?P<cards>\[[^\]]*\])(?: for .*)?")
_BIG_BLIND: Final = re.compile(r"(?P<name>.+?): posts big blind (?P<symbol>[^\d\s]*)(?P<amount>[\d,]+(?:\.\d+)?)")
_SPLASH: Final = "STP added: "
_SEAT_CHIPS: Final = re.compile(r"Seat \d+: (?P<name>.+?) \([^\d\s]*(?P<chips>[\d,]+(?:\.\d+)?) in chips\).*")
#: A line that puts chips in: a blind, a bet, a call, a raise (to).
_CHIPS: Final = re.compile(
    r"(?P<name>.+?): (?P<verb>posts (?:small|big) blind|bets|calls|raises) [^\d\s]*(?P<amount>[\d,]+(?:\.\d+)?)"
    r"(?: to [^\d\s]*(?P<to>[\d,]+(?:\.\d+)?))?(?: and is all-in)?"
)
#: Run It Once's side pots, numbered after a space: PokerStars writes ``side pot-1``.
_SIDE_POT: Final = re.compile(r"(?P<collected>.+ collected \S+) from side pot (?P<number>\d+)")
_TOTAL_POT: Final = re.compile(r"Total pot [^\d\s]*([\d,]+(?:\.\d+)?)")


def is_stars_clone(text: str) -> bool:
    """Whether the text holds a PokerStars-format client's hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from read_each(text, _START, _read_hand, _HAND_ID)


def _read_hand(lines: list[str], first_line: int) -> SiteHand:
    if french := _FRENCH.match(lines[0]):
        return read_hand(_french_in_stars_words(french, lines, first_line), first_line, "PokerStars", 2009, False)
    found = _FIRST.match(lines[0])
    client = found["client"] if found else SITE
    # a hand that writes no uncalled bet returned (Run It Once's) counts it in what the bettor collected
    words = _in_stars_words(lines, first_line)
    if client == "Run It Once Poker":
        words = _run_it_once_chips(words, first_line)
    hand = read_hand(words, first_line, client, None, True)
    pot = next((read_amount(found[1], first_line) for line in lines if (found := _TOTAL_POT.match(line))), None)
    collected = sum((event.amount for event in hand.events if event.kind == "collected"), Decimal(0))
    if hand.rake and collected == pot:  # MPLPoker: the rake written was not taken from the pot
        hand.rake = None
    return hand


def _in_stars_words(lines: list[str], first_line: int) -> list[str]:
    """The hand's lines in PokerStars' words, line for line."""
    dealt = next((len(cards.split()) for line in lines if (cards := _dealt_cards(line))), 0)
    out = [_header(lines[0], dealt)]
    big_blind = None
    for offset, raw in enumerate(lines[1:], start=1):
        line = raw.strip()
        if line.startswith(_SPLASH):
            reason = f"PHH has no notation for money the site adds to the pot (Splash the Pot: `{line}`)"
            raise ConversionError(reason, first_line + offset)
        if offset == 1:
            line = _TABLE_ID.sub(r"Table '\1' \2-max ", line)
        elif (shows := _SHOWS.fullmatch(line)) and not line.startswith("Dealt to "):
            line = f"{shows['name']}: shows {shows['cards']}"
        elif side := _SIDE_POT.fullmatch(line):
            line = f"{side['collected']} from side pot-{side['number']}"
        elif posted := _BIG_BLIND.fullmatch(line):
            amount = read_amount(posted["amount"], first_line + offset)
            if big_blind is not None and amount == 2 * big_blind:  # PokerMaster's straddle
                line = f"{posted['name']}: posts straddle {posted['symbol']}{posted['amount']}"
            big_blind = amount if big_blind is None else big_blind
        out.append(line)
    return out


def _run_it_once_chips(lines: list[str], first_line: int) -> list[str]:
    """Run It Once's raises and checks in PokerStars' words. A player who has
    bet, called or raised on the street already and raises writes as ``to``
    the chips this raise adds (``PaulOpenfold: raises €44.00 to €68`` after a
    raise to €7, which Randy O calls with €51: to €75). Once every player in
    the hand but one is all in, the site still writes their checks, on
    streets where nobody acts: left out."""
    stacks = {seat["name"]: read_amount(seat["chips"], 0) for line in lines if (seat := _SEAT_CHIPS.fullmatch(line))}
    street: dict[str, Decimal] = {}  # each player's chips in on this street
    spent: dict[str, Decimal] = {}  # and on the streets before
    acted: set[str] = set()  # who has put chips in by an action on this street
    folded: set[str] = set()
    out = []
    for offset, line in enumerate(lines):
        if line.startswith("*** "):
            spent = {name: spent.get(name, Decimal(0)) + street.get(name, Decimal(0)) for name in stacks}
            street, acted = {}, set()
        elif line.endswith(": folds"):
            folded.add(line[: -len(": folds")])
        elif line.endswith(": checks"):
            left = [
                name
                for name in stacks
                if name not in folded and spent.get(name, 0) + street.get(name, 0) < stacks[name]
            ]
            if len(left) < 2 and not street:
                line = ""  # nobody can act: a check the site writes all the same
        elif found := _CHIPS.fullmatch(line):
            name, amount = found["name"], read_amount(found["amount"], first_line + offset)
            if found["verb"] == "raises" and found["to"]:
                to = read_amount(found["to"], first_line + offset)
                if name in acted:
                    to += street.get(name, Decimal(0))
                    line = f"{line[: found.start('to')]}{to}{line[found.end('to') :]}"
                street[name] = to
            else:
                street[name] = street.get(name, Decimal(0)) + amount
            if found["verb"] in ("bets", "calls", "raises"):
                acted.add(name)
        out.append(line)
    return out


def _french_in_stars_words(first: re.Match[str], lines: list[str], first_line: int) -> list[str]:
    """A hand of PokerStars' French client in PokerStars' words: its first
    line, the date year first, play money (``argent fictif``), and the colon
    after a name with no space before it. Its lines in French are not read yet: the hand is named so
    at the first."""
    for offset, line in enumerate(lines[1:], start=1):
        if _IN_FRENCH.fullmatch(line.strip()):
            reason = f"PokerStars' French client is not read yet: its lines in French (`{line.strip()}`)"
            raise ConversionError(reason, first_line + offset)
    tournament = f"Tournament #{first['tournament']}, " if first["tournament"] else ""
    date = f"{first['year']}/{first['month']}/{first['day']}"
    header = f"PokerStars Hand #{first['id']}: {tournament}{first['rest']} - {date} {first['after']}"
    table = [line.strip().replace("(argent fictif)", "(Play Money)") for line in lines[1:2]]
    return [header, *table] + [_SPACED_COLON.sub(r"\g<name>:", line.strip()) for line in lines[2:]]


def _dealt_cards(line: str) -> str | None:
    found = _DEALT.match(line.strip())
    return found[1] if found and found[1].strip() else None


def _header(line: str, dealt: int) -> str:
    """The first line in PokerStars' words: its name, Omaha's count of cards
    where PokerStars writes it, a clock time with seconds."""
    line = _FIRST.sub("PokerStars Hand #", line, count=1)
    line = _OMAHA_CARDS.sub(r"\1 Card Omaha", line, count=1)
    if dealt > 4:
        line = _BARE_OMAHA.sub(f"{dealt} Card Omaha", line, count=1)
    return _NO_SECONDS.sub(r"\1:00", line, count=1)
