"""The located PHH document: one hand (``.phh``) or many (``.phhs``).

A ``.phhs`` file is cut into hands at its table headers (``[1]``,
``[2]``, ...) so that each hand can be checked, and cached, on its own: a
hand's text is its header line through the line before the next header,
and every span inside a hand is relative to the hand's first character.
Moving a hand down the file therefore changes nothing in its analysis.

Each hand's text is then read and judged by the syntax tree
(:mod:`phh_lsp.core.syntax`); :func:`needs_whole_document_check` says when
the hands are not independent tables and the file must be judged whole.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

_HEADER_LINE = re.compile(r"^\[[^\[\]\r\n]*\][ \t]*(?:#[^\r\n]*)?\r?$", re.M)


@dataclass(slots=True)  # not frozen, for speed (a keystroke re-cuts a 1,000-hand file)
class HandText:
    """Where one hand's text stands in the document."""

    start: int
    end: int
    text: str


def is_multi_hand(uri_or_path: str, text: str) -> bool:
    """True for ``.phhs`` files: by extension, else by a leading table header."""
    lowered = uri_or_path.lower()
    if lowered.endswith(".phhs"):
        return True
    if lowered.endswith(".phh"):
        return False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return bool(_HEADER_LINE.match(stripped))
    return False


def _header_candidates(text: str) -> list[int]:
    """``_HEADER_LINE``'s matches, found by looking only where a line opens
    with ``[`` (a keystroke in a 1,000-hand file re-cuts it, and the regular
    expression alone tried every character)."""
    candidates = [0] if _HEADER_LINE.match(text) else []
    found = text.find("\n[")
    while found >= 0:
        if _HEADER_LINE.match(text, found + 1):
            candidates.append(found + 1)
        found = text.find("\n[", found + 1)
    return candidates


def _header_starts(text: str) -> list[int]:
    """Where the hands' table headers start: the header-like lines, less
    those that stand inside a value (see :func:`_inside_value`)."""
    candidates = _header_candidates(text)
    starts: list[int] = []
    for index, candidate in enumerate(candidates):
        following = candidates[index + 1] if index + 1 < len(candidates) else len(text)
        if not starts or not _inside_value(text, starts[-1], candidate, following):
            starts.append(candidate)
    return starts


def _inside_value(text: str, start: int, candidate: int, following: int) -> bool:
    """Whether the header-like line at ``candidate`` belongs to a value
    opened between ``start`` and it: a line ``[2]`` inside a multi-line
    string, or a row ``[1, 2]`` of a nested array written at column 0.

    Counting is enough here (it runs on every keystroke of a 1,000-hand
    file): an odd number of triple quotes leaves a multi-line string open;
    an array left open above is this line's only if the text after the line
    closes it (an ``actions`` array whose ``]`` was forgotten, followed by
    the next hand, is ended by the header instead).
    """
    if text.count('"""', start, candidate) % 2 or text.count("'''", start, candidate) % 2:
        return True
    depth = text.count("[", start, candidate) - text.count("]", start, candidate)
    return depth > 0 and text.count("]", candidate, following) > text.count("[", candidate, following)


def split_hands(text: str, multi: bool) -> list[HandText]:
    """Cut the document into hand texts (the whole text for a ``.phh``).

    In a ``.phhs``, anything before the first header is a hand text of its
    own (usually only a header comment); the checks tell such a prelude
    from a real hand by the absence of a table header.
    """
    if not multi:
        return [HandText(0, len(text), text)]
    starts = _header_starts(text)
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = [*starts, len(text)]
    return [
        HandText(start, end, text[start:end]) for start, end in itertools.pairwise(bounds) if end > start or start == 0
    ]


_INDENTED_BRACKET = re.compile(r"\n[ \t]+\[")
_SIMPLE_HEADER = re.compile(r"\[[ \t]*[A-Za-z0-9_-]+[ \t]*\]")


def needs_whole_document_check(text: str, hands: list[HandText]) -> bool:
    """Whether judging each hand of a ``.phhs`` alone could miss a TOML error.

    Each hand's text is judged on its own (and cached), which is exact when
    the hands are independent tables: every line that opens with ``[`` is
    a simple hand header (``[12]``) where a hand starts. Anything else
    (dotted or quoted headers, ``[[arrays of tables]]``, an indented
    header, conservatively any other such line) can tie hands together
    (``[a]`` then ``[a.b]`` declared twice): then the whole document is
    judged at once. Runs on every keystroke: two passes of C code.
    """
    if _INDENTED_BRACKET.search(text) or text[:1] in (" ", "\t"):
        return True
    starts = {hand.start for hand in hands}
    found = 0 if text.startswith("[") else text.find("\n[")
    while found >= 0:
        line = found + 1 if text[found] == "\n" else found
        if line not in starts or not _SIMPLE_HEADER.match(text, line):
            return True
        found = text.find("\n[", found + 1)
    return False
