"""Property tests: on any text the tree is lossless, never raises, and says
"invalid" exactly when ``tomllib`` does.

Texts come from two sources: documents generated from TOML's grammar (with
wrong pieces mixed in, so that both verdicts occur often), and random edits
of the suite's and the corpus's files (insert, delete or replace characters,
cut anywhere), which is what an editor produces keystroke by keystroke.

Known, deliberate differences with ``tomllib`` (never generated here):
a byte order mark at the start (TOML allows it, ``tomllib.loads`` does not:
compared on the text without it), nesting deeper than ``MAX_DEPTH`` (an
error here, a ``RecursionError`` or a value in ``tomllib``), and integers
longer than ``int()`` converts (``tomllib`` raises ``ValueError``).
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from phh_lsp.core.syntax import Node, StringValue, Token, check, errors, parse
from phh_lsp.core.syntax.parser.document import parse_general
from tests.core.test_syntax_suite import CORPUS_FILES, SUITE, VALID, normalized, suite_names

FAST = settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tomllib_accepts(text: str) -> bool:
    try:
        tomllib.loads(text.removeprefix("\ufeff"), parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        return False
    return True


def shape(document: Node) -> list[tuple[str, int, int]]:
    """Every node and token as (kind, start, end), parents first."""
    found = []
    for node in document.descendants():
        found.append((node.kind, node.start, node.end))
        found.extend((child.kind, child.start, child.end) for child in node.children if isinstance(child, Token))
    return found


def assert_sound(text: str) -> None:
    """Lossless, offsets consistent, and the same verdict as tomllib; the
    lazy tree once expanded, the eager tree and the tree of the general
    grammar alone (no shortcuts) are one and the same."""
    general = parse_general(text)
    eager = parse(text, lazy=False)
    document = parse(text)
    found = [(error.message, error.start, error.end) for error in errors(general)]
    for other in (eager, document):
        assert [(error.message, error.start, error.end) for error in errors(other)] == found
        assert normalized(check(other)[0]) == normalized(check(general)[0])
    assert shape(document) == shape(eager) == shape(general)
    position = 0
    for token in document.tokens():
        assert token.start == position, (token, position)
        assert text[token.start : token.end] == token.text
        assert token.end > token.start
        position = token.end
    assert position == len(text)
    for node in document.descendants():
        if node is document:
            continue
        assert node.children, node
        assert node.start == node.children[0].start
        assert node.end == node.children[-1].end
    found = errors(document)
    for error in found:
        assert 0 <= error.start <= error.end <= len(text)
    for node in document.descendants():
        if isinstance(node, StringValue):
            assert_string_offsets(text, node)
    accepted = tomllib_accepts(text)
    assert (not found) == accepted, (text, found)
    if accepted:
        assert normalized(check(document)[0]) == normalized(
            tomllib.loads(text.removeprefix("\ufeff"), parse_float=Decimal)
        )


def assert_string_offsets(text: str, string: StringValue) -> None:
    """Content index -> source offset is increasing, inside the token, and
    lands on the very character unless an escape or a CRLF produced it."""
    value = string.value
    offsets = [string.offset_of(index) for index in range(len(value) + 1)]
    assert offsets == sorted(offsets)
    assert len(set(offsets[:-1])) == len(value)
    assert string.start <= offsets[0] and offsets[-1] <= string.end
    for index, offset in enumerate(offsets[:-1]):
        source = text[offset]
        if source not in "\\\r":
            assert source == value[index], (text, index)
        assert string.index_of(offset) == index


# -- generated documents ---------------------------------------------------------------

_BARE = st.from_regex(r"[A-Za-z0-9_-]{1,6}", fullmatch=True)
_STRING_CHARS = st.sampled_from([*"ab \t#=[]{},.'\"\\é😀", "\\n", "\\u00e9", "\\U0001F600", "\\x", "\x01"])
_BASIC = st.lists(_STRING_CHARS, max_size=6).map(lambda chars: '"' + "".join(chars).replace('"', '\\"') + '"')
_LITERAL = st.from_regex(r"'[a-z #=\[\]{}.\"\\]{0,6}'", fullmatch=True)
_ML_BASIC = st.lists(st.sampled_from(["a", "\n", "\r\n", '"', '""', "\\\n  ", "\\t", " \\ \n", "\\"]), max_size=6).map(
    lambda parts: '"""' + "".join(parts) + '"""'
)
_ML_LITERAL = st.lists(st.sampled_from(["a", "\n", "'", "''", "\\", "\r\n"]), max_size=6).map(
    lambda parts: "'''" + "".join(parts) + "'''"
)
# Mostly a few names, so that keys and tables collide (the rules about
# defining things twice need it), sometimes quoted to the same name.
_FEW = st.sampled_from(["a", "b", "c", '"a"', "'b'", '"c"'])
_KEY_PART = st.one_of(_FEW, _FEW, _FEW, _BARE, _BASIC, _LITERAL)
_SPACE = st.sampled_from(["", " ", "\t", "  "])
_KEY = st.lists(_KEY_PART, min_size=1, max_size=3).flatmap(
    lambda parts: _SPACE.map(lambda space: f"{space}.{space}".join(parts))
)
_NUMBER = st.one_of(
    st.integers(-(10**20), 10**20).map(str),
    st.from_regex(r"[+-]?(0|[1-9](_?[0-9]){0,4})(\.[0-9](_?[0-9]){0,3})?([eE][+-]?[0-9]{1,3})?", fullmatch=True),
    st.from_regex(
        r"0x[0-9a-fA-F_]{1,5}|0o[0-8_]{1,4}|0b[01_]{1,4}|[+-]?(inf|nan)|0[0-9]{1,3}|1__0|_1|1_", fullmatch=True
    ),
)
_DATE = st.from_regex(
    r"[0-9]{4}-(0[0-9]|1[0-3])-(0[0-9]|[12][0-9]|3[0-2])"
    r"([Tt ]([01][0-9]|2[0-4]):[0-6][0-9](:[0-6][0-9](\.[0-9]{1,8})?)?([Zz]|[+-][0-2][0-9]:[0-6][0-9])?)?",
    fullmatch=True,
)
_TIME = st.from_regex(r"([01][0-9]|2[0-4]):[0-6][0-9]:[0-6][0-9](\.[0-9]{1,3})?", fullmatch=True)
_SCALAR = st.one_of(
    _BASIC, _LITERAL, _ML_BASIC, _ML_LITERAL, _NUMBER, _DATE, _TIME, st.sampled_from(["true", "false", "tru", "nan"])
)
_BLANK = st.sampled_from(["", " ", "\n", " # c\n", "\r\n", "\n\n"])


def _array(items: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(st.lists(st.tuples(_BLANK, items), max_size=4), st.sampled_from(["", ",", ",,"]), _BLANK).map(
        lambda parts: "[" + ",".join(blank + item for blank, item in parts[0]) + parts[1] + parts[2] + "]"
    )


def _inline(items: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(st.lists(st.tuples(_KEY, items), max_size=3), st.sampled_from(["", ",", "\n"])).map(
        lambda parts: "{" + ", ".join(f"{key} = {value}" for key, value in parts[0]) + parts[1] + "}"
    )


_VALUE = st.recursive(_SCALAR, lambda inner: st.one_of(_array(inner), _inline(inner)), max_leaves=8)
_STATEMENT = st.one_of(
    st.tuples(_SPACE, _KEY, _SPACE, _VALUE, st.sampled_from(["", " # comment", "#", " x"])).map(
        lambda parts: f"{parts[0]}{parts[1]}{parts[2]}={parts[2]}{parts[3]}{parts[4]}"
    ),
    _KEY.map(lambda key: f"[{key}]"),
    _KEY.map(lambda key: f"[[{key}]]"),
    st.sampled_from(["# comment", "", "  ", "[", "[[a]", "a =", "= 1", "\ufeff", "a = 1 # \x7f"]),
)
_DOCUMENT = st.lists(_STATEMENT, max_size=8).flatmap(
    lambda lines: st.sampled_from(["\n", "\r\n"]).map(lambda newline: newline.join(lines))
)


@FAST
@given(_DOCUMENT)
@example("a = 1\na = 2")
@example("a = {b = 1}\na.c = 2")
@example("[a]\nb = 1\n[a.b]")
@example("a = []\n[[a]]")
@example("a.b = 1\n[a]")
@example("[a.b]\n[a]\nb.c = 1")
@example('a = """\\\n  x \\ \n"""')
@example("a = 1979-02-30")
@example("a = [1,\nb = 2\n")
def test_generated_documents(text: str) -> None:
    assert_sound(text)


# Only well-formed statements over three names: whatever is wrong is a rule
# about keys and tables (defined twice, extended, redefined by a dotted key).
_NAME = st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=3).map(".".join)
_SMALL_VALUE = st.sampled_from(["1", "[]", "[1]", "{}", "{ x = 1 }", "{ a.b = 1 }", "[{}]", "[{ a = 1 }]"])
_SEMANTIC = st.lists(
    st.one_of(
        st.tuples(_NAME, _SMALL_VALUE).map(lambda pair: f"{pair[0]} = {pair[1]}"),
        _NAME.map(lambda name: f"[{name}]"),
        _NAME.map(lambda name: f"[[{name}]]"),
    ),
    max_size=8,
).map("\n".join)


@FAST
@given(_SEMANTIC)
@example("[[a]]\n[a.b]\n[[a]]\n[a.b]")
@example("a.b.c = 1\n[a.b]")
@example("[a]\nb.c = 1\n[a.b]")
@example("a = [{}]\n[[a]]")
@example("[a.b.c]\n[a]\nb.d = 1")
@example("b.c = []\n[[b]]\na = 1\n[b.c]")  # once an IndexError, after the first error
def test_rules_about_keys_and_tables(text: str) -> None:
    assert_sound(text)


# -- edits of real files ---------------------------------------------------------------

_SOURCES = [
    *(SUITE / name for name in VALID[::3]),
    *(SUITE / name for name in suite_names("invalid/")[::7]),
    *(path for path in CORPUS_FILES[::20] if path.stat().st_size < 20_000),
]


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace")


TEXTS = [_read(path) for path in _SOURCES]
_INSERTED = st.one_of(
    st.sampled_from([*"\"'[]{}=,.#\n\r\t \\_+-:0123456789aefilnrtuxzTZ", '"""', "'''", "\r\n", "\x00", "\ud800"]),
    st.text(max_size=3),
)


@st.composite
def _edited(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace", "cut"]))
        if action == "insert":
            text = text[:at] + draw(_INSERTED) + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 4)) :]
        elif action == "replace":
            text = text[:at] + draw(_INSERTED) + text[at + 1 :]
        else:
            text = text[:at]
    return text


@FAST
@given(_edited())
def test_edited_files(text: str) -> None:
    assert_sound(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab1=.[]{},\"'#\\ \n\r\t\x00\ud800")), max_size=40))
def test_token_soup(text: str) -> None:
    assert_sound(text)


def test_every_token_and_node_is_typed() -> None:
    document = parse(TEXTS[0])
    for element in [*document.tokens(), *document.descendants()]:
        assert isinstance(element, Token | Node)
