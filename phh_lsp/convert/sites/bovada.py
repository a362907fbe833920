"""Bovada, Ignition and Bodog hand histories: anonymous seats, their lines
put in PokerStars' words, then read by that layout's reader.

Bovada's players have no names: a seat is named by its place at the table
(``Dealer``, ``Small Blind``, ``Big Blind``, ``UTG``, ``UTG+1``; the hero's
with `` [ME]``), and those places are the PHH players' names. Its lines are
``Place : Verb …`` (``Small Blind : Small Blind $0.25``, ``UTG : Raises $2
to $2``, ``Big Blind : Hand result $0.75``), every player's cards are given
(``Card dealt to a spot [9c Th]``), and a cash hand's first line names no
stakes and no table: the stakes are the blinds posted, the button the seat
``Set dealer`` names (else the ``Dealer``'s). An ``All-in $N`` gives the
chips added: a call, a bet or a raise as PokerKit's state makes it (the
2012 layout writes no board, so no line tells the street). A limit table
named by its blinds (``$20-$40``, blinds 10/20) bets the big blind on the
first streets.

Each line is put in PokerStars' words and read by
:func:`phh_lsp.convert.sites.pokerstars.read_layout`; the table line that
layout needs is added after the first, and every line number is mapped
back to the file's; a stud hand's seats, streets and limits are
:mod:`phh_lsp.convert.sites.bovada_stud`'s, and a board the 2012 layout
writes only in the summary is dealt where PokerKit deals one
(``board_due``). This module holds only Bovada's words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, SiteHand
from phh_lsp.convert.reader import failed_hand
from phh_lsp.convert.sites import bovada_stud
from phh_lsp.convert.sites.pokerstars import read_layout

SITE: Final = "Bovada"

_START: Final = re.compile(r"^\ufeff?(?:Bovada|Ignition|Bodog(?: UK|\.eu)?) Hand #\d+", re.M)
_CUT_OFF: Final = re.compile(r"(?<=\S)(?=(?:Bovada|Ignition|Bodog(?: UK|\.eu)?) Hand #\d+)")
_READ_START: Final = re.compile(r"^PokerStars Hand #", re.M)
_HAND_ID: Final = re.compile(r"PokerStars Hand #(\d+)")
_HEADER: Final = re.compile(
    r"\ufeff?(?:Bovada|Ignition|Bodog(?: UK|\.eu)?) Hand #(?P<id>\d+):? +(?P<rest>.*?) - "
    r"(?P<date>\d{4}-\d{1,2}-\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?: (?P<zone>[A-Z]+))?\s*"
)
_GAME: Final = re.compile(r"(?P<game>HOLDEM|OMAHA|7 CARD STUD|7CARD)(?:ZonePoker)?(?P<hilo> HiLo)?")
_GAMES: Final = {"HOLDEM": "Hold'em", "OMAHA": "Omaha", "7 CARD STUD": "7 Card Stud", "7CARD": "7 Card Stud"}
_LIMIT: Final = re.compile(r"No Limit|Pot Limit|Fixed Limit")
_TOURNAMENT: Final = re.compile(r"Tournament #(?P<id>\S+)")
_LEVEL: Final = re.compile(r"Level (?P<level>\d+) \((?P<small>[\d,.]+)/(?P<big>[\d,.]+)\)")
_LINE: Final = re.compile(r"(?P<name>.+?)(?: +\[ME\])? : (?P<verb>.*?)\s*")
_SEAT: Final = re.compile(r"Seat \d+: (?P<name>.+?)(?: \[ME\])? \((?P<chips>[^()]*) in chips\)(?P<rest>.*)")
_DEALER: Final = re.compile(r"Set dealer(?:/Bring in spot)? \[(?P<seat>\d+)\]")
_NUMBER: Final = r"(?P<amount>\$?[\d,]+(?:\.\d+)?)"
#: Bovada's verbs in PokerStars' words: the pattern of the verb, and what it becomes.
_VERBS: Final = (
    (re.compile(r"(?:Ante/)?Small [Bb]lind " + _NUMBER), "posts small blind {amount}"),
    (re.compile(r"Big [Bb]lind(?:/Bring in)? " + _NUMBER), "posts big blind {amount}"),
    (re.compile(r"Ante chip " + _NUMBER), "posts the ante {amount}"),
    (re.compile(r"Bring_in chip " + _NUMBER), "brings in for {amount}"),
    (re.compile(r"Posts chip " + _NUMBER), "posts big blind {amount}"),
    # both blinds at once, back from sitting out: the small blind's part dead, the big blind's live
    (re.compile(r"Posts dead chip " + _NUMBER), "posts small & big blinds {amount}"),
    (re.compile(r"Folds?(?: ?\(.*\))?"), "folds"),
    (re.compile(r"Folds & [Ss]hows (?P<cards>\[[^\]]*\])(?: Show\d \[[^\]]*\])?"), "folds {cards}"),
    (re.compile(r"Checks(?: ?\(.*\))?"), "checks"),
    (re.compile(r"Calls?(?:\([^)]*\))? " + _NUMBER), "calls {amount}"),
    (re.compile(r"Bets(?: chip info\([^)]*\))? " + _NUMBER), "bets {amount}"),
    (re.compile(r"Raises(?:\([^)]*\))? \$?[\d,.]+ to " + _NUMBER), "raises {amount} to {amount}"),
    (re.compile(r"Raises(?:\([^)]*\))? " + _NUMBER), "raises {amount} to {amount}"),
    # the 2012 layout's `All-in(raise) $32` names the street's total, as `Raises $32` does
    (
        re.compile(r"All-in\(raise(?:-timeout)?\) (?:\$?[\d,.]+ to )?" + _NUMBER),
        "raises {amount} to {amount} and is all-in",
    ),
    (re.compile(r"Mucks (?P<cards>\[[^\]]*\])(?: \(.*\))?"), "mucks hand {cards}"),
    (re.compile(r"Does not show(?: \[[^\]]*\])?(?: Show\d \[[^\]]*\])?(?: \([^)]*\))?"), "doesn't show hand"),
)
#: A player's lines that say nothing about the chips or the cards.
_NEWS: Final = re.compile(
    r"Set dealer.*|Leave\(.*\)|Enter\(.*\)|Sit ?out.*|Re-join|Stand|Seat (?:sit out|stand|re-join|sit down)"
    r"|Table (?:enter|leave) user|Table deposit .*|Draw for dealer.*|Rebuyin .*|Addon .*|Double rebuys .*"
    r"|Prize .*|BOUNTY PRIZE .*|Ranking .*"
)
#: Lines naming no player that say nothing.
_NOTHING: Final = re.compile(
    r"Enter\(.*\)|Leave\(.*\)|Table (?:enter|leave) user|Table deposit .*|Seat (?:sit out|stand|re-join|sit down)"
    r"|(?:Table|Player|Seating) Info: .*|Set dealer(?:/Bring in spot)?"
)
#: A post, a bet or a bet returned: written again on the next line, word
#: for word, it is the export's fault (nobody posts or acts twice in a row,
#: a bet is returned once), counted once.
_ONCE: Final = re.compile(
    r".+ : (?:Ante/Small|Small|Big|Ante chip|Posts|Bets|Raises|Calls?\b|All-in|Return uncalled portion of bet).*"
)
#: ... and, in a hand whose results add up to more than its pot, a result.
_ONCE_PAID: Final = re.compile(_ONCE.pattern + r"|.+ : Hand [Rr]esult.*")
_RESULT: Final = re.compile(r".+ : Hand [Rr]esult(?:-Side [Pp]ot)? " + r"\$?(?P<amount>[\d,]+(?:\.\d+)?)\s*")
_POST_ALL_IN: Final = re.compile(r"(?P<name>.+?)(?: +\[ME\])? : All-in(?:\([^)]*\))? " + _NUMBER + r"\s*")
_ANTE: Final = re.compile(r"(?P<name>.+?)(?: +\[ME\])? : Ante chip " + _NUMBER + r"\s*")
_RETURNED: Final = re.compile(r"(?P<name>.+?)(?: +\[ME\])? : Return uncalled portion of bet " + _NUMBER + r"\s*")
_ANTE_OR_BLIND: Final = re.compile(r".+ : (?P<ante>Ante chip)?.*")
_TABLE_CARDS: Final = re.compile(r"Card (?:dealt )?to (?:the )?table (\[[^\]]*\])")
_STREETS: Final = ("FLOP", "TURN", "RIVER")
#: The summary's board.
_BOARD: Final = re.compile(r"Board \[(?P<cards>[^\]]*)\]")
_TOTAL: Final = re.compile(r"Total Pot\((?P<pot>[^)]*)\)(?: \| Rake \((?P<rake>[^)]*)\))?.*")


def is_bovada(text: str) -> bool:
    """Whether the text holds Bovada hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order;
    the lines each names are the file's."""
    words, origin, refused, due = _in_pokerstars_words(text.split("\n"))
    for read in read_layout("\n".join(words), _READ_START, _HAND_ID, SITE, returns_from=0):  # always written
        if (refusal := refused.get(read.first_line)) is not None:  # its lines are the file's
            yield failed_hand(refusal, origin[read.first_line - 1], read.hand_id)
            continue
        if isinstance(read, ConversionError):
            read.line, read.first_line = origin[read.line - 1], origin[read.first_line - 1]
        else:
            number, boards = due.get(read.first_line, (0, []))
            read.first_line = origin[read.first_line - 1]
            read.table = None if read.table == "?" else read.table
            for event in read.events:
                event.line = origin[event.line - 1]
            read.events += [Event("board_due", number, cards=board) for board in boards]
        yield read


#: The hands refused before they are read (by the line of their first in
#: PokerStars' words), with their reason at the file's line.
_Refused = dict[int, ConversionError]
#: The boards of the hands that write none where they are dealt (by the line
#: of their first in PokerStars' words): the summary's line, each street's cards.
_Due = dict[int, tuple[int, list[str]]]


def _in_pokerstars_words(lines: list[str]) -> tuple[list[str], list[int], _Refused, _Due]:
    """The lines in PokerStars' words, each one's line in the file, the
    hands refused before they are read, and the boards told only in a
    hand's summary."""
    words: list[str] = []
    origin: list[int] = []
    refused: _Refused = {}
    due: _Due = {}
    known: bovada_stud.Known = {}
    hand: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        # a hand cut off mid-line, the next written on after it: two lines
        for text in _CUT_OFF.split(line.strip().lstrip("\ufeff")):
            if _START.match(text) and hand:
                if _CUT_OFF.search(line.strip()) and _START.match(hand[0][1]):
                    reason = f"the hand is cut off at `{hand[-1][1]}`: the next hand starts on the same line"
                    refused[len(words) + 1] = ConversionError(reason, number)
                _hand_in_pokerstars_words(hand, words, origin, (refused, due), known)
                hand = []
            elif hand and _START.match(hand[0][1]) and _SEAT.fullmatch(text) and _summed_up(hand):
                # a seat after the summary: a hand whose first lines the export lost, read as none
                _hand_in_pokerstars_words(hand, words, origin, (refused, due), known)
                reason = f"the hand's first lines are lost (the export cut them off): it starts at `{text}`"
                refused[len(words) + 1] = ConversionError(reason, number)
                words.append("PokerStars Hand #0: its first lines lost")
                origin.append(number)
                hand = []
            hand.append((number, text))
    _hand_in_pokerstars_words(hand, words, origin, (refused, due), known)
    return words, origin, refused, due


def _summed_up(hand: list[tuple[int, str]]) -> bool:
    """Whether the hand's summary has begun: no seat of it is listed after."""
    return any(text.startswith("*** SUMMARY") for _, text in hand)


def _hand_in_pokerstars_words(
    lines: list[tuple[int, str]],
    words: list[str],
    origin: list[int],
    told: tuple[_Refused, _Due],
    known: bovada_stud.Known,
) -> None:
    """A hand's lines in PokerStars' words, the table line added after the
    first; a stud hand's street lines added, its limits told (``known``: those
    earlier hands of the file told)."""
    if not lines or not _START.match(lines[0][1]):  # lines before the first hand: no hand's
        for number, text in lines:
            words.append(text)
            origin.append(number)
        return
    first, *rest = lines
    stud = bovada_stud.is_stud(first[1])
    stakes = None
    if stud:
        rest = bovada_stud.with_streets(rest)
        try:
            stakes = bovada_stud.stakes(rest, known, first[0])
        except ConversionError as error:
            told[0][len(words) + 1] = error
    rest, all_in = _posted_all_in(rest, cash=not _TOURNAMENT.search(first[1]))
    posts = [found for _, text in rest if (found := _LINE.fullmatch(text))]
    places = _places([seat for _, text in lines if (seat := _SEAT.fullmatch(text))])
    words.append(_header(first[1], posts, stakes, all_in))
    table = found[1] if (found := re.search(r"TBL#(\d+)", first[1])) else "?"
    words.append(f"Table '{table}' Seat #{places.get('Dealer', len(places))} is the button")
    origin += [first[0], first[0]]
    dealt: dict[str, str] = {}
    boards = 0
    # A seat dealt no cards where others are (sitting out, or seated during the hand) is not dealt in.
    carded = {line["name"].strip() for line in posts if line["verb"].startswith("Card dealt to a spot ")}
    previous = ""
    once = _ONCE_PAID if _paid_above_pot(rest) else _ONCE
    if unwritten := _unwritten_board(rest):
        told[1][len(words) - 1] = unwritten
    for number, text in rest:
        origin.append(number)
        text, previous = ("" if text == previous and once.fullmatch(text) else text), text
        if not text or text.startswith("*** "):
            words.append(text)
        elif stud and (seat_line := bovada_stud.seat_line(text)):
            name = seat_line.split(": ", 1)[1].split(" (", 1)[0]
            words.append(seat_line + (" is sitting out" if carded and name not in carded else ""))
        elif seat := _SEAT.fullmatch(text):
            name = seat["name"].strip()
            out = " is sitting out" if carded and name not in carded else ""
            words.append(f"Seat {places[name]}: {name} ({seat['chips']} in chips){seat['rest']}{out}")
        elif total := _TOTAL.fullmatch(text):
            words.append(f"Total pot {total['pot']}" + (f" | Rake {total['rake']}" if total["rake"] else ""))
        elif line := _LINE.fullmatch(text):
            verb = bovada_stud.stud_verb(line["verb"]) if stud else line["verb"]
            words.append(_player_line(line["name"].strip(), verb, dealt) if verb else "")
        elif board := _TABLE_CARDS.fullmatch(text):  # the older layout's boards
            words.append(f"*** {_STREETS[min(boards, 2)]} *** {board[1]}")
            boards += 1
        elif _NOTHING.fullmatch(text):
            words.append("")
        else:
            words.append(text)


def _posted_all_in(lines: list[tuple[int, str]], cash: bool) -> tuple[list[tuple[int, str]], bool]:
    """The lines with a post made all in before the cards are dealt written
    as the post it is: in a hand with antes, before any blind (``UTG+3 :
    All-in 60``, even before the others' antes) by a player who posts
    none, an ante; ``Big Blind : All-in $8``, the big blind (and the small
    blind's, the small blind). And whether a cash table's big blind was:
    the blind is then the stakes' only if the stack covered it (a
    tournament's header names its stakes)."""
    out: list[tuple[int, str]] = []
    all_in = blinds = False
    anted = {ante["name"].strip() for _, text in lines if (ante := _ANTE.fullmatch(text))}
    cards = next((index for index, (_, text) in enumerate(lines) if text.startswith("*** ")), len(lines))
    antes = any((posted := _ANTE_OR_BLIND.fullmatch(text)) and posted["ante"] is not None for _, text in lines[:cards])
    for index, (number, text) in enumerate(lines):
        if text.startswith("*** "):
            return out + lines[index:], all_in
        if found := _POST_ALL_IN.fullmatch(text):
            name = found["name"].strip()
            if antes and not blinds and name not in anted:
                text = f"{name} : Ante chip {found['amount']}"
            elif name == "Big Blind":
                text, all_in = f"{name} : Big blind {found['amount']}", cash
            elif name == "Small Blind":  # after its ante: the blind
                text = f"{name} : Small blind {found['amount']}"
        elif (
            (back := _RETURNED.fullmatch(text))
            and out
            and (ante := _ANTE.fullmatch(out[-1][1]))
            and (back["name"] == ante["name"])
        ):
            # an ante above an all-in player's: its excess comes back before the cards, it was never in play
            kept = _number(ante["amount"]) - _number(back["amount"])
            out[-1] = (out[-1][0], f"{ante['name']} : Ante chip {kept}")
            continue
        elif (posted := _ANTE_OR_BLIND.fullmatch(text)) and not _NEWS.fullmatch(text.split(" : ", 1)[1]):
            blinds = blinds or posted["ante"] is None
        out.append((number, text))
    return out, all_in


def _paid_above_pot(lines: list[tuple[int, str]]) -> bool:
    """Whether the hand's results add up to more than its total pot: a
    result written again on the next line is then the export's fault."""
    pot = next((_number(total["pot"]) for _, text in lines if (total := _TOTAL.fullmatch(text))), None)
    paid = sum((_number(result["amount"]) for _, text in lines if (result := _RESULT.fullmatch(text))), Decimal(0))
    return pot is not None and paid > pot


def _unwritten_board(lines: list[tuple[int, str]]) -> tuple[int, list[str]] | None:
    """The board of a hand that writes none where it is dealt (the 2012
    layout), each street's cards as the summary's ``Board [..]`` gives them,
    and that line's number: dealt when PokerKit deals a board."""
    if any(text.startswith("*** FLOP") or _TABLE_CARDS.fullmatch(text) for _, text in lines):
        return None
    number, cards = next(
        ((number, board["cards"].split()) for number, text in lines if (board := _BOARD.fullmatch(text))), (0, [])
    )
    if len(cards) < 3:
        return None
    return number, ["".join(cards[:3]), *cards[3:5]]


def _places(seats: list[re.Match[str]]) -> dict[str, int]:
    """Each place's seat, numbered round the table from the small blind to
    the dealer: Bovada's own seat numbers do not always go round the table
    (``Set dealer [5]`` may name the seat listed as ``UTG``), its places do."""
    names = [seat["name"].strip() for seat in seats]
    return {name: index for index, name in enumerate(sorted(names, key=_place_order), start=1)}


def _place_order(name: str) -> tuple[int, str]:
    if name == "Small Blind":
        return 0, name
    if name == "Big Blind":
        return 1, name
    if found := re.fullmatch(r"UTG(?:\+(\d+))?", name):
        return 2 + int(found[1] or 0), name
    return (100 if name == "Dealer" else 50), name


def _player_line(name: str, verb: str, dealt: dict[str, str]) -> str:
    """A player's line in PokerStars' words (an all-in, the chips added, as
    a bet: PokerKit's state makes it a call, a bet or a raise), and the
    cards they were dealt (``Showdown [..]`` gives the best five cards,
    the board's among them: the player shows their own)."""
    if verb.startswith("Card dealt to a spot "):  # a stud street's: the cards held before, then the new
        cards, held = verb.removeprefix("Card dealt to a spot "), dealt.get(name)
        dealt[name] = cards if held is None else f"{held[:-1]} {cards[1:]}"
        return f"Dealt to {name} {cards}" if held is None else f"Dealt to {name} {held} {cards}"
    if re.fullmatch(r"Showdown ?(?:\[[^\]]*\] ?)?(?:\(.*\))?", verb):
        return f"{name}: shows {dealt[name]}" if name in dealt else f"{name}: {verb}"
    if found := re.fullmatch(r"Return uncalled portion of bet " + _NUMBER, verb):
        return f"Uncalled bet ({found['amount']}) returned to {name}"
    if found := re.fullmatch(r"Hand [Rr]esult(?P<side>-Side [Pp]ot)? " + _NUMBER, verb):
        return f"{name} collected {found['amount']} from {'side ' if found['side'] else ''}pot"
    if _NEWS.fullmatch(verb):
        return ""
    if found := re.fullmatch(r"All-in(?:\((?!raise)[^)]*\))? " + _NUMBER, verb):
        # the chips added: a call, a bet or a raise as PokerKit rules it where it
        # stands (the 2012 layout writes no board, so no line here tells the street)
        verb = f"Bets {found['amount']}"
    for pattern, ours in _VERBS:
        if found := pattern.fullmatch(verb):
            return f"{name}: {ours.format(**found.groupdict())}"
    return f"{name}: {verb}"


def _number(raw: str) -> Decimal:
    try:
        return Decimal(raw.lstrip("$").replace(",", ""))
    except InvalidOperation:
        return Decimal(0)


def _button(lines: list[tuple[int, str]]) -> str:
    """The button's seat: the one ``Set dealer`` names, else the Dealer's."""
    for _, text in lines:
        if (line := _LINE.fullmatch(text)) and (dealer := _DEALER.fullmatch(line["verb"])):
            return dealer["seat"]
    dealer_seat = next((text for _, text in lines if re.match(r"Seat \d+: Dealer\b", text)), "Seat 0:")
    return dealer_seat.split(":")[0].removeprefix("Seat ")


def _header(
    text: str, lines: list[re.Match[str]], stud: tuple[Decimal, Decimal] | None, short_big: bool = False
) -> str:
    """The first line in PokerStars' words: the stakes of a cash hand are
    the blinds posted (twice the small blind, when the big blind was posted
    all in for less: ``short_big``), a stud hand's (``stud``) its bets. Left
    as it is when it cannot be read, so the reader refuses the hand with it."""
    header = _HEADER.fullmatch(text)
    game = _GAME.search(header["rest"]) if header else None
    if header is None or game is None:
        return re.sub(r"^(?:Bovada|Ignition|Bodog(?: UK|\.eu)?) Hand #", "PokerStars Hand #", text)
    name = _GAMES[game["game"]] + (" Hi/Lo" if game["hilo"] else "")
    limit = found[0] if (found := _LIMIT.search(header["rest"])) else "No Limit"
    limited = limit == "Fixed Limit"
    when = f"{header['date'].replace('-', '/')} {header['time']} {header['zone'] or ''}".rstrip()
    head = f"PokerStars Hand #{header['id']}: "
    game_name = f"{name} {limit.replace('Fixed ', '')}"
    if (tournament := _TOURNAMENT.search(header["rest"])) and (level := _LEVEL.search(header["rest"])):
        small, big = _number(level["small"]), _number(level["big"])
        small, big = stud or ((big, 2 * big) if limited else (small, big))
        number = re.sub(r"\D", "", tournament["id"])
        return f"{head}Tournament #{number}, {game_name} - Level {level['level']} ({small}/{big}) - {when}"
    posted = {kind: _number(found["amount"]) for line in lines for kind, found in _blind(line["verb"])}
    big = posted.get("big", Decimal(0))
    small = posted.get("small", big / 2)
    big = max(big, 2 * small) if short_big else big
    small, big = stud or ((big, 2 * big) if limited else (small, big))
    dollars = any("$" in line["verb"] for line in lines)
    stakes = f"${small}/${big} USD" if dollars else f"{small}/{big}"
    return f"{head}{game_name} ({stakes}) - {when}"


def _blind(verb: str) -> Iterator[tuple[str, re.Match[str]]]:
    if found := re.fullmatch(r"(?:Ante/)?Small [Bb]lind " + _NUMBER, verb):
        yield "small", found
    elif found := re.fullmatch(r"Big [Bb]lind(?:/Bring in)? " + _NUMBER, verb):
        yield "big", found
