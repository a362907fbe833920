"""Amounts and cards as the iPoker clients write them, in every language.

``£0.05``, ``0,02€``, ``$1,855``, ``1.500`` (Italian chips), ``12 450``:
the decimal mark is told from the thousands by its place. Cards are
written suit first, ``SA H10``, or ``X X`` when hidden.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Final

from phh_lsp.convert.history import ConversionError

_MONEY: Final = re.compile(
    r"(?P<before>[^\w\s.,-]{1,2}|[A-Z]{3}|kr)?\s?(?P<number>\d[\d.,\s]*?)\s?(?P<after>[^\w\s.,-]{1,2}|[A-Z]{3}|kr)?"
)
_RANKS: Final = {"10": "T", **{rank: rank for rank in "23456789TJQKA"}}


def amount_of(raw: str | None, line: int, what: str = "amount") -> Decimal:
    """An iPoker amount: ``£0.05``, ``0,02€``, ``$1,855``, ``1.500`` (Italian
    chips), ``12 450``; the decimal mark is told from the thousands by place."""
    found = _MONEY.fullmatch((raw or "").strip())
    number = _number(re.sub(r"\s", "", found["number"])) if found else None
    if number is None:
        raise ConversionError(f"`{raw}` is not an {what}" if raw else f"the {what} is missing", line)
    return number


def _number(text: str) -> Decimal | None:
    marks = [mark for mark in ".," if mark in text]
    whole, fraction = text, ""
    if len(marks) == 2:  # the last mark is the decimal one
        decimal_mark = text[max(text.rfind("."), text.rfind(","))]
        whole, _, fraction = text.rpartition(decimal_mark)
        whole = whole.replace("," if decimal_mark == "." else ".", "")
        if not _grouped(text.rpartition(decimal_mark)[0], "," if decimal_mark == "." else "."):
            return None
    elif marks:
        parts = text.split(marks[0])
        thousands = len(parts) > 2 or (len(parts[1]) == 3 and parts[0] != "0")
        if thousands:
            if not _grouped(text, marks[0]):
                return None
            whole = "".join(parts)
        else:
            whole, fraction = parts
    if not whole.isdigit() or (fraction and not fraction.isdigit()):
        return None
    try:
        return Decimal(f"{whole}.{fraction}" if fraction else whole)
    except InvalidOperation:
        return None


def _grouped(text: str, mark: str) -> bool:
    """Whether thousands are grouped by three: ``12,450``, not ``1,24,50``."""
    groups = text.split(mark)
    return 1 <= len(groups[0]) <= 3 and all(len(group) == 3 for group in groups[1:])


def symbol_of(raw: str) -> str | None:
    found = _MONEY.fullmatch(raw.strip())
    symbol = found and (found["before"] or found["after"])
    return symbol if symbol and not symbol.isalpha() else None


def cards_of(raw: str, line: int) -> str | None:
    """``SA H10`` as ``AsTh``; None for cards iPoker hides (``X X``)."""
    tokens = raw.split()
    if tokens and all(token.upper() == "X" for token in tokens):
        return None
    cards = []
    for token in tokens:
        suit, rank = token[:1].lower(), _RANKS.get(token[1:].upper())
        if suit not in "shdc" or not suit or rank is None:
            raise ConversionError(f"`{raw}` are not cards iPoker writes (`SA H10`, or `X X` when hidden)", line)
        cards.append(rank + suit)
    return "".join(cards)
