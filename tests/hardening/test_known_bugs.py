"""Bugs found by the hardening work, one precise reproducer each.

Fixed ones (commit "Hardening fixes from the fuzz run") stay here as
regression tests. Open ones are ``xfail(strict=True)``: they fail today and
will XPASS (which fails the suite) once fixed, so whoever fixes one removes
its mark here and the matching entry of ``harness.KNOWN_BUGS`` and of
``test_extremes.KNOWN``. Open bugs of the server process and the CLI live
with their tests: ``test_protocol_abuse.py``, ``test_cli_paths.py`` and
``test_security.py`` (search for ``xfail``).
"""

from __future__ import annotations

import time

import pytest
from lsprotocol import types

from phh_lsp.core.analysis import analyze
from tests.hardening import harness, inputs

# --------------------------------------------------------------------- fixed


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({"antes": "[nan, 0]"}, id="antes"),  # was checks_fields._check_players: `item.value < 0`
        pytest.param({"min_bet": "nan"}, id="min_bet"),  # was checks_fields._check_players: `not node.value > 0`
        pytest.param({"variant": '"F7S"', "bring_in": "nan", "small_bet": "2", "big_bet": "4"}, id="bring_in"),
        pytest.param({"winnings": "[nan, 0]"}, id="winnings"),  # was analysis._consistency: `value > 0`
        pytest.param({"finishing_stacks": "[nan, 1]"}, id="finishing_stacks"),  # was replay.fmt_amount
        pytest.param({"starting_stacks": "[nan, 200]"}, id="starting_stacks"),
        pytest.param({"blinds_or_straddles": "[1, nan]"}, id="blinds"),
    ],
)
def test_nan_amount_is_a_diagnostic_not_a_crash(fields: dict[str, str]) -> None:
    """``antes = [nan, 0]`` (valid TOML) is analysed like any mistake; it
    used to raise decimal.InvalidOperation from every feature."""
    text = inputs._hand(**fields)
    analysis = analyze(text, "nan.phh")
    assert analysis.diagnostics
    outcome = harness.exercise(text, "file:///nan.phh", positions_per_input=1)
    assert not outcome.failures, harness.report(outcome)[:3000]


@pytest.mark.parametrize("depth", [1_000, 5_000])
def test_semantic_tokens_survive_deeply_nested_arrays(depth: int) -> None:
    """``x = [[[...]]]`` 1,000 deep: semantic_tokens.hand_actions used to
    raise RecursionError from toml_scan.scan (value -> array -> value...)."""
    from phh_lsp.lsp.features.semantic_tokens import semantic_tokens

    text = 'variant = "NT"\nx = ' + "[" * depth + "]" * depth + "\n"
    analysis = analyze(text, "deep.phh")
    assert analysis.diagnostics
    semantic_tokens(analysis, "utf-16")


def _cold_seconds(function: object, *args: object) -> float:
    """The CPU seconds ``function`` works from cold caches: its cost, which a busy machine does not inflate."""
    harness.clear_caches()
    start = time.thread_time()
    function(*args)  # type: ignore[operator]
    return time.thread_time() - start


def test_long_dotted_key_is_formatted_within_a_second() -> None:
    """``k.k.k....k = 1`` (8,000 parts, 16 KB, valid TOML): formatting took
    ~3 s (tomllib is quadratic in the parts); it must take under a second of work."""
    from phh_lsp.config.settings import Settings
    from phh_lsp.lsp.features.formatting import format_document

    text = inputs.NT + ".".join(["k"] * 8_000) + " = 1\n"
    analysis = analyze(text, "dotted.phh")
    seconds = min(_cold_seconds(format_document, analysis, Settings(), "utf-16") for _ in range(2))
    assert seconds < 1.0, f"{seconds:.2f} s"
    seconds = min(_cold_seconds(lambda: analyze(text, "dotted.phh").diagnostics) for _ in range(2))
    assert seconds < 1.0, f"{seconds:.2f} s"


def test_inlay_hints_in_big_blinds_with_a_huge_stack() -> None:
    """``starting_stacks = [200, 10**30]`` with ``inlayHints.bigBlinds``:
    hand_info.in_big_blinds used to raise InvalidOperation (a ratio beyond
    Decimal's 28 digits, quantized outside its try)."""
    from phh_lsp.config.settings import Settings
    from phh_lsp.lsp.features.inlay_hints import inlay_hints

    text = inputs._hand(starting_stacks=f"[200, {10**30}]")
    everything = types.Range(types.Position(0, 0), types.Position(20, 0))
    analysis = analyze(text, "huge.phh")
    assert inlay_hints(analysis, everything, Settings(), "utf-16")
    assert inlay_hints(analysis, everything, Settings(big_blinds=True), "utf-16")


@pytest.mark.parametrize("options", [{"inlayHints": "pot"}, {"format": 88}, {"diagnostics": "all"}])
def test_a_settings_section_of_the_wrong_shape_is_reported(options: dict[str, object]) -> None:
    """Sections of the wrong type used to be ignored silently."""
    from phh_lsp.config.editor_options import options_from_editor

    _, problems = options_from_editor(options)
    assert len(problems) == 1, problems


def test_formatter_is_idempotent_with_a_comment_after_a_moved_key() -> None:
    """Found by the fuzz run (corpus files whose first line was duplicated
    above the header comment): a second format used to add a blank line."""
    from phh_lsp.core.formatting.formatter import format_text

    text = 'year = 2023\n# header comment\n\nvariant = "NT"\nantes = [0, 0]\n'
    once = format_text(text, multi=False)
    assert once is not None and "# header comment" in once and "year = 2023" in once
    assert format_text(once, multi=False) == once


# --------------------------------------------------------------------- open


@pytest.mark.parametrize("depth", [1_000, 2_000])
def test_semantic_tokens_survive_deeply_nested_inline_tables(depth: int) -> None:
    """``x = { a = { a = ... } }`` 1,000 deep: the analysis reports PHH101,
    but ``lsp/features/semantic_tokens.py:hand_actions`` calls
    ``core/toml_scan.py:scan``, whose ``inline_table`` hands the whole table
    to ``_snippet_value`` -> ``tomllib.loads``: RecursionError (the depth
    guard added for arrays does not cover inline tables)."""
    from phh_lsp.lsp.features.semantic_tokens import semantic_tokens

    text = 'variant = "NT"\nx = ' + "{ a = " * depth + "1" + " }" * depth + "\n"
    analysis = analyze(text, "deep.phh")
    assert analysis.diagnostics
    semantic_tokens(analysis, "utf-16")


def test_completion_with_a_blind_finer_than_decimal_can_round() -> None:
    """Found by the fuzz run (``regressions/tiny-blind.phh``, a generated NS
    hand with ``blinds_or_straddles = [1e-308, 400, 800, ...]``): the half-pot
    size asked Decimal for 308 decimal places (InvalidOperation in
    ``completion_actions._sized``) when completing at offset 397."""
    from pathlib import Path

    from phh_lsp.lsp.features.completion import complete

    text = (Path(__file__).parent / "regressions" / "tiny-blind.phh").read_text(encoding="utf-8")
    result = complete(analyze(text, "tiny-blind.phh"), 397, "utf-16")
    assert result is not None and any(" cbr " in item.label for item in result.items)


def test_hover_on_a_nan_blind() -> None:
    """Found by the fuzz run (``regressions/nan-blind.phh``,
    ``blinds_or_straddles = [200, 400, 800, nan]``): hover over the blinds
    compared the NaN with 0 to explain a negative (dead) blind."""
    from pathlib import Path

    from phh_lsp.lsp.features.hover import hover

    text = (Path(__file__).parent / "regressions" / "nan-blind.phh").read_text(encoding="utf-8")
    analysis = analyze(text, "nan-blind.phh")
    for offset in range(text.index("blinds_or_straddles"), text.index("\n", text.index("blinds_or_straddles"))):
        hover(analysis, offset, "utf-16")


def test_completion_with_unknown_stacks_offers_no_infinite_all_in() -> None:
    """iPoker's real files record every stack as `inf` (unknown): completion
    offered `p2 cbr Infinity`, a bet no file can hold. Raise sizes stay
    (minimum, half pot, pot); an all-in has no amount then."""
    from phh_lsp.lsp.features.completion import complete

    text = (
        "[1]\nvariant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [2, 4, 0]\nmin_bet = 4\n"
        "starting_stacks = [inf, inf, inf]\n"
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 10', ]\n"
    )
    offset = text.index(", ]") + 2
    result = complete(analyze(text, "ipn.phhs"), offset, "utf-16")
    assert result is not None
    labels = [item.label for item in result.items]
    assert "p1 cbr 16" in labels  # the minimum raise
    assert not any("Infinity" in label or label.endswith(" inf") for label in labels), labels
