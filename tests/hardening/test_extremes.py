"""Hostile documents: extreme amounts, huge player and action counts,
deep nesting, control characters, odd line endings.

Each input of ``inputs.EXTREMES`` small enough for the suite goes through
the whole harness (analysis, every feature at several positions,
formatting and its promises); under 100 KB every single call must do
less than a second of work (CPU time, so that a busy machine does not
fail it). The huge ones (1-10 MB, 10,000+ players or actions) run in
``tests/fuzz/fuzz_server.py``; here only a 1 MB document checks that size
alone stalls nothing.
"""

from __future__ import annotations

import pytest

from tests.hardening import harness, inputs

#: Inputs that hit a reported bug (see test_known_bugs.py for the precise reproducer).
KNOWN: dict[str, str] = {}


def cases() -> list[object]:
    found = []
    for name in inputs.EXTREMES:
        if name in inputs.HUGE:
            continue
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN[name])] if name in KNOWN else []
        found.append(pytest.param(name, id=name, marks=marks))
    return found


@pytest.mark.parametrize("name", cases())
def test_extreme_input(name: str) -> None:
    text = inputs.EXTREMES[name]()
    uri = inputs.uri_for(name)
    outcome = harness.exercise(text, uri, positions_per_input=2)
    assert not outcome.failures, harness.report(outcome)[:5000]
    slow = harness.slow_call(text, uri, outcome, positions_per_input=2)
    assert slow is None, f"{slow[1]} took {slow[0]:.2f} CPU seconds on a {len(text)}-character document"


def test_a_megabyte_comment_is_cheap() -> None:
    """Size alone (a 1 MB comment) stalls nothing: every call under a second."""
    text = inputs.EXTREMES["1 MB comment"]()
    outcome = harness.exercise(text, "file:///fuzz/big.phh", positions_per_input=1)
    assert not outcome.failures, harness.report(outcome)[:5000]
    assert (
        outcome.slowest[0] < 1.0
        or harness.slow_call(text, "file:///fuzz/big.phh", outcome, positions_per_input=1) is None
    )


@pytest.mark.parametrize("value", ["inf", "-0.0", "1e400", str(10**30), "0.000001"])
def test_extreme_amounts_keep_their_value_through_the_formatter(value: str) -> None:
    from phh_lsp.core.formatting.formatter import format_text

    text = inputs._amounts(value)
    out = format_text(text, multi=False)
    assert out is not None
    assert value in out or value.lstrip("-") in out
