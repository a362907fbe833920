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

import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from decimal import Decimal
from functools import partial
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.reader import guarded
from phh_lsp.convert.sites.ipoker_amounts import amount_of
from phh_lsp.convert.sites.ipoker_play import (
    Action,
    Player,
    Reading,
    collect_results,
    deal,
    ordered_actions,
    play_streets,
    post_blinds,
)
from phh_lsp.convert.sites.ipoker_stud import stud_stakes
from phh_lsp.convert.sites.ipoker_xml import Session, element_lines, session_of, xml_error_line, xml_reason
from phh_lsp.core.rules.schema import STUD_VARIANTS

SITE: Final = "iPoker"

_GAME: Final = re.compile(r'<game\s+gamecode="(?P<id>[^"]*)"[^>]*>')
_GAME_END: Final = re.compile(r"</game\s*>")
_SESSION: Final = re.compile(r"<session\b[^>]*>")
_UNSAFE: Final = re.compile(r"<!DOCTYPE|<!ENTITY", re.I)
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
    ("7 card stud", "L"): "F7S",
    ("7 card stud hi-lo", "L"): "F7S/8",
    ("razz", "L"): "FR",
}
#: A heads-up limit hold'em table named by its bets: ``LH 20/40 x2 Limit $10.00/$20.00``.
_BETS_NAMED: Final = re.compile(r"LH (\d+(?:\.\d+)?)/(\d+(?:\.\d+)?) x\d+")
_SUPPORTED: Final = (
    "no-limit hold'em, limit hold'em, pot-limit Omaha, limit Omaha hi-lo, seven card stud, stud hi-lo and razz"
)
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
_GAME_CHILDREN: Final = ("general", "round")


def is_ipoker(text: str) -> bool:
    """Whether the text holds iPoker hands (a ``<game gamecode="...">``)."""
    return _GAME.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    games = list(_GAME.finditer(text))
    sessions = [match.end() for match in _SESSION.finditer(text)]
    read: dict[int, Session | ConversionError] = {}
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
    read: dict[int, Session | ConversionError],
) -> SiteHand:
    """The hand ``game`` opens (up to ``limit``), read with its session."""
    if unsafe is not None:
        line = text.count("\n", 0, unsafe.start()) + 1
        raise ConversionError("the file declares a DOCTYPE or entities, which iPoker files never do", line)
    session = session_of(text, game.start(), first_line, sessions, read)
    return _read_hand(text[game.start() : limit], first_line, game["id"], session)


def _read_hand(fragment: str, first_line: int, hand_id: str, session: Session) -> SiteHand:
    ended = _GAME_END.search(fragment)
    if ended is None:
        raise ConversionError("the hand is cut off: its </game> is missing", first_line)
    fragment = fragment[: ended.end()]
    try:
        root = ET.fromstring(fragment)
    except ET.ParseError as error:
        raise ConversionError(
            f"the hand is not well-formed XML ({xml_reason(error)})", xml_error_line(error, first_line)
        ) from None
    lines = element_lines(fragment, root, first_line)
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
    reading = Reading(hand, lines, players)
    actions = ordered_actions(root, reading)
    deal(root, reading, actions)
    _whole(root, hand, actions)
    if stakes is None:
        hand.stakes = _stakes_from_posts(session, actions, variant, first_line)
    post_blinds(reading, actions)
    play_streets(root, reading, actions)
    collect_results(reading, session)
    return hand


def _whole(root: ET.Element, hand: SiteHand, actions: list[Action]) -> None:
    """Refuse what cannot be played: a history that stops after the blinds
    (iPoker's partial exports)."""
    pockets = any(cards.get("type") == "Pocket" for cards in root.iter("cards"))
    if not pockets and all(action.round == 0 for action in actions):
        raise ConversionError(
            "the history stops after the blinds (a partial export): nothing to convert", hand.first_line
        )


def _game(session: Session) -> tuple[str, tuple[Decimal, Decimal] | None]:
    """The variant and, at a cash table, the stakes (blinds, or bets at limit)."""
    gametype, line = session.get("gametype"), session.line_of("gametype")
    found = _GAMETYPE.fullmatch(gametype)
    if found is None:
        raise ConversionError(f"`{gametype}` is not a game type this converter knows", line)
    game, limit = found["game"].strip(), _LIMITS.get(found["limit"].lower(), "L")
    bets = _BETS_NAMED.fullmatch(game)
    if bets and limit == "L":  # a table named by its bets, then its blinds
        stakes = (amount_of(bets[1], line, "stake"), amount_of(bets[2], line, "stake"))
        return "FT", None if session.tournament else stakes
    variant = _VARIANTS.get((game.lower(), limit))
    if variant is None:
        named = f"{game} {found['limit']}" if game else f"five-card Omaha (`{gametype}`)"
        raise ConversionError(f"PHH has no variant for {named} (iPoker hands of {_SUPPORTED} convert)", line)
    if found["stakes"] and not session.tournament:
        small, big = found["stakes"].split("/")
        return variant, (amount_of(small, line, "stake"), amount_of(big, line, "stake"))
    if session.get("smallblind") and session.get("bigblind") and not session.tournament:
        small = amount_of(session.get("smallblind"), session.line_of("smallblind"), "blind")
        big = amount_of(session.get("bigblind"), session.line_of("bigblind"), "blind")
        return variant, ((big, 2 * big) if variant in ("FT", "FO/8") else (small, big))
    return variant, None


def _seat_count(session: Session) -> int | None:
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


def _players(general: ET.Element, lines: dict[int, int], first_line: int) -> dict[str, Player]:
    listed = general.find("players")
    if listed is None:
        raise ConversionError("the hand has no <players>", first_line)
    players: dict[str, Player] = {}
    for element in listed:
        line = lines.get(id(element), first_line)
        if element.tag != "player":
            raise ConversionError(f"<{element.tag}> is not a player", line)
        name, seat = element.get("name") or "", element.get("seat") or ""
        if not name and amount_of(element.get("chips") or "0", line) == 0:
            continue  # an empty seat
        if not name or not seat.isdigit():
            raise ConversionError("the player has no name or no seat number", line)
        if name in players:
            raise ConversionError(f"{name} is seated twice", line)
        players[name] = Player(
            seat=int(seat),
            name=name,
            chips=amount_of(element.get("chips"), line, "amount of chips"),
            raw_chips=element.get("chips") or "",
            dealer=element.get("dealer") == "1",
            win=amount_of(element.get("win") or "0", line),
            line=line,
        )
    return players


def _stakes_from_posts(session: Session, actions: list[Action], variant: str, line: int) -> tuple[Decimal, Decimal]:
    """A tournament's blinds, from the first big blind (and small blind) posted."""
    if variant in STUD_VARIANTS:
        return stud_stakes(actions, session.stud_stakes, line)
    big = next((action.sum for action in actions if action.kind == "2"), None)
    small = next((action.sum for action in actions if action.kind == "1"), None)
    if session.get("bigblind"):
        big = amount_of(session.get("bigblind"), session.line_of("bigblind"), "blind")
    if big is None:
        raise ConversionError("nobody posts a big blind, so the stakes are unknown", line)
    if variant in ("FT", "FO/8"):
        return big, 2 * big
    return small if small is not None and small < big else big / 2, big
