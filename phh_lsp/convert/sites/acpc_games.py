"""The ACPC's game definitions (``*.game``), as far as hold'em needs them.

An ACPC log names no stack and no blind: they come from the game the
dealer ran, named by the log's header or, without one, the ACPC's standard
game for the number of players and the raises' kind. These are those games.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final

#: The dealer's stack in a game definition without one (limit games): no limit at all.
NO_STACK: Final = 2**31 - 1
STREETS: Final = ("pre-flop", "flop", "turn", "river")


@dataclass(frozen=True, slots=True)
class Game:
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
GAMES: Final = {
    "holdem.nolimit.2p.reverse_blinds": Game("holdem.nolimit.2p.reverse_blinds", False, 20000, (100, 50), (1, 0, 0, 0)),
    "holdem.limit.2p.reverse_blinds": Game(
        "holdem.limit.2p.reverse_blinds", True, NO_STACK, (10, 5), (1, 0, 0, 0), (10, 10, 20, 20), (3, 4, 4, 4)
    ),
    "holdem.nolimit.3p": Game("holdem.nolimit.3p", False, 20000, (50, 100, 0), (2, 0, 0, 0)),
    "holdem.limit.3p": Game(
        "holdem.limit.3p", True, NO_STACK, (5, 10, 0), (2, 0, 0, 0), (10, 10, 20, 20), (3, 4, 4, 4)
    ),
    "holdem.nolimit.6p.pluribus": Game("holdem.nolimit.6p.pluribus", False, 10000, (50, 100, 0, 0, 0, 0), (2, 0, 0, 0)),
}
#: The six-player no-limit game as a dealer's header names it
#: (``holdem.nolimit.6p.game``): the Pluribus game.
GAMES["holdem.nolimit.6p"] = GAMES["holdem.nolimit.6p.pluribus"]
#: The game a log without a header is taken to be: by players, and limit or not.
DEFAULTS: Final = {
    (2, False): GAMES["holdem.nolimit.2p.reverse_blinds"],
    (2, True): GAMES["holdem.limit.2p.reverse_blinds"],
    (3, False): GAMES["holdem.nolimit.3p"],
    (3, True): GAMES["holdem.limit.3p"],
    (6, False): GAMES["holdem.nolimit.6p.pluribus"],
}
