"""Pulled diagnostics: a client that asks for them (VS Code 1.90+, Neovim
0.10+) gets them on request, with result ids, and none pushed besides
(it would show each one twice); a client that cannot ask keeps getting
them pushed (the other end-to-end tests, and Neovim 0.7 in
tests/editors)."""

from __future__ import annotations

import asyncio

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from tests.conftest import BIG_PHHS
from tests.core.test_diagnostic_codes import NT
from tests.lsp_client import SERVER

URI = "file:///hands/pulled.phh"


@pytest_lsp.fixture(config=SERVER)
async def pulling(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    """VS Code's capabilities as its language client sends them today:
    diagnostics pulled, and a refresh request understood."""
    capabilities = client_capabilities("visual-studio-code")
    assert capabilities.text_document is not None and capabilities.workspace is not None
    capabilities.text_document.diagnostic = types.DiagnosticClientCapabilities(
        dynamic_registration=True, related_document_support=False
    )
    capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    result = await lsp_client.initialize_session(types.InitializeParams(capabilities=capabilities))
    lsp_client.server_capabilities = result.capabilities  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


async def pull(client: LanguageClient, uri: str = URI, previous: str | None = None) -> types.DocumentDiagnosticReport:
    return await asyncio.wait_for(
        client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(types.TextDocumentIdentifier(uri), previous_result_id=previous)
        ),
        60,
    )


def open_text(client: LanguageClient, text: str, uri: str = URI) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))


def change(client: LanguageClient, text: str, version: int, uri: str = URI) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


@pytest.mark.asyncio
async def test_a_pulling_client_gets_its_diagnostics_on_request_and_none_pushed(pulling: LanguageClient) -> None:
    provider = pulling.server_capabilities.diagnostic_provider  # type: ignore[attr-defined]
    assert isinstance(provider, types.DiagnosticOptions)
    assert (provider.inter_file_dependencies, provider.workspace_diagnostics) == (False, False)
    open_text(pulling, NT.replace("AcAd", "AcAx"))
    report = await pull(pulling)
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in report.items] == [("PHH307", 6, 13)]
    await asyncio.sleep(0.3)  # what a push would have taken
    assert pulling.diagnostics == {}


@pytest.mark.asyncio
async def test_asked_again_the_answer_is_unchanged_until_the_text_changes(pulling: LanguageClient) -> None:
    open_text(pulling, NT)
    first = await pull(pulling)
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport)
    assert list(first.items) == [] and first.result_id
    again = await pull(pulling, previous=first.result_id)
    assert again == types.RelatedUnchangedDocumentDiagnosticReport(result_id=first.result_id)
    change(pulling, NT.replace("AcAd", "AcAx"), 2)
    changed = await pull(pulling, previous=first.result_id)
    assert isinstance(changed, types.RelatedFullDocumentDiagnosticReport)
    assert [d.code for d in changed.items] == ["PHH307"]
    assert changed.result_id not in (None, first.result_id)


@pytest.mark.asyncio
async def test_a_settings_change_asks_the_client_to_pull_again(pulling: LanguageClient) -> None:
    open_text(pulling, NT.replace('"NT"', '"NT"\nfoo = 1'))
    before = await pull(pulling)
    assert isinstance(before, types.RelatedFullDocumentDiagnosticReport)
    assert [d.severity for d in before.items] == [types.DiagnosticSeverity.Warning]
    refreshes = pulling.diagnostic_refresh_count
    pulling.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"phh": {"diagnostics": {"severity": {"unknown-field": "error"}}}})
    )
    for _ in range(100):
        if pulling.diagnostic_refresh_count > refreshes:
            break
        await asyncio.sleep(0.05)
    assert pulling.diagnostic_refresh_count > refreshes
    after = await pull(pulling, previous=before.result_id)
    assert isinstance(after, types.RelatedFullDocumentDiagnosticReport)
    assert [d.severity for d in after.items] == [types.DiagnosticSeverity.Error]


@pytest.mark.asyncio
async def test_a_pull_made_stale_by_typing_answers_for_the_latest_text(pulling: LanguageClient) -> None:
    """The first check of a 991-hand file takes seconds; a keystroke meanwhile
    makes it pointless, and the answer is that of the text as typed."""
    uri = "file:///hands/big.phhs"
    text = BIG_PHHS.read_text(encoding="utf-8")
    open_text(pulling, text, uri)
    pending = asyncio.ensure_future(pull(pulling, uri))
    await asyncio.sleep(0.2)
    broken = text.replace("'p3 cbr 1.00'", "'p3 cbr -1'", 1)
    change(pulling, broken, 2, uri)
    report = await pending
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    line = next(i for i, row in enumerate(broken.splitlines()) if "'p3 cbr -1'" in row)
    errors = [(d.code, d.range.start.line) for d in report.items if d.severity == types.DiagnosticSeverity.Error]
    assert errors == [("PHH306", line)]
    assert report.result_id is not None and report.result_id.startswith("2.")
