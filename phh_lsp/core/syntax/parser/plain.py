"""The plain lines nearly every PHH line is, and the shortcut they take.

A ``key = value`` line with a bare key and a plain value (strings without
escapes, plain numbers, booleans, times of day, flat arrays of those) is
recognised whole by :data:`~phh_lsp.core.syntax.lexer.PLAIN_PAIR`, which
proves it valid. The parser then leaves it a :class:`LazyKeyValue`, or
builds its nodes here at once (:func:`plain_pair`), without the general
grammar's token-by-token lexing; a flat array anywhere takes
:func:`plain_array`. The nodes are exactly the general grammar's (the
tests hold them to it).
"""

from __future__ import annotations

from typing import Final

from phh_lsp.core.syntax.lexer import PLAIN_ARRAY_PART
from phh_lsp.core.syntax.tokens import (
    BARE_KEY,
    BASIC_STRING,
    BOOLEAN,
    COMMA,
    COMMENT,
    EQUALS,
    FLOAT,
    INTEGER,
    L_BRACKET,
    LITERAL_STRING,
    LOCAL_TIME,
    NEWLINE,
    R_BRACKET,
    WHITESPACE,
    Token,
)
from phh_lsp.core.syntax.tree import ArrayValue, Key, KeyValue, Node, ScalarValue, StringValue, gc_paused

_STRING_KIND: Final = {"'": LITERAL_STRING, '"': BASIC_STRING}
#: The pieces of a plain array (PLAIN_ARRAY_PART's groups) that are no value.
_PIECE_KIND: Final = {"whitespace": WHITESPACE, "comma": COMMA, "newline": NEWLINE, "comment": COMMENT}


def plain_kind(text: str, start: int, end: int) -> str:
    """The kind of a plain value (see ``PLAIN_PAIR``) from its first character."""
    first = text[start]
    if first == "[":
        return "array"
    if first == "'":
        return LITERAL_STRING
    if first == '"':
        return BASIC_STRING
    if first == "t" or first == "f":
        return BOOLEAN
    if text.find(":", start, end) >= 0:
        return LOCAL_TIME
    if text.find(".", start, end) >= 0:
        return FLOAT
    return INTEGER


def plain_pair(text: str, start: int, value_start: int, end: int) -> KeyValue:
    """The eager node of the pair PLAIN_PAIR has proved plain at ``start``,
    value at ``value_start:end``: the nodes
    :meth:`~phh_lsp.core.syntax.parser.keys.KeyRules.key_value` builds,
    without its general lexing."""
    equals = text.index("=", start, value_start)
    key_end = equals
    while text[key_end - 1] in " \t":
        key_end -= 1
    part = Token(BARE_KEY, start, key_end, text[start:key_end])
    key = Key([part], [part])
    children: list[Node | Token] = [key]
    if key_end < equals:
        children.append(Token(WHITESPACE, key_end, equals, text[key_end:equals]))
    children.append(Token(EQUALS, equals, equals + 1, "="))
    if equals + 1 < value_start:
        children.append(Token(WHITESPACE, equals + 1, value_start, text[equals + 1 : value_start]))
    raw = text[value_start:end]
    value: Node
    first = raw[0]
    if first == "[":
        value = plain_array(text, value_start, end)
    elif first == "'" or first == '"':
        value = StringValue(Token(_STRING_KIND[first], value_start, end, raw), True)
    else:
        value = ScalarValue(Token(plain_kind(text, value_start, end), value_start, end, raw))
    children.append(value)
    return KeyValue(children, key, value)


def plain_array(text: str, start: int, end: int) -> ArrayValue:
    """The array PLAIN_ARRAY has proved valid and flat at ``start:end``:
    its pieces are read in one pass, without the general loop's checks
    (the nodes are the ones
    :meth:`~phh_lsp.core.syntax.parser.arrays.ArrayRules.array` would build)."""
    children: list[Node | Token] = [Token(L_BRACKET, start, start + 1, "[")]
    items: list[Node] = []
    add_child = children.append
    add_item = items.append
    kinds = _PIECE_KIND
    for part in PLAIN_ARRAY_PART.finditer(text, start + 1, end - 1):
        group = part.lastgroup or "error"
        pos, stop = part.span()
        if group == "literal_string" or group == "basic_string":
            node: Node = StringValue(Token(group, pos, stop, text[pos:stop]), True)
        elif group == "bare":
            node = ScalarValue(Token(plain_kind(text, pos, stop), pos, stop, text[pos:stop]))
        else:
            add_child(Token(kinds[group], pos, stop, text[pos:stop]))
            continue
        add_child(node)
        add_item(node)
    add_child(Token(R_BRACKET, end - 1, end, "]"))
    return ArrayValue(children, items, True)


class LazyKeyValue(KeyValue):
    """A ``key = value`` line in the plain form nearly every PHH line has
    (bare key; strings without escapes, plain numbers, booleans, times of
    day, flat arrays of those), recognised whole by one regular expression.

    Why lazy: a keystroke in a 991-hand ``.phhs`` re-parses 20,000 such
    lines, and building their 250,000 tokens is most of a parse. The regular
    expression already proves the line valid, so the verdict and the values
    need only the name and the value's text; the children, key and value
    nodes are built on first access, by the same parser, so they are
    exactly the nodes an eager parse gives.
    """

    __slots__ = ("_expanded", "name", "source", "value_kind", "value_start")

    def __init__(self, source: str, start: int, end: int, name: str, value_start: int, value_kind: str) -> None:
        self.kind = "key_value"
        self.start = start
        self.end = end
        self.source = source
        #: The (bare) key.
        self.name = name
        #: Where the value starts; it ends at ``end``.
        self.value_start = value_start
        #: "array", or the scalar's token kind (``literal_string``, ``integer``, ...).
        self.value_kind = value_kind
        self._expanded: KeyValue | None = None

    def expand(self) -> KeyValue:
        """The eager node for the same text (built once)."""
        if self._expanded is None:
            with gc_paused():
                self._expanded = plain_pair(self.source, self.start, self.value_start, self.end)
        return self._expanded

    @property
    def children(self) -> list[Node | Token]:
        """The key, blanks, ``=`` and value nodes (built on first access)."""
        return self.expand().children

    @children.setter
    def children(self, value: list[Node | Token]) -> None:
        raise AttributeError("a lazy node's children are read-only")

    @property
    def key(self) -> Key:
        """The key node (built on first access)."""
        return self.expand().key

    @key.setter
    def key(self, value: Key) -> None:
        raise AttributeError("a lazy node's key is read-only")

    @property
    def value(self) -> Node | None:
        """The value node (built on first access)."""
        return self.expand().value

    @value.setter
    def value(self, value: Node | None) -> None:
        raise AttributeError("a lazy node's value is read-only")
