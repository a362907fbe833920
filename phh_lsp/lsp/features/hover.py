"""``textDocument/hover``: what the hand looks like at the cursor.

On an action: the action in the words completion uses ("calls 16,000",
"raises all-in to 1,067,100"), what it moved besides its own chips (an
uncalled bet returned, the pots collected), and the state after it
(the street in play, pot, board, each player's stack, bet and known
cards, who folded, who is all-in, who acts, what comes next) with names
from ``players``; on a card its name; on ``pN`` the player's name, seat and
stacks. On a field name: the spec's description, type and whether the
variant requires it; on ``finishing_stacks`` / ``winnings`` the replayed
values beside the declared ones; on a negative blind, what it means.
"""

from __future__ import annotations

from decimal import Decimal

from lsprotocol import types

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.engine.state_view import Snapshot, fmt_amount
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.hand_info import field_value, player_label, seat
from phh_lsp.core.rules.actions import ParsedAction, Token
from phh_lsp.core.rules.cards import card_name
from phh_lsp.core.rules.schema import FIELD_SPECS, REQUIRED_BY_VARIANT, REQUIRED_FIELD_NAMES, VARIANT_NAMES
from phh_lsp.core.strength.spot_cache import prefetch
from phh_lsp.core.strength.strength_text import ahead_lines
from phh_lsp.core.syntax.entries import Entry
from phh_lsp.core.telling.narration import action_in_words, changes, state_rows, state_summary
from phh_lsp.core.text import Encoding, Span
from phh_lsp.lsp.positions import to_range

#: How long a hover waits for its spot's equity and EHS (seconds) before it
#: says they are still being computed. The hovered spot goes ahead of every
#: prefetched one; Dwan-Ivey's flop, equity and both EHS exact, took 0.6 s at
#: a load of 7 on 2 cores, seconds only on a machine loaded far more or in a
#: sampled Omaha or stud spot: 3 s lets the first hover of a small document
#: show the figures, while a slower spot still answers soon. The hover runs off the
#: server's event loop, so other requests are answered meanwhile.
STRENGTH_WAIT = 3.0


def hover(analysis: Analysis, offset: int, encoding: Encoding) -> types.Hover | None:
    """The hover at a document offset, or None when there is nothing to say."""
    view = analysis.hand_at(offset)
    if view is None:
        return None
    hand, local = view.hand, offset - view.start
    found = _hover_action(hand, local) or _hover_field(hand, local)
    if found is None:
        return None
    markdown, span = found
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown),
        range=to_range(analysis.lines, span.shifted(view.start), encoding),
    )


def _on(token: Token | None, offset: int) -> bool:
    return token is not None and token.span.start <= offset < token.span.end


def _hover_action(hand: HandAnalysis, offset: int) -> tuple[str, Span] | None:
    action = hand.action_at(offset)
    if action is None:
        return None
    for card in action.cards:
        if card.span.start <= offset < card.span.end:
            text = f"**{card.text}**: {card_name(card.text)}" if card.error is None else f"`{card.text}`: {card.error}"
            return text, card.span
    if _on(action.player_token, offset) and action.player is not None:
        assert action.player_token is not None
        return _player(hand, action, action.player), action.player_token.span
    return _state_after(hand, action), action.span


def _player(hand: HandAnalysis, action: ParsedAction, index: int) -> str:
    lines = [f"**{player_label(hand, index)}**"]
    seat_number = seat(hand, index)
    if seat_number is not None:
        lines.append(f"seat {seat_number}")
    stacks = field_value(hand, "starting_stacks")
    if isinstance(stacks, list) and index < len(stacks):
        lines.append(f"starting stack {fmt_amount(stacks[index])}")
    after = hand.replay.snapshots.get(action.index) if hand.replay else None
    if after is not None and index < len(after.stacks):
        status = " (folded)" if after.folded[index] else ""
        lines.append(f"stack after this action {fmt_amount(after.stacks[index])}{status}")
    return " · ".join(lines)


def _bold(text: str) -> str:
    return f"**{text}**"


def _headline(hand: HandAnalysis, action: ParsedAction) -> str:
    """The action in words, as completion offers it: "**p3 (Tom Dwan)** calls
    **16,000**", "raises all-in to **1,067,100**", "the dealer deals the flop"."""
    line = action_in_words(hand, action, _bold)
    if action.commentary is not None and action.commentary.text:
        line += f"  \n_{action.commentary.text}_"
    return line


def _state_after(hand: HandAnalysis, action: ParsedAction) -> str:
    headline = _headline(hand, action)
    replay = hand.replay
    after = replay.snapshots.get(action.index) if replay is not None else None
    if after is None:
        if replay is not None and replay.stopped_at is not None and replay.stopped_at <= action.index:
            note = f"Not replayed: the replay stopped at action {replay.stopped_at + 1} (see its diagnostic)."
        else:
            note = "Not replayed: the hand's fields have errors."
        return f"{headline}\n\n{note}" if headline else note
    moved = "".join(f"  \n{line}" for line in changes(hand, action, after))
    return f"{headline}{moved}\n\n{state_table(hand, after)}{_strength(hand, after)}"


def _strength(hand: HandAnalysis, state: Snapshot) -> str:
    """Who is ahead: a plain sentence, then EHS per known hand (computed in
    the background, waited for up to :data:`STRENGTH_WAIT`)."""
    variant = hand.report.variant
    if variant is None:
        return ""
    lines = ahead_lines(variant, state, lambda index: player_label(hand, index), STRENGTH_WAIT)
    if hand.replay is not None:
        prefetch(variant, hand.replay.snapshots.values())
    return "\n\n**Who is ahead**  \n" + "  \n".join(lines) if lines else ""


def state_table(hand: HandAnalysis, state: Snapshot) -> str:
    """The state as Markdown: a summary line, then the players as an aligned
    plain-text table (a Markdown table's cells run together in VS Code's
    hover, which draws no borders or padding; Neovim shows Markdown raw)."""
    table = "```text\n" + "\n".join(state_rows(hand, state)) + "\n```"
    return f"{state_summary(hand, state, _bold)}\n\n{table}\n\nNext: {state.next_up}"


def _entry_at(hand: HandAnalysis, offset: int) -> Entry | None:
    for entry in hand.entries:
        if entry.span.start <= offset < max(entry.span.end, entry.key_span.end):
            return entry
    return None


def _hover_field(hand: HandAnalysis, offset: int) -> tuple[str, Span] | None:
    entry = _entry_at(hand, offset)
    if entry is None or entry.is_header:
        return None
    value = entry.value
    if value is not None and entry.key == "blinds_or_straddles" and value.kind == "array":
        for item in value.items:
            if item.span.start <= offset < item.span.end and _negative(item.value):
                return (
                    f"**{fmt_amount(item.value)}**: a negative blind is a dead post by a player who just sat "
                    "down (PokerKit's convention): they pay it into the pot without it counting as a bet."
                ), item.span
    if value is not None and entry.key == "variant" and value.span.start <= offset < value.span.end:
        name = VARIANT_NAMES.get(str(value.value))
        if name:
            return f"**{value.value}**: {name}", value.span
    if entry.key in ("finishing_stacks", "winnings"):
        compared = _compare(hand, entry)
        if compared:
            return compared, entry.key_span if offset < entry.key_span.end else entry.span
    if entry.key_span.start <= offset < entry.key_span.end:
        return _field_doc(hand, entry.key), entry.key_span
    return None


def _negative(value: object) -> bool:
    """A negative number (a NaN, which no comparison accepts, is not)."""
    if isinstance(value, Decimal):
        return not value.is_nan() and value < 0
    return isinstance(value, int) and not isinstance(value, bool) and value < 0


def _field_doc(hand: HandAnalysis, name: str) -> str:
    spec = FIELD_SPECS.get(name)
    if spec is None:
        if name.startswith("_"):
            return f"**{name}**: a user-defined field (spec §VII); PHH tools ignore it."
        return f"**{name}**: not a PHH field. User-defined fields start with `_` (spec §VII)."
    variant = hand.report.variant
    if variant is not None:
        required = name in REQUIRED_BY_VARIANT[variant]
        status = (
            f"required in {variant}"
            if required
            else (f"must not be set in {variant}" if name in REQUIRED_FIELD_NAMES else "optional")
        )
    else:
        status = "required" if name in REQUIRED_FIELD_NAMES else "optional"
    return f"**{spec.title}** (`{name}`): {spec.kind.value}, {status}\n\n{spec.description}\n\n_{spec.section}_"


def _compare(hand: HandAnalysis, entry: Entry) -> str | None:
    replay = hand.replay
    if replay is None or replay.final_stacks is None:
        return None
    computed = replay.final_stacks if entry.key == "finishing_stacks" else replay.collected
    if computed is None:
        return None
    declared = entry.value.plain() if entry.value is not None and entry.value.kind == "array" else []
    title = "replayed stack" if entry.key == "finishing_stacks" else "pots collected (replay, before rake)"
    rows = [f"| player | declared | {title} |", "|---|---:|---:|"]
    for index, value in enumerate(computed):
        mine = fmt_amount(declared[index]) if index < len(declared) else ""
        rows.append(f"| {player_label(hand, index)} | {mine} | {fmt_amount(value)} |")
    return f"**{entry.key}**\n\n" + "\n".join(rows)
