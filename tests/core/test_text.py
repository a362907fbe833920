"""Offsets to lines and columns: CRLF, lone CR, non-ASCII, UTF-16."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from phh_lsp.core.analysis import analyze
from phh_lsp.core.text import BlockText, Edit, LineIndex
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


class _SmallTextBlocks(BlockText):
    """Text in blocks of 4 characters, so that edits and slices cross blocks."""

    BLOCK = 4


_TEXT = st.text(alphabet="ab\n\r€😀", max_size=40)


@settings(max_examples=300, deadline=None)
@given(_TEXT, st.lists(st.tuples(st.integers(0, 50), st.integers(0, 12), _TEXT), min_size=1, max_size=6))
def test_text_in_blocks_is_the_text_after_edits(text: str, edits: list[tuple[int, int, str]]) -> None:
    """The server's text in blocks never disagrees with the string spliced
    the plain way: every character and slice, its length, the whole text;
    and the line index made over the blocks answers as a fresh one."""
    blocks = _SmallTextBlocks.of(text)
    index = LineIndex(blocks)
    for start, length, inserted in edits:
        start = min(start, len(text))
        end = min(len(text), start + length)
        # where a line break may be split, the index is made afresh (joined)
        crlf = "\r" in text or "\r" in inserted
        text = text[:start] + inserted + text[end:]
        blocks = blocks.replaced(start, end, inserted)
        index = LineIndex.after_edit(index, blocks, Edit(start, end, len(inserted)))
        assert crlf or not blocks.is_joined  # an edit joins nothing
        assert len(blocks) == len(text)
        assert [blocks[i] for i in range(len(text))] == list(text)
        assert [blocks[-i] for i in range(1, len(text) + 1)] == [text[-i] for i in range(1, len(text) + 1)]
        for first in range(len(text) + 2):
            for last in range(first - 1, len(text) + 2):
                assert blocks[first:last] == text[first:last]
        fresh = LineIndex(text)
        assert index.line_starts == fresh.line_starts
        for line in range(fresh.line_count + 1):
            assert index.line_text(line) == fresh.line_text(line)
            assert index.line_end(line) == fresh.line_end(line) if line < fresh.line_count else True
            assert index.offset(line, 3, "utf-16") == fresh.offset(line, 3, "utf-16")
        for offset in range(len(text) + 1):
            assert index.position(offset, "utf-8") == fresh.position(offset, "utf-8")
        assert crlf or not blocks.is_joined  # nor does reading lines and positions
        assert str(blocks) == text and index.text == text
