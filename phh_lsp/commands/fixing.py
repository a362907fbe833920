"""``phh-lsp check --fix``: the editor's quick fixes, applied to files.

The fixes are the editor's (:mod:`phh_lsp.features.fixes`), so the command
line and "Fix all" never disagree. Each diagnostic contributes at most one
fix: its first safe one, or with ``--unsafe-fixes`` the one the editor
would prefer. Fixes are computed on one text and applied together when
their ranges do not touch; what is left (a fix whose edit touches
another's, a problem that a fix uncovered) is fixed in the next round,
until nothing changes or :data:`MAX_ROUNDS` have run, as ruff does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from phh_lsp.commands.report import FixRecord
from phh_lsp.core.analysis import Analysis, HandAnalysis, analyze, analyze_hand
from phh_lsp.core.codes import Diagnostic
from phh_lsp.core.text import LineIndex, Span
from phh_lsp.core.text_edits import TextEdit, apply_edits
from phh_lsp.features.fixes import FIXERS, Fix

MAX_ROUNDS = 10
"""Enough for a fix to uncover another problem and fix that too; a fix that
keeps producing work (a bug) cannot loop for ever."""


def choose(fixes: list[Fix], unsafe: bool) -> Fix | None:
    """The fix a diagnostic gets: its first safe one; with ``unsafe``, the
    editor's preferred one, else the first."""
    safe = next((fix for fix in fixes if fix.safe), None)
    if safe is not None or not unsafe:
        return safe
    return next((fix for fix in fixes if fix.preferred), fixes[0] if fixes else None)


def _located(analysis: Analysis) -> Iterator[tuple[HandAnalysis, int, Diagnostic]]:
    """Every fixable diagnostic, with its hand fully analysed and where it starts.

    A hand analysed by a ``--jobs`` worker comes back slim (diagnostics
    only); the fixers need the rest, so it is analysed again here, from
    the cache when it is there.
    """
    for view in analysis.hands:
        if analysis.multi and view.hand.header is None:
            continue
        if not any(found.code in FIXERS for found in view.hand.diagnostics):
            continue
        hand = analyze_hand(view.hand.text, analysis.multi, False)
        for found in hand.diagnostics:
            if found.code in FIXERS:
                yield hand, view.start, found


def finding_fixes(analysis: Analysis) -> dict[Diagnostic, FixRecord]:
    """The fix each diagnostic of the document offers (document coordinates),
    for the JSON formats: the safe one if any, else the preferred unsafe one."""
    records: dict[Diagnostic, FixRecord] = {}
    for hand, start, found in _located(analysis):
        fix = choose(FIXERS[found.code](hand, found), unsafe=True)
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


@dataclass(frozen=True, slots=True)
class Fixed:
    """What fixing a text did: the new text, how many fixes were applied, and
    how many problems left have only an unsafe fix."""

    text: str
    applied: int
    unsafe_left: int


def fix_text(analysis: Analysis, path: str, wanted: Callable[[str], bool], unsafe: bool) -> Fixed:
    """Apply the fixes of the diagnostics ``wanted`` (by code) until none is
    left or :data:`MAX_ROUNDS` have run."""
    text, applied, unsafe_left = analysis.text, 0, 0
    for _ in range(MAX_ROUNDS):
        chosen: list[list[tuple[Span, str]]] = []
        unsafe_left = 0
        for hand, start, found in _located(analysis):
            if not wanted(found.code):
                continue
            fixes = FIXERS[found.code](hand, found)
            fix = choose(fixes, unsafe)
            if fix is not None:
                chosen.append([(span.shifted(start), content) for span, content in fix.edits])
            elif fixes:
                unsafe_left += 1
        edits, count = _compatible(chosen)
        if not edits:
            break
        text = apply_edits(text, [TextEdit(span.start, span.end, content) for span, content in edits])
        applied += count
        analysis = analyze(text, path, detail=False)
    return Fixed(text, applied, unsafe_left)


def _compatible(fixes: list[list[tuple[Span, str]]]) -> tuple[list[tuple[Span, str]], int]:
    """The edits of the fixes whose ranges touch no earlier fix's, and how
    many fixes they are (a fix is applied whole or not at all; the others
    wait for the next round)."""
    taken: list[Span] = []
    kept: list[tuple[Span, str]] = []
    count = 0
    for fix in sorted(fixes, key=lambda edits: min(span.start for span, _ in edits)):
        if any(span.start <= other.end and other.start <= span.end for span, _ in fix for other in taken):
            continue
        taken.extend(span for span, _ in fix)
        kept.extend(fix)
        count += 1
    return kept, count
