#!/usr/bin/env python3
"""The replayer on a large ``.phhs``: how fast ``phh/handStates`` answers, and how much it sends.

Run from the project root with the project's venv::

    .venv/bin/python tests/benchmarks/bench_replayer.py [--sessions 3] [--hands 30] [--phhs FILE]

Like bench_editor.py, it starts the real server over stdio and opens the
991-hand ``.phhs`` corpus file, then asks for the replayer's feed as the
views do (the hand at the cursor only):

1. right after ``didOpen``, before the file's diagnostics are in (a user
   who opens the replayer at once);
2. at ``--hands`` hands spread over the file, the first time for each
   (that hand is replayed with its states);
3. at every action of one hand, the cursor walking down it (the hand is
   analysed already: what following the cursor costs);
4. after a keystroke in that hand (a new version, the hand analysed again).

It prints median/p95/max per case, the feed's size, and PASS/FAIL for
the goals (cursor walk <= 30 ms p95, a hand seen first <= 150 ms p95,
the feed <= 100 KB). Nothing is asserted; exit status 0 unless the
server failed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from lsprotocol import types

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_editor import PHHS, Session, capabilities, pct


def _plain(value: Any) -> Any:
    if hasattr(value, "_asdict"):
        return {key: _plain(item) for key, item in value._asdict().items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


async def _ask(session: Session, uri: str, line: int, character: int) -> tuple[float, Any]:
    started = time.perf_counter()
    params = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
    answer = await asyncio.wait_for(session.client.protocol.send_request_async("phh/handStates", params), 30)
    return (time.perf_counter() - started) * 1000, _plain(answer)


def _action_positions(lines: list[str], start: int) -> list[tuple[int, int]]:
    """(line, column) inside each action string of the hand whose header is line
    ``start`` (actions on one line, as in the corpus file, or one a line)."""
    positions = []
    for number in range(start + 1, len(lines)):
        line = lines[number]
        if line.startswith("["):
            break
        if line.startswith("actions") or (positions and line.startswith(("  '", '  "'))):
            quotes = [column for column, char in enumerate(line) if char in "'\""]
            positions += [(number, column + 1) for column in quotes[::2]]
    return positions


async def session_run(path: Path, hands: int, settle: float, figures: dict[str, list[float]], sizes: list[int]) -> None:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    headers = [number for number, line in enumerate(lines) if line.startswith("[") and line.rstrip().endswith("]")]
    uri = path.resolve().as_uri()
    session = Session()
    await session.start(capabilities(), path.parent)
    try:
        session.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "phh", 1, text))
        )
        middle = headers[len(headers) // 2]
        elapsed, feed = await _ask(session, uri, middle + 2, 0)
        figures["at once after didOpen"].append(elapsed)
        assert feed is not None and feed["hand"]["count"] == len(headers), "no feed for the hand"
        await session.diagnostics(uri, 1)
        if settle:
            await asyncio.sleep(settle)
        step = max(1, len(headers) // hands)
        for header in headers[::step][:hands]:
            positions = _action_positions(lines, header) or [(header + 1, 0)]
            elapsed, feed = await _ask(session, uri, *positions[len(positions) // 2])
            figures["a hand seen first"].append(elapsed)
            sizes.append(len(json.dumps(feed)))
        positions = _action_positions(lines, middle)
        for line, column in positions:
            elapsed, feed = await _ask(session, uri, line, column)
            figures["cursor walk in one hand"].append(elapsed)
            if elapsed > 50:
                print(f"slow: {elapsed:.0f} ms at line {line}", file=sys.stderr)
        line, column = positions[-1]
        session.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=2, uri=uri),
                [
                    types.TextDocumentContentChangePartial(
                        range=types.Range(types.Position(line, 0), types.Position(line, 0)), text=" "
                    )
                ],
            )
        )
        elapsed, feed = await _ask(session, uri, line, column + 1)
        figures["after a keystroke"].append(elapsed)
    finally:
        await session.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--phhs", type=Path, default=PHHS)
    parser.add_argument(
        "--settle", type=float, default=0.0, help="seconds to wait after the diagnostics before asking (default 0)"
    )
    args = parser.parse_args()
    figures: dict[str, list[float]] = {
        "at once after didOpen": [],
        "a hand seen first": [],
        "cursor walk in one hand": [],
        "after a keystroke": [],
    }
    sizes: list[int] = []
    for _ in range(args.sessions):
        asyncio.run(session_run(args.phhs, args.hands, args.settle, figures, sizes))
    print(f"phh/handStates on {args.phhs.name}, {args.sessions} sessions")
    for name, values in figures.items():
        print(
            f"  {name:<26} n={len(values):<4} median {statistics.median(values):7.1f} ms"
            f"  p95 {pct(values, 95):7.1f} ms  max {max(values):7.1f} ms"
        )
    print(f"  feed size: median {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB")
    goals = [
        ("cursor walk <= 30 ms p95", pct(figures["cursor walk in one hand"], 95) <= 30),
        ("a hand seen first <= 150 ms p95", pct(figures["a hand seen first"], 95) <= 150),
        ("feed <= 100 KB", max(sizes) <= 100 * 1024),
    ]
    for goal, met in goals:
        print(f"  {'PASS' if met else 'FAIL'}: {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
