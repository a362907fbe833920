"""The fix of a syntax error whose repair the tree knows: the text that is missing.

The syntax tree records, for a string without its closing quote, an array
without its comma or ``]``, what to insert and where
(:class:`~phh_lsp.core.rules.fix_data.MissingText`); the fix inserts it.
"""

from __future__ import annotations

from phh_lsp.core.fixes.proposal import SAFE, Proposal, propose
from phh_lsp.core.fixes.toml_write import InsertText
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.rules.fix_data import MissingText


def fix_syntax(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH101 where the tree knows what is missing (quotes, a comma, a ``]``):
    inserting it is the one right answer, so the fix is safe."""
    del hand  # the insertions are all the fix needs
    data = found.data
    if not isinstance(data, MissingText):
        return []
    return propose(f"Add {data.what}", [InsertText(offset, text) for offset, text in data.insertions], SAFE)
