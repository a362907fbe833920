"""The value production: a scalar, a string, or the array or inline table
it hands over to; and one error node for values nested too deeply."""

from __future__ import annotations

import datetime
import re
from typing import Final

from phh_lsp.core.syntax.lexer import PLAIN_ARRAY, SCALAR, VALUE_TOKEN
from phh_lsp.core.syntax.parser.cursor import STRING_GROUPS, TOKEN_KIND, Cursor
from phh_lsp.core.syntax.parser.plain import plain_array
from phh_lsp.core.syntax.strings import string_problem
from phh_lsp.core.syntax.tokens import BARE, LOCAL_DATE, LOCAL_DATE_TIME, OFFSET_DATE_TIME, Token
from phh_lsp.core.syntax.tree import ErrorNode, Node, ScalarValue, StringValue

#: How deep arrays and inline tables may nest. TOML sets no limit; this one
#: keeps every walk of the tree far from Python's recursion limit.
MAX_DEPTH: Final = 100

_DATED: Final = frozenset({OFFSET_DATE_TIME, LOCAL_DATE_TIME, LOCAL_DATE})
_LEADING_ZERO: Final = re.compile(r"[+-]?0[0-9_]")
_UNDERSCORE: Final = re.compile(r"(?:^|[^0-9A-Fa-f])_|_(?:$|[^0-9A-Fa-f])|__")
_DATE_LIKE: Final = re.compile(r"[0-9]{4}-|[0-9]{2}:")


def _bare_problem(raw: str) -> str:
    """Why a run of value characters is no value, as precisely as cheap."""
    if _DATE_LIKE.match(raw):
        return f"invalid date or time {raw!r}"
    if raw[:1].isdigit() or raw[:1] in "+-.":
        if _LEADING_ZERO.match(raw) and not raw.lstrip("+-").startswith(("0x", "0o", "0b", "0.", "0e", "0E")):
            return f"invalid number {raw!r}: leading zeros are not allowed"
        if "_" in raw and _UNDERSCORE.search(raw):
            return f"invalid number {raw!r}: '_' must stand between two digits"
        return f"invalid number {raw!r}"
    return f"invalid value {raw!r} (a string needs quotes)"


def _valid_date(raw: str) -> bool:
    try:
        datetime.date(int(raw[0:4]), int(raw[5:7]), int(raw[8:10]))
    except ValueError:
        return False
    return True


class ValueRules(Cursor):
    """Values, dispatching arrays and inline tables to their own productions."""

    __slots__ = ()

    def value(self, depth: int) -> Node | None:
        """A value at the parser's position, or None (nothing consumed)."""
        text = self.text
        pos = self.pos
        found = VALUE_TOKEN.match(text, pos)
        if found is None:
            return None
        group = found.lastgroup
        end = found.end()
        if group == "bare":
            raw = found.group()
            self.pos = end
            scalar = SCALAR.fullmatch(raw)
            if scalar is None:
                message = _bare_problem(raw)
                self.error(message, pos, end)
                return ErrorNode([Token(BARE, pos, end, raw)], message)
            kind = scalar.lastgroup or BARE
            token = Token(kind, pos, end, raw)
            if kind in _DATED and not _valid_date(raw):
                message = f"invalid date {raw[:10]!r}: no such day"
                self.error(message, pos, end)
                return ErrorNode([token], message)
            return ScalarValue(token)
        strings = STRING_GROUPS.get(group or "")
        if strings is not None:
            kind, close = strings
            token = Token(kind, pos, end, found.group())
            terminated = True
            if close is not None:
                terminated = found.group(close) is not None
                self.error(*string_problem(token, terminated))
            self.pos = end
            return StringValue(token, terminated)
        if group == "l_bracket" or group == "l_brace":
            if depth >= MAX_DEPTH:
                return self.too_deep()
            if group == "l_bracket" and self.shortcuts:
                plain = PLAIN_ARRAY.match(text, pos)
                if plain is not None:
                    self.pos = plain.end()
                    return plain_array(text, pos, self.pos)
            return self.array(depth + 1) if group == "l_bracket" else self.inline_table(depth + 1)
        return None

    def too_deep(self) -> ErrorNode:
        """The whole over-deep value as one error node, read without recursion."""
        text = self.text
        pos = start = self.pos
        tokens: list[Node | Token] = []
        balance = 0
        while True:
            found = VALUE_TOKEN.match(text, pos)
            if found is None:
                break
            group = found.lastgroup or "error"
            if group == "l_bracket" or group == "l_brace":
                balance += 1
            elif group == "r_bracket" or group == "r_brace":
                balance -= 1
            end = found.end()
            tokens.append(Token(TOKEN_KIND[group], pos, end, found.group()))
            pos = end
            if balance <= 0:
                break
        message = f"arrays and inline tables nested too deeply (more than {MAX_DEPTH} levels)"
        self.error(message, start, pos)
        self.pos = pos
        return ErrorNode(tokens, message)
