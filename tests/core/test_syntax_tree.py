"""The TOML syntax tree: lossless, located, tolerant, strict (unit cases).

The whole-suite and corpus checks are in ``test_syntax_suite.py``, the
generated and mutated texts in ``test_syntax_properties.py``; here are the
cases each property rests on, written out so that a regression names itself.
"""

from __future__ import annotations

import datetime
import gc
import sys
import tomllib
from decimal import Decimal

import pytest

from phh_lsp.core.syntax import (
    MAX_DEPTH,
    ArrayTableHeader,
    ArrayValue,
    Document,
    ErrorNode,
    InlineTable,
    InvalidToml,
    KeyValue,
    ScalarValue,
    StringValue,
    TableHeader,
    Token,
    check,
    errors,
    loads,
    parse,
    to_python,
)
from phh_lsp.core.syntax.parser.plain import LazyKeyValue


def tokens_text(document: Document) -> str:
    return "".join(token.text for token in document.tokens())


def pairs(document: Document) -> list[KeyValue]:
    return [node for node in document.descendants() if isinstance(node, KeyValue)]


def messages(text: str) -> list[str]:
    return [error.message for error in errors(parse(text))]


# -- lossless ------------------------------------------------------------------------------

LOSSLESS_CASES = [
    "",
    "\ufeffa = 1\n",
    "a = 1\r\nb = [\r\n  1,\r\n]\r\n",
    "a = 1\rb = 2\r",
    "# only a comment",
    "a = \x00\n\x00 = 1",
    "a = '\ud800'\n\udfff",
    "[[a]\n[a]]\n[ a . b ]  # c\n",
    "a = \"\"\"\nx\\\n   y\"\"\"\nb = '''\r\n'''",
    "a = [1, [2, [3, {x = 4}]],  # c\n  'z' ,\n]",
    "@#$%^&*()\n=\n]]]\n{{{\n",
    'x = "p3 c\ny = 2',
]


@pytest.mark.parametrize("text", LOSSLESS_CASES)
def test_tokens_give_back_the_text(text: str) -> None:
    document = parse(text)
    assert tokens_text(document) == text
    position = 0
    for token in document.tokens():
        assert token.start == position
        assert text[token.start : token.end] == token.text
        position = token.end
    assert position == len(text)
    assert document.text == text


def test_bom_line_breaks_and_lone_carriage_return() -> None:
    document = parse("\ufeffa = 1\r\nb = 2\rc = 3")
    kinds = [token.kind for token in document.tokens()]
    assert kinds[0] == "bom"
    newlines = [token.text for token in document.tokens() if token.kind == "newline"]
    assert newlines == ["\r\n", "\r"]
    assert messages("\ufeffa = 1\r\nb = 2\rc = 3") == ["a carriage return must be followed by a line feed"]
    assert errors(parse("\ufeffa = 1\n")) == []


# -- nodes and offsets -----------------------------------------------------------------------


def test_pair_key_and_value_offsets() -> None:
    text = 'a . "b.c" = "x"  # note\n'
    document = parse(text)
    (pair,) = pairs(document)
    assert (pair.start, pair.end) == (0, 15)
    assert pair.key.names() == ("a", "b.c")
    assert [part.kind for part in pair.key.parts] == ["bare_key", "basic_string"]
    assert text[pair.key.start : pair.key.end] == 'a . "b.c"'
    assert isinstance(pair.value, StringValue)
    assert text[pair.value.start : pair.value.end] == '"x"'
    (comment,) = document.comments()
    assert comment.text == "# note"
    assert comment.span.start == 17


def test_headers() -> None:
    document = parse("[a.b]\n[[ c ]]\n")
    table, array = list(document.statements())
    assert isinstance(table, TableHeader) and not isinstance(table, ArrayTableHeader)
    assert table.key is not None and table.key.names() == ("a", "b")
    assert isinstance(array, ArrayTableHeader)
    assert array.kind == "array_table_header"
    assert array.key is not None and array.key.names() == ("c",)
    assert (array.start, array.end) == (6, 13)


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ("1_000", "integer"),
        ("0xDEAD_beef", "integer"),
        ("0o17", "integer"),
        ("0b101", "integer"),
        ("-3.5e+2", "float"),
        ("nan", "float"),
        ("-inf", "float"),
        ("true", "boolean"),
        ("1979-05-27T07:32:00Z", "offset_date_time"),
        ("1979-05-27 07:32:00.999-07:00", "offset_date_time"),
        ("1979-05-27T07:32:00", "local_date_time"),
        ("1979-05-27", "local_date"),
        ("07:32:00.5", "local_time"),
        ('"basic"', "basic_string"),
        ("'literal'", "literal_string"),
        ('"""multi"""', "ml_basic_string"),
        ("'''multi'''", "ml_literal_string"),
    ],
)
def test_value_kinds(raw: str, kind: str) -> None:
    for lazy in (True, False):
        document = parse(f"v = {raw}\n", lazy=lazy)
        (pair,) = pairs(document)
        assert pair.value is not None
        assert pair.value.kind == kind
        assert (pair.value.start, pair.value.end) == (4, 4 + len(raw))
        assert isinstance(pair.value, ScalarValue | StringValue)
        assert errors(document) == []


def test_array_elements_commas_and_comments() -> None:
    text = "a = [ 1, # one\n  'two' ,\n  [3], ]"
    document = parse(text)
    array = pairs(document)[0].value
    assert isinstance(array, ArrayValue) and array.closed
    assert [item.kind for item in array.items] == ["integer", "literal_string", "array"]
    kinds = [child.kind for child in array.children if isinstance(child, Token)]
    assert kinds.count(",") == 3
    assert "comment" in kinds
    assert errors(document) == []


def test_inline_table_entries() -> None:
    document = parse("t = { x = 1, y.z = 'a' }")
    table = pairs(document)[0].value
    assert isinstance(table, InlineTable) and table.closed
    assert [entry.key.names() for entry in table.entries] == [("x",), ("y", "z")]
    assert to_python(document) == {"t": {"x": 1, "y": {"z": "a"}}}


def test_covering_finds_the_token_under_the_cursor() -> None:
    text = "actions = ['p1 f', 'p2 cc']"
    document = parse(text)
    path = document.covering(text.index("p2"))
    assert isinstance(path[-1], Token) and path[-1].text == "'p2 cc'"
    assert [type(element).__name__ for element in path][:3] == ["Document", "LazyKeyValue", "ArrayValue"]
    assert document.covering(len(text))[-1].text == "]"


# -- strings: content index <-> source offset ----------------------------------------------


def string_of(text: str) -> StringValue:
    value = pairs(parse(text))[0].value
    assert isinstance(value, StringValue)
    return value


def test_plain_string_maps_one_to_one() -> None:
    text = 'a = "p3 cbr 7000"'
    string = string_of(text)
    assert string.value == "p3 cbr 7000"
    index = string.value.index("7000")
    assert text[string.offset_of(index) :].startswith("7000")
    assert string.index_of(text.index("7000")) == index
    assert string.offset_of(len(string.value)) == len(text) - 1


def test_escapes_shift_the_offsets() -> None:
    text = 'a = "\\t\\u00e9x\\U0001F600y\\\\z"'
    string = string_of(text)
    assert string.value == "\téx😀y\\z"
    for index, char in enumerate("\téx😀y\\z"):
        offset = string.offset_of(index)
        if char in "xyz":
            assert text[offset] == char
        else:
            assert text[offset] == "\\"
        assert string.index_of(offset) == index
    assert string.offset_of(len(string.value)) == len(text) - 1


def test_multi_line_strings_trim_and_join() -> None:
    text = 'a = """\nfirst \\\n    second\r\nthird"""'
    string = string_of(text)
    assert string.value == "first second\nthird"
    assert text[string.offset_of(0)] == "f"
    assert text[string.offset_of(string.value.index("second")) :].startswith("second")
    assert text[string.offset_of(string.value.index("third")) :].startswith("third")
    literal = string_of("a = '''\r\nx\r\ny'''")
    assert literal.value == "x\ny"
    assert literal.content_start == 9


def test_quotes_next_to_the_closing_delimiter_are_content() -> None:
    assert loads("a = \"\"\"x\"\"\"\"\nb = '''y'''''") == {"a": 'x"', "b": "y''"}


# -- tolerance -------------------------------------------------------------------------------


def test_unterminated_string_ends_at_its_line() -> None:
    document = parse('actions = ["p3 c\nplayers = ["a"]\n')
    assert messages('actions = ["p3 c\nplayers = ["a"]\n') == [
        "this '[' is never closed: expected ']'",
        "unterminated string: the closing quote is missing",
    ]
    value, _ = check(document)
    assert value["players"] == ["a"]


def test_unclosed_array_stops_at_the_next_statement() -> None:
    text = "[1]\nactions = ['p1 f',\n  'p2 cc'\nplayers = ['a']\n[2]\nx = [1,\n2,\n[3]\ny = 1\n"
    document = parse(text)
    found = errors(document)
    assert [error.message for error in found] == ["this '[' is never closed: expected ']'"] * 2
    assert text[found[0].start] == "["
    value, _ = check(document)
    assert value["1"] == {"actions": ["p1 f", "p2 cc"], "players": ["a"]}
    # A line holding only "[3]" looks like a header: the guess can be wrong,
    # but only on text that is invalid anyway.
    assert value["2"] == {"x": [1, 2]}
    assert value["3"] == {"y": 1}


def test_missing_pieces_are_reported_and_parsing_goes_on() -> None:
    text = "a =\n= 1\n[b\nc = 1 2\nd = { e = 1\nf = tru\ng = 3\n"
    document = parse(text)
    assert tokens_text(document) == text
    found = [error.message for error in errors(document)]
    assert found == [
        "expected a value after '='",
        "expected a key, a [table] header or a comment",
        "expected ']' to close the header",
        "expected the end of the line after a statement",
        "this '{' is never closed: an inline table ends on its line with '}'",
        "invalid value 'tru' (a string needs quotes)",
    ]
    assert any(isinstance(node, ErrorNode) for node in document.descendants())
    assert check(document)[0]["b"]["g"] == 3


@pytest.mark.parametrize("opener", ["[", "{a=", "[{a=["])
def test_deep_nesting_is_an_error_not_a_crash(opener: str) -> None:
    text = "a = " + opener * 10_000
    limit = sys.getrecursionlimit()
    document = parse(text)
    assert tokens_text(document) == text
    assert errors(document)
    assert sys.getrecursionlimit() == limit
    nested = "a = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert errors(parse(nested)) == []
    assert "nested too deeply" in messages("a = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))[0]


@pytest.mark.parametrize(
    "text", ["\x00", "\ud800 = 1", "a = '\udfff'", "[\x7f]", "a = 1\x0b", "'''", '"""\\', "[[", "a.=", "a = {,}"]
)
def test_never_raises(text: str) -> None:
    document = parse(text)
    assert tokens_text(document) == text
    check(document)


# -- the strict verdict ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message", "where"),
    [
        ("a = 1\na = 2", "key a is already defined", "a = 2"),
        ("[t]\n[t]", "table t is already defined", "t]"),
        ("a = {b = 1}\na.c = 2", "cannot extend a: it was written whole (an inline table or array)", "a.c"),
        ("a = []\n[[a]]", "cannot add a table to the array a: it was written whole", "a]]"),
        ("[a.b]\n[a]\nb.c = 1", "cannot extend table a.b with a dotted key: it is already defined", "b.c"),
        ("a.b = 1\n[a]", "table a is already defined", "a]"),
        ('a = "\\x"', "invalid escape sequence '\\\\x'", "\\x"),
        ('a = "\\U00110000"', "escape '\\\\U00110000' is not a Unicode scalar value", "\\U"),
        ('a = "\\uD800"', "escape '\\\\uD800' is not a Unicode scalar value", "\\u"),
        ('a = "tab\x01"', "control character U+0001 must be escaped", "\x01"),
        ("# bell \x07", "control character U+0007 is not allowed in a comment", "\x07"),
        ("a = 2023-02-30", "invalid date '2023-02-30': no such day", "2023"),
        ("a = 012", "invalid number '012': leading zeros are not allowed", "012"),
        ("a = 1__0", "invalid number '1__0': '_' must stand between two digits", "1__"),
        ("a = 1_", "invalid number '1_': '_' must stand between two digits", "1_"),
        ("a = [1,,2]", "expected a value before ','", ",2"),
        ("a = {b = 1,}", "a trailing comma is not allowed in an inline table", ",}"),
        ("a = {b = 1, b = 2}", "key b is already defined in this inline table", "b = 2"),
    ],
)
def test_errors_name_the_mistake(text: str, message: str, where: str) -> None:
    found = errors(parse(text))
    assert found, text
    assert found[0].message == message
    assert text[found[0].start :].startswith(where) or text.index(where) == found[0].start
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)


def test_each_independent_mistake_is_reported() -> None:
    text = 'a = 1\na = 2\nb = "\\q"\n[t]\n[t]\nx = 1\nc = 2023-13-01\n'
    found = errors(parse(text))
    assert len(found) == 4
    assert [text[error.start : error.end] for error in found][:2] == ["a", "\\q"]


def test_to_python_raises_on_invalid_text() -> None:
    with pytest.raises(InvalidToml) as raised:
        loads("a = 1\na = 2")
    assert raised.value.errors[0].message == "key a is already defined"


def test_values_are_tomllibs() -> None:
    text = (
        "i = 0x1F\nf = 1_0.5e1\nn = nan\nd = 1979-05-27\nt = 07:32:00.123456789\n"
        "o = 1979-05-27T07:32:00-07:30\nz = 1979-05-27t07:32:00z\nl = 1979-05-27 07:32:00\n"
        "[[aot]]\nx = 1\n[[aot]]\n[aot.sub]\ny = 'q'\n"
    )
    ours = loads(text)
    theirs = tomllib.loads(text, parse_float=Decimal)
    assert repr(ours) == repr(theirs)
    assert ours["t"] == datetime.time(7, 32, 0, 123456)
    assert ours["o"].utcoffset() == datetime.timedelta(hours=-7, minutes=-30)


# -- laziness ------------------------------------------------------------------------------------


def test_plain_lines_are_lazy_and_expand_to_the_eager_nodes() -> None:
    text = "[1]\nantes = [0, 0]\nblinds = [0.10, 0.25] # c\nactions = ['p1 f', \"p2 cc\"]\ntime = 00:00:00\n"
    lazy = parse(text)
    statements = list(lazy.statements())
    assert [type(node).__name__ for node in statements] == ["TableHeader", *["LazyKeyValue"] * 4]
    value, found = check(lazy)
    assert found == []
    assert value == {
        "1": {
            "antes": [0, 0],
            "blinds": [Decimal("0.10"), Decimal("0.25")],
            "actions": ["p1 f", "p2 cc"],
            "time": datetime.time(0, 0),
        }
    }
    lazy_pairs = [node for node in statements if isinstance(node, LazyKeyValue)]
    assert all(node._expanded is None for node in lazy_pairs)  # checking built nothing
    eager = parse(text, lazy=False)
    assert tokens_text(lazy) == tokens_text(eager) == text
    assert [(node.kind, node.start, node.end) for node in lazy.descendants()] == [
        (node.kind, node.start, node.end) for node in eager.descendants()
    ]
    assert lazy_pairs[2].key.names() == ("actions",)


def test_the_garbage_collector_is_left_as_it_was() -> None:
    assert gc.isenabled()
    check(parse("a = [1, 2]\nb = {c = 1}"))
    assert gc.isenabled()
    gc.disable()
    try:
        check(parse("a = [1, 2]\nb = {c = 1}"))
        assert not gc.isenabled()
    finally:
        gc.enable()
