"""The first check of a large file shows its progress; small files show none."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.conftest import BIG_PHHS
from tests.core.test_diagnostic_codes import NT
from tests.lsp_client import checking, open_document


@pytest.mark.asyncio
async def test_a_thousand_hands_report_their_progress(client: LanguageClient) -> None:
    await open_document(client, "file:///hands/small.phh", NT)
    assert client.progress_reports == {}
    await open_document(client, "file:///hands/big.phhs", BIG_PHHS.read_text(encoding="utf-8"))
    (reports,) = client.progress_reports.values()
    begin, *middle, end = reports
    assert isinstance(begin, types.WorkDoneProgressBegin)
    assert (begin.title, begin.message, begin.percentage) == ("Checking 991 hands", "big.phhs", 0)
    assert isinstance(end, types.WorkDoneProgressEnd)
    percentages = [report.percentage for report in middle if isinstance(report, types.WorkDoneProgressReport)]
    assert len(percentages) >= 10 and percentages == sorted(percentages) and percentages[-1] >= 90


@pytest.mark.asyncio
async def test_a_keystroke_after_the_first_check_shows_no_progress(client: LanguageClient) -> None:
    """Only the first check can take long: an edit re-analyses one hand."""
    uri = "file:///hands/big.phhs"
    text = BIG_PHHS.read_text(encoding="utf-8")
    await open_document(client, uri, text)
    assert len(client.progress_reports) == 1
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=uri),
            [types.TextDocumentContentChangeWholeDocument(text=text.replace("'p3 f'", "'p3 cc'", 1))],
        )
    )
    for _ in range(5):
        published = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if published.uri == uri and published.version == 2:
            break
    assert len(client.progress_reports) == 1


@pytest.mark.asyncio
async def test_the_first_hands_are_shown_before_the_whole_file_is_checked(client: LanguageClient) -> None:
    """A 991-hand file opened at its top: the diagnostics of its first
    hands come first, inside the progress of the first check (none there:
    its first hint is in hand 62), then the whole file's replace them."""
    uri = "file:///hands/big.phhs"
    text = BIG_PHHS.read_text(encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
    seen: list[tuple[bool, list[str]]] = []
    while not seen or seen[-1][0]:
        published = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if published.uri == uri:
            seen.append((checking(client), [str(d.code) for d in published.diagnostics]))
    assert seen == [(True, []), (False, ["PHH504"] * 3)]
