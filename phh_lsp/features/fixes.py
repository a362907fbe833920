"""The quick fixes themselves: for a diagnostic, the edits that repair it.

One fixer per code (see :data:`FIXERS`); each reads the hand's analysis
and returns edits in hand coordinates. :mod:`code_actions` matches the
client's diagnostics to ours and turns fixes into LSP code actions.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from phh_lsp.core.analysis import HandAnalysis
from phh_lsp.core.checks_fields import suggest_field, suggest_variant
from phh_lsp.core.codes import Diagnostic
from phh_lsp.core.hand_info import big_blind, field_value
from phh_lsp.core.schema import FIELD_ORDER, FIELD_SPECS, VARIANT_NAMES
from phh_lsp.core.text import LineIndex, Span
from phh_lsp.core.toml_scan import Entry


@dataclass(frozen=True)
class Fix:
    """One way to fix a diagnostic: a title and edits in hand coordinates."""

    title: str
    edits: list[tuple[Span, str]]
    in_fix_all: bool = False
    #: Whether the editor's "auto fix" may pick it (default: a lone fix or a fix-all one).
    preferred: bool | None = None


def _num(value: Any) -> str:
    """A number as TOML writes it: ``2000``, ``0.125``, ``inf``."""
    if isinstance(value, Decimal):
        return ("inf" if value > 0 else "-inf") if value.is_infinite() else format(value, "f")
    return str(value)


def _div(value: Any, by: int) -> Any:
    return value // by if isinstance(value, int) and value % by == 0 else Decimal(value) / by


def _array(values: list[Any]) -> str:
    return "[" + ", ".join(_num(value) for value in values) + "]"


def _player_count(hand: HandAnalysis) -> int:
    if hand.report.player_count:
        return hand.report.player_count
    for name, spec in FIELD_SPECS.items():
        value = field_value(hand, name)
        if spec.per_player and isinstance(value, list) and value:
            return len(value)
    return 2


def _default(hand: HandAnalysis, name: str) -> str:
    """A sensible value for a missing required field, from the rest of the hand."""
    count = _player_count(hand)
    small, big, minimum = (field_value(hand, key) for key in ("small_bet", "big_bet", "min_bet"))
    unit = big_blind(hand) or 2
    if name == "variant":
        return '"F7S"' if "bring_in" in hand.report.fields else '"FT"' if small is not None else '"NT"'
    if name in ("antes", "blinds_or_straddles"):
        blind = minimum or small or unit
        values = [0] * count if name == "antes" else ([_div(blind, 2), blind] + [0] * count)[:count]
        return _array(values)
    if name == "starting_stacks":
        return "[" + ", ".join(["inf"] * count) + "]"
    if name == "actions":
        return "[]"
    return _num({
        "bring_in": _div(small or unit, 4),
        "small_bet": _div(big, 2) if big is not None else (minimum or unit),
        "big_bet": (small or unit) * 2,
    }.get(name, unit))


def _newline(hand: HandAnalysis) -> str:
    return "\r\n" if "\r\n" in hand.text else "\n"


def _fix_missing(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    match = re.match(r"missing required field `(\w+)`", found.message)
    if match is None or match.group(1) not in FIELD_ORDER:
        return []
    name = match.group(1)
    line = f"{name} = {_default(hand, name)}"
    lines, newline = LineIndex(hand.text), _newline(hand)
    later = [entry for key, entry in hand.report.fields.items() if key in FIELD_ORDER[FIELD_ORDER.index(name) :]]
    if later:
        entry = min(later, key=lambda entry: FIELD_ORDER.index(entry.key))
        at = lines.line_starts[lines.line_of(entry.span.start)]
        edit = (Span(at, at), line + newline)
    else:
        last = max((entry.span.end for entry in hand.entries), default=hand.header.span.end if hand.header else None)
        at = lines.line_end(lines.line_of(last)) if last is not None else len(hand.text)
        edit = (Span(at, at), (newline if at else "") + line)
    return [Fix(f"Add `{line}`", [edit], in_fix_all=name != "variant")]


def _entry_at(hand: HandAnalysis, span: Span) -> Entry | None:
    return next(
        (e for e in hand.report.fields.values() if span in (e.key_span, e.value.span if e.value else None)),
        None,
    )


def _fix_forbidden(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    entry = _entry_at(hand, found.span)
    if entry is None:
        return []
    lines = LineIndex(hand.text)
    first, last = lines.line_of(entry.span.start), lines.line_of(entry.span.end)
    start, end = lines.line_starts[first], len(hand.text)
    if last + 1 < lines.line_count:
        end = lines.line_starts[last + 1]
    elif first > 0:
        start = lines.line_end(first - 1)
    return [Fix(f"Remove `{entry.key}`", [(Span(start, end), "")], in_fix_all=True)]


def _fix_variant(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    entry = _entry_at(hand, found.span)
    node = entry.value if entry is not None else None
    suggestion = suggest_variant(str(node.value)) if node is not None else None
    if node is None or suggestion is None:
        return []
    quote = hand.text[node.span.start] if hand.text[node.span.start] in "\"'" else '"'
    title = f'Change the variant to "{suggestion}" ({VARIANT_NAMES[suggestion]})'
    return [Fix(title, [(node.span, f"{quote}{suggestion}{quote}")], in_fix_all=True)]


def _fix_length(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    entry = _entry_at(hand, found.span)
    match = re.search(r"the hand has (\d+) players", found.message)
    if entry is None or entry.value is None or match is None:
        return []
    items, want, name = entry.value.items, int(match.group(1)), entry.key
    if len(items) > want:
        start = items[want - 1].span.end if want else items[0].span.start
        title = f"Remove the last {len(items) - want} entr{'y' if len(items) - want == 1 else 'ies'} of `{name}`"
        return [Fix(title, [(Span(start, items[-1].span.end), "")])]
    last = hand.text[items[-1].span.start : items[-1].span.end] if items else "inf"
    pad = {"players": '""', "starting_stacks": last}.get(name, "0")
    added = [pad] * (want - len(items))
    if name == "seats":
        top = max((item.value for item in items if isinstance(item.value, int)), default=0)
        added = [str(top + 1 + i) for i in range(want - len(items))]
    at = items[-1].span.end if items else entry.value.span.start + 1
    text = (", " if items else "") + ", ".join(added)
    return [Fix(f"Add {', '.join(added)} to `{name}` for {want} players", [(Span(at, at), text)], in_fix_all=True)]


def _fix_unknown_field(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    raw = hand.text[found.span.start : found.span.end]
    if not raw or raw.startswith("[") or "." in raw:
        return []
    quote = raw[0] if raw[0] in "\"'" else ""
    name = raw.strip("\"'")
    suggestion = suggest_field(name)
    fixes = []
    if suggestion is not None and suggestion not in hand.report.fields:
        fixes.append(Fix(f"Rename to `{suggestion}`", [(found.span, suggestion)], preferred=True))
    private = f"{quote}_{name}{quote}"
    fixes.append(Fix(f"Rename to `_{name}` (user-defined field)", [(found.span, private)], in_fix_all=not fixes,
                     preferred=not fixes))
    return fixes


def _fix_turn(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    match = re.search(r"it is p(\d+)'s turn|go to p(\d+) next", found.message)
    if match is None:
        return []
    player = f"p{match.group(1) or match.group(2)}"
    written = hand.text[found.span.start : found.span.end]
    return [Fix(f"Replace {written} with {player}, whose turn it is", [(found.span, player)])]


def _fix_amount(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    match = re.search(r"to ([\d,.]+) at least and ([\d,.]+|inf) at most", found.message)
    low = "below the minimum" in found.message
    amount = match.group(1 if low else 2) if match is not None else "inf"
    if amount == "inf":
        return []
    title = f"{'Bet the minimum' if low else 'Go all-in'}: {amount}"
    return [Fix(title, [(found.span, amount.replace(",", ""))])]


def _fix_finishing(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    stacks = hand.replay.final_stacks if hand.replay is not None else None
    if stacks is None:
        return []
    return [Fix("Use the replayed finishing stacks", [(found.span, _array(list(stacks)))], in_fix_all=True)]


FIXERS: dict[str, Callable[[HandAnalysis, Diagnostic], list[Fix]]] = {
    "PHH201": _fix_variant,
    "PHH202": _fix_missing,
    "PHH203": _fix_forbidden,
    "PHH205": _fix_length,
    "PHH208": _fix_unknown_field,
    "PHH401": _fix_turn,
    "PHH402": _fix_amount,
    "PHH502": _fix_finishing,
}
