"""Currency symbols, as people write them in amounts and in ``currency``.

A player copying a hand from a site writes ``$7000`` or ``currency = "$"``;
PHH wants the plain number in amounts and the ISO 4217 code in
``currency`` (spec §VI, "ISO 4217"). The action parser, the field checks
and the respellings read the symbols here, so they agree on what a symbol
is and what code it stands for.
"""

from __future__ import annotations

#: Each symbol and the code it most often stands for, and whether that is
#: certain: ``€`` is the euro alone; ``$``, ``£`` and ``¥`` are shared by
#: several currencies (Canadian dollars, Egyptian pounds, yuan), so the
#: code is a guess a player confirms.
SYMBOL_CODES: dict[str, tuple[str, bool]] = {
    "$": ("USD", False),
    "US$": ("USD", True),
    "€": ("EUR", True),
    "£": ("GBP", False),
    "¥": ("JPY", False),
    "₩": ("KRW", True),
    "₹": ("INR", True),
    "C$": ("CAD", True),
    "A$": ("AUD", True),
}

_SYMBOL_CHARACTERS = "$€£¥₩₹"


def strip_symbol(text: str) -> str | None:
    """``$7000`` / ``7000€`` / ``US$ 7000`` → ``7000``: the text without its
    currency symbol, or None when it carries none."""
    for symbol in sorted(SYMBOL_CODES, key=len, reverse=True):
        if text.startswith(symbol):
            return text[len(symbol) :].strip()
        if text.endswith(symbol):
            return text[: -len(symbol)].strip()
    return None


def has_symbol(text: str) -> bool:
    """Whether a currency symbol stands in ``text``."""
    return any(character in text for character in _SYMBOL_CHARACTERS)
