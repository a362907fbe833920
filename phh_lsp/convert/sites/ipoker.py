"""iPoker network hand histories (XML) read into :class:`SiteHand`.

Why not PokerKit's ``IPokerNetworkParser`` as it is: it reads no-limit
hold'em only, takes no antes, treats a player's ``win`` as what they won
from the pots (older clients add the uncalled bet back into it), keeps no
line numbers and passes over elements it does not know. Here every element
of a hand is either understood, or the hand is refused with its line.

The file is XML: a ``<session>`` whose ``<general>`` names the game, the
stakes, the table and the currency, then one ``<game gamecode="...">`` per
hand. Each hand is cut out of the text and parsed on its own with
ElementTree, so one broken hand (or the last hand of a file still being
written) fails alone. ElementTree keeps no line numbers: the start tags are
found again in the text, in the same order, to name the lines.

iPoker prints its actions grouped by player; their ``no`` gives the order.
What it does not print is derived: the uncalled bet given back (the top bet
of a street that nobody matched), whether ``win`` includes it (clients
before version 20: yes; later ones, or ``uncalled_bet_enabled``: no), and
the rake of a cash game (the pot less what was won). A player's ``bet``
(all they put in) is not relied on: some exports count a blind twice in it
or leave an ante out; the replay holds the actions to the stacks instead.
"""

from __future__ import annotations

import bisect
import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.reader import guarded

SITE: Final = "iPoker"

_GAME: Final = re.compile(r'<game\s+gamecode="(?P<id>[^"]*)"[^>]*>')
_GAME_END: Final = re.compile(r"</game\s*>")
_SESSION: Final = re.compile(r"<session\b[^>]*>")
_GENERAL: Final = re.compile(r"<general\b[^>]*>.*?</general\s*>", re.S)
_UNSAFE: Final = re.compile(r"<!DOCTYPE|<!ENTITY", re.I)
#: Start tags, in document order; comments, CDATA and declarations are skipped.
_START_TAG: Final = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<[?!][^>]*>|<(?P<tag>[^\s/>]+)(?:[^>\"']|\"[^\"]*\"|'[^']*')*>", re.S
)
_MONEY: Final = re.compile(
    r"(?P<before>[^\w\s.,-]{1,2}|[A-Z]{3}|kr)?\s?(?P<number>\d[\d.,\s]*?)\s?(?P<after>[^\w\s.,-]{1,2}|[A-Z]{3}|kr)?"
)
_GAMETYPE: Final = re.compile(
    r"(?P<game>.*?)\s*\b(?P<limit>No limit|Pot limit|Limit|NL|SL|PL|LP|БЛ|L)(?:\s+(?P<stakes>[^\s/]+/[^\s/]+))?"
    r"(?:\s+Ante\s+\S+)?",
    re.I,
)
#: Limits as the clients' languages write them (SL: sin límite, LP: límite de pote, БЛ: без лимита).
_LIMITS: Final = {"no limit": "NL", "nl": "NL", "sl": "NL", "бл": "NL", "pot limit": "PL", "pl": "PL", "lp": "PL"}
_VARIANTS: Final = {
    ("holdem", "NL"): "NT",
    ("holdem", "L"): "FT",
    ("omaha", "PL"): "PO",
    ("omaha hi-lo", "L"): "FO/8",
    ("omaha hilow", "L"): "FO/8",
}
_SUPPORTED: Final = "no-limit hold'em, limit hold'em, pot-limit Omaha and limit Omaha hi-lo"
_HOLE_CARDS: Final = {"NT": 2, "FT": 2, "PO": 4, "FO/8": 4}
_BOARD: Final = {2: ("Flop", 3), 3: ("Turn", 1), 4: ("River", 1)}
_RANKS: Final = {"10": "T", **{rank: rank for rank in "23456789TJQKA"}}
#: The dates the clients write, by version and language.
_DATES: Final = (
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%dT%H:%M:%S",
    "%Y/%m/%d %H:%M:%S",
    "%Y/%m/%d %H:%M",
    "%d-%b-%Y %H:%M:%S",
    "%d/%m/%Y %H:%M:%S",
    "%d/%m/%Y %H:%M",
    "%d.%m.%Y %H:%M:%S",
    "%d.%m.%Y %H:%M",
)
#: Action types: posts before the cards, then what a player does.
_POSTS: Final = {"1": "small_blind", "2": "big_blind", "15": "ante"}
_SITS_OUT: Final = ("8", "9")
_GAME_CHILDREN: Final = ("general", "round")


@dataclass(slots=True)
class _Session:
    """What a session's ``<general>`` says about all its hands."""

    line: int
    fields: dict[str, str]
    lines: dict[str, int]

    def get(self, tag: str) -> str:
        return self.fields.get(tag, "").strip()

    def line_of(self, tag: str) -> int:
        return self.lines.get(tag, self.line)

    @property
    def tournament(self) -> bool:
        return any(tag in self.fields for tag in ("tournamentname", "tournamentcode", "tourcode"))

    @property
    def win_without_uncalled(self) -> bool:
        """Whether this client leaves the uncalled bet out of ``win``."""
        if self.get("uncalled_bet_enabled").lower() == "true":
            return True
        major = self.get("client_version").split(".")[0]
        return major.isdigit() and int(major) >= 20


@dataclass(slots=True)
class _Player:
    seat: int
    name: str
    chips: Decimal
    raw_chips: str
    dealer: bool
    win: Decimal
    line: int


@dataclass(slots=True)
class _Action:
    round: int
    no: int
    kind: str
    name: str
    sum: Decimal
    line: int


@dataclass(slots=True)
class _Reading:
    """One hand as it is read: the hand so far and the chips of each street."""

    hand: SiteHand
    lines: dict[int, int]
    players: dict[str, _Player]
    folded: set[str] = field(default_factory=set)
    street: dict[str, Decimal] = field(default_factory=dict)
    put_in: dict[str, Decimal] = field(default_factory=dict)
    returned: dict[str, Decimal] = field(default_factory=dict)
    last_line: dict[str, int] = field(default_factory=dict)

    def line(self, element: ET.Element) -> int:
        return self.lines.get(id(element), self.hand.first_line)

    def pay(self, name: str, amount: Decimal, live: bool) -> None:
        """Chips a player puts in (a live bet counts towards the street's bet)."""
        self.put_in[name] = self.put_in.get(name, Decimal(0)) + amount
        if live:
            self.street[name] = self.street.get(name, Decimal(0)) + amount


def is_ipoker(text: str) -> bool:
    """Whether the text holds iPoker hands (a ``<game gamecode="...">``)."""
    return _GAME.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    games = list(_GAME.finditer(text))
    sessions = [match.end() for match in _SESSION.finditer(text)]
    read: dict[int, _Session | ConversionError] = {}
    unsafe = _UNSAFE.search(text)
    first_line, counted = 1, 0
    for index, game in enumerate(games):
        limit = games[index + 1].start() if index + 1 < len(games) else len(text)
        first_line += text.count("\n", counted, game.start())
        counted = game.start()
        reading = partial(_read_game, text, game, limit, first_line, unsafe, sessions, read)
        yield guarded(reading, first_line, game["id"])


def _read_game(
    text: str,
    game: re.Match[str],
    limit: int,
    first_line: int,
    unsafe: re.Match[str] | None,
    sessions: list[int],
    read: dict[int, _Session | ConversionError],
) -> SiteHand:
    """The hand ``game`` opens (up to ``limit``), read with its session."""
    if unsafe is not None:
        line = text.count("\n", 0, unsafe.start()) + 1
        raise ConversionError("the file declares a DOCTYPE or entities, which iPoker files never do", line)
    session = _session_of(text, game.start(), first_line, sessions, read)
    return _read_hand(text[game.start() : limit], first_line, game["id"], session)


def _session_of(
    text: str, start: int, line: int, sessions: list[int], read: dict[int, _Session | ConversionError]
) -> _Session:
    """The session the hand at ``start`` belongs to: the last one opened before it."""
    opened = bisect.bisect_right(sessions, start)
    if not opened:
        raise ConversionError("no <session> naming the game and the stakes comes before this hand", line)
    session = sessions[opened - 1]
    if session not in read:
        read[session] = _read_session(text, session, start)
    found = read[session]
    if isinstance(found, ConversionError):
        raise ConversionError(found.message, found.line)
    return found


def _read_session(text: str, start: int, end: int) -> _Session | ConversionError:
    general = _GENERAL.search(text, start, end)
    line = text.count("\n", 0, start) + 1
    if general is None:
        return ConversionError("the session has no <general> naming the game and the stakes", line)
    line = text.count("\n", 0, general.start()) + 1
    try:
        root = ET.fromstring(general[0])
    except ET.ParseError as error:
        return ConversionError(f"the session's <general> is not well-formed XML ({_why(error)})", _at(error, line))
    lines = _element_lines(general[0], root, line)
    return _Session(
        line,
        {child.tag: child.text or "" for child in root},
        {child.tag: lines.get(id(child), line) for child in root},
    )


def _why(error: ET.ParseError) -> str:
    return re.sub(r":? line \d+, column \d+$", "", str(error))


def _at(error: ET.ParseError, first_line: int) -> int:
    position = getattr(error, "position", None)
    return first_line + position[0] - 1 if position else first_line


def _element_lines(fragment: str, root: ET.Element, first_line: int) -> dict[int, int]:
    """The line of each element: the start tags found in the text, in order."""
    tags = [(match["tag"], match.start()) for match in _START_TAG.finditer(fragment) if match["tag"]]
    elements = list(root.iter())
    if len(tags) != len(elements) or any(tag != element.tag for (tag, _), element in zip(tags, elements, strict=True)):
        return {}
    lines, line, position = {}, first_line, 0
    for (_, start), element in zip(tags, elements, strict=True):
        line += fragment.count("\n", position, start)
        position = start
        lines[id(element)] = line
    return lines


def _amount(raw: str | None, line: int, what: str = "amount") -> Decimal:
    """An iPoker amount: ``£0.05``, ``0,02€``, ``$1,855``, ``1.500`` (Italian
    chips), ``12 450``; the decimal mark is told from the thousands by place."""
    found = _MONEY.fullmatch((raw or "").strip())
    number = _number(re.sub(r"\s", "", found["number"])) if found else None
    if number is None:
        raise ConversionError(f"`{raw}` is not an {what}" if raw else f"the {what} is missing", line)
    return number


def _number(text: str) -> Decimal | None:
    marks = [mark for mark in ".," if mark in text]
    whole, fraction = text, ""
    if len(marks) == 2:  # the last mark is the decimal one
        decimal_mark = text[max(text.rfind("."), text.rfind(","))]
        whole, _, fraction = text.rpartition(decimal_mark)
        whole = whole.replace("," if decimal_mark == "." else ".", "")
        if not _grouped(text.rpartition(decimal_mark)[0], "," if decimal_mark == "." else "."):
            return None
    elif marks:
        parts = text.split(marks[0])
        thousands = len(parts) > 2 or (len(parts[1]) == 3 and parts[0] != "0")
        if thousands:
            if not _grouped(text, marks[0]):
                return None
            whole = "".join(parts)
        else:
            whole, fraction = parts
    if not whole.isdigit() or (fraction and not fraction.isdigit()):
        return None
    try:
        return Decimal(f"{whole}.{fraction}" if fraction else whole)
    except InvalidOperation:
        return None


def _grouped(text: str, mark: str) -> bool:
    """Whether thousands are grouped by three: ``12,450``, not ``1,24,50``."""
    groups = text.split(mark)
    return 1 <= len(groups[0]) <= 3 and all(len(group) == 3 for group in groups[1:])


def _symbol(raw: str) -> str | None:
    found = _MONEY.fullmatch(raw.strip())
    symbol = found and (found["before"] or found["after"])
    return symbol if symbol and not symbol.isalpha() else None


def _cards(raw: str, line: int) -> str | None:
    """``SA H10`` as ``AsTh``; None for cards iPoker hides (``X X``)."""
    tokens = raw.split()
    if tokens and all(token.upper() == "X" for token in tokens):
        return None
    cards = []
    for token in tokens:
        suit, rank = token[:1].lower(), _RANKS.get(token[1:].upper())
        if suit not in "shdc" or not suit or rank is None:
            raise ConversionError(f"`{raw}` are not cards iPoker writes (`SA H10`, or `X X` when hidden)", line)
        cards.append(rank + suit)
    return "".join(cards)


def _read_hand(fragment: str, first_line: int, hand_id: str, session: _Session) -> SiteHand:
    ended = _GAME_END.search(fragment)
    if ended is None:
        raise ConversionError("the hand is cut off: its </game> is missing", first_line)
    fragment = fragment[: ended.end()]
    try:
        root = ET.fromstring(fragment)
    except ET.ParseError as error:
        raise ConversionError(f"the hand is not well-formed XML ({_why(error)})", _at(error, first_line)) from None
    lines = _element_lines(fragment, root, first_line)
    for child in root:
        if child.tag not in _GAME_CHILDREN:
            line = lines.get(id(child), first_line)
            raise ConversionError(f"<{child.tag}> is not part of an iPoker hand this converter knows", line)
    variant, stakes = _game(session)
    general = root.find("general")
    if general is None:
        raise ConversionError("the hand has no <general> with its players", first_line)
    players = _players(general, lines, first_line)
    date, time = _date(general.findtext("startdate") or session.get("startdate"), first_line)
    hand = SiteHand(
        site=SITE,
        first_line=first_line,
        hand_id=hand_id,
        variant=variant,
        seats=[],
        button=0,
        posts=[],
        events=[],
        stakes=stakes or (Decimal(0), Decimal(0)),
        table=session.get("tablename") or None,
        seat_count=_seat_count(session),
        date=date,
        time=time,
    )
    reading = _Reading(hand, lines, players)
    actions = _actions(root, reading)
    _deal(root, reading, actions)
    _whole(root, hand, actions)
    if stakes is None:
        hand.stakes = _stakes_from_posts(session, actions, variant, first_line)
    _posts(reading, actions)
    _play(root, reading, actions)
    _results(reading, session)
    return hand


def _whole(root: ET.Element, hand: SiteHand, actions: list[_Action]) -> None:
    """Refuse what cannot be played: a history that stops after the blinds
    (iPoker's partial exports)."""
    pockets = any(cards.get("type") == "Pocket" for cards in root.iter("cards"))
    if not pockets and all(action.round == 0 for action in actions):
        raise ConversionError(
            "the history stops after the blinds (a partial export): nothing to convert", hand.first_line
        )


def _game(session: _Session) -> tuple[str, tuple[Decimal, Decimal] | None]:
    """The variant and, at a cash table, the stakes (blinds, or bets at limit)."""
    gametype, line = session.get("gametype"), session.line_of("gametype")
    found = _GAMETYPE.fullmatch(gametype)
    if found is None:
        raise ConversionError(f"`{gametype}` is not a game type this converter knows", line)
    game, limit = found["game"].strip(), _LIMITS.get(found["limit"].lower(), "L")
    variant = _VARIANTS.get((game.lower(), limit))
    if variant is None:
        named = f"{game} {found['limit']}" if game else f"`{gametype}` (five-card Omaha)"
        raise ConversionError(f"{named} is not supported yet (iPoker hands of {_SUPPORTED} are)", line)
    if found["stakes"] and not session.tournament:
        small, big = found["stakes"].split("/")
        return variant, (_amount(small, line, "stake"), _amount(big, line, "stake"))
    if session.get("smallblind") and session.get("bigblind") and not session.tournament:
        small = _amount(session.get("smallblind"), session.line_of("smallblind"), "blind")
        big = _amount(session.get("bigblind"), session.line_of("bigblind"), "blind")
        return variant, ((big, 2 * big) if variant in ("FT", "FO/8") else (small, big))
    return variant, None


def _seat_count(session: _Session) -> int | None:
    size = session.get("tablesize") or session.get("maxplayers")
    return int(size) if size.isdigit() and 2 <= int(size) <= 10 else None


def _date(raw: str, line: int) -> tuple[datetime.date | None, datetime.time | None]:
    if not raw:
        return None, None
    for layout in _DATES:
        try:
            moment = datetime.datetime.strptime(raw.strip(), layout)
        except ValueError:
            continue
        return moment.date(), moment.time()
    raise ConversionError(f"`{raw}` is not a date and time iPoker writes", line)


def _players(general: ET.Element, lines: dict[int, int], first_line: int) -> dict[str, _Player]:
    listed = general.find("players")
    if listed is None:
        raise ConversionError("the hand has no <players>", first_line)
    players: dict[str, _Player] = {}
    for element in listed:
        line = lines.get(id(element), first_line)
        if element.tag != "player":
            raise ConversionError(f"<{element.tag}> is not a player", line)
        name, seat = element.get("name") or "", element.get("seat") or ""
        if not name and _amount(element.get("chips") or "0", line) == 0:
            continue  # an empty seat
        if not name or not seat.isdigit():
            raise ConversionError("the player has no name or no seat number", line)
        if name in players:
            raise ConversionError(f"{name} is seated twice", line)
        players[name] = _Player(
            seat=int(seat),
            name=name,
            chips=_amount(element.get("chips"), line, "amount of chips"),
            raw_chips=element.get("chips") or "",
            dealer=element.get("dealer") == "1",
            win=_amount(element.get("win") or "0", line),
            line=line,
        )
    return players


def _actions(root: ET.Element, reading: _Reading) -> list[_Action]:
    """Every action of the hand, in the order of their ``no`` within each round."""
    actions = []
    for round_no, element in _rounds(root, reading):
        for child in element:
            line = reading.line(child)
            if child.tag == "cards":
                continue
            if child.tag != "action":
                raise ConversionError(f"<{child.tag}> is not an iPoker action", line)
            actions.append(_action(child, round_no, reading, line))
    numbers = [action.no for action in actions]
    if len(set(numbers)) != len(numbers):
        twice = next(action for action in actions if numbers.count(action.no) > 1)
        raise ConversionError(f"two actions are numbered {twice.no}", twice.line)
    return sorted(actions, key=lambda action: (action.round, action.no))


def _rounds(root: ET.Element, reading: _Reading) -> list[tuple[int, ET.Element]]:
    rounds = []
    for element in root.iter("round"):
        number = element.get("no") or ""
        if not number.isdigit() or int(number) > 4:
            where = f'no="{number}"' if number else "no number"
            raise ConversionError(f"a round with {where} is not a street of hold'em or Omaha", reading.line(element))
        rounds.append((int(number), element))
    if len({number for number, _ in rounds}) != len(rounds):
        raise ConversionError("a round is written twice", reading.hand.first_line)
    return sorted(rounds, key=lambda pair: pair[0])


def _action(element: ET.Element, round_no: int, reading: _Reading, line: int) -> _Action:
    text = ET.tostring(element, encoding="unicode").strip()
    name, number, kind = element.get("player") or "", element.get("no") or "", element.get("type") or ""
    if name not in reading.players:
        raise ConversionError(f"{name or 'an action without a player'} has no seat in this hand", line)
    if not number.isdigit():
        raise ConversionError(f"the action has no number (`{text}`)", line)
    known = (*_POSTS, *_SITS_OUT, "0", "3", "4", "5", "6", "7", "23")
    if kind not in known:
        raise ConversionError(f'type="{kind}" is not an iPoker action this converter knows (in `{text}`)', line)
    if (kind in _POSTS) != (round_no == 0) and kind not in _SITS_OUT:
        why = "posts after the cards are dealt" if kind in _POSTS else "acts before the cards are dealt"
        raise ConversionError(f"{name} {why}", line)
    if element.get("sum") == "DP":  # the client's all-in protection after a disconnection
        raise ConversionError(f'{name} is protected as all in after a disconnection (sum="DP"): not supported', line)
    amount = _amount(element.get("sum") or "0", line)
    return _Action(round_no, int(number), kind, name, amount, line)


def _deal(root: ET.Element, reading: _Reading, actions: list[_Action]) -> None:
    """Who is dealt in (cards or actions; not those sitting out), their cards, the button."""
    hand, players = reading.hand, reading.players
    dealt: set[str] = set()
    for element in root.iter("cards"):
        if element.get("type") == "Pocket":
            name, line = element.get("player") or "", reading.line(element)
            if name not in players:
                raise ConversionError(f"{name or 'cards without a player'} have no seat in this hand", line)
            cards = _cards(element.text or "", line)
            _hole_cards(hand.variant, element.text or "", line)
            if cards:
                hand.known_cards[name] = cards
            dealt.add(name)
    out = {action.name for action in actions if action.kind in _SITS_OUT}
    for action in actions:
        if action.name in out and action.kind not in _SITS_OUT:
            what = "posts" if action.kind in _POSTS else "acts"
            reason = f"{action.name} sits out the hand but {what} in it (PHH deals no dead money to a player not in)"
            raise ConversionError(reason, action.line)
        dealt.add(action.name)
    dealt -= out
    for name in out:
        hand.known_cards.pop(name, None)
    hand.seats = sorted(
        (Seat(player.seat, player.name, player.chips) for player in players.values() if player.name in dealt),
        key=lambda seat: seat.number,
    )
    hand.button = _button(reading, actions, dealt)


def _hole_cards(variant: str, raw: str, line: int) -> None:
    count, wanted = len(raw.split()), _HOLE_CARDS[variant]
    if count != wanted:
        game = "five-card Omaha" if count == 5 else f"a game of {count} hole cards"
        raise ConversionError(f"`{raw}` are {count} cards: {game} is not supported yet", line)


def _button(reading: _Reading, actions: list[_Action], dealt: set[str]) -> int:
    """The dealer's seat; with the button on an empty seat, just before the small blind."""
    dealers = [player for player in reading.players.values() if player.dealer]
    if dealers:
        return dealers[0].seat
    small = next((action for action in actions if action.kind == "1"), None)
    if small is None:
        raise ConversionError("no player has the dealer button and nobody posts a small blind", reading.hand.first_line)
    seat = reading.players[small.name].seat
    return seat if len(dealt) == 2 else seat - 1


def _stakes_from_posts(session: _Session, actions: list[_Action], variant: str, line: int) -> tuple[Decimal, Decimal]:
    """A tournament's blinds, from the first big blind (and small blind) posted."""
    big = next((action.sum for action in actions if action.kind == "2"), None)
    small = next((action.sum for action in actions if action.kind == "1"), None)
    if session.get("bigblind"):
        big = _amount(session.get("bigblind"), session.line_of("bigblind"), "blind")
    if big is None:
        raise ConversionError("nobody posts a big blind, so the stakes are unknown", line)
    if variant in ("FT", "FO/8"):
        return big, 2 * big
    return small if small is not None and small < big else big / 2, big


def _posts(reading: _Reading, actions: list[_Action]) -> None:
    """Antes and blinds; a big blind over the stakes is "small & big blinds":
    the small blind's part is dead money, the big blind live."""
    hand = reading.hand
    big = hand.stakes[0] if hand.variant in ("FT", "FO/8") else hand.stakes[1]
    for action in actions:
        if action.kind not in _POSTS:
            continue
        kind = _POSTS[action.kind]
        if kind == "big_blind" and action.sum > big:
            hand.posts += [Post(action.name, "dead", action.sum - big), Post(action.name, kind, big)]
            reading.pay(action.name, action.sum - big, live=False)
            reading.pay(action.name, big, live=True)
        else:
            hand.posts.append(Post(action.name, kind, action.sum))
            reading.pay(action.name, action.sum, live=kind != "ante")
        reading.last_line[action.name] = action.line


def _play(root: ET.Element, reading: _Reading, actions: list[_Action]) -> None:
    """The streets in order: each board, then its actions, then any bet nobody matched."""
    boards = _boards(root, reading)
    last_round = max([action.round for action in actions] + list(boards), default=1)
    for round_no in range(1, last_round + 1):
        if round_no in boards:
            reading.street = {}
            reading.hand.events.append(boards[round_no])
        elif round_no > 1:
            raise ConversionError(f"the {_BOARD[round_no][0].lower()} is not dealt", reading.hand.first_line)
        for action in actions:
            if action.round == round_no and action.kind not in _POSTS and action.kind not in _SITS_OUT:
                _act(reading, action)
        _uncalled(reading)


def _boards(root: ET.Element, reading: _Reading) -> dict[int, Event]:
    boards = {}
    for round_no, element in _rounds(root, reading):
        for cards in element.iter("cards"):
            kind, line = cards.get("type"), reading.line(cards)
            if kind == "Pocket":
                continue
            street, count = _BOARD.get(round_no, ("", 0))
            if kind != street:
                raise ConversionError(f'cards of type="{kind}" are not dealt in round {round_no}', line)
            dealt = _cards(cards.text or "", line)
            if dealt is None or len(dealt) != 2 * count:
                raise ConversionError(f"the {street.lower()} must be {count} cards, not `{cards.text}`", line)
            boards[round_no] = Event("board", line, cards=dealt)
    return boards


def _act(reading: _Reading, action: _Action) -> None:
    """One action as the shared converter takes it. A raise (type 23, and a
    bet, type 5) says the player's total for the street; a call (3) and an
    all-in (6, 7) the chips added, an all-in being a call when it does not
    go over the top bet. A bet nobody left can call is a call: the chips
    over the top bet come back."""
    events, name, line = reading.hand.events, action.name, action.line
    before = reading.street.get(name, Decimal(0))
    top = max(reading.street.values(), default=Decimal(0))
    if action.kind == "0":
        events.append(Event("fold", line, name))
        reading.folded.add(name)
    elif action.kind == "4":
        events.append(Event("check", line, name))
    else:
        added = _added(action, before)
        if action.kind == "3" and before + added > top:
            raise ConversionError(f"{name} calls {added}, but it takes {top - before} to call", line)
        kind = "call" if action.kind == "3" or before + added <= top or not _can_call(reading, name, top) else ""
        events.append(Event(kind or "raise_to", line, name, added if kind else before + added))
        reading.pay(name, added, live=True)
    reading.last_line[name] = line


def _added(action: _Action, before: Decimal) -> Decimal:
    """The chips an action adds: its sum, or, for a raise (the street's
    total), the sum less what the player had already bet."""
    if action.kind in ("3", "6", "7"):
        return action.sum
    if action.sum < before:
        raise ConversionError(f"{action.name} raises to {action.sum}, less than the {before} already bet", action.line)
    return action.sum - before


def _can_call(reading: _Reading, name: str, top: Decimal) -> bool:
    """Whether anyone else still in could put in more than the top bet."""
    return any(
        seat.name != name
        and seat.name not in reading.folded
        and seat.stack - reading.put_in.get(seat.name, Decimal(0)) > 0
        and reading.street.get(seat.name, Decimal(0)) + seat.stack - reading.put_in.get(seat.name, Decimal(0)) > top
        for seat in reading.hand.seats
    )


def _uncalled(reading: _Reading) -> None:
    """The top bet of the street, where nobody matched it, goes back."""
    bets = sorted(reading.street.items(), key=lambda item: item[1], reverse=True)
    if not bets:
        return
    name, top = bets[0]
    second = bets[1][1] if len(bets) > 1 else Decimal(0)
    if top > second:
        line = reading.last_line.get(name, reading.hand.first_line)
        reading.hand.events.append(Event("returned", line, name, top - second))
        reading.returned[name] = reading.returned.get(name, Decimal(0)) + top - second
        reading.street[name] = second


def _results(reading: _Reading, session: _Session) -> None:
    """What each player collected, and the rake."""
    hand, players = reading.hand, reading.players
    for player in players.values():
        if player.win and not any(seat.name == player.name for seat in hand.seats):
            raise ConversionError(f"{player.name} wins but is not dealt in", player.line)
    pot = sum(reading.put_in.values(), Decimal(0)) - sum(reading.returned.values(), Decimal(0))
    wins = sum((player.win for player in players.values()), Decimal(0))
    with_uncalled = wins > pot or (
        not session.win_without_uncalled
        and all(players[name].win >= amount for name, amount in reading.returned.items())
    )
    collected = Decimal(0)
    for player in players.values():
        amount = player.win - (reading.returned.get(player.name, Decimal(0)) if with_uncalled else 0)
        if amount < 0:
            reason = f"{player.name} wins {player.win}, less than the uncalled bet they get back"
            raise ConversionError(reason, player.line)
        if amount:
            hand.events.append(Event("collected", player.line, player.name, amount))
            collected += amount
    if session.tournament:
        hand.rake = Decimal(0)
        hand.tournament = _tournament(session)
    else:
        hand.rake = pot - collected if pot >= collected else None
        hand.currency = _currency(session)
        hand.currency_symbol = next((_symbol(p.raw_chips) for p in players.values() if _symbol(p.raw_chips)), None)


def _tournament(session: _Session) -> str | None:
    code = session.get("tournamentcode") or session.get("tourcode")
    if code.isdigit():
        return code
    found = re.search(r"#(\d+)", session.get("tournamentname"))
    return found[1] if found else None


def _currency(session: _Session) -> str | None:
    currency = session.get("tablecurrency") or session.get("currency")
    return currency if re.fullmatch(r"[A-Z]{3}", currency) else None
