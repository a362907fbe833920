"""The node and token types of the TOML syntax tree.

Why a tree of its own, in the spirit of rowan (rust-analyzer) and taplo:
the features need positions for everything, comments and blank lines
included, and they need them on broken text, which neither ``tomllib``
nor ``tomlkit`` gives. The tree is *lossless*: every character of the
source belongs to exactly one :class:`Token`, so the tokens, read in
order, give back the text byte for byte, and every node knows its
``(start, end)`` offsets.

The classes are plain ``__slots__`` objects, not dataclasses: a keystroke
in a 991-hand ``.phhs`` builds a few hundred thousand of them, and slots
with a hand-written ``__init__`` are the cheapest Python objects there are.
Treat them as immutable once :func:`~phh_lsp.core.syntax.parse` returns.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from phh_lsp.core.syntax.strings import decode_string, key_part_name
from phh_lsp.core.syntax.tokens import COMMENT, Token, TomlError
from phh_lsp.core.text import Span


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a tree is built.

    Why: a parse allocates hundreds of thousands of small objects and frees
    none, which makes the collector run over and over on a heap that only
    grows; that was more than half of an eager parse of the 800 KB ``.phhs``.
    The tree holds no reference cycles, so nothing is lost by waiting. Only
    re-enabled if it was enabled before (another thread may have paused it).
    """
    enabled = gc.isenabled()
    if enabled:
        gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class Node:
    """An inner node: a kind, its children (nodes and tokens, in source order)
    and the offsets from its first child's start to its last child's end."""

    __slots__ = ("children", "end", "kind", "start")
    kind: str
    children: list[Node | Token]
    start: int
    end: int

    def __init__(self, kind: str, children: list[Node | Token]) -> None:
        self.kind = kind
        self.children = children
        self.start = children[0].start
        self.end = children[-1].end

    @property
    def span(self) -> Span:
        """The node's offsets as a :class:`~phh_lsp.core.text.Span`."""
        return Span(self.start, self.end)

    def tokens(self) -> Iterator[Token]:
        """Every token under the node, in source order (without recursion,
        so a pathological nesting depth cannot overflow the stack)."""
        stack: list[Iterator[Node | Token]] = [iter(self.children)]
        while stack:
            for child in stack[-1]:
                if isinstance(child, Token):
                    yield child
                else:
                    stack.append(iter(child.children))
                    break
            else:
                stack.pop()

    def descendants(self) -> Iterator[Node]:
        """The node and every node under it, parents before children."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed([child for child in node.children if isinstance(child, Node)]))

    @property
    def text(self) -> str:
        """The node's source text, rebuilt from its tokens."""
        return "".join(token.text for token in self.tokens())

    def covering(self, offset: int) -> list[Node | Token]:
        """The path from this node down to the token at ``offset``.

        A token touching ``offset`` at its end counts when no token starts
        there, as an editor's cursor just after a word is "on" that word.
        """
        path: list[Node | Token] = [self]
        node: Node = self
        while True:
            chosen: Node | Token | None = None
            for child in node.children:
                if child.start <= offset < child.end:
                    chosen = child
                    break
                if child.end == offset and child.start < offset:
                    chosen = child
            if chosen is None:
                return path
            path.append(chosen)
            if isinstance(chosen, Token):
                return path
            node = chosen

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.kind!r}, {self.start}, {self.end})"


class Document(Node):
    """The root: statements, headers and trivia, flat as in the source.

    Tables are not nested under their headers: TOML is line oriented and a
    header only changes where the following pairs land, which
    :func:`~phh_lsp.core.syntax.check` works out.
    """

    __slots__ = ("checked", "source", "syntax_errors")

    def __init__(self, children: list[Node | Token], source: str, syntax_errors: list[TomlError]) -> None:
        self.kind = "document"
        self.children = children
        self.start = 0
        self.end = len(source)
        self.source = source
        #: Errors the grammar found (strings, numbers, dates, punctuation), in source order.
        self.syntax_errors = syntax_errors
        #: Cache for :func:`~phh_lsp.core.syntax.check` (value, all errors).
        self.checked: object = None

    def expand(self) -> None:
        """Build every lazy pair's nodes now (see
        :class:`~phh_lsp.core.syntax.parser.plain.LazyKeyValue`), with the
        garbage collector paused once for all of them, which is twice as
        fast as letting a walk build them one by one."""
        with gc_paused():
            for child in self.children:
                if isinstance(child, KeyValue):
                    child.expand()

    @property
    def text(self) -> str:
        """The source (what the tokens join to, without building them)."""
        return self.source

    def tokens(self) -> Iterator[Token]:
        """Every token of the document, in source order."""
        self.expand()
        return Node.tokens(self)

    def descendants(self) -> Iterator[Node]:
        """Every node of the document, parents before children."""
        self.expand()
        return Node.descendants(self)

    def statements(self) -> Iterator[Node]:
        """The headers, key/value pairs and error nodes at the top level."""
        for child in self.children:
            if isinstance(child, Node):
                yield child

    def comments(self) -> Iterator[Token]:
        """Every comment token, wherever it stands (arrays included)."""
        return (token for token in self.tokens() if token.kind == COMMENT)


class Key(Node):
    """A key, dotted or not: its part tokens (bare or quoted) with the dots
    and blanks between them among the children."""

    __slots__ = ("parts",)

    def __init__(self, children: list[Node | Token], parts: list[Token]) -> None:
        Node.__init__(self, "key", children)
        self.parts = parts

    def names(self) -> tuple[str, ...]:
        """The decoded parts: ``a."b.c"`` gives ``("a", "b.c")``."""
        return tuple(key_part_name(part) for part in self.parts)

    @property
    def dotted(self) -> str:
        """The key as written, blanks around dots removed (for messages)."""
        return ".".join(part.text for part in self.parts)


class TableHeader(Node):
    """A ``[a.b]`` header; ``key`` is None when the brackets hold none."""

    __slots__ = ("key",)

    def __init__(self, children: list[Node | Token], key: Key | None, kind: str = "table_header") -> None:
        Node.__init__(self, kind, children)
        self.key = key


class ArrayTableHeader(TableHeader):
    """A ``[[a.b]]`` header: opens one more table in the array ``a.b``."""

    __slots__ = ()

    def __init__(self, children: list[Node | Token], key: Key | None) -> None:
        TableHeader.__init__(self, children, key, "array_table_header")


class KeyValue(Node):
    """``key = value``; ``value`` is None when missing (an error is recorded)."""

    __slots__ = ("key", "value")

    def __init__(self, children: list[Node | Token], key: Key, value: Node | None) -> None:
        Node.__init__(self, "key_value", children)
        self.key = key
        self.value = value

    def expand(self) -> KeyValue:
        """The pair with its nodes built: itself (a lazy pair builds them,
        see :class:`~phh_lsp.core.syntax.parser.plain.LazyKeyValue`)."""
        return self


class ScalarValue(Node):
    """An integer, float, boolean or date/time: one token, kind as the token's."""

    __slots__ = ("token",)

    def __init__(self, token: Token) -> None:
        self.kind = token.kind
        self.children = [token]
        self.start = token.start
        self.end = token.end
        self.token = token


class StringValue(Node):
    """A string of one of the four kinds (``kind`` is the token's kind).

    ``value`` is the decoded content; ``offset_of(i)`` maps an index into it
    back to the source, which escapes, a multi-line string's trimmed first
    newline and its line-ending backslashes make irregular.
    """

    __slots__ = ("_decoded", "terminated", "token")

    def __init__(self, token: Token, terminated: bool) -> None:
        self.kind = token.kind
        self.children = [token]
        self.start = token.start
        self.end = token.end
        self.token = token
        #: False when the closing quote is missing (an error is recorded).
        self.terminated = terminated
        self._decoded: tuple[str, list[int] | None, int] | None = None

    def _decode(self) -> tuple[str, list[int] | None, int]:
        if self._decoded is None:
            self._decoded = decode_string(self.token, self.terminated)
        return self._decoded

    @property
    def value(self) -> str:
        """The content with escapes decoded (lenient on invalid escapes)."""
        return self._decode()[0]

    @property
    def offsets(self) -> list[int] | None:
        """The source offset of each content character plus one past the end,
        or None when content index ``i`` is at ``content_start + i``."""
        return self._decode()[1]

    @property
    def content_start(self) -> int:
        """The offset of the content's first character (after the quotes
        and, in a multi-line string, the trimmed first line break)."""
        return self._decode()[2]

    def offset_of(self, index: int) -> int:
        """The source offset of content character ``index`` (clamped; the
        content's length maps to the offset just past the content)."""
        value, offsets, content_start = self._decode()
        index = max(0, min(index, len(value)))
        if offsets is None:
            return content_start + index
        return offsets[index]

    def index_of(self, offset: int) -> int:
        """The content index of the character at source ``offset`` (the
        inverse of :meth:`offset_of`, clamped into the content)."""
        import bisect

        value, offsets, content_start = self._decode()
        if offsets is None:
            return max(0, min(offset - content_start, len(value)))
        return max(0, min(bisect.bisect_right(offsets, offset) - 1, len(value)))


class ArrayValue(Node):
    """``[ ... ]``: elements with the commas, blanks and comments between."""

    __slots__ = ("closed", "items")

    def __init__(self, children: list[Node | Token], items: list[Node], closed: bool) -> None:
        Node.__init__(self, "array", children)
        self.items = items
        #: False when the ``]`` is missing (the array ends where recovery put it).
        self.closed = closed


class InlineTable(Node):
    """``{ k = v, ... }``: its pairs with the commas and blanks between."""

    __slots__ = ("closed", "entries")

    def __init__(self, children: list[Node | Token], entries: list[KeyValue], closed: bool) -> None:
        Node.__init__(self, "inline_table", children)
        self.entries = entries
        self.closed = closed


class ErrorNode(Node):
    """Tokens the grammar could not place (an invalid value, a stray word);
    the matching :class:`TomlError` is in the document's errors."""

    __slots__ = ("message",)

    def __init__(self, children: list[Node | Token], message: str) -> None:
        Node.__init__(self, "error", children)
        self.message = message
