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
limit) is used; see :data:`_GAMES`.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.reader import guarded

SITE: Final = "ACPC"

#: The dealer's stack in a game definition without one (limit games): no limit at all.
_NO_STACK: Final = 2**31 - 1
_STREETS: Final = ("pre-flop", "flop", "turn", "river")
_BOARD_SIZES: Final = (3, 1, 1)


@dataclass(frozen=True, slots=True)
class _Game:
    """An ACPC game definition (``*.game``), as far as hold'em needs it.

    ``blinds`` are per player in the log's order; ``first`` is the player
    (0-based) who acts first in each round.
    """

    name: str
    limit: bool
    stack: int
    blinds: tuple[int, ...]
    first: tuple[int, ...]
    raise_sizes: tuple[int, ...] = ()
    max_raises: tuple[int, ...] = (255, 255, 255, 255)

    @property
    def players(self) -> int:
        return len(self.blinds)

    @property
    def stakes(self) -> tuple[Decimal, Decimal]:
        """Small and big bet (limit) or small and big blind (no-limit)."""
        if self.limit:
            return Decimal(self.raise_sizes[0]), Decimal(self.raise_sizes[-1])
        return Decimal(min(blind for blind in self.blinds if blind)), Decimal(max(self.blinds))


#: The ACPC's standard hold'em games (``project_acpc_server/*.game``) and
#: the six-player no-limit game of the Pluribus logs.
_GAMES: Final = {
    "holdem.nolimit.2p.reverse_blinds": _Game(
        "holdem.nolimit.2p.reverse_blinds", False, 20000, (100, 50), (1, 0, 0, 0)
    ),
    "holdem.limit.2p.reverse_blinds": _Game(
        "holdem.limit.2p.reverse_blinds", True, _NO_STACK, (10, 5), (1, 0, 0, 0), (10, 10, 20, 20), (3, 4, 4, 4)
    ),
    "holdem.nolimit.3p": _Game("holdem.nolimit.3p", False, 20000, (50, 100, 0), (2, 0, 0, 0)),
    "holdem.limit.3p": _Game(
        "holdem.limit.3p", True, _NO_STACK, (5, 10, 0), (2, 0, 0, 0), (10, 10, 20, 20), (3, 4, 4, 4)
    ),
    "holdem.nolimit.6p.pluribus": _Game(
        "holdem.nolimit.6p.pluribus", False, 10000, (50, 100, 0, 0, 0, 0), (2, 0, 0, 0)
    ),
}
#: The game a log without a header is taken to be: by players, and limit or not.
_DEFAULTS: Final = {
    (2, False): _GAMES["holdem.nolimit.2p.reverse_blinds"],
    (2, True): _GAMES["holdem.limit.2p.reverse_blinds"],
    (3, False): _GAMES["holdem.nolimit.3p"],
    (3, True): _GAMES["holdem.limit.3p"],
    (6, False): _GAMES["holdem.nolimit.6p.pluribus"],
}

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
_HEADER: Final = re.compile(r"# name/game/hands/seed \S+ (?P<game>\S+)")
_TIMESTAMP: Final = re.compile(r"(?P<line>.*?) # (?P<time>\d+(?:\.\d+)?)")
_TOKEN: Final = re.compile(r"[fc]|r(\d*)")


def is_acpc(text: str) -> bool:
    """Whether the text holds ACPC hands: a dealer's ``STATE:`` line or its
    header, or a whole ``players:hand:betting:cards:results`` line."""
    return _DETECT.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order.

    Comments (``#``), the final ``SCORE:`` line and blank lines say nothing
    about a hand; any other line is a hand, read or refused.
    """
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
    betting = _Betting(game, names, number)
    hand.events = betting.play(fields.betting, boards)
    hand.events += _payouts(betting, results, number)
    return hand


def _game(name: str | None, players: int, betting: str, file_limit: bool | None, number: int) -> _Game:
    """The game definition the line was played under."""
    if name is not None:
        game = _GAMES.get(name)
        if game is None:
            known = ", ".join(f"`{known}.game`" for known in list(_GAMES)[:4])
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
    game = _DEFAULTS.get((players, limit))
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
    expected += [(board, _BOARD_SIZES[street], f"{_STREETS[street + 1]} board") for street, board in enumerate(boards)]
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


def _posts(game: _Game, names: list[str]) -> list[Post]:
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


@dataclass(slots=True)
class _Betting:
    """The dealer's betting rules (``game.c``), played action by action to
    name each actor and to refuse what the dealer would have refused."""

    game: _Game
    names: list[str]
    line: int
    spent: list[int] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    street_start: list[int] = field(default_factory=list)
    acted: list[tuple[int, str]] = field(default_factory=list)
    round: int = 0
    max_spent: int = 0
    min_raise_to: int = 0
    #: None while the hand goes on; then "fold", "showdown" or "all-in".
    finished: str | None = None
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.spent = list(self.game.blinds)
        self.folded = [False] * len(self.names)
        self.street_start = [0] * len(self.names)
        self.max_spent = max(self.game.blinds)
        self.min_raise_to = 2 * self.max_spent if self.max_spent else 1

    def play(self, betting: str, boards: list[str]) -> list[Event]:
        """The actions and boards as events, each actor named."""
        dealt = 0
        for index, segment in enumerate(betting.split("/")):
            if index:
                if self.finished not in (None, "all-in"):
                    raise self._error(f"`/` starts another street after the hand is over, in `{betting}`")
                if self.finished is None and self.round != index:
                    raise self._error(f"`/` ends the {_STREETS[self.round]} before its betting is over, in `{betting}`")
                if index >= len(_STREETS):
                    raise self._error(f"`{betting}` has more than four betting rounds")
                dealt = self._deal(boards, dealt, index)
            self._segment(segment, index)
        if self.finished is None:
            raise self._error(f"the betting `{betting}` stops before the hand is over")
        final = self.round if self.finished == "fold" else len(_STREETS) - 1
        dealt = self._deal(boards, dealt, final)
        if len(boards) > dealt:
            raise self._error(f"the cards show a {_STREETS[dealt + 1]} board the betting never reaches")
        return self.events

    def _deal(self, boards: list[str], dealt: int, until: int) -> int:
        while dealt < until:
            if dealt >= len(boards):
                raise self._error(f"the betting reaches the {_STREETS[dealt + 1]}, but the cards have no board for it")
            self.events.append(Event("board", self.line, cards=boards[dealt]))
            dealt += 1
        return dealt

    def _segment(self, segment: str, index: int) -> None:
        at = 0
        while at < len(segment):
            token = _TOKEN.match(segment, at)
            if token is None:
                raise self._error(f"`{segment[at]}` is not an ACPC action (f, c or r), in `{segment}`")
            if self.finished is not None:
                raise self._error(f"`{token[0]}` comes after the betting is over, in `{segment}`")
            if self.round != index:
                raise self._error(f"the {_STREETS[index]} betting is over before `{token[0]}`: a `/` is missing")
            self._act(token[0])
            at = token.end()

    def _error(self, message: str) -> ConversionError:
        return ConversionError(message, self.line)

    def _actor(self) -> int:
        """Who acts now: after the last actor, or from the round's first player,
        skipping players who folded or are all in."""
        count = len(self.names)
        player = self.acted[-1][0] if self.acted else (self.game.first[self.round] + count - 1) % count
        for _ in range(count):
            player = (player + 1) % count
            if not self.folded[player] and self.spent[player] < self.game.stack:
                return player
        raise self._error("no player is left to act")

    def _act(self, token: str) -> None:
        player = self._actor()
        name = self.names[player]
        if token == "f":
            if self.spent[player] == self.max_spent:
                raise self._error(f"{name} folds where checking costs nothing: the dealer refuses that")
            self.folded[player] = True
            self.events.append(Event("fold", self.line, name))
        elif token == "c":
            self._call(player, name)
        else:
            self._raise(player, name, token[1:])
        self.acted.append((player, token[0]))
        self._after_action()

    def _call(self, player: int, name: str) -> None:
        to = min(self.max_spent, self.game.stack)
        if to == self.spent[player]:
            self.events.append(Event("check", self.line, name))
        else:
            self.events.append(Event("call", self.line, name, Decimal(to - self.spent[player])))
            self.spent[player] = to

    def _raise(self, player: int, name: str, size: str) -> None:
        street = _STREETS[self.round]
        if sum(kind == "r" for _, kind in self.acted) >= self.game.max_raises[self.round]:
            raise self._error(
                f"{name} raises after the {street} raises are capped at {self.game.max_raises[self.round]}"
            )
        if self._acting() <= 1:
            raise self._error(f"{name} raises with no one left to call")
        if self.game.limit:
            if size:
                raise self._error(f"{name} raises to {size}, but a limit raise has no amount (a bare `r`)")
            to = min(self.max_spent + self.game.raise_sizes[self.round], self.game.stack)
        else:
            to = self._no_limit_raise(name, size)
        self.spent[player] = self.max_spent = to
        self.events.append(Event("raise_to", self.line, name, Decimal(to - self.street_start[player])))

    def _no_limit_raise(self, name: str, size: str) -> int:
        """The amount of ``r<size>``: the player's chips in the whole hand."""
        if not size:
            raise self._error(f"{name} raises without an amount in a no-limit game")
        if len(size) > 10:
            raise self._error(f"{name} raises to `{size}`, which is not an amount of chips")
        to = int(size)
        stack = self.game.stack
        least = min(self.min_raise_to, stack)
        if to > stack:
            raise self._error(f"{name} raises to {to} chips in the hand, more than the {stack} stack")
        if to < least or to <= self.max_spent:
            raise self._error(f"{name} raises to {to} chips in the hand, less than the minimum raise to {least}")
        self.min_raise_to = max(self.min_raise_to, 2 * to - self.max_spent)
        return to

    def _acting(self) -> int:
        return sum(
            not folded and spent < self.game.stack for folded, spent in zip(self.folded, self.spent, strict=True)
        )

    def _called(self) -> int:
        """How many players have matched the round's last bet (``numCalled``)."""
        count = 0
        for player, kind in reversed(self.acted):
            if kind in ("r", "c") and self.spent[player] < self.game.stack:
                count += 1
            if kind == "r":
                break
        return count

    def _after_action(self) -> None:
        """The round or the hand ends as the dealer's ``doAction`` says."""
        if sum(self.folded) + 1 >= len(self.names):
            self.finished = "fold"
        elif self._called() >= self._acting():
            if self._acting() <= 1:
                self.finished = "all-in"
            elif self.round + 1 < len(_STREETS):
                self.round += 1
                self.acted = []
                self.street_start = list(self.spent)
                self.min_raise_to = max(max(self.game.blinds), 1) + self.max_spent
            else:
                self.finished = "showdown"


def _payouts(betting: _Betting, results: list[Decimal], number: int) -> list[Event]:
    """What came back and what each player collected, from the net results.

    The log gives only each player's net; what they put in is known from
    the betting, so what they took from the pot is the net plus that. An
    uncalled bet (a raise no one matched) comes back first, as the table
    would give it back.
    """
    spent = [Decimal(amount) for amount in betting.spent]
    names = betting.names
    events: list[Event] = []
    ranked = sorted(range(len(spent)), key=lambda player: spent[player], reverse=True)
    returned = [Decimal(0)] * len(spent)
    top, second = ranked[0], ranked[1]
    if spent[top] > spent[second]:
        returned[top] = spent[top] - spent[second]
        events.append(Event("returned", number, names[top], returned[top]))
    for player, name in enumerate(names):
        collected = results[player] + spent[player] - returned[player]
        if collected < 0:
            raise ConversionError(
                f"the results have {name} lose {-results[player]}, more than the {spent[player]} they put in", number
            )
        if collected and betting.folded[player]:
            raise ConversionError(f"{name} folds, yet the results give them {results[player]}", number)
        if collected:
            events.append(Event("collected", number, name, collected))
    return events
