"""ACPC match logs read into :class:`SiteHand`, one hand per line.

The Annual Computer Poker Competition's dealer writes each finished hand
as one line, ``STATE:<hand>:<betting>:<cards>:<results>:<players>``
(PokerKit also reads ``<players>:<hand>:<betting>:<cards>:<results>``;
DeepStack's logs add `` # <unix time>``). The line names no actor, no
stack and no blind: those come from the game definition the dealer ran.
So this reader plays each line through the dealer's own rules (who acts
next, when a round ends, which raises are valid, from ``game.c``) to
name every actor, and refuses a line the dealer could not have written.

Why not PokerKit's ``ACPCProtocolParser``: its caller must know the
game and the stack (the log's header, which names them, is skipped), a
line it cannot read only warns or ends the run, and the results, the one
fact the log gives about the chips, are kept as a note, never checked.
Here the results become what each player collected, so the replay is
held to them.

Game definitions: the dealer's header ``# name/game/hands/seed ...``
names the game file; without one, the ACPC's standard game for the
number of players and the raises' kind (``r300``: no-limit, ``r``:
limit) is used; see :data:`phh_lsp.convert.sites.acpc_games.GAMES`.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Final

from phh_lsp.convert.history import ConversionError, Post, Seat, SiteHand
from phh_lsp.convert.reader import guarded
from phh_lsp.convert.sites.acpc_betting import Betting, payouts
from phh_lsp.convert.sites.acpc_games import DEFAULTS, GAMES, STREETS, Game

SITE: Final = "ACPC"

_BOARD_SIZES: Final = (3, 1, 1)
_CARD: Final = r"[2-9TJQKA][cdhs]"
_STATE: Final = re.compile(
    r"STATE:(?P<hand>[^:]*):(?P<betting>[^:]*):(?P<cards>[^:]*):(?P<results>[^:]*):(?P<players>.*)"
)
_PLAYERS_FIRST: Final = re.compile(
    r"(?P<players>[^:#]+\|[^:#]+):(?P<hand>\d+):(?P<betting>[fcr\d/]*):(?P<cards>[^:]*):(?P<results>[-\d.|]+)"
)
_HAND_NUMBER: Final = re.compile(r"(?:STATE|[^:]+):(\d+):")
_DETECT: Final = re.compile(
    r"^(?:STATE:\d+:[fcr\d/]*:|# name/game/hands/seed |[^:#\n]+\|[^:#\n]+:\d+:[fcr\d/]*:(?:"
    + _CARD
    + r"|[|/])+:[-\d.|]+$)",
    re.M,
)
#: A line meant as an ACPC hand, however garbled: the dealer's ``STATE:``,
#: or PokerKit's players first (``a|b:7:``).
_LOOKS_LIKE: Final = re.compile(r"^(?:STATE:|[^:#\n]+\|[^:#\n]+:\d+:)", re.M)
_HEADER: Final = re.compile(r"# name/game/hands/seed \S+ (?P<game>\S+)")
_TIMESTAMP: Final = re.compile(r"(?P<line>.*?) # (?P<time>\d+(?:\.\d+)?)")


def is_acpc(text: str) -> bool:
    """Whether the text holds ACPC hands: a dealer's ``STATE:`` line or its
    header, or a whole ``players:hand:betting:cards:results`` line."""
    return _DETECT.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order.

    Comments (``#``), the final ``SCORE:`` line and blank lines say nothing
    about a hand; any other line is a hand, read or refused. A text with no
    ACPC line at all (``--from acpc`` on another file) holds no hand: it is
    not every one of its lines refused.
    """
    if not is_acpc(text) and _LOOKS_LIKE.search(text) is None:
        return
    lines = text.splitlines()
    numbers = [_hand_number(line) for line in lines]
    repeated = Counter(numbers)
    game_name: str | None = None
    limit = _file_is_limit(lines)
    for index, raw in enumerate(lines):
        line = raw.strip()
        number = index + 1
        if not line or line.startswith("SCORE:"):
            continue
        if line.startswith("#"):
            if header := _HEADER.match(line):
                game_name = header["game"].rsplit("/", 1)[-1].removesuffix(".game")
            continue
        hand_id = numbers[index]
        if hand_id is not None and repeated[hand_id] > 1:
            hand_id = f"{hand_id} (line {number})"
        yield guarded(partial(_read_line, line, number, hand_id or "", game_name, limit), number, hand_id)


def _hand_number(line: str) -> str | None:
    found = _HAND_NUMBER.match(line.strip())
    return found[1] if found else None


def _file_is_limit(lines: list[str]) -> bool | None:
    """Whether the file's raises are limit ones (bare ``r``), no-limit ones
    (``r300``), or None when no hand raises: a file is one match of one game."""
    for line in lines:
        found = _STATE.fullmatch(line.strip()) or _PLAYERS_FIRST.fullmatch(line.strip())
        if found and "r" in found["betting"]:
            return re.search(r"r(?!\d)", found["betting"]) is not None
    return None


@dataclass(slots=True)
class _Line:
    """The fields of one hand's line."""

    hand: str
    betting: str
    cards: str
    results: str
    players: str
    stamp: str | None = None


def _fields(line: str, number: int) -> _Line:
    stamp = None
    if found := _TIMESTAMP.fullmatch(line):
        line, stamp = found["line"].rstrip(), found["time"]
    if line.startswith("STATE"):
        state = _STATE.fullmatch(line)
        if state is None:
            raise ConversionError(
                "this STATE line does not have its five fields (hand:betting:cards:results:players)", number
            )
        return _Line(state["hand"], state["betting"], state["cards"], state["results"], state["players"], stamp)
    if first := _PLAYERS_FIRST.fullmatch(line):
        return _Line(first["hand"], first["betting"], first["cards"], first["results"], first["players"], stamp)
    raise ConversionError(
        f"`{_short(line)}` is not an ACPC log line (STATE:hand:betting:cards:results:players)", number
    )


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _read_line(line: str, number: int, hand_id: str, game_name: str | None, limit: bool | None) -> SiteHand:
    fields = _fields(line, number)
    if not fields.hand.isdigit():
        raise ConversionError(f"`{fields.hand}` is not a hand number", number)
    names = fields.players.split("|")
    if any(not name.strip() for name in names):
        raise ConversionError(f"a player has no name in `{fields.players}`", number)
    if len(set(names)) != len(names):
        raise ConversionError(f"a player is named twice in `{fields.players}`", number)
    game = _game(game_name, len(names), fields.betting, limit, number)
    holes, boards = _cards(fields.cards, len(names), number)
    results = _results(fields.results, names, number)
    hand = SiteHand(
        site=SITE,
        first_line=number,
        hand_id=hand_id,
        variant="FT" if game.limit else "NT",
        seats=[Seat(seat, name, Decimal(game.stack)) for seat, name in enumerate(names, start=1)],
        button=len(names),
        posts=_posts(game, names),
        events=[],
        stakes=game.stakes,
        known_cards=dict(zip(names, holes, strict=True)),
        rake=Decimal(0),
    )
    if fields.stamp is not None:
        _stamp(hand, fields.stamp)
    betting = Betting(game, names, number)
    hand.events = betting.play(fields.betting, boards)
    hand.events += payouts(betting, results, number)
    return hand


def _game(name: str | None, players: int, betting: str, file_limit: bool | None, number: int) -> Game:
    """The game definition the line was played under."""
    if name is not None:
        game = GAMES.get(name)
        if game is None:
            known = ", ".join(f"`{known}.game`" for known in list(GAMES)[:4])
            raise ConversionError(f"the log's game `{name}` is not one phh-lsp knows ({known} are)", number)
        if game.players != players:
            raise ConversionError(f"`{name}` is a {game.players}-player game, but this hand has {players}", number)
        return game
    bare = re.search(r"r(?!\d)", betting) is not None
    sized = re.search(r"r\d", betting) is not None
    if bare and sized:
        raise ConversionError("the hand has raises with an amount and raises without one", number)
    limit = bare if (bare or sized) else file_limit
    if limit is None:
        limit = False if players == 6 else None
    if limit is None:
        raise ConversionError(
            "no hand of this log raises, so it does not say whether the game is limit or no-limit; "
            "the dealer's `# name/game/hands/seed` line would",
            number,
        )
    game = DEFAULTS.get((players, limit))
    if game is None:
        kind = "limit" if limit else "no-limit"
        raise ConversionError(
            f"the ACPC has no standard {players}-player {kind} hold'em game to take stacks from", number
        )
    return game


def _cards(raw: str, players: int, number: int) -> tuple[list[str], list[str]]:
    """Each player's hole cards and each street's new board cards."""
    holes_text, *boards = raw.split("/")
    holes = holes_text.split("|")
    if len(holes) != players:
        raise ConversionError(f"the cards `{raw}` give hole cards for {len(holes)} players, not {players}", number)
    if len(boards) > len(_BOARD_SIZES):
        raise ConversionError(f"the cards `{raw}` have more than three board streets", number)
    expected = [(hole, 2, "hole cards") for hole in holes]
    expected += [(board, _BOARD_SIZES[street], f"{STREETS[street + 1]} board") for street, board in enumerate(boards)]
    for cards, size, what in expected:
        if not re.fullmatch(f"(?:{_CARD}){{{size}}}", cards):
            raise ConversionError(f"`{cards}` is not {size} cards for the {what} (such as `Ts9h`)", number)
    seen = re.findall(_CARD, raw)
    if len(set(seen)) != len(seen):
        twice = next(card for card in seen if seen.count(card) > 1)
        raise ConversionError(f"{twice} is dealt twice in `{raw}`", number)
    return holes, boards


def _results(raw: str, names: list[str], number: int) -> list[Decimal]:
    """Each player's net chips won (+) or lost (-), whole chips only."""
    parts = raw.split("|")
    if len(parts) != len(names):
        raise ConversionError(f"the results `{raw}` are for {len(parts)} players, not {len(names)}", number)
    try:
        results = [Decimal(part) for part in parts]
    except InvalidOperation:
        raise ConversionError(f"the results `{raw}` are not amounts", number) from None
    if any(not result.is_finite() for result in results):
        raise ConversionError(f"the results `{raw}` are not amounts", number)
    if sum(results) != 0:
        raise ConversionError(f"the results `{raw}` do not add up to zero: chips won must be chips lost", number)
    if any(result != result.to_integral_value() for result in results):
        raise ConversionError(
            f"the results `{raw}` share a split pot's odd chip in fractions; "
            "PHH, like a real table, gives it whole to one player",
            number,
        )
    return results


def _posts(game: Game, names: list[str]) -> list[Post]:
    big = max(game.blinds)
    return [
        Post(name, "big_blind" if blind == big else "small_blind", Decimal(blind))
        for name, blind in zip(names, game.blinds, strict=True)
        if blind
    ]


def _stamp(hand: SiteHand, stamp: str) -> None:
    """DeepStack's `` # <unix time>``: when the hand started, in UTC."""
    try:
        moment = datetime.datetime.fromtimestamp(float(stamp), datetime.UTC)
    except (OverflowError, ValueError, OSError):
        return
    hand.date, hand.time = moment.date(), moment.time().replace(microsecond=0)
    hand.time_zone_abbreviation = "UTC"
