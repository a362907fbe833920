"""The Chico network's hand histories (BetOnline, PayNoRake, SportsBetting.ag,
Tiger Gaming, ActionPoker.com, Gear Poker): their lines put in PokerStars'
words, then read by that layout's reader.

The network writes PokerStars' layout in words of its own, each put in
PokerStars' words line for line (so every line keeps its number) and read
by :func:`phh_lsp.convert.sites.pokerstars.read_hand`:

- ``BetOnline Poker Game #…: Hold'em No Limit ($0.25/0.50) - 2012/06/07 08:58
  GMT Standard Time``: a clock time at times with no seconds, the zone's
  Windows name; a tournament's ``Tournament #7212650: Hold'em $10.00/$20.00``
  names no betting (no limit); pot-limit Omaha is headed ``Hold'em Pot
  Limit``: the four cards dealt tell it. ActionPoker.com and Gear Poker
  write ``Hold'em - 2012-04-03 02:10:06`` with no stakes: the blinds
  posted are the stakes;
- ``Table 'Blade Runner' 10-Max, Seat #0 is the button``: seats from 0
  (PHH's from 1: every seat is moved up one), listed out of order, each
  with ``- The button``, ``- Small Blind`` or ``- Sitting out`` after it;
- ``ante processed 2.00``, ``post now`` (a big blind), ``post dead`` (both
  blinds), amounts with no currency, ``10h`` for a ten, ``X shows 7s 9h``
  with no brackets, ``X said "…"``, ``and is all in``; the older skins'
  ``Player9: Posts big blind 2.00.``, ``Raises 1000.00`` (to), ``Dealt To``,
  their seats numbered counter-clockwise, a winner's best five cards in the
  summary (not their hole cards: left out);
- checks left out at times (a street with no line, the first to act
  silent): a player who could check is taken to (``checks_unwritten``);
- what a winner collects, written only in the summary
  (``Seat 3: Player1 showed [7h Jh] and won (0.95)``, ``collected (14.83)``).

This module holds only the network's words; the hand is named after the
skin that wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, SiteHand
from phh_lsp.convert.reader import longest_first, player_at, read_amount, read_each
from phh_lsp.convert.sites.pokerstars import read_hand

SITE: Final = "BetOnline"

#: The skins' first words, and the name each hand is given.
_SKINS: Final = {
    "BetOnline Poker": "BetOnline",
    "PayNoRake": "PayNoRake",
    "ActionPoker.com": "ActionPoker.com",
    "Gear Poker": "Gear Poker",
    "SportsBetting.ag Poker": "SportsBetting.ag",
    "Tiger Gaming": "Tiger Gaming",
}
_SKIN: Final = "|".join(re.escape(skin) for skin in _SKINS)
_START: Final = re.compile(rf"^\ufeff?(?:{_SKIN}) Game #", re.M)
_HAND_ID: Final = re.compile(rf"\ufeff?(?:{_SKIN}) Game #(\d+)")
_FIRST: Final = re.compile(rf"\ufeff?(?P<skin>{_SKIN}) Game #(?P<id>\d+): +(?:Tournament #(?P<tournament>\d+): *)?")
#: A game named with no betting, then its stakes with no brackets (a tournament's).
_BARE_STAKES: Final = re.compile(r"^(?P<game>Hold'em|Omaha(?: Hi/Lo)?) (?P<stakes>[^\s(]*\d/[^\s(]*\d)(?= - )")
_NO_STAKES: Final = re.compile(r"^(?P<game>Hold'em|Omaha(?: Hi/Lo)?)(?= - )")
_WHEN: Final = re.compile(
    r" - (?P<date>\d{4}[/-]\d{1,2}[/-]\d{1,2})[ -]+(?P<time>\d{1,2}:\d{2}(?::\d{2})?)(?P<zone>.*)$"
)
_TABLE: Final = re.compile(
    r"Table (?:'(?P<quoted>.*)'|(?P<bare>.+?))(?: (?P<max>\d+)-Max,?)?(?P<money> \((?:Play|Real) Money\))?"
    r" Seat #(?P<button>\d+) is the button"
)
_SEAT: Final = re.compile(r"Seat (?P<number>\d+): (?P<rest>.*\([^()]* in [Cc]hips\))(?: - (?P<note>.*))?")
_POST: Final = re.compile(
    r"(?P<name>.+?): (?:[Pp]osts? (?P<what>small blind|big blind|now|dead)|ante processed) (?P<amount>\S+?)\.?"
)
#: An action of the older skins: a capital, a full stop (``Player9: Bets 2.00.``).
_CAPITAL: Final = re.compile(r"(?P<name>.+?): (?P<verb>Folds|Checks|Calls|Bets|Raises)(?P<rest>.*?)\.?")
_SHOWS: Final = re.compile(r"(?P<name>.+?) shows (?P<cards>(?:\S{2,3} ?)+)")
#: Who a line before the summary names first: a player who is dealt in.
_ACTOR: Final = re.compile(r"(?P<name>.+?)(?:: | shows )")
_ZERO_ANTE: Final = re.compile(r".+?: ante processed 0(?:\.0+)?")
#: Lines that move no chips: chat, and the client's notice to a player who sat down mid-hand.
_NOTICE: Final = re.compile(r".+? said \".*\"|Joined table during game\. .*")
#: A player the network does not name (one who left the table mid-hand).
_UNKNOWN: Final = "Unknown player: "
_CARD: Final = re.compile(r"\b(10|[2-9TJQKA])([cdhsCDHS])\b")
_BRACKETS: Final = re.compile(r"\[[^\]]*\]")
#: What a winner collects, in the summary only.
_WON: Final = re.compile(
    r"Seat \d+: (?P<rest>.+?) (?:\([^)]*\) +)?(?:showed(?: \[[^\]]*\])? and won|collected) \((?P<amount>[\d.,]+)\)"
)
_STAKES: Final = re.compile(r"\([^\d\s]*([\d.,]+)/[^\d\s]*[\d.,]+\)")
#: A pot's line, one for each pot: its amount and rake.
_POT: Final = re.compile(r"Total [Pp]ot ([\d.,]+)(?: \| Rake ([\d.,]+))?")
_BOARD: Final = re.compile(r"Board \[([^\]]*)\]")
_CARDS: Final = re.compile(r"[2-9TJQKA][cdhs]")
#: The older skins, whose seats are numbered counter-clockwise.
_COUNTER_CLOCKWISE: Final = ("ActionPoker.com", "Gear Poker")
_BEST_FIVE: Final = re.compile(r" \[(?:\S{2,3} ){4}\S{2,3} ?\]")
_ZONES: Final = {"GMT Standard Time": "GMT", "GMT Daylight Time": "BST"}


def is_betonline(text: str) -> bool:
    """Whether the text holds the Chico network's hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from read_each(text, _START, _read_hand, _HAND_ID)


def _read_hand(lines: list[str], first_line: int) -> SiteHand:
    found = _FIRST.match(lines[0])
    if found is None:
        raise ConversionError("the first line is not a Chico network hand header", first_line)
    words = _in_stars_words(lines, found, first_line)
    # BetOnline writes every uncalled bet returned, the older skins none: they are worked out
    hand = read_hand(words, first_line, _SKINS[found["skin"]], None, False)
    hand.checks_unwritten = True  # a street with no line, a first to act silent
    hand.events += _boards_left(hand, words, first_line)
    if not any(event.kind == "collected" for event in hand.events):
        hand.events += _collected(hand, words, first_line)
    _side_pots(hand, lines, first_line)
    return hand


def _side_pots(hand: SiteHand, lines: list[str], first_line: int) -> None:
    """A hand of side pots: a ``Total pot … | Rake …`` line for each pot
    (before the showdown or in the summary), and a lone winner's summary line
    naming only the last pot's amount; that winner collects every pot (the
    summary's lines up to its board, a line written twice in a row once:
    some hands write them twice). The
    rakes written per pot, where they differ, do not add up to what the pots
    lost: left out."""
    board = next((offset for offset, line in enumerate(lines) if line.startswith("Board [")), len(lines))
    written = [line.strip() for line in lines[:board]]  # the summary's pots are written twice at times
    pots = [found for at, line in enumerate(written) if (found := _POT.match(line)) and line != written[at - 1]]
    collected = [event for event in hand.events if event.kind == "collected"]
    if len(pots) < 2 or len({event.name for event in collected}) != 1:
        return
    total = sum((read_amount(pot[1], first_line) for pot in pots), Decimal(0))
    hand.events = [event for event in hand.events if event.kind != "collected"]
    hand.events.append(Event("collected", collected[-1].line, collected[-1].name, total))
    if len({pot[2] for pot in pots}) > 1:
        hand.rake = None


def _boards_left(hand: SiteHand, words: list[str], first_line: int) -> list[Event]:
    """The streets the summary's board deals after the players are all in:
    the network writes no street line for them; they are dealt after the
    last action, at the summary's board line."""
    found = next(((offset, board) for offset, line in enumerate(words) if (board := _BOARD.fullmatch(line))), None)
    if found is None:
        return []
    offset, board = found
    cards = _CARDS.findall(board[1])
    dealt = sum(len(event.cards) // 2 for event in hand.events if event.kind == "board")
    streets = [cards[:3], cards[3:4], cards[4:5]]
    done = {0: 0, 3: 1, 4: 2}.get(dealt, 3)
    return [Event("board", first_line + offset, cards="".join(street)) for street in streets[done:] if street]


def _collected(hand: SiteHand, words: list[str], first_line: int) -> list[Event]:
    """What each winner collects, as the summary writes it."""
    names = longest_first(hand.seats)
    summary = next((offset for offset, line in enumerate(words) if line.startswith("*** SUMMARY ***")), len(words))
    events = []
    for offset, line in enumerate(words[summary:], start=summary):
        if (won := _WON.match(line)) and (name := player_at(won["rest"] + " ", names, " ")):
            amount = read_amount(won["amount"], first_line + offset)
            if amount:
                events.append(Event("collected", first_line + offset, name, amount))
    return events


def _in_stars_words(lines: list[str], first: re.Match[str], first_line: int) -> list[str]:
    """The hand's lines in PokerStars' words, line for line."""
    lines = [line.strip() for line in lines]
    shift = any(line.startswith("Seat 0:") for line in lines) or " Seat #0 is the button" in (lines[1:2] or [""])[0]
    # PHH's seat of the site's: from 1 where the site's are from 0; 10 to 1 where they run the other way round
    numbering = (10, -1) if first["skin"] in _COUNTER_CLOCKWISE else (int(shift), 1)

    summary = next((offset for offset, line in enumerate(lines) if line.startswith("*** SUMMARY ***")), len(lines))
    acting = {
        found["name"] for line in lines[:summary] if (found := _ACTOR.match(line)) and not _ZERO_ANTE.fullmatch(line)
    }
    out = [_header(lines, first)]
    stakes = _STAKES.search(out[0])
    small = read_amount(stakes[1], 1) if stakes else Decimal(0)
    for offset, line in enumerate(lines[1:], start=1):
        if line.startswith(_UNKNOWN):
            reason = f"the history does not name the player who acts (`{line}`): PHH cannot replay the hand"
            raise ConversionError(reason, first_line + offset)
        if _ZERO_ANTE.fullmatch(line) or (offset < summary and line.startswith("Total pot ")):
            out.append("")  # no chips moved; a pot written before the showdown is written again in the summary
        else:
            out.append(_line(line, offset, first_line, numbering, acting, small))
    return out


def _line(line: str, offset: int, first_line: int, numbering: tuple[int, int], acting: set[str], small: Decimal) -> str:
    """The hand's line ``offset`` (from its first, ``first_line`` in the file) in PokerStars' words."""
    base, step = numbering
    if offset == 1 and (table := _TABLE.fullmatch(line)):
        name = table["quoted"] if table["quoted"] is not None else table["bare"]
        size = f" {table['max']}-max" if table["max"] else ""
        return f"Table '{name}'{size}{table['money'] or ''} Seat #{base + step * int(table['button'])} is the button"
    if seat := _SEAT.fullmatch(line):
        out = f"Seat {base + step * int(seat['number'])}: {seat['rest'].replace(' in Chips)', ' in chips)')}"
        # a player who joins or sits out has a seat and no line in the hand: not dealt in
        idle = (seat["note"] or "").lower() == "sitting out" or seat["rest"].split(" (")[0] not in acting
        return out + (" is sitting out" if idle else "")
    if post := _POST.fullmatch(line):
        if post["what"] == "dead":  # the big blind written, the small one posted dead with it
            return (
                f"{post['name']}: posts small & big blinds {read_amount(post['amount'], first_line + offset) + small}"
            )
        what = {"small blind": "small blind", "big blind": "big blind", "now": "big blind"}
        return f"{post['name']}: posts {what[post['what']] if post['what'] else 'the ante'} {post['amount']}"
    if line.startswith("Seat ") and (best := _BEST_FIVE.search(line)):
        line = line[: best.start()] + line[best.end() :]  # the older skins' best five cards, board's included
    elif line.startswith("Dealt To "):
        line = "Dealt to " + line[len("Dealt To ") :]
    elif capital := _CAPITAL.fullmatch(line):
        rest = capital["rest"]
        if capital["verb"] == "Raises" and " to " not in rest:  # the amount raised to
            rest = re.sub(r"^ (\S+)", r" \1 to \1", rest)
        line = f"{capital['name']}: {capital['verb'].lower()}{rest}"
    elif (shows := _SHOWS.fullmatch(line)) and not line.startswith("Seat "):
        line = f"{shows['name']}: shows [{shows['cards'].strip()}]"
    elif _NOTICE.fullmatch(line):
        return ""
    elif line.startswith("Total Pot "):
        line = "Total pot " + line[len("Total Pot ") :]
    line = re.sub(r" and is [Aa]ll.?[Ii]n$", " and is all-in", line)
    line = line.replace("][", "] [")
    return _BRACKETS.sub(lambda cards: _CARD.sub(_card, cards[0]), line) if "[" in line else line


def _card(card: re.Match[str]) -> str:
    return ("T" if card[1] == "10" else card[1]) + card[2].lower()


def _header(lines: list[str], first: re.Match[str]) -> str:
    """The first line in PokerStars' words: PokerStars' name, the game's
    betting and stakes where the network leaves them out, the date and clock
    time PokerStars writes, the zone's abbreviation."""
    rest = lines[0][first.end() :]
    if bare := _BARE_STAKES.match(rest):
        rest = f"{bare['game']} No Limit ({bare['stakes']}){rest[bare.end() :]}"
    elif _NO_STAKES.match(rest):
        blinds = [
            post["amount"]
            for line in lines
            if (post := _POST.fullmatch(line)) and post["what"] in ("small blind", "big blind")
        ]
        stakes = "/".join(blinds[:2]) if len(blinds) >= 2 else "?"
        rest = re.sub(r"^(Hold'em|Omaha(?: Hi/Lo)?)", rf"\1 No Limit ({stakes})", rest, count=1)
    dealt = next((_BRACKETS.findall(line) for line in lines if line.startswith(("Dealt to ", "Dealt To "))), [])
    if rest.startswith("Hold'em Pot Limit") and dealt and len(dealt[-1].split()) == 4:
        rest = "Omaha" + rest[len("Hold'em") :]
    if when := _WHEN.search(rest):
        time = when["time"] if when["time"].count(":") == 2 else when["time"] + ":00"
        zone = when["zone"].strip()
        zone = _ZONES.get(zone, "".join(word[0] for word in zone.split()) if " " in zone else zone)
        rest = f"{rest[: when.start()]} - {when['date'].replace('-', '/')} {time}{' ' + zone if zone else ''}"
    tournament = f"Tournament #{first['tournament']}, " if first["tournament"] else ""
    return f"PokerStars Hand #{first['id']}: {tournament}{rest}"
