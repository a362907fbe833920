"""Document symbols (the hand's timeline) and folding ranges."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from phh_lsp.core.analysis import analyze
from phh_lsp.lsp.features.symbols import document_symbols, folding_ranges
from tests.conftest import CORPUS

DWAN = CORPUS / "examples" / "dwan-ivey-2009.phh"
WSOP = CORPUS / "wsop-2023-43-5"
PHHS = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


def symbols(path: Path, text: str | None = None) -> list[types.DocumentSymbol]:
    return document_symbols(analyze(path.read_text() if text is None else text, str(path)), "utf-16")


def by_name(items: list[types.DocumentSymbol], name: str) -> types.DocumentSymbol:
    return next(item for item in items if item.name == name)


def inside(inner: types.Range, outer: types.Range) -> bool:
    def key(position: types.Position) -> tuple[int, int]:
        return position.line, position.character

    return key(outer.start) <= key(inner.start) and key(inner.end) <= key(outer.end)


def check_nesting(items: list[types.DocumentSymbol]) -> None:
    for item in items:
        assert item.name.strip()
        assert inside(item.selection_range, item.range)
        for child in item.children or []:
            assert inside(child.range, item.range)
        check_nesting(item.children or [])


def test_fields_and_the_action_timeline() -> None:
    found = symbols(DWAN)
    assert [s.name for s in found][:6] == [
        "variant",
        "ante_trimming_status",
        "antes",
        "blinds_or_straddles",
        "min_bet",
        "starting_stacks",
    ]
    assert by_name(found, "variant").detail == '"NT"'
    actions = by_name(found, "actions")
    assert actions.kind == types.SymbolKind.Array and actions.detail == "18 items"
    assert [(s.name, s.detail) for s in actions.children or []] == [
        ("Pre-flop", "pot 49,500"),
        ("Flop", "pot 119,500"),
        ("Turn", "pot 1,109,500"),
        ("River", ""),
    ]
    flop = by_name(actions.children or [], "Flop")
    assert [(s.name, s.detail) for s in flop.children or []] == [
        ("d db Jc3d5c", ""),
        ("p1 cbr 35000", "Phil Ivey"),
        ("p3 cc", "Tom Dwan"),
    ]
    assert flop.range == types.Range(types.Position(24, 2), types.Position(27, 9))
    check_nesting(found)


def test_stud_and_draw_rounds() -> None:
    stud = by_name(symbols(WSOP / "11-00-35-59.phh"), "actions").children or []
    assert [s.name for s in stud] == ["Third street", "Fourth street", "Fifth street", "Sixth street", "Seventh street"]
    assert (stud[1].children or [])[0].name == "d dh p1 6c"
    draw = by_name(symbols(WSOP / "55-02-29-59.phh"), "actions").children or []
    assert [s.name for s in draw] == ["Pre-draw", "First draw", "Second draw", "Third draw"]
    assert (draw[1].children or [])[0].name == "p1 sd QdJc"


def test_phhs_hands_named_by_table_and_hand_number() -> None:
    found = symbols(PHHS)
    assert len(found) == 991
    first = found[0]
    assert first.name == "[1] hand 59937794410" and first.detail == "NT · 4 players"
    assert first.kind == types.SymbolKind.Module
    assert first.selection_range == types.Range(types.Position(0, 0), types.Position(0, 3))
    assert first.range.end == types.Position(19, 29)  # the last field, not the blank line after it
    assert [s.name for s in by_name(first.children or [], "actions").children or []] == [
        "Pre-flop",
        "Flop",
        "Turn",
        "River",
    ]
    check_nesting(found[:50])


def test_broken_hands_still_have_an_outline() -> None:
    text = DWAN.read_text().replace('"p3 cbr 7000"', '"p3 cbr 1"')
    actions = by_name(symbols(DWAN, text), "actions")
    assert [s.name for s in actions.children or []] == ["Pre-flop"]  # the replay stops at "p3 cbr 1"
    text = DWAN.read_text().replace("starting_stacks = [1125600, 2000000, 553500]\n", "")
    actions = by_name(symbols(DWAN, text), "actions")
    assert (actions.children or [])[0].name == "d dh p1 Ac2d"  # no replay: a flat list
    assert symbols(PHHS, "# prelude\nvariant = 'NT'\n[1]\nvariant = 'NT'\n")[0].name == "[1]"
    check_nesting(symbols(DWAN, 'actions = ["p1 c'))
    assert symbols(DWAN, "") == []


def test_folding_ranges() -> None:
    found = {(f.start_line, f.end_line, f.kind) for f in folding_ranges(analyze(DWAN.read_text(), str(DWAN)))}
    assert (0, 2, types.FoldingRangeKind.Comment) in found  # the header comment
    assert (10, 45, None) in found  # actions = [ ... ] with the ] left visible
    assert {(13, 20, None), (24, 27, None), (31, 41, None)} <= found  # pre-flop, flop, turn
    assert len(found) == 5
    phhs = folding_ranges(analyze(PHHS.read_text(), str(PHHS)))
    assert (phhs[0].start_line, phhs[0].end_line) == (0, 19)
    assert sum(1 for f in phhs if f.kind is None) == 991


def test_folding_in_one_line_arrays_and_broken_text() -> None:
    text = 'variant = "NT"\nactions = ["p1 cc",\n  "p2 cc"\n'
    assert folding_ranges(analyze(text, "x.phh")) == [types.FoldingRange(start_line=1, end_line=2)]


def large_phhs(count: int) -> str:
    """``count`` hands cycling the corpus file's, renumbered (the benchmark's file)."""
    bodies = [body.split("]\n", 1)[1] for body in ("\n" + PHHS.read_text()).split("\n[")[1:]]
    return "".join(f"[{i + 1}]\n{bodies[i % len(bodies)]}\n" for i in range(count))


def test_a_large_phhs_outlines_its_hands_without_replaying_them() -> None:
    """Past LARGE_HANDS hands the outline is the hands, by their table names,
    with the ranges the full outline gives them: a 50,000-hand file's
    outline of every field and action was 2 million symbols and minutes."""
    from phh_lsp.lsp.features.symbols import LARGE_HANDS

    analysis = analyze(large_phhs(LARGE_HANDS + 1), str(PHHS))
    found = document_symbols(analysis, "utf-16")
    assert analysis.analysed_count == 0
    assert [s.name for s in found[:3]] == ["[1]", "[2]", "[3]"] and len(found) == LARGE_HANDS + 1
    first = found[0]
    assert first.kind == types.SymbolKind.Module and not first.children
    assert first.selection_range == types.Range(types.Position(0, 0), types.Position(0, 3))
    assert first.range.end == types.Position(19, 29)  # as in the 991-hand file's full outline
    check_nesting(found)
    assert found[1].range.start.line > first.range.end.line


def test_a_large_phhs_folds_its_hands_and_comments() -> None:
    from phh_lsp.lsp.features.symbols import LARGE_HANDS

    text = "# a dataset\n# of many hands\n" + large_phhs(LARGE_HANDS + 1)
    analysis = analyze(text, str(PHHS))
    found = folding_ranges(analysis)
    assert analysis.analysed_count == 0
    assert found[0] == types.FoldingRange(start_line=0, end_line=1, kind=types.FoldingRangeKind.Comment)
    assert (found[1].start_line, found[1].end_line) == (2, 21)
    assert sum(1 for f in found if f.kind is None) == LARGE_HANDS + 1


def test_comment_lines_are_found_wherever_they_stand() -> None:
    """Lines that open with ``#`` (after blanks), not a ``#`` inside a value."""
    from phh_lsp.lsp.features.symbols import _COMMENT_LINE, _comment_marks

    for text in ("# a\n  # b\nx = 1 # c\nactions = ['p1 cc # d']\n\t#e", "#", "x\n#\n\u3000# f\n", ""):
        assert _comment_marks(text) == [match.end() - 1 for match in _COMMENT_LINE.finditer(text)]
        assert _comment_marks(text.replace("\n", "\r\n")) == [
            match.end() - 1 for match in _COMMENT_LINE.finditer(text.replace("\n", "\r\n"))
        ]
