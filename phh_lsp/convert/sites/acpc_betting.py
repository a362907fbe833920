"""An ACPC hand's betting, played by the dealer's own rules (``game.c``).

The log's betting (``r300c/cr600f``) names no actor: who acts is known only
by playing the actions in order, as the dealer does, from the round's first
player, skipping who folded or is all in. Played so, each action gets its
actor, and what the dealer would have refused is refused. The net results
then become what came back and what each player collected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, Event
from phh_lsp.convert.sites.acpc_games import STREETS, Game

_TOKEN: Final = re.compile(r"[fc]|r(\d*)")


@dataclass(slots=True)
class Betting:
    """The dealer's betting rules (``game.c``), played action by action to
    name each actor and to refuse what the dealer would have refused."""

    game: Game
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
                    raise self._error(f"`/` ends the {STREETS[self.round]} before its betting is over, in `{betting}`")
                if index >= len(STREETS):
                    raise self._error(f"`{betting}` has more than four betting rounds")
                dealt = self._deal(boards, dealt, index)
            self._segment(segment, index)
        if self.finished is None:
            raise self._error(f"the betting `{betting}` stops before the hand is over")
        final = self.round if self.finished == "fold" else len(STREETS) - 1
        dealt = self._deal(boards, dealt, final)
        if len(boards) > dealt:
            raise self._error(f"the cards show a {STREETS[dealt + 1]} board the betting never reaches")
        return self.events

    def _deal(self, boards: list[str], dealt: int, until: int) -> int:
        while dealt < until:
            if dealt >= len(boards):
                raise self._error(f"the betting reaches the {STREETS[dealt + 1]}, but the cards have no board for it")
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
                raise self._error(f"the {STREETS[index]} betting is over before `{token[0]}`: a `/` is missing")
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
        street = STREETS[self.round]
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
            elif self.round + 1 < len(STREETS):
                self.round += 1
                self.acted = []
                self.street_start = list(self.spent)
                self.min_raise_to = max(max(self.game.blinds), 1) + self.max_spent
            else:
                self.finished = "showdown"


def payouts(betting: Betting, results: list[Decimal], number: int) -> list[Event]:
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
