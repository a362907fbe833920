"""``textDocument/publishDiagnostics``: the core's diagnostics for the editor.

Each diagnostic carries its code, a ``codeDescription`` link to its
section of docs/diagnostics.md, ``source`` "phh", and the severity from
the code table unless the user's settings override it (or turn it off).
Pushed on open and after changes, which every client supports, from
Neovim 0.7 to clients that also pull.
"""

from __future__ import annotations

import bisect
import itertools
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import Analysis
from phh_lsp.core.rules.codes import Diagnostic, Severity, docs_url
from phh_lsp.core.text import Encoding, Span
from phh_lsp.lsp import plain_answers

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
    change one). The whole document's are kept hand by hand with their
    JSON (:class:`~phh_lsp.lsp.plain_answers.PublishedDiagnostics`), and
    after an edit only the hands it touched are made again."""
    if first_hands is not None:
        return _in_order(analysis.first_diagnostics(first_hands), settings, _Positions(analysis, encoding))
    kept = analysis.made
    if isinstance(kept, _ByHand) and kept.fits(settings, encoding):
        return kept.items
    by_hand = _ByHand.of(analysis, settings, encoding)
    if by_hand is None:
        return _in_order(analysis.diagnostics, settings, _Positions(analysis, encoding))
    analysis.made, analysis.made_before = by_hand, None
    return by_hand.items


def _in_order(found_all: list[Diagnostic], settings: Settings, positions: _Positions) -> list[types.Diagnostic]:
    """Diagnostics as LSP values, sorted as the editor lists them, those
    the settings turn off left out."""
    result = []
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


@dataclass(frozen=True, slots=True, eq=False)
class _Hand:
    """One piece's LSP diagnostics and their JSON."""

    items: list[types.Diagnostic]
    json: str


class _Loose:
    """A piece with a diagnostic starting at its end, where the next piece's
    may start too: the document is not kept hand by hand (the sort of the
    whole list decides their order)."""


_LOOSE = _Loose()


@dataclass(slots=True)
class _ByHand:
    """A document's LSP diagnostics kept per piece (None for a piece without
    any), with the severities, the encoding and the number of lines they were
    made for: the next version's are these with the edited pieces' made again
    (and, when the edit added or removed lines, those of the pieces after it)."""

    severity: Mapping[str, Severity | None]
    encoding: Encoding
    line_count: int
    hands: list[_Hand | None]
    items: plain_answers.PublishedDiagnostics

    def fits(self, settings: Settings, encoding: Encoding) -> bool:
        return encoding == self.encoding and settings.severity == self.severity

    @classmethod
    def of(cls, analysis: Analysis, settings: Settings, encoding: Encoding) -> _ByHand | None:
        """The document's diagnostics by piece, from the previous version's when
        its analysis spliced them (see Analysis.spliced_from); None when they are
        not kept by piece (hands judged as one document, a loose piece)."""
        if not analysis.kept_by_piece():
            return None
        positions = _Positions(analysis, encoding)
        line_count = analysis.lines.line_count
        hands: list[_Hand | _Loose | None]

        def made(index: int) -> _Hand | _Loose | None:
            return _piece(analysis, index, settings, positions)

        def made_from(first: int) -> list[_Hand | _Loose | None]:
            """The pieces from ``first`` on, made (those with diagnostics only:
            found over the whole document, so not for a keystroke that keeps
            the other pieces' lines, which reads no piece it did not edit)."""
            diagnosed = analysis.diagnosed_pieces()
            assert diagnosed is not None  # kept by piece
            found: list[_Hand | _Loose | None] = [None] * (len(analysis.pieces) - first)
            for index in diagnosed[bisect.bisect_left(diagnosed, first) :]:
                found[index - first] = made(index)
            return found

        before, splice = analysis.made_before, analysis.spliced_from
        if isinstance(before, _ByHand) and before.fits(settings, encoding) and splice is not None:
            new = [made(i) for i in range(splice.first, splice.first + splice.count)]
            if splice.kept_at_line_start and line_count == before.line_count:
                hands = cast(list[_Hand | _Loose | None], before.hands.copy())  # the others: only offsets moved
                hands[splice.first : splice.after] = new
            else:
                new += made_from(splice.first + splice.count)
                hands = cast(list[_Hand | _Loose | None], before.hands[: splice.first])
                hands += new
        else:
            hands = new = made_from(0)
        if _LOOSE in filter(None, new):  # the few pieces made, each compared by identity first
            return None
        kept = cast(list[_Hand | None], hands)
        present = list(filter(None, kept))  # in C: most of a 50,000-hand file's pieces have none
        items = plain_answers.PublishedDiagnostics(
            list(itertools.chain.from_iterable(map(_ITEMS, present))), ", ".join(map(_JSON, present))
        )
        return cls(settings.severity, encoding, line_count, kept, items)


_ITEMS, _JSON = operator.attrgetter("items"), operator.attrgetter("json")


def _piece(analysis: Analysis, index: int, settings: Settings, positions: _Positions) -> _Hand | _Loose | None:
    found = analysis.hand_diagnostics(index)
    if not found:
        return None
    pieces = analysis.pieces
    end = pieces.starts[index] + len(pieces.texts[index])
    if any(d.span.start >= end for d in found):
        return _LOOSE
    items = _in_order(found, settings, positions)
    return _Hand(items, plain_answers.diagnostics_json(items)) if items else None


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
