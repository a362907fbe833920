"""iPoker hand histories read into :class:`SiteHand` (reader being written)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand

SITE: Final = "iPoker"


def is_ipoker(text: str) -> bool:
    """Whether the text holds iPoker hands."""
    return False


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from ()
