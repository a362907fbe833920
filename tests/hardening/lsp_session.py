"""A real server process driven by pytest-lsp's client, for abuse tests.

Unlike the fixture of ``tests/e2e``, a :class:`Session` lets each test
choose its initialization options, keeps the server's stderr and audit log
in files the test can read, and always ends the process: shutdown and
exit when the server still answers, kill otherwise, with the exit code
recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types
from pytest_lsp import client_capabilities
from pytest_lsp.client import LanguageClient, make_test_lsp_client

WRAPPER = Path(__file__).with_name("audited_server.py")


@dataclass
class Session:
    client: LanguageClient
    folder: Path
    initialize: types.InitializeResult | None = None
    exit_code: int | None = None
    killed: bool = False
    exit_seconds: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def stderr(self) -> str:
        path = self.folder / "stderr.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    @property
    def audit(self) -> list[dict[str, Any]]:
        path = self.folder / "audit.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]

    @property
    def process(self) -> asyncio.subprocess.Process:
        assert self.client._server is not None
        return self.client._server

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", version, text))
        )

    def raw(self, message: Any) -> None:
        """Write a message to the server's stdin as is: a JSON-able value
        framed with its Content-Length header, or bytes sent verbatim (for
        messages the client library would refuse to build)."""
        body = message if isinstance(message, bytes) else json.dumps(message).encode("utf-8")
        data = body if isinstance(message, bytes) else b"Content-Length: %d\r\n\r\n" % len(body) + body
        assert self.process.stdin is not None
        self.process.stdin.write(data)

    async def alive(self, timeout: float = 20.0) -> bool:
        """Whether the server still answers a request (a hover on nothing)."""
        uri = "file:///probe/alive.phh"
        if uri not in self.extra:
            self.open(uri, 'variant = "NT"\n')
            self.extra[uri] = True
        # asyncio.wait, not wait_for: a late answer to a cancelled future
        # would make the test client tear the connection down.
        answer = asyncio.ensure_future(
            self.client.text_document_hover_async(
                types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 1))
            )
        )
        done, _ = await asyncio.wait({answer}, timeout=timeout)
        if not done or answer.exception() is not None:
            self.extra.setdefault("unanswered", []).append(answer)
            return False
        return self.process.returncode is None

    async def shutdown(self, timeout: float = 30.0) -> None:
        """shutdown + exit, then wait for the process (kill it after ``timeout``)."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), timeout)
            self.client.exit(None)
            await asyncio.wait_for(self.process.wait(), timeout)
        except (TimeoutError, RuntimeError, ConnectionError):
            pass
        await self._end()
        self.exit_seconds = loop.time() - start

    async def _end(self) -> None:
        if self.process.returncode is None:
            self.killed = True
            self.process.kill()
            await self.process.wait()
        self.exit_code = self.process.returncode
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.client.stop(), 5)


@contextlib.asynccontextmanager
async def session(
    folder: Path,
    options: Any = None,
    capabilities: str = "visual-studio-code",
    audit: bool = False,
    cwd: Path | None = None,
) -> AsyncIterator[Session]:
    """A started, initialised server; ended (cleanly if it can) on leaving."""
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PHH_STDERR_LOG=str(folder / "stderr.log"))
    if audit:
        env["PHH_AUDIT_LOG"] = str(folder / "audit.jsonl")
    client = make_test_lsp_client()
    await client.start_io(sys.executable, str(WRAPPER), env=env, cwd=str(cwd or folder))
    result = Session(client, folder)
    try:
        result.initialize = await asyncio.wait_for(
            client.initialize_session(
                types.InitializeParams(
                    capabilities=client_capabilities(capabilities),
                    initialization_options=options,
                )
            ),
            60,
        )
        yield result
    finally:
        if result.exit_code is None:
            await result.shutdown()
