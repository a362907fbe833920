"""One hand as the sequence of states a replayer draws: the state feed.

Every view of a hand that steps through it (the VS Code replayer, Neovim's
``:PhhReplay``, the HTML file of ``phh-lsp replay``) draws this one
structure, so they show the same seats, cards, pot and words. It is plain
JSON-ready data: amounts already printed the one way the product prints
them (``1,102,600``), cards as written (``??`` unknown), each with whether
it is face up, and offsets in the hand's own coordinates (the server turns
them into editor ranges, the HTML file needs none).

The words and the table come from :mod:`phh_lsp.core.telling.narration`, the same
as the hover and ``phh-lsp show``. A hand that stops replaying keeps the
states up to the last action that fit and carries the first error, so a
view can show where the hand went wrong without going blank.
"""

from __future__ import annotations

from typing import Any

from phh_lsp.core.engine.state_view import Snapshot, fmt_amount, street_names
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.hand_info import field_value, in_big_blinds, player_name, seat
from phh_lsp.core.rules.actions import ParsedAction
from phh_lsp.core.rules.codes import Severity
from phh_lsp.core.rules.schema import VARIANT_NAMES
from phh_lsp.core.telling.narration import action_in_words, changes, result_summary, seat_note, why_stopped

#: Feed format version: a client that draws an older one says so instead of drawing garbage.
FEED_VERSION = 1


def _plain(text: str) -> str:
    return text


def hand_states(hand: HandAnalysis, untitled: str | None = None) -> dict[str, Any]:
    """The hand's states, from the start to the last action replayed.

    ``steps[0]`` is the hand before any action (``action`` null), then one
    step per action replayed. ``error`` is the first problem that stopped
    the replay (or kept it from starting), else null; ``result`` the hand's
    result in words once it is over. ``untitled`` names a hand that has
    neither ``event`` nor ``hand`` (by default its table header, or "Hand").
    """
    variant = hand.report.variant
    replay = hand.replay
    count = len(replay.initial.stacks) if replay is not None and replay.initial is not None else 0
    feed: dict[str, Any] = {
        "version": FEED_VERSION,
        "title": _title(hand, untitled),
        "variant": variant,
        "variantName": VARIANT_NAMES.get(variant or "", variant or "unknown variant"),
        "streets": list(street_names(variant)) if variant else [],
        "players": [_player(hand, index) for index in range(count)],
        "steps": [],
        "error": None,
        "result": None,
    }
    if replay is None or replay.initial is None:
        first = next((d for d in hand.diagnostics if d.severity == Severity.ERROR), None)
        reason = first.message if first is not None else "the hand's required fields are missing"
        feed["error"] = {"action": None, "message": f"not replayed: {reason}", "start": None, "end": None}
        return feed
    steps = feed["steps"]
    steps.append(_step(hand, replay.initial, None))
    for action in hand.actions:
        after = replay.snapshots.get(action.index)
        if after is None:
            break
        steps.append(_step(hand, after, action))
    if replay.stopped_at is not None:
        stopped = hand.actions[replay.stopped_at] if replay.stopped_at < len(hand.actions) else None
        feed["error"] = {
            "action": replay.stopped_at,
            "message": why_stopped(hand, replay.stopped_at) or "this action does not fit the hand",
            "notation": stopped.text.strip() if stopped is not None else None,
            "start": stopped.span.start if stopped is not None else None,
            "end": stopped.span.end if stopped is not None else None,
        }
    else:
        feed["result"] = result_summary(hand)
    return feed


def step_at(feed: dict[str, Any], offset: int, text: str | None = None) -> int:
    """The step to show for a cursor at ``offset`` (hand coordinates): the
    last action that starts at or before it, the start before any.

    With the hand's ``text``, a cursor is read by its line, as a user reads
    the buffer: anywhere before the first action of a line (its indentation,
    column 0 or 1 where ``j``/``k`` leave a Vim user) shows that line's
    action, not the one above it.
    """
    current = 0
    for number, step in enumerate(feed["steps"]):
        if step["start"] is not None and step["start"] <= offset:
            current = number
    if text is None:
        return current
    # a cursor before its line's first action: the next action, if it opens on this line
    line_start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    line_end = min((at for at in (text.find("\n", offset), text.find("\r", offset)) if at >= 0), default=len(text))
    shown = feed["steps"][current]["start"] if feed["steps"] else None
    following = current + 1
    if (shown is None or shown < line_start) and following < len(feed["steps"]):
        start = feed["steps"][following]["start"]
        if start is not None and start < line_end:
            return following
    return current


def _title(hand: HandAnalysis, untitled: str | None) -> str:
    event, number = field_value(hand, "event"), field_value(hand, "hand")
    parts = [str(event)] if event not in (None, "") else []
    if number not in (None, ""):
        parts.append(f"hand {number}")
    if parts:
        return " · ".join(parts)
    return untitled or (f"[{hand.name}]" if hand.name is not None else "Hand")


def _player(hand: HandAnalysis, index: int) -> dict[str, Any]:
    stacks = field_value(hand, "starting_stacks")
    return {
        "label": f"p{index + 1}",
        "name": player_name(hand, index),
        "seat": seat(hand, index),
        "startingStack": fmt_amount(stacks[index]) if isinstance(stacks, list) and index < len(stacks) else None,
    }


def _step(hand: HandAnalysis, state: Snapshot, action: ParsedAction | None) -> dict[str, Any]:
    """The state ``state`` after ``action`` (None: before the first)."""
    seats = []
    for player, stack in enumerate(state.stacks):
        cards = state.hole_cards[player] if player < len(state.hole_cards) else ()
        up = state.hole_up[player] if player < len(state.hole_up) else ()
        bet = state.bets[player] if player < len(state.bets) else 0
        note = seat_note(state, player)
        seats.append(
            {
                "stack": fmt_amount(stack),
                "bet": fmt_amount(bet) if bet else None,
                "cards": [{"card": card, "up": bool(up[n]) if n < len(up) else False} for n, card in enumerate(cards)],
                "status": note,
                "folded": note == "folded",
                "allIn": note == "all-in",
                "toAct": note == "to act",
            }
        )
    return {
        "action": action.index if action is not None else None,
        "notation": action.text.strip() if action is not None else None,
        "words": action_in_words(hand, action, _plain) if action is not None else "Before the first action",
        "moved": changes(hand, action, state) if action is not None else [],
        "street": state.street,
        "pot": fmt_amount(state.pot),
        "potBlinds": in_big_blinds(hand, state.pot),
        "board": list(state.board),
        "seats": seats,
        "next": state.next_up,
        "over": not state.in_progress,
        "start": action.span.start if action is not None else None,
        "end": action.span.end if action is not None else None,
    }
