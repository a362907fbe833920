"""A hand told in a poker player's words: each action, the state, the result.

Hover, ``phh-lsp show``, the code lens and the replayer's state feed all
say "p1 (Phil Ivey) raises to 23,000", "Flop · pot 46,000 (92 BB)" and
"p3 (Tom Dwan) wins 556,000" from here, so the editor, the terminal and
the replayer never tell a hand two ways. Where the hand records a rake the
replay does not take, the result says what was collected, the rake and the
net win, so it agrees with the history it came from. Protocol-free: the caller says
how to set off the actor and amounts (``strong``: bold Markdown, ANSI, or
nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from phh_lsp.core.engine.state_view import Snapshot, bet_word, fmt_amount
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.hand_info import field_value, in_big_blinds, player_label
from phh_lsp.core.rules.actions import ParsedAction
from phh_lsp.core.rules.cards import card_name
from phh_lsp.core.rules.codes import Severity

#: The words for a ``cbr`` (see :func:`~phh_lsp.core.engine.state_view.bet_word`), all-in or not.
_BET_WORDS = {
    ("bet", False): "bets",
    ("bet", True): "bets all-in",
    ("raise", False): "raises to",
    ("raise", True): "raises all-in to",
    ("complete", False): "completes to",
    ("complete", True): "completes all-in to",
}


def state_before(hand: HandAnalysis, index: int) -> Snapshot | None:
    """The state just before action ``index`` (the initial state for the first)."""
    replay = hand.replay
    if replay is None:
        return None
    earlier = [i for i in replay.snapshots if i < index]
    return replay.snapshots[max(earlier)] if earlier else replay.initial


def _names(action: ParsedAction) -> str:
    return ", ".join(card_name(card.text) for card in action.cards if card.error is None)


def action_in_words(hand: HandAnalysis, action: ParsedAction, strong: Callable[[str], str]) -> str:
    """The action in words, its actor and amounts set off by ``strong`` (bold
    Markdown for the hover, plain or coloured text for ``phh-lsp show``)."""
    who = player_label(hand, action.player) if action.player is not None else ""
    if action.kind == "deal_board":
        return (
            f"{strong('Dealer')} deals the board: {_names(action)}"
            if action.cards
            else f"{strong('Dealer')} deals the board"
        )
    if action.kind == "deal_hole":
        return f"{strong('Dealer')} deals {who} {_names(action) or 'hole cards'}"
    if action.kind == "stand_pat_or_discard":
        count = len(action.cards)
        return (
            f"{strong(who)} discards {count} card{'s' * (count != 1)}: {_names(action)}"
            if count
            else f"{strong(who)} stands pat"
        )
    if action.kind == "show_or_muck":
        if action.show_dash:
            return f"{strong(who)} shows the cards dealt"
        return f"{strong(who)} shows {_names(action)}" if action.cards else f"{strong(who)} mucks"
    if action.kind == "fold":
        return f"{strong(who)} folds"
    before = state_before(hand, action.index)
    player = action.player
    if before is None or player is None or player >= len(before.stacks):
        plain = {"bring_in": "brings in", "check_or_call": "checks or calls", "complete_bet_or_raise": "bets or raises"}
        written = f" {strong(fmt_amount(action.amount_value))}" if action.amount_value is not None else ""
        return f"{strong(who)} {plain.get(action.kind, '')}{written}".strip()
    facing = max(before.bets, default=0)
    own, stack = before.bets[player], before.stacks[player]
    if action.kind == "bring_in":
        after = hand.replay.snapshots.get(action.index) if hand.replay is not None else None
        paid = stack - after.stacks[player] if after is not None and player < len(after.stacks) else None
        return f"{strong(who)} brings in" + (f" {strong(fmt_amount(paid))}" if paid else "")
    if action.kind == "check_or_call":
        owed = min(facing - own, stack)
        if owed <= 0:
            return f"{strong(who)} checks"
        return f"{strong(who)} calls {strong(fmt_amount(owed))}" + (" and is all-in" if owed == stack else "")
    if action.kind == "complete_bet_or_raise" and action.amount_value is not None:
        amount = action.amount_value
        word = bet_word(before.bets, field_value(hand, "bring_in"), before.street == _first_street(hand))
        line = f"{strong(who)} {_BET_WORDS[word, amount >= own + stack]} {strong(fmt_amount(amount))}"
        if word == "raise":
            line += f" (by {fmt_amount(amount - facing)} over {fmt_amount(facing)})"
        blinds = in_big_blinds(hand, amount)
        return line + (f", {blinds}" if blinds else "")
    return f"{strong(who)}"


def _first_street(hand: HandAnalysis) -> str | None:
    replay = hand.replay
    return replay.initial.street if replay is not None and replay.initial is not None else None


def changes(hand: HandAnalysis, action: ParsedAction, after: Snapshot) -> list[str]:
    """What the action moved besides its own chips: an uncalled bet returned
    (the pot seems to shrink otherwise), or, when it ends the hand, the pots
    each player collects."""
    before = state_before(hand, action.index)
    if before is None:
        return []
    lines = []
    for index, (old, new) in enumerate(zip(before.stacks, after.stacks, strict=False)):
        gain = new - old
        if gain > 0:
            label = player_label(hand, index)
            if after.in_progress:
                lines.append(f"uncalled {fmt_amount(gain)} returned to {label}")
            else:
                lines.append(f"{label} collects {fmt_amount(gain)}")
    return lines


def state_summary(hand: HandAnalysis, state: Snapshot, strong: Callable[[str], str]) -> str:
    """``Flop · pot 46,000 (92 BB) · board Jc 3d 5c``, street and pot set off by ``strong``."""
    pot = f"pot {strong(fmt_amount(state.pot))}"
    blinds = in_big_blinds(hand, state.pot)
    if blinds:
        pot += f" ({blinds})"
    board = f" · board {' '.join(state.board)}" if state.board else ""
    return f"{strong(state.street)} · {pot}{board}"


def seat_note(state: Snapshot, index: int) -> str:
    """What a player is doing in ``state``: ``"folded"``, ``"all-in"``, ``"to act"`` or
    ``""``; nothing once the hand is over (PokerKit folds the hands that lost then,
    and "folded" would mislead)."""
    if not state.in_progress or index >= len(state.stacks):
        return ""
    if index < len(state.folded) and state.folded[index]:
        return "folded"
    if not state.stacks[index]:
        return "all-in"
    return "to act" if state.actor == index else ""


def state_rows(hand: HandAnalysis, state: Snapshot) -> list[str]:
    """The players as aligned plain-text rows: player, stack, bet, cards, note."""
    rows = [("player", "stack", "bet", "cards", "")]
    for index, stack in enumerate(state.stacks):
        cards = " ".join(state.hole_cards[index]) if index < len(state.hole_cards) else ""
        bet = state.bets[index] if index < len(state.bets) else 0
        note = seat_note(state, index)
        rows.append((player_label(hand, index), fmt_amount(stack), fmt_amount(bet) if bet else "", cards, note))
    widths = [max(len(row[column]) for row in rows) for column in range(5)]
    return [
        f"{name:<{widths[0]}}  {stack:>{widths[1]}}  {bet:>{widths[2]}}  {cards:<{widths[3]}}  {note}".rstrip()
        for name, stack, bet, cards, note in rows
    ]


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
    rakes = _rakes(hand, final, replay.collected)
    winners = [
        _raked_win(player_label(hand, i), net, replay.collected, i, rakes[i], _written_places(hand))
        if rakes[i]
        else f"{player_label(hand, i)} wins {fmt_amount(net)}"
        for i, net in enumerate(nets)
        if net and net > 0
    ]
    if winners:
        return "; ".join(winners)
    return f"{' and '.join(takers)} split the pot" if len(takers) > 1 else "nobody wins a pot"


def outcome_lines(hand: HandAnalysis) -> list[str]:
    """Who collected what and where each player ended, one line per player
    whose stack changed, in the words players use: ``p3 (Tom Dwan) collects
    1,109,500, a net win of 556,000`` (the pot holds their own 553,500 too),
    ``p1 (Phil Ivey) loses 553,500``; a rake the hand records is told as the
    result line tells it. Empty when the hand was not replayed to its end."""
    replay = hand.replay
    start = field_value(hand, "starting_stacks")
    final = replay.final_stacks if replay is not None and replay.stopped_at is None else None
    if replay is None or final is None or not isinstance(start, list) or len(start) != len(final):
        return []
    collected = replay.collected or tuple(0 for _ in final)
    rakes = _rakes(hand, final, replay.collected)
    lines = []
    for index, (begin, end) in enumerate(zip(start, final, strict=True)):
        who, net = player_label(hand, index), _net(end, begin)
        taken = collected[index] if index < len(collected) else 0
        if net is None:
            if taken:
                lines.append(f"{who} collects {fmt_amount(taken)}")
        elif rakes[index]:
            lines.append(_raked_win(who, net, replay.collected, index, rakes[index], _written_places(hand)))
        elif taken and net > 0:
            lines.append(f"{who} collects {fmt_amount(taken)}, a net win of {fmt_amount(net)}")
        elif taken:
            outcome = f"a net loss of {fmt_amount(-net)}" if net < 0 else "breaking even"
            lines.append(f"{who} collects {fmt_amount(taken)}, {outcome}")
        elif net < 0:
            lines.append(f"{who} loses {fmt_amount(-net)}")
    return lines


def _rakes(hand: HandAnalysis, final: tuple[Any, ...], collected: tuple[Any, ...] | None) -> list[Decimal]:
    """What the house took from each player's pots, as the hand records it.

    The replay takes no rake, so a hand from a real site ends its winner
    higher than the history did. Where the checks found the recorded
    ``finishing_stacks`` below the replay by a rake (PHH505), each winner's
    rake is the difference; else where ``winnings`` (collected after the
    rake, as the spec defines it, and as ``phh-lsp convert`` writes it)
    credit a pot's taker with less than the replay, it is that difference;
    else a hand that records only the house's ``_rake`` (as ``phh-lsp
    convert`` writes it) charges it to the one player who took the pot.
    No rake (all zeros) when the hand records none.
    """
    none = [Decimal(0)] * len(final)
    if collected is None or len(collected) != len(final):
        return none
    declared = field_value(hand, "finishing_stacks")
    if any(d.code == "PHH505" for d in hand.diagnostics) and _amounts(declared, len(final)):
        return [max(Decimal(f) - Decimal(d), Decimal(0)) for f, d in zip(final, declared, strict=True)]
    winnings = field_value(hand, "winnings")
    if _amounts(winnings, len(final)) and not any(d.code in {"PHH503"} for d in hand.diagnostics):
        found = [
            Decimal(taken) - Decimal(won) if 0 < Decimal(won) < Decimal(taken) else Decimal(0)
            for taken, won in zip(collected, winnings, strict=True)
        ]
        if any(found):
            return found
    entry = hand.report.fields.get("_rake")  # a user field: read as written, whatever its type
    recorded = entry.value.plain() if entry is not None and entry.value is not None else None
    takers = [index for index, taken in enumerate(collected) if taken > 0]
    if recorded is not None and _amounts([recorded], 1) and Decimal(recorded) > 0 and len(takers) == 1:
        rake = Decimal(recorded)
        return [rake if index == takers[0] else Decimal(0) for index in range(len(final))]
    return none


def _amounts(value: Any, count: int) -> bool:
    """Whether ``value`` is a list of ``count`` finite amounts."""
    if not isinstance(value, list) or len(value) != count:
        return False
    try:
        return all(Decimal(item).is_finite() for item in value)
    except (ArithmeticError, ValueError, TypeError):
        return False


def _raked_win(
    who: str, net: Decimal, collected: tuple[Any, ...] | None, index: int, rake: Decimal, written: int
) -> str:
    """``p2 (Ann) collects 22.80 after 1.20 rake, a net win of 10.80``: the
    amount the history says was collected, the rake that explains why the
    replay's pot was bigger, and what the player is up on the hand."""
    taken = Decimal(collected[index]) - rake if collected is not None else Decimal(0)
    after = net - rake
    places = max(written, *(_places(value) for value in (taken, rake, after)))
    amount, cut, up = (fmt_amount(_to_places(value, places)) for value in (taken, rake, abs(after)))
    outcome = f"a net win of {up}" if after > 0 else f"a net loss of {up}" if after < 0 else "breaking even"
    return f"{who} collects {amount} after {cut} rake, {outcome}"


def _written_places(hand: HandAnalysis) -> int:
    """The decimals the hand writes its money with (``150.20``: 2), read off
    its stacks and winnings, so the rake line writes ``22.80``, not ``22.8``."""
    values = [field_value(hand, name) for name in ("starting_stacks", "winnings")]
    places = [_places(v) for value in values if isinstance(value, list) for v in value if isinstance(v, Decimal)]
    return max(places, default=0)


def _places(value: Decimal) -> int:
    """The decimal places ``value`` is written with (0 for a whole number)."""
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _to_places(value: Decimal, places: int) -> Decimal:
    """``value`` written with ``places`` decimals, as money is (``1.2`` -> ``1.20``)."""
    return value.quantize(Decimal(1).scaleb(-places)) if places else value


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
