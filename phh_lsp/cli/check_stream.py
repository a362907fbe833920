"""``check`` of a large ``.phhs`` a thousand hands at a time, never the whole file in memory.

A whole-file analysis keeps every hand's analysis until the file's
findings are out (about 53 KB a hand: 10 GB at 200,000 hands). Here the
file is read line by line and cut into chunks of whole hands at simple
hand headers (``[12]`` at a line's start); each chunk is analysed by the
one :func:`~phh_lsp.core.analysis.analyze` as a document of its own, its
findings moved down by the lines above it, and dropped.

That is the whole file's analysis only when its hands are independent
tables, which :func:`~phh_lsp.core.syntax.hands.cut_hands` decides on the
whole text. Each chunk is held to conditions under which the two cuts
cannot differ, and the file falls back to the whole-file path (``None``)
when one fails: the file is UTF-8 without a byte order mark; no triple
quotes; every line that opens with ``[`` is a simple header that starts a
hand, and every hand's brackets are balanced (so no header can stand
inside a value); no hand number given twice (PHH102 needs the whole file);
nothing but comments and blank lines before the first hand (what stands
there is judged against every hand's name). The tests hold the findings
to the whole-file path's on the corpus's ``.phhs`` files, cut small.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from phh_lsp.cli.report import Finding
from phh_lsp.core.analysis import Analysis, analyze
from phh_lsp.core.hand_analysis import analyze_hand
from phh_lsp.core.syntax.encoding import decode
from phh_lsp.core.syntax.hands import cut_hands

#: A ``.phhs`` at least this large is streamed (smaller ones: the whole file at once).
STREAM_BYTES = 2_000_000
#: A chunk is cut at the first hand header after this many lines (about 1,000 hands).
CHUNK_LINES = 20_000

_SIMPLE_HEADER = re.compile(rb"\[[ \t]*[A-Za-z0-9_-]+[ \t]*\][ \t]*(?:#[^\r\n]*)?\r?\n?\Z")
_PRELUDE_LINE = re.compile(r"[ \t]*(?:#[^\n]*)?\r?\n?")


class _NotStreamable(Exception):
    """The file cannot be cut safely: the whole-file path judges it."""


def _chunks(path: Path) -> Iterator[str]:
    """The file's text, chunk by chunk, each starting at a hand header
    (the first at the file's start); raises :class:`_NotStreamable`."""
    lines: list[bytes] = []
    with path.open("rb") as stream:
        for raw in stream:
            if raw.startswith(b"[") and len(lines) >= CHUNK_LINES and _SIMPLE_HEADER.match(raw):
                yield _text(lines)
                lines = []
            lines.append(raw)
    yield _text(lines)


def _text(lines: list[bytes]) -> str:
    """A chunk's bytes as text, by the one decoder; not UTF-8, or a byte order mark: not streamable."""
    decoded = decode(b"".join(lines))
    if decoded.error is not None or decoded.bom:
        raise _NotStreamable
    return decoded.text


def _checked(text: str, first: bool, names: set[str]) -> None:
    """Raise :class:`_NotStreamable` unless the chunk's cut is the whole file's."""
    if "'''" in text or '"""' in text:
        raise _NotStreamable
    cut = cut_hands(text)
    if not cut.independent:
        raise _NotStreamable
    starts = text.count("\n[") + text.startswith("[")
    pieces = [piece for piece in cut.hands if piece.text.startswith("[")]
    if len(pieces) != starts:
        raise _NotStreamable  # a line opening with `[` that is no hand's start
    for piece in cut.hands:
        if piece.text.count("[") != piece.text.count("]"):
            raise _NotStreamable
        if not piece.text.startswith("["):
            if not first or _PRELUDE_LINE.sub("", piece.text):
                raise _NotStreamable  # the text before the first hand is judged against every hand
            continue
        name = piece.text[1 : piece.text.index("]")].strip()
        if name in names:
            raise _NotStreamable
        names.add(name)


def findings_streamed(
    path: Path, per_chunk: Callable[[Analysis, int], tuple[list[Finding], int]]
) -> tuple[list[Finding], int] | None:
    """Every chunk's findings (``per_chunk``: a chunk's findings and hand
    count, from its analysis and the number of lines above it) and the
    hands in all; None when the file must be judged whole (nothing of it
    has been used then)."""
    found: list[Finding] = []
    hands = line = 0
    names: set[str] = set()
    try:
        for index, text in enumerate(_chunks(path)):
            _checked(text, index == 0, names)
            analysis = analyze(text, str(path), detail=False)
            findings, count = per_chunk(analysis, line)
            found.extend(findings)
            hands += count
            line += analysis.lines.line_count - 1
            del analysis
            analyze_hand.cache_clear()
    except (_NotStreamable, OSError):
        return None
    return found, hands
