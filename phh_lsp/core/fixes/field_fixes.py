"""The fixes of a hand's fields: a field added, removed, renamed, resized or rewritten.

A missing required field gets a value read off the rest of the hand where
one follows from it (safe) or made up (unsafe); a field the variant
forbids is removed; a variant or field name matched by spelling is
renamed; an array of the wrong length is padded or cut; the replayed
finishing stacks replace the recorded ones on request.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from phh_lsp.core.fixes.proposal import SAFE, UNSAFE, Proposal, propose
from phh_lsp.core.fixes.toml_write import (
    AddField,
    AppendElements,
    Change,
    RemoveField,
    RenameKey,
    SetElement,
    SetField,
    TruncateArray,
    Value,
    render,
)
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.hand_info import big_blind, field_value
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.rules.fix_data import ForbiddenField, MissingField, UnknownField, UnknownVariant, WrongLength
from phh_lsp.core.rules.schema import FIELD_ORDER, FIELD_SPECS
from phh_lsp.core.rules.variant_aliases import GAME_NAMES


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


def fix_missing(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, MissingField) or data.name not in FIELD_ORDER:
        return []
    value = _default(hand, data.name)
    title = f"Add `{data.name} = {render(value)}`"
    return propose(title, [AddField(data.name, value)], SAFE if _default_follows(hand, data.name) else UNSAFE)


def fix_forbidden(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, ForbiddenField):
        return []
    return propose(f"Remove `{data.name}`", [RemoveField(data.name)], SAFE)


def fix_variant(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, UnknownVariant):
        return []
    title = f'Change the variant to "{data.suggestion}" ({GAME_NAMES[data.suggestion]})'
    return propose(title, [SetField("variant", data.suggestion)], SAFE if data.certain else UNSAFE)


def fix_length(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    entry = hand.report.fields.get(data.name) if isinstance(data, WrongLength) else None
    if not isinstance(data, WrongLength) or entry is None or entry.value is None:
        return []
    items, want, name = entry.value.items, data.expected, data.name
    if len(items) > want:
        extra = len(items) - want
        title = f"Remove the last {extra} entr{'y' if extra == 1 else 'ies'} of `{name}`"
        return propose(title, [TruncateArray(name, want)], UNSAFE)
    pad: Value = {"starting_stacks": items[-1].value if items else Decimal("inf")}.get(name, 0)
    added = [pad] * (want - len(items))
    if name == "players":
        # a placeholder the user sees and replaces: the real name is not in the file
        added = [f"Player {len(items) + 1 + i}" for i in range(want - len(items))]
    if name == "seats":
        top = max((item.value for item in items if isinstance(item.value, int)), default=0)
        added = [top + 1 + i for i in range(want - len(items))]
    title = f"Add {', '.join(render(value) for value in added)} to `{name}` for {want} players"
    # every padding is a guess: a name, an ante, a blind, a stack, a seat (a safe fix never invents data)
    return propose(title, [AppendElements(name, tuple(added))], UNSAFE)


def fix_unknown_field(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, UnknownField):
        return []
    fixes: list[Proposal] = []
    if data.suggestion is not None and data.suggestion not in hand.report.fields:
        rename = [RenameKey(data.name, data.suggestion)]
        fixes += propose(f"Rename to `{data.suggestion}`", rename, UNSAFE, preferred=True)
    private = f"_{data.name}"
    title = f"Rename to `{private}` (user-defined field)"
    # keeping the value under a user-defined name is certain only when no spec field looks like it
    return fixes + propose(title, [RenameKey(data.name, private)], UNSAFE if fixes else SAFE, preferred=not fixes)


def fix_finishing(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
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
    return propose("Use the replayed finishing stacks", changes, UNSAFE) if changes else []
