"""``textDocument/publishDiagnostics``: the core's diagnostics for the editor.

Each diagnostic carries its code, a ``codeDescription`` link to its
section of docs/diagnostics.md, ``source`` "phh", and the severity from
the code table unless the user's settings override it (or turn it off).
Pushed on open and after changes, which every client supports, from
Neovim 0.7 to clients that also pull.
"""

from __future__ import annotations

import bisect

from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import Analysis
from phh_lsp.core.rules.codes import Diagnostic, Severity, docs_url
from phh_lsp.core.text import Encoding, Span

SOURCE = "phh"


#: The LSP diagnostics made, by all they say: a keystroke in a 50,000-hand
#: file publishes again the ~1,000 diagnostics of the hands it did not touch,
#: and each is made once (converted to its JSON shape once, too: see
#: :mod:`phh_lsp.lsp.plain_answers`), not at every keystroke. Cleared when full.
_MADE: dict[tuple[object, ...], types.Diagnostic] = {}
MADE_BOUND = 100_000


def lsp_diagnostics(
    analysis: Analysis, settings: Settings, encoding: Encoding, first_hands: int | None = None
) -> list[types.Diagnostic]:
    """The analysis's diagnostics as LSP values, in document order (those
    of the first hands only, when ``first_hands`` says how many). Equal
    diagnostics are the same object from one call to the next (never
    change one)."""
    result = []
    found_all = analysis.diagnostics if first_hands is None else analysis.first_diagnostics(first_hands)
    positions = _Positions(analysis, encoding)
    for found in sorted(found_all, key=lambda d: (d.span.start, d.code)):
        severity = settings.severity_of(found.code)
        if severity is None:
            continue
        start, end = positions.of(found.span)
        key = (found.code, found.message, int(severity), start, end)
        made = _MADE.get(key)
        if made is None:
            if len(_MADE) >= MADE_BOUND:
                _MADE.clear()
            made = _MADE[key] = _made(found, severity, start, end)
        result.append(made)
    return result


#: Where a diagnostic stands in its hand's own lines, by the hand's text and
#: the span's offsets in it: a keystroke moves the other hands' diagnostics by
#: whole lines and characters, never within their lines, so each is placed
#: once and then moved by its hand's first line. Cleared when full.
_IN_HAND: dict[tuple[str, int, int, Encoding], tuple[int, int, int, int]] = {}


class _Positions:
    """The LSP positions of a document's spans, each read once in its hand."""

    def __init__(self, analysis: Analysis, encoding: Encoding) -> None:
        self.lines = analysis.lines
        self.encoding = encoding
        self.starts, self.texts = analysis.pieces.starts, analysis.pieces.texts
        #: Per hand: its first line, or -1 when it starts within a line.
        self.first_lines: dict[int, int] = {}

    def of(self, span: Span) -> tuple[tuple[int, int], tuple[int, int]]:
        """``span``'s (line, column) start and end."""
        lines, encoding = self.lines, self.encoding
        index = bisect.bisect_right(self.starts, span.start) - 1
        if index < 0 or span.end > self.starts[index] + len(self.texts[index]):
            return lines.position(span.start, encoding), lines.position(span.end, encoding)
        base = self.starts[index]
        first = self.first_lines.get(index)
        if first is None:
            line = lines.line_of(base)
            first = self.first_lines[index] = line if lines.line_start(line) == base else -1
        if first < 0:
            return lines.position(span.start, encoding), lines.position(span.end, encoding)
        key = (self.texts[index], span.start - base, span.end - base, encoding)
        placed = _IN_HAND.get(key)
        if placed is None:
            (start_line, start_column), (end_line, end_column) = (
                lines.position(span.start, encoding),
                lines.position(span.end, encoding),
            )
            if len(_IN_HAND) >= MADE_BOUND:
                _IN_HAND.clear()
            placed = _IN_HAND[key] = (start_line - first, start_column, end_line - first, end_column)
        return (first + placed[0], placed[1]), (first + placed[2], placed[3])


def _made(found: Diagnostic, severity: Severity, start: tuple[int, int], end: tuple[int, int]) -> types.Diagnostic:
    tags = [types.DiagnosticTag.Unnecessary] if found.code == "PHH504" else None
    return types.Diagnostic(
        range=types.Range(types.Position(*start), types.Position(*end)),
        message=found.message,
        severity=types.DiagnosticSeverity(int(severity)),
        code=found.code,
        code_description=types.CodeDescription(href=docs_url(found.code)),
        source=SOURCE,
        tags=tags,
        data={"name": found.name},
    )


def first_hands_diagnostics(
    text: str, settings: Settings, encoding: Encoding, count: int
) -> list[types.Diagnostic] | None:
    """The diagnostics of a ``.phhs``'s first ``count`` hands, read from
    their text alone (cut, lines and analysis of a 50,000-hand file's first
    hands, not of the file); None when it has no more hands, or when they
    cannot be judged one by one."""
    from phh_lsp.core.syntax.hands import first_hands_end

    end = first_hands_end(text, count)
    if end is None:
        return None
    analysis = Analysis(text[:end], True)
    return lsp_diagnostics(analysis, settings, encoding, count) if analysis.independent else None
