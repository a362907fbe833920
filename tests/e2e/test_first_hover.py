"""End to end: the first hover right after opening a small hand shows who
is ahead (the server computes the hovered spot first and waits for it),
not "hover again in a moment"."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.e2e.test_server import corpus_text


@pytest.mark.asyncio
async def test_the_first_hover_after_opening_shows_who_is_ahead(client: LanguageClient) -> None:
    uri = "file:///hands/dwan-ivey-2009.phh"
    text = corpus_text("examples/dwan-ivey-2009.phh")
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
    line = text.splitlines().index('  "p1 cbr 35000",  # Ivey')
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(line, 5))
    )
    assert hover is not None and isinstance(hover.contents, types.MarkupContent)
    value = hover.contents.value
    assert "hover again" not in value
    assert "**p1 (Phil Ivey) is ahead**: 62.8 % to win the pot (p3 (Tom Dwan) 37.2 %)" in value
    assert "p1 Ac2d · EHS 0.54" in value


@pytest.mark.asyncio
async def test_a_hover_waiting_for_its_figures_blocks_no_other_request(client: LanguageClient) -> None:
    """While the hover waits for the flop's equity, completion still answers."""
    uri = "file:///hands/dwan-ivey-2009.phh"
    text = corpus_text("examples/dwan-ivey-2009.phh")
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
    lines = text.splitlines()
    flop, turn = lines.index('  "p1 cbr 35000",  # Ivey'), lines.index('  "d db 4h",')
    hovering = asyncio.ensure_future(
        client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(flop, 5)))
    )
    await asyncio.sleep(0.2)  # the hover is waiting for the flop (a second or more on a cold server)
    offered = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(turn, 3))
    )
    assert offered is not None
    assert not hovering.done()  # completion answered while the hover still waited
    hover = await hovering
    assert hover is not None and "is ahead**" in str(hover.contents)
