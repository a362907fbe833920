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
from typing import Literal, overload

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


class BlockText:
    """A long text held in blocks of about :attr:`BLOCK` characters, changed
    by :meth:`replaced` into a new one that shares the untouched blocks.

    Why: the server's copy of a 50,000-hand ``.phhs`` is 42 MB, and one
    ``str`` spliced per keystroke (``text[:start] + new + text[end:]``)
    costs 250-300 ms under load, nearly all of it the page faults of a
    fresh 42 MB string. Here a keystroke copies one block and a list of a
    few hundred block references; a slice reads the blocks it spans; the
    whole string is joined (once per version, then kept) only when
    something asks for all of it (:meth:`__str__`: a full check, a
    whole-document request). Never mutated, so an analysis may keep the
    text of its version while the next one is made.
    """

    #: Characters per block (a block is split again past twice as many).
    BLOCK = 1 << 16

    __slots__ = ("_blocks", "_joined", "_length", "_starts")

    def __init__(self, blocks: list[str], starts: list[int], length: int, joined: str | None = None) -> None:
        self._blocks = blocks
        self._starts = starts
        self._length = length
        self._joined = joined

    @classmethod
    def of(cls, text: str) -> BlockText:
        """``text`` in blocks (and kept whole, since it is at hand)."""
        size = cls.BLOCK
        starts = list(range(0, len(text), size)) or [0]
        return cls([text[start : start + size] for start in starts], starts, len(text), text)

    def __len__(self) -> int:
        return self._length

    def __str__(self) -> str:
        if self._joined is None:
            self._joined = "".join(self._blocks)
        return self._joined

    @property
    def is_joined(self) -> bool:
        """Whether the whole string was made (given, or asked for since)."""
        return self._joined is not None

    def _block_of(self, offset: int) -> int:
        return bisect.bisect_right(self._starts, offset) - 1

    @overload
    def __getitem__(self, key: int) -> str: ...
    @overload
    def __getitem__(self, key: slice) -> str: ...
    def __getitem__(self, key: int | slice) -> str:
        """A character or a slice (step 1), as ``str(self)[key]`` without the join."""
        if self._joined is not None:
            return self._joined[key]
        if isinstance(key, int):
            offset = key + self._length if key < 0 else key
            if not 0 <= offset < self._length:
                raise IndexError("BlockText index out of range")
            block = self._block_of(offset)
            return self._blocks[block][offset - self._starts[block]]
        start, stop, step = key.indices(self._length)
        if step != 1:
            return str(self)[key]
        if stop <= start:
            return ""
        first, last = self._block_of(start), self._block_of(stop - 1)
        if first == last:
            base = self._starts[first]
            return self._blocks[first][start - base : stop - base]
        return "".join(
            [
                self._blocks[first][start - self._starts[first] :],
                *self._blocks[first + 1 : last],
                self._blocks[last][: stop - self._starts[last]],
            ]
        )

    def replaced(self, start: int, end: int, text: str) -> BlockText:
        """The text with ``[start, end)`` replaced by ``text``: the blocks
        holding ``start`` and ``end`` made again, the others shared."""
        start = max(0, min(start, self._length))
        end = max(start, min(end, self._length))
        first = self._block_of(start)
        last = self._block_of(end - 1) if end > start else first
        if last < first:
            last = first
        base = self._starts[first]
        middle = self._blocks[first][: start - base] + text + self._blocks[last][end - self._starts[last] :]
        size = self.BLOCK
        made = [middle] if len(middle) <= 2 * size else [middle[i : i + size] for i in range(0, len(middle), size)]
        made = [block for block in made if block]
        delta = len(text) - (end - start)
        made_starts = list(itertools.accumulate(map(len, made[:-1]), initial=base)) if made else []
        blocks = [*self._blocks[:first], *made, *self._blocks[last + 1 :]]
        starts = [*self._starts[:first], *made_starts, *(s + delta for s in self._starts[last + 1 :])]
        if not blocks:
            blocks, starts = [""], [0]
        return type(self)(blocks, starts, self._length + delta)


#: A document's text: a ``str``, or a long one in blocks (the server's).
Text = str | BlockText


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

    #: The text indexed (a :class:`BlockText` in the server: see :attr:`text`).
    source: Text

    @property
    def text(self) -> str:
        """The text indexed, as one string (joined on first use when held in blocks)."""
        return str(self.source)

    def __init__(self, source: Text) -> None:
        self.source = source
        text = str(source)
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
    def after_edit(cls, old: LineIndex, text: Text, edit: Edit) -> LineIndex:
        """The index of ``text``, made from ``old`` (the index of the text
        before ``edit``): the lines before the edit kept, those after it
        shifted, only the edited ones looked at. Rebuilt whole where a
        carriage return may be involved (``\\r\\n`` split or joined)."""
        inserted = text[edit.start : edit.new_end]
        near = old.source[max(0, edit.start - 1) : edit.old_end + 1]
        if "\r" in inserted or "\r" in near or edit.old_end > len(old.source):
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
        index.source = text
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
        offset = max(0, min(offset, len(self.source)))
        block = bisect.bisect_right(self._firsts, offset) - 1
        return self._first_lines[block] + bisect.bisect_right(self._blocks[block], offset - self._shifts[block]) - 1

    def line_end(self, line: int) -> int:
        """The offset of the line's end, before its line break."""
        if line + 1 < self.line_count:
            end = self.line_start(line + 1)
            ending = self.source[max(0, end - 2) : end]
            if ending.endswith("\n"):
                end -= 1
                ending = ending[:-1]
            if ending.endswith("\r"):
                end -= 1
            return end
        return len(self.source)

    def line_text(self, line: int) -> str:
        """The text of a zero-based line, without its line break."""
        if line < 0 or line >= self.line_count:
            return ""
        return self.source[self.line_start(line) : self.line_end(line)]

    def position(self, offset: int, encoding: Encoding = "utf-32") -> tuple[int, int]:
        """Zero-based (line, column) of ``offset``; columns in ``encoding`` units."""
        offset = max(0, min(offset, len(self.source)))
        line = self.line_of(offset)
        start = self.line_start(line)
        if encoding == "utf-32":
            return line, offset - start
        segment = self.source[start:offset]
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
            return len(self.source)
        start = self.line_start(line)
        end = self.line_end(line)
        if column <= 0:
            return start
        if encoding == "utf-32":
            return min(start + column, end)
        segment = self.source[start : min(start + column, end)]
        if segment.isascii():  # one unit a character: no walk (a 5 MB line of actions took 5 s)
            return start + len(segment)
        units = 0
        for index, char in enumerate(self.source[start:end], start):
            units += _unit_length(char, encoding)
            if units > column:
                return index
            if units == column:
                return index + 1
        return end


def _chunks(starts: list[int], size: int) -> list[list[int]]:
    """``starts`` in blocks of ``size`` (one block, maybe empty, for none)."""
    return [starts[i : i + size] for i in range(0, len(starts), size)] or [starts]
