"""Hover reads like a replayer: the action in completion's words, the street
really in play, what comes next, chips returned or collected, and a state
table whose columns stay apart in VS Code (which draws Markdown tables
without borders or padding) and in Neovim."""

from __future__ import annotations

import re

import pytest

from phh_lsp.core.analysis import analyze
from phh_lsp.core.engine.replay import state_before
from phh_lsp.core.telling.next_actions import legal_next
from phh_lsp.lsp.features import hover as hover_feature
from phh_lsp.lsp.features.hover import hover
from tests.conftest import CORPUS

DWAN = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text()
STUD = (CORPUS / "wsop-2023-43-5" / "10-00-34-43.phh").read_text()


@pytest.fixture(autouse=True)
def _no_wait_for_who_is_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the action and the state: none waits for the equity
    below them (test_strength.py does)."""
    monkeypatch.setattr(hover_feature, "STRENGTH_WAIT", 0.0)


def hover_text(text: str, needle: str, nth: int = 0) -> str:
    """The hover on the verb of the ``nth`` action written as ``needle``."""
    offset = [m.start() for m in re.finditer(re.escape(needle), text)][nth] + needle.index(" ") + 2
    found = hover(analyze(text, "file:///h.phh"), offset, "utf-16")
    assert found is not None and hasattr(found.contents, "value")
    return str(found.contents.value)


@pytest.mark.parametrize(
    ("text", "needle", "nth", "headline"),
    [
        (DWAN, '"p3 cbr 7000"', 0, "**p3 (Tom Dwan)** raises to **7,000** (by 5,000 over 2,000), 3.5 BB"),
        (DWAN, '"p3 cc"', 0, "**p3 (Tom Dwan)** calls **16,000**"),
        (DWAN, '"p2 f"', 0, "**p2 (Patrik Antonius)** folds"),
        (DWAN, '"p1 cbr 90000"', 0, "**p1 (Phil Ivey)** bets **90,000**, 45 BB"),
        (
            DWAN,
            '"p1 cbr 1067100"',
            0,
            "**p1 (Phil Ivey)** raises all-in to **1,067,100** (by 834,500 over 232,600), 533.6 BB",
        ),
        (DWAN, '"p3 cc"', 2, "**p3 (Tom Dwan)** calls **262,400** and is all-in  "),
        (DWAN, '"p1 sm Ac2d"', 0, "**p1 (Phil Ivey)** shows Ace of clubs, Deuce of diamonds"),
        (STUD, '"p2 pb"', 0, "**p2** brings in **50,000**"),
        (STUD, '"p4 cbr 200000"', 0, "**p4** completes to **200,000**, 1 BB"),
    ],
)
def test_the_action_in_completions_words(text: str, needle: str, nth: int, headline: str) -> None:
    assert hover_text(text, needle, nth).splitlines()[0] == headline


def test_a_check_is_a_check() -> None:
    text = DWAN.replace('"p3 cbr 7000",', '"p3 cc",').replace('"p1 cbr 23000",', '"p1 cc",')
    text = text.replace('"p2 f",', '"p2 cc",', 1)
    assert hover_text(text, '"p2 cc"').splitlines()[0] == "**p2 (Patrik Antonius)** checks"


def test_the_street_in_play_and_what_comes_next() -> None:
    """The call that closes the pre-flop betting is pre-flop, and the flop is
    still to come: hover says so, as completion offers "deal the flop"."""
    closing = hover_text(DWAN, '"p3 cc"', 0)
    assert "**Pre-flop** · pot **49,500**" in closing
    # the state ends with what comes next (who is ahead follows, see test_strength.py)
    assert closing.split("\n\n**Who is ahead**")[0].endswith("Next: the dealer deals the flop (3 cards)")
    flop = hover_text(DWAN, '"d db Jc3d5c"')
    assert "**Flop** · pot **49,500** (24.8 BB) · board Jc 3d 5c" in flop
    assert flop.split("\n\n**Who is ahead**")[0].endswith("Next: it is p1's turn")


def test_an_uncalled_bet_returned_and_the_pot_collected_are_explained() -> None:
    call = hover_text(DWAN, '"p3 cc"', 2).splitlines()
    assert call[1] == "uncalled 572,100 returned to p1 (Phil Ivey)"
    river = hover_text(DWAN, '"d db Jh"').splitlines()
    assert river[1] == "p3 (Tom Dwan) collects 1,109,500"
    assert "Next: the hand is over" in river


def test_the_table_is_aligned_plain_text() -> None:
    text = hover_text(DWAN, '"p1 cbr 1067100"')
    block = text.split("```text\n")[1].split("\n```")[0].splitlines()
    assert block[0].split() == ["player", "stack", "bet", "cards"]
    assert block[1].split()[-4:] == ["1,067,100", "Ac", "2d", "all-in"]
    assert block[2].endswith("folded") and block[3].endswith("to act")
    # the stack column is right-aligned: every row's stack ends at the same column
    ends = {
        line.index(stack) + len(stack) for line, stack in zip(block[1:], ["0", "1,997,500", "262,400"], strict=True)
    }
    assert len(ends) == 1
    assert "|" not in text  # no Markdown table


@pytest.mark.parametrize(
    "path", ["examples/dwan-ivey-2009.phh", "wsop-2023-43-5/10-00-34-43.phh", "examples/antonius-blom-2009.phh"]
)
def test_hover_and_completion_name_a_bet_the_same_way(path: str) -> None:
    """Where completion offers ``raise to`` hover says ``raises to`` (bet,
    complete alike), at every ``cbr`` of the hand."""
    text = (CORPUS / path).read_text()
    analysis = analyze(text, "file:///h.phh")
    hand = analysis.view(0).hand
    assert hand.report.setup is not None
    words = {"bet": "bets", "raise to": "raises", "complete to": "completes"}
    checked = 0
    for action in hand.actions:
        if action.kind != "complete_bet_or_raise":
            continue
        state = state_before(hand.report.setup, hand.actions, action.index)
        offered = [c.detail for c in legal_next(state, hand) if c.text.startswith(f"p{(action.player or 0) + 1} cbr")]
        assert offered
        said = next(verb for verb in words if offered[0].startswith(verb))
        assert f"** {words[said]}" in hover_text(text, text[action.span.start : action.span.end])
        checked += 1
    assert checked
