"""End to end: the real server process over stdio, driven as VS Code would.

Each test opens a document (corpus hands of several variants, or a
broken one), waits for what the editor would show, and compares whole
values: diagnostics with code, range and link; completion labels and
edits; hover text.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from phh_lsp.core.formatting.formatter import format_text
from tests.conftest import CORPUS
from tests.core.test_diagnostic_codes import NT
from tests.lsp_client import open_document


def rng(text: str) -> types.Range:
    """``"3:0-3:18"`` as a Range (0-based lines and characters)."""
    start, end = text.split("-")
    (sl, sc), (el, ec) = (map(int, part.split(":")) for part in (start, end))
    return types.Range(types.Position(sl, sc), types.Position(el, ec))


def corpus_text(relative: str) -> str:
    return (CORPUS / relative).read_text(encoding="utf-8")


@pytest.mark.asyncio
async def test_diagnostics_on_a_broken_hand(client: LanguageClient) -> None:
    text = NT.replace("AcAd", "AcAx")
    diagnostics = await open_document(client, "file:///hands/broken.phh", text)
    assert list(diagnostics) == [
        types.Diagnostic(
            range=rng("6:13-6:15"),
            message="`x` is not a suit: use one of c, d, h, s or ?",
            severity=types.DiagnosticSeverity.Error,
            code="PHH307",
            code_description=types.CodeDescription(
                href="https://github.com/phh-lsp/phh-lsp/blob/main/docs/diagnostics.md#phh307"
            ),
            source="phh",
            data={"name": "malformed-card"},
        )
    ]


@pytest.mark.asyncio
async def test_valid_corpus_hand_is_clean_and_changes_update(client: LanguageClient) -> None:
    uri = "file:///hands/dwan-ivey-2009.phh"
    text = corpus_text("examples/dwan-ivey-2009.phh")
    assert list(await open_document(client, uri, text)) == []
    line = text.splitlines().index('  "p1 cbr 23000",  # Ivey')
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=uri),
            [types.TextDocumentContentChangePartial(range=rng(f"{line}:3-{line}:5"), text="p2")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    (problem,) = client.diagnostics[uri]
    assert problem.code == "PHH401"
    assert problem.range == rng(f"{line}:3-{line}:5")
    assert problem.message.startswith("p2 acted out of turn: it is p1's turn")
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


async def labels_at(client: LanguageClient, uri: str, line: int, character: int) -> list[str]:
    result = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, character))
    )
    assert isinstance(result, types.CompletionList)
    return [item.label for item in result.items]


@pytest.mark.asyncio
async def test_completion_offers_the_legal_next_action_in_stud(client: LanguageClient) -> None:
    uri = "file:///hands/stud.phh"
    text = corpus_text("wsop-2023-43-5/10-00-34-43.phh")
    line = text.splitlines().index('  "p2 pb",')
    text = text.replace('  "p2 pb",\n', '  "p2 pb",\n  \n', 1)
    await open_document(client, uri, text)
    assert await labels_at(client, uri, line + 1, 2) == [
        "p3 cc",
        "p3 f",
        "p3 cbr 200000",
        "p1",
        "p2",
        "p3",
        "p4",
        "p5",
    ]


@pytest.mark.asyncio
async def test_completion_in_a_draw_game_and_mid_word(client: LanguageClient) -> None:
    uri = "file:///hands/draw.phh"
    text = corpus_text("wsop-2023-43-5/56-02-34-51.phh").replace('  "p5 cbr 500000",', '  "p5 c', 1)
    line = text.splitlines().index('  "p5 c')
    diagnostics = await open_document(client, uri, text)
    assert [d.code for d in diagnostics] == ["PHH101"]
    result = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, 7))
    )
    assert isinstance(result, types.CompletionList)
    first = result.items[0]
    assert (first.label, first.detail) == ("p5 cc", "call 250,000")
    assert first.text_edit == types.TextEdit(range=rng(f"{line}:6-{line}:7"), new_text='cc",')
    assert [item.label for item in result.items] == ["p5 cc", "p5 f", "p5 cbr 500000"]


@pytest.mark.asyncio
async def test_completion_of_cards_after_a_deal(client: LanguageClient) -> None:
    uri = "file:///hands/cards.phh"
    text = NT.replace('  "d db Jc3d5c",', '  "d db Jc', 1)
    line = text.splitlines().index('  "d db Jc')
    await open_document(client, uri, text)
    labels = await labels_at(client, uri, line, len('  "d db Jc'))
    assert "Ac" not in labels and "Jc" not in labels and "Qd" not in labels
    assert "2c" in labels and len(labels) == 52 - 7


@pytest.mark.asyncio
async def test_hover_shows_the_state_after_an_action(client: LanguageClient) -> None:
    uri = "file:///hands/dwan-ivey-2009.phh"
    text = corpus_text("examples/dwan-ivey-2009.phh")
    await open_document(client, uri, text)
    line = text.splitlines().index('  "p3 cbr 232600",  # Dwan')
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(line, 5))
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert hover.range == rng(f"{line}:2-{line}:17")
    assert hover.contents.value.splitlines()[:4] == [
        "**p3 (Tom Dwan)** raises to **232,600** (by 142,600 over 90,000), 116.3 BB",
        "",
        "**Turn** · pot **442,100** (221 BB) · board Jc 3d 5c 4h",
        "",
    ]
    assert "p3 (Tom Dwan)           262,400  232,600  7h 6h" in hover.contents.value
    assert "Next: it is p1's turn" in hover.contents.value


@pytest.mark.asyncio
async def test_hover_on_a_card_and_a_field(client: LanguageClient) -> None:
    uri = "file:///hands/nt.phh"
    await open_document(client, uri, NT)
    card = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(6, 12))
    )
    assert card is not None and isinstance(card.contents, types.MarkupContent)
    assert card.contents.value == "**Ac**: Ace of clubs"
    field = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(3, 2))
    )
    assert field is not None and isinstance(field.contents, types.MarkupContent)
    assert field.contents.value.startswith("**Min bet** (`min_bet`): integer or float, required in NT")


@pytest.mark.asyncio
async def test_formatting_turns_the_dump_style_multi_line(client: LanguageClient) -> None:
    uri = "file:///hands/dump.phh"
    text = corpus_text("wsop-2023-43-5/1-00-02-07.phh")
    await open_document(client, uri, text)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            types.TextDocumentIdentifier(uri), types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    assert edits
    assert any('  "d dh p1 7s4s",\n' in edit.new_text for edit in edits)


@pytest.mark.asyncio
async def test_formatting_a_formatted_hand_changes_nothing(client: LanguageClient) -> None:
    uri = "file:///hands/formatted.phh"
    formatted = format_text(corpus_text("examples/dwan-ivey-2009.phh"), multi=False)
    assert formatted is not None
    await open_document(client, uri, formatted)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            types.TextDocumentIdentifier(uri), types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    assert not edits


@pytest.mark.asyncio
async def test_requests_for_unknown_documents_and_far_positions(client: LanguageClient) -> None:
    unknown = types.TextDocumentIdentifier("file:///nowhere/never-opened.phh")
    assert await client.text_document_hover_async(types.HoverParams(unknown, types.Position(0, 0))) is None
    uri = "file:///hands/far.phh"
    await open_document(client, uri, NT)
    far = types.Position(10_000, 10_000)
    assert await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri), far)) is None
    completion = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri), far)
    )
    assert completion is None or isinstance(completion, types.CompletionList)
    assert list(await open_document(client, "file:///hands/after.phh", NT)) == []


@pytest.mark.asyncio
async def test_phhs_diagnostics_name_the_right_hand(client: LanguageClient, tmp_path: Path) -> None:
    text = corpus_text("handhq/ps NLH handhq_1-OBFUSCATED.phhs")
    broken = text.replace("'p3 cbr 1.00'", "'p3 cbr -1'", 1)
    line = next(i for i, row in enumerate(broken.splitlines()) if "'p3 cbr -1'" in row)
    diagnostics = await open_document(client, "file:///hands/big.phhs", broken)
    errors = [(d.code, d.range.start.line) for d in diagnostics if d.severity == types.DiagnosticSeverity.Error]
    assert errors == [("PHH306", line)]


@pytest.mark.asyncio
async def test_a_changed_setting_takes_effect_without_a_restart(client: LanguageClient) -> None:
    uri = "file:///hands/settings.phh"
    text = NT.replace('"NT"', '"NT"\nfoo = 1')
    assert [d.severity for d in await open_document(client, uri, text)] == [types.DiagnosticSeverity.Warning]
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"phh": {"diagnostics": {"severity": {"unknown-field": "error"}}}})
    )
    # a publish already under way with the old settings may come first
    assert await severities_become(client, uri, [types.DiagnosticSeverity.Error])
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"phh": {"diagnostics": {"severity": {"PHH208": "off"}}}})
    )
    assert await severities_become(client, uri, [])


async def severities_become(client: LanguageClient, uri: str, expected: list[types.DiagnosticSeverity]) -> bool:
    """Whether the document's diagnostics reach these severities within a few publishes."""
    for _ in range(5):
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 30)
        if [d.severity for d in client.diagnostics[uri]] == expected:
            return True
    return False


@pytest.mark.asyncio
async def test_a_file_whose_name_needs_percent_encoding(client: LanguageClient) -> None:
    # pygls keys documents by the decoded URI; a lookup by the URI as sent
    # once found nothing, so such files got no diagnostics, hover or completion
    uri = "file:///hands/Dwan%20vs%20Ivey%20%232.phh"
    text = NT.replace("AcAd", "AcAx")
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 30)
    assert [(d.code, d.range) for d in client.diagnostics[uri]] == [("PHH307", rng("6:13-6:15"))]
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(6, 10))
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    assert "Ace of clubs" in hover.contents.value
