"""End to end: a client that misbehaves cannot take the server down.

The real server process (``audited_server.py`` wrapping ``phh_lsp.lsp.server``,
stderr kept in a file) driven by pytest-lsp's client: requests for
documents never opened, positions past the end of a line or of the file,
``didChange`` before ``didOpen``, invalid settings at initialisation and in
``workspace/didChangeConfiguration``, malformed JSON-RPC, ``$/cancelRequest``
and a shutdown in the middle of a 991-hand analysis. After each: the server
still answers, each problem is reported once, and ``shutdown`` + ``exit``
end the process with code 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from phh_lsp.core.formatting.formatter import format_text
from tests.hardening import inputs
from tests.hardening.lsp_session import Session, session

BIG = next((inputs.CORPUS / "handhq").glob("*.phhs"), None)
TIMEOUT = 20.0
#: Every test here starts the server by session(), which tests/conftest.py's marking hook cannot see.
pytestmark = pytest.mark.e2e


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri)


def at(line: int, character: int) -> types.Position:
    return types.Position(line, character)


def span(a: tuple[int, int], b: tuple[int, int]) -> types.Range:
    return types.Range(at(*a), at(*b))


def requests(s: Session, uri: str, position: types.Position, selection: types.Range) -> dict[str, Any]:
    """One request per feature the server advertises, at ``position``."""
    c, caps = s.client, s.initialize.capabilities if s.initialize else None
    sent: dict[str, Any] = {
        "hover": c.text_document_hover_async(types.HoverParams(doc(uri), position)),
        "completion": c.text_document_completion_async(types.CompletionParams(doc(uri), position)),
        "formatting": c.text_document_formatting_async(
            types.DocumentFormattingParams(doc(uri), types.FormattingOptions(2, True))
        ),
        "rangeFormatting": c.text_document_range_formatting_async(
            types.DocumentRangeFormattingParams(doc(uri), selection, types.FormattingOptions(2, True))
        ),
    }
    if caps is None:
        return sent
    if caps.definition_provider:
        sent["definition"] = c.text_document_definition_async(types.DefinitionParams(doc(uri), position))
    if caps.references_provider:
        sent["references"] = c.text_document_references_async(
            types.ReferenceParams(
                context=types.ReferenceContext(include_declaration=True), text_document=doc(uri), position=position
            )
        )
    if caps.document_highlight_provider:
        sent["documentHighlight"] = c.text_document_document_highlight_async(
            types.DocumentHighlightParams(doc(uri), position)
        )
    if caps.document_symbol_provider:
        sent["documentSymbol"] = c.text_document_document_symbol_async(types.DocumentSymbolParams(doc(uri)))
    if caps.folding_range_provider:
        sent["foldingRange"] = c.text_document_folding_range_async(types.FoldingRangeParams(doc(uri)))
    if caps.code_action_provider:
        sent["codeAction"] = c.text_document_code_action_async(
            types.CodeActionParams(doc(uri), selection, types.CodeActionContext(diagnostics=[]))
        )
    if caps.code_lens_provider:
        sent["codeLens"] = c.text_document_code_lens_async(types.CodeLensParams(doc(uri)))
    if caps.inlay_hint_provider:
        sent["inlayHint"] = c.text_document_inlay_hint_async(types.InlayHintParams(doc(uri), selection))
    if caps.semantic_tokens_provider:
        sent["semanticTokens"] = c.text_document_semantic_tokens_full_async(types.SemanticTokensParams(doc(uri)))
        sent["semanticTokensRange"] = c.text_document_semantic_tokens_range_async(
            types.SemanticTokensRangeParams(doc(uri), selection)
        )
    return sent


async def answers(sent: dict[str, Any]) -> dict[str, Any]:
    """Every request answered within TIMEOUT: its result, or the error."""
    names = list(sent)
    futures = [asyncio.ensure_future(sent[name]) for name in names]
    _, pending = await asyncio.wait(futures, timeout=TIMEOUT)
    unanswered = [name for name, f in zip(names, futures, strict=True) if f in pending]
    assert not pending, f"unanswered after {TIMEOUT} s: {unanswered}"
    return {name: (f.exception() or f.result()) for name, f in zip(names, futures, strict=True)}


def tracebacks(s: Session) -> int:
    return s.stderr.count("Traceback (most recent call last)")


async def ended_cleanly(s: Session) -> None:
    await s.shutdown()
    assert (s.exit_code, s.killed) == (0, False), f"exit code {s.exit_code}, killed={s.killed}\n{s.stderr[-3000:]}"


# --------------------------------------------------------------------- settings


@pytest.mark.asyncio
async def test_invalid_initialization_options_are_reported_once_and_defaulted(tmp_path: Path) -> None:
    options = {"inlayHints": {"mode": 42}, "format": {"lineWidth": "wide"}, "logLevel": None}
    async with session(tmp_path, options) as s:
        uri = "file:///hands/wide.phh"
        text = inputs.NT.replace('players = ["Ann", "Bo", "Cy"]', "players = [" + ", ".join(['"Ann"'] * 30) + "]")
        s.open(uri, text)
        edits = await s.client.text_document_formatting_async(
            types.DocumentFormattingParams(doc(uri), types.FormattingOptions(2, True))
        )
        assert [m.message for m in s.client.messages] == [
            "phh-lsp: phh.inlayHints.mode: 42 is not one of off, pot, full",
            "phh-lsp: phh.format.lineWidth: 'wide' is not a whole number from 20 to 1000",
        ]
        assert all(m.type == types.MessageType.Warning for m in s.client.messages)
        expected = format_text(text, multi=False, line_width=88)
        assert expected is not None and expected != text
        assert edits  # formatted with the default width
        hints = await s.client.text_document_inlay_hint_async(types.InlayHintParams(doc(uri), span((0, 0), (40, 0))))
        assert hints  # the default mode ("full") is in force
        await ended_cleanly(s)
    assert tracebacks(s) == 0, s.stderr


@pytest.mark.asyncio
async def test_initialization_options_of_the_wrong_shape(tmp_path: Path) -> None:
    """Not an object at all (other shapes: test_settings_of_the_wrong_shape)."""
    async with session(tmp_path, ["garbage", 42]) as s:
        assert await s.alive()  # the options are read at `initialized`, before this request
        assert len(s.client.messages) == 1, [m.message for m in s.client.messages]
        await ended_cleanly(s)
    assert tracebacks(s) == 0, s.stderr


@pytest.mark.asyncio
async def test_garbage_configuration_changes(tmp_path: Path) -> None:
    async with session(tmp_path) as s:
        s.open("file:///hands/a.phh", inputs.NT)
        changes: list[tuple[Any, int]] = [
            ("garbage", 0),  # not an object: the server asks the client instead (nothing to report)
            (None, 0),
            ({"phh": 5}, 0),
            ({"phh": {"logLevel": "shout"}}, 1),
            ({"phh": {"diagnostics": {"severity": {"PHH999": "loud", "PHH504": 3}}}}, 2),
            ({"phh": {"diagnostics": {"severity": ["PHH504"]}}}, 1),
            ({"phh": {"format": {"lineWidth": 10**100}, "inlayHints": {"mode": None, "bigBlinds": "yes"}}}, 2),
            ({"phh": {"format": {"lineWidth": True}}}, 1),
            ({"phh": {"inlayHints": "pot"}}, 1),
            ({"phh": {"logLevel": "debug"}}, 0),
        ]
        for settings, problems in changes:
            before = len(s.client.messages)
            s.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=settings))
            assert await s.alive(), f"no answer after settings {settings!r}"
            got = [m.message for m in s.client.messages[before:]]
            assert len(got) == problems, f"{settings!r}: {got}"
        await ended_cleanly(s)
    assert tracebacks(s) == 0, s.stderr


# --------------------------------------------------------------------- documents


@pytest.mark.asyncio
async def test_requests_for_a_document_never_opened(tmp_path: Path) -> None:
    """Every feature the server advertises, for a URI never opened (and
    missing on disk): each gets an answer and the server carries on."""
    async with session(tmp_path) as s:
        uri = (tmp_path / "never-opened.phh").as_uri()
        results = await answers(requests(s, uri, at(3, 4), span((0, 0), (5, 0))))
        errors = {name: repr(result) for name, result in results.items() if isinstance(result, Exception)}
        assert not errors, errors
        assert all(not getattr(r, "data", r) for r in results.values()), {k: v for k, v in results.items() if v}
        assert await s.alive()
        await ended_cleanly(s)
    # at most one log record per request, not a flood
    assert tracebacks(s) <= len(results), s.stderr


@pytest.mark.asyncio
async def test_positions_past_the_end(tmp_path: Path) -> None:
    async with session(tmp_path) as s:
        uri = "file:///hands/nt.phh"
        text = inputs.NT.replace("Ann", "Ann 😀")
        s.open(uri, text)
        last = len(text.splitlines())
        for position, selection in [
            (at(0, 10**6), span((0, 10**6), (1, 10**6))),  # past the end of a line
            (at(last + 10, 0), span((last + 10, 0), (last + 20, 5))),  # past the end of the file
            (at(10**6, 10**6), span((10**6, 0), (0, 0))),  # far past, and a reversed range
            (at(last, 0), span((0, 0), (2**31 - 1, 2**31 - 1))),
            (at(last - 1, 20), span((last - 1, 0), (last - 1, 20))),  # inside the emoji's surrogate pair
        ]:
            results = await answers(requests(s, uri, position, selection))
            errors = {name: repr(result) for name, result in results.items() if isinstance(result, Exception)}
            assert not errors, (position, selection, errors)
        await ended_cleanly(s)
    assert tracebacks(s) == 0, s.stderr


@pytest.mark.asyncio
async def test_did_change_before_did_open(tmp_path: Path) -> None:
    async with session(tmp_path) as s:
        uri = "file:///hands/late.phh"
        s.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=2, uri=uri),
                [types.TextDocumentContentChangePartial(range=span((0, 0), (0, 3)), text="p2")],
            )
        )
        s.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=3, uri=uri),
                [types.TextDocumentContentChangeWholeDocument(text='variant = "NT"\n')],
            )
        )
        assert await s.alive()
        s.open(uri, inputs.NT.replace("AcAd", "AcAx", 1), version=4)
        for _ in range(20):  # the diagnostics of the opened text arrive
            await asyncio.wait_for(s.client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), TIMEOUT)
            if [d.code for d in s.client.diagnostics.get(uri, [])] == ["PHH307"]:
                break
        assert [d.code for d in s.client.diagnostics[uri]] == ["PHH307"]
        await ended_cleanly(s)
    assert tracebacks(s) <= 3, s.stderr  # one per bad notification and its re-check, no more


@pytest.mark.asyncio
async def test_malformed_messages(tmp_path: Path) -> None:
    async with session(tmp_path) as s:
        s.raw(
            {
                "jsonrpc": "2.0",
                "id": "m1",
                "method": "textDocument/hover",
                "params": {"textDocument": {"uri": 5}, "position": {"line": -1, "character": "x"}},
            }
        )
        s.raw({"jsonrpc": "2.0", "id": "m2", "method": "phh/nonsense", "params": {}})
        s.raw({"jsonrpc": "2.0", "id": "m3", "method": "textDocument/completion"})
        s.raw(
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///a.phh"}}}
        )
        s.raw(
            {
                "jsonrpc": "2.0",
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": "file:///b.phh", "languageId": "phh", "version": "one", "text": 5}},
            }
        )
        s.raw(b"Content-Length: 9\r\n\r\n{garbage}")
        s.raw(b"Content-Length: 2\r\n\r\n[]")
        s.raw({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "never-sent"}})
        s.raw({"jsonrpc": "2.0", "method": "$/somethingOptional", "params": None})
        assert await s.alive()
        await ended_cleanly(s)


# --------------------------------------------------------------------- cancel


@pytest.mark.asyncio
async def test_cancel_requests(tmp_path: Path) -> None:
    """Requests cancelled at once, one by one and in a burst: each is
    answered (result or "cancelled"), and nothing is left hanging."""
    async with session(tmp_path) as s:
        uri = "file:///hands/nt.phh"
        s.open(uri, inputs.NT)
        futures = []
        for index in range(40):
            method, params = [
                ("textDocument/hover", types.HoverParams(doc(uri), at(index % 20, 3))),
                ("textDocument/completion", types.CompletionParams(doc(uri), at(index % 20, 4))),
                ("textDocument/formatting", types.DocumentFormattingParams(doc(uri), types.FormattingOptions(2, True))),
            ][index % 3]
            msg_id = f"cancel-{index}"
            futures.append(asyncio.ensure_future(s.client.protocol.send_request_async(method, params, msg_id=msg_id)))
            s.client.protocol.notify("$/cancelRequest", types.CancelParams(id=msg_id))
        _, pending = await asyncio.wait(futures, timeout=TIMEOUT)
        assert not pending
        assert await s.alive()
        await ended_cleanly(s)
    assert tracebacks(s) == 0, s.stderr


# --------------------------------------------------------------------- shutdown


@pytest.fixture(scope="module")
def shutdown_during_analysis(tmp_path_factory: pytest.TempPathFactory) -> Session:
    """Open the 991-hand file, then shutdown + exit at once (run once, shared
    by the two tests below)."""
    if BIG is None:
        pytest.skip("the 991-hand corpus file is missing")

    async def run() -> Session:
        async with session(tmp_path_factory.mktemp("shutdown")) as s:
            s.open("file:///hands/big.phhs", BIG.read_text(encoding="utf-8"))
            await asyncio.sleep(0.3)  # the re-check is under way
            await s.shutdown(timeout=60)
        return s

    return asyncio.run(run())


def test_shutdown_during_analysis_of_991_hands(shutdown_during_analysis: Session) -> None:
    s = shutdown_during_analysis
    assert (s.exit_code, s.killed) == (0, False), s.stderr[-3000:]
    assert tracebacks(s) == 0, s.stderr


def test_exit_is_prompt_during_analysis_of_991_hands(shutdown_during_analysis: Session) -> None:
    s = shutdown_during_analysis
    assert s.exit_seconds is not None and s.exit_seconds < 2.0, f"ended {s.exit_seconds:.1f} s after shutdown"


@pytest.mark.asyncio
async def test_exit_without_shutdown_is_code_1(tmp_path: Path) -> None:
    """The LSP rule: ``exit`` without ``shutdown`` ends with code 1."""
    async with session(tmp_path) as s:
        s.client.exit(None)
        await asyncio.wait_for(s.process.wait(), TIMEOUT)
        s.exit_code = s.process.returncode
        await s.client.stop()
    assert s.exit_code == 1


@pytest.mark.asyncio
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
async def test_a_request_naming_a_fifo_does_not_block_the_server(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.phh"
    os.mkfifo(fifo)
    async with session(tmp_path / "server") as s:
        blocked = asyncio.ensure_future(
            s.client.text_document_hover_async(types.HoverParams(doc(fifo.as_uri()), at(0, 0)))
        )
        await asyncio.sleep(0.3)
        try:
            assert await s.alive(timeout=3), "the server stopped answering"
        finally:
            with contextlib.suppress(OSError):  # let a blocked read finish (none is expected)
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            await asyncio.wait({blocked}, timeout=TIMEOUT)
