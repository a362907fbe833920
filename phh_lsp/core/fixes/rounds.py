"""A file's text fixed round by round, as ``phh-lsp check --fix`` does.

The fixes are the editor's (:mod:`phh_lsp.core.fixes.proposers`), so the
command line and "Fix all" never disagree. Each diagnostic contributes at
most one fix: its first safe one, or with ``--unsafe-fixes`` the one the
editor would prefer. Fixes are computed on one text and applied together
when their ranges do not touch (:mod:`phh_lsp.core.fixes.fix_all`); what
is left (a fix whose edit touches another's, a problem that a fix
uncovered) is fixed in the next round, until nothing changes or
:data:`MAX_ROUNDS` have run, as ruff does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from phh_lsp.core.analysis import Analysis, analyze
from phh_lsp.core.fixes.fix_all import compatible, fix_hand
from phh_lsp.core.fixes.proposers import PROPOSERS, fixes_for
from phh_lsp.core.fixes.text_edits import TextEdit, apply_edits
from phh_lsp.core.hand_analysis import HandAnalysis, analyze_hand
from phh_lsp.core.text import Span

MAX_ROUNDS = 10
"""Enough for a fix to uncover another problem and fix that too; a fix that
keeps producing work (a bug) cannot loop for ever."""


def located(analysis: Analysis) -> Iterator[tuple[HandAnalysis, int]]:
    """Every hand with a fixable diagnostic, fully analysed, and where it starts.

    A hand analysed by a ``--jobs`` worker comes back slim (diagnostics
    only); the fixers need the rest, so it is analysed again here, from
    the cache when it is there.
    """
    for view in analysis.hands:
        if analysis.multi and view.hand.header is None:
            continue
        if any(found.code in PROPOSERS for found in view.hand.diagnostics):
            yield analyze_hand(view.hand.text, analysis.multi, False), view.start


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
    text, applied = analysis.text, 0
    for _ in range(MAX_ROUNDS):
        rounds: list[tuple[list[tuple[Span, str]], int]] = []
        for hand, start in located(analysis):
            edits, made = fix_hand(hand, unsafe, wanted)
            if edits:
                rounds.append(([(span.shifted(start), content) for span, content in edits], made))
        edits, made = compatible(rounds)
        if not edits:
            break
        text = apply_edits(text, [TextEdit(span.start, span.end, content) for span, content in edits])
        applied += made
        analysis = analyze(text, path, detail=False)
    return Fixed(text, applied, 0 if unsafe else _unsafe_only(analysis, wanted))


def _unsafe_only(analysis: Analysis, wanted: Callable[[str], bool]) -> int:
    """How many problems left have a fix, but only an unsafe one."""
    count = 0
    for hand, _ in located(analysis):
        for found in hand.diagnostics:
            fixes = fixes_for(hand, found) if wanted(found.code) else []
            count += bool(fixes) and not any(fix.safe for fix in fixes)
    return count
