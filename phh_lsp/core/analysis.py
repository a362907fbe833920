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
import itertools
import operator
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from phh_lsp.core.diagnostics_splice import PendingSplice, Replaced, Splice, name_of, pending_splice, replaced_items
from phh_lsp.core.document_diagnostics import document_diagnostics, judged_as_one_document
from phh_lsp.core.hand_analysis import HandAnalysis, HandView, analyze_hand, with_snapshots
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.syntax.hands import Cut, HandText, Pieces, cut_hands, is_multi_hand, recut
from phh_lsp.core.text import Edit, LineIndex, Text

#: Past this many pieces a ``.phhs`` document keeps, of each hand its whole
#: check analysed, only what later edits and requests read
#: (:meth:`HandAnalysis.slim`): the full analyses (tree, fields, parsed
#: actions, replay) are about 55 KB a hand, 3 GB at 50,000 hands. A feature
#: that needs the rest of one hand asks :meth:`Analysis.complete`; the
#: outline and folding of such a document read the hands' text only.
LARGE_DOCUMENT = 2000


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
        text: Text,
        multi: bool,
        detail: bool = True,
        mapper: HandMapper | None = None,
        cut: Cut | Pieces | None = None,
    ) -> None:
        #: The document's text: a ``str``, or the server's blocks (see :attr:`text`).
        self.source = text
        self.multi = multi
        self.detail = detail
        if isinstance(cut, Pieces):
            self.pieces, self.independent = cut, True
        else:
            if multi and cut is None:
                cut = cut_hands(self.text)
            hands = cut.hands if cut is not None else [HandText(0, len(text), self.text)]
            self.pieces = Pieces.of(hands, len(text))
            #: Whether the hands may be judged one by one (see cut_hands).
            self.independent = cut is None or cut.independent
        self._detailed = partial(analyze_hand, multi=multi, detail=detail)
        self._checked = partial(analyze_hand, multi=multi, detail=False)
        self._mapper = mapper
        self._hands: list[HandAnalysis | None] = [None] * len(self.pieces)
        self._views: list[HandAnalysis | None] = [None] * len(self.pieces)
        self._diagnostics: list[Diagnostic] | None = None
        #: Where each hand's diagnostics start in ``_diagnostics`` (and its end):
        #: an edit inside one hand replaces that hand's only.
        self._bounds: list[int] | None = None
        #: An edit's diagnostics before the document's list is made (see _pending_splice).
        self._pending: PendingSplice | None = None
        self._splicing = threading.Lock()
        #: What an edit of the previous text left to do lazily (see after_edit).
        self._edited: _Edited | None = None
        self._lines: LineIndex | None = None
        #: When this version's diagnostics were the previous version's with those
        #: of a few hands replaced (see :class:`Splice` and :meth:`hand_diagnostics`).
        self.spliced_from: Splice | None = None
        #: What a front end made of this version's diagnostics, kept for the next
        #: version's (the server's published JSON, hand by hand: a keystroke in a
        #: 50,000-hand file converts the edited hand's diagnostics only); the
        #: analysis after an edit is given its previous version's as ``made_before``.
        self.made: object | None = None
        self.made_before: object | None = None
        #: One walk over the hands at a time: the server's diagnostics, outline,
        #: folding and lenses ask for them at once when a file opens, and each
        #: would otherwise analyse the hands the others are analysing.
        self._walking = threading.Lock()

    @property
    def text(self) -> str:
        """The document's text as one string: joined on first use when the
        server holds it in blocks (a 50,000-hand file's keystroke needs only
        the edited hands' text, :meth:`after_edit`; a whole-document request
        or a full re-check joins it once per version)."""
        return self.source if isinstance(self.source, str) else str(self.source)

    @property
    def lines(self) -> LineIndex:
        """The document's line index, built on first use."""
        if self._lines is None:
            edited = self._edited
            if edited is not None and edited.lines is not None:
                self._lines = LineIndex.after_edit(edited.lines, self.source, edited.edit)
            else:
                self._lines = LineIndex(self.source)
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
            checked = self._hands[index]
            if checked is not None and self.detail and checked.report.setup is not None:
                hand = with_snapshots(checked)  # read already by the diagnostics: the replay alone
            else:
                hand = self._detailed(self.pieces[index].text)
            self._views[index] = hand
        return HandView(self.pieces[index].start, hand)

    @property
    def hands(self) -> list[HandView]:
        """Every hand, analysed (through the mapper, for those not yet done)."""
        with self._walking:
            missing = [i for i in range(len(self.pieces)) if self._hands[i] is None and self._views[i] is None]
            if missing:
                texts = [self.pieces[i].text for i in missing]
                if self.is_large:
                    # slim, and not through the per-text cache, which would keep 8,192 whole analyses
                    unique = list(dict.fromkeys(texts))
                    slimmed = (self._mapper or map)(partial(_slim_hand, multi=True), unique)
                    slims = dict(zip(unique, slimmed, strict=True))
                    done: Iterable[HandAnalysis] = (slims[text] for text in texts)
                else:
                    done = (self._mapper or map)(self._checked, texts)
                for index, hand in zip(missing, done, strict=True):
                    self._hands[index] = hand
        views = []
        for index, piece in enumerate(self.pieces):
            found = self._views[index] or self._hands[index]
            assert found is not None
            views.append(HandView(piece.start, found))
        return views

    @property
    def is_large(self) -> bool:
        """Whether the document has more than LARGE_DOCUMENT pieces (see there)."""
        return self.multi and len(self.pieces) > LARGE_DOCUMENT

    def complete(self, view: HandView) -> HandView:
        """``view`` with its whole analysis (fields, actions, replay): the
        hand analysed again (from the cache when it is there) when
        :attr:`hands` kept it slim."""
        if not self.is_large or view.hand.report.fields or view.hand.actions_node is not None:
            return view
        return HandView(view.start, self._checked(view.hand.text))

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
        return self.complete(self._kept(index))

    def _kept(self, index: int) -> HandView:
        """The ``index``-th hand as the diagnostics keep it (slim in a large
        document), analysed without snapshots when it was not yet."""
        hand = self._views[index] or self._hands[index]
        if hand is None:
            hand = self._hands[index] = self._checked(self.pieces[index].text)
        return HandView(self.pieces[index].start, hand)

    def index_at(self, offset: int) -> int:
        """The number (from 0) of the piece whose text holds ``offset``."""
        return max(0, bisect.bisect_right(self.pieces.starts, offset) - 1)

    @property
    def has_prelude(self) -> bool:
        """Whether the first piece of a ``.phhs`` is the text before its first
        hand (a comment heading the file, as ``phh-lsp convert`` writes one):
        no hand, so not hand 1. Only the first piece can be one: the cut
        starts every other at a header."""
        if not self.multi or not self.pieces:
            return False
        return self._kept(0).hand.header is None

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic of the document, in document coordinates."""
        if self._diagnostics is None:
            with self._splicing:  # the server makes them after a publish, and an edit may ask too
                if self._diagnostics is None:
                    self._make_diagnostics()
        return self._diagnostics  # type: ignore[return-value] # made above

    def _make_diagnostics(self) -> None:
        pending = self._pending_splice()
        bounds: list[int] | None
        if pending is not None:
            diagnostics, bounds = pending.whole()
        else:
            diagnostics, bounds = document_diagnostics(self.multi, self.hands)
        if not self.independent:
            diagnostics, bounds = judged_as_one_document(self.text, diagnostics), None
        self._bounds = bounds
        self._diagnostics = diagnostics  # read without the lock: after the bounds,
        self._pending = None  # and before the splice goes (after_edit reads both)
        self._release_edit()

    def _pending_splice(self) -> PendingSplice | None:
        """The edited hands' diagnostics, when this version was made by an
        edit whose splice of the previous version's holds (made once; see
        :mod:`phh_lsp.core.diagnostics_splice`). With the lock held."""
        edited = self._edited
        if self._pending is None and edited is not None and edited.replaced is not None and self.independent:
            replaced = edited.replaced
            window = [self._kept(i) for i in range(replaced.first, replaced.first + replaced.count)]
            self._pending = pending_splice(replaced, edited.edit.delta, window)
            if self._pending is not None:
                self.spliced_from = Splice.of(replaced)
            else:
                edited.replaced = None  # not tried again
        return self._pending

    def kept_by_piece(self) -> bool:
        """Whether the diagnostics are kept by piece (see :meth:`hand_diagnostics`);
        after a keystroke, known from the edited hands alone."""
        if self._unmade_splice() is not None:
            return True
        self.diagnostics  # noqa: B018 - made first
        return self._bounds is not None

    def _unmade_splice(self) -> PendingSplice | None:
        """The edit's splice while the document's list is not made yet."""
        with self._splicing:
            return self._pending_splice() if self._diagnostics is None else None

    def diagnosed_pieces(self) -> list[int] | None:
        """The numbers of the pieces :meth:`hand_diagnostics` finds something
        in, in order (read off the bounds in C: most of a 50,000-hand file's
        pieces have none); None when they are not kept by hand."""
        self.diagnostics  # noqa: B018 - made first
        bounds = self._bounds
        if bounds is None:
            return None
        return list(itertools.compress(itertools.count(), map(operator.ne, bounds, itertools.islice(bounds, 1, None))))

    def hand_diagnostics(self, index: int) -> list[Diagnostic] | None:
        """The ``index``-th piece's part of :attr:`diagnostics` (in document
        coordinates, in its order), document findings on it included; None
        when the document's findings are not kept by hand (hands judged as
        one document). After a keystroke, made without the document's list."""
        pending = self._unmade_splice()
        if pending is not None:
            return pending.piece(index)
        found = self.diagnostics
        bounds = self._bounds
        return None if bounds is None else found[bounds[index] : bounds[index + 1]]

    def _release_edit(self) -> None:
        """Let the previous version's lines and diagnostics go once this
        version has its own."""
        if self._lines is not None and self._diagnostics is not None:
            self._edited = None

    def first_diagnostics(self, count: int) -> list[Diagnostic]:
        """The diagnostics of the first ``count`` hands only: what an editor
        shows first (the top of the file) while the rest of a 1,000-hand file
        is checked. Those hands are then kept for :attr:`diagnostics`."""
        return document_diagnostics(self.multi, [self._kept(i) for i in range(min(count, len(self.pieces)))])[0]

    @classmethod
    def after_edit(
        cls,
        previous: Analysis,
        text: Text,
        edit: Edit,
        mapper: HandMapper | None = None,
        lines: LineIndex | None = None,
    ) -> Analysis:
        """The analysis of ``text``, which is ``previous.text`` after ``edit``.

        Whatever the edit (a keystroke in an action, a header retyped, a
        ``[`` left open, triple quotes), the document is cut again only
        around it, until the cut meets the previous one
        (:func:`~phh_lsp.core.syntax.hands.recut`): the hands there are
        analysed again, unless their text is one the previous version had,
        and every other hand's cut, analysis, diagnostics and lines are the
        previous ones, shifted. Only a document whose hands are not
        independent tables is judged afresh. ``lines``: the new text's line
        index, when the caller has it already. ``tests/core/test_incremental.py``
        holds this to a fresh analysis of the new text.
        """
        window = _window_after_edit(previous, text, edit)
        if window is None:
            return cls(text, previous.multi, previous.detail, mapper)
        first, after, starts, cut_text, offset = window
        old = previous.pieces
        delta = edit.delta
        bounds = [*starts, old.starts[after] + delta if after < len(old) else len(text)]
        # text before the first hand deleted to nothing is no piece, as in a fresh cut (only an
        # empty document is one empty piece)
        starts = [start for start, end in itertools.pairwise(bounds) if end > start]
        if not starts and first == 0 and after == len(old):
            starts = [0]
        bounds = [*starts, bounds[-1]]
        texts = [cut_text[start - offset : end - offset] for start, end in itertools.pairwise(bounds)]
        moved = replaced_items(old.starts, first, after, starts, delta)
        pieces = Pieces(moved, replaced_items(old.texts, first, after, texts), len(text))
        analysis = cls(text, True, previous.detail, mapper, pieces)
        kept = {old.texts[i]: (previous._hands[i], previous._views[i]) for i in range(first, after)}
        reused = [kept.get(piece, (None, None)) for piece in texts]
        analysis._hands = replaced_items(previous._hands, first, after, [hand for hand, _ in reused])
        analysis._views = replaced_items(previous._views, first, after, [view for _, view in reused])
        if previous._diagnostics is None and previous._pending is not None:
            previous.diagnostics  # noqa: B018 - the previous keystroke's list (the server made it while the user typed)
        if previous._diagnostics is not None and previous._bounds is not None:
            names = [name_of(previous._views[i] or previous._hands[i]) for i in range(first, after)]
            # whether the first hand kept after the window starts a line, before and after the edit
            kept_at_line_start = after >= len(old) or (
                _ends_line(old.texts, after) and _ends_line(pieces.texts, first + len(texts))
            )
            spliced = Replaced(
                first, after, len(texts), names, previous._diagnostics, previous._bounds, kept_at_line_start
            )
        else:
            spliced = None
        analysis._edited = _Edited(edit, previous._lines, spliced)
        analysis.made_before = previous.made
        if lines is not None and lines.source is text:
            analysis._lines = lines
        return analysis


def _slim_hand(text: str, multi: bool) -> HandAnalysis:
    """One hand of a large document checked, kept slim (see LARGE_DOCUMENT);
    analysed afresh, past the per-text cache of whole analyses."""
    return analyze_hand.__wrapped__(text, multi, False).slim()


def _ends_line(texts: list[str], count: int) -> bool:
    """Whether the text after the first ``count`` pieces starts a line."""
    return count == 0 or texts[count - 1].endswith(("\n", "\r"))


@dataclass(slots=True)
class _Edited:
    """What an analysis made by an edit keeps of the previous one (its lines
    and diagnostics, when they were made: not the analysis itself, or every
    version would keep the one before alive)."""

    edit: Edit
    lines: LineIndex | None
    replaced: Replaced | None


#: How many hands past an edit the first window of text read again holds
#: (doubled until the cut meets the previous one inside it, see recut).
WINDOW_HANDS = 4


def _window_after_edit(previous: Analysis, text: Text, edit: Edit) -> tuple[int, int, list[int], str, int] | None:
    """The hands the edit made ``text`` cut again: the first of the previous
    ones replaced, the first kept after them, the new starts between, and
    the text cut again (a window of ``text`` from the given offset: a
    keystroke in a 42 MB file held in blocks reads a few hands of it, not
    the file); None when the whole text must be cut afresh (see after_edit)."""
    pieces = previous.pieces
    if not (previous.multi and previous.independent and pieces) or len(text) != len(previous.source) + edit.delta:
        return None
    starts = pieces.starts
    index = max(0, bisect.bisect_right(starts, edit.start) - 1)
    line_end = _line_end(pieces, index)
    if line_end < 0 or edit.start <= line_end:
        index -= 1  # the header's line itself is edited: it may no longer be one
    # the hand before it too: whether its header is one may depend on the next header
    first = max(0, index - 1)
    delta = edit.delta
    offset = starts[first]

    def meets(line: int) -> bool:
        found = bisect.bisect_left(starts, line + offset - delta)
        return found < len(starts) and starts[found] == line + offset - delta

    hands = WINDOW_HANDS
    while True:
        # to a previous hand's start (shifted) a few hands past the edit: text the edit left as it was
        last = bisect.bisect_left(starts, edit.old_end) + hands
        end = starts[last] + delta if last < len(starts) else len(text)
        window = text[offset:end]
        cut = recut(window, starts[first] - offset, edit.new_end - offset, meets, offset)
        if end >= len(text) or (cut is not None and cut[1] < len(window)):
            break
        hands *= 4  # the cut ran to the window's end (a value left open): a larger one
    if cut is None:
        return None
    window_starts, met = cut
    met += offset
    after = len(starts) if met >= len(text) else bisect.bisect_left(starts, met - delta)
    return first, after, [start + offset for start in window_starts], window, offset


def _line_end(pieces: Pieces, index: int) -> int:
    """Where the first line break at or after the ``index``-th piece's start
    is (-1 when none): the end of its header's line."""
    for number in range(index, len(pieces)):
        found = pieces.texts[number].find("\n")
        if found >= 0:
            return pieces.starts[number] + found
    return -1


HandMapper = Callable[[Callable[[str], HandAnalysis], list[str]], Iterable[HandAnalysis]]


def analyze(
    text: Text,
    uri_or_path: str = "",
    detail: bool = True,
    mapper: HandMapper | None = None,
) -> Analysis:
    """Analyse a document; ``uri_or_path`` tells ``.phh`` from ``.phhs``."""
    return Analysis(text, is_multi_hand(uri_or_path, text), detail, mapper)
