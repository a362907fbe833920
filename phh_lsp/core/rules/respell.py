"""The one right spelling of a word written in a common but wrong notation.

Some notation problems (codes 3xx) have exactly one reading: ``10h`` is
the ten of hearts, ``Th``; ``1,000`` is ``1000``; ``P2`` is ``p2``; ``CC``
is ``cc``; ``f#note`` is ``f #note``; ``$7000`` is ``7000``; a field
written ``startingstacks``, ``ante`` or ``blinds`` is ``starting_stacks``,
``antes``, ``blinds_or_straddles``. Their messages say so, and their quick fixes write it. Both
read it here, from the word as written, so message and fix cannot
disagree; a word with more than one reading (``p0``, ``1e3``, ``Ax``) has
no respelling and no fix.
"""

from __future__ import annotations

import re

from phh_lsp.core.rules.actions import DEALER_VERBS, PLAYER_VERBS, parse_amount
from phh_lsp.core.rules.cards import RANK_NAMES, SUIT_NAMES
from phh_lsp.core.rules.currency import strip_symbol
from phh_lsp.core.rules.schema import FIELD_SPECS

_PLAYER = re.compile(r"P([1-9]\d*)")


def respell_amount(written: str) -> str | None:
    """``1,000`` / ``1_000`` → ``1000``: thousands separators dropped;
    ``$7000`` / ``7000€`` → ``7000``: the currency symbol too."""
    plain = strip_symbol(written)
    if plain is not None:
        return plain if parse_amount(plain) is not None else respell_amount(plain)
    for separator in (",", "_"):
        plain = written.replace(separator, "")
        if separator in written and parse_amount(plain) is not None:
            return plain
    return None


def respell_card(written: str) -> str | None:
    """``10h`` → ``Th``, ``ah`` → ``Ah``, ``KD`` → ``Kd``: a rank in upper
    case and a suit in lower case, a ten written ``T``."""
    rank, suit = ("T", written[2:]) if written.startswith("10") else (written[:1], written[1:])
    card = rank.upper() + suit.lower()
    return card if len(card) == 2 and card[0] in RANK_NAMES and card[1] in SUIT_NAMES else None


def respell_actor(written: str) -> str | None:
    """``P2`` → ``p2``: players are written in lower case."""
    return written.lower() if _PLAYER.fullmatch(written) else None


def respell_verb(written: str, dealer: bool) -> str | None:
    """``CC`` → ``cc``, ``DH`` → ``dh``: the actor's verbs are lower case."""
    verbs = DEALER_VERBS if dealer else PLAYER_VERBS
    return written.lower() if written != written.lower() and written.lower() in verbs else None


def respell_commentary(written: str) -> str | None:
    """A ``#`` glued to the action (``f#note``) → `` #``: the commentary
    starts at a ``#`` that opens a word."""
    return " #" if written == "#" else None


def _squeezed(name: str) -> str:
    """A field name without case or separators: ``Starting-Stacks`` → ``startingstacks``."""
    return "".join(character for character in name.lower() if character.isalnum())


#: The names players give the fields that are no spelling of them.
_SHORTHANDS = {
    "blinds": "blinds_or_straddles",
    "blind": "blinds_or_straddles",
    "straddles": "blinds_or_straddles",
    "blindsandstraddles": "blinds_or_straddles",
    "stacks": "starting_stacks",
    "stack": "starting_stacks",
    "game": "variant",
}


def _field_spellings() -> dict[str, str]:
    """Every squeezed spelling of a field, singular and plural, that names one field alone."""
    spellings: dict[str, set[str]] = {}
    for name in FIELD_SPECS:
        squeezed = _squeezed(name)
        for spelling in (squeezed, squeezed.removesuffix("s"), squeezed + "s"):
            spellings.setdefault(spelling, set()).add(name)
    unique = {spelling: next(iter(names)) for spelling, names in spellings.items() if len(names) == 1}
    return unique | _SHORTHANDS


_FIELD_SPELLINGS = _field_spellings()


def respell_field(written: str) -> str | None:
    """``startingstacks`` / ``Starting-Stacks`` → ``starting_stacks``, ``ante``
    → ``antes``, ``blinds`` → ``blinds_or_straddles``: the one spec field a
    key names in another case, without its underscores, in the singular or
    plural, or by its usual shorthand; None for the spec's own names."""
    field = _FIELD_SPELLINGS.get(_squeezed(written))
    return field if field != written else None
