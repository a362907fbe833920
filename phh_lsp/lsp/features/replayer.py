"""``phh/handStates``: the state feed of the hand at the cursor, for replayers.

The VS Code replayer and Neovim's ``:PhhReplay`` ask for the hand at the
cursor and draw :func:`~phh_lsp.core.telling.hand_states.hand_states`; this adds
what only an editor needs: each step's action as an editor range (to move
the cursor when a step is clicked), the step under the cursor, and which
hand of a ``.phhs`` file it is. Only that one hand is analysed and sent,
so a 1,000-hand file costs what one hand costs.
"""

from __future__ import annotations

from typing import Any

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.telling.hand_states import hand_states, step_at
from phh_lsp.core.text import Encoding, Span
from phh_lsp.lsp.positions import to_range


def hand_states_at(analysis: Analysis, offset: int, encoding: Encoding) -> dict[str, Any] | None:
    """The feed of the hand holding ``offset``, or None outside any hand
    (the comments that open a ``.phhs`` file)."""
    first = 1 if analysis.has_prelude else 0
    view = analysis.hand_at(offset)
    if view is None or (first and view.start == 0):
        return None
    feed = hand_states(view.hand)
    for item in [*feed["steps"], feed["error"]]:
        if item is not None:
            item["range"] = _range(analysis, view.start, item.get("start"), item.get("end"), encoding)
    feed["current"] = step_at(feed, offset - view.start, view.hand.text)
    feed["hand"] = {
        "number": analysis.index_at(view.start) - first + 1,
        "count": len(analysis.pieces) - first,
        "name": view.hand.name,
        "range": _range(analysis, view.start, 0, len(view.hand.text), encoding),
    }
    return feed


def _range(analysis: Analysis, start: int, begin: int | None, end: int | None, encoding: Encoding) -> Any:
    if begin is None or end is None:
        return None
    found = to_range(analysis.lines, Span(start + begin, start + end), encoding)
    return {
        "start": {"line": found.start.line, "character": found.start.character},
        "end": {"line": found.end.line, "character": found.end.character},
    }
