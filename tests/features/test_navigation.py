"""Go to definition, find references and highlights for players (`pN`)."""

from __future__ import annotations

from lsprotocol import types

from phh_lsp.core.analysis import analyze
from phh_lsp.lsp.features.navigation import definition, highlights, references
from tests.conftest import CORPUS

DWAN = CORPUS / "examples" / "dwan-ivey-2009.phh"
PHHS = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"
URI = "file:///hands/dwan.phh"


def rng(text: str) -> types.Range:
    """``"3:0-3:18"`` -> Range."""
    start, end = text.split("-")
    (a, b), (c, d) = start.split(":"), end.split(":")
    return types.Range(types.Position(int(a), int(b)), types.Position(int(c), int(d)))


def at(text: str, line: int, column: int) -> int:
    return analyze(text, URI).lines.offset(line, column)


def test_definition_jumps_to_the_players_name() -> None:
    text = DWAN.read_text()
    analysis = analyze(text, URI)
    offset = analysis.lines.offset(17, 4)  # "p3 cbr 7000": on p3
    assert definition(analysis, offset, URI, "utf-16") == types.Location(URI, rng("50:43-50:53"))
    assert definition(analysis, analysis.lines.offset(17, 8), URI, "utf-16") is None  # on cbr
    dealee = analysis.lines.offset(13, 9)  # "d dh p1 Ac2d": on p1
    assert definition(analysis, dealee, URI, "utf-16") == types.Location(URI, rng("50:11-50:22"))


def test_definition_falls_back_to_starting_stacks() -> None:
    path = CORPUS / "wsop-2023-43-5" / "10-00-34-43.phh"
    analysis = analyze(path.read_text(), str(path))
    offset = analysis.lines.offset(17, 4)  # "p4 cbr 200000"
    assert definition(analysis, offset, URI, "utf-16") == types.Location(URI, rng("8:47-8:54"))


def test_references_list_every_action_of_the_player() -> None:
    analysis = analyze(DWAN.read_text(), URI)
    offset = analysis.lines.offset(20, 3)  # "p3 cc": just after p3 counts too
    found = references(analysis, offset, URI, "utf-16")
    assert [location.range.start.line for location in found] == [15, 17, 20, 27, 34, 36, 41]
    assert found[0].range == rng("15:8-15:10")  # the dealee of "d dh p3 7h6h"
    with_declaration = references(analysis, offset, URI, "utf-16", include_declaration=True)
    assert with_declaration[0].range == rng("50:43-50:53") and with_declaration[1:] == found


def test_references_from_the_declaration() -> None:
    analysis = analyze(DWAN.read_text(), URI)
    found = references(analysis, analysis.lines.offset(50, 30), URI, "utf-16")  # on "Patrik Antonius"
    assert [location.range.start.line for location in found] == [14, 19]


def test_highlights() -> None:
    analysis = analyze(DWAN.read_text(), URI)
    found = highlights(analysis, analysis.lines.offset(19, 3), "utf-16")  # "p2 f"
    assert found == [
        types.DocumentHighlight(rng("50:24-50:41"), types.DocumentHighlightKind.Text),
        types.DocumentHighlight(rng("14:8-14:10"), types.DocumentHighlightKind.Read),
        types.DocumentHighlight(rng("19:3-19:5"), types.DocumentHighlightKind.Read),
    ]
    assert highlights(analysis, analysis.lines.offset(24, 4), "utf-16") == []  # "d db": no player


def test_each_hand_of_a_phhs_has_its_own_players() -> None:
    text = PHHS.read_text()
    analysis = analyze(text, str(PHHS))
    line = text[: text.index("\n[2]\n")].count("\n") + 1 + 7  # the actions of hand [2]
    column = analysis.lines.line_text(line).index("'p3 cc'") + 1
    found = references(analysis, analysis.lines.offset(line, column), URI, "utf-16")
    assert found and {location.range.start.line for location in found} == {line}
    target = definition(analysis, analysis.lines.offset(line, column), URI, "utf-16")
    assert target is not None and target.range.start.line == line + 10  # players of hand [2]


def test_odd_positions() -> None:
    analysis = analyze(DWAN.read_text(), URI)
    assert definition(analysis, 10**9, URI, "utf-16") is None
    assert references(analysis, -5, URI, "utf-16") == []
    broken = analyze('actions = ["p9 cc", "p1', URI)
    assert definition(broken, 13, URI, "utf-16") is None  # p9 is nobody
    assert references(broken, 13, URI, "utf-16") == [types.Location(URI, rng("0:12-0:14"))]
    assert highlights(analyze("", URI), 0, "utf-16") == []
