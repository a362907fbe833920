"""The real server over stdio, driven as VS Code drives it, for the end-to-end tests.

One fixture and one way to open a document: tests that start the server
import ``client`` (a pytest-lsp fixture) and ``open_document`` from here.
"""

from __future__ import annotations

import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "phh_lsp"])


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient):  # type: ignore[no-untyped-def]
    """A session with VS Code's capabilities, shut down cleanly after the test."""
    params = types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, uri: str, text: str) -> list[types.Diagnostic]:
    """Open a document and wait for its own diagnostics (another document's
    may be published again meanwhile, once the editor's settings arrive).

    A large file's first hands are published first, during the progress of
    its first check: those are not all, so the wait goes on until the
    progress has ended and the whole file's diagnostics arrived."""
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
    for _ in range(20):
        published = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if published.uri == uri and not checking(client):
            return client.diagnostics[uri]
    raise AssertionError(f"no diagnostics for {uri}")


def checking(client: LanguageClient) -> bool:
    """Whether a progress the server began has not ended yet."""
    return any(
        reports and not isinstance(reports[-1], types.WorkDoneProgressEnd)
        for reports in client.progress_reports.values()
    )
