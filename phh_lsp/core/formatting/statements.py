"""The formatter's view of a TOML document: statements, comments, blank lines.

What the renderer needs of the text, read off the syntax tree
(:mod:`phh_lsp.core.syntax`) by :mod:`phh_lsp.core.formatting.formatter`: the
statements in order with their raw text (numbers, dates and escaped
strings are re-emitted exactly as written), and which line every comment
and blank line sits on, inside arrays too.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scalar:
    """A number, boolean, date or time: re-emitted exactly as written."""

    raw: str


@dataclass(frozen=True)
class Str:
    """A single-line basic (``"..."``) or literal (``'...'``) string and
    its value (escapes decoded)."""

    raw: str
    literal: bool
    content: str


@dataclass(frozen=True)
class Verbatim:
    """A value the formatter never rewrites: multi-line string, inline
    table, nested array."""

    raw: str


@dataclass(frozen=True)
class Comment:
    """A comment on a line of its own (text from ``#``, right-stripped)."""

    text: str
    span: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Blank:
    """An empty (or whitespace-only) line."""

    span: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Element:
    """An array element and the comment that ends its line, if any."""

    value: Value
    comment: str | None = None


@dataclass(frozen=True)
class Array:
    """An array: its elements interleaved with own-line comments and blanks."""

    raw: str
    items: tuple[Element | Comment | Blank, ...]
    opening_comment: str | None  # a comment on the line of the ``[``

    @property
    def elements(self) -> list[Element]:
        """The elements only."""
        return [item for item in self.items if isinstance(item, Element)]

    @property
    def has_comments(self) -> bool:
        """Whether a comment sits anywhere inside the brackets."""
        return self.opening_comment is not None or any(
            isinstance(item, Comment) or (isinstance(item, Element) and item.comment is not None) for item in self.items
        )


Value = Scalar | Str | Verbatim | Array


@dataclass(frozen=True)
class KeyValue:
    """``key = value  # comment``; ``key`` holds the decoded dotted parts."""

    key: tuple[str, ...]
    key_raw: str
    value: Value
    comment: str | None
    span: tuple[int, int]


@dataclass(frozen=True)
class TableHeader:
    """``[key]`` or ``[[key]]`` with its end-of-line comment."""

    key: tuple[str, ...]
    raw: str
    array: bool
    comment: str | None
    span: tuple[int, int]


Statement = Blank | Comment | KeyValue | TableHeader
