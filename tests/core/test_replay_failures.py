"""A failure of ours during the replay is PHH901 with its traceback logged, never a rules verdict.

PokerKit says a hand breaks the rules by raising (``ValueError``, ``KeyError``, ...
from its own code): that is PHH408, "PokerKit rejects this action". Anything
raised by our own code is a bug to report: PHH901 on the action being replayed
(or on the last action, when the hand's end fails), the traceback on the
``phh_lsp`` logger, and an error that fails ``phh-lsp check``. Each test breaks
one function of ours the way a bug would and looks at what the user is shown.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from phh_lsp import cli
from phh_lsp.core import hand_analysis
from phh_lsp.core.analysis import analyze
from phh_lsp.core.engine import replay as replay_module
from phh_lsp.core.engine.replay_rules import Replayer
from tests.core.test_diagnostic_codes import NT, STUD

BUG = "phh-lsp failed on this action (a bug, please report it)"

#: A stud hand whose first player calls instead of bringing in: PokerKit cannot finish it.
F7S_NO_BRING_IN = STUD.replace('"p1 pb"', '"p1 cc"')


@pytest.fixture(autouse=True)
def _fresh_analyses() -> Iterator[None]:
    """Hands are cached by their text: a broken function must be met, and its results forgotten."""
    hand_analysis.analyze_hand.cache_clear()
    yield
    hand_analysis.analyze_hand.cache_clear()


def _raising(error: Exception) -> object:
    def broken(*args: object, **kwargs: object) -> None:
        raise error

    return broken


def found(text: str) -> list[tuple[str, str, str]]:
    """Each diagnostic's code, the text it underlines and its message."""
    return [(d.code, text[d.span.start : d.span.end], d.message) for d in analyze(text, "hand.phh").diagnostics]


def logged_tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [
        record
        for record in caplog.records
        if record.name.split(".")[0] == "phh_lsp" and record.levelno == logging.ERROR and record.exc_info
    ]


def test_a_bug_while_replaying_an_action_is_phh901_on_that_action_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(Replayer, "_complete_bet_or_raise", _raising(RuntimeError("boom")))
    with caplog.at_level(logging.ERROR, logger="phh_lsp"):
        assert found(NT) == [("PHH901", '"p3 cbr 6"', f"{BUG}: RuntimeError: boom")]
    (record,) = logged_tracebacks(caplog)
    assert record.exc_info is not None and isinstance(record.exc_info[1], RuntimeError)


def test_a_value_error_raised_by_our_code_is_a_bug_not_pokerkits_verdict(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """PokerKit's own exception types, raised by us, are still ours: where it was raised decides."""
    monkeypatch.setattr(Replayer, "_complete_bet_or_raise", _raising(ValueError("oops")))
    with caplog.at_level(logging.ERROR, logger="phh_lsp"):
        assert found(NT) == [("PHH901", '"p3 cbr 6"', f"{BUG}: ValueError: oops")]
    assert len(logged_tracebacks(caplog)) == 1


def test_a_bug_at_the_end_of_the_replay_is_phh901_on_the_last_action_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """It used to be swallowed: "All good", the hand's end never checked."""
    monkeypatch.setattr(Replayer, "complete", _raising(RuntimeError("boom")))
    with caplog.at_level(logging.ERROR, logger="phh_lsp"):
        assert found(NT) == [
            (
                "PHH901",
                '"p3 cc"',
                "phh-lsp failed finishing the hand after this action (a bug, please report it): RuntimeError: boom",
            )
        ]
    (record,) = logged_tracebacks(caplog)
    assert record.exc_info is not None and isinstance(record.exc_info[1], RuntimeError)


def test_a_bug_while_setting_the_hand_up_is_phh901_not_pokerkits_verdict(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(replay_module, "create_state", _raising(TypeError("oops")))
    with caplog.at_level(logging.ERROR, logger="phh_lsp"):
        assert [(code, message) for code, _, message in found(NT)] == [
            ("PHH901", "phh-lsp failed setting up this hand (a bug, please report it): TypeError: oops")
        ]
    assert len(logged_tracebacks(caplog)) == 1


def test_pokerkits_own_rejection_is_still_a_rules_verdict(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="phh_lsp"):
        assert found(F7S_NO_BRING_IN) == [
            ("PHH408", '"p1 cc"', "PokerKit rejects this action: The player must post a bring-in or complete.")
        ]
    assert logged_tracebacks(caplog) == []


def test_check_counts_a_replay_bug_as_an_error_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(Replayer, "_complete_bet_or_raise", _raising(RuntimeError("boom")))
    path = tmp_path / "hand.phh"
    path.write_text(NT)
    assert cli.main(["check", "--output-format", "concise", str(path)]) == 1
    line = NT.splitlines().index('  "p3 cbr 6",') + 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:{line}:3: PHH901 {BUG}: RuntimeError: boom",
        "Found 1 error, 0 warnings (1 file, 1 hand checked)",
    ]


def test_a_pokerkit_refusal_without_a_sentence_still_gives_a_reason() -> None:
    """PokerKit sometimes raises a bare ``ValueError()``: the user must not read
    "PokerKit rejects this action: " followed by nothing."""
    from decimal import Decimal

    from phh_lsp.core.engine.pokerkit_errors import rejection_text

    assert rejection_text(ValueError()) == "PokerKit rejects this action: PokerKit raised ValueError without a reason"
    too_small = ValueError(f"The bet {Decimal('2.5')!r} is below the minimum")
    assert rejection_text(too_small) == "PokerKit rejects this action: The bet 2.5 is below the minimum"
