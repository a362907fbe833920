"""The fix each finding offers, as the JSON formats of ``phh-lsp check`` report it.

The fixes are the editor's (:mod:`phh_lsp.core.fixes.proposers`), so the
command line and "Fix all" never disagree; ``check --fix`` applies them
round by round (:mod:`phh_lsp.core.fixes.rounds`). Here each diagnostic's
fix is only described, with its edits in lines and columns: the safe one
if any, else the one the editor would prefer.
"""

from __future__ import annotations

from phh_lsp.cli.report import FixRecord
from phh_lsp.core.analysis import Analysis
from phh_lsp.core.fixes.proposal import Fix
from phh_lsp.core.fixes.proposers import choose, fixes_for
from phh_lsp.core.fixes.rounds import located
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.text import LineIndex


def finding_fixes(analysis: Analysis) -> dict[Diagnostic, FixRecord]:
    """The fix each diagnostic of the document offers (document coordinates),
    for the JSON formats: the safe one if any, else the preferred unsafe one."""
    records: dict[Diagnostic, FixRecord] = {}
    for hand, start in located(analysis):
        for found in hand.diagnostics:
            fix = choose(fixes_for(hand, found), unsafe=True)
            if fix is not None:
                records[found.shifted(start)] = _record(analysis.lines, fix, start)
    return records


def _record(lines: LineIndex, fix: Fix, start: int) -> FixRecord:
    edits = []
    for span, content in fix.edits:
        line, column = lines.position(span.start + start)
        end_line, end_column = lines.position(span.end + start)
        edits.append((line + 1, column + 1, end_line + 1, end_column + 1, content))
    return FixRecord(fix.applicability, fix.title, tuple(edits))
