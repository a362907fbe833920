"""The outline and folding of a large ``.phhs``: its hands, as plain data.

Past ``LARGE_HANDS`` hands (see :mod:`phh_lsp.lsp.features.symbols`) the
outline lists the hands by their table names and folding folds the hands
(and comment blocks), without reading a hand's fields. At 50,000 hands the
answer is 50,000 symbols, and building them as lsprotocol objects, then
having pygls convert them back to JSON-shaped dicts (cattrs), took 2-3 s
a request: here each hand's symbol is written as JSON once, kept by the
hand's text and first line (a keystroke changes one hand's; a line added
moves the later hands' first lines, each remade in microseconds), and the
outline is their strings joined (:class:`~phh_lsp.lsp.plain_answers.PlainJson`,
written by the server as it is); a hand's fold is two numbers from its kept
shape.

A hand's shape is read from its text with string searches (a hand starts
a line, so its columns are the document's, and its first line is the
sum of the line breaks of the hands before it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import lru_cache
from weakref import WeakKeyDictionary

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.syntax.hands import header_name
from phh_lsp.core.text import Encoding, LineIndex
from phh_lsp.lsp.plain_answers import PlainJson

_MODULE = 2  # SymbolKind.Module

#: A hand's shape: its table name, the end column of its header line, the
#: line and column (from its first line) of the end of its last non-blank
#: character, and its count of line breaks; name None before the first hand.
Shape = tuple[str | None, int, int, int, int]


@lru_cache(maxsize=1 << 17)
def hand_shape(text: str, encoding: Encoding) -> Shape:
    """The shape of one hand's text (see :data:`Shape`)."""
    breaks = _line_breaks(text)
    name = header_name(text)
    if name is None:
        return None, 0, 0, 0, breaks
    if "\r" in text or not text.isascii():
        lines = LineIndex(text)
        header_end = len(lines.line_text(0))
        end_line, end_column = lines.position(max(len(text.rstrip()), header_end), encoding)
        return f"[{name}]", lines.position(header_end, encoding)[1], end_line, end_column, breaks
    first_break = text.find("\n")
    header = first_break if first_break >= 0 else len(text)
    end = max(len(text.rstrip()), header)
    return f"[{name}]", header, text.count("\n", 0, end), end - text.rfind("\n", 0, end) - 1, breaks


def _line_breaks(text: str) -> int:
    """Line breaks in ``text``: ``\\n``, ``\\r\\n`` and a lone ``\\r``, as :class:`LineIndex` counts them."""
    if "\r" not in text:
        return text.count("\n")
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def hand_lines(analysis: Analysis) -> Iterator[tuple[int, str]]:
    """(first line, text) of each hand: the line found once, then each hand's
    is the one before plus its line breaks (a hand runs to the next's start)."""
    pieces, lines = analysis.pieces, analysis.lines
    line, expected = -1, -1
    for start, text in zip(pieces.starts, pieces.texts, strict=True):
        if start != expected:
            line = lines.line_of(start)
        yield line, text
        line, expected = line + _line_breaks(text), start + len(text)


@lru_cache(maxsize=1 << 17)
def _symbol(text: str, line: int, encoding: Encoding) -> str | None:
    """A hand's ``DocumentSymbol`` written as JSON (as ``json.dumps`` writes
    its dict: name, kind, range, selectionRange), kept by its text and first
    line: the outline of 50,000 hands is their strings joined, where making
    50,000 dicts and writing them took 1-2 s."""
    name, header, end_line, end_column, _ = hand_shape(text, encoding)
    if name is None:
        return None
    start = f'{{"line": {line}, "character": 0}}'
    return (
        f'{{"name": {_json_string(name)}, "kind": {_MODULE}, "range": {{"start": {start}, '
        f'"end": {{"line": {line + end_line}, "character": {end_column}}}}}, '
        f'"selectionRange": {{"start": {start}, "end": {{"line": {line}, "character": {header}}}}}}}'
    )


def _json_string(name: str) -> str:
    """``name`` as a JSON string, as ``json.dumps`` writes it (a plain ASCII
    name, most tables' ``[123]``, without calling it)."""
    if name.isascii() and name.isprintable() and '"' not in name and "\\" not in name:
        return f'"{name}"'
    return json.dumps(name)


def outline(analysis: Analysis, encoding: Encoding) -> PlainJson:
    """The outline of a large ``.phhs``: one symbol a hand, no children, as
    JSON; kept for the analysis (one version of the document) it was made of."""
    kept = _outlines.get(analysis)
    if kept is not None and kept[0] == encoding:
        return kept[1]
    found = (_symbol(text, line, encoding) for line, text in hand_lines(analysis))
    written = PlainJson("[" + ", ".join(filter(None, found)) + "]")
    _outlines[analysis] = encoding, written
    return written


#: The last outline of each analysis still alive (a version of an open
#: document), with the encoding it was written in: asked again before the
#: next keystroke, it is sent as it is (11 MB at 50,000 hands).
_outlines: WeakKeyDictionary[Analysis, tuple[Encoding, PlainJson]] = WeakKeyDictionary()


def prepare(analysis: Analysis, encoding: Encoding) -> None:
    """Write a large document's outline after its first whole check, in the
    check's worker (the caller, ``checking._first_analysis``, asks only for a
    large document's): the first ``documentSymbol`` then only sends it (at
    50,000 hands making it, each hand's shape read and its symbol written,
    was 1-3 s of that first request; it adds well under 1 % to the check)."""
    outline(analysis, encoding)


def hand_folds(analysis: Analysis, add: Callable[[int, int], None]) -> None:
    """Each hand's lines, from its header to its last non-blank line (lines
    are the same in every encoding: the shapes are read as UTF-16's, the
    encoding of most clients' outline, which the first check wrote)."""
    for line, text in hand_lines(analysis):
        name, _, end_line, _, _ = hand_shape(text, "utf-16")
        if name is not None:
            add(line, line + end_line)
