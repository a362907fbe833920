"""``format`` of a large ``.phhs`` a chunk of hands at a time, and every file written aside first.

The formatter lays a ``.phhs`` out hand by hand: each table is a section
of its own, the comments right above a header go with it, and sections
are joined by one blank line. So a file cut into chunks of whole hands
(:mod:`phh_lsp.cli.hand_chunks`, comments following their header), each
chunk formatted as a document of its own and the outputs joined by one
line break, is the whole file formatted, when two more things hold: the
file's line endings are decided by its first line, so every chunk must
open with the same ending; and the formatter refuses a document that is
not valid TOML with the first error's line, which only the whole file
gives (a chunk refused: the whole file is formatted, and says why).
The tests hold the result to the whole file's on the corpus.

A file is written aside (a hidden file in its folder) and moved over the
original only once complete: a run stopped, or a disk full, never leaves
half a hand history.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from phh_lsp.cli.hand_chunks import NotStreamable, chunks
from phh_lsp.core.formatting.formatter import format_text


def format_streamed(path: Path, line_width: int, write: bool) -> bool | None:
    """Whether formatting changes the file (``write``: the file is then
    rewritten, aside first); None when it must be formatted whole (nothing
    was written). Raises :class:`OSError` when it cannot be written."""
    comparison = _Comparison()
    try:
        if write:
            write_aside(path, comparison.new_pieces(_formatted(path, line_width)), keep=comparison.changed)
        else:
            for _piece in comparison.new_pieces(_formatted(path, line_width)):
                pass
    except NotStreamable:
        return None
    return comparison.changed()


def _formatted(path: Path, line_width: int) -> Iterator[tuple[str, str]]:
    """Each chunk's text and what it becomes in the formatted file."""
    first = False
    for index, text in enumerate(chunks(path, comments_follow=True)):
        newline = text.find("\n")
        crlf = newline > 0 and text[newline - 1] == "\r"
        if index == 0:
            first = crlf
        elif crlf != first:
            raise NotStreamable  # the whole file's line endings are its first line's
        new = format_text(text, multi=True, line_width=line_width)
        if new is None:
            raise NotStreamable  # not valid TOML: the whole file says where
        yield text, ("\r\n" if first else "\n") * (index > 0) + new


class _Comparison:
    """The old and new texts compared as they go by, holding only what one
    has beyond the other."""

    def __init__(self) -> None:
        self._old = self._new = ""
        self._differs = False

    def new_pieces(self, pairs: Iterable[tuple[str, str]]) -> Iterator[str]:
        """The new text's pieces, compared with the old text's as they pass."""
        for old, new in pairs:
            if not self._differs:
                old, new = self._old + old, self._new + new
                common = min(len(old), len(new))
                self._differs = old[:common] != new[:common]
                self._old, self._new = old[common:], new[common:]
            yield new

    def changed(self) -> bool:
        """Whether the new text differs from the old (once every piece has passed)."""
        return self._differs or self._old != self._new


def write_aside(path: Path, pieces: Iterable[str], keep: Callable[[], bool] = lambda: True) -> None:
    """Write ``pieces`` (UTF-8, line endings as given) to a hidden file beside
    ``path`` and move it over ``path`` if ``keep()`` says so once they are
    all written; the file keeps its permissions. A file the user may not
    write is left alone (:class:`PermissionError`), as writing in place would."""
    if not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    handle, aside = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            for piece in pieces:
                out.write(piece)
        if keep():
            shutil.copymode(path, aside)
            os.replace(aside, path)
    finally:
        if os.path.exists(aside):
            os.unlink(aside)
