"""Amounts and cards as PartyPoker writes them, in both its layouts.

``$1,534.96 USD``, ``3,000``, ``0,35 €`` (its Mac client's decimal comma),
bracketed or parenthesised by the line around them; cards as ``Ah, Qc``
or ``[ Ah Qc ]``.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Final

from phh_lsp.convert.history import ConversionError

_MONEY: Final = re.compile(r"(?:[$€£]\s*)?(?P<number>\d[\d.,]*)(?:\s*(?:[A-Z]{3}|[$€£]|chips))?")
_CARD_LIST: Final = re.compile(r"(?:[2-9TJQKA][cdhs])+")


def amount_of(raw: str | None, line: int) -> Decimal:
    """An amount as PartyPoker writes it: ``$1,534.96 USD``, ``3,000``,
    ``0,35 €`` (its Mac client's decimal comma: one or two digits after it)."""
    if raw is None:
        raise ConversionError("the amount is missing", line)
    found = _MONEY.fullmatch(raw.strip())
    if found is None:
        raise ConversionError(f"`{raw}` is not an amount", line)
    number = found["number"]
    number = number.replace(",", ".") if re.fullmatch(r"\d+,\d{1,2}", number) else number.replace(",", "")
    try:
        return Decimal(number)
    except InvalidOperation:
        raise ConversionError(f"`{raw}` is not an amount", line) from None


def cards_of(raw: str, line: int) -> str:
    """Cards as PHH writes them: ``Ah, Qc`` is ``AhQc``."""
    cards = re.sub(r"[\s,]", "", raw)
    if not _CARD_LIST.fullmatch(cards):
        raise ConversionError(f"`{raw}` are not cards", line)
    return cards
