"""The slips people make typing a hand's arrays: one diagnostic each, on the
thing to change, with the fix that undoes it; and the hand is still
replayed and checked while the slip is there (an editor without auto-pairs
has the ``actions`` array open the whole time it is being typed)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from phh_lsp.core.analysis import analyze
from phh_lsp.core.fixes.rounds import fix_text
from phh_lsp.core.rules.codes import Severity
from tests.conftest import CORPUS
from tests.hardening import synthetic

DWAN = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text()
HEAD = DWAN[: DWAN.index("actions = [")]


def found(text: str, path: str = "hand.phh") -> list[tuple[str, str, str]]:
    """(code, the text under the range, message) of each error and warning
    (an unfinished hand's information, "PokerKit completes it", aside)."""
    return [
        (d.code, text[d.span.start : d.span.end], d.message)
        for d in analyze(text, path).diagnostics
        if d.severity in (Severity.ERROR, Severity.WARNING)
    ]


def fixed(text: str, path: str = "hand.phh") -> str:
    return fix_text(analyze(text, path), path, lambda code: True, unsafe=False).text


def test_an_action_without_quotes_is_one_error_over_the_action() -> None:
    text = DWAN.replace('"p3 cbr 7000",', "p3 cbr 7000,")
    assert found(text) == [("PHH101", "p3 cbr 7000", 'an action is text in quotes: write "p3 cbr 7000"')]
    assert fixed(text) == DWAN


def test_an_action_without_quotes_is_still_replayed() -> None:
    text = DWAN.replace('"p3 cbr 7000",', "p3 cbr 700,")  # and below the minimum raise
    assert [(code, covered) for code, covered, _ in found(text)] == [("PHH101", "p3 cbr 700"), ("PHH402", "700")]


def test_unknown_cards_without_quotes() -> None:
    text = DWAN.replace('"d dh p2 ????",', "d dh p2 ????,")
    assert [(code, covered) for code, covered, _ in found(text)] == [("PHH101", "d dh p2 ????")]
    assert fixed(text) == DWAN


def test_a_missing_comma_is_said_on_the_action_it_must_follow() -> None:
    text = DWAN.replace('"d dh p2 ????",', '"d dh p2 ????"')
    line = text[: text.index('"d dh p3')].count("\n") + 1
    assert found(text) == [
        (
            "PHH101",
            '"d dh p2 ????"',
            f'a `,` is missing after "d dh p2 ????": the next action, "d dh p3 7h6h", starts on line {line}',
        )
    ]
    assert fixed(text) == DWAN
    same_line = DWAN.replace('"p2 f",  # Antonius\n  "p3 cc",', '"p2 f" "p3 cc",')
    assert found(same_line) == [("PHH101", '"p2 f"', 'a `,` is missing between "p2 f" and "p3 cc"')]


def test_an_array_never_closed_is_said_once_where_its_bracket_belongs_with_the_line_it_opened() -> None:
    text = HEAD + 'actions = [\n  "d dh p1 Ac2d",  # Ivey\n  "d dh p2 ????",\n\nauthor = "x"\n'
    line = HEAD.count("\n") + 1
    where = f"`]` is missing after this action: `actions = [` opened on line {line} is never closed"
    assert found(text) == [("PHH101", '"d dh p2 ????"', where)]
    assert fixed(text) == text.replace('"d dh p2 ????",\n', '"d dh p2 ????",\n]\n')
    crlf = text.replace("\n", "\r\n")
    assert fixed(crlf) == crlf.replace('"d dh p2 ????",\r\n', '"d dh p2 ????",\r\n]\r\n')
    other = DWAN.replace("antes = [500, 500, 500]", "antes = [500, 500, 500")
    assert [(code, covered) for code, covered, message in found(other) if "never closed" in message] == [
        ("PHH101", "500"),
    ]
    empty = HEAD + "actions = [\n\nauthor = 'x'\n"
    opened = f"`actions = [` opened on line {line} is never closed: add `]` after its last action"
    assert [found for found in found(empty) if "never closed" in found[2]] == [("PHH101", "[", opened)]


def test_while_the_array_is_open_the_actions_are_checked() -> None:
    """Typing in Neovim without auto-pairs: the trailing comma is no error,
    and an action out of turn is flagged where it stands."""
    typing = HEAD + 'actions = [\n  "d dh p1 Ac2d",\n  "d dh p2 ????",\n  "d dh p3 7h6h",\n  "p3 cbr 7000",\n'
    assert [(code, covered) for code, covered, _ in found(typing)] == [("PHH101", '"p3 cbr 7000"')]
    wrong = typing + '  "p3 cbr 10000",\n'
    assert [(code, covered) for code, covered, _ in found(wrong)] == [
        ("PHH101", '"p3 cbr 10000"'),
        ("PHH401", "p3"),
    ]


def test_a_half_typed_action_leaves_the_ones_before_it_checked() -> None:
    before = HEAD + 'actions = [\n  "d dh p1 Ac2d",\n  "d dh p2 ????",\n  "d dh p3 7h6h",\n  "p2 cbr 7000",\n'
    text = before + '  "p2 c'
    codes = [(code, covered) for code, covered, _ in found(text)]
    assert ("PHH401", "p2") in codes  # before the open string: checked
    assert [code for code, _ in codes].count("PHH101") == 2  # the open `[` and the open string


def test_a_syntax_error_elsewhere_shows_no_verdict() -> None:
    """A field the setup rests on may have been misread: no legality verdict."""
    text = DWAN.replace('"p3 cbr 7000",', '"p3 cbr 700",').replace("min_bet = 2000", "min_bet = 2 000")
    assert [code for code, _, _ in found(text)] == ["PHH101"]


@pytest.mark.parametrize("path", ["hand.phh", "hands.phhs"])
def test_fix_all_makes_each_slip_valid_toml(path: str) -> None:
    hand = DWAN.replace('"p3 cbr 7000",', "p3 cbr 7000,").replace('"p2 f",', '"p2 f"')
    text = hand if path == "hand.phh" else f"[1]\n{hand}\n[2]\n{hand}"
    after = fixed(text, path)
    assert after == (DWAN if path == "hand.phh" else f"[1]\n{DWAN}\n[2]\n{DWAN}")


# ------------------------------------------------------------------ generated hands


def _slip(text: str, kind: str, rng: random.Random) -> tuple[str, str] | None:
    """A legal hand with one slip made, and the text the diagnostic must cover."""
    lines = text.split("\n")
    rows = [i for i, line in enumerate(lines) if line.startswith('  "') and line.endswith('",')]
    if not rows:
        return None
    if kind == "quotes":
        row = rng.choice(rows)
        action = lines[row][3:-2]
        if "#" in action or "\\" in action:
            return None
        lines[row] = f"  {action},"
        return "\n".join(lines), action
    if kind == "comma":
        if len(rows) < 2:
            return None
        row = rng.choice(rows[:-1])
        lines[row] = lines[row][:-1]
        return "\n".join(lines), lines[row][2:]
    closing = lines.index("]", rows[-1])
    del lines[closing]
    return "\n".join(lines), lines[rows[-1]][2:-1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(synthetic.VARIANTS),
    index=st.integers(0, 24),
    kind=st.sampled_from(["quotes", "comma", "bracket"]),
    rng=st.randoms(use_true_random=False),
)
def test_one_slip_in_a_generated_hand_is_one_error_and_its_fix_undoes_it(
    variant: str, index: int, kind: str, rng: random.Random
) -> None:
    original = synthetic.legal_hand(variant, "phh-lsp-slips", index)
    assume(original is not None)
    assert original is not None
    assert not [d for d in analyze(original, "hand.phh").diagnostics if d.severity == Severity.ERROR]
    made = _slip(original, kind, rng)
    if made is None:
        return
    text, covered = made
    errors = [
        (d.code, text[d.span.start : d.span.end])
        for d in analyze(text, "hand.phh").diagnostics
        if d.severity == Severity.ERROR
    ]
    assert errors == [("PHH101", covered)]
    assert fixed(text) == original


def test_the_last_action_of_an_open_array_is_still_checked() -> None:
    """Where the `]` belongs is said on the last action, which keeps its own problems."""
    typing = HEAD + 'actions = [\n  "d dh p1 Ac2d",\n  "d dh p2 ????",\n  "d dh p3 7h6h",\n  "p3 cbr 7,000",\n'
    assert [(code, covered) for code, covered, _ in found(typing)] == [
        ("PHH101", '"p3 cbr 7,000"'),
        ("PHH306", "7,000"),
    ]
