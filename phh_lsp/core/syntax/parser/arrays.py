"""The array production, with its recovery: an array left open ends before
the first line inside it that starts a statement, once it has gone wrong."""

from __future__ import annotations

from phh_lsp.core.syntax.lexer import STATEMENT_START, VALUE_TOKEN
from phh_lsp.core.syntax.parser.cursor import TOKEN_KIND, VALUE_STARTS, Cursor
from phh_lsp.core.syntax.tokens import COMMA, L_BRACKET, R_BRACKET, Token
from phh_lsp.core.syntax.tree import ArrayValue, ErrorNode, Node, StringValue


class ArrayRules(Cursor):
    """Arrays in the general grammar (plain ones take :func:`~phh_lsp.core.syntax.parser.plain.plain_array`)."""

    __slots__ = ()

    def array(self, depth: int) -> ArrayValue:
        """``[ ... ]``, the parser standing on the ``[``."""
        text = self.text
        start = pos = self.pos
        children: list[Node | Token] = [Token(L_BRACKET, pos, pos + 1, "[")]
        pos += 1
        items: list[Node] = []
        expect_value = True
        closed = False
        # Line breaks inside the array: where it may be cut if it goes wrong.
        candidates: list[tuple[int, int, int, int]] = []
        checked = 0
        match = VALUE_TOKEN.match
        errors = self.errors
        while True:
            found = match(text, pos)
            group = found.lastgroup if found is not None else None
            if found is not None and group in ("whitespace", "comment", "newline"):
                end = found.end()
                if group == "newline":
                    candidates.append((pos, len(children), len(items), len(errors)))
                children.append(Token(group or "", pos, end, text[pos:end]))
                pos = end
                continue
            if group == "r_bracket":
                children.append(Token(R_BRACKET, pos, pos + 1, "]"))
                pos += 1
                closed = True
                break
            if group == "comma":
                if expect_value:
                    self.error("expected a value before ','", pos, pos + 1)
                children.append(Token(COMMA, pos, pos + 1, ","))
                pos += 1
                expect_value = True
                continue
            if found is not None and (group == "cr" or group == "comment_bad"):
                if group == "cr":
                    candidates.append((pos, len(children), len(items), len(errors)))
                children.append(self.bad_trivia(group, pos, found.end()))
                pos = found.end()
                continue
            # Anything else is a value, or a mistake; a mistake first tries the cut.
            if group not in VALUE_STARTS or not expect_value:
                for index in range(checked, len(candidates)):
                    cut, n_children, n_items, n_errors = candidates[index]
                    after = cut + (2 if text.startswith("\r\n", cut) else 1)
                    if STATEMENT_START.match(text, after):
                        del children[n_children:]
                        del items[n_items:]
                        del errors[n_errors:]
                        pos = cut
                        self.recovering = True
                        break
                checked = len(candidates)
                if self.recovering or found is None:
                    break
                if group not in VALUE_STARTS:
                    end = found.end()
                    message = f"unexpected {found.group()!r} in an array"
                    self.error(message, pos, end)
                    children.append(ErrorNode([Token(TOKEN_KIND[group or "error"], pos, end, found.group())], message))
                    pos = end
                    continue
                # an unterminated string took its comma with it: one mistake, one error
                if not (items and isinstance(items[-1], StringValue) and not items[-1].terminated):
                    self.error("expected ',' between array elements", pos, found.end(), "missing-comma")
            self.pos = pos
            value = self.value(depth)
            assert value is not None  # a value starts here
            pos = self.pos
            children.append(value)
            items.append(value)
            expect_value = False
            if self.recovering:
                break
        if not closed:
            self.error("this '[' is never closed: expected ']'", start, start + 1, "unclosed-array")
        self.pos = pos
        return ArrayValue(children, items, closed)
