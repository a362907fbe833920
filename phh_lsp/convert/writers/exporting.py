"""A PHH file's hands exported one by one: written, or not with the reason.

As :mod:`phh_lsp.convert.conversion` does the other way: a hand that
cannot be written is kept with its number and why, and the next hand is
written as if nothing happened; a bug of ours fails that hand alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from phh_lsp.convert.writers import pokerstars
from phh_lsp.convert.writers.pokerstars import NotExpressible
from phh_lsp.core.analysis import analyze
from phh_lsp.core.hand_analysis import HandAnalysis

#: Each site's writer by its ``--to`` name.
WRITERS: Final[dict[str, Callable[[HandAnalysis], tuple[str, list[str]]]]] = {"pokerstars": pokerstars.write_hand}
#: Between two hands' texts (each ends its last line): two blank lines, as PokerStars writes them.
HAND_SEPARATOR: Final = "\n\n"


@dataclass(frozen=True, slots=True)
class Exported:
    """One hand of a PHH file: its number in the file (from 1), and its
    site text (with where it says otherwise than the PHH), or ``None`` with
    why it was not written."""

    number: int
    text: str | None
    reason: str = ""
    notes: tuple[str, ...] = ()


def export_text(text: str, path: str, site: str) -> list[Exported]:
    """Every hand of a ``.phh`` / ``.phhs`` text, written for ``site`` or refused,
    in order; the comment before a ``.phhs`` file's first hand is no hand."""
    write = WRITERS[site]
    analysis = analyze(text, path, detail=False)
    first = 1 if analysis.has_prelude else 0
    hands = []
    for number, index in enumerate(range(first, len(analysis.pieces)), 1):
        try:
            text, notes = write(analysis.view(index).hand)
            hands.append(Exported(number, text, notes=tuple(notes)))
        except NotExpressible as why:
            hands.append(Exported(number, None, str(why)))
        except Exception as error:  # a bug of ours: the hand fails, the file goes on
            reason = f"phh-lsp failed on this hand (a bug, please report it): {type(error).__name__}: {error}"
            hands.append(Exported(number, None, reason))
    return hands
