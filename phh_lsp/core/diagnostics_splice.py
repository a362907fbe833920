"""A version's diagnostics made from the previous version's, after an edit.

An edit in a ``.phhs`` re-analyses the hands it touched
(:meth:`~phh_lsp.core.analysis.Analysis.after_edit`); every other hand's
diagnostics are the previous version's, those after the edit moved by its
length. The splice is made in two steps. :func:`pending_splice` makes the
edited hands' diagnostics, which is all a keystroke's publish reads: the
server keeps its diagnostics hand by hand and converts the edited hands'
only (:mod:`phh_lsp.lsp.features.diagnostics`), and any hand's are at hand
(:meth:`PendingSplice.piece`). :meth:`PendingSplice.whole` makes the
document's list when something reads it (the next edit, a whole-document
request), which the server has done after its publish, while the user
types. Moving every diagnostic after the edit and the bounds of every hand
at once cost 2-3 ms of each keystroke in the middle of a 50,000-hand file
(some 575 diagnostics and 50,000 bounds), on the way to the publish.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TypeVar

from phh_lsp.core.hand_analysis import HandAnalysis, HandView
from phh_lsp.core.rules.codes import Diagnostic

_T = TypeVar("_T")

#: The document's finding on a hand's header (a hand number given twice), which an edit
#: that keeps the hands' names keeps.
DUPLICATE_NAME = "PHH102"


@dataclass(slots=True)
class Replaced:
    """The hands an edit had cut again (``first`` to ``first + old_count``
    of the previous version, ``count`` of the new), their names, and the
    previous version's diagnostics with each hand's bounds in them."""

    first: int
    after: int
    count: int
    names: list[str | None]
    diagnostics: list[Diagnostic]
    bounds: list[int]
    kept_at_line_start: bool

    @property
    def old_count(self) -> int:
        return self.after - self.first


@dataclass(frozen=True, slots=True)
class Splice:
    """How an edit's diagnostics were made from the previous version's: the
    pieces ``first`` to ``after`` of the previous version replaced by ``count``
    new ones, every other piece's diagnostics the previous ones shifted;
    ``kept_at_line_start``: the first piece kept after them starts a line in
    both versions (or there is none), so that when the document keeps its
    number of lines each kept piece stands on the lines and columns it stood
    on, all but its offsets."""

    first: int
    after: int
    count: int
    kept_at_line_start: bool

    @classmethod
    def of(cls, replaced: Replaced) -> Splice:
        return cls(replaced.first, replaced.after, replaced.count, replaced.kept_at_line_start)


@dataclass(frozen=True, slots=True)
class PendingSplice:
    """The diagnostics of a version made by an edit, before the document's
    list is: the previous version's (``replaced``), the edited pieces' own
    (``own``, one list per new piece, in document coordinates), and the
    edit's ``delta``, which moves every piece after them."""

    replaced: Replaced
    delta: int
    own: list[list[Diagnostic]]

    def piece(self, index: int) -> list[Diagnostic]:
        """The ``index``-th piece's diagnostics, as :meth:`whole` places them
        (a piece after the edit's are moved here, the others' are not)."""
        replaced = self.replaced
        bounds, previous = replaced.bounds, replaced.diagnostics
        if index < replaced.first:
            return previous[bounds[index] : bounds[index + 1]]
        if index < replaced.first + replaced.count:
            return self.own[index - replaced.first]
        old = index - replaced.count + replaced.old_count
        return [found.shifted(self.delta) for found in previous[bounds[old] : bounds[old + 1]]]

    def whole(self) -> tuple[list[Diagnostic], list[int]]:
        """The document's diagnostics and each piece's bounds in them."""
        replaced, delta = self.replaced, self.delta
        previous, bounds = replaced.diagnostics, replaced.bounds
        first, after = replaced.first, replaced.after
        own: list[Diagnostic] = []
        own_bounds: list[int] = []
        for found in self.own:
            own_bounds.append(bounds[first] + len(own))
            own.extend(found)
        change = len(own) - (bounds[after] - bounds[first])
        diagnostics = previous[: bounds[first]]
        diagnostics += own
        diagnostics += [found.shifted(delta) for found in itertools.islice(previous, bounds[after], None)]
        return diagnostics, replaced_items(bounds, first, after, own_bounds, change)


def pending_splice(replaced: Replaced, delta: int, window: list[HandView]) -> PendingSplice | None:
    """The edited pieces' diagnostics (``window``: the new pieces the edit
    cut again, analysed); None when their names changed (a hand number given
    twice is the document's finding) or the text before the first hand was
    cut again (it may change what the others show): the document is judged
    afresh then."""
    if replaced.first == 0 or [name_of(view.hand) for view in window] != replaced.names:
        return None
    previous, bounds, first = replaced.diagnostics, replaced.bounds, replaced.first
    own = []
    for position, view in enumerate(window):
        # the names are the same, so the pieces are as many as before
        old = previous[bounds[first + position] : bounds[first + position + 1]]
        found = [kept for kept in old if kept.code == DUPLICATE_NAME]  # still names the same hand
        found.extend(d.shifted(view.start) for d in sorted(view.hand.diagnostics, key=lambda d: d.span.start))
        own.append(found)
    return PendingSplice(replaced, delta, own)


def name_of(hand: HandAnalysis | None) -> str | None:
    """A hand's table name (None for the text before the first hand)."""
    return hand.header.key if hand is not None and hand.header is not None else None


def replaced_items(items: list[_T], first: int, after: int, new: list[_T], delta: int = 0) -> list[_T]:
    """``items`` with ``items[first:after]`` replaced by ``new``, those after
    (offsets) moved by ``delta``. Copied in one pass: a 50,000-hand file's lists,
    at every keystroke (a list display of slices copied each item twice)."""
    if delta == 0:
        result = items.copy()
        result[first:after] = new
        return result
    result = items[:first]
    result += new
    result += [item + delta for item in itertools.islice(items, after, None)]  # type: ignore[operator,misc]
    return result
