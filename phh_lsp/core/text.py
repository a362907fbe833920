"""Offsets, spans and the mapping from offsets to lines and columns.

Every location in the core is a :class:`Span` of character offsets into
the source text; nothing stores lines or columns. :class:`LineIndex` turns
offsets into (line, column) pairs in the unit a consumer needs: code
points for the CLI, UTF-16 code units for most LSP clients, UTF-8 bytes
for the rest. Line breaks are ``\\n``, ``\\r\\n`` and a lone ``\\r``, as
the LSP specification counts them.
"""

from __future__ import annotations

import bisect
import itertools
import operator
import re
from dataclasses import dataclass
from typing import Literal

Encoding = Literal["utf-8", "utf-16", "utf-32"]

_LINE_BREAK = re.compile(r"\r\n?|\n")


# Not frozen, though never changed: a frozen dataclass takes four times as
# long to build, and checking a dataset builds millions of spans and
# tokens (a third of the scanner's and the action parser's time). Hashable
# all the same; treat as immutable.
@dataclass(slots=True, unsafe_hash=True)
class Span:
    """A half-open range ``[start, end)`` of character offsets (never mutated)."""

    start: int
    end: int

    def shifted(self, delta: int) -> Span:
        """The same range, ``delta`` characters further into the text."""
        return Span(self.start + delta, self.end + delta)

    def contains(self, offset: int) -> bool:
        """True when ``offset`` touches the span (both ends included).

        Including the end lets a cursor just after a token still count as
        "on" it, which is where editors place it after typing.
        """
        return self.start <= offset <= self.end


@dataclass(frozen=True, slots=True)
class Edit:
    """One replacement: the old text's ``[start, old_end)`` became ``new_length``
    characters. What an editor's keystroke is, so that the work of the old
    text outside it (a 1,000-hand file's other hands and lines) is kept."""

    start: int
    old_end: int
    new_length: int

    @property
    def delta(self) -> int:
        """How much longer the text became."""
        return self.new_length - (self.old_end - self.start)

    @property
    def new_end(self) -> int:
        """Where the replacement ends in the new text."""
        return self.start + self.new_length

    def then(self, later: Edit) -> Edit:
        """One edit that covers this one and a ``later`` one made on its result
        (an editor sends a burst of keystrokes; the analysis may skip some)."""
        start = min(self.start, later.start)
        # the end of all that changed, in the text between the two edits: at or
        # after this edit's replacement, so the old text there is ``delta`` back
        end = max(self.new_end, later.old_end)
        return Edit(start, end - self.delta, end + later.delta - start)


def line_ending(text: str) -> str:
    """The line ending a text uses (``\r\n`` if any line has one), for the
    lines the product adds to it: a Windows file stays a Windows file."""
    return "\r\n" if "\r\n" in text else "\n"


def _unit_length(char: str, encoding: Encoding) -> int:
    if encoding == "utf-32":
        return 1
    code = ord(char)
    if encoding == "utf-16":
        return 2 if code > 0xFFFF else 1
    if code < 0x80:
        return 1
    if code < 0x800:
        return 2
    if code < 0x10000:
        return 3
    return 4


class LineIndex:
    """Maps character offsets to zero-based (line, column) and back."""

    def __init__(self, text: str) -> None:
        self.text = text
        if "\r" in text:
            self.line_starts = [0, *(match.end() for match in _LINE_BREAK.finditer(text))]
        else:  # the common case, in C only (a keystroke in a 20,000-line .phhs rebuilds it)
            # line k starts after the k lines before it and their k line breaks
            ends = itertools.accumulate(map(len, text.split("\n")[:-1]))
            self.line_starts = [0, *map(operator.add, ends, itertools.count(1))]

    @classmethod
    def after_edit(cls, old: LineIndex, text: str, edit: Edit) -> LineIndex:
        """The index of ``text``, made from ``old`` (the index of the text
        before ``edit``): the lines before the edit kept, those after it
        shifted, only the edited ones looked at. Rebuilt whole where a
        carriage return may be involved (``\\r\\n`` split or joined)."""
        inserted = text[edit.start : edit.new_end]
        near = old.text[max(0, edit.start - 1) : edit.old_end + 1]
        if "\r" in inserted or "\r" in near or edit.old_end > len(old.text):
            return cls(text)
        index = cls.__new__(cls)
        index.text = text
        starts = old.line_starts
        # lines that start inside the removed text (just after one of its line breaks) are gone
        first = bisect.bisect_right(starts, edit.start)
        after = bisect.bisect_right(starts, edit.old_end)
        new = [edit.start + start for start in cls(inserted).line_starts[1:]]
        index.line_starts = [*starts[:first], *new, *map(edit.delta.__add__, starts[after:])]
        return index

    @property
    def line_count(self) -> int:
        """The number of lines (a final line break opens an empty line)."""
        return len(self.line_starts)

    def line_of(self, offset: int) -> int:
        """The zero-based line that holds ``offset`` (clamped to the text)."""
        offset = max(0, min(offset, len(self.text)))
        return bisect.bisect_right(self.line_starts, offset) - 1

    def line_end(self, line: int) -> int:
        """The offset of the line's end, before its line break."""
        if line + 1 < len(self.line_starts):
            end = self.line_starts[line + 1]
            if end > 0 and self.text[end - 1] == "\n":
                end -= 1
            if end > 0 and self.text[end - 1] == "\r":
                end -= 1
            return end
        return len(self.text)

    def line_text(self, line: int) -> str:
        """The text of a zero-based line, without its line break."""
        if line < 0 or line >= len(self.line_starts):
            return ""
        return self.text[self.line_starts[line] : self.line_end(line)]

    def position(self, offset: int, encoding: Encoding = "utf-32") -> tuple[int, int]:
        """Zero-based (line, column) of ``offset``; columns in ``encoding`` units."""
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        start = self.line_starts[line]
        if encoding == "utf-32":
            return line, offset - start
        segment = self.text[start:offset]
        if segment.isascii():
            return line, len(segment)
        return line, sum(_unit_length(char, encoding) for char in segment)

    def offset(self, line: int, column: int, encoding: Encoding = "utf-32") -> int:
        """The offset of a zero-based (line, column), clamped into the text.

        A line past the end maps to the end of the text and a column past
        the end of its line to the line's end, as the LSP asks servers to
        treat such positions.
        """
        if line < 0:
            return 0
        if line >= len(self.line_starts):
            return len(self.text)
        start = self.line_starts[line]
        end = self.line_end(line)
        if column <= 0:
            return start
        if encoding == "utf-32":
            return min(start + column, end)
        units = 0
        for index in range(start, end):
            units += _unit_length(self.text[index], encoding)
            if units > column:
                return index
            if units == column:
                return index + 1
        return end
