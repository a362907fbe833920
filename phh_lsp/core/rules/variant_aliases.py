"""The names players, sites and trackers give the games, and their PHH codes.

Hand histories converted from a site or a tracker carry the game's name as
the site wrote it (``NLHE``, ``PLO``, ``Stud Hi/Lo``); PHH wants one of its
11 codes. Matching such a name by spelling alone goes wrong (``NLHE`` is
nearest to ``N2L1D``, a deuce-to-seven draw game), so the names in use are
listed here, each with the code of the game it means. A name is compared
without case, spaces or punctuation (``Hold'em`` = ``holdem`` =
``HOLD EM``). A name that means a game PHH has no code for (pot-limit Omaha
hi/lo: PHH's ``FO/8`` is fixed-limit) maps to the nearest code with a note,
and is never a certain fix.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from phh_lsp.core.rules.schema import VARIANT_NAMES

GAME_NAMES: dict[str, str] = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck (6+) hold'em",
    "PO": "pot-limit Omaha",
    "FO/8": "fixed-limit Omaha hi/lo, eight or better",
    "F7S": "fixed-limit seven card stud",
    "F7S/8": "fixed-limit seven card stud hi/lo, eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit 2-7 single draw",
    "F2L3D": "fixed-limit 2-7 triple draw",
    "FB": "fixed-limit badugi",
}
"""Each code's game in a player's words (the messages use these)."""

_POT_LIMIT_HI_LO = "pot-limit Omaha hi/lo, which PHH has no code for"

_ALIASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "NT",
        (
            "NLHE", "NLH", "NLTH", "NL Hold'em", "NL Texas Hold'em", "No Limit Hold'em", "No-Limit Texas Hold'em",
            "Hold'em No Limit", "Texas Hold'em No Limit",
        ),
    ),
    (
        "FT",
        (
            "FLHE", "FLH", "LHE", "FL Hold'em", "Limit Hold'em", "Fixed Limit Hold'em", "Limit Texas Hold'em",
            "Fixed-Limit Texas Hold'em", "Hold'em Limit", "Hold'em Fixed Limit", "Texas Hold'em Limit",
        ),
    ),
    (
        "NS",
        (
            "Short Deck", "Short Deck Hold'em", "Shortdeck", "NL Short Deck", "No Limit Short Deck", "6+ Hold'em",
            "6 Plus Hold'em", "Six Plus Hold'em", "6+",
        ),
    ),
    ("PO", ("PLO", "Pot Limit Omaha", "Omaha Pot Limit", "PL Omaha", "Omaha", "Omaha Hi", "PLO Hi", "PLO4")),
    (
        "FO/8",
        (
            "O8", "O/8", "Omaha Hi/Lo", "Omaha Hi-Lo", "Omaha 8", "Omaha 8 or Better", "Omaha Hi/Lo 8 or Better",
            "Limit Omaha Hi/Lo", "Fixed Limit Omaha Hi/Lo", "FLO8", "LO8", "Omaha/8",
        ),
    ),
    (
        "F7S",
        ("Stud", "7 Card Stud", "7-Card Stud", "Seven Card Stud", "Stud Hi", "7 Stud", "Limit Stud", "7CS"),
    ),
    (
        "F7S/8",
        (
            "Stud Hi/Lo", "Stud Hi-Lo", "Stud 8", "Stud/8", "Stud 8 or Better", "Stud8", "7 Card Stud Hi/Lo",
            "Seven Card Stud Hi/Lo", "7 Card Stud Hi-Lo 8 or Better", "Stud Hi/Lo 8 or Better",
        ),
    ),
    ("FR", ("Razz", "Limit Razz", "7 Card Razz", "Seven Card Razz")),
    (
        "N2L1D",
        (
            "2-7 Single Draw", "2-7 Single Draw No Limit", "NL 2-7 Single Draw", "No Limit 2-7 Single Draw",
            "Deuce to Seven Single Draw", "Deuce-to-Seven Single Draw", "No Limit Deuce to Seven Single Draw",
            "Kansas City Lowball", "27SD", "NL27SD",
        ),
    ),
    (
        "F2L3D",
        (
            "2-7 Triple Draw", "2-7 TD", "27TD", "Deuce to Seven Triple Draw", "Deuce-to-Seven Triple Draw",
            "Limit 2-7 Triple Draw", "2-7 Lowball Triple Draw", "Triple Draw 2-7 Lowball",
        ),
    ),
    ("FB", ("Badugi", "Limit Badugi", "Fixed Limit Badugi")),
)  # fmt: skip

_APPROXIMATE: dict[str, tuple[str, str]] = {
    name: ("FO/8", _POT_LIMIT_HI_LO)
    for name in ("PLO8", "PLO/8", "PLO Hi/Lo", "PLO Hi-Lo", "Pot Limit Omaha Hi/Lo", "Pot Limit Omaha 8", "PLO 8")
}
"""Names of games PHH has no code for, with the nearest code and why it is not the same."""


def normalize(name: str) -> str:
    """A name without case, spaces or punctuation (``Hold'em`` → ``holdem``)."""
    return re.sub(r"[^0-9a-z+]", "", name.lower())


@dataclass(frozen=True, slots=True)
class VariantMatch:
    """The code a written variant name stands for.

    ``certain`` when the name is a code in other case or punctuation
    (``nt``, ``FO8``) or a name of that very game; ``note`` says how the
    game written differs from the code's, when it does.
    """

    code: str
    certain: bool
    note: str | None = None


ALIASES: dict[str, str] = {normalize(name): code for code, names in _ALIASES for name in names}
"""Every alias (normalized) and the code of its game."""

_CODES = {normalize(code): code for code in VARIANT_NAMES}


def match_variant(written: str) -> VariantMatch | None:
    """The code ``written`` means: certain for a code or an alias, a
    guess by spelling otherwise (None when nothing is near)."""
    key = normalize(written)
    if key in _CODES:
        return VariantMatch(_CODES[key], True)
    if key in ALIASES:
        return VariantMatch(ALIASES[key], True)
    approximate = {normalize(name): value for name, value in _APPROXIMATE.items()}
    if key in approximate:
        code, note = approximate[key]
        return VariantMatch(code, False, note)
    names = {**ALIASES, **_CODES}
    close = difflib.get_close_matches(key, list(names), n=1, cutoff=0.75)
    if close:
        return VariantMatch(names[close[0]], False)
    upper = written.upper().replace(" ", "")
    nearest = difflib.get_close_matches(upper, list(VARIANT_NAMES), n=1, cutoff=0.4)
    return VariantMatch(nearest[0], False) if nearest else None
