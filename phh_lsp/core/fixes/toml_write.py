"""Changes to a hand's fields, written by tomlkit, returned as minimal edits.

Why tomlkit: it round-trips a document byte for byte, so a change touches
only the value it changes and every comment, blank line, quote style and
line ending elsewhere survives, without our own splicing rules for each
kind of edit (one writer for every fix the product makes). Why edits and
not the new text: editors keep the cursor and undo history of untouched
lines (see :mod:`phh_lsp.core.fixes.text_edits`).

tomlkit has bugs at the edges (appending after an element that carries a
comment used to write the new element into the comment), so the result
is checked: it must parse with ``tomllib`` and hold exactly the old
values with the changes applied. A change that cannot be made, or a
result that fails the check, gives no edits at all rather than a guess.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeAlias

import tomlkit
from tomlkit.container import Container
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import Array, Comment, Item, KeyType, SingleKey, String, Table, Whitespace

from phh_lsp.core.fixes.text_edits import TextEdit, minimal_edits
from phh_lsp.core.rules.schema import FIELD_ORDER
from phh_lsp.core.text import line_ending

#: A value a change writes; arrays are tuples so that changes stay hashable.
Value: TypeAlias = "bool | int | Decimal | str | tuple[Value, ...]"


@dataclass(frozen=True, slots=True)
class SetField:
    """Give an existing field a new value (its comment and quote style stay)."""

    name: str
    value: Value


@dataclass(frozen=True, slots=True)
class AddField:
    """Add a missing field where the spec's field order puts it."""

    name: str
    value: Value


@dataclass(frozen=True, slots=True)
class RemoveField:
    """Remove a field, its value and its line(s)."""

    name: str


@dataclass(frozen=True, slots=True)
class RenameKey:
    """Rename a field's key, keeping its value and its key's quoting."""

    name: str
    new: str


@dataclass(frozen=True, slots=True)
class SetElement:
    """Replace one element of an array field."""

    name: str
    index: int
    value: Value


@dataclass(frozen=True, slots=True)
class AppendElements:
    """Add elements at the end of an array field."""

    name: str
    values: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class RemoveElement:
    """Remove one element of an array field (an empty action)."""

    name: str
    index: int


@dataclass(frozen=True, slots=True)
class TruncateArray:
    """Keep only the first ``length`` elements of an array field."""

    name: str
    length: int


@dataclass(frozen=True, slots=True)
class InsertText:
    """Insert ``text`` at ``offset`` of the hand's text, as it is.

    The one change not written by tomlkit: it repairs the TOML itself (a
    missing quote, comma or ``]``), where there is no document for tomlkit
    to read yet. It is never combined with the others in one round.
    """

    offset: int
    text: str


Change: TypeAlias = (
    SetField
    | AddField
    | RemoveField
    | RenameKey
    | SetElement
    | AppendElements
    | RemoveElement
    | TruncateArray
    | InsertText
)


class _Refused(Exception):
    """A change that cannot be made on this document."""


def render(value: Value) -> str:
    """A value as TOML text: ``2000``, ``0.125``, ``inf``, ``"NT"``, ``[0, 0]``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        return ("inf" if value > 0 else "-inf") if value.is_infinite() else format(value, "f")
    if isinstance(value, str):
        return tomlkit.string(value).as_string()
    if isinstance(value, tuple):
        return "[" + ", ".join(render(item) for item in value) + "]"
    return str(value)


def field_edits(text: str, changes: Sequence[Change], in_table: bool = False) -> list[TextEdit] | None:
    """The minimal edits that make ``changes`` to a hand's fields; None when
    they cannot be made (the text is not valid TOML, a field is missing...).

    ``in_table``: the hand is one of a ``.phhs`` file, its text starting with
    its ``[N]`` header, and its fields are that table's.
    """
    inserts = [change for change in changes if isinstance(change, InsertText)]
    if inserts:
        offsets = [change.offset for change in inserts]
        fits = len(inserts) == len(changes) and len(set(offsets)) == len(offsets)
        if not fits or not all(0 <= offset <= len(text) for offset in offsets):
            return None
        inserts.sort(key=lambda change: change.offset)
        return [TextEdit(change.offset, change.offset, change.text) for change in inserts]
    new = rewrite(text, changes, in_table)
    return None if new is None else minimal_edits(text, new)


def rewrite(text: str, changes: Sequence[Change], in_table: bool = False) -> str | None:
    """The hand's text with ``changes`` made by tomlkit, or None (see :func:`field_edits`)."""
    try:
        document = tomlkit.parse(text)
        expected = tomllib.loads(text, parse_float=Decimal)
        container, path = _fields(document, in_table)
        fields = _at(expected, path)
        newline = line_ending(text)
        for change in changes:
            _apply(container, change, newline)
            _apply_plain(fields, change)
        new = document.as_string()
        if not _same(tomllib.loads(new, parse_float=Decimal), expected):
            return None
    except (TOMLKitError, tomllib.TOMLDecodeError, _Refused, KeyError, IndexError, TypeError, ValueError):
        return None
    return new


def _same(left: Any, right: Any) -> bool:
    """Equal values, ``nan`` equal to ``nan`` (a hand may hold one elsewhere)."""
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_same(left[key], right[key]) for key in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(_same(a, b) for a, b in zip(left, right, strict=True))
    if isinstance(left, Decimal) and isinstance(right, Decimal) and left.is_nan() and right.is_nan():
        return True
    if isinstance(left, bool) or isinstance(right, bool):
        return left is right
    return bool(left == right)


def _fields(document: tomlkit.TOMLDocument, in_table: bool) -> tuple[Container, list[str]]:
    """The container holding the hand's fields, and its path of keys."""
    if not in_table:
        return document, []
    container: Container = document
    path: list[str] = []
    while True:
        tables = [(key, item) for key, item in container.body if key is not None]
        key, table = tables[0] if len(tables) == 1 else (None, None)
        if key is None or not isinstance(table, Table):
            raise _Refused("a .phhs hand is one table")
        container, path = table.value, [*path, key.key]
        if not table.is_super_table():
            return container, path


def _at(data: dict[str, Any], path: list[str]) -> dict[str, Any]:
    for key in path:
        data = data[key]
    return data


def _index(container: Container, name: str) -> int:
    """The body index of the plain key ``name`` (not a table, not dotted)."""
    for index, (key, item) in enumerate(container.body):
        if isinstance(key, SingleKey) and key.key == name and not isinstance(item, Table):
            return index
    raise _Refused(f"no field {name}")


def _array(container: Container, name: str) -> Array:
    item = container.body[_index(container, name)][1]
    if not isinstance(item, Array):
        raise _Refused(f"{name} is not an array")
    return item


def _item(value: Value, like: Item | None = None) -> Item:
    """A tomlkit item for ``value``; a string keeps the quote style of ``like``."""
    if isinstance(value, str) and isinstance(like, String):
        try:
            return tomlkit.string(value, literal=like.type.is_literal(), multiline=like.type.is_multiline())
        except (TOMLKitError, ValueError):  # not writable as a literal string: write a basic one
            pass
    return tomlkit.value(render(value))


def _apply(container: Container, change: Change, newline: str) -> None:
    """Make one change on the tomlkit container."""
    if isinstance(change, SetField):
        old = container.body[_index(container, change.name)][1]
        container[change.name] = _item(change.value, old)
    elif isinstance(change, AddField):
        _add(container, change.name, _item(change.value), newline)
    elif isinstance(change, RemoveField):
        _index(container, change.name)
        del container[change.name]  # tomlkit's Container.remove (a key, not a file)
    elif isinstance(change, RenameKey):
        _rename(container, change.name, change.new)
    elif isinstance(change, SetElement):
        array = _array(container, change.name)
        array[change.index] = _item(change.value, array[change.index])
    elif isinstance(change, AppendElements):
        array = _array(container, change.name)
        for value in change.values:
            _append(array, _item(value))
    elif isinstance(change, RemoveElement):
        del _array(container, change.name)[change.index]
    elif isinstance(change, TruncateArray):
        array = _array(container, change.name)
        while len(array) > change.length:
            del array[len(array) - 1]
    else:
        raise _Refused("text insertions are not made through tomlkit")


def _apply_plain(fields: dict[str, Any], change: Change) -> None:
    """Make the same change on tomllib's plain values: what the result must read as."""
    if isinstance(change, SetField | AddField):
        fields[change.name] = _plain(change.value)
    elif isinstance(change, RemoveField):
        del fields[change.name]
    elif isinstance(change, RenameKey):
        fields[change.new] = fields.pop(change.name)
    elif isinstance(change, SetElement):
        fields[change.name][change.index] = _plain(change.value)
    elif isinstance(change, AppendElements):
        fields[change.name].extend(_plain(value) for value in change.values)
    elif isinstance(change, RemoveElement):
        del fields[change.name][change.index]
    elif isinstance(change, TruncateArray):
        del fields[change.name][change.length :]


def _plain(value: Value) -> Any:
    return [_plain(item) for item in value] if isinstance(value, tuple) else value


def _add(container: Container, name: str, item: Item, newline: str) -> None:
    """Insert ``name = item`` before the next field in the spec's order that
    the hand has, or else after its last field."""
    body = container.body
    if any(isinstance(key, SingleKey) and key.key == name for key, _ in body):
        raise _Refused(f"{name} is already there")
    rank = {field: position for position, field in enumerate(FIELD_ORDER)}
    later = [
        (rank[key.key], index)
        for index, (key, value) in enumerate(body)
        if isinstance(key, SingleKey)
        and rank.get(key.key, -1) > rank.get(name, len(rank))
        and not isinstance(value, Table)
    ]
    fields = [index for index, (key, value) in enumerate(body) if key is not None and not isinstance(value, Table)]
    if later:
        at = _above_comments(body, min(later)[1])
        neighbour = body[min(later)[1]][1]
    elif fields:
        at, neighbour = fields[-1] + 1, body[fields[-1]][1]
    else:
        at, neighbour = 0, None
    item.trivia.indent = neighbour.trivia.indent if neighbour is not None else ""
    item.trivia.trail = newline
    if at > 0:
        previous = body[at - 1][1]
        if not isinstance(previous, Whitespace) and not previous.trivia.trail.endswith("\n"):
            previous.trivia.trail += newline
            if at == len(body):  # the text ended without a line break: so does the result
                item.trivia.trail = ""
    if at < len(body):
        container._insert_at(at, name, item)
    else:
        container.append(name, item)


def _above_comments(body: list[tuple[Any, Item]], index: int) -> int:
    """Where to insert before the field at ``index``: above the comment lines
    directly over it when they stand between two fields (they describe it),
    below them when they open the hand (they describe the whole hand)."""
    start = index
    while start > 0 and body[start - 1][0] is None and isinstance(body[start - 1][1], Comment):
        start -= 1
    return start if start != index and start > 0 and body[start - 1][0] is not None else index


def _rename(container: Container, name: str, new: str) -> None:
    index = _index(container, name)
    key = container.body[index][0]
    assert isinstance(key, SingleKey)
    if any(other is not None and other.key == new for other, _ in container.body):
        raise _Refused(f"{new} is already there")
    written = key.as_string()
    spacing = written[len(written.rstrip()) :]
    bare = bool(new) and all(char.isascii() and (char.isalnum() or char in "-_") for char in new)
    kind = key.t if bare or not key.is_bare() else KeyType.Basic
    quoted = SingleKey(new, t=kind).as_string()
    container._replace(key, SingleKey(new, t=kind, sep=key.sep, original=quoted + spacing), container.body[index][1])


def _append(array: Array, item: Item) -> None:
    """Append to an array; after an element followed by a comment, on a new
    line (tomlkit's own ``append`` would write the element into the comment)."""
    groups = array._value
    last = next((group for group in reversed(groups) if group.value is not None or group.comment), None)
    if last is None or last.comment is None:
        array.append(item)
        return
    indents = [
        group.indent.s
        for group in groups
        if group.value is not None and group.indent is not None and "\n" in group.indent.s
    ]
    line_break = "\r\n" if indents and "\r\n" in indents[-1] else "\n"
    indent = indents[-1].rsplit("\n", 1)[1] if indents else "  "
    array.add_line(item, indent=line_break + indent, newline=False)
