"""``check`` of a large ``.phhs`` a chunk of hands at a time, in one process or over ``--jobs``.

A whole-file analysis keeps every hand's analysis until the file's
findings are out (about 53 KB a hand: 10 GB at 200,000 hands). Here the
file is cut into chunks of whole hands (:mod:`phh_lsp.cli.hand_chunks`,
which also decides when that is exact); each chunk is analysed by the
one :func:`~phh_lsp.core.analysis.analyze` as a document of its own, its
findings moved down by the lines above it, and dropped.

With ``--jobs``, the chunks go to the workers as they are read, a few
more than there are workers at a time, and their findings are taken back
in the file's order: the parent holds those chunks' texts and the
findings, never the file.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from phh_lsp.cli.check_findings import Cached, Document, Read, Streamed, findings_of
from phh_lsp.cli.check_processes import Workers
from phh_lsp.cli.hand_chunks import NotStreamable, chunks
from phh_lsp.cli.report import Finding
from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import analyze
from phh_lsp.core.hand_analysis import analyze_hand
from phh_lsp.paths import read_both

#: With ``--jobs``, a chunk is this many lines (about 100 hands): small
#: enough to keep both workers busy on a file of a few hundred hands.
SPREAD_LINES = 2_000


def check_chunk(path: str, text: str, settings: Settings) -> tuple[list[Finding], int, int]:
    """One chunk's findings (its lines counted from its own first line),
    its hands and its line breaks; in whichever process checks it."""
    analysis = analyze(text, path, detail=False)
    findings, hands = findings_of(Document(path, analysis, [], settings))
    analyze_hand.cache_clear()  # a dataset has no repeated hands: keep memory flat
    return findings, hands, analysis.lines.line_count - 1


def streamed(document: Streamed, stderr: IO[str], workers: Workers | None = None) -> Cached | Document | None:
    """The file's findings streamed (over ``workers`` if given), or, when it
    cannot be cut safely, the whole file read and analysed (None: it cannot be read)."""
    found = findings_streamed(Path(document.path), document.settings, workers)
    if found is not None:
        return Cached(document.path, *found, key=document.key)
    try:
        decoded = read_both(Path(document.path))[1]
    except OSError as error:
        stderr.write(f"phh-lsp check: {document.path}: cannot read ({error.strerror})\n")
        return None
    return Read(document.path, decoded, document.settings, document.key).analysed()


def findings_streamed(
    path: Path, settings: Settings, workers: Workers | None = None
) -> tuple[list[Finding], int] | None:
    """Every chunk's findings, in order, and the hands in all, checked here
    or, given ``workers``, spread over them; None when the file must be
    judged whole (nothing of it has been used then)."""
    found: list[Finding] = []
    hands = line = 0
    try:
        for findings, count, lines in _checked_chunks(path, settings, workers):
            found.extend(dataclasses.replace(f, line=f.line + line, end_line=f.end_line + line) for f in findings)
            hands += count
            line += lines
    except (NotStreamable, OSError):
        return None
    return found, hands


def _checked_chunks(
    path: Path, settings: Settings, workers: Workers | None
) -> Iterator[tuple[list[Finding], int, int]]:
    if workers is None:
        for text in chunks(path):
            yield check_chunk(str(path), text, settings)
        return
    calls = ((check_chunk, (str(path), text, settings)) for text in chunks(path, lines=SPREAD_LINES))
    yield from workers.in_order(calls)
