#!/usr/bin/env python3
"""Whole-document requests on a very large ``.phhs``: issue #33's outline,
folding and semantic tokens, in the real server and in-process.

Run from the project root with the project's venv::

    nice .venv/bin/python tests/benchmarks/bench_big_requests.py --hands 10000 50000
    nice .venv/bin/python tests/benchmarks/bench_big_requests.py --in-process --hands 50000
    # before/after in the same run: the other tree's ``phh_lsp`` first on the path
    nice .venv/bin/python tests/benchmarks/bench_big_requests.py --hands 10000 --before ../old-tree

The file is ``bench_big_document.build``'s (the corpus's 991-hand file
cycled, renumbered, one hand with a multi-line note). In the server, each
request is sent only after the whole file's first check (the end of its
``$/progress`` and its diagnostics), so the check's thread does not share
the time: ``documentSymbol``, ``foldingRange`` (each twice: the first and a
repeat), ``semanticTokens/range`` over 100 lines in the middle,
``semanticTokens/full`` twice, then a digit typed in the middle and
``semanticTokens/full/delta`` from the last result (when the server offers
deltas; else ``full`` again). Each is timed from the request sent to
the answer's arrival (the server's work, conversion and JSON, and the pipe),
and to its decoding by the test client (pygls structures every integer:
seconds for full tokens, which an editor decodes natively).

``--in-process`` times the features' functions without a server and
without the whole check (with the server's garbage-collector settings), and then
the server's writing of their answer (its protocol's ``_send_data`` into a sink:
conversion and JSON, or an answer already written as JSON put in as it is).
``--no-full-tokens`` leaves out the full semantic tokens and their delta (in the
server: a minute at 50,000 hands).

``--before TREE`` runs each size first with ``TREE``'s ``phh_lsp`` (a
folder holding the package, e.g. ``git archive HEAD phh_lsp | tar -x -C TREE``;
the server is started in that folder, whose package it then imports first),
then with this tree's: before and after under the same load.

It prints each figure against the issue's goal (<= 1 s); nothing is
asserted. The machines are shared: read it with the load average printed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_big_document import GOALS, BigSession, build, in_tree, ms, verdict
from bench_editor import capabilities, proc_status
from lsprotocol import types


class Arrival:
    """When the answer's body began to be decoded: the server's work, its JSON
    and the pipe, without the test client's decoding (pygls's cattrs structures
    millions of integers one by one; an editor decodes JSON natively)."""

    def __init__(self, session: BigSession) -> None:
        protocol = session.client.protocol
        decode = protocol.structure_message
        self.first: float | None = None
        started: list[float] = []  # the first object decoded of the message being read

        def structure(data: dict[str, object]) -> object:
            if not started:
                started.append(time.perf_counter())
            if "jsonrpc" in data:  # a whole message: an answer's, or a notification's to ignore
                if "method" not in data and self.first is None:
                    self.first = started[0]
                started.clear()
            return decode(data)

        protocol.structure_message = structure  # type: ignore[method-assign]

    async def timed(self, request: asyncio.Future[object], name: str, out: list[str], goal: float | None) -> object:
        """Await ``request``; add its figure (arrival; decoded) to ``out``."""
        start = time.perf_counter()
        self.first = None
        answer = await asyncio.wait_for(request, 3600)
        done = time.perf_counter()
        arrived = ms(start, self.first if self.first is not None else done)
        out.append(verdict(name, arrived, goal) if goal is not None else f"  {name}: {arrived:,.0f} ms")
        out.append(f"    decoded by the test client: {ms(start, done):,.0f} ms")
        return answer


async def in_server(path: Path, count: int, label: str, full_tokens: bool = True) -> list[str]:
    """The requests in the real server, after the whole first check (without
    ``full_tokens``, no full semantic tokens nor their delta: a minute at 50,000 hands)."""
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    session = BigSession()
    await session.start(capabilities(), path.parent)
    clock = Arrival(session)
    client = session.client
    out = [f"{count:,} hands in the server, {label} ({len(text) / 1e6:.1f} MB)"]
    try:
        sent = time.perf_counter()
        client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text)))
        await asyncio.wait_for(session.progress_ended.wait(), 3600)
        # the whole file's diagnostics follow the progress's end (the first hands' came long
        # before): wait for them, as bench_big_document does, so that no request shares the
        # time with their making and publish (before, "whole check" read the first hands' 1.8 s)
        while session.last_published[(uri, 1)] < session.progress_end:
            await asyncio.sleep(0.01)
        whole = await session.settled(uri, 1, quiet=1.0)
        out.append(f"  whole check: {ms(sent, whole) / 1000:,.1f} s, RSS {proc_status(session.pid)['VmRSS']:,.0f} MB")
        document = types.TextDocumentIdentifier(uri)
        middle = text.count("\n", 0, len(text) // 2)
        for attempt in ("first", "again"):
            outline = client.text_document_document_symbol_async(types.DocumentSymbolParams(document))
            await clock.timed(outline, f"outline (documentSymbol), {attempt}", out, GOALS["request"])
            folding = client.text_document_folding_range_async(types.FoldingRangeParams(document))
            await clock.timed(folding, f"folding, {attempt}", out, GOALS["request"])
        window = types.Range(types.Position(middle, 0), types.Position(middle + 100, 0))
        ranged = client.text_document_semantic_tokens_range_async(types.SemanticTokensRangeParams(document, window))
        await clock.timed(ranged, "semantic tokens (range, 100 lines)", out, GOALS["request"])
        if not full_tokens:
            out.append(f"  RSS at the end: {proc_status(session.pid)['VmRSS']:,.0f} MB")
            return out
        answers: list[types.SemanticTokens] = []
        for attempt in ("first", "again"):
            full = client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(document))
            answer = await clock.timed(full, f"semantic tokens (full), {attempt}", out, None)
            if isinstance(answer, types.SemanticTokens):
                answers.append(answer)
        at = text.index("0.2", len(text) // 2) + 2
        line, column = text.count("\n", 0, at), at - text.rfind("\n", 0, at) - 1
        change = types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(line, column), types.Position(line, column)), text="5"
        )
        versioned = types.VersionedTextDocumentIdentifier(uri=uri, version=2)
        client.text_document_did_change(types.DidChangeTextDocumentParams(versioned, [change]))
        await asyncio.wait_for(session.diagnostics(uri, 2), 600)
        previous = answers[-1].result_id if answers else None
        try:  # an older server offers no deltas: it answers an error
            if previous is None:
                raise ValueError("no result id")
            delta = client.text_document_semantic_tokens_full_delta_async(
                types.SemanticTokensDeltaParams(document, previous)
            )
            await clock.timed(delta, "semantic tokens after a keystroke (full/delta)", out, GOALS["request"])
        except Exception as error:
            full = client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(document))
            await clock.timed(
                full, f"semantic tokens after a keystroke (full; no delta: {type(error).__name__})", out, None
            )
        out.append(f"  RSS at the end: {proc_status(session.pid)['VmRSS']:,.0f} MB")
    finally:
        await session.stop()
    return out


def in_process(path: Path, count: int, full_tokens: bool = True) -> list[str]:
    """The features' functions, then the server's writing of the answer."""
    from phh_lsp.core.analysis import analyze
    from phh_lsp.lsp.features import symbols
    from phh_lsp.lsp.server import build_server

    try:
        from phh_lsp.lsp.warm_up import warm_up_checking
    except ImportError:  # an older tree
        from phh_lsp.lsp.lifecycle import _warm_up as warm_up_checking  # type: ignore[attr-defined,no-redef]
    warm_up_checking()  # the server's collector settings (full collections when idle only), as in the server
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, str(path))
    analysis.lines, analysis.pieces  # noqa: B018 - the cut and the line index, made before the clocks
    server = build_server()
    server.protocol.set_writer(_Sink())
    out = [f"{count:,} hands in-process ({len(text) / 1e6:.1f} MB)"]

    def clock(name: str, work: Callable[[], object], times: int) -> object:
        values, result = [], None
        for _ in range(times):
            start = time.perf_counter()
            result = work()
            values.append(ms(start, time.perf_counter()))
        out.append(f"  {name}: {statistics.median(values):,.1f} ms (median of {times})")
        return result

    answers: dict[str, tuple[Callable[[], object], type]] = {
        "outline": (
            lambda: _call(symbols, "outline", "document_symbols", analysis, "utf-16"),
            types.DocumentSymbolResponse,
        ),
        "folding": (lambda: _call(symbols, "folds", "folding_ranges", analysis), types.FoldingRangeResponse),
        "semantic tokens (full)": (lambda: _full_tokens(analysis), types.SemanticTokensResponse),
    }
    if not full_tokens:
        del answers["semantic tokens (full)"]
    for name, (work, response) in answers.items():
        clock(f"{name}, first", work, 1)
        result = clock(f"{name}, again", work, 3)
        message = response(id=1, result=result)  # type: ignore[call-arg]
        # what the server's protocol writes (its _send_data: conversion, JSON, header), into a sink
        clock(f"{name}, the server's writing (conversion + JSON)", lambda sent=message: _write(server, sent), 3)
    return out


class _Sink:
    """A writer that keeps nothing."""

    def write(self, data: bytes) -> None:
        return None


def _write(server: object, message: object) -> None:
    server.protocol._send_data(message)  # type: ignore[attr-defined]


def _full_tokens(analysis: object) -> object:
    """The full tokens as this tree's server answers them, or an older tree's."""
    try:
        from phh_lsp.lsp.features import semantic_delta
    except ImportError:  # before deltas
        from phh_lsp.lsp.features import semantic_tokens

        return semantic_tokens.semantic_tokens(analysis, "utf-16")  # type: ignore[arg-type]
    return semantic_delta.full("file:///big.phhs", analysis, "utf-16")  # type: ignore[arg-type]


def _call(module: object, new: str, old: str, *args: object) -> object:
    """The function answering the request in this tree (``new``) or an older one's (``old``)."""
    function = getattr(module, new, None) or getattr(module, old)
    return function(*args)


async def main_async(args: argparse.Namespace) -> int:
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="phh-big-") as name:
        folder = Path(name)
        for count in args.hands:
            path = build(count, folder)
            if args.in_process:
                lines = in_process(path, count, args.full_tokens)
                for line in lines:
                    print(line, flush=True)
                continue
            for label, tree in (("before", args.before), ("after", None)) if args.before else (("this tree", None),):
                here = os.getcwd()
                os.chdir(in_tree(tree))
                try:
                    for line in await in_server(path, count, label, args.full_tokens):
                        print(line, flush=True)
                finally:
                    os.chdir(here)
                print(f"  load average {os.getloadavg()[0]:.2f}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[10_000, 50_000])
    parser.add_argument("--in-process", action="store_true", help="the features' functions and pygls's conversion")
    parser.add_argument(
        "--no-full-tokens",
        dest="full_tokens",
        action="store_false",
        help="outline, folding and range tokens only (no full semantic tokens, no delta)",
    )
    parser.add_argument("--before", metavar="TREE", help="first run each size with TREE's phh_lsp (before/after)")
    return asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
