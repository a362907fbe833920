#!/usr/bin/env python3
"""A very large ``.phhs`` in the real server: issue #33's figures.

Run from the project root with the project's venv::

    nice .venv/bin/python tests/benchmarks/bench_big_document.py [--hands 1000 10000 50000] [--edits 7]
    nice .venv/bin/python tests/benchmarks/bench_big_document.py --in-process --hands 50000
    # before/after in the same run: the other tree's ``phh_lsp`` (a folder holding it) first
    nice .venv/bin/python tests/benchmarks/bench_big_document.py --hands 50000 --before ../old-tree

For each size, a ``.phhs`` of that many hands is built in a temporary folder
by cycling the hands of the corpus's 991-hand file (renumbered; one hand
gets a multi-line ``note = '''...'''``), opened in ``python -m phh_lsp``
(pushed diagnostics, as Neovim 0.7 takes them), and timed:

1. ``didOpen`` -> first ``publishDiagnostics`` (the first hands') and the
   whole file's: the end of the check's ``$/progress``, then its
   diagnostics; per hand; the server's RSS then and its peak (``VmHWM``);
2. only then (typing while the first check runs measures the early
   publish, not the edit): keystroke -> diagnostics of that version, median
   and max over ``--edits`` edits in the middle of the file, for an
   ordinary edit (a digit typed into an amount) and for a ``[`` typed before
   an array's string (``, ['p2 cc'``: an array left open; until 27 Nov it was
   typed inside the string, ``'p2 c[c'``, which opens nothing) with the
   multi-line string elsewhere; the time to the publish's arrival (before the
   test client decodes it) and to its decoding, and the server's CPU per version;
3. ``documentSymbol`` (outline), ``foldingRange``, ``semanticTokens/range``
   (the first 100 lines of the middle) and ``semanticTokens/full``;
4. hover and completion on a 5 MB single-line document (a ``.phh`` whose
   ``actions`` line is 5 MB long), near the line's end.

With ``--in-process`` it times instead, without a server, the whole check
and then what the server's handlers call: a keystroke as the server makes it
(the text in blocks changed, the analysis after the edit, its diagnostics,
the LSP values, the publish written by the server's protocol into a sink),
for a digit and for a ``[``, and those three parts; the
text spliced as one string (what a keystroke cost before the blocks); then,
unless ``--no-requests``, the cut, the line index, the outline, folding and
full semantic tokens (the first request and a repeat).

It prints each figure against the issue's goal (PASS/FAIL); nothing is
asserted. The machines are shared: read it with the load average printed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import bench_editor
from bench_editor import PHHS, Session, capabilities, proc_status
from lsprotocol import types

bench_editor.TIMEOUT = 3600.0  # a 50,000-hand file takes minutes to check on a busy machine
GOALS = {"first": 1000.0, "per_hand": 2.5, "rss": 1536.0, "keystroke": 30.0, "request": 1000.0, "line": 100.0}
NOTE = "note = '''a multi-line\nstring'''\n"


def build(count: int, folder: Path) -> Path:
    """``count`` hands cycling the corpus file's, renumbered, one with a multi-line note."""
    source = PHHS.read_text(encoding="utf-8")
    bodies = re.split(r"(?m)^\[\d+\]\n", source)[1:]
    parts = [f"[{i + 1}]\n{bodies[i % len(bodies)]}" for i in range(count)]
    parts[min(3, count - 1)] = parts[min(3, count - 1)].replace("\n", "\n" + NOTE, 1)
    path = folder / f"big-{count}.phhs"
    path.write_text("".join(parts), encoding="utf-8")
    return path


class BigSession(Session):
    """The benchmark's session, which also follows the server's ``$/progress``."""

    def __init__(self) -> None:
        super().__init__()
        self.progress_ended = asyncio.Event()
        self.progress_end = 0.0

        @self.client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def on_create(params: types.WorkDoneProgressCreateParams) -> None:
            return None

        #: When each version's diagnostics began to be decoded: the server's work, its JSON
        #: and the pipe, without the test client's decoding (pygls's cattrs structures
        #: each of a 50,000-hand file's ~1,160 diagnostics: 40-75 ms; an editor decodes
        #: JSON natively), as bench_big_requests' Arrival times an answer.
        self.arrived: dict[tuple[str, int | None], float] = {}
        protocol = self.client.protocol
        decode = protocol.structure_message
        started: list[float] = []  # the first object decoded of the message being read

        def structure(data: dict[str, object]) -> object:
            if not started:
                started.append(time.perf_counter())
            if "jsonrpc" in data:
                params = data.get("params")
                if data.get("method") == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS and isinstance(params, dict):
                    self.arrived.setdefault((str(params["uri"]), params.get("version")), started[0])  # type: ignore[arg-type]
                started.clear()
            return decode(data)

        protocol.structure_message = structure  # type: ignore[method-assign]

        @self.client.feature(types.PROGRESS)
        def on_progress(params: types.ProgressParams) -> None:
            value = params.value
            if (isinstance(value, dict) and value.get("kind") == "end") or getattr(value, "kind", None) == "end":
                self.progress_end = time.perf_counter()
                self.progress_ended.set()


def server_cpu(pid: int) -> float:
    """The server process's CPU seconds so far (user + system, all its threads):
    a keystroke's work without the time a loaded machine makes it wait."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ms(start: float, end: float) -> float:
    return (end - start) * 1000


def verdict(name: str, value: float, goal: float, unit: str = "ms") -> str:
    return f"  {'PASS' if value <= goal else 'FAIL'} {name}: {value:,.1f} {unit} (goal <= {goal:,.0f} {unit})"


async def timed(request: asyncio.Future[object]) -> float:
    start = time.perf_counter()
    await asyncio.wait_for(request, 600)
    return ms(start, time.perf_counter())


async def edits(
    session: BigSession, uri: str, text: str, version: int, typed: str, anchor: str, count: int
) -> tuple[list[float], list[float]]:
    """Type ``typed`` at ``count`` places in the middle of the file (after
    ``anchor``) and undo each; keystroke -> that version's diagnostics, as
    they arrive (see BigSession.arrived) and decoded by the test client."""
    from phh_lsp.core.text import LineIndex

    times, arrivals = [], []
    lines = LineIndex(text)
    for k in range(count):
        at = text.index(anchor, len(text) // 2 + k * 5000) + len(anchor) - 1
        line, column = lines.position(at, "utf-16")
        for change in (
            types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(line, column), types.Position(line, column)), text=typed
            ),
            types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(line, column), types.Position(line, column + len(typed))), text=""
            ),
        ):
            version += 1
            sent = time.perf_counter()
            document = types.VersionedTextDocumentIdentifier(uri=uri, version=version)
            session.client.text_document_did_change(types.DidChangeTextDocumentParams(document, [change]))
            received = await asyncio.wait_for(session.diagnostics(uri, version), 600)
            if change.text:
                times.append(ms(sent, received))
                arrivals.append(ms(sent, session.arrived.get((uri, version), received)))
    return arrivals, times


async def big_document(path: Path, count: int, edit_count: int, requests: bool = True) -> list[str]:
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    session = BigSession()
    await session.start(capabilities(), path.parent)
    client = session.client
    out = [f"{count:,} hands ({len(text) / 1e6:.1f} MB)"]
    try:
        sent = time.perf_counter()
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
        first = await asyncio.wait_for(session.diagnostics(uri, 1), 3600)
        await asyncio.wait_for(session.progress_ended.wait(), 3600)
        # the whole file's diagnostics follow the progress's end: typing before they arrive
        # supersedes them, and every later keystroke is then checked as a first check
        while session.last_published[(uri, 1)] < session.progress_end:
            await asyncio.sleep(0.01)
        whole = await session.settled(uri, 1, quiet=1.0)
        status = proc_status(session.pid)
        out.append(verdict("didOpen -> first diagnostics", ms(sent, first), GOALS["first"]))
        out.append(f"  whole file: {ms(sent, whole) / 1000:,.1f} s")
        out.append(verdict("whole file per hand", ms(sent, whole) / count, GOALS["per_hand"]))
        out.append(verdict("RSS after the whole check", status["VmRSS"], GOALS["rss"], "MB"))
        out.append(f"  peak RSS (VmHWM): {status['VmHWM']:,.0f} MB")
        cpu = [server_cpu(session.pid)]
        ordinary = await edits(session, uri, text, 1, "5", "0.2", edit_count)
        cpu.append(server_cpu(session.pid))
        opened = await edits(session, uri, text, 1 + 2 * edit_count, "[", ", '", edit_count)
        cpu.append(server_cpu(session.pid))
        for index, (name, (values, decoded)) in enumerate(
            (("ordinary edit", ordinary), ("`[` left open, '''...''' elsewhere", opened))
        ):
            median = statistics.median(values)
            out.append(verdict(f"keystroke -> diagnostics arrived, {name}, median", median, GOALS["keystroke"]))
            out.append(f"    max {max(values):,.1f} ms over {len(values)}: {', '.join(f'{v:.1f}' for v in values)}")
            out.append(f"    decoded by the test client: median {statistics.median(decoded):,.1f} ms")
            # each edit is typed and undone: two versions checked and published
            out.append(
                f"    the server's CPU per version: {(cpu[index + 1] - cpu[index]) * 1000 / (2 * len(values)):,.1f} ms"
            )
        if not requests:
            out.append(f"  RSS at the end: {proc_status(session.pid)['VmRSS']:,.0f} MB")
            return out
        document = types.TextDocumentIdentifier(uri)
        middle = text.count("\n", 0, len(text) // 2)
        requests = {
            "outline (documentSymbol)": client.text_document_document_symbol_async(
                types.DocumentSymbolParams(document)
            ),
            "folding": client.text_document_folding_range_async(types.FoldingRangeParams(document)),
            "semantic tokens (range, 100 lines)": client.text_document_semantic_tokens_range_async(
                types.SemanticTokensRangeParams(
                    document, types.Range(types.Position(middle, 0), types.Position(middle + 100, 0))
                )
            ),
        }
        for name, request in requests.items():
            out.append(verdict(name, await timed(request), GOALS["request"]))
        full = await timed(client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(document)))
        out.append(f"  semantic tokens (full): {full:,.0f} ms")
        out.append(f"  RSS at the end: {proc_status(session.pid)['VmRSS']:,.0f} MB")
    finally:
        await session.stop()
    return out


async def long_line(folder: Path) -> list[str]:
    """Hover and completion near the end of a 5 MB line."""
    actions = ", ".join("'p1 cc'" for _ in range(5_000_000 // 9))
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        f"starting_stacks = [200, 200]\nactions = [{actions}]\n"
    )
    path = folder / "long-line.phh"
    path.write_text(text, encoding="utf-8")
    session = BigSession()
    await session.start(capabilities(), folder)
    client = session.client
    uri = path.as_uri()
    out = [f"a 5 MB line ({len(text) / 1e6:.1f} MB)"]
    try:
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
        await asyncio.wait_for(session.diagnostics(uri, 1), 600)
        position = types.Position(5, len(text.splitlines()[5]) - 5)
        document = types.TextDocumentIdentifier(uri)
        hovers, completions = [], []
        for _ in range(5):
            hovers.append(await timed(client.text_document_hover_async(types.HoverParams(document, position))))
            completions.append(
                await timed(client.text_document_completion_async(types.CompletionParams(document, position)))
            )
        out.append(verdict("hover, median", statistics.median(hovers), GOALS["line"]))
        out.append(verdict("completion, median", statistics.median(completions), GOALS["line"]))
    finally:
        await session.stop()
    return out


class _Sink:
    """A writer that keeps nothing (the server's protocol writes into it)."""

    def write(self, data: bytes) -> None:
        return None


def in_process(path: Path, count: int, requests: bool = True) -> list[str]:
    """The handlers' core calls on a file of ``count`` hands, medians of 5;
    first the whole check (every hand's diagnostics, as the server's first
    check makes them) and the process's RSS after it."""
    from phh_lsp.config.settings import Settings
    from phh_lsp.core.analysis import Analysis, analyze
    from phh_lsp.core.text import BlockText, Edit, LineIndex
    from phh_lsp.lsp.features import semantic_tokens, symbols
    from phh_lsp.lsp.features.diagnostics import lsp_diagnostics
    from phh_lsp.lsp.server import build_server

    text = path.read_text(encoding="utf-8")
    out = [f"{count:,} hands in-process ({len(text) / 1e6:.1f} MB)"]

    def clock(name: str, work: Callable[[], object], times: int = 5, goal: float | None = None) -> None:
        values = []
        for _ in range(times):
            start = time.perf_counter()
            work()
            values.append(ms(start, time.perf_counter()))
        value = statistics.median(values)
        out.append(verdict(name, value, goal) if goal is not None else f"  {name}: {value:,.1f} ms")

    analysis = analyze(text, str(path))
    start = time.perf_counter()
    found = analysis.diagnostics
    whole = ms(start, time.perf_counter())
    out.append(f"  whole check: {whole:,.0f} ms ({whole / count:.2f} ms a hand), {len(found):,} diagnostics")
    status = proc_status(os.getpid())
    out.append(verdict("RSS after the whole check", status["VmRSS"], GOALS["rss"], "MB"))
    out.append(f"  peak RSS (VmHWM): {status['VmHWM']:,.0f} MB")
    lines = analysis.lines
    blocks = BlockText.of(text)
    settings = Settings()
    server = build_server()
    server.protocol.set_writer(_Sink())
    first = lsp_diagnostics(analysis, settings, "utf-16")  # the whole file's publish, which later keystrokes start from
    for typed, anchor in (("5", "0.2"), ("[", ", '")):
        at = text.index(anchor, len(text) // 2) + len(anchor) - 1
        edit = Edit(at, at, 1)
        parts: dict[str, list[float]] = {"analysis": [], "values": [], "written": []}

        def keystroke(
            at: int = at, typed: str = typed, edit: Edit = edit, parts: dict[str, list[float]] = parts
        ) -> None:
            """What the server does for a keystroke: the text in blocks changed, the
            analysis after the edit, its diagnostics and lines, the LSP values, the
            publish written by the server's protocol (into a sink)."""
            start = time.perf_counter()
            changed = blocks.replaced(at, at, typed)
            after = Analysis.after_edit(analysis, changed, edit, lines=LineIndex.after_edit(lines, changed, edit))
            after.diagnostics  # noqa: B018 - the analysis's part
            analysed = time.perf_counter()
            items = lsp_diagnostics(after, settings, "utf-16")
            made = time.perf_counter()
            params = types.PublishDiagnosticsParams(path.as_uri(), items, 2)
            server.protocol.notify(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, params)
            for name, value in zip(
                parts, (ms(start, analysed), ms(analysed, made), ms(made, time.perf_counter())), strict=True
            ):
                parts[name].append(value)
            assert not changed.is_joined, "a keystroke joined the whole text"

        clock(
            f"keystroke {typed!r}: text in blocks, analysis, LSP values, publish written",
            keystroke,
            9,
            GOALS["keystroke"],
        )
        count_found = len(first)
        analysed = statistics.median(parts["analysis"])
        out.append(
            f"    of which the analysis after {typed!r} (blocks, cut, lists, lines, diagnostics): {analysed:,.1f} ms"
        )
        out.append(
            f"    of which the LSP values of {count_found:,} diagnostics: {statistics.median(parts['values']):,.1f} ms"
        )
        out.append(
            f"    of which the publish written (conversion, JSON): {statistics.median(parts['written']):,.1f} ms"
        )
    at = text.index("0.2", len(text) // 2) + 2
    edited = text[:at] + "5" + text[at:]
    edit = Edit(at, at, 1)
    clock("before (#33's second round): the text spliced as one string", lambda: text[:at] + "5" + text[at:])
    clock("text in blocks changed for a keystroke", lambda: blocks.replaced(at, at, "5"))
    clock("line index after a keystroke", lambda: LineIndex.after_edit(lines, edited, edit))
    if not requests:
        return out
    clock("cut (analyze)", lambda: analyze(text, str(path)), 3)
    clock("line index", lambda: LineIndex(text), 3)
    for name, request in (
        ("outline", lambda: symbols.document_symbols(analysis, "utf-16")),
        ("folding", lambda: symbols.folding_ranges(analysis)),
        ("semantic tokens (full)", lambda: semantic_tokens.semantic_tokens(analysis, "utf-16")),
    ):
        clock(f"{name}, first", request, 1)
        clock(f"{name}, again", request, 3, GOALS["request"])
    return out


async def main_async(args: argparse.Namespace) -> int:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="phh-big-") as name:
        folder = Path(name)
        if args.in_process:
            for count in args.hands:
                for line in in_process(build(count, folder), count, args.requests):
                    print(line, flush=True)
            print(f"load average {os.getloadavg()[0]:.2f}")
            return 0
        for count in args.hands:
            path = build(count, folder)
            for label, tree in (("before", args.before), ("after", None)) if args.before else (("", None),):
                if label:
                    print(f"{label} ({tree or 'this tree'}), load average {os.getloadavg()[0]:.2f}", flush=True)
                here = os.getcwd()
                os.chdir(in_tree(tree))
                try:
                    for line in await big_document(path, count, args.edits, args.requests):
                        print(line, flush=True)
                finally:
                    os.chdir(here)
        if args.long_line:
            for line in await long_line(folder):
                print(line, flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


def in_tree(tree: str | None) -> str:
    """The folder to start the server from: ``python -m phh_lsp`` imports the
    package of its working folder first (None: this tree's)."""
    return str(Path(tree).resolve()) if tree is not None else os.getcwd()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[1000, 10_000, 50_000])
    parser.add_argument("--edits", type=int, default=7)
    parser.add_argument("--no-long-line", dest="long_line", action="store_false")
    parser.add_argument("--in-process", action="store_true", help="time the handlers' core calls, no server")
    parser.add_argument(
        "--no-requests",
        dest="requests",
        action="store_false",
        help="no whole-document requests (outline, folding, semantic tokens): the whole check, RSS and keystrokes",
    )
    parser.add_argument(
        "--before",
        metavar="TREE",
        help="first run each size in the server with TREE's phh_lsp (git archive main phh_lsp | tar -x -C TREE)",
    )
    return asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
