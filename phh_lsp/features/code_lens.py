"""``textDocument/codeLens``: the hand's result above its ``actions`` field.

One line per hand, from the replay: who wins how much
(``p3 (Tom Dwan) wins 556,000``: the net result, final stack minus
starting stack, which is what the other players lost), or what
the hand still waits for (``hand in progress: it is p3's turn``), or
where the replay stopped (``replay stopped at action 8 (p3 cc): ...``).

A lens is informational, but a lens without a command is "unresolved"
and some clients hide it or ask to resolve it, and an empty command id
is rejected by others. Each lens therefore carries :data:`NOOP_COMMAND`,
which the server registers (``workspace/executeCommand``) to do nothing,
so clicking the line is harmless everywhere.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from lsprotocol import types

from phh_lsp.core.analysis import Analysis, HandAnalysis
from phh_lsp.core.engine.state_view import fmt_amount
from phh_lsp.core.hand_info import field_value, player_label
from phh_lsp.core.rules.codes import Severity
from phh_lsp.core.text import Encoding, Span
from phh_lsp.features.convert import to_range

NOOP_COMMAND = "phh.noop"


def code_lenses(analysis: Analysis, encoding: Encoding) -> list[types.CodeLens]:
    """A result lens on the ``actions`` key of every hand that has one.

    The ``actions`` key is found in the hand's fields as the checks read
    them (the diagnostics have read every hand already). In a ``.phhs``
    file the lenses come unresolved (``data`` names the hand) and
    :func:`resolve_code_lens` replays a hand, with the states its title
    reads, when the editor shows its lens: a screenful, not 1,000 hands.
    """
    lenses: list[types.CodeLens] = []
    for index, view in enumerate(analysis.hands):
        hand = view.hand
        if analysis.multi and hand.header is None:
            continue  # the comments before the first hand
        key = next((entry.key_span for entry in hand.entries if entry.key == "actions" and not entry.is_header), None)
        if key is None:
            continue
        span = Span(view.start + key.start, view.start + key.end)
        lens = types.CodeLens(range=to_range(analysis.lines, span, encoding), data={"hand": index})
        if analysis.multi:
            lenses.append(lens)
        elif (resolved := resolve_code_lens(analysis, lens)).command is not None:
            lenses.append(resolved)
    return lenses


def resolve_code_lens(analysis: Analysis, lens: types.CodeLens) -> types.CodeLens:
    """Fill in the lens's title (``codeLens/resolve``); unchanged when the
    hand was not replayed or the lens is not one of ours."""
    data = lens.data if isinstance(lens.data, dict) else {}
    index = data.get("hand")
    if not isinstance(index, int) or not 0 <= index < len(analysis.pieces):
        return lens
    title = result_summary(analysis.view(index).hand)
    if title is not None:
        lens.command = types.Command(title=title, command=NOOP_COMMAND)
    elif analysis.multi:
        lens.command = types.Command(title="not replayed: fix the problems in this hand first", command=NOOP_COMMAND)
    return lens


def result_summary(hand: HandAnalysis) -> str | None:
    """The one-line result of the hand, or None when it was not replayed."""
    replay = hand.replay
    if replay is None:
        return None
    if replay.stopped_at is not None:
        return _stopped(hand, replay.stopped_at)
    last = replay.snapshots[max(replay.snapshots)] if replay.snapshots else replay.initial
    start = field_value(hand, "starting_stacks")
    final = replay.final_stacks
    if final is None or not isinstance(start, list) or len(start) != len(final):
        return None
    if last is not None and _unfinished(last.in_progress, start, final):
        return f"hand in progress: {last.next_up}"
    nets = [_net(a, b) for a, b in zip(final, start, strict=True)]
    takers = [player_label(hand, i) for i, won in enumerate(replay.collected or ()) if won > 0]
    if any(net is None for net in nets):  # unknown (inf) stacks: who took chips from the pots
        return "; ".join(f"{taker} wins the pot" for taker in takers) or "nobody wins a pot"
    winners = [f"{player_label(hand, i)} wins {fmt_amount(net)}" for i, net in enumerate(nets) if net and net > 0]
    if winners:
        return "; ".join(winners)
    return f"{' and '.join(takers)} split the pot" if len(takers) > 1 else "nobody wins a pot"


def _unfinished(in_progress: bool, start: list[Any], final: tuple[Any, ...]) -> bool:
    """Chips still in the pot mean the hand goes on (PokerKit's own
    completion, e.g. mucking at showdown, is already in ``final``)."""
    try:
        return bool(sum(Decimal(x) for x in final) != sum(Decimal(x) for x in start))
    except (ArithmeticError, ValueError):
        return in_progress


def _net(final: Any, start: Any) -> Decimal | None:
    """The player's net result, or None for unknown (inf) stacks."""
    try:
        value = Decimal(final) - Decimal(start)
    except (ArithmeticError, ValueError):
        return None
    return value if value.is_finite() else None


def _stopped(hand: HandAnalysis, index: int) -> str:
    action = hand.actions[index] if 0 <= index < len(hand.actions) else None
    where = f"action {index + 1}" + (f" ({action.text.strip()})" if action is not None else "")
    reason = why_stopped(hand, index)
    return f"replay stopped at {where}: {reason}" if reason else f"replay stopped at {where}"


def why_stopped(hand: HandAnalysis, index: int) -> str | None:
    """Why the replay stopped at action ``index``: the replay's error, else the
    action's own notation problem (which stops the replay without one)."""
    replay = hand.replay
    reason = next((d.message for d in replay.diagnostics if d.severity == Severity.ERROR), None) if replay else None
    action = hand.actions[index] if 0 <= index < len(hand.actions) else None
    if reason is None and action is not None and action.problems:
        reason = action.problems[0].message
    return reason
