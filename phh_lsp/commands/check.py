"""``phh-lsp check PATH...``: lint hands on the command line and in CI.

The same :func:`phh_lsp.core.analysis.analyze` the editor uses, rendered
as ``path:line:col: PHH301 message`` lines (1-based, columns in
characters) or as JSON for other tools. Exit status: 0 when no
error-level diagnostic was found, 1 when one was, 2 on usage errors or
unreadable paths (the other files are still checked). ``--jobs`` spreads
the hands over processes; the output is identical either way.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from functools import partial
from typing import IO, Any

from phh_lsp.core.analysis import HandAnalysis, analyze
from phh_lsp.core.codes import Severity
from phh_lsp.paths import collect, read_text


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    """Register ``check``'s arguments on its subparser."""
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders (searched for *.phh and *.phhs)")
    parser.add_argument(
        "--output-format", choices=("text", "json"), default="text", help="text lines (default) or a JSON array"
    )
    parser.add_argument(
        "--jobs", "-j", type=int, default=1, metavar="N", help="worker processes (0: one per core; default 1)"
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the problems, no summary")


def _rows(
    path: str, text: str, mapper: Callable[..., Iterable[HandAnalysis]] | None
) -> tuple[list[dict[str, Any]], int]:
    analysis = analyze(text, path, detail=False, mapper=mapper)
    rows = []
    for found in sorted(analysis.diagnostics, key=lambda d: (d.span.start, d.code)):
        line, column = analysis.lines.position(found.span.start)
        end_line, end_column = analysis.lines.position(found.span.end)
        rows.append(
            {
                "path": path,
                "line": line + 1,
                "column": column + 1,
                "end_line": end_line + 1,
                "end_column": end_column + 1,
                "code": found.code,
                "name": found.name,
                "severity": found.severity.label,
                "message": found.message,
            }
        )
    hands = sum(1 for view in analysis.hands if view.hand.header is not None or not analysis.multi)
    return rows, hands


def _slim_call(function: Callable[[str], HandAnalysis], text: str) -> HandAnalysis:
    return function(text).slim()


@contextmanager
def _mapper(jobs: int) -> Iterator[Callable[..., Iterable[HandAnalysis]] | None]:
    if jobs == 1:
        yield None
        return
    workers = jobs if jobs > 1 else (os.cpu_count() or 1)
    with ProcessPoolExecutor(max_workers=workers) as pool:

        def mapper(function: Callable[[str], HandAnalysis], texts: list[str]) -> Iterable[HandAnalysis]:
            if len(texts) < 8:
                return map(function, texts)
            work = partial(_slim_call, function)
            return pool.map(work, texts, chunksize=max(1, len(texts) // (workers * 8)))

        yield mapper


def run_check(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    """Check every file; print the problems and a summary; return the exit code."""
    if args.jobs < 0:
        stderr.write("phh-lsp check: --jobs must be 0 (all cores) or more\n")
        return 2
    found = collect(args.paths)
    for error in found.errors:
        stderr.write(f"phh-lsp check: {error}\n")
    unreadable = len(found.errors)
    all_rows: list[dict[str, Any]] = []
    hands = 0
    with _mapper(args.jobs) as mapper:
        for path in found.files:
            try:
                text = read_text(path)
            except OSError as error:
                stderr.write(f"phh-lsp check: {path}: cannot read ({error.strerror})\n")
                unreadable += 1
                continue
            rows, count = _rows(str(path), text, mapper)
            hands += count
            all_rows.extend(rows)
            if args.output_format == "text":
                for row in rows:
                    stdout.write(f"{row['path']}:{row['line']}:{row['column']}: {row['code']} {row['message']}\n")
    if args.output_format == "json":
        json.dump(all_rows, stdout, indent=2, ensure_ascii=False)
        stdout.write("\n")
    counts = Counter(row["severity"] for row in all_rows)
    if args.output_format == "text" and not args.quiet:
        stdout.write(_summary(counts, len(found.files), hands) + "\n")
    if unreadable:
        return 2
    return 1 if counts[Severity.ERROR.label] else 0


def _summary(counts: Counter[str], files: int, hands: int) -> str:
    parts = [f"{counts[label]} {label}{'s' if counts[label] != 1 else ''}" for label in ("error", "warning")]
    extra = [f"{counts[label]} {label}" for label in ("information", "hint") if counts[label]]
    checked = f"{files} file{'s' * (files != 1)}, {hands} hand{'s' * (hands != 1)} checked"
    verdict = "Found " + ", ".join(parts + extra) if sum(counts.values()) else "All good: no problems"
    return f"{verdict} ({checked})"
