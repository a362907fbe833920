"""The analysis of each open document, cached by URI and version.

Every feature asks here for the analysis of the text it is looking at;
it is built once per version (and per hand only on demand, see
:class:`phh_lsp.core.analysis.Analysis`). A full re-check of a large
``.phhs`` file runs off the message loop and stops early when a newer
version of the document arrives, so typing never waits behind it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from phh_lsp.core.analysis import Analysis
    from phh_lsp.core.hand_analysis import HandAnalysis
    from phh_lsp.core.text import Edit, LineIndex, Text


class Edited(Protocol):
    """A document that remembers its edits (the server's EditedDocument)."""

    def edit_since(self, version: int) -> Edit | None: ...

    @property
    def line_index(self) -> LineIndex | None: ...


class Superseded(Exception):
    """A newer version of the document made this analysis pointless."""


class UnknownDocument(LookupError):
    """A request named a document the client has not opened."""


class Documents:
    """Analyses of open documents, one per URI (the latest version)."""

    def __init__(self) -> None:
        self._analyses: dict[str, tuple[int | None, Analysis]] = {}
        self._latest: dict[str, int | None] = {}
        self._lock = threading.Lock()
        self._progress: dict[str, Callable[[int, int], None]] = {}
        self.closing = False

    def analysis(self, uri: str, version: int | None, text: Text, edited: Edited | None = None) -> Analysis:
        """The analysis of ``text`` (version ``version`` of ``uri``; the
        server's document passes its blocks, joined only if need be).

        ``edited``: the document, when it knows the one edit that made this
        text from an earlier version's; the analysis of that version is then
        reused for everything the edit did not touch.
        """
        with self._lock:
            latest = self._latest.get(uri)
            if uri not in self._latest or (version is not None and (latest is None or version > latest)):
                # never back: a first check makes its analysis in a worker thread, after a
                # keystroke may have said a newer version came (which stops that check)
                self._latest[uri] = version
            cached = self._analyses.get(uri)
            if cached is not None and cached[0] == version and _same(cached[1].source, text):
                return cached[1]
            from phh_lsp.core.analysis import Analysis, analyze
            from phh_lsp.core.syntax.hands import is_multi_hand

            mapper = self._mapper(uri, version)
            edit = None
            if cached is not None and cached[0] is not None and version is not None and edited is not None:
                edit = edited.edit_since(cached[0])
            if edit is not None and cached is not None and is_multi_hand(uri, text) == cached[1].multi:
                analysis = Analysis.after_edit(cached[1], text, edit, mapper, edited.line_index if edited else None)
            else:
                analysis = analyze(text, uri, mapper=mapper)
            self._analyses[uri] = (version, analysis)
            return analysis

    def make_whole_diagnostics(self, uri: str, version: int | None) -> None:
        """Make the document's list of diagnostics of version ``version`` of
        ``uri``, once published: a keystroke's publish reads the edited hands'
        only, and the next keystroke starts from the list, made meanwhile (see
        :mod:`phh_lsp.core.diagnostics_splice`). Nothing for a newer version,
        whose own check is under way."""
        cached = self._analyses.get(uri)
        if cached is not None and cached[0] == version:
            cached[1].diagnostics  # noqa: B018 - made now

    def changed(self, uri: str, version: int | None) -> None:
        """The client sent version ``version``: a check of an older one stops
        at its next hand, even before anybody asks for the new one."""
        with self._lock:
            self._latest[uri] = version

    def watch(self, uri: str, progress: Callable[[int, int], None]) -> None:
        """Call ``progress(done, total)`` as the hands of ``uri`` are analysed
        (the next full check only): the editor shows how far a first check
        of a 1,000-hand file has come."""
        self._progress[uri] = progress

    def is_current(self, uri: str, version: int | None) -> bool:
        """Whether ``version`` is still the latest version seen for ``uri``."""
        return not self.closing and self._latest.get(uri) == version

    def close_all(self) -> None:
        """The server is shutting down: running re-checks stop at the next hand."""
        self.closing = True

    def _mapper(
        self, uri: str, version: int | None
    ) -> Callable[[Callable[[str], HandAnalysis], list[str]], Iterable[HandAnalysis]]:
        def mapper(function: Callable[[str], HandAnalysis], texts: list[str]) -> Iterator[HandAnalysis]:
            progress = self._progress.pop(uri, None)
            step = max(1, len(texts) // 20)
            for done, text in enumerate(texts):
                if not self.is_current(uri, version):
                    raise Superseded(uri)
                if progress is not None and done % step == 0:
                    progress(done, len(texts))
                yield function(text)

        return mapper

    def forget(self, uri: str) -> None:
        """Drop a closed document."""
        with self._lock:
            self._analyses.pop(uri, None)
            self._latest.pop(uri, None)


def _same(kept: Text, text: Text) -> bool:
    """Whether two texts are the same: the same object (the server's blocks
    of one version), or equal strings (a text in blocks is never joined to
    be compared: a new version's blocks are a new object)."""
    return kept is text or (isinstance(kept, str) and isinstance(text, str) and kept == text)
