"""The key productions: a key part, a dotted key, and ``key = value``."""

from __future__ import annotations

import re

from phh_lsp.core.syntax.lexer import KEY_TOKEN, VALUE_TOKEN
from phh_lsp.core.syntax.parser.cursor import KEY_STARTS, TOKEN_KIND, Cursor
from phh_lsp.core.syntax.strings import string_problem
from phh_lsp.core.syntax.tokens import DOT, EQUALS, WHITESPACE, Token
from phh_lsp.core.syntax.tree import Key, KeyValue, Node


class KeyRules(Cursor):
    """Keys, and the pairs they start."""

    __slots__ = ()

    def key_part(self, found: re.Match[str]) -> Token:
        group = found.lastgroup or "error"
        pos, end = found.span()
        token = Token(TOKEN_KIND[group], pos, end, found.group())
        if group == "basic_bad" or group == "literal_bad":
            terminated = found.group("basic_close" if group == "basic_bad" else "literal_close") is not None
            self.error(*string_problem(token, terminated))
        return token

    def key(self, outer: list[Node | Token]) -> Key | None:
        """A dotted key; appends it and the blanks after it to ``outer``.
        None (nothing consumed) when no key starts here."""
        text = self.text
        match = KEY_TOKEN.match
        found = match(text, self.pos)
        if found is None or found.lastgroup not in KEY_STARTS:
            return None
        children: list[Node | Token] = []
        parts: list[Token] = []
        while True:
            token = self.key_part(found)
            children.append(token)
            parts.append(token)
            pos = token.end
            found = match(text, pos)
            blank: Token | None = None
            if found is not None and found.lastgroup == "whitespace":
                blank = Token(WHITESPACE, pos, found.end(), found.group())
                found = match(text, blank.end)
            if found is None or found.lastgroup != "dot":
                key = Key(children, parts)
                outer.append(key)
                if blank is not None:
                    outer.append(blank)
                    pos = blank.end
                self.pos = pos
                return key
            if blank is not None:
                children.append(blank)
            pos = found.end()
            children.append(Token(DOT, pos - 1, pos, "."))
            found = match(text, pos)
            if found is not None and found.lastgroup == "whitespace":
                children.append(Token(WHITESPACE, pos, found.end(), found.group()))
                pos = found.end()
                found = match(text, pos)
            if found is None or found.lastgroup not in KEY_STARTS:
                self.error("expected a key after '.'", pos - 1, pos)
                key = Key(children, parts)
                outer.append(key)
                self.pos = pos
                return key

    def key_value(self, depth: int) -> KeyValue:
        """``key = value``, the parser standing on the key."""
        text = self.text
        children: list[Node | Token] = []
        key = self.key(children)
        assert key is not None  # the callers looked: a key starts here
        pos = self.pos
        found = KEY_TOKEN.match(text, pos)
        if found is None or found.lastgroup != "equals":
            self.error(f"expected '=' after the key {key.dotted!r}", key.start, key.end)
            return KeyValue(children, key, None)
        equals = Token(EQUALS, pos, pos + 1, "=")
        children.append(equals)
        pos += 1
        found = VALUE_TOKEN.match(text, pos)
        if found is not None and found.lastgroup == "whitespace":
            children.append(Token(WHITESPACE, pos, found.end(), found.group()))
            pos = found.end()
        self.pos = pos
        value = self.value(depth)
        if value is None:
            self.error("expected a value after '='", equals.start, equals.end)
        else:
            children.append(value)
        return KeyValue(children, key, value)
