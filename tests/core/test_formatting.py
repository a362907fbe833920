"""The formatter: golden before/after pairs, rules one by one, and the
guarantees (idempotent, no value or comment lost, invalid TOML untouched)
checked on every corpus file and on randomly damaged ones.

The comment tokenizer and the action comparison here are written
independently of the formatter's scanner, so a scanner bug cannot hide
itself. Set ``PHH_UPDATE_GOLDEN=1`` to rewrite the expected files.
"""

from __future__ import annotations

import os
import re
import time
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phh_lsp.core.formatting.formatter import describe_toml_error, format_text
from tests.conftest import BIG_PHHS, CORPUS, manifest_totals

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "format"
CORPUS_FILES = sorted(path for path in CORPUS.rglob("*") if path.suffix in (".phh", ".phhs"))
DUMP_STYLE = [  # pokerkit's HandHistory.dumps style, per corpus/MANIFEST.md
    "wsop-2023-43-5/1-00-02-07.phh",
    "wsop-2023-43-5/5-00-22-43.phh",
    "wsop-2023-43-5/12-00-41-13.phh",
    "wsop-2023-43-5/20-01-00-21.phh",
    "wsop-2023-43-5/27-01-18-22.phh",
    "wsop-2023-43-5/34-01-39-18.phh",
    "wsop-2023-43-5/41-01-53-52.phh",
    "wsop-2023-43-5/48-02-09-20.phh",
    "wsop-2023-43-5/55-02-29-59.phh",
    "wsop-2023-54-4/1-00-02-05.phh",
]


# ---------------------------------------------------------------- helpers


_INTERESTING = re.compile(r"\"\"\"|'''|[\"'#]")


def comments(text: str) -> Counter[str]:
    """The multiset of comment texts; ``#`` inside any string is no comment."""
    found: Counter[str] = Counter()
    i = 0
    while (hit := _INTERESTING.search(text, i)) is not None:
        delim, i = hit.group(), hit.end()
        if delim == "#":
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            found[text[hit.start() : end].rstrip()] += 1
            i = end
            continue
        while not text.startswith(delim, i):  # skip the string's content
            i += 2 if delim[0] == '"' and text[i] == "\\" else 1
        i += len(delim)
        if len(delim) == 3:
            while text.startswith(delim[0], i):  # quotes just before the end
                i += 1
    return found


def _squeezed(value: Any, key: str = "") -> Any:
    """Parsed values with whitespace removed from action strings."""
    if isinstance(value, dict):
        return {k: _squeezed(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return ["".join(v.split()) if key == "actions" and isinstance(v, str) else _squeezed(v) for v in value]
    return value


def _parse(text: str) -> dict[str, Any]:
    """tomllib's values, floats as written (``nan`` is not equal to itself)."""
    return tomllib.loads(text, parse_float=lambda raw: ("float", raw))


def assert_kept(before: str, after: str) -> None:
    """Same values (action whitespace aside) and the same comments."""
    assert _squeezed(_parse(after)) == _squeezed(_parse(before))
    assert comments(after) == comments(before)


@cache
def corpus_pair(path: Path) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    formatted = format_text(text, multi=path.suffix == ".phhs")
    assert formatted is not None, path
    return text, formatted


def fmt(text: str, *, multi: bool = False, width: int = 88) -> str:
    result = format_text(text, multi=multi, line_width=width)
    assert result is not None
    assert format_text(result, multi=multi, line_width=width) == result
    assert_kept(text, result)
    return result


# ---------------------------------------------------------------- golden pairs

GOLDEN_INPUTS = sorted(GOLDEN.glob("*.in.*"))


@pytest.mark.parametrize("source", GOLDEN_INPUTS, ids=lambda path: path.name)
def test_golden(source: Path) -> None:
    expected_path = source.with_name(source.name.replace(".in.", ".out."))
    multi = source.suffix == ".phhs"
    text = source.read_bytes().decode("utf-8")
    result = format_text(text, multi=multi)
    assert result is not None
    if os.environ.get("PHH_UPDATE_GOLDEN"):
        expected_path.write_bytes(result.encode("utf-8"))
    expected = expected_path.read_bytes().decode("utf-8")
    assert result == expected
    assert format_text(expected, multi=multi) == expected
    assert_kept(text, expected)


def test_golden_crlf_pair_really_uses_crlf() -> None:
    for name in ("crlf_line_endings.in.phh", "crlf_line_endings.out.phh"):
        data = (GOLDEN / name).read_bytes()
        assert data.count(b"\n") == data.count(b"\r\n") > 0


# ---------------------------------------------------------------- the corpus


def test_corpus_is_all_there() -> None:
    totals = manifest_totals()
    assert len(CORPUS_FILES) == totals.phh_files + totals.phhs_files


def test_corpus_idempotent_and_lossless() -> None:
    started = time.perf_counter()
    broken = []
    for path in CORPUS_FILES:
        text, formatted = corpus_pair(path)
        again = format_text(formatted, multi=path.suffix == ".phhs")
        try:
            assert again == formatted, "not idempotent"
            assert formatted.endswith("\n") and not formatted.endswith("\n\n")
            assert_kept(text, formatted)
        except AssertionError as error:
            broken.append(f"{path}: {error}")
    assert broken == []
    assert time.perf_counter() - started < 60  # ~5 s on an idle machine


def test_corpus_dump_style_becomes_multiline() -> None:
    for name in DUMP_STYLE:
        text, formatted = corpus_pair(CORPUS / name)
        assert "actions = ['" in text
        count = len(tomllib.loads(text)["actions"])
        lines = formatted.splitlines()
        start = lines.index("actions = [")
        body = lines[start + 1 : start + 1 + count]
        assert all(re.fullmatch(r'  "[^"]*",', line) for line in body), name
        assert lines[start + 1 + count] == "]"
        assert "'" not in formatted


def test_corpus_phhs_hands_separated_by_one_blank_line() -> None:
    _text, formatted = corpus_pair(BIG_PHHS)
    headers = re.findall(r"(?m)^\[(\d+)\]$", formatted)
    assert headers == [str(n) for n in range(1, 992)]
    assert "\n\n\n" not in formatted
    assert formatted.count("\n\n[") == 990
    assert "blinds_or_straddles = [0.10, 0.25, 0, 0]" in formatted


def test_corpus_spec_style_files_unchanged() -> None:
    # The corpus's own multi-line files already follow the style.
    for path in CORPUS_FILES:
        if "synthetic" in path.parts and path.name in ("NT-01.phh", "FB-02.phh"):
            text, formatted = corpus_pair(path)
            assert formatted == text


# ---------------------------------------------------------------- rules


def test_invalid_toml_is_never_touched() -> None:
    for text in [
        "a = [1,\n",
        'variant = "NT\n',
        "a = 1\na = 2\n",
        "[1]\nx=1\n[1]\n",
        "a = 1 b = 2\n",
        "= 1\n",
        "a = 'x' # \x00\n",
        "a = [1,]]\n",
    ]:
        assert format_text(text, multi=False) is None
        assert format_text(text, multi=True) is None
        assert describe_toml_error(text) is not None
    assert describe_toml_error('a = "x"\n') is None
    assert describe_toml_error("a = 1\nb = [1, 2") == ("line 2, column 5: this '[' is never closed: expected ']'")
    assert describe_toml_error("a = 1\r\nb = = 2\r\n") == ("line 2, column 3: expected a value after '='")
    assert describe_toml_error("\ufeffa = 1\nb = = 2\n") == ("line 2, column 3: expected a value after '='")


def test_action_strings_normalised() -> None:
    result = fmt('actions = ["p1   cbr  7000#nice", "", "   ", "#  tank   30s ", \'p2 cc  #\', "d db  AhKh2c"]\n')
    assert result == (
        'actions = [\n  "p1 cbr 7000 # nice",\n  "",\n  "",\n  "# tank 30s",\n  "p2 cc #",\n  "d db AhKh2c",\n]\n'
    )


def test_empty_actions_stay_on_one_line() -> None:
    assert fmt("actions = [ ]\n") == "actions = []\n"


def test_field_order() -> None:
    text = "_b = 1\nzz = 2\nauthor = 'x'\n_a = 3\nactions = []\naa = 4\nmin_bet = 2\nvariant = 'NT'\n"
    assert fmt(text).splitlines() == [
        'variant = "NT"',
        "min_bet = 2",
        "actions = []",
        'author = "x"',
        "_b = 1",
        "_a = 3",
        "zz = 2",
        "aa = 4",
    ]


def test_key_value_spacing_and_quoted_keys() -> None:
    assert fmt("variant='NT'\n\"min_bet\"   =\t2\n'odd key'='v'\n") == (
        'variant = "NT"\nmin_bet = 2\n\'odd key\' = "v"\n'
    )


def test_numbers_dates_times_kept_as_written() -> None:
    text = (
        "time = 00:01:20\n_a = 1_000\n_b = 0.10\n_c = +inf\n_d = 1e3\n"
        "_e = 0x1F\n_f = 1979-05-27 07:32:00Z\n_g = 1979-05-27\n_h = nan\n"
    )
    assert fmt(text) == text


def test_strings() -> None:
    text = (
        "_a = 'plain'\n_b = 'C:\\path'\n_c = 'say \"hi\"'\n"
        '_d = "esc\\"aped"\n_e = "\\u00e9t\\u00e9"\n_f = \'tab\there\'\n_g = "été"\n'
    )
    assert fmt(text).splitlines() == [
        '_a = "plain"',
        "_b = 'C:\\path'",
        "_c = 'say \"hi\"'",
        '_d = "esc\\"aped"',
        '_e = "\\u00e9t\\u00e9"',
        "_f = 'tab\there'",
        '_g = "été"',
    ]


def test_action_needing_escapes_stays_valid() -> None:
    result = fmt('actions = [\'p1  cc # a \\ b "q"\', "p2  f # it\'s\\\\"]\n')
    assert "'p1 cc # a \\ b \"q\"'" in result
    assert '"p2 f # it\'s\\\\"' in result


def test_arrays_fit_or_explode_with_line_width() -> None:
    text = "players = ['Alice', 'Bob', 'Carol']\n"
    assert fmt(text) == 'players = ["Alice", "Bob", "Carol"]\n'
    assert fmt(text, width=35) == 'players = ["Alice", "Bob", "Carol"]\n'
    assert fmt(text, width=34) == ('players = [\n  "Alice",\n  "Bob",\n  "Carol",\n]\n')
    multi_line = 'players = [\n  "Alice",\n\n  "Bob",\n]\n'
    assert fmt(multi_line) == 'players = ["Alice", "Bob"]\n'


def test_array_with_comment_is_multiline() -> None:
    assert fmt("seats = [1, 2] # eol\n_x = [1, # one\n 2]\n_y = [ # open\n 3]\n") == (
        "seats = [1, 2]  # eol\n_x = [\n  1,  # one\n  2,\n]\n_y = [  # open\n  3,\n]\n"
    )


def test_blank_lines_in_actions_collapse_to_one() -> None:
    text = 'actions = [\n\n  # Pre-flop\n\n\n  "p1 f",\n\n\n  "p2 f",\n\n]\n'
    assert fmt(text) == ('actions = [\n  # Pre-flop\n\n  "p1 f",\n\n  "p2 f",\n]\n')


def test_header_block_and_attached_comments() -> None:
    text = (
        "\n\n# header 1\n# header 2\n\n\n# about author\nauthor = 'x'\n"
        "# about variant\n\nvariant = 'NT'  # eol\n\n\n# the end\n\n"
    )
    assert fmt(text) == (
        '# header 1\n# header 2\n\n# about variant\nvariant = "NT"  # eol\n# about author\nauthor = "x"\n\n# the end\n'
    )
    # Comments directly above the first key are the header too.
    assert fmt("# only\nauthor = 'x'\nvariant = 'NT'\n") == ('# only\n\nvariant = "NT"\nauthor = "x"\n')


def test_phhs_tables() -> None:
    text = (
        "# file\n\n[1]\nvariant='NT'\n# about hand 2\n[ 2 ] # two\n"
        "author='x'\nvariant='FT'\n\n\n\n[3]\n[3.extra]\nk  =  1\n"
    )
    assert fmt(text, multi=True) == (
        '# file\n\n[1]\nvariant = "NT"\n\n# about hand 2\n[2]  # two\n'
        'variant = "FT"\nauthor = "x"\n\n[3]\n\n[3.extra]\nk  =  1\n'
    )


def test_tables_in_a_phh_are_kept_verbatim() -> None:
    text = "variant = 'NT'\n[1]\nb =  2\na =  1\n\n# c\n[[x]]\ny=1\n"
    assert fmt(text) == ('variant = "NT"\n\n[1]\nb =  2\na =  1\n\n# c\n[[x]]\ny=1\n')


def test_unplaceable_values_kept_verbatim() -> None:
    text = "_t = {a = 1,  b = [1,\n 2]}\n_m = '''\nx # y\n'''\n_n = \"\"\"a\\\n  b\"\"\"\n_d.e  =  [1,2]  # dotted\n"
    assert fmt(text) == text.replace("_d.e  =  ", "_d.e = ")


def test_line_endings_bom_and_final_newline() -> None:
    assert fmt("variant = 'NT'\r\nmin_bet = 2") == 'variant = "NT"\r\nmin_bet = 2\r\n'
    assert fmt("min_bet = 2\n\n\n\n") == "min_bet = 2\n"
    assert format_text("\ufeffmin_bet = 2", multi=False) == "\ufeffmin_bet = 2\n"
    assert fmt("") == ""
    assert fmt("\n  \n") == ""
    assert fmt("# just a note") == "# just a note\n"


@pytest.mark.parametrize("text", ["\x00", "[", "a = " + "[" * 500 + "]" * 500 + "\n", "\ud800 = 1", "a=1\r"])
def test_never_raises(text: str) -> None:
    for multi in (False, True):
        result = format_text(text, multi=multi)
        assert result is None or isinstance(result, str)


# ---------------------------------------------------------------- properties


def _phhs_head(hands: int) -> str:
    text = BIG_PHHS.read_text(encoding="utf-8")
    return text[: text.index(f"\n[{hands + 1}]\n")]


SOURCES = [
    (path.read_text(encoding="utf-8"), False)
    for path in CORPUS_FILES
    if "examples" in path.parts or path.name.endswith("-01.phh")
] + [((CORPUS / name).read_text(encoding="utf-8"), False) for name in DUMP_STYLE[:3]]
SOURCES.append((_phhs_head(3), True))
EDIT_CHARS = ['"', "'", "[", "]", "#", "\n", ",", "=", " ", "{"]


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, bool]:
    text, multi = draw(st.sampled_from(SOURCES))
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["delete", "insert", "duplicate"]))
        if kind == "delete":
            text = text[:where] + text[where + 1 :]
        elif kind == "insert":
            text = text[:where] + draw(st.sampled_from(EDIT_CHARS)) + text[where:]
        else:
            lines = text.split("\n")
            line = draw(st.integers(0, len(lines) - 1))
            lines.insert(line, lines[line])
            text = "\n".join(lines)
    return text, multi


@settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(damaged())
def test_damaged_corpus_files(case: tuple[str, bool]) -> None:
    text, multi = case
    result = format_text(text, multi=multi)
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert result is None
        return
    assert result is not None
    assert format_text(result, multi=multi) == result
    assert_kept(text, result)


@settings(max_examples=200, deadline=None, database=None)
@given(
    st.lists(
        st.sampled_from(["p1", "cbr", "7000", "#", "nice", " ", "  ", "\t", ""]),
        max_size=8,
    ).map("".join)
)
def test_any_action_string(action: str) -> None:
    text = f"actions = ['{action}', \"{action}\"]\n"
    result = fmt(text)
    (first, second) = tomllib.loads(result)["actions"]
    assert first == second == " ".join(first.split())
