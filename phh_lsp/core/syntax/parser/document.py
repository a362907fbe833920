"""The parser's entry points and its top production: text in, lossless
:class:`~phh_lsp.core.syntax.tree.Document` out, statement by statement
(key/value pairs, ``[table]`` and ``[[array]]`` headers, trivia).

A hand-written recursive descent over tokens lexed on demand (see
:mod:`phh_lsp.core.syntax.lexer` for why the lexer has a key mode and a
value mode). It never raises: whatever it cannot place becomes an
:class:`~phh_lsp.core.syntax.tree.ErrorNode` or an error token, a
:class:`~phh_lsp.core.syntax.tree.TomlError` is recorded, and parsing goes
on. The recovery points are the ones an editor needs:

- a statement with junk after it: the junk, to the line's end, is an error node;
- an unterminated one-line string ends at its line's end;
- an array without its ``]`` ends before the first line inside it that
  starts a statement (``key =`` or ``[header]``), so one missing bracket
  does not swallow the rest of the file; the line is tried only once the
  array has gone wrong, so valid text never depends on that guess;
- an inline table without its ``}`` ends at its line's end;
- nesting deeper than :data:`~phh_lsp.core.syntax.parser.values.MAX_DEPTH` is one error node, not a
  ``RecursionError``.
"""

from __future__ import annotations

from phh_lsp.core.syntax.lexer import KEY_TOKEN, PLAIN_PAIR
from phh_lsp.core.syntax.parser.arrays import ArrayRules
from phh_lsp.core.syntax.parser.cursor import KEY_STARTS, TOKEN_KIND
from phh_lsp.core.syntax.parser.inline_tables import InlineTableRules
from phh_lsp.core.syntax.parser.keys import KeyRules
from phh_lsp.core.syntax.parser.plain import LazyKeyValue, plain_kind, plain_pair
from phh_lsp.core.syntax.parser.values import ValueRules
from phh_lsp.core.syntax.tokens import BOM, COMMENT, L_BRACKET, NEWLINE, R_BRACKET, WHITESPACE, Token
from phh_lsp.core.syntax.tree import ArrayTableHeader, Document, ErrorNode, Node, TableHeader, gc_paused


def parse(text: str, *, lazy: bool = True, bom: bool = True) -> Document:
    """The lossless tree of ``text``; never raises. Its ``syntax_errors``
    list what the grammar found wrong; :func:`~phh_lsp.core.syntax.check`
    adds the rules about keys and tables.

    ``lazy`` (the default) leaves plain ``key = value`` lines as
    :class:`~phh_lsp.core.syntax.parser.plain.LazyKeyValue` nodes, whose children
    are built on first access; ``lazy=False`` builds every node now.
    ``bom``: whether a byte order mark may open the text, as it may open a
    TOML file; False for text whose file's mark was already taken off
    (editors send documents without it; the command line decodes it away),
    where one more is a stray character.
    """
    with gc_paused():
        parser = _Parser(text)
        parser.bom = bom
        return parser.document(lazy)


def parse_general(text: str) -> Document:
    """The tree built by the general grammar alone, without the shortcuts
    for plain lines and plain arrays. Slower; the tests hold the shortcuts
    to giving exactly this tree."""
    with gc_paused():
        parser = _Parser(text)
        parser.shortcuts = False
        return parser.document(False)


class _Parser(KeyRules, ValueRules, ArrayRules, InlineTableRules):
    """One parse: every production, and the statements' own (the document,
    a statement's line end, a header)."""

    __slots__ = ()

    def document(self, lazy: bool) -> Document:
        text = self.text
        length = len(text)
        children: list[Node | Token] = []
        pos = 0
        if self.bom and text.startswith("\ufeff"):
            children.append(Token(BOM, 0, 1, "\ufeff"))
            pos = 1
        match = KEY_TOKEN.match
        # A plain line is tried first, before the token at its start: its
        # key is the bare key KEY_TOKEN would find there (no trivia starts
        # with a key's character), and nearly every line of a hand is one.
        plain = PLAIN_PAIR.match if self.shortcuts else None
        while pos < length:
            if text.startswith("\n", pos):  # what KEY_TOKEN reads there: the line's end
                children.append(Token(NEWLINE, pos, pos + 1, "\n"))
                pos += 1
                continue
            pair = plain(text, pos) if plain is not None else None
            if pair is not None:
                value_start, value_end = pair.span(2)
                if lazy:
                    kind = plain_kind(text, value_start, value_end)
                    children.append(LazyKeyValue(text, pos, value_end, pair.group(1), value_start, kind))
                else:
                    children.append(plain_pair(text, pos, value_start, value_end))
                blank_end = pair.end(3)
                if blank_end > value_end:
                    children.append(Token(WHITESPACE, value_end, blank_end, text[value_end:blank_end]))
                if pair.start(4) >= 0:
                    children.append(Token(COMMENT, blank_end, pair.end(4), pair.group(4)))
                pos = pair.end()
                continue
            found = match(text, pos)
            if found is None:  # pragma: no cover - the error alternative matches any character
                break
            group = found.lastgroup
            end = found.end()
            if group == "whitespace" or group == "newline" or group == "comment":
                children.append(Token(group, pos, end, text[pos:end]))
                pos = end
                continue
            self.pos = pos
            if group in KEY_STARTS:
                children.append(self.key_value(0))
                self.recovering = False
                self.line_end(children)
            elif group == "l_bracket":
                children.append(self.header())
                self.line_end(children)
            elif group == "cr" or group == "comment_bad":
                children.append(self.bad_trivia(group, pos, end))
                self.pos = end
            else:
                self.skip_line(children, "expected a key, a [table] header or a comment")
            pos = self.pos
        return Document(children, text, self.errors)

    def line_end(self, children: list[Node | Token]) -> None:
        """After a statement: blanks, a comment, then the line must end."""
        text = self.text
        pos = self.pos
        while True:
            found = KEY_TOKEN.match(text, pos)
            if found is None:
                break
            group = found.lastgroup
            end = found.end()
            if group == "whitespace" or group == "comment":
                children.append(Token(group, pos, end, text[pos:end]))
                pos = end
                continue
            if group == "comment_bad":
                children.append(self.bad_trivia(group, pos, end))
                pos = end
                continue
            if group == "newline" or group == "cr":
                break
            self.pos = pos
            self.skip_line(children, "expected the end of the line after a statement")
            return
        self.pos = pos

    def skip_line(self, children: list[Node | Token], message: str) -> None:
        """Make the rest of the line (before a comment) an error node."""
        text = self.text
        pos = start = self.pos
        tokens: list[Node | Token] = []
        while True:
            found = KEY_TOKEN.match(text, pos)
            if found is None:
                break
            group = found.lastgroup
            if group in ("newline", "cr", "comment", "comment_bad"):
                break
            end = found.end()
            tokens.append(Token(TOKEN_KIND[group or "error"], pos, end, text[pos:end]))
            pos = end
        if tokens:
            while len(tokens) > 1 and tokens[-1].kind == WHITESPACE:
                tokens.pop()
            children.append(ErrorNode(tokens, message))
            self.error(message, start, tokens[-1].end)
            pos = tokens[-1].end
        self.pos = pos

    def header(self) -> TableHeader:
        """``[key]`` or ``[[key]]``, the parser standing on the first ``[``."""
        text = self.text
        pos = self.pos
        children: list[Node | Token] = [Token(L_BRACKET, pos, pos + 1, "[")]
        pos += 1
        array = text.startswith("[", pos)
        if array:
            children.append(Token(L_BRACKET, pos, pos + 1, "["))
            pos += 1
        self.pos = pos
        self.whitespace(children)
        key = self.key(children)
        pos = self.pos
        found = KEY_TOKEN.match(text, pos)
        closed = found is not None and found.lastgroup == "r_bracket"
        if key is None:
            self.error("expected a table name", children[0].start, pos)
        if closed:
            children.append(Token(R_BRACKET, pos, pos + 1, "]"))
            pos += 1
            if array:
                if text.startswith("]", pos):
                    children.append(Token(R_BRACKET, pos, pos + 1, "]"))
                    pos += 1
                elif key is not None:
                    self.error("expected ']]' to close the array-of-tables header", pos - 1, pos)
        elif key is not None:
            self.error(f"expected '{']]' if array else ']'}' to close the header", key.start, key.end)
        self.pos = pos
        return ArrayTableHeader(children, key) if array else TableHeader(children, key)

    def whitespace(self, children: list[Node | Token]) -> None:
        found = KEY_TOKEN.match(self.text, self.pos)
        if found is not None and found.lastgroup == "whitespace":
            end = found.end()
            children.append(Token(WHITESPACE, self.pos, end, self.text[self.pos : end]))
            self.pos = end
