"""End to end: the first hover right after opening a small hand shows who
is ahead (the server computes the hovered spot first and waits for it),
not "hover again in a moment"."""

from __future__ import annotations

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
