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
from phh_lsp.convert.sites import wpn_older
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
_TABLE: Final = re.compile(r"(?:Table )?'?(?P<table>.+?)'? (?P<rest>\d+-max Seat #(?P<button>\d+) is the button)")
#: A stud table's second line: no button (``Gorham 8-max``).
_STUD_TABLE: Final = re.compile(r"(?:Table )?'?(?P<table>.+?)'? (?P<rest>\d+-max)")
_SEAT: Final = re.compile(r"(?P<seat>Seat \d+: .+?) \((?P<chips>[^()]*\d)\)(?P<rest>.*)")
_VERBS: Final = (
    r"(?:posts|folds|checks|calls|bets|raises|shows|mucks|does not show|sits out|brings in|collected|caps|waits)\b"
)
_POSTS: Final = (
    (" posts the small blind ", " posts small blind "),
    (" posts the big blind ", " posts big blind "),
    (" posts ante ", " posts the ante "),
)
#: A post of an amount alone: a returning player's ``posts dead $0.07``, a new
#: player's live ``posts $0.02``.
_DEAD: Final = re.compile(r"posts (?:dead )?(?P<amount>[^\d\s]*(?P<number>[\d,.]+))")
#: A street's pots (``Main pot $0.44 | Rake $0.02``, ``Side pot(1) 800.00``):
#: the chips the lines before put in, nothing new; only the rake is kept.
_POT_RAKE: Final = re.compile(r"(?P<pot>Main|Side) pot(?:\(\d+\))? (?:.*\| Rake (?P<rake>\S+).*|.*)")
#: A blind posted, as WPN writes it: after the hole cards in its tournaments.
_BLIND: Final = re.compile(r"(?P<name>.+) posts the (?:small|big) blind .*")
_SMALL: Final = re.compile(r"(?P<name>.+) posts the small blind .*")
#: A line that opens a street's betting anew (the blinds and bring-in open the first).
_NEW_STREET: Final = re.compile(r"\*\*\* (?:FLOP|TURN|RIVER|[4-7]th STREET) \*\*\*.*")
#: The bets and raises that leave a later ``caps`` a raise.
_OPENS: Final = re.compile(r".+?: (?:bets|raises|brings in) .*")
_WON: Final = re.compile(
    r"Seat \d+: (?P<name>.+?)(?: \([^)]*\))? (?:did not show|showed \[[^\]]*\]) and won (?P<amount>\S+).*"
)
_STREET: Final = re.compile(r"\*\*\* (FLOP|TURN|RIVER|SHOW DOWN) \d \*\*\*(.*)")
_SIDE_POT: Final = re.compile(r"from (side|main) pot (\d+)$")


def is_wpn(text: str) -> bool:
    """Whether the text holds WPN hands (a line opening with one, in the
    current layout or the older one)."""
    return _START.search(text) is not None or wpn_older.START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order.
    A file in WPN's older layout (2014-2019) is read by :mod:`wpn_older`; a
    file holding both layouts (2019's exports) has each hand read by its own."""
    if wpn_older.START.search(text) is None:
        yield from _read_current(text)
    elif _START.search(text) is None:
        yield from wpn_older.read_hands(text, SITE)
    else:
        current, older = _layouts(text)
        hands = [*_read_current(current), *wpn_older.read_hands(older, SITE)]
        yield from sorted(hands, key=lambda hand: hand.first_line)


def _read_current(text: str) -> Iterator[SiteHand | ConversionError]:
    words = "\n".join(_in_pokerstars_words(text.split("\n")))
    yield from read_layout(words, _READ_START, _HAND_ID, SITE, returns_from=0)  # always written


def _layouts(text: str) -> tuple[str, str]:
    """The file's lines of the current layout and of the older one, each
    text with the other layout's lines left blank (every line keeps its
    number). A line where a hand starts, alone or run into the line before,
    is that hand's layout's."""
    current: list[str] = []
    older: list[str] = []
    in_older = False
    for line in text.split("\n"):
        stripped = line.strip().lstrip("\ufeff")
        if wpn_older.START.search(line):
            in_older = True
        elif _START.match(stripped) or _GLUED.fullmatch(stripped):
            in_older = False
        current.append("" if in_older else line)
        older.append(line if in_older else "")
    return "\n".join(current), "\n".join(older)


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
    $0.25``) gets one in place of the winner's ``does not show`` just before
    the summary, or else where its summary begins, which then begins a line
    later, without the rake (the summary's first line).

    WPN's tournaments write the blinds after ``*** HOLE CARDS ***``: that
    line is then left blank (it says nothing else), so the blinds are read
    as blinds. A player who ``waits for big blind`` (or ``sits out`` before
    the cards) is seated, not dealt in:
    their seat is read as sitting out. The button's seat posting the small
    blind (a dead button) leaves the button on the seat before it, so the
    seats act in the order the blinds say."""
    seats = [found for line in lines if (found := _SEAT.fullmatch(line))]
    names: list[str] = []
    waiting = _waiting([found["seat"].split(": ", 1)[1] for found in seats], lines)
    button = _dead_button(lines, seats, waiting)
    blinds_after_cards = _blinds_after_cards(lines)
    big = Decimal(0)
    rake = Decimal(0)
    opened = True  # the blinds (or the bring-in) open the first street
    verb = re.compile(_VERBS)
    winners = [found for line in lines if (found := _WON.fullmatch(line))]
    # one line for one: the collected line comes in on the summary's line, whose
    # "Total pot" line goes; a hand garbled without the pair is left as it is (its
    # lines would no longer be the file's lines)
    pair = lines.count("*** SUMMARY ***") == 1 and sum(line.startswith("Total pot ") for line in lines) == 1
    unsaid = pair and len(winners) == 1 and not any(" collected " in line for line in lines)
    # the winner's "does not show" just before the summary says nothing: the
    # collected line takes its place, and the summary keeps its pot line and rake
    silent = f"{winners[0]['name']} does not show" if unsaid else None
    in_place = silent is not None and lines.index("*** SUMMARY ***") > 0
    in_place = in_place and lines[lines.index("*** SUMMARY ***") - 1] == silent
    for index, text in enumerate(lines):
        if _START.match(text):
            header, big = _header(text, _cap(lines, [found["seat"].split(": ", 1)[1] for found in seats]))
            yield header
        elif in_place and text == silent and lines[index + 1] == "*** SUMMARY ***":
            yield f"{winners[0]['name']} collected {winners[0]['amount']} from pot"
        elif unsaid and not in_place and text == "*** SUMMARY ***":
            yield f"{winners[0]['name']} collected {winners[0]['amount']} from pot"
            yield "*** SUMMARY ***"
        elif unsaid and not in_place and text.startswith("Total pot "):
            continue  # its line holds the summary's beginning
        elif table := _TABLE.fullmatch(text):
            rest = table["rest"] if button is None else table["rest"].replace(f"#{table['button']} ", f"#{button} ")
            yield f"Table '{table['table']}' {rest}"
        elif index == 1 and (table := _STUD_TABLE.fullmatch(text)):
            yield f"Table '{table['table']}' {table['rest']}"
        elif seat := _SEAT.fullmatch(text):
            name = seat["seat"].split(": ", 1)[1]
            names = sorted([*names, name], key=len, reverse=True)
            out = " is sitting out" if name in waiting else ""
            yield f"{seat['seat']} ({seat['chips']} in chips){seat['rest']}{out}"
        elif pot := _POT_RAKE.fullmatch(text):
            cut = _number(pot["rake"]) if pot["rake"] else Decimal(0)
            rake = cut if pot["pot"] == "Main" else rake + cut
            yield ""
        elif text.startswith("Total pot "):
            text = text.replace("| JP Fee ", "| Jackpot ")
            yield text if "| Rake " in text or not rake else f"{text} | Rake {rake}"
        elif street := _STREET.fullmatch(text):
            yield f"*** FIRST {street[1]} ***{street[2]}"  # run it twice: no PHH notation
        elif text == "*** RUN IT TWICE ***":
            yield "*** FIRST RUN IT TWICE ***"
        elif text == "*** HOLE CARDS ***" and blinds_after_cards:
            yield ""
        elif text == "*** 7th STREET ***":
            opened = False
            yield "*** RIVER ***"  # stud's last street, in PokerStars' words
        elif waiting and text in {f"{name} waits for big blind" for name in waiting}:
            yield ""
        else:
            opened = opened and not (text.startswith("*** ") and _NEW_STREET.fullmatch(text))
            line = _player_line(text, names, verb, big, opened)
            opened = opened or _OPENS.fullmatch(line) is not None
            yield line


def _waiting(names: list[str], lines: list[str]) -> set[str]:
    """The players who wait for the big blind or sit out before the cards
    are dealt: seated, not dealt in."""
    cards = lines.index("*** HOLE CARDS ***") if "*** HOLE CARDS ***" in lines else len(lines)
    before, said = set(lines[:cards]), set(lines)
    return {name for name in names if f"{name} waits for big blind" in said or f"{name} sits out" in before}


def _blinds_after_cards(lines: list[str]) -> bool:
    """Whether the blinds are written after ``*** HOLE CARDS ***``, as
    WPN's tournaments write them."""
    if "*** HOLE CARDS ***" not in lines:
        return False
    return any(_BLIND.fullmatch(line) for line in lines[lines.index("*** HOLE CARDS ***") :])


def _dead_button(lines: list[str], seats: list[re.Match[str]], waiting: set[str]) -> int | None:
    """The seat before the small blind's where the button's own seat posts
    it with three or more dealt in (a dead button), else None: PHH's order
    runs from the seat after the button, the small blind first."""
    table = next((found for line in lines[1:2] if (found := _TABLE.fullmatch(line))), None)
    dealt = [found for found in seats if "sitting out" not in found["rest"]]
    dealt = [found for found in dealt if found["seat"].split(": ", 1)[1] not in waiting]
    numbers = [int(found["seat"].split(": ", 1)[0].removeprefix("Seat ")) for found in dealt]
    small = next((found["name"] for line in lines if (found := _SMALL.fullmatch(line))), None)
    if table is None or small is None or len(dealt) < 3:
        return None
    where = [number for number, found in zip(numbers, dealt, strict=True) if found["seat"].endswith(": " + small)]
    if where != [int(table["button"])]:
        return None
    return numbers[numbers.index(where[0]) - 1]


def _player_line(text: str, names: list[str], verb: re.Pattern[str], big: Decimal, opened: bool) -> str:
    """A player's line as PokerStars writes it (``Name: verb …``); any other
    line as it is. ``opened``: whether the street has a bet, which makes a
    capped table's ``caps $0.55`` (a bet or raise that reaches the cap) a
    raise to that amount, else a bet."""
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
    if rest.startswith("brings in ") and not rest.startswith("brings in for "):
        rest = rest.replace("brings in ", "brings in for ", 1)
    if rest.startswith("caps "):
        cap = rest.removeprefix("caps ")
        rest = f"raises {cap} to {cap}" if opened else f"bets {cap}"
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


def _cap(lines: list[str], names: list[str]) -> str | None:
    """A capped table's cap, which WPN does not write: what the first
    player to ``caps`` has put in the hand once capped (the earlier streets'
    chips and the amount the cap brings this street to); None elsewhere."""
    capping = next(
        (line for line in lines if " caps " in line and any(line.startswith(name + " caps ") for name in names)), None
    )
    if capping is None:
        return None
    who = next(name for name in names if capping.startswith(name + " caps "))
    total, street = Decimal(0), Decimal(0)
    for text in lines[: lines.index(capping)]:
        if _NEW_STREET.fullmatch(text):
            total, street = total + street, Decimal(0)
        elif text.startswith(who + " ") and (written := re.search(r"([\d,.]+)$", text)):
            put = _number(written[1])
            street = (
                put
                if re.match(r"(?:bets|raises|posts the (?:small|big) blind) ", text[len(who) + 1 :])
                else street + put
            )
    cap = capping[len(who) + len(" caps ") :]
    symbol, amount = re.sub(r"[\d,.\s]", "", cap), _number(re.sub(r"[^\d,.]", "", cap))
    return f"{symbol}{total + amount}"


def _header(text: str, cap: str | None = None) -> tuple[str, Decimal]:
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
    capped = f" - {cap} Cap - " if cap else ""
    return f"{head}{game} {limit} ({stakes}{capped}{currency}) - {when}", _number(
        re.sub(r"[^\d.,]", "", stakes.split("/")[-1])
    )
