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
    """Maps character offsets to zero-based (line, column) and back.

    The line starts are kept in blocks of about :attr:`BLOCK` lines, each
    with a shift added to all of its starts: an edit rewrites the block or
    two it touches and shifts the blocks after it by one integer each, so a
    keystroke in a 50,000-hand file (a million lines) costs a few thousand
    list items, not a copy of every line's start (0.26 s).
    """

    #: Lines per block (a block is split again past twice as many).
    BLOCK = 2048

    def __init__(self, text: str) -> None:
        self.text = text
        if "\r" in text:
            starts = [0, *(match.end() for match in _LINE_BREAK.finditer(text))]
        else:  # the common case, in C only (a keystroke in a 20,000-line .phhs rebuilds it)
            # line k starts after the k lines before it and their k line breaks
            ends = itertools.accumulate(map(len, text.split("\n")[:-1]))
            starts = [0, *map(operator.add, ends, itertools.count(1))]
        self._set_blocks(_chunks(starts, self.BLOCK), None)
        self._flat: list[int] | None = starts

    def _set_blocks(self, blocks: list[list[int]], shifts: list[int] | None) -> None:
        """Hold ``blocks`` (each a non-empty list of starts, ``shifts[i]`` to
        add to block i's) and the two lists searched to find a block."""
        self._blocks = blocks
        self._shifts = shifts if shifts is not None else [0] * len(blocks)
        self._firsts = [block[0] + shift for block, shift in zip(blocks, self._shifts, strict=True)]
        self._first_lines = [0, *itertools.accumulate(map(len, blocks[:-1]))]

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
        # lines that start inside the removed text (just after one of its line breaks) are gone
        first = old.line_of(edit.start) + 1
        after = old.line_of(edit.old_end) + 1
        new = [edit.start + start for start in cls(inserted).line_starts[1:]]
        # the blocks holding the line before the first gone and the last one gone, made whole
        low = old._block_of_line(first - 1)
        high = old._block_of_line(after - 1)
        base = old._first_lines[low]
        region = [
            start + shift
            for block, shift in zip(old._blocks[low : high + 1], old._shifts[low : high + 1], strict=True)
            for start in block
        ]
        delta = edit.delta
        region = [*region[: first - base], *new, *map(delta.__add__, region[after - base :])]
        made = [region] if len(region) <= 2 * cls.BLOCK else _chunks(region, cls.BLOCK)
        index = cls.__new__(cls)
        index.text = text
        index._flat = None
        index._set_blocks(
            [*old._blocks[:low], *made, *old._blocks[high + 1 :]],
            [*old._shifts[:low], *[0] * len(made), *(shift + delta for shift in old._shifts[high + 1 :])],
        )
        return index

    def _block_of_line(self, line: int) -> int:
        return bisect.bisect_right(self._first_lines, line) - 1

    @property
    def line_starts(self) -> list[int]:
        """Every line's start offset (a list of the whole file's lines, built
        on first use: the server asks :meth:`line_start` instead)."""
        if self._flat is None:
            self._flat = [
                start + shift for block, shift in zip(self._blocks, self._shifts, strict=True) for start in block
            ]
        return self._flat

    def line_start(self, line: int) -> int:
        """The offset where the zero-based ``line`` (a valid one) starts."""
        block = self._block_of_line(line)
        return self._blocks[block][line - self._first_lines[block]] + self._shifts[block]

    @property
    def line_count(self) -> int:
        """The number of lines (a final line break opens an empty line)."""
        return self._first_lines[-1] + len(self._blocks[-1])

    def line_of(self, offset: int) -> int:
        """The zero-based line that holds ``offset`` (clamped to the text)."""
        offset = max(0, min(offset, len(self.text)))
        block = bisect.bisect_right(self._firsts, offset) - 1
        return self._first_lines[block] + bisect.bisect_right(self._blocks[block], offset - self._shifts[block]) - 1

    def line_end(self, line: int) -> int:
        """The offset of the line's end, before its line break."""
        if line + 1 < self.line_count:
            end = self.line_start(line + 1)
            if end > 0 and self.text[end - 1] == "\n":
                end -= 1
            if end > 0 and self.text[end - 1] == "\r":
                end -= 1
            return end
        return len(self.text)

    def line_text(self, line: int) -> str:
        """The text of a zero-based line, without its line break."""
        if line < 0 or line >= self.line_count:
            return ""
        return self.text[self.line_start(line) : self.line_end(line)]

    def position(self, offset: int, encoding: Encoding = "utf-32") -> tuple[int, int]:
        """Zero-based (line, column) of ``offset``; columns in ``encoding`` units."""
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        start = self.line_start(line)
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
        if line >= self.line_count:
            return len(self.text)
        start = self.line_start(line)
        end = self.line_end(line)
        if column <= 0:
            return start
        if encoding == "utf-32":
            return min(start + column, end)
        segment = self.text[start : min(start + column, end)]
        if segment.isascii():  # one unit a character: no walk (a 5 MB line of actions took 5 s)
            return start + len(segment)
        units = 0
        for index in range(start, end):
            units += _unit_length(self.text[index], encoding)
            if units > column:
                return index
            if units == column:
                return index + 1
        return end


def _chunks(starts: list[int], size: int) -> list[list[int]]:
    """``starts`` in blocks of ``size`` (one block, maybe empty, for none)."""
    return [starts[i : i + size] for i in range(0, len(starts), size)] or [starts]
