"""The replayers show the action of the line the cursor is on, wherever on it.

VS Code's replayer and Neovim's ``:PhhReplay`` both draw the step the server's
``phh/handStates`` names as ``current`` for the cursor. A Vim user moving with
``j``/``k`` lands in column 0 or 1, the indentation before the action's quote:
the step shown there must be that line's action, not the one above.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from phh_lsp.core.analysis import Analysis
from phh_lsp.lsp.features.replayer import hand_states_at

DWAN = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "examples" / "dwan-ivey-2009.phh"
TEXT = DWAN.read_text(encoding="utf-8")
LINES = TEXT.split("\n")


def _shown(line: int, column: int) -> str | None:
    """The notation of the step the replayer shows for a cursor at (line, column)."""
    offset = sum(len(text) + 1 for text in LINES[:line]) + column
    feed = hand_states_at(Analysis(TEXT, False), offset, "utf-16")
    assert feed is not None
    step = feed["steps"][feed["current"]]
    notation: str | None = step["notation"]
    return notation


def _line_of(notation: str) -> int:
    return next(number for number, line in enumerate(LINES) if line.strip().startswith(f'"{notation}"'))


@pytest.mark.parametrize("notation", ["d dh p1 Ac2d", "p3 cbr 7000", "p1 cbr 23000", "d db Jc3d5c", "p3 cc"])
def test_anywhere_on_an_action_line_shows_that_action(notation: str) -> None:
    line = _line_of(notation)
    text = LINES[line]
    quote = text.index('"')
    columns = {
        "column 0": 0,
        "column 1 (the indentation)": 1,
        "the opening quote": quote,
        "inside the action": quote + 3,
        "after the comma": text.index('",') + 2,
        "the end of the line": len(text),
    }
    if "#" in text:
        columns["in the trailing comment"] = text.index("#") + 2
    shown = {where: _shown(line, column) for where, column in columns.items()}
    assert shown == dict.fromkeys(columns, notation)


def test_lines_without_an_action_keep_the_action_above() -> None:
    flop = _line_of("d db Jc3d5c")
    assert LINES[flop - 2] == "  # Flop"
    assert _shown(flop - 2, 0) == "p3 cc" == _shown(flop - 1, 0)  # the comment and the blank line before the flop
    assert _shown(LINES.index("actions = ["), 0) is None  # the field's own line: the start of the hand
    assert _shown(0, 0) is None  # the comments above the hand


def test_actions_sharing_a_line_follow_the_cursor_along_it() -> None:
    """On a one-line ``actions`` array each action is its own step: the line's
    first action is shown before it, then each action from its quote on."""
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cc"]\n'
    )
    analysis = Analysis(text, False)

    def shown(offset: int) -> str | None:
        feed = hand_states_at(analysis, offset, "utf-16")
        assert feed is not None
        notation: str | None = feed["steps"][feed["current"]]["notation"]
        return notation

    line = text.index("actions")
    assert shown(line) == "d dh p1 AcAd"  # column 0 of the line: its first action
    assert shown(text.index('"d dh p1') + 4) == "d dh p1 AcAd"
    assert shown(text.index('"d dh p2') + 4) == "d dh p2 KcKd"
    assert shown(text.index('"p2 cc"') + 1) == "p2 cc" == shown(len(text) - 1)
    assert shown(0) is None  # a line above the actions: the start of the hand
