"""A tolerant TOML scanner that records where every key and value stands.

Why not tomlkit or tomllib alone: neither reports positions, and both give
up at the first syntax error, while an editor sees broken text all the
time (an unterminated ``"p3 c``, an ``actions`` array without its ``]``).
This scanner reads the subset of TOML that PHH uses (key/value pairs,
table headers, strings, numbers, booleans, dates and times, arrays, inline
tables) into :class:`Entry` and :class:`Node` objects whose spans are
offsets into the text, and recovers from errors line by line. It never
reports syntax errors itself: ``tomllib`` stays the judge of validity
(see :mod:`phh_lsp.core.document`); the scanner only has to be right on
valid TOML (a test compares its values with ``tomllib`` on the whole
corpus) and sensible on everything else.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from phh_lsp.core.text import Span
from phh_lsp.core.toml_subset import is_plain_toml

#: How deep arrays may nest before the scanner stops descending into them.
MAX_DEPTH = 32
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_BASIC = re.compile(r'"((?:[^"\\\r\n]|\\.)*)("?)')
_LITERAL = re.compile(r"'([^'\r\n]*)('?)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_LINE_ENDING_BACKSLASH = re.compile(r"\\[ \t]*(?:\r?\n|\r)[ \t\r\n]*")
_SCALAR = re.compile(
    r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?"
    r"|[^\s,\]\}#\"']+"
)
_LEADING_ZERO = re.compile(r"[+-]?0\d.*")
_INTEGER = re.compile(r"[+-]?(?:0x[0-9A-Fa-f_]+|0o[0-7_]+|0b[01_]+|\d[\d_]*)")
_FLOAT = re.compile(r"[+-]?(?:inf|nan|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d[\d_]*)?)")
_BLANKS = re.compile(r"(?:[ \t\r\n]+|#[^\r\n]*)*")
_BLANKS_ON_LINE = re.compile(r"(?:[ \t]+|#[^\r\n]*)*")
_LINE_BREAK = re.compile(r"[\r\n]")
_DATETIME = re.compile(r"\d{4}-\d{2}-\d{2}|\d{2}:\d{2}")
# The arrays nearly every PHH file is made of: plain strings (literal, or
# basic without escapes) and plain numbers, separated by commas, with blanks and comments between.
# Such an array is read in one match (see _Scanner._simple_array). The
# quantifiers are possessive: a comment runs to its line's end, blanks
# are taken whole, so a match that fails does so in one pass.
_ARRAY_BLANKS = r"(?:[ \t\r\n]++|#[^\r\n]*+)*+"
_SIMPLE_ITEM = r"""(?:"[^"\\\r\n]*+"|'[^'\r\n]*+'|-?(?:0|[1-9]\d*+)(?:\.\d++)?(?![\w.+-]))"""
_SIMPLE_ARRAY = re.compile(
    rf"\[{_ARRAY_BLANKS}(?:{_SIMPLE_ITEM}{_ARRAY_BLANKS},{_ARRAY_BLANKS})*+(?:{_SIMPLE_ITEM}{_ARRAY_BLANKS})?\]"
)
_SIMPLE_ARRAY_PART = re.compile(r"""#[^\r\n]*|"([^"\\\r\n]*)"|'([^'\r\n]*)'|(-?\d+)(\.\d+)?""")
# In a plain text (see toml_subset) every statement and header is one of
# these at a line start: lines inside its arrays never look like them.
_PLAIN_LINE = re.compile(
    r"^[ \t]*+(?:(?P<header>\[[ \t]*+(?P<name>[A-Za-z0-9_-]++)[ \t]*+\])|(?P<key>[A-Za-z0-9_-]++)[ \t]*+=[ \t]*+)",
    re.M,
)
# A line that starts a new statement: when an array is left open, such a
# line ends it, so one missing `]` does not swallow the rest of the file.
_STATEMENT_START = re.compile(
    r"""[ \t]*(?:[A-Za-z0-9_-]+|"[^"\r\n]*"|'[^'\r\n]*')"""
    r"""(?:[ \t]*\.[ \t]*(?:[A-Za-z0-9_-]+|"[^"\r\n]*"|'[^'\r\n]*'))*[ \t]*="""
    r"|\[[^\[\]\r\n]*\][ \t]*(?:#.*)?$",
    re.M,
)


@dataclass(slots=True)
class StringInfo:
    """Where a string's content stands, to map content indexes to offsets."""

    content_start: int
    #: Source offset of each content character plus one for the end, only
    #: when escapes make the mapping irregular; None means one to one.
    offsets: list[int] | None
    terminated: bool

    def offset_of(self, index: int) -> int:
        """The source offset of content character ``index``."""
        if self.offsets is None:
            return self.content_start + index
        return self.offsets[min(index, len(self.offsets) - 1)]


@dataclass(slots=True)
class Node:
    """A value: kind is string, integer, float, boolean, datetime, array,
    table or invalid (text the scanner could not read as a value)."""

    kind: str
    value: Any
    span: Span
    items: list[Node] = field(default_factory=list)
    string: StringInfo | None = None
    closed: bool = True

    def plain(self) -> Any:
        """The value as tomllib would give it (floats as Decimal)."""
        if self.kind == "array":
            return [item.plain() for item in self.items]
        return self.value


@dataclass(slots=True)
class Entry:
    """A ``key = value`` pair or a table header (value kind "table")."""

    key: str
    key_span: Span
    value: Node | None
    span: Span
    is_header: bool = False
    #: The table header the entry stands under (None at the top level).
    table: str | None = None


def _decode_basic(body: str, start: int, multiline: bool = False) -> tuple[str, list[int] | None]:
    """A basic string's content with its escapes decoded, and the source
    offset of each content character (None when they map one to one).

    In a multi-line string a backslash at a line's end also swallows the
    line break and the blanks after it (TOML 1.0, "line ending backslash").
    """
    if "\\" not in body:
        return body, None
    chars: list[str] = []
    offsets: list[int] = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            code = body[index + 1]
            width = {"u": 4, "U": 8}.get(code, 0)
            if code in _ESCAPES:
                chars.append(_ESCAPES[code])
                offsets.append(start + index)
                index += 2
                continue
            if multiline:
                trimmed = _LINE_ENDING_BACKSLASH.match(body, index)
                if trimmed is not None:
                    index = trimmed.end()
                    continue
            if width and index + 2 + width <= len(body):
                try:
                    chars.append(chr(int(body[index + 2 : index + 2 + width], 16)))
                    offsets.append(start + index)
                    index += 2 + width
                    continue
                except (ValueError, OverflowError):  # not hex, or past the last code point
                    pass
        chars.append(char)
        offsets.append(start + index)
        index += 1
    offsets.append(start + len(body))
    return "".join(chars), offsets


def _key_part(part: str) -> str:
    """A key part as the joined key writes it: quoted when it is not bare,
    so that ``"a.b" = 1`` and ``a.b = 2`` stay two different keys."""
    return part if _BARE_KEY.fullmatch(part) else '"' + part.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _snippet_value(raw: str) -> Any:
    """Decode a rare value (date, time, inline table, multi-line string)."""
    try:
        return tomllib.loads("v = " + raw, parse_float=Decimal)["v"]
    except (tomllib.TOMLDecodeError, InvalidOperation, ValueError, RecursionError):
        return None


def scalar_node(raw: str, span: Span) -> Node:
    """Classify and decode a bare scalar such as ``1_000``, ``0.10``, ``inf``."""
    if raw in ("true", "false"):
        return Node("boolean", raw == "true", span)
    if _INTEGER.fullmatch(raw) and not _LEADING_ZERO.fullmatch(raw):
        text = raw.replace("_", "")
        try:
            sign = -1 if text.startswith("-") else 1
            body = text.lstrip("+-")
            base = {"0x": 16, "0o": 8, "0b": 2}.get(body[:2], 10)
            return Node("integer", sign * int(body[2:] if base != 10 else body, base), span)
        except ValueError:
            pass
    if _FLOAT.fullmatch(raw) and any(c in raw for c in ".eEin"):
        try:
            return Node("float", Decimal(raw.replace("_", "")), span)
        except InvalidOperation:
            pass
    if _DATETIME.match(raw):
        value = _snippet_value(raw)
        if value is not None:
            return Node("datetime", value, span)
    return Node("invalid", raw, span)


class _Scanner:
    def __init__(self, text: str, recover: bool = True) -> None:
        self.text = text
        self.length = len(text)
        self.depth = 0
        #: Whether an open array ends at a line that reads as a new statement.
        #: Valid TOML needs no such guess (a nested array's row ``[1, 2]`` at
        #: a line's start looks like a header), so it is only made on broken text.
        self.recover = recover

    def skip_blank(self, pos: int, newlines: bool) -> int:
        """Past spaces and comments (and line breaks when ``newlines``)."""
        blank = _BLANKS if newlines else _BLANKS_ON_LINE
        match = blank.match(self.text, pos)
        return match.end() if match else pos

    def line_end(self, pos: int) -> int:
        match = _LINE_BREAK.search(self.text, pos)
        return match.start() if match else self.length

    def at_line_start(self, pos: int) -> bool:
        return pos == 0 or self.text[pos - 1] in "\r\n"

    def key(self, pos: int) -> tuple[str, Span, int] | None:
        parts: list[str] = []
        start = pos
        while True:
            char = self.text[pos] if pos < self.length else ""
            if char == '"':
                match = _BASIC.match(self.text, pos)
                assert match is not None
                parts.append(_key_part(_decode_basic(match.group(1), pos + 1)[0]))
                pos = match.end()
            elif char == "'":
                match = _LITERAL.match(self.text, pos)
                assert match is not None
                parts.append(_key_part(match.group(1)))
                pos = match.end()
            else:
                match = _BARE_KEY.match(self.text, pos)
                if match is None:
                    return None
                parts.append(match.group())
                pos = match.end()
            end = pos
            pos = self.skip_blank(pos, newlines=False)
            if pos < self.length and self.text[pos] == ".":
                pos = self.skip_blank(pos + 1, newlines=False)
                continue
            return ".".join(parts), Span(start, end), pos

    def string(self, pos: int) -> tuple[Node, int]:
        text = self.text
        quote = text[pos]
        if text.startswith(quote * 3, pos):
            close = self._closing_triple(pos + 3, quote)
            end = self.length if close < 0 else close + 3
            while end < min(self.length, close + 5) and text[end] == quote:  # up to two quotes of content
                end += 1
            raw = text[pos:end]
            value = _snippet_value(raw)
            content_start = pos + 3
            if text.startswith("\r\n", content_start):
                content_start += 2
            elif text.startswith("\n", content_start):
                content_start += 1
            body_end = max(content_start, end - 3 if close >= 0 else end)
            offsets = None
            if quote == '"':
                decoded, offsets = _decode_basic(text[content_start:body_end], content_start, multiline=True)
                value = value if isinstance(value, str) else decoded
            info = StringInfo(content_start, offsets, close >= 0)
            node = Node("string", value if isinstance(value, str) else text[content_start:body_end], Span(pos, end))
            node.string = info
            return node, end
        match = (_BASIC if quote == '"' else _LITERAL).match(text, pos)
        assert match is not None
        body = match.group(1)
        terminated = bool(match.group(2))
        if quote == '"':
            value, offsets = _decode_basic(body, pos + 1)
        else:
            value, offsets = body, None
        node = Node("string", value, Span(pos, match.end()))
        node.string = StringInfo(pos + 1, offsets, terminated)
        return node, match.end()

    def _closing_triple(self, pos: int, quote: str) -> int:
        """Where the triple quote that ends a multi-line string opened before
        ``pos`` starts (-1 if none): in a basic string, ``\\\"""`` is an
        escaped quote and two quotes, not the end."""
        close = self.text.find(quote * 3, pos)
        while quote == '"' and close > 0:
            backslashes = close - len(self.text[pos:close].rstrip("\\")) - pos
            if backslashes % 2 == 0:
                break
            close = self.text.find(quote * 3, close + 1)
        return close

    def array(self, pos: int) -> tuple[Node, int]:
        if self.depth >= MAX_DEPTH:
            return self._too_deep(pos)
        self.depth += 1
        try:
            return self._array(pos)
        finally:
            self.depth -= 1

    def _too_deep(self, pos: int) -> tuple[Node, int]:
        """Skip an array nested beyond :data:`MAX_DEPTH` without recursing.

        PHH arrays are flat; a document nested thousands deep is junk, and
        must not exhaust the stack of whoever scans it.
        """
        end = self._matching(pos, "[", "]", one_line=False)
        return Node("invalid", self.text[pos:end], Span(pos, end)), end

    def _matching(self, pos: int, opening: str, closing: str, one_line: bool) -> int:
        """The offset just past the bracket that closes the one at ``pos``
        (strings skipped; the line's or the text's end when it never closes)."""
        depth = 0
        index = pos
        while index < self.length and not (one_line and self.text[index] in "\r\n"):
            char = self.text[index]
            if char in "\"'":
                _, index = self.string(index)
                continue
            if char == opening:
                depth += 1
            elif char == closing:
                depth -= 1
                if depth == 0:
                    return index + 1
            index += 1
        return index

    def _simple_array(self, pos: int) -> tuple[Node, int] | None:
        """The array at ``pos`` read in one match when it is a simple one
        (the same nodes :meth:`_array` would build), else None."""
        match = _SIMPLE_ARRAY.match(self.text, pos)
        if match is None:
            return None
        end = match.end()
        items: list[Node] = []
        for part in _SIMPLE_ARRAY_PART.finditer(self.text, pos + 1, end - 1):
            basic, literal, whole, fraction = part.groups()
            start, stop = part.span()
            body = basic if basic is not None else literal
            if body is not None:
                item = Node("string", body, Span(start, stop))
                item.string = StringInfo(start + 1, None, True)
                items.append(item)
            elif fraction is not None:
                items.append(Node("float", Decimal(whole + fraction), Span(start, stop)))
            elif whole is not None:
                items.append(Node("integer", int(whole), Span(start, stop)))
        return Node("array", [item.value for item in items], Span(pos, end), items), end

    def _array(self, pos: int) -> tuple[Node, int]:
        simple = self._simple_array(pos)
        if simple is not None:
            return simple
        node = Node("array", None, Span(pos, pos + 1), closed=False)
        pos += 1
        while True:
            previous = pos
            pos = self.skip_blank(pos, newlines=True)
            if pos >= self.length:
                break
            char = self.text[pos]
            if char == "]":
                pos += 1
                node.closed = True
                break
            if self.recover and self._starts_statement(previous, pos):
                break
            if char == ",":
                pos += 1
                continue
            item, new_pos = self.value(pos)
            if new_pos == pos:
                new_pos = pos + 1
            if item is not None:
                node.items.append(item)
            pos = new_pos
        end = pos if node.closed else (node.items[-1].span.end if node.items else pos)
        node.span = Span(node.span.start, max(end, node.span.start + 1))
        node.value = [item.value for item in node.items]
        return node, pos

    def _starts_statement(self, previous: int, pos: int) -> bool:
        """Whether ``pos`` opens a line that reads as a new key or header.

        Only checked when a line break was crossed since ``previous``, so
        a long one-line array costs no rescanning.
        """
        gap = self.text[previous:pos]
        breaks = max(gap.rfind("\n"), gap.rfind("\r"))
        if breaks < 0 and not (previous == pos and self.at_line_start(pos)):
            return False
        line_start = previous + breaks + 1 if breaks >= 0 else pos
        if self.text[line_start:pos].strip(" \t"):
            return False
        return _STATEMENT_START.match(self.text, line_start) is not None

    def inline_table(self, pos: int) -> tuple[Node, int]:
        end = self._matching(pos, "{", "}", one_line=True)
        return Node("table", _snippet_value(self.text[pos:end]), Span(pos, end)), end

    def value(self, pos: int) -> tuple[Node | None, int]:
        if pos >= self.length:
            return None, pos
        char = self.text[pos]
        if char in "\"'":
            return self.string(pos)
        if char == "[":
            return self.array(pos)
        if char == "{":
            return self.inline_table(pos)
        match = _SCALAR.match(self.text, pos)
        if match is None or match.end() == pos:
            return None, pos
        raw = match.group().rstrip()
        return scalar_node(raw, Span(pos, pos + len(raw))), match.end()

    def plain_entries(self) -> list[Entry]:
        """:meth:`entries` for a plain text (see toml_subset), statement by
        statement in one regular-expression pass rather than character by
        character: the same entries, about twice as fast."""
        entries: list[Entry] = []
        table: str | None = None
        for match in _PLAIN_LINE.finditer(self.text):
            key = match.group("key")
            if key is None:
                start, stop = match.span("header")
                span = Span(start, stop)
                table = match.group("name")
                entries.append(Entry(table, span, Node("table", None, span), span, True))
                continue
            key_start, key_end = match.span("key")
            node, _ = self.value(match.end())
            end = node.span.end if node is not None else key_end + 1
            entries.append(Entry(key, Span(key_start, key_end), node, Span(key_start, end), table=table))
        return entries

    def entries(self) -> list[Entry]:
        entries: list[Entry] = []
        pos = 0
        table: str | None = None
        while True:
            pos = self.skip_blank(pos, newlines=True)
            if pos >= self.length:
                return entries
            if self.text[pos] == "[":
                end = self.line_end(pos)
                close = self.text.find("]", pos, end)
                stop = end if close < 0 else close + 1
                name = self.text[pos:stop].strip("[] \t")
                name = name.strip("\"'") if name[:1] in "\"'" else name
                span = Span(pos, stop)
                entries.append(Entry(name, span, Node("table", None, span), span, True))
                table = name
                pos = end
                continue
            parsed = self.key(pos)
            if parsed is None or parsed[2] >= self.length or self.text[parsed[2]] != "=":
                pos = self.line_end(pos)
                if parsed is not None:
                    key, key_span, _ = parsed
                    entries.append(Entry(key, key_span, None, key_span, table=table))
                continue
            key, key_span, after_key = parsed
            value_pos = self.skip_blank(after_key + 1, newlines=False)
            node, pos = self.value(value_pos)
            end = node.span.end if node is not None else after_key + 1
            entries.append(Entry(key, key_span, node, Span(key_span.start, end), table=table))
            if node is None or node.kind != "array" or node.closed:
                pos = self.line_end(pos)


def scan(text: str, plain: bool | None = None, valid: bool = False) -> list[Entry]:
    """Every key/value pair and table header of ``text``, in order.

    ``plain``: whether ``text`` is plain TOML (see toml_subset), when the
    caller already knows; found out here otherwise. ``valid``: the caller
    knows the text is valid TOML, so nothing needs recovering.
    """
    if plain is None:
        plain = is_plain_toml(text)
    scanner = _Scanner(text, recover=not (valid or plain))
    return scanner.plain_entries() if plain else scanner.entries()
