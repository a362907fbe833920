"""Facts about a hand that several features show: names, seats, big blind.

Hover, completion and inlay hints all label players and express amounts
in big blinds; they read those facts here so they always agree.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from phh_lsp.core.engine.state_view import fmt_amount
from phh_lsp.core.hand_analysis import HandAnalysis


def field_value(hand: HandAnalysis, name: str) -> Any:
    """The plain value of a field when its type is right, else None."""
    entry = hand.report.fields.get(name)
    if entry is None or entry.value is None or not hand.report.typed_ok.get(name, False):
        return None
    return entry.value.plain()


def player_name(hand: HandAnalysis, index: int) -> str | None:
    """The name from ``players`` (None when absent or empty)."""
    players = field_value(hand, "players")
    if isinstance(players, list) and 0 <= index < len(players) and players[index]:
        return str(players[index])
    return None


def player_label(hand: HandAnalysis, index: int) -> str:
    """``p1 (Phil Ivey)``, or ``p1`` without a name."""
    name = player_name(hand, index)
    return f"p{index + 1} ({name})" if name else f"p{index + 1}"


def seat(hand: HandAnalysis, index: int) -> int | None:
    """The player's seat number from ``seats``."""
    seats = field_value(hand, "seats")
    if isinstance(seats, list) and 0 <= index < len(seats):
        return int(seats[index])
    return None


def big_blind(hand: HandAnalysis) -> int | Decimal | None:
    """The unit for "in big blinds": the largest blind, else the small bet.

    Straddles count as blinds here on purpose: a straddled pot is sized
    in straddles by the people who play it. Stud games have no blind;
    their small bet plays that role.
    """
    blinds = field_value(hand, "blinds_or_straddles")
    if isinstance(blinds, list):
        positive = [value for value in blinds if value > 0]
        if positive:
            return cast(int | Decimal, max(positive))
    for name in ("small_bet", "min_bet"):
        value = field_value(hand, name)
        if value is not None and value > 0:
            return cast(int | Decimal, value)
    return None


def in_big_blinds(hand: HandAnalysis, amount: Any) -> str | None:
    """``12.5 BB`` for an amount, when the hand has a big blind."""
    unit = big_blind(hand)
    if unit is None or amount is None:
        return None
    try:
        ratio = Decimal(amount) / Decimal(unit)
        if not ratio.is_finite():
            return None
        rounded = ratio.quantize(Decimal("0.1")).normalize()
    except (ArithmeticError, ValueError):  # NaN, or beyond Decimal's precision
        return None
    return f"{fmt_amount(rounded)} BB"
