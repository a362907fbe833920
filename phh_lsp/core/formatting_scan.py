"""The formatter's view of a TOML document: statements, comments, blank lines.

Why a reader of its own rather than tomlkit (still; it is to move onto
:mod:`phh_lsp.core.syntax`, whose eager tree now keeps every token): the
formatter must re-emit numbers, dates and escaped strings exactly as
written, know which line every comment and blank line sits on (inside
arrays too), and be fast on a 800 KB ``.phhs`` (tomlkit needs ~4 s there).
It only ever runs on text that ``tomllib`` has accepted, so it can be
strict: anything unexpected raises :class:`ScanError` and the formatter
leaves the document alone. Input uses ``\\n`` line endings only (the
formatter converts CRLF before and after).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

_WS = re.compile(r"[ \t]*")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BASIC = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_LITERAL = re.compile(r"'[^'\n]*'")
_ML_BASIC_BODY = re.compile(r'(?:[^"\\]|\\.|"(?!""))*', re.S)
_ML_LITERAL_BODY = re.compile(r"(?:[^']|'(?!''))*", re.S)
_BARE_VALUE = re.compile(r"[^ \t\n,\]}#]+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SPACE_TIME = re.compile(r" \d{2}:[^ \t\n,\]}#]+")
_ARRAY_TOKEN = re.compile(
    r"[ \t]*(?:(?P<newline>\n)|(?P<comment>#[^\n]*)|(?P<comma>,)|(?P<close>\])"
    r"|(?P<basic>\"(?:[^\"\\\n]|\\.)*\"(?!\"))|(?P<literal>'[^'\n]*'(?!'))"
    r"|(?P<scalar>[^ \t\n,\]}#\"'\[{][^ \t\n,\]}#]*)|(?P<other>(?=[^ \t])))"
)


class ScanError(ValueError):
    """The text is not the valid TOML the scanner expects."""


@dataclass(frozen=True)
class Scalar:
    """A number, boolean, date or time: re-emitted exactly as written."""

    raw: str


@dataclass(frozen=True)
class Str:
    """A single-line basic (``"..."``) or literal (``'...'``) string."""

    raw: str
    literal: bool

    @property
    def content(self) -> str:
        """The string's value (escapes decoded for basic strings)."""
        inner = self.raw[1:-1]
        if self.literal or "\\" not in inner:
            return inner
        value = tomllib.loads("x = " + self.raw)["x"]
        assert isinstance(value, str)
        return value


@dataclass(frozen=True)
class Verbatim:
    """A value the formatter never rewrites: multi-line string, inline table."""

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


def _match(pattern: re.Pattern[str], text: str, pos: int) -> re.Match[str]:
    found = pattern.match(text, pos)
    if found is None or found.end() == pos:
        raise ScanError(f"unexpected text at offset {pos}")
    return found


def _skip_ws(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]


def _comment_at(text: str, pos: int) -> tuple[str, int]:
    """The comment starting at ``pos`` and the offset of its line's end."""
    end = text.find("\n", pos)
    end = len(text) if end < 0 else end
    return text[pos:end].rstrip(), end


def _key(text: str, pos: int) -> tuple[tuple[str, ...], int]:
    """A possibly dotted key: its decoded parts and the offset after it."""
    parts: list[str] = []
    while True:
        pos = _skip_ws(text, pos)
        char = text[pos : pos + 1]
        if char == '"':
            found = _match(_BASIC, text, pos)
            parts.append(Str(found.group(), literal=False).content)
        elif char == "'":
            found = _match(_LITERAL, text, pos)
            parts.append(found.group()[1:-1])
        else:
            found = _match(_BARE_KEY, text, pos)
            parts.append(found.group())
        pos = _skip_ws(text, found.end())
        if text[pos : pos + 1] != ".":
            return tuple(parts), pos
        pos += 1


def _multiline_end(text: str, pos: int, quote: str) -> int:
    body = _ML_BASIC_BODY if quote == '"' else _ML_LITERAL_BODY
    end = body.match(text, pos + 3).end()  # type: ignore[union-attr]
    if not text.startswith(quote * 3, end):
        raise ScanError("unterminated multi-line string")
    end += 3
    for _ in range(2):  # up to two quotes right before the delimiter
        if text[end : end + 1] == quote:
            end += 1
    return end


def _inline_table_end(text: str, pos: int) -> int:
    depth = 0
    while pos < len(text):
        char = text[pos]
        if char in "\"'":
            _value, pos = parse_value(text, pos)
            continue
        if char == "#":
            pos = _comment_at(text, pos)[1]
            continue
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return pos + 1
        pos += 1
    raise ScanError("unterminated inline table")


def parse_value(text: str, pos: int) -> tuple[Value, int]:
    """The value starting at ``pos`` and the offset after it."""
    char = text[pos : pos + 1]
    if text.startswith('"""', pos) or text.startswith("'''", pos):
        end = _multiline_end(text, pos, char)
        return Verbatim(text[pos:end]), end
    if char == '"':
        found = _match(_BASIC, text, pos)
        return Str(found.group(), literal=False), found.end()
    if char == "'":
        found = _match(_LITERAL, text, pos)
        return Str(found.group(), literal=True), found.end()
    if char == "[":
        return _array(text, pos)
    if char == "{":
        end = _inline_table_end(text, pos)
        return Verbatim(text[pos:end]), end
    found = _match(_BARE_VALUE, text, pos)
    end = found.end()
    if _DATE.fullmatch(found.group()):
        time = _SPACE_TIME.match(text, end)
        if time is not None:
            end = time.end()
    return Scalar(text[pos:end]), end


def _array(text: str, pos: int) -> tuple[Array, int]:
    start = pos
    pos += 1
    items: list[Element | Comment | Blank] = []
    opening: str | None = None
    first_line = True
    line_has_content = True
    last_on_line: int | None = None  # index in items of this line's last element
    while True:
        token = _ARRAY_TOKEN.match(text, pos)  # one regex call per common token
        if token is None:
            raise ScanError("unterminated array")
        kind, pos = token.lastgroup, token.end()
        if kind == "newline":
            if not line_has_content:
                items.append(Blank())
            first_line, line_has_content, last_on_line = False, False, None
            continue
        line_has_content = True
        if kind == "comment":
            comment = token.group(kind).rstrip()
            if last_on_line is not None:
                element = items[last_on_line]
                assert isinstance(element, Element)
                items[last_on_line] = Element(element.value, comment)
            elif first_line and not items:
                opening = comment
            else:
                items.append(Comment(comment))
        elif kind == "close":
            return Array(text[start:pos], tuple(items), opening), pos
        elif kind != "comma":
            if kind == "basic":
                value: Value = Str(token.group(kind), literal=False)
            elif kind == "literal":
                value = Str(token.group(kind), literal=True)
            elif kind == "scalar" and not _DATE.fullmatch(token.group(kind)):
                value = Scalar(token.group(kind))
            else:
                value, pos = parse_value(text, token.start(token.lastindex or 0))
            items.append(Element(value))
            last_on_line = len(items) - 1


def _line_end(text: str, pos: int) -> tuple[str | None, int]:
    """An optional trailing comment, then the end of the line (past ``\\n``)."""
    pos = _skip_ws(text, pos)
    comment = None
    if text[pos : pos + 1] == "#":
        comment, pos = _comment_at(text, pos)
    if pos < len(text):
        if text[pos] != "\n":
            raise ScanError(f"expected the end of the line at offset {pos}")
        pos += 1
    return comment, pos


def _header(text: str, start: int, pos: int) -> tuple[TableHeader, int]:
    array = text.startswith("[[", pos)
    key, after = _key(text, pos + (2 if array else 1))
    closing = "]]" if array else "]"
    if not text.startswith(closing, after):
        raise ScanError(f"expected {closing!r} at offset {after}")
    raw_end = after + len(closing)
    comment, end = _line_end(text, raw_end)
    raw = text[pos:raw_end]
    return TableHeader(key, raw, array, comment, (start, end)), end


def scan(text: str) -> list[Statement]:
    """The statements of a valid TOML text with ``\\n`` line endings."""
    statements: list[Statement] = []
    pos = 0
    while pos < len(text):
        start = pos
        pos = _skip_ws(text, pos)
        if pos >= len(text):
            break
        char = text[pos]
        if char == "\n":
            statements.append(Blank((start, pos + 1)))
            pos += 1
        elif char == "#":
            line, pos = _comment_at(text, pos)
            pos = min(pos + 1, len(text))
            statements.append(Comment(line, (start, pos)))
        elif char == "[":
            header, pos = _header(text, start, pos)
            statements.append(header)
        else:
            key, after = _key(text, pos)
            key_raw = text[pos:after].strip()
            if text[after : after + 1] != "=":
                raise ScanError(f"expected '=' at offset {after}")
            value, after = parse_value(text, _skip_ws(text, after + 1))
            trailing, pos = _line_end(text, after)
            statements.append(KeyValue(key, key_raw, value, trailing, (start, pos)))
    return statements
