"""What one parse carries from production to production: the text, where
the parser stands, the errors so far.

Why a base class: the productions call one another across modules (a
value may be an array, whose elements are values; an inline table holds
key/value pairs, whose values may be inline tables). Each production
module adds its methods to :class:`Cursor` in a class of its own, and
:mod:`~phh_lsp.core.syntax.parser.document` combines them into the parser,
so the modules never import one another. The methods below that only
raise are the productions a module may call in another; the combined
parser has them all.
"""

from __future__ import annotations

import re
from typing import Final

from phh_lsp.core.syntax.tokens import (
    BARE,
    BARE_KEY,
    BASIC_STRING,
    COMMA,
    COMMENT,
    DOT,
    EQUALS,
    ERROR,
    L_BRACE,
    L_BRACKET,
    LITERAL_STRING,
    ML_BASIC_STRING,
    ML_LITERAL_STRING,
    NEWLINE,
    R_BRACE,
    R_BRACKET,
    WHITESPACE,
    Token,
    TomlError,
)
from phh_lsp.core.syntax.tree import ArrayValue, InlineTable, KeyValue, Node

#: Lexer group name -> token kind.
TOKEN_KIND: Final = {
    "whitespace": WHITESPACE,
    "newline": NEWLINE,
    "cr": NEWLINE,
    "comment": COMMENT,
    "comment_bad": COMMENT,
    "bare_key": BARE_KEY,
    "bare": BARE,
    "dot": DOT,
    "l_bracket": L_BRACKET,
    "r_bracket": R_BRACKET,
    "l_brace": L_BRACE,
    "r_brace": R_BRACE,
    "comma": COMMA,
    "equals": EQUALS,
    "basic_string": BASIC_STRING,
    "basic_bad": BASIC_STRING,
    "literal_string": LITERAL_STRING,
    "literal_bad": LITERAL_STRING,
    "ml_basic_string": ML_BASIC_STRING,
    "ml_basic_bad": ML_BASIC_STRING,
    "ml_literal_string": ML_LITERAL_STRING,
    "ml_literal_bad": ML_LITERAL_STRING,
    "error": ERROR,
}
#: String groups -> (token kind, the group of the closing quotes for the lenient forms).
STRING_GROUPS: Final[dict[str, tuple[str, str | None]]] = {
    "basic_string": (BASIC_STRING, None),
    "basic_bad": (BASIC_STRING, "basic_close"),
    "literal_string": (LITERAL_STRING, None),
    "literal_bad": (LITERAL_STRING, "literal_close"),
    "ml_basic_string": (ML_BASIC_STRING, None),
    "ml_basic_bad": (ML_BASIC_STRING, "ml_basic_close"),
    "ml_literal_string": (ML_LITERAL_STRING, None),
    "ml_literal_bad": (ML_LITERAL_STRING, "ml_literal_close"),
}
#: The lexer groups that start a key, and those that start a value.
KEY_STARTS: Final = frozenset({"bare_key", "basic_string", "basic_bad", "literal_string", "literal_bad"})
VALUE_STARTS: Final = frozenset({"bare", "l_bracket", "l_brace", *STRING_GROUPS})
_CONTROL: Final = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


class Cursor:
    """One parse: the text, where the parser stands, the errors so far."""

    __slots__ = ("bom", "errors", "pos", "recovering", "shortcuts", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.errors: list[TomlError] = []
        #: Set when an array was cut at a statement start: every enclosing
        #: array or inline table then closes at once, as unclosed.
        self.recovering = False
        #: Whether plain lines and plain arrays take their shortcuts.
        self.shortcuts = True
        #: Whether a byte order mark may open the text (see :func:`~phh_lsp.core.syntax.parser.document.parse`).
        self.bom = True

    def error(self, message: str, start: int, end: int, slip: str | None = None) -> None:
        self.errors.append(TomlError(message, start, end, slip=slip))

    def bad_trivia(self, group: str, pos: int, end: int) -> Token:
        """A lone carriage return or a comment holding a control character."""
        token = Token(TOKEN_KIND[group], pos, end, self.text[pos:end])
        if group == "cr":
            self.error("a carriage return must be followed by a line feed", pos, end)
        else:
            found = _CONTROL.search(self.text, pos, end)
            where = found.start() if found is not None else pos
            self.error(f"control character U+{ord(self.text[where]):04X} is not allowed in a comment", where, where + 1)
        return token

    # -- the productions other modules call (see the module's docstring) ------------

    def key_value(self, depth: int) -> KeyValue:
        """``key = value`` (:mod:`~phh_lsp.core.syntax.parser.keys`)."""
        raise NotImplementedError

    def value(self, depth: int) -> Node | None:
        """A value (:mod:`~phh_lsp.core.syntax.parser.values`)."""
        raise NotImplementedError

    def array(self, depth: int) -> ArrayValue:
        """``[ ... ]`` (:mod:`~phh_lsp.core.syntax.parser.arrays`)."""
        raise NotImplementedError

    def inline_table(self, depth: int) -> InlineTable:
        """``{ k = v, ... }`` (:mod:`~phh_lsp.core.syntax.parser.inline_tables`)."""
        raise NotImplementedError
