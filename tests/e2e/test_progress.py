"""The first check of a large file shows its progress; small files show none."""

from __future__ import annotations

import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from tests.conftest import BIG_PHHS
from tests.core.test_diagnostic_codes import NT

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "phh_lsp"])


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    params = types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def _open(client: LanguageClient, uri: str, text: str) -> None:
    """Open a document and wait for its own diagnostics (another document's
    may be published again meanwhile, after the settings arrive)."""
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
    for _ in range(20):
        published = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if published.uri == uri:
            return
    raise AssertionError(f"no diagnostics for {uri}")


@pytest.mark.asyncio
async def test_a_thousand_hands_report_their_progress(client: LanguageClient) -> None:
    await _open(client, "file:///hands/small.phh", NT)
    assert client.progress_reports == {}
    await _open(client, "file:///hands/big.phhs", BIG_PHHS.read_text(encoding="utf-8"))
    (reports,) = client.progress_reports.values()
    begin, *middle, end = reports
    assert isinstance(begin, types.WorkDoneProgressBegin)
    assert (begin.title, begin.message, begin.percentage) == ("Checking 991 hands", "big.phhs", 0)
    assert isinstance(end, types.WorkDoneProgressEnd)
    percentages = [report.percentage for report in middle if isinstance(report, types.WorkDoneProgressReport)]
    assert len(percentages) >= 10 and percentages == sorted(percentages) and percentages[-1] >= 90
