"""Offsets to lines and columns: CRLF, lone CR, non-ASCII, UTF-16."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from phh_lsp.core.analysis import analyze
from phh_lsp.core.text import Edit, LineIndex
from tests.core.test_diagnostic_codes import NT


def test_crlf_and_lone_cr_break_lines() -> None:
    index = LineIndex("a\r\nbc\rd\ne")
    assert index.line_starts == [0, 3, 6, 8]
    assert index.position(4) == (1, 1)
    assert index.line_text(1) == "bc"
    assert index.offset(1, 99) == 5


def test_utf16_and_utf8_columns() -> None:
    text = 'players = ["Åsa 😀", "x"]'
    index = LineIndex(text)
    offset = text.index('"x"')
    assert index.position(offset, "utf-32") == (0, 20)
    assert index.position(offset, "utf-16") == (0, 21)
    assert index.position(offset, "utf-8") == (0, 24)
    assert index.offset(0, 21, "utf-16") == offset
    assert index.offset(0, 24, "utf-8") == offset


def test_crlf_document_reports_the_right_column() -> None:
    text = NT.replace("AcAd", "AcAx").replace("\n", "\r\n")
    analysis = analyze(text, "hand.phh")
    (found,) = analysis.diagnostics
    assert analysis.lines.position(found.span.start) == (6, 13)
    assert text[found.span.start : found.span.end] == "Ax"


def test_non_ascii_comment_before_the_problem() -> None:
    text = "# Ünïcödé 😀 header\n" + NT.replace("q", "q").replace('"p3 cbr 6"', '"p3 cbr 6", # 😀😀 "x"\n  "q1 f"')
    analysis = analyze(text, "hand.phh")
    codes = [(d.code, text[d.span.start : d.span.end]) for d in analysis.diagnostics]
    assert ("PHH301", "q1") in codes


class _SmallBlocks(LineIndex):
    """The line index with blocks of 3 lines, so that edits cross blocks."""

    BLOCK = 3


_LINES = st.text(alphabet="ab\n\r", max_size=60)


@settings(max_examples=300, deadline=None)
@given(_LINES, st.lists(st.tuples(st.integers(0, 80), st.integers(0, 20), _LINES), min_size=1, max_size=6))
def test_line_index_after_edits_is_the_fresh_index(text: str, edits: list[tuple[int, int, str]]) -> None:
    """However the edits fall across blocks (lines typed, deleted, joined,
    ``\\r\\n`` split), every line and offset answer is the fresh index's."""
    index = _SmallBlocks(text)
    for start, length, inserted in edits:
        start = min(start, len(text))
        end = min(len(text), start + length)
        text = text[:start] + inserted + text[end:]
        index = _SmallBlocks.after_edit(index, text, Edit(start, end, len(inserted)))
        fresh = LineIndex(text)
        assert index.line_starts == fresh.line_starts
        assert index.line_count == fresh.line_count
        for offset in range(len(text) + 2):
            assert index.line_of(offset) == fresh.line_of(offset)
            assert index.position(offset, "utf-16") == fresh.position(offset, "utf-16")
        for line in range(fresh.line_count + 1):
            assert index.line_text(line) == fresh.line_text(line)
            assert index.offset(line, 2) == fresh.offset(line, 2)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["a", " ", "\n", "\r\n", "Å", "😀", "€", "x"]), max_size=30).map("".join),
    st.sampled_from(["utf-8", "utf-16", "utf-32"]),
)
def test_every_position_maps_back_to_its_offset(text: str, encoding: str) -> None:
    """A client's (line, column) in any encoding is the offset it was made
    from, on ASCII lines (read without walking them) and the others alike;
    a column inside a character or past the line clamps as before."""
    index = LineIndex(text)
    for offset in range(len(text) + 1):
        if offset and text[offset - 1 : offset + 1] == "\r\n":
            continue  # between CR and LF: no position of its own
        line, column = index.position(offset, encoding)  # type: ignore[arg-type]
        assert index.offset(line, column, encoding) == offset  # type: ignore[arg-type]
    for line in range(index.line_count):
        assert index.offset(line, 10**6, encoding) == index.line_end(line)  # type: ignore[arg-type]
