"""``textDocument/inlayHint``: the hand's progress written beside its actions.

After each action string, the pot and the actor's stack once the action
is done (``pot 46,000 · p1 1,102,600``; for deals only the pot), in big
blinds when ``phh.inlayHints.bigBlinds`` is set; where an action opens a
betting round, the round's name first (``Flop · pot 49,500``); after each
``pN``, the player's name from ``players`` (``(Phil Ivey)``); where the
chips go all in, each player's equity instead of the pot (``equity p1 0.0 %
· p3 100.0 %``, computed in the background: it appears once ready). The setting
``phh.inlayHints.mode`` picks ``off``, ``pot`` (pot and stacks only) or
``full`` (everything).

Editors ask for the visible range only (and again on scroll), so only the
hands overlapping it are analysed: a 1,000-hand ``.phhs`` file costs a
screenful of replays, not a thousand.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import Any

from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import Analysis
from phh_lsp.core.engine.state_view import fmt_amount
from phh_lsp.core.hand_analysis import HandAnalysis, HandView
from phh_lsp.core.hand_info import in_big_blinds, player_name
from phh_lsp.core.rules.actions import ParsedAction
from phh_lsp.core.strength.spot_strength import all_in
from phh_lsp.core.strength.strength_text import all_in_label
from phh_lsp.core.text import Encoding
from phh_lsp.lsp.features.symbols import street_openers
from phh_lsp.lsp.positions import to_offset, to_position

SEPARATOR = " · "


#: The most hands one request replays for hints. VS Code asks for the
#: visible lines, but some clients (Neovim) ask for the whole buffer: on a
#: 1,000-hand file that would be seconds of replay and snapshots of every
#: hand in memory, for lines nobody is looking at.
MAX_HANDS_PER_REQUEST = 200


def views_in(analysis: Analysis, start: int, end: int) -> Iterator[HandView]:
    """The hands whose text overlaps the offsets ``[start, end]``, analysed lazily
    (at most :data:`MAX_HANDS_PER_REQUEST`, from the start of the range)."""
    starts = analysis.pieces.starts
    if not starts:
        return
    first = max(0, bisect.bisect_right(starts, start) - 1)
    for index in range(first, min(len(starts), first + MAX_HANDS_PER_REQUEST)):
        if index > first and starts[index] > end:
            return
        yield analysis.view(index)


def inlay_hints(
    analysis: Analysis, range: types.Range, settings: Settings, encoding: Encoding
) -> list[types.InlayHint]:
    """The hints whose position lies inside ``range``."""
    if settings.inlay_hints not in ("pot", "full"):
        return []
    start = to_offset(analysis.lines, range.start, encoding)
    end = to_offset(analysis.lines, range.end, encoding)
    hints: list[tuple[int, types.InlayHint]] = []
    for view in views_in(analysis, start, end):
        for local, hint in _hand_hints(view.hand, settings):
            offset = local + view.start
            if start <= offset <= end:
                hint.position = to_position(analysis.lines, offset, encoding)
                hints.append((offset, hint))
    hints.sort(key=lambda item: item[0])
    return [hint for _, hint in hints]


def _hand_hints(hand: HandAnalysis, settings: Settings) -> Iterator[tuple[int, types.InlayHint]]:
    """(offset in the hand, hint) pairs; positions are filled in by the caller."""
    full = settings.inlay_hints == "full"
    openers = street_openers(hand) if full else {}
    snapshots = hand.replay.snapshots if hand.replay is not None else {}

    def amount(value: Any) -> str:
        in_bb = in_big_blinds(hand, value) if settings.big_blinds else None
        return in_bb or fmt_amount(value)

    variant = hand.report.variant
    was_all_in = False
    for action in hand.actions:
        if full:
            yield from _name_hint(hand, action)
        parts = [openers[action.index]] if action.index in openers else []
        snapshot = snapshots.get(action.index)
        tooltip = None
        if snapshot is not None and action.kind != "noop":
            parts.append(f"pot {amount(snapshot.pot)}" if snapshot.in_progress else "hand over")
            player = action.player
            if action.is_player_action and player is not None and 0 <= player < len(snapshot.stacks):
                parts.append(f"p{player + 1} {amount(snapshot.stacks[player])}")
            tooltip = f"Next: {snapshot.next_up}"
            # where the chips go all in: each player's equity (once computed, in the background)
            # instead of the pot, which moves to the tooltip: VS Code shortens a line's hints
            # beyond 43 characters in all
            now_all_in = all_in(snapshot)
            if full and variant is not None and now_all_in and not was_all_in:
                equity_label = all_in_label(variant, snapshot)
                if equity_label:
                    tooltip = f"{SEPARATOR.join(parts)}. {tooltip}"
                    parts = [equity_label]
            was_all_in = now_all_in
        if parts:
            yield (
                action.span.end,
                types.InlayHint(
                    position=types.Position(0, 0),
                    label=SEPARATOR.join(parts),
                    padding_left=True,
                    tooltip=tooltip,
                ),
            )


def _name_hint(hand: HandAnalysis, action: ParsedAction) -> Iterator[tuple[int, types.InlayHint]]:
    token = action.player_token
    if token is None or action.player is None:
        return
    name = player_name(hand, action.player)
    if name:
        yield (
            token.span.end,
            types.InlayHint(
                position=types.Position(0, 0),
                label=f"({name})",
                kind=types.InlayHintKind.Parameter,
                padding_left=True,
            ),
        )
