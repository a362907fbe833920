"""PokerStars hand histories read into :class:`SiteHand`, line by line.

Why not PokerKit's ``PokerStarsParser`` as it is: it reads no-limit
hold'em only, ends the whole run on one hand it cannot repair, drops
lines it does not know (a typo such as ``cals`` silently becomes a fold),
misses ``collected`` at the start of a line (so ``winnings`` of a
showdown are lost) and the rake. Here every line of a hand is either
understood, or known to say nothing about the chips (chat, timeouts,
seats joining), or the hand is refused with that line's number.

Players are found by their seat names, longest first, so names with
spaces, colons or any Unicode letters read as they were written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.reader import (
    drop_idle,
    longest_first,
    numbered,
    player_at,
    read_amount,
    read_date_time,
    read_each,
    seated,
)

SITE: Final = "PokerStars"

_GAMES: Final = {
    "Hold'em No Limit": "NT",
    "Hold'em Limit": "FT",
    "Omaha Pot Limit": "PO",
    "Omaha Hi/Lo Limit": "FO/8",
}
_UNSUPPORTED: Final = (
    "Hold'em Pot Limit",
    "Omaha No Limit",
    "Omaha Hi/Lo Pot Limit",
    "7 Card Stud",
    "Razz",
    "Triple Draw",
    "5 Card Draw",
    "Badugi",
    "6+ Hold'em",
    "Courchevel",
    "HORSE",
    "8-Game",
    "Mixed",
)
_AMOUNT: Final = r"[^\d\s]*([\d,]+(?:\.\d+)?)"
_START: Final = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.M)
_HAND_ID: Final = re.compile(r"PokerStars [^#]*#(\d+)")
_HEADER: Final = re.compile(
    r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<id>\d+): +"
    r"(?:Tournament #(?P<tournament>\d+), .*? )?"
    r"(?P<game>" + "|".join(re.escape(game) for game in _GAMES) + r") "
    r"(?:\((?P<stakes>[^)]*)\) )?"
    r"(?:- Level (?P<level>\S+) \((?P<level_stakes>[^)]*)\) )?"
    r"- (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?: (?P<zone>[A-Za-z]+))?"
)
_STAKES: Final = re.compile(
    r"(?P<symbol>[^\d\s]?)(?P<small>[\d,.]+)/[^\d\s]?(?P<big>[\d,.]+)(?: (?P<currency>[A-Z]{3}))?"
)
_TABLE: Final = re.compile(
    r"Table '(?P<table>[^']*)' (?:(?P<max>\d+)-max )?(?:\(Play Money\) )?Seat #(?P<button>\d+) is the button"
)
_SEAT: Final = re.compile(
    r"Seat (?P<number>\d+): (?P<name>.+?) \((?P<chips>[^\d\s]?[\d,]+(?:\.\d+)?) in chips(?:,[^)]*)?\)(?P<rest>.*)"
)
_POST: Final = re.compile(
    r"posts (?P<what>the ante|small blind|big blind|small & big blinds|straddle) " + _AMOUNT + r"(?: and is all-in)?"
)
_ACTIONS: Final = (
    ("fold", re.compile(r"folds(?: \[[^\]]*\])?")),
    ("check", re.compile(r"checks")),
    ("call", re.compile(r"calls " + _AMOUNT + r"(?: and is all-in)?")),
    ("bet", re.compile(r"bets " + _AMOUNT + r"(?: and is all-in)?")),
    ("raise_to", re.compile(r"raises " + _AMOUNT + r" to " + _AMOUNT + r"(?: and is all-in)?")),
    ("show", re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \(.*\))?")),
    ("muck", re.compile(r"mucks hand(?: \[[^\]]*\])?")),
)
#: What a player's line may say without moving chips or cards.
_SAYS_NOTHING: Final = re.compile(
    r"doesn't show hand|is sitting out|sits out|is disconnected|is connected|has timed out.*|has returned"
    r"|is (?:not )?connected|will be allowed to play after the button|leaves the table|joins the table.*"
    r"|said, \".*\"|finished the tournament.*|wins the tournament.*|re-buys.*|takes the add-on.*"
    r"|has timed out while (?:being )?disconnected|was removed from the table.*"
)
_BOARD: Final = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]")
_RETURNED: Final = re.compile(r"Uncalled bet \(" + _AMOUNT + r"\) returned to (?P<name>.+)")
_COLLECTED: Final = re.compile(r"(?P<name>.+?) collected " + _AMOUNT + r" from (?:side |main )?pot(?:-\d+)?")
_DEALT: Final = re.compile(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")
_RAKE: Final = re.compile(r"Total pot .*\| Rake " + _AMOUNT)
_SUMMARY_CARDS: Final = re.compile(r"Seat \d+: (?P<rest>.+?) (?:showed|mucked) \[(?P<cards>[^\]]*)\]")


def is_pokerstars(text: str) -> bool:
    """Whether the text holds PokerStars hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from read_each(text, _START, _read_hand, _HAND_ID)


def _cards(raw: str) -> str:
    return raw.replace(" ", "")


def _read_hand(lines: list[str], first_line: int) -> SiteHand:
    header = _HEADER.match(lines[0])
    if header is None:
        game = next((name for name in _UNSUPPORTED if name in lines[0]), None)
        why = f"{game} is not supported yet" if game else "the first line is not a PokerStars hand header"
        raise ConversionError(f"{why} (PokerStars hands of {', '.join(_GAMES)} are)", first_line)
    stakes = _STAKES.fullmatch(header["stakes"] or header["level_stakes"] or "")
    if stakes is None:
        raise ConversionError("the stakes in the first line cannot be read", first_line)
    if len(lines) < 2:
        raise ConversionError("the hand ends after its first line", first_line)
    table = _TABLE.match(lines[1])
    if table is None:
        raise ConversionError("the second line does not name the table and the button's seat", first_line + 1)
    date, time = read_date_time(header["date"], header["time"], "/", first_line)
    hand = SiteHand(
        site=SITE,
        first_line=first_line,
        hand_id=header["id"],
        variant=_GAMES[header["game"]],
        seats=[],
        button=int(table["button"]),
        posts=[],
        events=[],
        stakes=(read_amount(stakes["small"], first_line), read_amount(stakes["big"], first_line)),
        table=table["table"],
        seat_count=int(table["max"]) if table["max"] else None,
        currency=stakes["currency"],
        currency_symbol=stakes["symbol"] or None,
        date=date,
        time=time,
        time_zone_abbreviation=header["zone"],
        tournament=header["tournament"],
        level=header["level"],
    )
    _read_body(hand, lines, first_line)
    return hand


def _read_body(hand: SiteHand, lines: list[str], first_line: int) -> None:
    """Seats, posts, actions and the summary, each line understood or refused."""
    section = "seats"
    names: list[str] = []
    sitting_out: set[str] = set()
    for number, text in numbered(lines, first_line, 2):
        if text.startswith("*** "):
            section = _section(hand, text, number)
            continue
        if section == "summary":
            _summary_line(hand, text, number)
            continue
        if section == "seats" and (seat := _SEAT.fullmatch(text)):
            if "out of hand" not in seat["rest"]:
                chips = re.sub(r"^[^\d]", "", seat["chips"])
                hand.seats.append(Seat(int(seat["number"]), seat["name"], read_amount(chips, number)))
                if "sitting out" in seat["rest"]:
                    sitting_out.add(seat["name"])
                names = longest_first(hand.seats)
            continue
        _action_line(hand, text, number, names, section)
    # A player sitting out is dealt in only where the site still has them post
    # (tournaments); at a cash table they have no line in the hand.
    drop_idle(hand, sitting_out)


def _section(hand: SiteHand, text: str, number: int) -> str:
    """The section a ``*** ... ***`` line opens; a board is dealt there too."""
    if text.startswith(("*** HOLE CARDS ***", "*** SHOW DOWN ***")):
        return "actions"
    if text.startswith("*** SUMMARY ***"):
        return "summary"
    board = _BOARD.fullmatch(text)
    if board is None:
        raise ConversionError(f"`{text}` is a street this converter does not know (run twice?)", number)
    hand.events.append(Event("board", number, cards=_cards(board["cards"])))
    return "actions"


def _action_line(hand: SiteHand, text: str, number: int, names: list[str], section: str) -> None:
    if found := _DEALT.fullmatch(text):
        hand.known_cards[seated(found["name"], names, number)] = _cards(found["cards"])
        return
    if found := _RETURNED.fullmatch(text):
        hand.events.append(
            Event("returned", number, seated(found["name"], names, number), read_amount(found[1], number))
        )
        return
    name = player_at(text, names, ": ")
    if name is None:
        if found := _COLLECTED.fullmatch(text):
            who = seated(found["name"], names, number)
            hand.events.append(Event("collected", number, who, read_amount(found[2], number)))
            return
        if player_at(text, names, " ") is not None:
            return  # a player's news without a colon: joins, leaves, said
        raise ConversionError(f"`{text}` is not a line this converter understands", number)
    rest = text[len(name) + 2 :]
    if post := _POST.fullmatch(rest):
        _post(hand, name, post["what"], read_amount(post[2], number), number, section)
        return
    for kind, pattern in _ACTIONS:
        if found := pattern.fullmatch(rest):
            if kind == "show":
                hand.known_cards[name] = _cards(found["cards"])
                hand.events.append(Event(kind, number, name, cards=_cards(found["cards"])))
            elif kind in ("fold", "check", "muck"):
                hand.events.append(Event(kind, number, name))
            else:
                hand.events.append(Event(kind, number, name, read_amount(found[found.lastindex or 1], number)))
            return
    if _SAYS_NOTHING.fullmatch(rest):
        return
    raise ConversionError(f"`{rest}` is not a PokerStars action (in `{text}`)", number)


def _post(hand: SiteHand, name: str, what: str, amount: Decimal, number: int, section: str) -> None:
    if section != "seats":
        raise ConversionError(f"{name} posts after the cards are dealt", number)
    if what == "the ante":
        hand.posts.append(Post(name, "ante", amount))
    elif what == "small & big blinds":  # the small blind is dead money, the big blind live
        big = hand.stakes[1] if hand.variant not in ("FT", "FO/8") else hand.stakes[0]
        hand.posts.append(Post(name, "dead", amount - big))
        hand.posts.append(Post(name, "big_blind", big))
    else:
        hand.posts.append(Post(name, what.replace(" ", "_"), amount))


def _summary_line(hand: SiteHand, text: str, number: int) -> None:
    if rake := _RAKE.fullmatch(text):
        hand.rake = read_amount(rake[1], number)
    elif cards := _SUMMARY_CARDS.match(text):
        rest = cards["rest"]
        name = next((seat.name for seat in hand.seats if rest == seat.name or rest.startswith(seat.name + " (")), None)
        if name is not None:
            hand.known_cards.setdefault(name, _cards(cards["cards"]))
