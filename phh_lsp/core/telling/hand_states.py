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
from phh_lsp.core.hand_info import field_value, in_big_blinds, player_label, player_name, seat
from phh_lsp.core.rules.actions import ParsedAction
from phh_lsp.core.rules.codes import Severity
from phh_lsp.core.rules.schema import STUD_VARIANTS, VARIANT_NAMES
from phh_lsp.core.telling.narration import (
    action_in_words,
    changes,
    outcome_lines,
    result_summary,
    seat_note,
    why_stopped,
)
from phh_lsp.core.telling.showdown import hand_types, named_hands

#: Feed format version: a client that draws an older one says so instead of drawing garbage.
FEED_VERSION = 1


def _plain(text: str) -> str:
    return text


def hand_states(hand: HandAnalysis, untitled: str | None = None, wait: bool = False) -> dict[str, Any]:
    """The hand's states, from the start to the last action replayed.

    ``steps[0]`` is the hand before any action (``action`` null), then one
    step per action replayed. ``error`` is the first problem that stopped
    the replay (or kept it from starting), else null; ``result`` the hand's
    result in words once it is over. ``untitled`` names a hand that has
    neither ``event`` nor ``hand`` (by default its table header, or "Hand").
    Each contender's equity is given where the chips are all in, as the
    inlay hint gives it, from the process's spot cache: ``wait`` (the
    command line) waits for it, the editor takes it once it is ready.
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
        "seatCount": _seat_count(hand),
        "button": _button(hand, count),
        "bringIn": None,
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
    states = [replay.initial]
    steps.append(_step(hand, replay.initial, None))
    for action in hand.actions:
        after = replay.snapshots.get(action.index)
        if after is None:
            break
        states.append(after)
        steps.append(_step(hand, after, action))
    feed["bringIn"] = _bring_in_amount(hand) if _bring_in(variant) else None
    for step, state in zip(steps, states, strict=True):
        if variant:
            _add_strength(step, variant, state, wait)
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
        if len(steps) > 1 and steps[-1]["over"]:
            _tell_the_end(hand, steps[-2], steps[-1])
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


def _seat_count(hand: HandAnalysis) -> int | None:
    value = field_value(hand, "seat_count")
    return int(value) if isinstance(value, int) and value > 0 else None


def _button(hand: HandAnalysis, count: int) -> int | None:
    """The dealer button's player: in a game with blinds the spec orders players
    from the small blind, so the button is the last of them; stud has none."""
    blinds = field_value(hand, "blinds_or_straddles")
    if count < 2 or not isinstance(blinds, list) or not any(value > 0 for value in blinds):
        return None
    return count - 1


def _bring_in(variant: str | None) -> bool:
    return variant in STUD_VARIANTS


def _bring_in_amount(hand: HandAnalysis) -> str | None:
    value = field_value(hand, "bring_in")
    return fmt_amount(value) if value is not None else None


def _add_strength(step: dict[str, Any], variant: str, state: Snapshot, wait: bool) -> None:
    """Each contender's equity (or draw-game hand) where the chips are all in
    (only there: every spot of a hand would take seconds to compute)."""
    from phh_lsp.core.strength.spot_cache import PROCESS_CACHE
    from phh_lsp.core.strength.spot_strength import all_in, spot_of, worth_showing
    from phh_lsp.core.strength.strength_text import estimate_text

    if not all_in(state) or not worth_showing(variant, state):
        return
    found = PROCESS_CACHE.strength_of(spot_of(variant, state), wait)
    if found is None or found.problem is not None:
        return
    for player, seat_data in enumerate(step["seats"]):
        parts = []
        if found.equity is not None and player in found.equity:
            parts.append(f"equity {estimate_text(found.equity[player], percent=True)}")
        if player in found.made:
            parts.append(found.made[player])
        if parts:
            seat_data["strength"] = " · ".join(parts)


def _tell_the_end(hand: HandAnalysis, before: dict[str, Any], last: dict[str, Any]) -> None:
    """The last step in full: the hands shown stay on the table (PokerKit
    mucks a losing hand as it pushes the pot), each named by PokerKit; who
    collects what and what each player won or lost."""
    types = hand_types(hand)
    showing = []
    for index, (was, now) in enumerate(zip(before["seats"], last["seats"], strict=False)):
        if not now["cards"] and was["cards"] and all(card["up"] for card in was["cards"]):
            now["cards"] = was["cards"]
        known = [card["card"] for card in now["cards"]]
        if known and all(card["up"] for card in now["cards"]) and "?" not in "".join(known):
            now["shown"] = True
            showing.append((index, known))
    shown_down = any(action.kind == "show_or_muck" for action in hand.actions)
    if showing and (shown_down or len(showing) >= 2):  # a showdown, not a pot won by folds
        for index, known in showing:
            names = named_hands(types, known, last["board"])
            last["seats"][index]["hand"] = "; ".join(names) if names else None
            if names:
                last["showdown"].append(f"{player_label(hand, index)} shows {' '.join(known)}: {'; '.join(names)}")
    returned = [line for line in last["moved"] if line.startswith("uncalled")]
    last["moved"] = returned + outcome_lines(hand)


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
    stud = hand.report.variant in STUD_VARIANTS  # no big blind: amounts in chips
    seats = []
    for player, stack in enumerate(state.stacks):
        cards = state.hole_cards[player] if player < len(state.hole_cards) else ()
        up = state.hole_up[player] if player < len(state.hole_up) else ()
        bet = state.bets[player] if player < len(state.bets) else 0
        note = seat_note(state, player)
        seats.append(
            {
                "stack": fmt_amount(stack),
                "stackBlinds": None if stud else in_big_blinds(hand, stack),
                "bet": fmt_amount(bet) if bet else None,
                "betBlinds": None if stud or not bet else in_big_blinds(hand, bet),
                "cards": [{"card": card, "up": bool(up[n]) if n < len(up) else False} for n, card in enumerate(cards)],
                "status": note,
                "folded": note == "folded",
                "allIn": note == "all-in",
                "toAct": note == "to act",
                "shown": False,
                "hand": None,
                "strength": None,
            }
        )
    return {
        "action": action.index if action is not None else None,
        "notation": action.text.strip() if action is not None else None,
        "words": action_in_words(hand, action, _plain) if action is not None else "Before the first action",
        "moved": changes(hand, action, state) if action is not None else [],
        "street": state.street,
        "pot": fmt_amount(state.pot),
        "potBlinds": None if stud else in_big_blinds(hand, state.pot),
        "pots": [fmt_amount(pot) for pot in state.pots] if len(state.pots) > 1 else [],
        "board": list(state.board),
        "seats": seats,
        "next": state.next_up,
        "over": not state.in_progress,
        "showdown": [],
        "start": action.span.start if action is not None else None,
        "end": action.span.end if action is not None else None,
    }
