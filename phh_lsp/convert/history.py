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
from dataclasses import dataclass, field
from decimal import Decimal


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
    show, muck, returned or collected; in stud and draw games also bring_in,
    deal (a player's new cards, ``??`` for those nobody saw), discard (its
    ``amount`` the count, ``cards`` those known; none: standing pat) and
    street (a betting round begins with no board); board_due is a street's
    board the history tells without saying when it is dealt (Bovada's 2012
    layout writes it only in the summary), dealt when PokerKit deals a
    board. ``amount`` is what the site wrote (a call's or bet's chips, a
    raise's total for the street)."""

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
    #: Whether the site at times writes no check (BetOnline): a player who could check is taken to.
    checks_unwritten: bool = False
