"""Minimal text edits between two versions of a document.

Why not one whole-document edit: editors keep the cursor, folds and undo
history of untouched lines only when the edits cover what changed, and a
formatted 1,000-hand ``.phhs`` would otherwise be resent in full. The diff
is line-wise (``difflib`` over lines that keep their ``\\n`` or ``\\r\\n``),
so each edit replaces whole lines; offsets are character offsets into the
old text, which the server converts to LSP positions.
"""

from __future__ import annotations

import bisect
import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class TextEdit:
    """Replace ``old[start:end]`` by ``new_text`` (character offsets)."""

    start: int
    end: int
    new_text: str


def _lines(text: str) -> list[str]:
    """Lines split after each ``\\n`` only (``\\r`` stays with its line)."""
    lines = text.split("\n")
    last = lines.pop()
    result = [line + "\n" for line in lines]
    if last:
        result.append(last)
    return result


#: Above this many line pairs a gap without anchors is replaced whole:
#: ``difflib`` is quadratic and a save must not stall.
_DIFFLIB_LIMIT = 250_000
#: Anchor recursion depth; deeper gaps go to ``difflib`` (or are replaced).
_MAX_DEPTH = 40


def _unique_anchors(old: list[str], new: list[str], lo: tuple[int, int], hi: tuple[int, int]) -> list[tuple[int, int]]:
    """Patience diff: the longest increasing run of lines unique on both sides."""
    counts: dict[str, list[int]] = {}
    for index in range(lo[0], hi[0]):
        counts.setdefault(old[index], [0, 0, -1])[0] += 1
    for index in range(lo[1], hi[1]):
        entry = counts.get(new[index])
        if entry is not None:
            entry[1] += 1
            entry[2] = index
    pairs = sorted((index, counts[old[index]][2]) for index in range(lo[0], hi[0]) if counts[old[index]][:2] == [1, 1])
    # Longest increasing subsequence on the new-side index (patience sort).
    tops: list[int] = []
    tails: list[int] = []
    back: list[int] = []
    for position, (_i, j) in enumerate(pairs):
        pile = bisect.bisect_left(tops, j)
        back.append(tails[pile - 1] if pile else -1)
        if pile == len(tops):
            tops.append(j)
            tails.append(position)
        else:
            tops[pile], tails[pile] = j, position
    chain: list[tuple[int, int]] = []
    position = tails[-1] if tails else -1
    while position >= 0:
        chain.append(pairs[position])
        position = back[position]
    return chain[::-1]


def _matches(
    old: list[str],
    new: list[str],
    lo: tuple[int, int],
    hi: tuple[int, int],
    depth: int = 0,
) -> list[tuple[int, int]]:
    """Pairs ``(i, j)`` of equal lines in ``old[lo:hi]``/``new[lo:hi]``,
    increasing on both sides: common ends, then unique-line anchors with
    the gaps between them recursively, then ``difflib`` for small gaps."""
    (a_lo, b_lo), (a_hi, b_hi) = lo, hi
    head: list[tuple[int, int]] = []
    while a_lo < a_hi and b_lo < b_hi and old[a_lo] == new[b_lo]:
        head.append((a_lo, b_lo))
        a_lo, b_lo = a_lo + 1, b_lo + 1
    tail: list[tuple[int, int]] = []
    while a_lo < a_hi and b_lo < b_hi and old[a_hi - 1] == new[b_hi - 1]:
        a_hi, b_hi = a_hi - 1, b_hi - 1
        tail.append((a_hi, b_hi))
    middle: list[tuple[int, int]] = []
    anchors = _unique_anchors(old, new, (a_lo, b_lo), (a_hi, b_hi)) if depth < _MAX_DEPTH else []
    if anchors:
        start = (a_lo, b_lo)
        for anchor in anchors:
            middle += _matches(old, new, start, anchor, depth + 1)
            middle.append(anchor)
            start = (anchor[0] + 1, anchor[1] + 1)
        middle += _matches(old, new, start, (a_hi, b_hi), depth + 1)
    elif 0 < (a_hi - a_lo) * (b_hi - b_lo) <= _DIFFLIB_LIMIT:
        matcher = difflib.SequenceMatcher(None, old[a_lo:a_hi], new[b_lo:b_hi], autojunk=False)
        for block in matcher.get_matching_blocks():
            middle += [(a_lo + block.a + k, b_lo + block.b + k) for k in range(block.size)]
    return head + middle + tail[::-1]


def minimal_edits(old: str, new: str) -> list[TextEdit]:
    """Non-overlapping edits, in order, such that applying them to ``old``
    gives ``new``; an empty list when the texts are equal."""
    if old == new:
        return []
    old_lines, new_lines = _lines(old), _lines(new)
    offsets = [0]
    for line in old_lines:
        offsets.append(offsets[-1] + len(line))
    ends = (len(old_lines), len(new_lines))
    edits: list[TextEdit] = []
    previous = (-1, -1)
    for i, j in [*_matches(old_lines, new_lines, (0, 0), ends), ends]:
        if i > previous[0] + 1 or j > previous[1] + 1:
            start, end = offsets[previous[0] + 1], offsets[i]
            inserted = "".join(new_lines[previous[1] + 1 : j])
            edits.append(TextEdit(start, end, inserted))
        previous = (i, j)
    return edits


def apply_edits(text: str, edits: list[TextEdit]) -> str:
    """``text`` with non-overlapping ``edits`` applied (any order given)."""
    parts: list[str] = []
    position = 0
    for edit in sorted(edits, key=lambda edit: (edit.start, edit.end)):
        if edit.start < position or edit.end < edit.start or edit.end > len(text):
            raise ValueError(f"overlapping or out-of-range edit: {edit}")
        parts.append(text[position : edit.start])
        parts.append(edit.new_text)
        position = edit.end
    parts.append(text[position:])
    return "".join(parts)
