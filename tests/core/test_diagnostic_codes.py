"""Every diagnostic code: a failing case on the exact token and a passing one.

Each case edits a valid hand so that exactly one thing is wrong and
asserts the code and the text its range covers (the token a user would
see underlined); the passing side is the unedited hand, which must not
report that code. The cases are the examples ``phh-lsp rule`` and
docs/diagnostics.md show (:mod:`phh_lsp.core.rules.examples`): held here
to what the checker reports.
"""

from __future__ import annotations

import pytest

from phh_lsp.core.analysis import analyze
from phh_lsp.core.rules.codes import CODES, Severity
from phh_lsp.core.rules.examples import DRAW, EXAMPLES, FT, NS, NT, PHHS, SHOWDOWN_NT, STUD


def found(text: str, path: str = "hand.phh") -> list[tuple[str, str]]:
    """(code, covered text) for every diagnostic of the document."""
    analysis = analyze(text, path)
    return [(d.code, text[d.span.start : d.span.end]) for d in analysis.diagnostics]


CASES = list(EXAMPLES)


@pytest.mark.parametrize(("code", "base", "old", "new", "covered", "path"), CASES, ids=[c[0] for c in CASES])
def test_code_on_the_exact_token(code: str, base: str, old: str, new: str, covered: str, path: str) -> None:
    assert old in base
    text = base.replace(old, new, 1)
    assert (code, covered) in found(text, path), found(text, path)


@pytest.mark.parametrize(
    "base", [NT, SHOWDOWN_NT, FT, NS, DRAW, STUD], ids=["NT", "showdown", "FT", "NS", "draw", "stud"]
)
def test_valid_bases_are_clean(base: str) -> None:
    assert found(base) == []


def test_phhs_base_is_clean() -> None:
    assert found(PHHS, "hands.phhs") == []


def test_every_code_has_a_failing_case() -> None:
    tested = {case[0] for case in CASES}
    assert tested == set(CODES) - {"PHH901"}  # PHH901 needs a bug: see the next test


def test_a_bug_in_the_checks_is_a_diagnostic_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    from phh_lsp.core import hand_analysis as analysis_module

    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("oops")

    monkeypatch.setattr(analysis_module, "check_fields", broken)
    analysis_module.analyze_hand.cache_clear()
    try:
        found = analyze(NT, "hand.phh").diagnostics
    finally:
        analysis_module.analyze_hand.cache_clear()
    assert [(d.code, d.message) for d in found] == [
        ("PHH901", "phh-lsp failed on this hand (a bug, please report it): KeyError: 'oops'")
    ]


def test_severities() -> None:
    severities = {d.code: d.severity for d in analyze(NT.replace("min_bet = 2", "min_bet = 2\nfoo = 1")).diagnostics}
    assert severities == {"PHH208": Severity.WARNING}


def test_independent_problems_are_all_reported() -> None:
    text = NT.replace('"NT"', '"NT"\nfoo = 1').replace("AcAd", "AcAx").replace('"p3 cbr 6"', '"q3 cbr 6"')
    codes = sorted(code for code, _ in found(text))
    assert codes == ["PHH208", "PHH301", "PHH307"]


def test_replay_stops_but_notation_continues() -> None:
    text = NT.replace('"p3 cbr 6"', '"p3 cbr 3"').replace("Jc3d5c", "Jc3d5x")
    assert found(text) == [("PHH402", "3"), ("PHH307", "5x")]


def test_messages_say_what_is_expected() -> None:
    text = NT.replace('"p1 cc",\n  "p2 cc",\n  "d db', '"p2 cc",\n  "p1 cc",\n  "d db')
    (message,) = [d.message for d in analyze(text, "hand.phh").diagnostics]
    assert message.startswith("p2 acted out of turn: it is p1's turn, not p2's")
    low = analyze(NT.replace('"p3 cbr 6"', '"p3 cbr 3"'), "hand.phh").diagnostics[0].message
    assert low == "3 is below the minimum: p3 may bet or raise to 4 at least and 200 at most (all-in)"
    variant = analyze(NT.replace('"NT"', '"nt"'), "hand.phh").diagnostics[0].message
    assert variant == "`nt` is written `NT` (no-limit Texas hold'em)"
    guess = analyze(NT.replace('"NT"', '"NTX"'), "hand.phh").diagnostics[0].message
    assert 'did you mean "NT"' in guess


def test_negative_blind_is_legal() -> None:
    text = NT.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [1, 2, -2]")
    assert [code for code, _ in found(text)] == []


def test_partial_hand_is_valid() -> None:
    text = NT.replace('  "d db Jc3d5c",\n  "p1 cc",\n  "p2 cc",\n  "p3 cc",\n', "")
    assert found(text) == []
