"""A large ``.phhs`` read a thousand hands at a time, never the whole file in memory.

``check`` and ``format`` on a file of 200,000 hands would otherwise hold
every hand's analysis or syntax tree at once (10.6 GB and 7.6 GB). Here
the file is read line by line and cut into chunks of whole hands at
simple hand headers (``[12]`` at a line's start); each chunk is then a
document of its own for the one analysis or the one formatter.

That is the whole file's verdict only when its hands are independent
tables, which :func:`~phh_lsp.core.syntax.hands.cut_hands` decides on the
whole text. Each chunk is held to conditions under which the two cuts
cannot differ, and :class:`NotStreamable` is raised when one fails (the
caller then judges the whole file, having used nothing of the chunks):
the file is UTF-8 without a byte order mark; no triple quotes; every line
that opens with ``[`` is a simple header that starts a hand, and every
hand's brackets are balanced (so no header can stand inside a value); no
hand number given twice (PHH102, and TOML's table defined twice, need
the whole file); nothing but comments and blank lines before the first
hand (what stands there is judged against every hand's name).

``comments_follow``: the comment lines right above a cut header go with
the next chunk, as the formatter moves them to the hand they describe;
the check's cut leaves them to the hand above, as the analysis does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from phh_lsp.core.syntax.encoding import decode
from phh_lsp.core.syntax.hands import cut_hands

#: A ``.phhs`` at least this large is streamed (smaller ones: the whole file at once).
STREAM_BYTES = 2_000_000
#: With ``--jobs``, a ``.phhs`` this large is spread over the workers in chunks.
SPREAD_BYTES = 200_000
#: A chunk is cut at the first hand header after this many lines (about 1,000 hands).
CHUNK_LINES = 20_000

_SIMPLE_HEADER = re.compile(rb"\[[ \t]*[A-Za-z0-9_-]+[ \t]*\][ \t]*(?:#[^\r\n]*)?\r?\n?\Z")
_COMMENT_LINE = re.compile(rb"[ \t]*#")
_PRELUDE_LINE = re.compile(r"[ \t]*(?:#[^\n]*)?\r?\n?")


class NotStreamable(Exception):
    """The file cannot be cut safely: the whole file must be judged at once."""


def is_streamable(path: Path, spread: bool = False) -> bool:
    """A ``.phhs`` large enough to stream (``spread``: over ``--jobs``' workers)."""
    try:
        return path.name.lower().endswith(".phhs") and path.stat().st_size >= (SPREAD_BYTES if spread else STREAM_BYTES)
    except OSError:
        return False  # reported when it is read


def chunks(path: Path, *, comments_follow: bool = False, lines: int | None = None) -> Iterator[str]:
    """The file's text, chunk by chunk of whole hands (about ``lines`` lines,
    :data:`CHUNK_LINES` by default), each held to the whole file's cut;
    raises :class:`NotStreamable` (possibly after some chunks: the caller
    must not have used them) or :class:`OSError`."""
    names: set[str] = set()
    for index, text in enumerate(_texts(path, comments_follow, lines or CHUNK_LINES)):
        _checked(text, index == 0, names, comments_follow)
        yield text


def _texts(path: Path, comments_follow: bool, size: int) -> Iterator[str]:
    """The chunks' texts, each starting at a hand header (the first at the
    file's start), or at the comments right above it."""
    lines: list[bytes] = []
    with path.open("rb") as stream:
        for raw in stream:
            if raw.startswith(b"[") and len(lines) >= size and _SIMPLE_HEADER.match(raw):
                above = len(lines)
                while comments_follow and above > 1 and _COMMENT_LINE.match(lines[above - 1]):
                    above -= 1
                yield _text(lines[:above])
                lines = lines[above:]
            lines.append(raw)
    yield _text(lines)


def _text(lines: list[bytes]) -> str:
    """A chunk's bytes as text, by the one decoder; not UTF-8, or a byte order mark: not streamable."""
    decoded = decode(b"".join(lines))
    if decoded.error is not None or decoded.bom:
        raise NotStreamable
    return decoded.text


def _checked(text: str, first: bool, names: set[str], comments_follow: bool) -> None:
    """Raise :class:`NotStreamable` unless the chunk's cut is the whole file's."""
    if "'''" in text or '"""' in text:
        raise NotStreamable
    cut = cut_hands(text)
    if not cut.independent:
        raise NotStreamable
    starts = text.count("\n[") + text.startswith("[")
    pieces = [piece for piece in cut.hands if piece.text.startswith("[")]
    if len(pieces) != starts:
        raise NotStreamable  # a line opening with `[` that is no hand's start
    for piece in cut.hands:
        if piece.text.count("[") != piece.text.count("]"):
            raise NotStreamable
        if not piece.text.startswith("["):
            if _PRELUDE_LINE.sub("", piece.text) or not (first or comments_follow):
                raise NotStreamable  # the text before the first hand is judged against every hand
            continue
        name = piece.text[1 : piece.text.index("]")].strip()
        if name in names:
            raise NotStreamable
        names.add(name)
