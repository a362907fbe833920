"""Equity and hand strength in words: every figure the editor and the terminal print.

The hover's "Who is ahead" lines, the all-in inlay hint and ``phh-lsp
equity`` all print through :func:`estimate_text`, the one way equity and
EHS are written. The numbers come from the process's spot cache
(:mod:`spot_cache`): the hover waits for them a bounded time (past it, a
line says they are still being computed), the command line waits for them
(``wait=True``). The hover's section (:func:`ahead_lines`) opens with who
is ahead in a plain sentence and keeps every line within
:data:`HOVER_WIDTH` columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from phh_lsp.core.engine.state_view import Snapshot
from phh_lsp.core.strength.equity import DRAW_NOTE, FAMILIES, Estimate, all_known, contenders
from phh_lsp.core.strength.spot_cache import PROCESS_CACHE
from phh_lsp.core.strength.spot_strength import Strength, spot_of, worth_showing

#: The widest line the hover's "Who is ahead" section writes: VS Code's hover
#: and Neovim's float are about 80 columns wide before they wrap or scroll.
HOVER_WIDTH = 80

#: Said when the hovered spot's numbers are not ready within the hover's wait.
STILL_COMPUTING = "equity and hand strength are still being computed: hover again in a moment"


def estimate_text(estimate: Estimate, percent: bool) -> str:
    """``41.7 %`` or ``0.48``, with ``±0.6`` when sampled."""
    if percent:
        value, margin, digits = estimate.value * 100, estimate.margin * 100, 1
        unit = " %"
    else:
        value, margin, digits, unit = estimate.value, estimate.margin, 2, ""
    text = f"{value:.{digits}f}{unit}"
    if not estimate.exact:
        text += f" ±{max(margin, 10**-digits):.{digits}f}"
    return text


def strength_lines(variant: str, state: Snapshot, wait: bool = False) -> list[str]:
    """One line per contender whose cards are known, shaped like
    ``p1 KdQd · equity 41.7 % · EHS 0.48 (HS 0.39, PPOT 0.21, NPOT 0.12)``,
    then a note where a number cannot be given; empty when nothing applies,
    a single line while the numbers are computed."""
    if not worth_showing(variant, state):
        return []
    spot = spot_of(variant, state)
    found = PROCESS_CACHE.strength_of(spot, wait)
    if found is None:
        return [STILL_COMPUTING]
    if found.problem is not None:
        return [f"equity could not be computed (an error in phh-lsp, please report it): {found.problem}"]
    lines = []
    for player in contenders(spot.folded):
        cards = spot.holes[player]
        if not all_known(cards):
            continue
        parts = [f"p{player + 1} {''.join(cards)}"]
        if found.equity is not None:
            parts.append(f"equity {estimate_text(found.equity[player], percent=True)}")
        strength = found.ehs.get(player)
        if strength is not None:
            parts.append(
                f"EHS {estimate_text(strength.ehs, False)} (HS {estimate_text(strength.hs, False)}, "
                f"PPOT {estimate_text(strength.ppot, False)}, NPOT {estimate_text(strength.npot, False)})"
            )
        if player in found.made:
            parts.append(found.made[player])
        if len(parts) > 1:  # the cards alone say nothing the state table does not
            lines.append(" · ".join(parts))
    if FAMILIES[variant].kind == "draw":
        lines.append(DRAW_NOTE)
    elif found.equity is None:
        unknown = [f"p{p + 1}" for p in contenders(spot.folded) if not all_known(spot.holes[p])]
        if unknown:
            lines.append(f"no equity until every player's cards are known ({', '.join(unknown)} not known)")
    return lines


def all_in_label(variant: str, state: Snapshot) -> str | None:
    """``equity p1 16.3 % · p3 83.7 %`` for an all-in spot whose numbers are
    ready (else None, and they are computed meanwhile)."""
    if not worth_showing(variant, state):
        return None
    found = PROCESS_CACHE.strength_of(spot_of(variant, state))
    if found is None or found.equity is None:
        return None
    shares = " · ".join(f"p{player + 1} {estimate_text(value, True)}" for player, value in found.equity.items())
    return f"equity {shares}"


def ahead_lines(variant: str, state: Snapshot, label: Callable[[int], str], within: float = 0.0) -> list[str]:
    """The hover's "Who is ahead" section: who is ahead in a plain sentence
    (``**p1 (Phil Ivey) is ahead**: 62.8 % to win the pot (p3 (Tom Dwan)
    37.2 %)``), then each known hand's EHS; empty when nothing applies.

    ``label`` names a player (by index) as the rest of the hover does; the
    spot is waited for up to ``within`` seconds. Each item is one line of
    the hover; an item longer than :data:`HOVER_WIDTH` is wrapped with plain
    newlines (a soft break: VS Code flows it, Neovim shows it as written)."""
    if not worth_showing(variant, state):
        return []
    spot = spot_of(variant, state)
    found = PROCESS_CACHE.strength_of(spot, within=within)
    if found is None:
        lines = [STILL_COMPUTING]
    elif found.problem is not None:
        lines = [f"equity could not be computed (an error in phh-lsp, please report it): {found.problem}"]
    else:
        lines = _ahead(variant, state, found, label)
    return ["\n".join(textwrap.wrap(line, HOVER_WIDTH, break_on_hyphens=False)) for line in lines]


def _ahead(variant: str, state: Snapshot, found: Strength, label: Callable[[int], str]) -> list[str]:
    spot = spot_of(variant, state)
    players = contenders(spot.folded)
    lines = []
    if found.equity is not None:
        lines.append(_who_leads(found.equity, label))
    elif FAMILIES[variant].kind != "draw":
        unknown = [f"p{p + 1}" for p in players if not all_known(spot.holes[p])]
        if unknown:
            lines.append(f"no equity until every player's cards are known ({', '.join(unknown)} not known)")
    for player in players:
        strength = found.ehs.get(player)
        parts = [f"p{player + 1} {''.join(spot.holes[player])}"]
        if strength is not None:
            parts.append(
                f"EHS {estimate_text(strength.ehs, False)} (HS {estimate_text(strength.hs, False)}, "
                f"PPOT {estimate_text(strength.ppot, False)}, NPOT {estimate_text(strength.npot, False)})"
            )
        if player in found.made:
            parts.append(found.made[player])
        if len(parts) > 1 and all_known(spot.holes[player]):
            lines.append(" · ".join(parts))
    if FAMILIES[variant].kind == "draw":
        lines.append(DRAW_NOTE)
    return lines


def _who_leads(shares: dict[int, Estimate], label: Callable[[int], str]) -> str:
    """``**p1 (Phil Ivey) is ahead**: 62.8 % to win the pot (p3 (Tom Dwan)
    37.2 %)``, or who is level when the best shares print alike."""
    said = {player: estimate_text(value, percent=True) for player, value in shares.items()}
    best = max(shares.values(), key=lambda value: value.value).value
    leaders = [p for p in shares if f"{shares[p].value * 100:.1f}" == f"{best * 100:.1f}"]
    others = ", ".join(f"{label(p)} {said[p]}" for p in shares if p not in leaders)
    rest = f" ({others})" if others else ""
    if len(leaders) == 1:
        return f"**{label(leaders[0])} is ahead**: {said[leaders[0]]} to win the pot{rest}"
    names = " and ".join(label(p) for p in leaders)
    return f"**{names} are level**: {said[leaders[0]]} each to win the pot{rest}"
