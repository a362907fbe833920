"""PHH505: finishing stacks recorded after the house's rake are information,
every other difference from the replay is still a PHH502 warning."""

from __future__ import annotations

from pathlib import Path

from phh_lsp.core.analysis import analyze
from tests.conftest import CORPUS
from tests.core.test_diagnostic_codes import SHOWDOWN_NT

ONG = next((CORPUS / "handhq-sites").glob("ONG-*/**/*.phhs"))


def _codes(text: str, path: str = "hand.phh") -> list[tuple[str, str]]:
    return [(found.code, found.message) for found in analyze(text, path).diagnostics]


def _hand(path: Path, name: str) -> str:
    """One hand of a .phhs file, as a .phh text."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"[{name}]\n") + len(f"[{name}]\n")
    end = text.find("\n[", start)
    return text[start : end + 1 if end >= 0 else len(text)]


def test_the_ong_hands_are_raked_not_wrong() -> None:
    codes = [found.code for found in analyze(ONG.read_text(encoding="utf-8"), str(ONG)).diagnostics]
    assert "PHH502" not in codes and codes.count("PHH505") == 18


def test_a_real_raked_hand_says_by_how_much() -> None:
    hand = _hand(ONG, "3")  # p3 wins an 888 pot and ends with 885
    assert _codes(hand) == [
        (
            "PHH505",
            "p3 ends 3 below the replay: the rake (0.3 % of the 888 pot)? "
            "The replay, which takes none, ends with [908.80, 75.20, 888, 400, 124.20]",
        )
    ]
    severity = next(found for found in analyze(hand, "hand.phh").diagnostics).severity
    assert severity.label == "information"


def test_other_differences_stay_warnings() -> None:
    hand = _hand(ONG, "3")
    declared = "finishing_stacks = [908.8, 75.2, 885, 400, 124.2]"
    for wrong in (
        "finishing_stacks = [908.8, 75.2, 885, 399, 124.2]",  # a player who won nothing ends lower
        "finishing_stacks = [908.8, 75.2, 890, 400, 124.2]",  # the winner ends higher
        "finishing_stacks = [908.8, 75.2, 700, 400, 124.2]",  # 188 of an 888 pot: no rake is that high
    ):
        assert [code for code, _ in _codes(hand.replace(declared, wrong))] == ["PHH502"], wrong


def test_the_rake_bound_is_ten_percent_of_the_pot() -> None:
    at_bound = SHOWDOWN_NT.replace("finishing_stacks = [200, 0]", "finishing_stacks = [180, 0]")
    beyond = SHOWDOWN_NT.replace("finishing_stacks = [200, 0]", "finishing_stacks = [179.99, 0]")
    assert [code for code, _ in _codes(at_bound)] == ["PHH505"]
    assert [code for code, _ in _codes(beyond)] == ["PHH502"]


def test_a_hand_recording_only_its_rake_says_what_the_winner_collected() -> None:
    """A converted hand with ``_rake`` and neither ``winnings`` nor ``finishing_stacks``
    (#28): the result and the replayer's last step name the rake, not a rake-free win."""
    from phh_lsp.core.telling.hand_states import hand_states
    from phh_lsp.core.telling.narration import result_summary

    text = SHOWDOWN_NT.replace("finishing_stacks = [200, 0]\n", "").replace("winnings = [200, 0]\n", "") + "_rake = 4\n"
    hand = analyze(text, "hand.phh").view(0).hand
    told = "p1 collects 196 after 4 rake, a net win of 96"
    assert result_summary(hand) == told
    assert told in hand_states(hand)["steps"][-1]["moved"]
