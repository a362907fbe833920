"""Fixing without asking, as "Fix all" and ``phh-lsp check --fix`` do.

Each diagnostic contributes its chosen proposal (:func:`~phh_lsp.core.fixes.proposers.choose`);
a hand's proposals are written together in one tomlkit round trip
(:func:`write_together`), and the hands' edits are applied together when
their ranges do not touch (:func:`compatible`); what waits is fixed in the
next round (:mod:`rounds`).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence

from phh_lsp.core.fixes.proposal import Proposal, hand_edits
from phh_lsp.core.fixes.proposers import choose, proposals
from phh_lsp.core.fixes.toml_write import Change, InsertText, RenameKey, SetElement
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.text import Span


def fix_hand(
    hand: HandAnalysis, unsafe: bool = False, wanted: Callable[[str], bool] = lambda code: True
) -> tuple[list[tuple[Span, str]], int]:
    """The edits (hand coordinates) of one round of fixing the hand without
    asking, "Fix all" and ``check --fix`` alike, and how many fixes they make:
    each ``wanted`` diagnostic's chosen proposal (:func:`choose`), written together."""
    chosen = [
        proposal
        for found in hand.diagnostics
        if wanted(found.code) and (proposal := choose(proposals(hand, found), unsafe)) is not None
    ]
    return write_together(hand, chosen) if chosen else ([], 0)


def compatible(groups: list[tuple[list[tuple[Span, str]], int]]) -> tuple[list[tuple[Span, str]], int]:
    """The edits of the groups (each hand's :func:`fix_hand`, in document
    coordinates, with how many fixes it makes) whose ranges touch no earlier
    group's, and how many fixes they make. A group is applied whole or not
    at all (half of a hand's edits, one quote of two, would break it); the
    others wait for the next round."""
    taken: list[tuple[int, int]] = []  # (start, end), sorted; ranges of different groups never touch
    kept: list[tuple[Span, str]] = []
    count = 0

    def touches(span: Span) -> bool:
        # the last taken range starting at or before this one's end reaches furthest
        index = bisect.bisect_right(taken, (span.end, math.inf)) - 1
        return index >= 0 and taken[index][1] >= span.start

    for edits, made in sorted(groups, key=lambda group: min(span.start for span, _ in group[0])):
        if any(touches(span) for span, _ in edits):
            continue
        for span, _ in edits:
            bisect.insort(taken, (span.start, span.end))
        kept.extend(edits)
        count += made
    return kept, count


def _targets(change: Change) -> set[tuple[str, int | None]]:
    """What a change writes: a field (index None) or one element of it."""
    if isinstance(change, SetElement):
        return {(change.name, change.index)}
    if isinstance(change, RenameKey):
        return {(change.name, None), (change.new, None)}
    if isinstance(change, InsertText):
        return {("", change.offset)}  # the text itself, at one place
    return {(change.name, None)}


def _clash(ours: set[tuple[str, int | None]], theirs: set[tuple[str, int | None]]) -> bool:
    """Whether two sets of targets overlap: the same element, or a field and anything in it."""
    return any(
        name == other and (index is None or at is None or index == at) for name, index in ours for other, at in theirs
    )


def write_together(hand: HandAnalysis, chosen: Sequence[Proposal]) -> tuple[list[tuple[Span, str]], int]:
    """The edits of as many of the ``chosen`` proposals as can be made at once,
    in one tomlkit round trip, and how many they are.

    A proposal that writes what an earlier one writes (two respellings in
    one action string, each computed from the old string) waits for the next
    round, as does one tomlkit refuses. One round trip per hand, not one per
    fix, keeps "Fix all" on a file of 1,000 hands fast.
    """
    taken: list[Proposal] = []
    written: set[tuple[str, int | None]] = set()
    for proposal in chosen:
        targets = set().union(*(_targets(change) for change in proposal.changes))
        if not _clash(targets, written):
            taken.append(proposal)
            written |= targets
    edits = hand_edits(hand, [change for proposal in taken for change in proposal.changes])
    if edits or not taken:
        return edits, len(taken)
    # one of them cannot be written: keep the ones that can, one by one
    kept: list[Change] = []
    count = 0
    for proposal in taken:
        if hand_edits(hand, [*kept, *proposal.changes]):
            kept.extend(proposal.changes)
            count += 1
    return hand_edits(hand, kept) if kept else [], count
