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

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from phh_lsp.core.document import has_long_dotted_key
from phh_lsp.core.formatting_render import (
    normalize_action,
    render_key,
    render_key_value,
)
from phh_lsp.core.formatting_scan import (
    Blank,
    Comment,
    KeyValue,
    Statement,
    TableHeader,
    scan,
)
from phh_lsp.core.schema import FIELD_ORDER

DEFAULT_LINE_WIDTH = 88
_BOM = "\ufeff"
_FIELD_RANK = {name: rank for rank, name in enumerate(FIELD_ORDER)}
_ERROR_AT = re.compile(r"^(?P<message>.*) \(at line (?P<line>\d+), column (?P<col>\d+)\)$")


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
    """``"line L, column C: message"`` for invalid TOML, ``None`` if valid."""
    try:
        tomllib.loads(text.removeprefix(_BOM))
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _ERROR_AT.match(message)
        if found:
            line, col = found.group("line"), found.group("col")
            return f"line {line}, column {col}: {found.group('message')}"
        lines = text.replace("\r\n", "\n").split("\n")
        where = f"line {len(lines)}, column {len(lines[-1]) + 1}"
        return f"{where}: {message.replace(' (at end of document)', '')}"
    return None


def _format(text: str, *, multi: bool, line_width: int) -> str | None:
    bom = _BOM if text.startswith(_BOM) else ""
    text = text.removeprefix(_BOM)
    if has_long_dotted_key(text):
        return None  # not a PHH hand, and tomllib would stall on it
    try:
        before = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None
    first_newline = text.find("\n")
    crlf = first_newline > 0 and text[first_newline - 1] == "\r"
    lines: list[str] = []
    source = text.replace("\r\n", "\n")
    for section in _sections(scan(source), multi=multi):
        section_lines = _render_section(section, source, line_width)
        if lines and section_lines:
            lines.append("")
        lines.extend(section_lines)
    result = "\n".join(lines) + "\n" if lines else ""
    if not same_values(before, tomllib.loads(result)):
        return None
    if crlf:
        result = result.replace("\n", "\r\n")
    return bom + result


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
