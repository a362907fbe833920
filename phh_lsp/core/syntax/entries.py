"""The tree read as the analysis reads a hand: its fields, located.

Why a flat list: a PHH hand is a list of fields (``variant = "NT"``,
``actions = [...]``) under at most one table header, and the field checks,
the action parser, hover, completion and the fixes all look fields up by
name and need each value's span, each array element's span, and the
source offset of every character of a string. :func:`read_entries` walks
the syntax tree's statements once and gives each as an :class:`Entry`
whose value is a :class:`Value`: nothing is read from the text again.

Keys are joined with ``.`` and a part that is not a bare key keeps its
quotes, so ``"a.b" = 1`` and ``a.b = 2`` stay two different keys.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from phh_lsp.core.syntax.check import PLAIN_ITEM, node_value, plain_word
from phh_lsp.core.syntax.parser.plain import LazyKeyValue
from phh_lsp.core.syntax.tree import (
    ArrayTableHeader,
    ArrayValue,
    Document,
    ErrorNode,
    InlineTable,
    KeyValue,
    Node,
    ScalarValue,
    StringValue,
    TableHeader,
)
from phh_lsp.core.text import Span

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_DATE_TIME_KINDS = frozenset({"offset_date_time", "local_date_time", "local_date", "local_time"})


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
class Value:
    """A value: kind is string, integer, float, boolean, datetime, array,
    table or invalid (text that is no TOML value)."""

    kind: str
    value: Any
    span: Span
    items: list[Value] = field(default_factory=list)
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
    value: Value | None
    span: Span
    is_header: bool = False
    #: The table header the entry stands under (None at the top level).
    table: str | None = None


def key_name(names: tuple[str, ...]) -> str:
    """A (dotted) key as one string: parts that are not bare keep quotes."""
    return ".".join(part if _BARE_KEY.fullmatch(part) else _quoted(part) for part in names)


def _quoted(part: str) -> str:
    return '"' + part.replace("\\", "\\\\").replace('"', '\\"') + '"'


def read_entries(document: Document) -> list[Entry]:
    """Every header and key/value pair of the document, in source order."""
    entries: list[Entry] = []
    table: str | None = None
    for node in document.children:
        if isinstance(node, KeyValue):
            entries.append(_pair(node, table))
        elif isinstance(node, TableHeader):
            name = key_name(node.key.names()) if node.key is not None else ""
            if isinstance(node, ArrayTableHeader):
                name = f"[{name}]"  # `[[a]]` is no hand's table: a name no `[a]` can have
            span = Span(node.start, node.end)
            entries.append(Entry(name, span, Value("table", None, span), span, True))
            table = name
    return entries


def _pair(node: KeyValue, table: str | None) -> Entry:
    if type(node) is LazyKeyValue:
        key_span = Span(node.start, node.start + len(node.name))
        name = node.name
        value: Value | None = _plain_value(node)
    else:
        key_span = Span(node.key.start, node.key.end)
        name = key_name(node.key.names())
        value = read_value(node.value) if node.value is not None else None
    end = value.span.end if value is not None else key_span.end
    return Entry(name, key_span, value, Span(key_span.start, end), table=table)


def read_value(node: Node) -> Value:
    """A value node of the tree as a :class:`Value`."""
    span = Span(node.start, node.end)
    if isinstance(node, StringValue):
        string = StringInfo(node.content_start, node.offsets, node.terminated)
        return Value("string", node.value, span, string=string)
    if isinstance(node, ScalarValue):
        kind = "datetime" if node.kind in _DATE_TIME_KINDS else node.kind
        return Value(kind, node_value(node), span)
    if isinstance(node, ArrayValue):
        items = [read_value(item) for item in node.items]
        if not node.closed:  # it ends where its last element does (recovery cut it off)
            span = Span(node.start, items[-1].span.end if items else node.start + 1)
        return Value("array", [item.value for item in items], span, items, closed=node.closed)
    if isinstance(node, InlineTable):
        return Value("table", node_value(node) if node.closed else None, span, closed=node.closed)
    if isinstance(node, ErrorNode):
        return Value("invalid", node.text, span)
    return Value("invalid", node.text, span)


def _plain_value(node: LazyKeyValue) -> Value:
    """The value of a plain line, read from its text without building its
    nodes: the same :class:`Value` :func:`read_value` gives of the expanded
    node (held to it by tests), at a fraction of the cost: nearly every
    line of a dataset is plain."""
    source, start, end = node.source, node.value_start, node.end
    if node.value_kind != "array":
        return _plain_part(PLAIN_ITEM.match(source, start, end), start, end)
    # _plain_part inlined: an array's elements are most of a hand's values
    # (every action), and a call per element was a third of reading them
    items: list[Value] = []
    values: list[Any] = []
    for part in PLAIN_ITEM.finditer(source, start + 1, end - 1):
        group = part.lastgroup
        if group is None:  # a comment between the elements
            continue
        first, last = part.span()
        if group == "word":
            value = plain_word(part.group())
            items.append(Value(_WORD_KINDS[type(value)], value, Span(first, last)))
        else:
            value = part.group(group)
            items.append(Value("string", value, Span(first, last), string=StringInfo(first + 1, None, True)))
        values.append(value)
    return Value("array", values, Span(start, end), items)


def _plain_part(part: re.Match[str] | None, start: int, end: int) -> Value:
    span = Span(start, end)
    group = part.lastgroup if part is not None else None
    if part is None or group is None:  # pragma: no cover - the parser proved the line plain
        return Value("invalid", None, span)
    if group != "word":
        return Value("string", part.group(group), span, string=StringInfo(start + 1, None, True))
    value = plain_word(part.group())
    kind = _WORD_KINDS[type(value)]
    return Value(kind, value, span)


_WORD_KINDS = {bool: "boolean", datetime.time: "datetime", Decimal: "float", int: "integer"}
