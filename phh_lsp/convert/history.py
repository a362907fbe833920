"""A hand as a poker site wrote it, before it becomes PHH.

Why a model of our own between the site's text and PHH: each site writes
the same facts differently (``raises $0.20 to $0.30``, ``raises to 0.30``),
and what PHH needs from them (seat order from the button, blinds per
position, dead money, one action string per line) is the same for all.
A site's reader only reads; :mod:`phh_lsp.convert.to_phh` does the rest
once, for every site.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation


class ConversionError(ValueError):
    """A hand that cannot be converted: why, in a user's words, and the line
    (1-based, in the input file) where the reason stands."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        #: The hand's first line and id, filled in by the reader.
        self.first_line = line
        self.hand_id: str | None = None


@dataclass(slots=True)
class Seat:
    """A player dealt into the hand."""

    number: int
    name: str
    stack: Decimal


@dataclass(slots=True)
class Post:
    """Chips put in before the cards: ``kind`` is ante, small_blind,
    big_blind, dead (paid into the pot, not a bet: the small-blind part of
    "small & big blinds") or straddle."""

    name: str
    kind: str
    amount: Decimal


@dataclass(slots=True)
class Event:
    """One action line: ``kind`` is fold, check, call, bet, raise_to, board,
    show, muck, returned or collected. ``amount`` is what the site wrote
    (a call's or bet's chips, a raise's total for the street)."""

    kind: str
    line: int
    name: str = ""
    amount: Decimal = Decimal(0)
    cards: str = ""


@dataclass(slots=True)
class SiteHand:
    """Everything a site's history says about one hand."""

    site: str
    first_line: int
    hand_id: str
    variant: str
    seats: list[Seat]
    button: int
    posts: list[Post]
    events: list[Event]
    #: Small and big blind (no-limit, pot-limit) or small and big bet (limit).
    stakes: tuple[Decimal, Decimal]
    known_cards: dict[str, str] = field(default_factory=dict)
    table: str | None = None
    seat_count: int | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    date: datetime.date | None = None
    time: datetime.time | None = None
    time_zone_abbreviation: str | None = None
    tournament: str | None = None
    level: str | None = None
    rake: Decimal | None = None


def hands_at(text: str, start: re.Pattern[str]) -> Iterator[tuple[int, list[str]]]:
    """Each hand of a site's file, cut where ``start`` matches: its first
    line's number (1-based) and its lines, up to the next hand."""
    starts = [match.start() for match in start.finditer(text)]
    for index, begin in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        yield text.count("\n", 0, begin) + 1, text[begin:end].splitlines()


def read_each(
    text: str,
    start: re.Pattern[str],
    read: Callable[[list[str], int], SiteHand],
    hand_id: re.Pattern[str],
) -> Iterator[SiteHand | ConversionError]:
    """Every hand of a site's file (cut where ``start`` matches), read by
    ``read(lines, first_line)``, or the reason it cannot be, in order. A
    failed hand's id is ``hand_id``'s first group on the hand's first line."""
    for first_line, lines in hands_at(text, start):
        try:
            yield read(lines, first_line)
        except Exception as error:  # a reader's bug fails the hand, not the file
            found = hand_id.match(lines[0])
            yield failed_hand(error, first_line, found[1] if found else None)


def read_amount(raw: str, line: int) -> Decimal:
    """An amount written as a number with thousands separators (``1,250.50``),
    as most sites write them once the currency symbol is off."""
    try:
        return Decimal(raw.replace(",", ""))
    except InvalidOperation:
        raise ConversionError(f"`{raw}` is not an amount", line) from None


#: The currencies the sites write as a symbol before an amount.
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}


def read_date_time(date: str, time: str, separator: str, line: int) -> tuple[datetime.date, datetime.time]:
    """A date written year first (``2024/03/15``, ``separator`` between its
    parts) and a clock time (``9:05:07``), as PokerStars and Absolute head a hand."""
    try:
        return datetime.date(*(int(part) for part in date.split(separator))), datetime.time.fromisoformat(time.zfill(8))
    except ValueError:
        raise ConversionError(f"`{date} {time}` is not a date and time", line) from None


def failed_hand(error: Exception, first_line: int, hand_id: str | None) -> ConversionError:
    """Why a hand was not read: the reader's refusal as it is, and any other
    exception (a bug of the reader) said as one; a bug fails the hand, never
    the file. Both say where the hand starts and which it is."""
    if not isinstance(error, ConversionError):
        reason = f"phh-lsp failed to read this hand (a bug, please report it): {type(error).__name__}: {error}"
        error = ConversionError(reason, first_line)
    error.first_line = first_line
    error.hand_id = hand_id
    return error
