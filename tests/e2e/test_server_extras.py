"""End to end: inlay hints, semantic tokens, outline, navigation, fixes, lenses.

The same real server process as ``test_server.py``; each test checks what
an editor would render from the answer.
"""

from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.core.test_diagnostic_codes import NT
from tests.e2e.test_server import corpus_text, rng
from tests.lsp_client import open_document

DWAN = "file:///hands/dwan-ivey-2009.phh"


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri)


@pytest.mark.asyncio
async def test_inlay_hints_show_pot_and_stack(client: LanguageClient) -> None:
    text = corpus_text("examples/dwan-ivey-2009.phh")
    await open_document(client, DWAN, text)
    line = text.splitlines().index('  "p3 cbr 7000",  # Dwan')
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=doc(DWAN), range=rng(f"{line}:0-{line + 1}:0"))
    )
    labels = [hint.label for hint in hints or []]
    assert any(isinstance(label, str) and label.startswith("pot ") and "p3 " in label for label in labels), labels


@pytest.mark.asyncio
async def test_semantic_tokens_colour_the_words_of_actions(client: LanguageClient) -> None:
    await open_document(client, "file:///hands/tokens.phh", NT)
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(doc("file:///hands/tokens.phh"))
    )
    assert tokens is not None and isinstance(tokens, types.SemanticTokens)
    # "d dh p1 AcAd" on line 6: d, dh, p1, Ac, Ad = five tokens, the first at column 3.
    data = tokens.data
    assert (data[0], data[1], data[2]) == (6, 3, 1)
    assert len(data) % 5 == 0 and len(data) >= 5 * 5


@pytest.mark.asyncio
async def test_outline_reads_like_a_timeline(client: LanguageClient) -> None:
    await open_document(client, DWAN, corpus_text("examples/dwan-ivey-2009.phh"))
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(doc(DWAN)))
    assert symbols
    actions = next(s for s in symbols if isinstance(s, types.DocumentSymbol) and s.name == "actions")
    assert [child.name for child in actions.children or []] == ["Pre-flop", "Flop", "Turn", "River"]
    folding = await client.text_document_folding_range_async(types.FoldingRangeParams(doc(DWAN)))
    assert folding


@pytest.mark.asyncio
async def test_definition_and_references_of_a_player(client: LanguageClient) -> None:
    text = corpus_text("examples/dwan-ivey-2009.phh")
    await open_document(client, DWAN, text)
    line = text.splitlines().index('  "p3 cbr 7000",  # Dwan')
    position = types.Position(line, 4)
    definition = await client.text_document_definition_async(types.DefinitionParams(doc(DWAN), position))
    assert isinstance(definition, types.Location)
    players_line = text.splitlines().index('players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]')
    assert definition.range.start.line == players_line
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc(DWAN), position=position, context=types.ReferenceContext(include_declaration=False)
        )
    )
    assert references is not None and len(references) == text.count('"p3 ') + text.count(" p3 ")


@pytest.mark.asyncio
async def test_quick_fix_repairs_an_unknown_variant(client: LanguageClient) -> None:
    uri = "file:///hands/fix.phh"
    diagnostics = await open_document(client, uri, NT.replace('"NT"', '"NTX"'))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(uri), range=diagnostics[0].range, context=types.CodeActionContext(list(diagnostics))
        )
    )
    fixes = [a for a in actions or [] if isinstance(a, types.CodeAction) and a.kind == types.CodeActionKind.QuickFix]
    assert fixes and fixes[0].edit is not None and fixes[0].edit.changes is not None
    (edit,) = fixes[0].edit.changes[uri]  # tomlkit writes the fix; the edit replaces the variant's line
    line = NT.splitlines().index('variant = "NT"')
    assert edit.range == types.Range(types.Position(line, 0), types.Position(line + 1, 0))
    assert edit.new_text == 'variant = "NT"\n'


@pytest.mark.asyncio
async def test_code_lens_summarises_the_result(client: LanguageClient) -> None:
    await open_document(client, DWAN, corpus_text("examples/dwan-ivey-2009.phh"))
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(doc(DWAN)))
    assert lenses
    lens = lenses[0]
    if lens.command is None:
        lens = await client.code_lens_resolve_async(lens)
    assert lens.command is not None
    assert lens.command.title.startswith("p3 (Tom Dwan) wins")


@pytest.mark.asyncio
async def test_convert_command_turns_a_site_history_into_phh(client: LanguageClient) -> None:
    """``phh.convert``, as the editors' "Convert Hand History to PHH" run it."""
    from tests.convert import site_samples

    history = site_samples.text("pokerstars", "cash-with-a-typo.txt")
    answer = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="phh.convert", arguments=[history, None, "stars.txt"])
    )
    assert answer["site"] == "PokerStars" and answer["converted"] == 1 and answer["problems"] == []
    assert answer["failed"] == [
        {
            "line": 49,
            "message": "hand #245817263513 (from line 39): `cals $0.15` is not a PokerStars action "
            "(in `kat_42: cals $0.15`)",
        }
    ]
    assert answer["text"].startswith("# PokerStars hand #245817263512, stars.txt line 1\n[1]\n")
    assert answer["summary"] == "PokerStars: converted 1 of 2 hands (0 with problems, 1 failed)"
    nothing = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="phh.convert", arguments=["just some text"])
    )
    assert nothing == {
        "text": "",
        "site": None,
        "converted": 0,
        "summary": "converted 0 of 0 hands (0 with problems, 0 failed)",
        "problems": [],
        "failed": [],
    }


@pytest.mark.asyncio
async def test_semantic_tokens_after_an_edit_come_as_a_delta(client: LanguageClient) -> None:
    """The server offers ``semanticTokens/full/delta``: after a keystroke the
    editor gets what changed, which applied to the tokens it holds gives the
    full tokens of the new text (issue #33: a 50,000-hand file's full tokens
    are millions of integers)."""
    uri = "file:///hands/delta.phh"
    await open_document(client, uri, NT)
    first = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(doc(uri)))
    assert isinstance(first, types.SemanticTokens) and first.result_id
    line = NT.splitlines().index(next(line for line in NT.splitlines() if "cbr" in line))
    column = NT.splitlines()[line].index("cbr")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            [types.TextDocumentContentChangePartial(range=rng(f"{line}:{column}-{line}:{column + 3}"), text="xx")],
        )
    )
    delta = await client.text_document_semantic_tokens_full_delta_async(
        types.SemanticTokensDeltaParams(doc(uri), first.result_id)
    )
    assert isinstance(delta, types.SemanticTokensDelta) and delta.edits and delta.result_id != first.result_id
    data = list(first.data)
    for edit in sorted(delta.edits, key=lambda edit: edit.start, reverse=True):
        data[edit.start : edit.start + edit.delete_count] = edit.data or []
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(doc(uri)))
    assert isinstance(full, types.SemanticTokens) and data == list(full.data) and data != list(first.data)
