"""A large ``.phhs``'s whole-document answers, made per hand and reused (issue #33).

The outline and folding of a large file are kept per hand in their JSON
shape, and the semantic tokens are sent again as a delta: each is held
here to a fresh reading of the whole document, after edits that reuse
the hands' kept parts (a digit typed, a line added above other hands, a
hand removed), in every encoding, with CRLF line breaks and non-ASCII text.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from unittest import mock

import pytest
from lsprotocol import types
from lsprotocol.converters import get_converter

from phh_lsp.core.analysis import Analysis, analyze
from phh_lsp.core.text import Edit, Encoding, LineIndex
from phh_lsp.lsp import plain_answers, sync
from phh_lsp.lsp.features import semantic_delta, symbols
from phh_lsp.lsp.features.semantic_tokens import semantic_tokens
from phh_lsp.lsp.features.symbols import LARGE_HANDS
from phh_lsp.lsp.session import PhhLanguageServer
from tests.features.test_symbols import PHHS, large_phhs

ENCODINGS: tuple[Encoding, ...] = ("utf-8", "utf-16", "utf-32")


def fresh_outline(text: str, analysis: Analysis, encoding: Encoding) -> list[dict[str, Any]]:
    """Each hand's symbol from the whole document's line index: its header
    line (the name, the selection) to its last non-blank character."""
    lines = LineIndex(text)
    found = []
    for piece in analysis.pieces:
        header = piece.text.split("\n", 1)[0].split("\r", 1)[0]
        if not header.startswith("["):
            continue
        line = lines.line_of(piece.start)
        header_end = lines.position(piece.start + len(header), encoding)
        end = lines.position(piece.start + max(len(piece.text.rstrip()), len(header)), encoding)
        start = {"line": line, "character": 0}
        found.append(
            {
                "name": header[: header.index("]") + 1],
                "kind": types.SymbolKind.Module.value,
                "range": {"start": start, "end": {"line": end[0], "character": end[1]}},
                "selectionRange": {"start": start, "end": {"line": header_end[0], "character": header_end[1]}},
            }
        )
    return found


def edited(analysis: Analysis, at: int, removed: int, inserted: str) -> Analysis:
    """The analysis after one edit, as the server makes it (hands outside the edit kept)."""
    text = analysis.lines.text
    new = text[:at] + inserted + text[at + removed :]
    return Analysis.after_edit(analysis, new, Edit(at, at + removed, len(inserted)))


def large_texts() -> list[str]:
    base = "# a dataset\n# of many hands\n" + large_phhs(LARGE_HANDS + 1)
    tenth = header(base, 10)
    unicode = base[:tenth] + "[10]\nnote = 'café 😀 à la carte'\n" + base[tenth + len("[10]\n") :]
    return [base, unicode, unicode.replace("\n", "\r\n")]


@pytest.mark.parametrize("variant", ["ascii", "non-ascii", "crlf"])
def test_large_outline_and_folds_equal_a_fresh_reading_after_edits(variant: str) -> None:
    text = large_texts()[["ascii", "non-ascii", "crlf"].index(variant)]
    analysis = analyze(text, str(PHHS))
    assert analysis.is_large
    for encoding in ENCODINGS:
        symbols.outline(analysis, encoding)  # the hands' kept parts, then reused below
    for at, removed, inserted in (
        (text.index("0.2", header(text, 1000)) + 2, 0, "5"),  # a digit in one hand
        (header(text, 5), 0, "\n\n"),  # lines added: every later hand moves down
        (header(text, 7), header(text, 8) - header(text, 7), ""),  # a hand removed
    ):
        analysis = edited(analysis, at, removed, inserted)
        text = analysis.lines.text
        for encoding in ENCODINGS:
            written = symbols.outline(analysis, encoding)
            assert isinstance(written, plain_answers.PlainJson)  # each hand's JSON joined, written as it is
            answer = json.loads(written)
            assert answer == fresh_outline(text, analyze(text, str(PHHS)), encoding)
            assert written == json.dumps(answer)  # as pygls's json.dumps would write the symbols
        assert analysis.analysed_count == 0  # nothing replayed
        folds = symbols.folds(analysis)
        hands = [{"startLine": s["range"]["start"]["line"], "endLine": s["range"]["end"]["line"]} for s in answer]
        assert [fold for fold in folds if "kind" not in fold] == hands
        assert folds[0] == {"startLine": 0, "endLine": 1, "kind": "comment"}
        # the lsprotocol objects other callers get are the same answer
        assert folding_as_plain(symbols.folding_ranges(analysis)) == list(folds)


def header(text: str, number: int) -> int:
    """Where hand ``[number]`` starts."""
    return text.index(f"\n[{number}]") + 1


def folding_as_plain(folds: list[types.FoldingRange]) -> list[dict[str, Any]]:
    converter = plain_answers.converter()
    return [converter.unstructure(fold) for fold in folds]


def test_the_server_sends_plain_answers_as_they_are() -> None:
    """pygls's converter lets a plain answer through untouched (converting
    50,000 symbols took 1.5-2.2 s) and still converts lsprotocol answers."""
    converter = plain_answers.converter()
    plain = plain_answers.PlainAnswer([{"startLine": 0, "endLine": 3}])
    sent = converter.unstructure(types.FoldingRangeResponse(id=7, result=plain))
    assert sent == {"id": 7, "result": [{"startLine": 0, "endLine": 3}], "jsonrpc": "2.0"}
    assert sent["result"] is plain
    objects = [types.FoldingRange(start_line=0, end_line=3)]
    assert converter.unstructure(types.FoldingRangeResponse(id=7, result=objects)) == sent
    tokens = plain_answers.PlainObject(resultId="1", data=[0, 1, 2, 3, 0])
    assert converter.unstructure(types.SemanticTokensResponse(id=8, result=tokens))["result"] is tokens


def applied(data: list[int], delta: dict[str, Any]) -> list[int]:
    """A ``semanticTokens/full/delta`` answer applied as an editor applies it."""
    result = list(data)
    for edit in sorted(delta["edits"], key=lambda edit: edit["start"], reverse=True):
        result[edit["start"] : edit["start"] + edit["deleteCount"]] = edit.get("data", [])
    return result


@pytest.mark.parametrize("large", [False, True])
def test_token_deltas_applied_to_the_previous_tokens_are_the_full_ones(large: bool) -> None:
    text = large_texts()[1] if large else PHHS.read_text()
    uri = f"file:///delta-{large}.phhs"
    analysis = analyze(text, str(PHHS))
    sent = semantic_delta.full(uri, analysis, "utf-16")
    assert sent["data"] == semantic_tokens(analysis, "utf-16").data
    middle = text.index("'p2 cc", len(text) // 2)
    for at, removed, inserted in (
        (text.index("0.2", middle) + 2, 0, "5"),  # an amount changed
        (middle + 1, 0, "["),  # an array left open: the hand's actions are not read
        (middle + 1, 1, ""),  # and closed again
        (header(text, 5), 0, "\n"),  # a line added above most hands
        (header(text, 9), header(text, 10) - header(text, 9), ""),  # a hand removed
        (middle, 0, "'p1 cbr 😀 # a comment', "),  # an action added with non-ASCII text
        (0, 0, ""),  # nothing changed
    ):
        analysis = edited(analysis, at, removed, inserted)
        text = analysis.lines.text
        answer = semantic_delta.delta(uri, analysis, sent["resultId"], "utf-16")
        full = semantic_tokens(analyze(text, str(PHHS)), "utf-16").data
        assert "data" not in answer and answer["resultId"] != sent["resultId"]
        assert applied(sent["data"], answer) == full
        assert (removed or inserted) or answer["edits"] == []
        assert all(edit["start"] % 5 == 0 and edit["deleteCount"] % 5 == 0 for edit in answer["edits"])
        sent = {"resultId": answer["resultId"], "data": full}


def test_a_stale_result_id_gets_the_full_tokens() -> None:
    text = PHHS.read_text()
    analysis = analyze(text, str(PHHS))
    first = semantic_delta.full("file:///stale.phhs", analysis, "utf-16")
    second = semantic_delta.full("file:///stale.phhs", analysis, "utf-16")
    answer = semantic_delta.delta("file:///stale.phhs", analysis, first["resultId"], "utf-16")
    assert answer["data"] == second["data"] and "edits" not in answer
    other = semantic_delta.delta("file:///never-sent.phhs", analysis, second["resultId"], "utf-16")
    assert other["data"] == second["data"]


def test_a_closed_document_s_tokens_are_forgotten() -> None:
    """didClose lets the tokens kept for the next delta go (a 50,000-hand
    file's are 60 MB): reopened, a delta named by the old id gets the full tokens."""
    text = PHHS.read_text()
    uri = "file:///closed.phhs"
    analysis = analyze(text, str(PHHS))
    sent = semantic_delta.full(uri, analysis, "utf-16")
    server = PhhLanguageServer()
    server.protocol.set_writer(mock.Mock())
    server.protocol.client_capabilities = types.ClientCapabilities()  # a client that takes pushed diagnostics
    sync.on_close(server, types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))
    answer = semantic_delta.delta(uri, analysis, sent["resultId"], "utf-16")
    assert "edits" not in answer and answer["data"] == sent["data"]


def test_the_server_writes_a_plain_json_answer_as_pygls_writes_its_objects() -> None:
    """The outline of a large file is sent as the JSON its hands' symbols were
    written in: the response's bytes are those pygls writes for the same
    symbols as objects (and any other writer reads the same answer)."""
    text = large_texts()[1]
    analysis = analyze(text, str(PHHS))
    written = symbols.outline(analysis, "utf-16")
    server = PhhLanguageServer()
    sent: list[bytes] = []
    server.protocol.set_writer(mock.Mock(write=sent.append))
    response = types.DocumentSymbolResponse(id=7, result=written)  # type: ignore[arg-type]
    server.protocol._send_data(response)
    as_objects = types.DocumentSymbolResponse(id=7, result=symbols.document_symbols(analysis, "utf-16"))
    pyglss = json.dumps(get_converter().unstructure(as_objects)).encode()
    header, body = sent[-1].split(b"\r\n\r\n", 1)
    assert json.loads(body) == json.loads(pyglss)
    assert header.startswith(f"Content-Length: {len(body)}\r\n".encode())
    assert server.converter.unstructure(response) == json.loads(body)


@pytest.mark.asyncio
async def test_the_first_outline_and_folding_after_the_first_check_read_no_hand_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A large file's first whole check also writes each hand's symbol (in its
    worker, beside each hand's analysis): the first ``documentSymbol`` after
    it only sends them (50,000 hands: 1.7 s in the server, each hand's shape
    and symbol made then). The answer is still a fresh outline."""
    from phh_lsp.core import analysis as core_analysis
    from phh_lsp.lsp import lifecycle
    from phh_lsp.lsp.features import hand_outline
    from tests.conftest import BIG_PHHS
    from tests.test_first_check import URI, Client

    monkeypatch.setattr(lifecycle, "_warm_up", lambda ls: None)  # the test run's collector stays as it is
    monkeypatch.setattr(core_analysis, "LARGE_DOCUMENT", 20)  # 69 hands, a large document (and quick)
    hand_outline.hand_shape.cache_clear()
    hand_outline._symbol.cache_clear()
    text = BIG_PHHS.read_text(encoding="utf-8")
    text = text[: text.index("\n[70]") + 1]
    client = Client()
    client.start(text)
    await client.until_published(1, ["PHH504"])
    assert ls_analysis(client).is_large
    made = hand_outline.hand_shape.cache_info().misses, hand_outline._symbol.cache_info().misses
    assert made[1] > 0  # written by the check
    client.send({"id": 2, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": URI}}})
    for _ in range(200):
        answers = [m for m in client.sent if m.get("id") == 2]
        if answers:
            break
        await asyncio.sleep(0.02)
    assert (hand_outline.hand_shape.cache_info().misses, hand_outline._symbol.cache_info().misses) == made
    assert answers[0]["result"] == fresh_outline(text, analyze(text, URI), "utf-16")
    # folding reads the hands' shapes the outline read (their lines are the same in every encoding)
    client.send({"id": 3, "method": "textDocument/foldingRange", "params": {"textDocument": {"uri": URI}}})
    for _ in range(200):
        folds = [m for m in client.sent if m.get("id") == 3]
        if folds:
            break
        await asyncio.sleep(0.02)
    assert hand_outline.hand_shape.cache_info().misses == made[0]
    hands = [
        {"startLine": s["range"]["start"]["line"], "endLine": s["range"]["end"]["line"]} for s in answers[0]["result"]
    ]
    assert [fold for fold in folds[0]["result"] if "kind" not in fold] == hands
    client.send({"id": 4, "method": "shutdown"})


def ls_analysis(client: Any) -> Analysis:
    """The analysis the client's server keeps of the test's document."""
    from tests.test_first_check import URI

    return client.server.documents.analysis(URI, 1, client.server.workspace.get_text_document(URI).source)
