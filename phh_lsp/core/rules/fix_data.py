"""What a quick fix needs to know about a problem, stated where it is found.

A diagnostic's message is for people and may be reworded at any time; a
fix that read its facts back out of the message (the missing field's
name, whose turn it is, the minimum bet) would break silently when it is.
So each check that knows the answer attaches it here, as typed data, and
the fixers read only this and the hand's analysis. One small frozen
dataclass per kind of problem keeps the data hashable and picklable (the
CLI sends diagnostics between processes) and lets mypy check every use.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True, slots=True)
class UnknownVariant:
    """PHH201: the valid variant code nearest to what was written, and
    whether it is certain (a code in other case, or a name of that game)
    rather than a guess by spelling."""

    suggestion: str
    certain: bool = False


@dataclass(frozen=True, slots=True)
class MissingField:
    """PHH202: a field the variant requires and the hand lacks."""

    name: str


@dataclass(frozen=True, slots=True)
class ForbiddenField:
    """PHH203: a field the variant must not define."""

    name: str


@dataclass(frozen=True, slots=True)
class WrongLength:
    """PHH205: a per-player array and the player count it should match."""

    name: str
    expected: int


@dataclass(frozen=True, slots=True)
class UnknownField:
    """PHH208: an unknown top-level key and the spec field it resembles."""

    name: str
    suggestion: str | None


@dataclass(frozen=True, slots=True)
class OutOfTurn:
    """PHH401: the zero-based player whose turn it is."""

    player: int


@dataclass(frozen=True, slots=True)
class BetOutOfRange:
    """PHH402: the amount bet and the bounds PokerKit allows (``high`` may be infinite)."""

    amount: Decimal
    low: Decimal
    high: Decimal


@dataclass(frozen=True, slots=True)
class MissingText:
    """PHH101: what the text lacks to be TOML, as insertions at hand offsets
    (the quotes of an action typed bare, a comma between two actions, the
    ``]`` of an array), and what they add, in words."""

    insertions: tuple[tuple[int, str], ...]
    what: str


FixData = (
    UnknownVariant
    | MissingField
    | ForbiddenField
    | WrongLength
    | UnknownField
    | OutOfTurn
    | BetOutOfRange
    | MissingText
)
