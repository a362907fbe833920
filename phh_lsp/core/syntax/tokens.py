"""The leaves of the TOML syntax tree: token kinds, tokens and errors.

Why a module of its own: the lexer's strings (:mod:`phh_lsp.core.syntax.strings`),
the tree's nodes (:mod:`phh_lsp.core.syntax.tree`) and the parser
(:mod:`phh_lsp.core.syntax.parser`) all speak of tokens and errors, and
these depend on nothing, so each of those can import them without importing
the others.
"""

from __future__ import annotations

from typing import Final

from phh_lsp.core.text import Span

# Token kinds. Strings rather than an Enum: they compare by identity in the
# parser's hot loop and print readably in tests.
WHITESPACE: Final = "whitespace"
NEWLINE: Final = "newline"
COMMENT: Final = "comment"
BOM: Final = "bom"
BARE_KEY: Final = "bare_key"
BASIC_STRING: Final = "basic_string"
LITERAL_STRING: Final = "literal_string"
ML_BASIC_STRING: Final = "ml_basic_string"
ML_LITERAL_STRING: Final = "ml_literal_string"
#: A run of value characters (``123``, ``true``, ``1979-05-27 07:32:00``) before it is classified.
BARE: Final = "bare"
INTEGER: Final = "integer"
FLOAT: Final = "float"
BOOLEAN: Final = "boolean"
OFFSET_DATE_TIME: Final = "offset_date_time"
LOCAL_DATE_TIME: Final = "local_date_time"
LOCAL_DATE: Final = "local_date"
LOCAL_TIME: Final = "local_time"
L_BRACKET: Final = "["
R_BRACKET: Final = "]"
L_BRACE: Final = "{"
R_BRACE: Final = "}"
COMMA: Final = ","
EQUALS: Final = "="
DOT: Final = "."
#: Text that fits nowhere (a stray ``@``, a control character, a lone surrogate).
ERROR: Final = "error"

#: Tokens that carry no meaning: what formatters and folding look at, what the grammar skips.
TRIVIA: Final = frozenset({WHITESPACE, NEWLINE, COMMENT, BOM})
STRING_KINDS: Final = frozenset({BASIC_STRING, LITERAL_STRING, ML_BASIC_STRING, ML_LITERAL_STRING})
DATE_TIME_KINDS: Final = frozenset({OFFSET_DATE_TIME, LOCAL_DATE_TIME, LOCAL_DATE, LOCAL_TIME})


class TomlError:
    """One mistake in the text: a message and the offsets it concerns.

    Not an exception: the tree collects these and keeps going, and the
    front ends turn them into diagnostics.
    """

    __slots__ = ("duplicate_key", "end", "message", "slip", "start")

    def __init__(
        self, message: str, start: int, end: int, duplicate_key: bool = False, slip: str | None = None
    ) -> None:
        self.message = message
        self.start = start
        self.end = end
        #: A key defined twice in one table (the analysis reports a field
        #: written twice in its own words, so it needs to know which these are).
        self.duplicate_key = duplicate_key
        #: A slip the analysis explains in a field's own words (an array's
        #: ``"missing-comma"`` before an element, its ``"unclosed-array"``
        #: ``[``), never told apart by the message's wording.
        self.slip = slip

    @property
    def span(self) -> Span:
        """The offsets as the core's :class:`~phh_lsp.core.text.Span`."""
        return Span(self.start, self.end)

    def __repr__(self) -> str:
        return f"TomlError({self.message!r}, {self.start}, {self.end})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TomlError):
            return NotImplemented
        return (self.message, self.start, self.end) == (other.message, other.start, other.end)

    def __hash__(self) -> int:
        return hash((self.message, self.start, self.end))


class Token:
    """A leaf: one piece of the source text with its kind and offsets."""

    __slots__ = ("end", "kind", "start", "text")

    def __init__(self, kind: str, start: int, end: int, text: str) -> None:
        self.kind = kind
        self.start = start
        self.end = end
        self.text = text

    @property
    def span(self) -> Span:
        """The token's offsets as a :class:`~phh_lsp.core.text.Span`."""
        return Span(self.start, self.end)

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.start}, {self.end}, {self.text!r})"
