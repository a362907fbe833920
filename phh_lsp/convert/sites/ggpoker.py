"""GGPoker hand histories: PokerStars' layout, read by its reader.

GGPoker writes its hands as PokerStars does, under its own first line
(``Poker Hand #OM181427446: Omaha Pot Limit ($0.5/$1) - 2020/04/14 07:56:19``)
with its own quirks, which that reader knows: ids with letters, no time
zone, ``Level2``, a ``Dealt to`` line for every player (the cards of the
hero's only), ``*** SHOWDOWN ***``, ``X: straddle $2``, and the pot's cuts
(``Rake``, ``Jackpot``, ``Bingo``) together as the rake. A cash-out or an
insurance, paid outside the pot, refuses its hand: PHH has no notation for
it. This module holds only how its files are told apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.sites.pokerstars import read_layout

SITE: Final = "GGPoker"

_START: Final = re.compile(r"^\ufeff?Poker Hand #", re.M)
_HAND_ID: Final = re.compile(r"\ufeff?Poker Hand #(\w+)")


def is_ggpoker(text: str) -> bool:
    """Whether the text holds GGPoker hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order."""
    yield from read_layout(text, _START, _HAND_ID, SITE, returns_from=0)  # always written
