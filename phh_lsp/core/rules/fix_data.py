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


@dataclass(frozen=True, slots=True)
class MisspeltField:
    """PHH213: a key that names a field the hand needs and lacks, and
    whether that is certain (another case, no underscores, a singular, a
    shorthand such as ``blinds``) rather than a guess by spelling."""

    name: str
    field: str
    certain: bool


@dataclass(frozen=True, slots=True)
class SwappedBlinds:
    """PHH214: the blinds as they should read, the small blind first."""

    values: tuple[int | Decimal, ...]


@dataclass(frozen=True, slots=True)
class CurrencyCode:
    """PHH215: the ISO 4217 code for what ``currency`` holds, and whether
    it is certain (``€``, ``usd``) or a guess (``$`` is many dollars)."""

    code: str
    certain: bool


@dataclass(frozen=True, slots=True)
class QuotedAmount:
    """PHH204: an amount written as text (``"$200"``): the field, the
    element (None for a field holding one number) and the number meant."""

    name: str
    index: int | None
    value: int | Decimal


FixData = (
    UnknownVariant
    | MissingField
    | ForbiddenField
    | WrongLength
    | UnknownField
    | OutOfTurn
    | BetOutOfRange
    | MissingText
    | MisspeltField
    | SwappedBlinds
    | CurrencyCode
    | QuotedAmount
)
