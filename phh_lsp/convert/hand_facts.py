"""The site's facts a converted hand keeps as PHH fields: where and when it
was played, who sat where, what each player collected, the rake.

Why a module of its own: these fields say nothing the replay needs, so
they are written apart from the play (:mod:`phh_lsp.convert.to_phh`),
each in the spec's form (a level as an integer, a whole amount without
decimals).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from phh_lsp.convert.history import SiteHand


def amount(value: Decimal) -> int | Decimal:
    """Whole amounts as integers (``2000``, not ``2000.00``), others with the
    site's decimals (``0.30``: the cents of a cash game stay visible)."""
    return int(value) if value.is_finite() and value == value.to_integral_value() else value


def amounts(values: list[Decimal]) -> tuple[int | Decimal, ...]:
    return tuple(amount(value) for value in values)


def site_facts(hand: SiteHand, names: list[str]) -> dict[str, Any]:
    """The site's facts kept as fields: where, when, who, what was collected."""
    facts: dict[str, Any] = {"venue": hand.site}
    facts["hand"] = int(hand.hand_id) if hand.hand_id.isdigit() and len(hand.hand_id) < 19 else hand.hand_id
    if hand.table is not None:
        facts["table"] = hand.table
    if hand.seat_count is not None:
        facts["seat_count"] = hand.seat_count
    seats = {seat.name: seat.number for seat in hand.seats}
    facts["seats"] = tuple(seats[name] for name in names)
    facts["players"] = tuple(names)
    collected = {name: Decimal(0) for name in names}
    for event in hand.events:
        if event.kind == "collected" and event.name in collected:
            collected[event.name] += event.amount
    facts["winnings"] = amounts(list(collected.values()))
    if hand.currency is not None:
        facts["currency"] = hand.currency
    if hand.currency_symbol is not None:
        facts["currency_symbol"] = hand.currency_symbol
    if hand.date is not None:
        facts["year"], facts["month"], facts["day"] = hand.date.year, hand.date.month, hand.date.day
    if hand.time is not None:
        facts["time"] = hand.time
    if hand.time_zone_abbreviation is not None:
        facts["time_zone_abbreviation"] = hand.time_zone_abbreviation
    if hand.tournament is not None:
        facts["event"] = f"{hand.site} tournament #{hand.tournament}"
    if hand.level is not None:
        facts["level"] = _level(hand.level)
    if hand.rake is not None:
        facts["_rake"] = amount(hand.rake)
    return facts


def _level(level: str) -> int | str:
    """A tournament level as the integer the spec asks for (sites write
    ``IV`` or ``4``); kept as written when it is neither."""
    if level.isdigit():
        return int(level)
    numerals = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    if not level or any(char not in numerals for char in level.upper()):
        return level
    values = [numerals[char] for char in level.upper()]
    return sum(
        -value if value < following else value for value, following in zip(values, [*values[1:], 0], strict=True)
    )
