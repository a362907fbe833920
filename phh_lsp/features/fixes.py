"""The quick fixes themselves: for a diagnostic, the edits that repair it.

One proposer per code (see :data:`PROPOSERS`). Each reads the facts the check
attached to the diagnostic (:mod:`phh_lsp.core.edits.fix_data`), never its
message, which is free to change wording, and the hand's analysis; it
states its fix as changes to the hand's fields (a :class:`Proposal`), which
tomlkit writes (:mod:`phh_lsp.core.edits.toml_write`) when the fix is offered
(:func:`fixes_for`) or applied (:func:`write_together`, one round trip for
all of a hand's fixes), so comments, quote styles and line
endings survive every fix the same way. A hand tomlkit cannot read gets
no fix. :mod:`code_actions` matches the client's diagnostics to ours and
turns fixes into LSP code actions; ``phh-lsp check --fix`` applies them to
files (:mod:`phh_lsp.commands.fixing`).

Each fix is decided *safe* or *unsafe* where it is made, as ruff does: safe
when it has one right answer that keeps what the hand records (``10h`` →
``Th``, ``1,000`` → ``1000``, a game's name written as its code, removing a
field the variant forbids, a missing field whose value follows from the
rest of the hand); unsafe when it is a guess or overwrites what the file
records (a variant or field name matched by spelling, the replayed
finishing stacks, whose turn it is, a bet size, a value made up for a
missing field). "Fix all" and ``check --fix`` apply the safe ones only;
``--unsafe-fixes`` the others too.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from typing import Any, Literal, TypeVar

from phh_lsp.core.edits.fix_data import (
    BetOutOfRange,
    ForbiddenField,
    MissingField,
    MissingText,
    OutOfTurn,
    UnknownField,
    UnknownVariant,
    WrongLength,
)
from phh_lsp.core.edits.toml_write import (
    AddField,
    AppendElements,
    Change,
    InsertText,
    RemoveField,
    RenameKey,
    SetElement,
    SetField,
    TruncateArray,
    Value,
    field_edits,
    render,
)
from phh_lsp.core.engine.state_view import fmt_amount
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.hand_info import big_blind, field_value
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.rules.respell import respell_actor, respell_amount, respell_card, respell_commentary, respell_verb
from phh_lsp.core.rules.schema import FIELD_ORDER, FIELD_SPECS
from phh_lsp.core.rules.variant_aliases import GAME_NAMES
from phh_lsp.core.syntax.entries import StringInfo
from phh_lsp.core.text import Span

Applicability = Literal["safe", "unsafe"]
"""Safe: certain, applied by "Fix all" and ``check --fix``; unsafe: a guess, applied only on request."""
SAFE: Applicability = "safe"
UNSAFE: Applicability = "unsafe"


@dataclass(frozen=True)
class Proposal:
    """One way to fix a diagnostic, as changes to the hand's fields: cheap to
    make, written (by tomlkit) only when it is offered or applied."""

    title: str
    changes: tuple[Change, ...]
    applicability: Applicability
    #: Whether the editor's "auto fix" may pick it (default: a lone fix or a safe one).
    preferred: bool | None = None

    @property
    def safe(self) -> bool:
        """Whether "Fix all" and ``check --fix`` apply it."""
        return self.applicability == SAFE


@dataclass(frozen=True)
class Fix:
    """A proposal written out: its title and edits in hand coordinates."""

    title: str
    edits: list[tuple[Span, str]]
    applicability: Applicability
    preferred: bool | None = None

    @property
    def safe(self) -> bool:
        """Whether "Fix all" and ``check --fix`` apply it."""
        return self.applicability == SAFE


Offered = TypeVar("Offered", Proposal, Fix)


def _propose(
    title: str, changes: Sequence[Change], applicability: Applicability, preferred: bool | None = None
) -> list[Proposal]:
    return [Proposal(title, tuple(changes), applicability, preferred)]


def _edits(hand: HandAnalysis, changes: Sequence[Change]) -> list[tuple[Span, str]]:
    """The edits making ``changes`` on the hand, none when tomlkit cannot make them."""
    edits = field_edits(hand.text, changes, in_table=hand.header is not None) or []
    return [(Span(edit.start, edit.end), edit.new_text) for edit in edits]


def proposals(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """The ways to fix ``found`` (a diagnostic of ``hand``), not yet written."""
    proposer = PROPOSERS.get(found.code)
    return proposer(hand, found) if proposer is not None else []


def fixes_for(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    """The fixes of ``found`` that tomlkit can write, each with its edits."""
    written = []
    for proposal in proposals(hand, found):
        edits = _edits(hand, proposal.changes)
        if edits:
            written.append(Fix(proposal.title, edits, proposal.applicability, proposal.preferred))
    return written


def choose(offered: Sequence[Offered], unsafe: bool) -> Offered | None:
    """The proposal a diagnostic's fix is, when fixing without asking: its
    first safe one; with ``unsafe``, the editor's preferred one, else the first."""
    safe = next((proposal for proposal in offered if proposal.safe), None)
    if safe is not None or not unsafe:
        return safe
    return next((proposal for proposal in offered if proposal.preferred), offered[0] if offered else None)


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
    edits = _edits(hand, [change for proposal in taken for change in proposal.changes])
    if edits or not taken:
        return edits, len(taken)
    # one of them cannot be written: keep the ones that can, one by one
    kept: list[Change] = []
    count = 0
    for proposal in taken:
        if _edits(hand, [*kept, *proposal.changes]):
            kept.extend(proposal.changes)
            count += 1
    return _edits(hand, kept) if kept else [], count


def _div(value: Any, by: int) -> int | Decimal:
    return value // by if isinstance(value, int) and value % by == 0 else Decimal(value) / by


def _player_count(hand: HandAnalysis) -> int:
    if hand.report.player_count:
        return hand.report.player_count
    for name, spec in FIELD_SPECS.items():
        value = field_value(hand, name)
        if spec.per_player and isinstance(value, list) and value:
            return len(value)
    return 2


def _default(hand: HandAnalysis, name: str) -> Value:
    """A sensible value for a missing required field, from the rest of the hand."""
    count = _player_count(hand)
    small, big, minimum = (field_value(hand, key) for key in ("small_bet", "big_bet", "min_bet"))
    unit = big_blind(hand) or 2
    if name == "variant":
        return "F7S" if "bring_in" in hand.report.fields else "FT" if small is not None else "NT"
    if name in ("antes", "blinds_or_straddles"):
        blind = minimum or small or unit
        values: list[Value] = [0] * count if name == "antes" else ([_div(blind, 2), blind] + [0] * count)[:count]
        return tuple(values)
    if name == "starting_stacks":
        return (Decimal("inf"),) * count
    if name == "actions":
        return ()
    amounts: dict[str, Value] = {
        "bring_in": _div(small or unit, 4),
        "small_bet": _div(big, 2) if big is not None else (minimum or unit),
        "big_bet": (small or unit) * 2,
    }
    return amounts.get(name, unit)


def _default_follows(hand: HandAnalysis, name: str) -> bool:
    """Whether :func:`_default` reads the value off the rest of the hand
    (antes of 0, the big blind as ``min_bet``, a fixed-limit game's other
    bet size) rather than making one up (the variant, stacks, a bring-in)."""
    sizes = {key: field_value(hand, key) is not None for key in ("small_bet", "big_bet", "min_bet")}
    follows = {
        "antes": True,
        "actions": True,
        "blinds_or_straddles": sizes["min_bet"] or sizes["small_bet"],
        "min_bet": big_blind(hand) is not None,
        "small_bet": sizes["big_bet"],
        "big_bet": sizes["small_bet"],
    }
    return follows.get(name, False)


def _fix_missing(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, MissingField) or data.name not in FIELD_ORDER:
        return []
    value = _default(hand, data.name)
    title = f"Add `{data.name} = {render(value)}`"
    return _propose(title, [AddField(data.name, value)], SAFE if _default_follows(hand, data.name) else UNSAFE)


def _fix_forbidden(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, ForbiddenField):
        return []
    return _propose(f"Remove `{data.name}`", [RemoveField(data.name)], SAFE)


def _fix_variant(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, UnknownVariant):
        return []
    title = f'Change the variant to "{data.suggestion}" ({GAME_NAMES[data.suggestion]})'
    return _propose(title, [SetField("variant", data.suggestion)], SAFE if data.certain else UNSAFE)


def _fix_length(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    entry = hand.report.fields.get(data.name) if isinstance(data, WrongLength) else None
    if not isinstance(data, WrongLength) or entry is None or entry.value is None:
        return []
    items, want, name = entry.value.items, data.expected, data.name
    if len(items) > want:
        extra = len(items) - want
        title = f"Remove the last {extra} entr{'y' if extra == 1 else 'ies'} of `{name}`"
        return _propose(title, [TruncateArray(name, want)], UNSAFE)
    pad: Value = {"players": "", "starting_stacks": items[-1].value if items else Decimal("inf")}.get(name, 0)
    added = [pad] * (want - len(items))
    if name == "seats":
        top = max((item.value for item in items if isinstance(item.value, int)), default=0)
        added = [top + 1 + i for i in range(want - len(items))]
    title = f"Add {', '.join(render(value) for value in added)} to `{name}` for {want} players"
    # an unknown name is certain; an ante, a blind, a stack or a seat is not
    return _propose(title, [AppendElements(name, tuple(added))], SAFE if name == "players" else UNSAFE)


def _fix_unknown_field(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, UnknownField):
        return []
    fixes: list[Proposal] = []
    if data.suggestion is not None and data.suggestion not in hand.report.fields:
        rename = [RenameKey(data.name, data.suggestion)]
        fixes += _propose(f"Rename to `{data.suggestion}`", rename, UNSAFE, preferred=True)
    private = f"_{data.name}"
    title = f"Rename to `{private}` (user-defined field)"
    # keeping the value under a user-defined name is certain only when no spec field looks like it
    return fixes + _propose(title, [RenameKey(data.name, private)], UNSAFE if fixes else SAFE, preferred=not fixes)


def _content_index(info: StringInfo, length: int, offset: int) -> int | None:
    """The index in a string's content of the character at source ``offset``."""
    return next((index for index in range(length + 1) if info.offset_of(index) == offset), None)


def _in_action(hand: HandAnalysis, span: Span, new: str) -> list[Change]:
    """Replace the word at ``span`` in its action string: the element, rewritten."""
    action = hand.action_at(span.start)
    array = hand.actions_node
    if action is None or array is None or action.index >= len(array.items):
        return []
    node = array.items[action.index]
    if node.kind != "string" or node.string is None or not node.string.terminated:
        return []
    content: str = node.value
    start = _content_index(node.string, len(content), span.start)
    end = _content_index(node.string, len(content), span.end)
    if start is None or end is None:
        return []
    return [SetElement("actions", action.index, content[:start] + new + content[end:])]


def _fix_turn(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, OutOfTurn):
        return []
    player = f"p{data.player + 1}"
    changes = _in_action(hand, found.span, player)
    written = hand.text[found.span.start : found.span.end]
    return _propose(f"Replace {written} with {player}, whose turn it is", changes, UNSAFE) if changes else []


def _fix_amount(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, BetOutOfRange):
        return []
    low = data.amount < data.low
    target = data.low if low else data.high
    if not target.is_finite():
        return []
    changes = _in_action(hand, found.span, fmt_amount(target).replace(",", ""))
    title = f"{'Bet the minimum' if low else 'Go all-in'}: {fmt_amount(target)}"
    return _propose(title, changes, UNSAFE) if changes else []


def _fix_finishing(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """Write the replayed stacks: element by element when the lengths match,
    so a comment beside an element that was right stays where it is."""
    del found  # the replay knows the stacks; the diagnostic only says where
    stacks = hand.replay.final_stacks if hand.replay is not None else None
    if stacks is None:
        return []
    declared = field_value(hand, "finishing_stacks")
    changes: list[Change] = [SetField("finishing_stacks", tuple(stacks))]
    if isinstance(declared, list) and len(declared) == len(stacks):
        changes = [
            SetElement("finishing_stacks", index, value)
            for index, (value, old) in enumerate(zip(stacks, declared, strict=True))
            if value != old
        ]
    # the file's record may be right (a rake, a chip race): overwriting it is a choice
    return _propose("Use the replayed finishing stacks", changes, UNSAFE) if changes else []


def _fix_notation(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH301/303/306/307/312: the word's one right spelling (:mod:`phh_lsp.core.rules.respell`).

    These problems are found by the action parser, which attaches no data;
    the word at the diagnostic's range is what the fix needs, and the
    respelling is certain, so the fix is safe.
    """
    written = hand.text[found.span.start : found.span.end]
    action = hand.action_at(found.span.start)
    if action is None:
        return []
    dealer = action.actor is not None and action.actor.text == "d"
    respellers: dict[str, Callable[[str], str | None]] = {
        "PHH301": respell_actor,
        "PHH306": respell_amount,
        "PHH307": respell_card,
        "PHH303": partial(respell_verb, dealer=dealer),
        "PHH312": respell_commentary,
    }
    new = respellers[found.code](written)
    changes = _in_action(hand, found.span, new) if new is not None else []
    title = "Put a space before the `#` of the commentary" if found.code == "PHH312" else f"Write `{new}`"
    return _propose(title, changes, SAFE) if changes else []


def _fix_syntax(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH101 where the tree knows what is missing (quotes, a comma, a ``]``):
    inserting it is the one right answer, so the fix is safe."""
    del hand  # the insertions are all the fix needs
    data = found.data
    if not isinstance(data, MissingText):
        return []
    return _propose(f"Add {data.what}", [InsertText(offset, text) for offset, text in data.insertions], SAFE)


PROPOSERS: dict[str, Callable[[HandAnalysis, Diagnostic], list[Proposal]]] = {
    "PHH101": _fix_syntax,
    "PHH201": _fix_variant,
    "PHH202": _fix_missing,
    "PHH203": _fix_forbidden,
    "PHH205": _fix_length,
    "PHH208": _fix_unknown_field,
    "PHH301": _fix_notation,
    "PHH303": _fix_notation,
    "PHH306": _fix_notation,
    "PHH307": _fix_notation,
    "PHH312": _fix_notation,
    "PHH401": _fix_turn,
    "PHH402": _fix_amount,
    "PHH502": _fix_finishing,
}
