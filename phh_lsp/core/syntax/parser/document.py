"""The parser: text in, lossless :class:`~phh_lsp.core.syntax.tree.Document` out.

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
- nesting deeper than :data:`MAX_DEPTH` is one error node, not a
  ``RecursionError``.
"""

from __future__ import annotations

import datetime
import gc
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from phh_lsp.core.syntax.lexer import (
    KEY_TOKEN,
    PLAIN_ARRAY,
    PLAIN_ARRAY_PART,
    PLAIN_PAIR,
    SCALAR,
    STATEMENT_START,
    VALUE_TOKEN,
)
from phh_lsp.core.syntax.strings import string_problem
from phh_lsp.core.syntax.tokens import (
    BARE,
    BARE_KEY,
    BASIC_STRING,
    BOM,
    BOOLEAN,
    COMMA,
    COMMENT,
    DOT,
    EQUALS,
    ERROR,
    FLOAT,
    INTEGER,
    L_BRACE,
    L_BRACKET,
    LITERAL_STRING,
    LOCAL_DATE,
    LOCAL_DATE_TIME,
    LOCAL_TIME,
    ML_BASIC_STRING,
    ML_LITERAL_STRING,
    NEWLINE,
    OFFSET_DATE_TIME,
    R_BRACE,
    R_BRACKET,
    WHITESPACE,
    Token,
    TomlError,
)
from phh_lsp.core.syntax.tree import (
    ArrayTableHeader,
    ArrayValue,
    Document,
    ErrorNode,
    InlineTable,
    Key,
    KeyValue,
    LazyKeyValue,
    Node,
    ScalarValue,
    StringValue,
    TableHeader,
)

#: How deep arrays and inline tables may nest. TOML sets no limit; this one
#: keeps every walk of the tree far from Python's recursion limit.
MAX_DEPTH: Final = 100

# Lexer group name -> token kind.
_KIND: Final = {
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
# String groups -> (token kind, the group of the closing quotes for the lenient forms).
_STRINGS: Final[dict[str, tuple[str, str | None]]] = {
    "basic_string": (BASIC_STRING, None),
    "basic_bad": (BASIC_STRING, "basic_close"),
    "literal_string": (LITERAL_STRING, None),
    "literal_bad": (LITERAL_STRING, "literal_close"),
    "ml_basic_string": (ML_BASIC_STRING, None),
    "ml_basic_bad": (ML_BASIC_STRING, "ml_basic_close"),
    "ml_literal_string": (ML_LITERAL_STRING, None),
    "ml_literal_bad": (ML_LITERAL_STRING, "ml_literal_close"),
}
_STRING_KIND: Final = {"'": LITERAL_STRING, '"': BASIC_STRING}
_KEY_STARTS: Final = frozenset({"bare_key", "basic_string", "basic_bad", "literal_string", "literal_bad"})
_VALUE_STARTS: Final = frozenset({"bare", "l_bracket", "l_brace", *_STRINGS})
_DATED: Final = frozenset({OFFSET_DATE_TIME, LOCAL_DATE_TIME, LOCAL_DATE})
_CONTROL: Final = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_LEADING_ZERO: Final = re.compile(r"[+-]?0[0-9_]")
_UNDERSCORE: Final = re.compile(r"(?:^|[^0-9A-Fa-f])_|_(?:$|[^0-9A-Fa-f])|__")
_DATE_LIKE: Final = re.compile(r"[0-9]{4}-|[0-9]{2}:")


def parse(text: str, *, lazy: bool = True, bom: bool = True) -> Document:
    """The lossless tree of ``text``; never raises. Its ``syntax_errors``
    list what the grammar found wrong; :func:`~phh_lsp.core.syntax.check`
    adds the rules about keys and tables.

    ``lazy`` (the default) leaves plain ``key = value`` lines as
    :class:`~phh_lsp.core.syntax.tree.LazyKeyValue` nodes, whose children
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


def parse_key_value_at(text: str, start: int, value_start: int, end: int) -> KeyValue:
    """The eager node of the plain pair (see ``PLAIN_PAIR``) at ``start``,
    whose value spans ``value_start:end``."""
    with gc_paused():
        return _Parser(text).plain_pair(start, value_start, end)


def _plain_kind(text: str, start: int, end: int) -> str:
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


class _Parser:
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
        #: Whether a byte order mark may open the text (see :func:`parse`).
        self.bom = True

    def error(self, message: str, start: int, end: int, slip: str | None = None) -> None:
        self.errors.append(TomlError(message, start, end, slip=slip))

    # -- statements -----------------------------------------------------------------

    def document(self, lazy: bool) -> Document:
        text = self.text
        length = len(text)
        children: list[Node | Token] = []
        pos = 0
        if self.bom and text.startswith("\ufeff"):
            children.append(Token(BOM, 0, 1, "\ufeff"))
            pos = 1
        match = KEY_TOKEN.match
        plain = PLAIN_PAIR.match
        while pos < length:
            found = match(text, pos)
            if found is None:  # pragma: no cover - the error alternative matches any character
                break
            group = found.lastgroup
            end = found.end()
            if group == "bare_key" and self.shortcuts:
                pair = plain(text, pos)
                if pair is not None:
                    value_start, value_end = pair.span(2)
                    if lazy:
                        kind = _plain_kind(text, value_start, value_end)
                        children.append(LazyKeyValue(text, pos, value_end, found.group(), value_start, kind))
                    else:
                        children.append(self.plain_pair(pos, value_start, value_end))
                    blank_end = pair.end(3)
                    if blank_end > value_end:
                        children.append(Token(WHITESPACE, value_end, blank_end, text[value_end:blank_end]))
                    if pair.start(4) >= 0:
                        children.append(Token(COMMENT, blank_end, pair.end(4), pair.group(4)))
                    pos = pair.end()
                    continue
            if group == "whitespace" or group == "newline" or group == "comment":
                children.append(Token(group, pos, end, text[pos:end]))
                pos = end
                continue
            self.pos = pos
            if group in _KEY_STARTS:
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

    def bad_trivia(self, group: str, pos: int, end: int) -> Token:
        """A lone carriage return or a comment holding a control character."""
        token = Token(_KIND[group], pos, end, self.text[pos:end])
        if group == "cr":
            self.error("a carriage return must be followed by a line feed", pos, end)
        else:
            found = _CONTROL.search(self.text, pos, end)
            where = found.start() if found is not None else pos
            self.error(f"control character U+{ord(self.text[where]):04X} is not allowed in a comment", where, where + 1)
        return token

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
            tokens.append(Token(_KIND[group or "error"], pos, end, text[pos:end]))
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

    # -- keys -------------------------------------------------------------------------

    def key_part(self, found: re.Match[str]) -> Token:
        group = found.lastgroup or "error"
        pos, end = found.span()
        token = Token(_KIND[group], pos, end, found.group())
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
        if found is None or found.lastgroup not in _KEY_STARTS:
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
            if found is None or found.lastgroup not in _KEY_STARTS:
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

    # -- values -----------------------------------------------------------------------

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
        strings = _STRINGS.get(group or "")
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
                    return self.plain_array(pos, plain.end())
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
            tokens.append(Token(_KIND[group], pos, end, found.group()))
            pos = end
            if balance <= 0:
                break
        message = f"arrays and inline tables nested too deeply (more than {MAX_DEPTH} levels)"
        self.error(message, start, pos)
        self.pos = pos
        return ErrorNode(tokens, message)

    def plain_pair(self, start: int, value_start: int, end: int) -> KeyValue:
        """A pair PLAIN_PAIR has proved plain, value at ``value_start:end``:
        the nodes :meth:`key_value` builds, without its general lexing."""
        text = self.text
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
            value = self.plain_array(value_start, end)
        elif first == "'" or first == '"':
            value = StringValue(Token(_STRING_KIND[first], value_start, end, raw), True)
        else:
            value = ScalarValue(Token(_plain_kind(text, value_start, end), value_start, end, raw))
        children.append(value)
        return KeyValue(children, key, value)

    def plain_array(self, start: int, end: int) -> ArrayValue:
        """An array PLAIN_ARRAY has proved valid and flat: its pieces are
        read in one pass, without the general loop's checks (the nodes are
        the ones :meth:`array` would build)."""
        text = self.text
        children: list[Node | Token] = [Token(L_BRACKET, start, start + 1, "[")]
        items: list[Node] = []
        add_child = children.append
        add_item = items.append
        kinds = _KIND
        for part in PLAIN_ARRAY_PART.finditer(text, start + 1, end - 1):
            group = part.lastgroup or "error"
            pos, stop = part.span()
            if group == "literal_string" or group == "basic_string":
                node: Node = StringValue(Token(group, pos, stop, text[pos:stop]), True)
            elif group == "bare":
                node = ScalarValue(Token(_plain_kind(text, pos, stop), pos, stop, text[pos:stop]))
            else:
                add_child(Token(kinds[group], pos, stop, text[pos:stop]))
                continue
            add_child(node)
            add_item(node)
        add_child(Token(R_BRACKET, end - 1, end, "]"))
        self.pos = end
        return ArrayValue(children, items, True)

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
            if group not in _VALUE_STARTS or not expect_value:
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
                if group not in _VALUE_STARTS:
                    end = found.end()
                    message = f"unexpected {found.group()!r} in an array"
                    self.error(message, pos, end)
                    children.append(ErrorNode([Token(_KIND[group or "error"], pos, end, found.group())], message))
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
            if group in _KEY_STARTS and state != 1:
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
            if group in _KEY_STARTS:
                self.error("expected ',' or '}' after a value in an inline table", pos, end)
                failed = True
            break
        if not closed and not failed and not self.recovering:
            self.error("this '{' is never closed: an inline table ends on its line with '}'", start, start + 1)
        self.pos = pos
        return InlineTable(children, entries, closed)
