"""Mistakes that used to pass (issue #28): winnings held to the replayed pot,
empty, blank and badly spaced actions, a short `players` list hiding an
out-of-turn action, and messages free of raw Python values."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from phh_lsp.core.analysis import analyze
from tests.conftest import CORPUS
from tests.core.test_diagnostic_codes import NT, SHOWDOWN_NT

#: p3 raises to 6 and both others fold: p3 takes the blinds (3), and 9 with
#: their own raise back.
FOLDED = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
players = ["Alice", "Bob", "Carol"]
actions = [
  "d dh p1 AcAd",
  "d dh p2 KcKd",
  "d dh p3 QcQd",
  "p3 cbr 6",
  "p1 f",
  "p2 f",
]
winnings = [0, 0, 3]
"""


def _found(text: str) -> list[tuple[str, str, str]]:
    """(code, covered text, message) of every diagnostic."""
    return [(d.code, text[d.span.start : d.span.end], d.message) for d in analyze(text, "hand.phh").diagnostics]


def _codes(text: str) -> list[tuple[str, str]]:
    return [(code, covered) for code, covered, _ in _found(text)]


# 1. winnings agree with the replayed pot


def test_winnings_above_the_pot_are_reported_on_the_element() -> None:
    text = FOLDED.replace("winnings = [0, 0, 3]", "winnings = [0, 0, 100]")
    assert _found(text) == [
        (
            "PHH503",
            "100",
            "`winnings` gives p3 100, but in the replay p3 collects 3 (9 with their own uncalled bet back)",
        )
    ]


def test_winnings_to_a_player_who_won_nothing() -> None:
    text = FOLDED.replace("winnings = [0, 0, 3]", "winnings = [0, 5, 3]")
    assert _found(text) == [("PHH503", "5", "`winnings` gives p2 5, but in the replay p2 collects nothing")]


def test_winnings_below_the_pot_beyond_a_rake() -> None:
    text = SHOWDOWN_NT.replace("winnings = [200, 0]", "winnings = [150, 0]")
    assert _codes(text) == [("PHH503", "150")]
    assert "p1 collects 200" in _found(text)[0][2]


@pytest.mark.parametrize(
    "winnings",
    [
        "winnings = [0, 0, 3]",  # the pot as PokerKit pushes it
        "winnings = [0, 0, 9]",  # with the raise nobody called (some sites count it)
        "winnings = [0, 0, 2.85]",  # after a rake (spec 0.0.1: winnings are post-rake)
        "winnings = [0, 0, 0]",  # not recorded (the HandHQ sites' uncontested pots)
    ],
)
def test_winnings_the_data_writes_are_accepted(winnings: str) -> None:
    assert _codes(FOLDED.replace("winnings = [0, 0, 3]", winnings)) == []


@pytest.mark.parametrize(
    "path", sorted((CORPUS / "handhq-sites").glob("*/**/*.phhs")), ids=lambda path: path.parent.parent.name
)
def test_the_sites_winnings_stay_clean(path: Path) -> None:
    """Rake, uncontested pots left at 0, the raise nobody called counted or not: all accepted."""
    codes = {d.code for d in analyze(path.read_text(encoding="utf-8"), str(path)).diagnostics}
    assert "PHH503" not in codes


# 2. empty, blank and badly spaced actions


@pytest.mark.parametrize("blank", ['""', '" "', '"\\t"'])
def test_an_empty_or_blank_action_is_an_error_and_the_replay_goes_on(blank: str) -> None:
    # the blank action, then p2 acting before p1: both are found
    text = NT.replace('"p1 cc",\n  "p2 cc",\n  "d db', f'{blank},\n  "p2 cc",\n  "p1 cc",\n  "d db')
    found = _found(text)
    assert [(code, covered) for code, covered, _ in found] == [("PHH313", blank), ("PHH401", "p2")]
    assert found[0][2] == "an empty action: remove it, or write the action (such as `p1 cc`)"


def test_extra_spaces_in_an_action_are_a_warning_on_the_spaces() -> None:
    text = NT.replace('"p3 cbr 6"', '"p3  cbr 6 "')
    (found,) = analyze(text, "hand.phh").diagnostics
    assert (found.code, found.severity.label) == ("PHH314", "warning")
    assert text[found.span.start : found.span.end] == "  cbr 6 "
    assert found.message == "extra spaces: the words of an action are separated by one space, `p3 cbr 6`"


def test_leading_space_and_a_clean_commentary() -> None:
    assert _codes(NT.replace('"p3 cbr 6"', '" p3 cbr 6"')) == [("PHH314", " ")]
    assert _codes(NT.replace('"p3 cbr 6"', '"p3 cbr 6 # a   wide  comment"')) == []
    assert _codes(NT.replace('"p3 cbr 6"', '"p3 cbr 6  # two spaces before"')) == [("PHH314", "  ")]


def test_the_replay_goes_on_past_extra_spaces() -> None:
    text = NT.replace('"p3 cbr 6"', '"p3  cbr 6"').replace(
        '"p1 cc",\n  "p2 cc",\n  "d db', '"p2 cc",\n  "p1 cc",\n  "d db'
    )
    assert _codes(text) == [("PHH314", "  "), ("PHH401", "p2")]


# 3. a short `players` list hides nothing


def test_a_short_players_list_does_not_hide_an_out_of_turn_action() -> None:
    text = FOLDED.replace('players = ["Alice", "Bob", "Carol"]', 'players = ["Alice", "Bob"]').replace(
        '"p3 cbr 6",\n  "p1 f"', '"p1 cbr 6",\n  "p3 f"'
    )
    assert _codes(text) == [("PHH205", '["Alice", "Bob"]'), ("PHH401", "p1")]


# 5. no raw Python value in a message

RAW = re.compile(r"<\w+\.\w+: |Decimal\(|\binf\b|\bNone\b")


@pytest.mark.parametrize(
    ("base", "old", "new", "codes"),
    [
        (SHOWDOWN_NT, '"d db 7s"', '"d db ??"', ["PHH408"]),  # an unknown board card at the showdown
        # p1's stack unknown: the replay cannot hold the finishing stack to anything
        (SHOWDOWN_NT, "starting_stacks = [100, 100]", "starting_stacks = [inf, 100]", []),
        (NT, "starting_stacks = [200, 200, 200]", "starting_stacks = [200, 200, inf]", ["PHH402"]),
    ],
)
def test_no_raw_value_reaches_a_message(base: str, old: str, new: str, codes: list[str]) -> None:
    text = base.replace(old, new).replace('"p3 cbr 6"', '"p3 cbr 2.5"')
    found = _found(text)
    assert [code for code, _, _ in found] == codes
    assert not [message for _, _, message in found if RAW.search(message)], found


def test_an_unknown_board_card_at_the_showdown_is_told_in_words() -> None:
    text = SHOWDOWN_NT.replace('"d db 7s"', '"d db ??"')
    ((code, covered, message),) = _found(text)
    assert (code, covered) == ("PHH408", '"d db 8s"')
    assert message == (
        "PokerKit cannot settle the showdown: a card it must compare is unknown (`??`); deal the board's cards by name"
    )


def test_a_bet_with_an_unknown_stack_has_no_maximum() -> None:
    text = NT.replace("[200, 200, 200]", "[200, 200, inf]").replace('"p3 cbr 6"', '"p3 cbr 2.5"')
    ((_, _, message),) = _found(text)
    assert message == "2.5 is below the minimum: p3 may bet or raise to 4 at least (p3's stack is unknown: no most)"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"p3 cbr 6",\n', '"p3 cbr 6",\n  "",\n'),
        ('"p3 cbr 6",\n', '" ",\n  "p3 cbr 6",\n'),
        ('"p3 cbr 6"', '"p3  cbr\\t6 "'),
        ('"p3 cbr 6"', '" p3 cbr 6  # keep   this"'),
    ],
)
def test_check_fix_removes_empty_actions_and_respaces(old: str, new: str, tmp_path: Path) -> None:
    from phh_lsp import cli

    file = tmp_path / "hand.phh"
    file.write_text(NT.replace(old, new), encoding="utf-8")
    assert cli.main(["check", "--fix", str(file)]) == 0
    expected = NT.replace('"p3 cbr 6"', '"p3 cbr 6 # keep   this"') if "keep" in new else NT
    assert file.read_text(encoding="utf-8") == expected
