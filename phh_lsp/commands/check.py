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
import gc
import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from phh_lsp.core.analysis import Analysis, HandAnalysis, analyze, analyze_hand
from phh_lsp.core.codes import Diagnostic, Severity, diagnostic
from phh_lsp.core.text import Span
from phh_lsp.paths import collect, read_decoded


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


def _encoding_error(text: str, at: int, byte: int) -> Diagnostic:
    """PHH101 on the first byte that is not UTF-8 (TOML files are UTF-8)."""
    return diagnostic(
        "PHH101",
        f"the file is not UTF-8 text: byte 0x{byte:02x} here cannot be read; save the file as UTF-8",
        Span(at, min(at + 1, len(text))),
    )


def _rows(path: str, analysis: Analysis, extra: list[Diagnostic]) -> tuple[list[dict[str, Any]], int]:
    rows = []
    for found in sorted([*extra, *analysis.diagnostics], key=lambda d: (d.span.start, d.code)):
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


def _check_hand(text: str, multi: bool) -> HandAnalysis:
    """A worker's unit of work: one hand, uncached, reduced to what is sent back."""
    return analyze_hand.__wrapped__(text, multi, False).slim()


def _prepare_process() -> None:
    """Import PokerKit and keep the garbage collector off its tables.

    Importing PokerKit builds hand-lookup tables of some hundred thousand
    objects that live as long as the process; every full collection used
    to walk them all again (0.6 s of a corpus run). Frozen, they are left
    out; and with the young generation collected every 10,000 allocations
    rather than 700, the objects of one hand are mostly gone before any
    collection sees them. Each ``--jobs`` worker starts with this.
    """
    import pokerkit  # noqa: F401

    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


@contextmanager
def _collector_tuned() -> Iterator[None]:
    """:func:`_prepare_process` for the length of a check, then as before
    (``run_check`` also runs inside other programs, such as the tests)."""
    threshold = gc.get_threshold()
    _prepare_process()
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def _analyse_in_parallel(analyses: list[Analysis], jobs: int) -> None:
    """Analyse every hand of every file on ``jobs`` processes (0: all cores).

    Hands, not files, are the unit: a dataset is often one large ``.phhs``
    beside many small files, and both spread evenly this way.
    """
    workers = jobs or os.cpu_count() or 1
    tasks = [(analysis, index) for analysis in analyses for index in range(len(analysis.pieces))]
    texts = [analysis.pieces[index].text for analysis, index in tasks]
    flags = [analysis.multi for analysis, _ in tasks]
    chunk = max(1, len(tasks) // (workers * 64))
    with ProcessPoolExecutor(max_workers=workers, initializer=_prepare_process) as pool:
        for (analysis, index), hand in zip(tasks, pool.map(_check_hand, texts, flags, chunksize=chunk), strict=True):
            analysis.provide(index, hand)


@dataclass
class _Document:
    """A file read and analysed, with what reading it found wrong."""

    path: Path
    analysis: Analysis
    extra: list[Diagnostic]


def _documents(paths: list[Path], stderr: IO[str]) -> Iterator[_Document | None]:
    for path in paths:
        try:
            decoded = read_decoded(path)
        except OSError as error:
            stderr.write(f"phh-lsp check: {path}: cannot read ({error.strerror})\n")
            yield None
            continue
        extra = []
        if decoded.bad_byte_at is not None and decoded.bad_byte is not None:
            extra.append(_encoding_error(decoded.text, decoded.bad_byte_at, decoded.bad_byte))
        yield _Document(path, analyze(decoded.text, str(path), detail=False), extra)


def run_check(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    """Check every file; print the problems and a summary; return the exit code."""
    with _collector_tuned():
        return _run_check(args, stdout, stderr)


def _run_check(args: argparse.Namespace, stdout: IO[str], stderr: IO[str]) -> int:
    if args.jobs < 0:
        stderr.write("phh-lsp check: --jobs must be 0 (all cores) or more\n")
        return 2
    found = collect(args.paths)
    for error in found.errors:
        stderr.write(f"phh-lsp check: {error}\n")
    unreadable = len(found.errors)
    if not found.files and not found.errors:
        stderr.write(f"phh-lsp check: no .phh or .phhs file found in {', '.join(args.paths)}\n")
        return 2
    documents: Iterable[_Document | None] = _documents(found.files, stderr)
    if args.jobs != 1:
        documents = list(documents)
        _analyse_in_parallel([document.analysis for document in documents if document is not None], args.jobs)
    all_rows: list[dict[str, Any]] = []
    hands = files = 0
    for document in documents:
        if document is None:
            unreadable += 1
            continue
        files += 1
        rows, count = _rows(str(document.path), document.analysis, document.extra)
        analyze_hand.cache_clear()  # a dataset has no repeated hands: keep memory flat
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
        stdout.write(_summary(counts, files, hands, unreadable) + "\n")
    if unreadable:
        return 2
    return 1 if counts[Severity.ERROR.label] else 0


def _summary(counts: Counter[str], files: int, hands: int, unreadable: int) -> str:
    """The last line: "All good" only when every path was read and nothing was found."""
    parts = [f"{counts[label]} {label}{'s' if counts[label] != 1 else ''}" for label in ("error", "warning")]
    extra = [f"{counts[label]} {label}" for label in ("information", "hint") if counts[label]]
    if unreadable:
        extra.append(f"{unreadable} path{'s' * (unreadable != 1)} not read")
    checked = f"{files} file{'s' * (files != 1)}, {hands} hand{'s' * (hands != 1)} checked"
    verdict = "Found " + ", ".join(parts + extra) if sum(counts.values()) or unreadable else "All good: no problems"
    return f"{verdict} ({checked})"
