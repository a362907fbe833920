"""A large file's first check, and the keystrokes after it, as a client that
takes pushed diagnostics (Neovim 0.7) sees them (issue #30).

The server runs in this process, its messages read and written as JSON:
the test can land a keystroke exactly where a real editor lands one only
now and then.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest

from phh_lsp.lsp.features import diagnostics
from phh_lsp.lsp.server import build_server
from tests.conftest import BIG_PHHS

URI = "file:///hands/big.phhs"


@pytest.fixture(autouse=True)
def _no_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's warm-up tunes the garbage collector for a long-lived
    process (old generations never collected on their own): not the test
    run's, which has imported all the warm-up would load."""
    from phh_lsp.lsp import lifecycle

    monkeypatch.setattr(lifecycle, "_warm_up", lambda ls: None)


class Client:
    """Messages in, as an editor sends them; the server's out, decoded."""

    def __init__(self) -> None:
        self.server = build_server()
        self.sent: list[dict[str, Any]] = []
        self.server.protocol.set_writer(self, include_headers=False)

    def write(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    def close(self) -> None:
        """(pygls's writer)"""

    def send(self, message: dict[str, Any]) -> None:
        protocol = self.server.protocol
        protocol.handle_message(protocol.structure_message({"jsonrpc": "2.0", **message}))

    def start(self, text: str, capabilities: dict[str, Any] | None = None) -> None:
        initialize = {"processId": None, "rootUri": None, "capabilities": capabilities or {}}
        self.send({"id": 1, "method": "initialize", "params": initialize})
        self.send({"method": "initialized", "params": {}})
        self.send(
            {
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": URI, "languageId": "phh", "version": 1, "text": text}},
            }
        )

    def type_comment(self, version: int) -> None:
        """A comment line typed above the first hand."""
        start = {"line": 0, "character": 0}
        change = {"range": {"start": start, "end": start}, "text": f"# note {version}\n"}
        self.send(
            {
                "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": URI, "version": version}, "contentChanges": [change]},
            }
        )

    def published(self) -> list[tuple[int, list[str]]]:
        """Each publish of the document: its version and its diagnostics' codes."""
        return [
            (message["params"]["version"], [item["code"] for item in message["params"]["diagnostics"]])
            for message in self.sent
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == URI
        ]

    async def until_published(self, version: int, codes: list[str]) -> None:
        for _ in range(600):
            if (version, codes) in self.published():
                await asyncio.sleep(0.05)  # anything that would follow it
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"version {version} never published {codes}: {self.published()}")


@pytest.mark.asyncio
async def test_a_keystroke_before_the_first_publish_leaves_the_next_ones_one_publish_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A keystroke that lands once the first whole check of a 69-hand file is
    done but before its diagnostics are sent: the next checks edit that
    analysis, one hand each, and send the whole file's diagnostics once.
    (Each was taken for a first check until one check was published in
    time: it sent the first hands' diagnostics alone, then the whole file's,
    so the file's hint vanished and came back at every keystroke.)"""
    client = Client()
    loop = asyncio.get_running_loop()
    whole = ["PHH504"]  # the file's one hint, in hand 62: none in its first hands
    check = diagnostics.lsp_diagnostics
    typed = threading.Event()

    def keystroke_before_the_publish(*args: Any) -> Any:
        found = check(*args)
        if len(found) == len(whole) and not typed.is_set():  # the first whole check, in its worker
            loop.call_soon_threadsafe(lambda: (client.type_comment(2), typed.set()))
            typed.wait(10)
        return found

    monkeypatch.setattr(diagnostics, "lsp_diagnostics", keystroke_before_the_publish)
    text = BIG_PHHS.read_text(encoding="utf-8")
    client.start(text[: text.index("\n[70]")])
    await client.until_published(2, whole)
    client.type_comment(3)
    await client.until_published(3, whole)
    client.type_comment(4)
    await client.until_published(4, whole)
    assert client.published() == [(1, []), (2, whole), (3, whole), (4, whole)]
    client.send({"id": 2, "method": "shutdown"})


@pytest.mark.asyncio
async def test_the_rules_engine_loads_once_initialize_is_answered_not_at_initialized(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The imports a first check waits for (PokerKit, the core: ~0.3 s) start
    as soon as the answer to ``initialize`` is written: not after the
    client's ``initialized`` and the settings read then, which came before
    them on the way to a large file's first diagnostics."""
    from phh_lsp.lsp import lifecycle

    client = Client()
    started: list[list[str]] = []  # what the client had been sent when the warm-up began
    monkeypatch.setattr(lifecycle, "_warm_up", lambda ls: started.append([str(m.get("id")) for m in client.sent]))
    client.send({"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    for _ in range(100):
        if started:
            break
        await asyncio.sleep(0.01)
    assert started == [["1"]]


@pytest.mark.asyncio
async def test_the_first_hands_are_checked_while_the_client_answers_the_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The progress of a large file's first check is created by a request
    the client answers (a round trip of a few ms, more under load): its
    first hands are checked meanwhile, not after; they are still sent
    within the progress."""
    from phh_lsp.lsp import checking

    monkeypatch.setattr(checking, "PROGRESS_FROM_HANDS", 20)
    client = Client()
    capabilities = {"window": {"workDoneProgress": True}}
    checked_before_the_answer: list[bool] = []
    answered = threading.Event()
    check = diagnostics.first_hands_diagnostics

    def first_hands(*args: Any) -> Any:
        checked_before_the_answer.append(not answered.is_set())
        return check(*args)

    monkeypatch.setattr(diagnostics, "first_hands_diagnostics", first_hands)
    text = BIG_PHHS.read_text(encoding="utf-8")
    client.start(text[: text.index("\n[70]")], capabilities)
    for _ in range(200):
        created = [m for m in client.sent if m.get("method") == "window/workDoneProgress/create"]
        if created and checked_before_the_answer:
            break
        await asyncio.sleep(0.01)
    answered.set()
    client.send({"id": created[0]["id"], "result": None})
    await client.until_published(1, ["PHH504"])
    assert checked_before_the_answer == [True]
    sent = [m.get("method") or m.get("id") for m in client.sent]
    begin = next(i for i, m in enumerate(client.sent) if m.get("params", {}).get("value", {}).get("kind") == "begin")
    first_publish = sent.index("textDocument/publishDiagnostics")
    assert begin < first_publish
    assert client.published() == [(1, []), (1, ["PHH504"])]
    client.send({"id": 2, "method": "shutdown"})
