"""Which site wrote a file: every site whose hand histories can be read.

One entry per site: how to recognise its files and its reader. Adding a
site is adding its module under :mod:`phh_lsp.convert.sites` and its entry
here; :mod:`phh_lsp.convert.conversion` converts a file with the entry's reader.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.sites import (
    absolute,
    acpc,
    betonline,
    bovada,
    fulltilt,
    ggpoker,
    ipoker,
    ongame,
    partypoker,
    poker888,
    pokerstars,
    stars_clones,
    winamax,
    wpn,
)


@dataclass(frozen=True, slots=True)
class Site:
    """A poker site whose hand histories can be read."""

    key: str
    name: str
    recognises: Callable[[str], bool]
    read_hands: Callable[[str], Iterator[SiteHand | ConversionError]]


#: Every site, in the order files are tried: the sites' own headers first,
#: ACPC's bare ``STATE:`` lines last.
SITES: Final = {
    "pokerstars": Site("pokerstars", pokerstars.SITE, pokerstars.is_pokerstars, pokerstars.read_hands),
    "fulltilt": Site("fulltilt", fulltilt.SITE, fulltilt.is_fulltilt, fulltilt.read_hands),
    "ipoker": Site("ipoker", ipoker.SITE, ipoker.is_ipoker, ipoker.read_hands),
    "ongame": Site("ongame", ongame.SITE, ongame.is_ongame, ongame.read_hands),
    "partypoker": Site("partypoker", partypoker.SITE, partypoker.is_partypoker, partypoker.read_hands),
    "absolute": Site("absolute", absolute.SITE, absolute.is_absolute, absolute.read_hands),
    "ggpoker": Site("ggpoker", ggpoker.SITE, ggpoker.is_ggpoker, ggpoker.read_hands),
    "winamax": Site("winamax", winamax.SITE, winamax.is_winamax, winamax.read_hands),
    "888poker": Site("888poker", poker888.SITE, poker888.is_888poker, poker888.read_hands),
    "wpn": Site("wpn", wpn.SITE, wpn.is_wpn, wpn.read_hands),
    "bovada": Site("bovada", bovada.SITE, bovada.is_bovada, bovada.read_hands),
    "stars-clones": Site("stars-clones", stars_clones.SITE, stars_clones.is_stars_clone, stars_clones.read_hands),
    "betonline": Site("betonline", betonline.SITE, betonline.is_betonline, betonline.read_hands),
    "acpc": Site("acpc", acpc.SITE, acpc.is_acpc, acpc.read_hands),
}


def detect(text: str) -> Site | None:
    """The site whose hands the text holds, or None."""
    return next((site for site in SITES.values() if site.recognises(text)), None)
