"""``analyze(text) -> Analysis``: everything the front ends need, once.

A document is cut into hands (one for a ``.phh``), each analysed by
:func:`~phh_lsp.core.hand_analysis.analyze_hand`, which depends on the
hand's text alone and is cached by it, so in a ``.phhs`` file of a
thousand hands an edit re-analyses one hand (:meth:`Analysis.after_edit`
keeps the rest, shifted). Spans inside a hand are relative to its first
character and shifted by the hand's position when the document-level view
is built (:mod:`phh_lsp.core.document_diagnostics`).
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from phh_lsp.core.document_diagnostics import document_diagnostics, judged_as_one_document
from phh_lsp.core.hand_analysis import HandAnalysis, HandView, analyze_hand
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.syntax.hands import Cut, HandText, cut_hands, is_multi_hand
from phh_lsp.core.text import Edit, LineIndex


class Analysis:
    """The analysis of a whole document (one or many hands), built lazily.

    Features that look at one place (hover, completion, inlay hints) ask
    for :meth:`view`, which analyses that hand with replay snapshots.
    Diagnostics and features that walk every hand (outline, folding) use
    :attr:`hands`, which analyses the remaining hands without snapshots
    (cheaper, and far less memory for a 1,000-hand file), through
    ``mapper`` (``map`` by default; the checker passes a process pool's).
    Hands are cached by their text, so this object is cheap to rebuild
    after every edit.
    """

    def __init__(
        self,
        text: str,
        multi: bool,
        detail: bool = True,
        mapper: HandMapper | None = None,
        cut: Cut | None = None,
    ) -> None:
        self.text = text
        self.multi = multi
        self.detail = detail
        if multi and cut is None:
            cut = cut_hands(text)
        self.pieces = cut.hands if cut is not None else [HandText(0, len(text), text)]
        #: Whether the hands may be judged one by one (see cut_hands).
        self.independent = cut is None or cut.independent
        self._triple = cut is not None and cut.triple
        self._detailed = partial(analyze_hand, multi=multi, detail=detail)
        self._checked = partial(analyze_hand, multi=multi, detail=False)
        self._mapper = mapper
        self._hands: list[HandAnalysis | None] = [None] * len(self.pieces)
        self._views: list[HandAnalysis | None] = [None] * len(self.pieces)
        self._diagnostics: list[Diagnostic] | None = None
        #: Where each hand's diagnostics start in ``_diagnostics`` (and its end):
        #: an edit inside one hand replaces that hand's only.
        self._bounds: list[int] | None = None
        #: What an edit of the previous text left to do lazily (see after_edit).
        self._edited: _Edited | None = None
        self._lines: LineIndex | None = None
        #: One walk over the hands at a time: the server's diagnostics, outline,
        #: folding and lenses ask for them at once when a file opens, and each
        #: would otherwise analyse the hands the others are analysing.
        self._walking = threading.Lock()

    @property
    def lines(self) -> LineIndex:
        """The document's line index, built on first use."""
        if self._lines is None:
            edited = self._edited
            if edited is not None and edited.lines is not None:
                self._lines = LineIndex.after_edit(edited.lines, self.text, edited.edit)
            else:
                self._lines = LineIndex(self.text)
            self._release_edit()
        return self._lines

    @property
    def analysed_count(self) -> int:
        """How many hands have been analysed so far (features that look at a
        few hands must not analyse them all)."""
        return sum(hand is not None or view is not None for hand, view in zip(self._hands, self._views, strict=True))

    def provide(self, index: int, hand: HandAnalysis) -> None:
        """Record the ``index``-th hand, analysed elsewhere (a worker process)."""
        self._hands[index] = hand

    def view(self, index: int) -> HandView:
        """The ``index``-th hand, analysed with snapshots on first use."""
        hand = self._views[index]
        if hand is None:
            hand = self._views[index] = self._detailed(self.pieces[index].text)
        return HandView(self.pieces[index].start, hand)

    @property
    def hands(self) -> list[HandView]:
        """Every hand, analysed (through the mapper, for those not yet done)."""
        with self._walking:
            missing = [i for i in range(len(self.pieces)) if self._hands[i] is None and self._views[i] is None]
            if missing:
                done = (self._mapper or map)(self._checked, [self.pieces[i].text for i in missing])
                for index, hand in zip(missing, done, strict=True):
                    self._hands[index] = hand
        views = []
        for index, piece in enumerate(self.pieces):
            found = self._views[index] or self._hands[index]
            assert found is not None
            views.append(HandView(piece.start, found))
        return views

    def hand_at(self, offset: int, snapshots: bool = True) -> HandView | None:
        """The hand whose text holds ``offset`` (the last hand for the end).

        Without ``snapshots`` (completion, navigation need none) the hand
        the diagnostics already analysed is reused when there is one.
        """
        if not self.pieces:
            return None
        index = self.index_at(offset)
        if snapshots:
            return self.view(index)
        hand = self._views[index] or self._hands[index]
        if hand is None:
            hand = self._hands[index] = self._checked(self.pieces[index].text)
        return HandView(self.pieces[index].start, hand)

    def index_at(self, offset: int) -> int:
        """The number (from 0) of the piece whose text holds ``offset``."""
        starts = [piece.start for piece in self.pieces]
        return max(0, bisect.bisect_right(starts, offset) - 1)

    @property
    def has_prelude(self) -> bool:
        """Whether the first piece of a ``.phhs`` is the text before its first
        hand (a comment heading the file, as ``phh-lsp convert`` writes one):
        no hand, so not hand 1. Only the first piece can be one: the cut
        starts every other at a header."""
        if not self.multi or not self.pieces:
            return False
        first = self.hand_at(0, snapshots=False)
        return first is not None and first.hand.header is None

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic of the document, in document coordinates."""
        if self._diagnostics is None:
            edited = self._edited
            if edited is not None and edited.bounds is not None:
                self._diagnostics, self._bounds = self._spliced(edited)
            else:
                self._diagnostics, self._bounds = document_diagnostics(self.multi, self.hands)
            if not self.independent:
                self._diagnostics = judged_as_one_document(self.text, self._diagnostics)
                self._bounds = None
            self._release_edit()
        return self._diagnostics

    def _release_edit(self) -> None:
        """Let the previous version's lines and diagnostics go once this
        version has its own."""
        if self._lines is not None and self._diagnostics is not None:
            self._edited = None

    def first_diagnostics(self, count: int) -> list[Diagnostic]:
        """The diagnostics of the first ``count`` hands only: what an editor
        shows first (the top of the file) while the rest of a 1,000-hand file
        is checked. Those hands are then kept for :attr:`diagnostics`."""
        views = [self.hand_at(piece.start, snapshots=False) for piece in self.pieces[:count]]
        return document_diagnostics(self.multi, [view for view in views if view is not None])[0]

    @classmethod
    def after_edit(
        cls,
        previous: Analysis,
        text: str,
        edit: Edit,
        mapper: HandMapper | None = None,
        lines: LineIndex | None = None,
    ) -> Analysis:
        """The analysis of ``text``, which is ``previous.text`` after ``edit``.

        A keystroke in a 1,000-hand ``.phhs`` changes one hand: when the edit
        lies inside one hand's body (not its header line) and leaves it one
        hand whose brackets do not reach into the next, the other hands'
        cut, analyses, diagnostics and lines are the previous ones, shifted.
        Anything else (an edit across hands, a header typed, triple quotes)
        is cut and judged afresh, as if the text were new. ``lines``: the
        new text's line index, when the caller has it already.
        ``tests/core/test_incremental.py`` holds this to the full path.
        """
        cut = _cut_after_edit(previous, text, edit)
        if cut is None:
            return cls(text, previous.multi, previous.detail, mapper)
        pieces, index = cut
        analysis = cls(text, True, previous.detail, mapper, Cut(pieces, independent=True, triple=False))
        analysis._hands = [*previous._hands]
        analysis._views = [*previous._views]
        analysis._hands[index] = analysis._views[index] = None
        bounds = previous._bounds if previous._diagnostics is not None else None
        analysis._edited = _Edited(edit, index, previous._lines, previous._diagnostics, bounds)
        if lines is not None and lines.text is text:
            analysis._lines = lines
        return analysis

    def _spliced(self, edited: _Edited) -> tuple[list[Diagnostic], list[int]]:
        """The previous diagnostics with the edited hand's replaced and those of
        the hands after it shifted (names and headers are unchanged)."""
        index, bounds, previous = edited.index, edited.bounds, edited.diagnostics
        assert previous is not None and bounds is not None
        piece = self.pieces[index]
        found = self._views[index] or self._hands[index]
        if found is None:
            found = self._hands[index] = self._checked(piece.text)
        # a duplicate hand name is the document's finding, on the header, which the edit did not touch
        named = [d for d in previous[bounds[index] : bounds[index + 1]] if d.code == "PHH102"]
        own = [*named, *(d.shifted(piece.start) for d in sorted(found.diagnostics, key=lambda d: d.span.start))]
        before, after = previous[: bounds[index]], previous[bounds[index + 1] :]
        delta = edited.edit.delta
        diagnostics = [*before, *own, *(d.shifted(delta) for d in after)]
        change = len(own) - (bounds[index + 1] - bounds[index])
        return diagnostics, [*bounds[: index + 1], *(bound + change for bound in bounds[index + 1 :])]


@dataclass(slots=True)
class _Edited:
    """What an analysis made by an edit inside hand ``index`` keeps of the
    previous one (its lines and diagnostics, when they were made: not the
    analysis itself, or every version would keep the one before alive)."""

    edit: Edit
    index: int
    lines: LineIndex | None
    diagnostics: list[Diagnostic] | None
    bounds: list[int] | None


def _cut_after_edit(previous: Analysis, text: str, edit: Edit) -> tuple[list[HandText], int] | None:
    """The hands of ``text`` from those of ``previous`` and the hand the
    edit is in, or None when the cut must be made afresh (see after_edit)."""
    old = previous.text
    if not (previous.multi and previous.independent and previous.pieces) or len(text) != len(old) + edit.delta:
        return None
    index = previous.index_at(edit.start)
    piece = previous.pieces[index]
    if not old.startswith("[", piece.start) or edit.old_end > piece.end - (index + 1 < len(previous.pieces)):
        return None  # the prelude, or the line break before the next header
    header_end = old.find("\n", piece.start)
    if header_end < 0 or edit.start <= header_end:
        return None  # the header's line: names, duplicates and the cut may change
    around = text[max(0, edit.start - 2) : edit.new_end + 2]
    if previous._triple or '"""' in around or "'''" in around:
        return None
    body = text[piece.start : piece.end + edit.delta]
    if body.count("[") > body.count("]"):
        return None  # an array left open here might swallow the next header
    before = previous.pieces[index - 1].text if index else ""
    if before.count("[") > before.count("]"):
        return None  # an array left open above: this hand's own brackets decide whether its header is one
    alone = cut_hands(body)
    if len(alone.hands) != 1 or not alone.independent:
        return None
    delta = edit.delta
    pieces = [
        *previous.pieces[:index],
        HandText(piece.start, piece.end + delta, body),
        *(HandText(p.start + delta, p.end + delta, p.text) for p in previous.pieces[index + 1 :]),
    ]
    return pieces, index


HandMapper = Callable[[Callable[[str], HandAnalysis], list[str]], Iterable[HandAnalysis]]


def analyze(
    text: str,
    uri_or_path: str = "",
    detail: bool = True,
    mapper: HandMapper | None = None,
) -> Analysis:
    """Analyse a document; ``uri_or_path`` tells ``.phh`` from ``.phhs``."""
    return Analysis(text, is_multi_hand(uri_or_path, text), detail, mapper)
