"""TOML validity as TOML 1.0 says, per document, and the cases that once broke it.

The official toml-test suite (TOML 1.0 list, ``../shared/toml-test``) is run
through ``phh-lsp check`` twice: each file as a ``.phh`` (one hand) and as a
``.phhs`` (a file of hands, whose hands are judged one by one and, when
they are not independent tables, as one document). Every valid file must
give no TOML-level error, every invalid file at least one, and nothing may
fail inside the analysis. Then one test per case of input outside the
corpus that was once read wrongly (issue "One TOML syntax tree").
"""

from __future__ import annotations

import json
import shutil
import tomllib
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest

from phh_lsp.core.analysis import analyze
from phh_lsp.core.rules.codes import Diagnostic, Severity
from phh_lsp.core.syntax import parse
from phh_lsp.core.syntax.entries import read_entries
from phh_lsp.core.syntax.hands import split_hands
from tests.conftest import ROOT
from tests.core.test_diagnostic_codes import NT
from tests.test_cli import run

SUITE = ROOT.parent / "shared" / "toml-test"
TOML_CODES = {"PHH101", "PHH102", "PHH209"}


def _suite_names() -> list[str]:
    listed = (SUITE / "files-toml-1.0.0").read_text(encoding="utf-8").splitlines()
    return [name.strip() for name in listed if name.strip().endswith(".toml")]


@pytest.fixture(scope="module")
def suite_verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, set[str]]]:
    """The codes ``check`` reports for each suite file, per suffix."""
    root = tmp_path_factory.mktemp("toml-test")
    copies: dict[str, tuple[str, str]] = {}
    for name in _suite_names():
        for suffix in (".phh", ".phhs"):
            target = (root / suffix[1:] / name).with_suffix(suffix)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(SUITE / name, target)
            copies[str(target)] = (name, suffix)
    result = run("check", "--output-format", "json", "--jobs", "2", str(root))
    assert "Traceback" not in result.stderr
    verdicts: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for row in json.loads(result.stdout):
        name, suffix = copies[row["path"]]
        verdicts[suffix][name].add(row["code"] if row["severity"] == "error" else "")
    return verdicts


@pytest.mark.parametrize("suffix", [".phh", ".phhs"])
def test_the_toml_suite_is_judged_as_toml_1_0_says(suite_verdicts: dict[str, dict[str, set[str]]], suffix: str) -> None:
    names = _suite_names()
    assert sum(name.startswith("valid/") for name in names) == 210
    assert sum(name.startswith("invalid/") for name in names) == 499
    found = suite_verdicts[suffix]
    false_errors = [name for name in names if name.startswith("valid/") and found[name] & TOML_CODES]
    missed = [name for name in names if name.startswith("invalid/") and not found[name] & TOML_CODES]
    crashed = [name for name in names if "PHH901" in found[name]]
    assert (false_errors, missed, crashed) == ([], [], [])


def _toml_errors(text: str, uri: str) -> list[Diagnostic]:
    return [d for d in analyze(text, uri).diagnostics if d.code in TOML_CODES and d.severity is Severity.ERROR]


def _hands(text: str) -> list[str]:
    return [hand.text for hand in split_hands(text, multi=True)]


LAST = '  "p3 cc",\n]\n'  # the end of NT's actions


def test_a_header_like_line_in_a_string_before_the_first_hand_is_not_a_hand() -> None:
    """Found by the property test that holds the cut to the tree: the text
    before the first hand was not checked for an open multi-line string."""
    text = f'title = """\n[1]\nnot a hand\n"""\n[1]\n{NT}'
    tomllib.loads(text)
    assert _hands(text) == ['title = """\n[1]\nnot a hand\n"""\n', f"[1]\n{NT}"]
    assert [d.code for d in analyze(text, "x.phhs").diagnostics] == ["PHH103"]  # a field outside the hands


def test_a_header_like_line_in_a_multi_line_string_is_not_a_hand() -> None:
    text = f'[1]\n{NT}_note = """\n[2]\nnot a hand\n"""\n[2]\n{NT}'
    tomllib.loads(text)
    assert len(_hands(text)) == 2
    assert analyze(text, "x.phhs").diagnostics == []


def test_a_nested_array_row_at_column_0_is_not_a_table() -> None:
    grid = "_grid = [\n[1, 2],\n[3, 4]\n]\n"
    assert tomllib.loads(grid) == {"_grid": [[1, 2], [3, 4]]}
    assert analyze(NT + grid, "x.phh").diagnostics == []
    text = f"[1]\n{NT}{grid}[2]\n{NT}"
    assert len(_hands(text)) == 2
    assert analyze(text, "x.phhs").diagnostics == []


def test_an_unclosed_actions_array_still_ends_at_the_next_hand() -> None:
    broken = NT.replace(LAST, '  "p3 cc",\n')
    text = f"[1]\n{broken}[2]\n{NT}"
    assert len(_hands(text)) == 2
    errors = [d for d in analyze(text, "x.phhs").diagnostics if d.severity is Severity.ERROR]
    # once, where the `]` belongs: after the first hand's last action
    assert [(d.code, text[d.span.start : d.span.end]) for d in errors] == [("PHH101", '"p3 cc"')]
    assert errors[0].span.end <= text.index("[2]")


def test_a_quoted_key_with_a_dot_is_not_a_dotted_key() -> None:
    text = NT + '"_a.b" = 1\n_a.b = 2\n'
    assert tomllib.loads(text)["_a.b"] == 1
    assert analyze(text, "x.phh").diagnostics == []
    keys = [entry.key for entry in read_entries(parse(text)) if entry.key.startswith(('"_a', "_a"))]
    assert keys == ['"_a.b"', "_a.b"]


def test_a_multi_line_basic_string_with_escaped_quotes_reads_as_tomllib_reads() -> None:
    text = '_s = """a\\"""b"""\n_t = """one \\\n    two"""\n'
    values = {entry.key: entry.value.value for entry in read_entries(parse(text)) if entry.value is not None}
    assert values == tomllib.loads(text) == {"_s": 'a"""b', "_t": "one two"}


@pytest.mark.parametrize(
    ("written", "marked"),
    [
        ('"p1 \\u0078"', "\\u0078"),
        ('"""p1 \\u0078"""', "\\u0078"),
        ('"""\np1 x"""', "x"),
        ('"""p1 \\\n   x"""', "x"),
    ],
)
def test_a_diagnostic_inside_an_action_string_lands_on_its_token(written: str, marked: str) -> None:
    text = NT.replace(LAST, f'  "p3 cc",\n  {written},\n]\n')
    (found,) = [d for d in analyze(text, "x.phh").diagnostics if d.code == "PHH303"]
    assert text[found.span.start : found.span.end] == marked


@pytest.mark.parametrize("prelude", ['"1" = 5\n', "1.variant = 'NT'\n"])
def test_a_key_above_the_first_hand_that_collides_with_a_hand(prelude: str) -> None:
    text = f"{prelude}[1]\n{NT}"
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)
    (found,) = _toml_errors(text, "x.phhs")
    assert found.code == "PHH102"
    assert text[found.span.start : found.span.end] == prelude.split(" ")[0]


def test_tables_tied_across_hands_are_judged_as_one_document() -> None:
    text = f"[a]\nb.c = 1\n[1]\n{NT}[a.b]\n"
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)
    (found,) = _toml_errors(text, "x.phhs")
    assert found.code == "PHH101"


@pytest.mark.parametrize(
    "text",
    [
        "[a]\nb = 1\n[a]\nc = 2\n",  # a table declared twice
        "a.b = 0\na = {}\n",  # a table replaced by an inline table
        "a = false\na.b = true\n",  # a dotted key redefining a value
        "fruit = []\n[[fruit]]\n",  # a static array extended
    ],
)
def test_redefinitions_that_are_not_fields_are_toml_errors(text: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)
    assert [d.code for d in _toml_errors(NT + text, "x.phh")] == ["PHH101"]


def test_a_field_defined_twice_is_one_diagnostic() -> None:
    text = NT + 'variant = "FT"\n'
    assert [d.code for d in _toml_errors(text, "x.phh")] == ["PHH209"]


def test_an_out_of_range_unicode_escape_is_a_toml_error_not_a_crash() -> None:
    found = analyze(NT + '_a = "\\UFFFFFFFF"\n', "x.phh").diagnostics
    assert [d.code for d in found if d.severity is Severity.ERROR] == ["PHH101"]


def test_invalid_utf8_is_reported_where_it_stands(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_bytes(NT.encode() + b'_note = "caf\xe9"\n')
    result = run("check", str(path))
    assert result.returncode == 1
    line = NT.count("\n") + 1
    assert f"bad.phh:{line}:13: error[PHH101] the file is not UTF-8 text: byte 0xe9" in result.stdout


def test_unknown_stacks_and_winnings_together(tmp_path: Path) -> None:
    """iPoker's files: every stack unknown (`inf`), a `winnings` field."""
    text = NT.replace("starting_stacks = [", "starting_stacks = [inf, inf, inf]\n_was = [") + "winnings = [0, 3, 0]\n"
    tomllib.loads(text)
    assert [d for d in analyze(text, "x.phh").diagnostics if d.severity is Severity.ERROR] == []


def test_values_agree_with_tomllib_on_floats() -> None:
    text = NT + "_x = 0.10\n"
    (entry,) = [e for e in read_entries(parse(text)) if e.key == "_x"]
    assert entry.value is not None and entry.value.value == tomllib.loads(text, parse_float=Decimal)["_x"]


def test_a_crlf_phhs_is_cut_into_its_hands() -> None:
    """Windows line endings: `[2]\\r\\n` is a header too (it was not: a CRLF
    `.phhs` was one hand, its other hands unchecked)."""
    text = f"[1]\n{NT}\n[2]\n{NT.replace('AcAd', 'AcAx')}".replace("\n", "\r\n")
    assert len(_hands(text)) == 2
    (found,) = analyze(text, "x.phhs").diagnostics
    assert found.code == "PHH307" and text.index("[2]") < found.span.start
