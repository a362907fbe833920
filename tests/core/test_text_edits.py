"""Minimal edits: applying them to the old text gives the new one, they
touch whole lines only, and a whole-corpus reformat diffs quickly."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phh_lsp.core.fixes.text_edits import TextEdit, apply_edits, minimal_edits
from phh_lsp.core.formatting.formatter import format_text
from tests.conftest import BIG_PHHS


def check(old: str, new: str) -> list[TextEdit]:
    edits = minimal_edits(old, new)
    assert apply_edits(old, edits) == new
    line_starts = {0} | {i + 1 for i, char in enumerate(old) if char == "\n"}
    previous_end = -1
    for edit in edits:
        assert edit.start in line_starts
        assert edit.end in line_starts or edit.end == len(old)
        assert previous_end < edit.start or (previous_end == edit.start == edit.end)
        previous_end = edit.end
    return edits


def test_equal_texts_need_no_edit() -> None:
    assert minimal_edits("a\nb\n", "a\nb\n") == []
    assert minimal_edits("", "") == []


def test_one_changed_line_is_one_edit() -> None:
    old = "a\nb\nc\nd\n"
    assert check(old, "a\nB\nc\nd\n") == [TextEdit(2, 4, "B\n")]
    assert check(old, "a\nc\nd\n") == [TextEdit(2, 4, "")]
    assert check(old, "a\nb\nx\ny\nc\nd\n") == [TextEdit(4, 4, "x\ny\n")]


def test_separate_hunks() -> None:
    edits = check("1\n2\n3\n4\n5\n6\n", "1\nX\n3\n4\n5\nY\n")
    assert edits == [TextEdit(2, 4, "X\n"), TextEdit(10, 12, "Y\n")]


def test_crlf_lines() -> None:
    old = "a = 1\r\nb = 2\r\nc = 3\r\n"
    edits = check(old, "a = 1\r\nb = 20\r\nc = 3\r\n")
    assert edits == [TextEdit(7, 14, "b = 20\r\n")]
    check(old, old.replace("\r\n", "\n"))


def test_missing_final_newline() -> None:
    assert check("a\nb", "a\nb\n") == [TextEdit(2, 3, "b\n")]
    assert check("a\nb\n", "a\nb") == [TextEdit(2, 4, "b")]
    check("", "a\n")
    check("a\n", "")
    check("x", "y")


def test_apply_rejects_overlaps() -> None:
    with pytest.raises(ValueError):
        apply_edits("abcdef", [TextEdit(0, 3, "x"), TextEdit(2, 4, "y")])
    assert apply_edits("abcdef", [TextEdit(4, 5, "E"), TextEdit(0, 1, "A")]) == "AbcdEf"


def test_reformatted_phhs_diffs_fast() -> None:
    old = BIG_PHHS.read_text(encoding="utf-8")
    new = format_text(old, multi=True)
    assert new is not None
    started = time.perf_counter()
    edits = check(old, new)
    assert time.perf_counter() - started < 10  # ~0.2 s on an idle machine
    assert 0 < len(edits) < len(old.splitlines())
    small = new.replace('"p2 f",', '"p2 cc",', 1)
    assert len(check(new, small)) == 1


LINES = st.sampled_from(["a", "b", "c", "", "  x = 1", "[1]", "# c"])
ENDINGS = st.sampled_from(["\n", "\r\n"])


@st.composite
def texts(draw: st.DrawFn) -> str:
    lines = draw(st.lists(st.tuples(LINES, ENDINGS).map("".join), max_size=25))
    return "".join(lines) + draw(st.sampled_from(["", "tail"]))


@settings(max_examples=200, deadline=None, database=None)
@given(texts(), texts())
def test_random_texts(old: str, new: str) -> None:
    check(old, new)


@settings(max_examples=100, deadline=None, database=None)
@given(texts(), st.data())
def test_random_small_changes(old: str, data: st.DataObject) -> None:
    lines = old.splitlines(keepends=True)
    if lines:
        index = data.draw(st.integers(0, len(lines) - 1))
        lines[index] = data.draw(LINES) + "\n"
    check(old, "".join(lines))
