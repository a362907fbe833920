"""The PHH formatter: one canonical layout for ``.phh`` and ``.phhs`` text.

The style is the one of the PHH specification's examples (see
``docs/format.md``): fields in the spec's order, ``key = value``, actions
one per line, comments kept with what they describe. Two promises matter
more than the style itself, so they are checked on every call rather than
trusted: a document that does not parse as TOML is never touched
(``None``), and the output parses to the same values as the input
(action strings modulo whitespace). If that check ever fails the
formatter gives up (``None``) instead of corrupting the user's hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from phh_lsp.core import syntax
from phh_lsp.core.formatting.render import (
    normalize_action,
    render_key,
    render_key_value,
)
from phh_lsp.core.formatting.statements import (
    Array,
    Blank,
    Comment,
    Element,
    KeyValue,
    Scalar,
    Statement,
    Str,
    TableHeader,
    Value,
    Verbatim,
)
from phh_lsp.core.rules.schema import FIELD_ORDER
from phh_lsp.core.syntax.lexer import PLAIN_ARRAY_PART
from phh_lsp.core.syntax.tokens import (
    BASIC_STRING,
    COMMA,
    COMMENT,
    LITERAL_STRING,
    NEWLINE,
    R_BRACKET,
    WHITESPACE,
)

DEFAULT_LINE_WIDTH = 88
_BOM = "\ufeff"
_FIELD_RANK = {name: rank for rank, name in enumerate(FIELD_ORDER)}


def format_text(text: str, *, multi: bool, line_width: int = DEFAULT_LINE_WIDTH) -> str | None:
    """The formatted document, or ``None`` if ``text`` is not valid TOML.

    ``multi`` selects the ``.phhs`` layout (every ``[n]`` table is a hand).
    Line endings (CRLF or LF, decided by the first line) and a leading BOM
    are kept. Never raises.
    """
    try:
        return _format(text, multi=multi, line_width=line_width)
    except Exception:  # the formatter runs on save: it must never crash
        return None


def describe_toml_error(text: str) -> str | None:
    """``"line L, column C: message"`` for invalid TOML (the syntax tree's
    first error), ``None`` if valid."""
    text = text.removeprefix(_BOM)
    found = syntax.errors(syntax.parse(text, bom=False))
    if not found:
        return None
    first = min(found, key=lambda error: error.start)
    line_start = text.rfind("\n", 0, first.start) + 1
    line = text.count("\n", 0, line_start) + 1
    return f"line {line}, column {first.start - line_start + 1}: {first.message}"


def _values(text: str) -> dict[str, Any] | None:
    """The document's values (``Decimal`` floats), ``None`` if not valid TOML."""
    value, found = syntax.check(syntax.parse(text, bom=False))
    return None if found else value


def _format(text: str, *, multi: bool, line_width: int) -> str | None:
    bom = _BOM if text.startswith(_BOM) else ""
    text = text.removeprefix(_BOM)
    document = syntax.parse(text, bom=False)
    before, found = syntax.check(document)
    if found:
        return None
    first_newline = text.find("\n")
    crlf = first_newline > 0 and text[first_newline - 1] == "\r"
    lines: list[str] = []
    source = text.replace("\r\n", "\n")
    if source != text:
        document = syntax.parse(source, bom=False)
    for section in _sections(_statements(document, source), multi=multi):
        section_lines = _render_section(section, source, line_width)
        if lines and section_lines:
            lines.append("")
        lines.extend(section_lines)
    result = "\n".join(lines) + "\n" if lines else ""
    after = _values(result)
    if after is None or not same_values(before, after):
        return None
    if crlf:
        result = result.replace("\n", "\r\n")
    return bom + result


class _Unexpected(ValueError):
    """The tree holds something valid TOML cannot (the formatter gives up)."""


def _statements(document: syntax.Document, source: str) -> list[Statement]:
    """The statements of a valid document, line by line: each key/value or
    header with the comment that ends its line, own-line comments, blanks.
    Spans run from the line's start to past its line break."""
    statements: list[Statement] = []
    line_start = 0
    node: syntax.Node | None = None
    comment: str | None = None
    for child in document.children:
        if isinstance(child, syntax.Token):
            kind = child.kind
            if kind == NEWLINE:
                statements.append(_statement(node, comment, (line_start, child.end), source))
                node, comment, line_start = None, None, child.end
            elif kind == COMMENT:
                comment = child.text.rstrip()
            elif kind != WHITESPACE:
                raise _Unexpected(kind)
        elif node is None and comment is None:
            node = child
        else:
            raise _Unexpected(child.kind)
    if node is not None or comment is not None:
        statements.append(_statement(node, comment, (line_start, len(source)), source))
    return statements


def _statement(node: syntax.Node | None, comment: str | None, span: tuple[int, int], source: str) -> Statement:
    if node is None:
        return Blank(span) if comment is None else Comment(comment, span)
    if isinstance(node, syntax.LazyKeyValue):
        # A plain line (bare key; a string without escapes, a number, a
        # boolean, a time, or a flat array of those): read without building
        # its nodes.
        kind = node.value_kind
        value: Value
        if kind == "array":
            value = _plain_array(source, node.value_start, node.end)
        elif kind in (BASIC_STRING, LITERAL_STRING):
            raw = source[node.value_start : node.end]
            value = Str(raw, kind == LITERAL_STRING, raw[1:-1])
        else:
            value = Scalar(source[node.value_start : node.end])
        return KeyValue((node.name,), node.name, value, comment, span)
    if isinstance(node, syntax.KeyValue):
        return KeyValue(node.key.names(), node.key.text, _value(node.value), comment, span)
    if isinstance(node, syntax.TableHeader) and node.key is not None:
        array = isinstance(node, syntax.ArrayTableHeader)
        return TableHeader(node.key.names(), node.text, array, comment, span)
    raise _Unexpected(node.kind)


def _value(node: syntax.Node | None) -> Value:
    if isinstance(node, syntax.ArrayValue):
        return _array(node)
    if isinstance(node, syntax.StringValue) and node.kind in (BASIC_STRING, LITERAL_STRING):
        return Str(node.token.text, node.kind == LITERAL_STRING, node.value)
    if isinstance(node, syntax.ScalarValue):
        return Scalar(node.token.text)
    if isinstance(node, (syntax.StringValue, syntax.InlineTable)):
        return Verbatim(node.text)  # multi-line strings, inline tables
    raise _Unexpected("no value" if node is None else node.kind)


def _array(node: syntax.ArrayValue) -> Array:
    """The array's elements, each with the comment that ends its line, and
    the comments and blank lines between them. Nested arrays are kept
    verbatim."""
    parts: list[tuple[str, str, Value | None]] = []
    for child in node.children[1:]:
        if isinstance(child, syntax.Token):
            parts.append((child.kind, child.text, None))
        else:
            value = Verbatim(child.text) if isinstance(child, syntax.ArrayValue) else _value(child)
            parts.append(("value", "", value))
    return _array_of(node.text, parts)


def _plain_array(source: str, start: int, end: int) -> Array:
    """:func:`_array` for the flat array of a plain line, read with the
    tree's own lexer for such arrays (building its nodes costs more than
    the rest of formatting a ``.phhs``)."""
    parts: list[tuple[str, str, Value | None]] = []
    for part in PLAIN_ARRAY_PART.finditer(source, start + 1, end - 1):
        group = part.lastgroup or ""
        if group == WHITESPACE:
            continue
        text = part.group()
        if group in (BASIC_STRING, LITERAL_STRING):
            parts.append(("value", "", Str(text, group == LITERAL_STRING, text[1:-1])))
        elif group == "bare":
            parts.append(("value", "", Scalar(text)))
        else:  # the lexer's group names are the token kinds, but for ","
            parts.append((COMMA if group == "comma" else group, text, None))
    parts.append((R_BRACKET, "]", None))
    return _array_of(source[start:end], parts)


def _array_of(raw: str, parts: list[tuple[str, str, Value | None]]) -> Array:
    """An array from its pieces after the ``[``: tokens as (kind, text,
    None), elements as ("value", "", value)."""
    items: list[Element | Comment | Blank] = []
    opening: str | None = None
    first_line = True
    line_has_content = True
    last_on_line: int | None = None  # index in items of this line's last element
    for kind, text, value in parts:
        if kind == WHITESPACE:
            continue
        if kind == NEWLINE:
            if not line_has_content:
                items.append(Blank())
            first_line, line_has_content, last_on_line = False, False, None
            continue
        line_has_content = True
        if value is not None:
            items.append(Element(value))
            last_on_line = len(items) - 1
        elif kind == COMMENT:
            comment = text.rstrip()
            if last_on_line is not None:
                element = items[last_on_line]
                assert isinstance(element, Element)
                items[last_on_line] = Element(element.value, comment)
            elif first_line and not items:
                opening = comment
            else:
                items.append(Comment(comment))
        elif kind == R_BRACKET:
            break
        elif kind != COMMA:
            raise _Unexpected(kind)
    return Array(raw, tuple(items), opening)


@dataclass
class _Section:
    """A table (or the root): the comments above its header, then its body."""

    header: TableHeader | None
    formatted: bool
    above: list[Comment] = field(default_factory=list)
    body: list[Statement] = field(default_factory=list)


def _sections(statements: list[Statement], *, multi: bool) -> list[_Section]:
    """Split at table headers; ``[n]`` tables of a ``.phhs`` are hands.

    A comment block directly above a header (no blank line between) moves
    to that header's section: it describes the table, not the keys above.
    """
    sections = [_Section(header=None, formatted=True)]
    for statement in statements:
        if isinstance(statement, TableHeader):
            previous = sections[-1].body
            above: list[Comment] = []
            while previous and isinstance(previous[-1], Comment):
                above.insert(0, previous.pop())  # type: ignore[arg-type]
            hand = multi and not statement.array and len(statement.key) == 1
            sections.append(_Section(statement, hand, above))
        else:
            sections[-1].body.append(statement)
    return sections


def _comment_lines(items: list[Statement]) -> list[str]:
    """Comments and blank lines, runs of blanks collapsed, none at the ends."""
    lines: list[str] = []
    for item in items:
        if isinstance(item, Comment):
            lines.append(item.text)
        elif lines and lines[-1]:
            lines.append("")
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _render_section(section: _Section, source: str, width: int) -> list[str]:
    lines = [comment.text for comment in section.above]
    header = section.header
    if header is not None and not section.formatted:
        # A table the style does not describe: kept exactly as written.
        kept = [s for s in section.body if not isinstance(s, Blank)]
        end = max([header.span[1]] + [s.span[1] for s in kept])
        return lines + source[header.span[0] : end].rstrip("\n").split("\n")
    if header is not None:
        title = "[" + render_key(header.key, header.raw[1:-1].strip()) + "]"
        lines.append(f"{title}  {header.comment}" if header.comment else title)
    return lines + _render_hand(section.body, width)


def _split_header_block(
    leading: list[Statement],
) -> tuple[list[Statement], list[Statement]]:
    """The header comment block and the comments attached to the first key.

    Comments followed by a blank line are the header; those directly above
    the first key go with it, unless no blank line separates anything, in
    which case all of them are the header (they stay first either way).
    """
    seen_comment = False
    split = -1
    for index, item in enumerate(leading):
        if isinstance(item, Comment):
            seen_comment = True
        elif seen_comment:
            split = index
    if split < 0:
        return leading, []
    return leading[:split], leading[split + 1 :]


def _rank(entry: KeyValue, position: int) -> tuple[int, int]:
    """Spec fields in the spec's order, then ``_`` fields, then the rest."""
    name = entry.key[0]
    if len(entry.key) == 1 and name in _FIELD_RANK:
        return 0, _FIELD_RANK[name]
    return (1 if name.startswith("_") else 2), position


def _render_hand(body: list[Statement], width: int) -> list[str]:
    """One hand's keys in the style's order, each with its comments."""
    first = next((i for i, s in enumerate(body) if isinstance(s, KeyValue)), None)
    if first is None:
        return _comment_lines(body)
    header, pending = _split_header_block(body[:first])
    entries: list[tuple[KeyValue, list[str]]] = []
    for statement in body[first:]:
        if isinstance(statement, KeyValue):
            entries.append((statement, _comment_lines(pending)))
            pending = []
        else:
            pending.append(statement)
    ranked = sorted(enumerate(entries), key=lambda pair: _rank(pair[1][0], pair[0]))
    lines = _comment_lines(header)
    if not lines and ranked and ranked[0][1][1]:
        # Comments that end up above the first key read as the header, and
        # would be taken for it when the output is formatted again: lay
        # them out as one now, so formatting twice changes nothing.
        position, (entry, comments) = ranked[0]
        lines, ranked[0] = list(comments), (position, (entry, []))
    if lines:
        lines.append("")
    for _position, (entry, comments) in ranked:
        lines.extend(comments)
        actions = entry.key == ("actions",)
        lines.extend(render_key_value(entry, actions=actions, width=width))
    trailing = _comment_lines(pending)
    if trailing and isinstance(pending[0], Blank):
        lines.append("")
    return lines + trailing


def _normalized(value: Any) -> Any:
    """Values with every ``actions`` string list normalised (whitespace)."""
    if isinstance(value, dict):
        return {
            key: (
                [normalize_action(a) if isinstance(a, str) else a for a in item]
                if key == "actions" and isinstance(item, list)
                else _normalized(item)
            )
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_normalized(item) for item in value]
    return value


def _equal(left: Any, right: Any) -> bool:
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_equal(left[key], right[key]) for key in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_equal, left, right))
    if type(left) is not type(right):
        return False
    # NaN (a float, or a Decimal with parse_float=Decimal) is not equal to itself.
    return bool(left == right) or (left != left and right != right)


def same_values(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether two parsed documents hold the same data, action whitespace
    aside (what the formatter promises to keep). Works on ``tomllib``
    output with float or ``Decimal`` numbers; NaN equals NaN here."""
    return _equal(_normalized(before), _normalized(after))
