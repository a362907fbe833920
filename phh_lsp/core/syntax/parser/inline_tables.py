"""The inline table production: ``{ k = v, ... }`` on one line."""

from __future__ import annotations

from phh_lsp.core.syntax.lexer import KEY_TOKEN
from phh_lsp.core.syntax.parser.cursor import KEY_STARTS, Cursor
from phh_lsp.core.syntax.tokens import COMMA, L_BRACE, R_BRACE, WHITESPACE, Token
from phh_lsp.core.syntax.tree import InlineTable, KeyValue, Node


class InlineTableRules(Cursor):
    """Inline tables; their pairs are :meth:`~phh_lsp.core.syntax.parser.keys.KeyRules.key_value`'s."""

    __slots__ = ()

    def inline_table(self, depth: int) -> InlineTable:
        """``{ k = v, ... }`` on one line, the parser standing on the ``{``."""
        text = self.text
        start = pos = self.pos
        children: list[Node | Token] = [Token(L_BRACE, pos, pos + 1, "{")]
        pos += 1
        entries: list[KeyValue] = []
        state = 0  # 0: after '{', 1: after a pair, 2: after ','
        closed = False
        failed = False
        last_comma = pos
        while True:
            found = KEY_TOKEN.match(text, pos)
            if found is None:
                break
            group = found.lastgroup
            end = found.end()
            if group == "whitespace":
                children.append(Token(WHITESPACE, pos, end, found.group()))
                pos = end
                continue
            if group == "r_brace":
                if state == 2:
                    self.error("a trailing comma is not allowed in an inline table", last_comma, last_comma + 1)
                children.append(Token(R_BRACE, pos, end, "}"))
                pos = end
                closed = True
                break
            if group == "comma":
                if state != 1:
                    self.error("expected a key/value pair before ','", pos, end)
                children.append(Token(COMMA, pos, end, ","))
                last_comma = pos
                pos = end
                state = 2
                continue
            if group in KEY_STARTS and state != 1:
                self.pos = pos
                entry = self.key_value(depth)
                pos = self.pos
                children.append(entry)
                entries.append(entry)
                state = 1
                if self.recovering or entry.value is None:
                    failed = True
                    break
                continue
            if group in KEY_STARTS:
                self.error("expected ',' or '}' after a value in an inline table", pos, end)
                failed = True
            break
        if not closed and not failed and not self.recovering:
            self.error("this '{' is never closed: an inline table ends on its line with '}'", start, start + 1)
        self.pos = pos
        return InlineTable(children, entries, closed)
