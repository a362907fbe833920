"""The formatter's promises, on the corpus and on damaged and random text.

``harness.check_formatter`` checks, for one text: invalid TOML is never
touched (``None``); valid TOML comes out with the same values (read with
``Decimal`` floats, action strings modulo whitespace), formatting again
changes nothing, and no comment is lost (counted by a lexer of the test's
own, not the formatter's scanner).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hardening import harness, inputs, synthetic

PROFILE = settings.get_profile("hardening")


def promises(text: str, multi: bool, line_width: int = 88) -> harness.Outcome:
    outcome = harness.Outcome(len(text))
    harness.check_formatter(harness.Recorder(outcome), text, multi, line_width)
    return outcome


def assert_kept(outcome: harness.Outcome, text: str) -> None:
    assert not outcome.failures, f"{text[:2000]!r}\n\n{harness.report(outcome)[:4000]}"


@pytest.mark.parametrize("path", inputs.small_corpus(), ids=lambda p: p.name)
def test_corpus_file(path: Path) -> None:
    """Every corpus file under 100 KB (all valid): formatted, never given up
    on, with CRLF line endings and a BOM, at widths 20 and 200 for some.
    (The 991-hand file: tests/core/test_formatting.py and the fuzz run.)"""
    text = inputs.corpus_text(path)
    multi = path.suffix == ".phhs"
    variants = [(text, 88), (text.replace("\n", "\r\n"), 88), ("\ufeff" + text, 88)]
    if sum(map(ord, path.name)) % 8 == 0:  # some files, always the same ones
        variants += [(text, 20), (text, 200)]
    for variant, width in variants:
        outcome = promises(variant, multi, width)
        assert_kept(outcome, variant)
        assert outcome.formatted, f"gave up ({outcome.gave_up}) on {path} at width {width}"


def test_comments_lexer_sees_comments_only() -> None:
    """The test's own comment lexer: no '#' inside strings, all the rest."""
    text = "a = \"x # no\"  # yes 1\nb = '''\n# no\n''' # yes 2\n# yes 3\nc = [\"p1 cc # no\"] # yes 4\n"
    assert harness.comments(text) == ["# yes 1", "# yes 2", "# yes 3", "# yes 4"]


@settings(PROFILE, max_examples=80)
@given(path=st.sampled_from(inputs.small_corpus()), rng=st.randoms(use_true_random=False))
def test_edited_corpus_file(path: Path, rng: random.Random) -> None:
    text = inputs.mutate(inputs.corpus_text(path), rng)
    assert_kept(promises(text, path.suffix == ".phhs", rng.choice((20, 88, 120))), text)


@settings(PROFILE, max_examples=60)
@given(rng=st.randoms(use_true_random=False), size=st.integers(0, 300), multi=st.booleans())
def test_random_text(rng: random.Random, size: int, multi: bool) -> None:
    text = inputs.random_text(rng, size)
    assert_kept(promises(text, multi), text)


@settings(PROFILE, max_examples=40)
@given(variant=st.sampled_from(synthetic.VARIANTS), index=st.integers(0, 24), width=st.sampled_from([20, 88]))
def test_generated_hand(variant: str, index: int, width: int) -> None:
    text = synthetic.hand(variant, "phh-lsp-hardening", index)
    outcome = promises(text, False, width)
    assert_kept(outcome, text)
    assert outcome.formatted, f"gave up ({outcome.gave_up}) on\n{text}"


@settings(PROFILE, max_examples=60)
@given(
    comment=st.text(st.characters(blacklist_categories=["Cc", "Cs"]), max_size=30),
    line=st.integers(0, 30),
    where=st.sampled_from(["own line", "end of line"]),
)
def test_any_comment_anywhere_is_kept(comment: str, line: int, where: str) -> None:
    """A comment of any (printable) text on any line, own line or trailing."""
    lines = inputs.NT.splitlines()
    line = min(line, len(lines) - 1)
    if where == "own line":
        lines.insert(line, "# " + comment)
    else:
        lines[line] += "  # " + comment
    text = "\n".join(lines) + "\n"
    outcome = promises(text, False)
    if outcome.valid_toml:
        assert_kept(outcome, text)
        assert outcome.formatted, f"gave up ({outcome.gave_up}) on {text!r}"


@pytest.mark.parametrize(
    "text",
    [
        'variant = "NT"\nactions = ["p1 cc"\n',  # unclosed array
        'variant = "NT\n',  # unterminated string
        'variant = "NT"\nvariant = "FT"\n',  # key defined twice
        "[1]\n[1]\n",  # table defined twice
        "a = 1\r\nb = 2\rc = 3\n",  # lone CR
        "a = \x00\n",
        "\ufeff\ufeffa = 1\n",
    ],
)
def test_invalid_toml_is_never_touched(text: str) -> None:
    outcome = promises(text, False)
    assert not outcome.valid_toml
    assert_kept(outcome, text)
    outcome = harness.exercise(text, "file:///bad.phh", only=("formatting.format_document",))
    assert not outcome.failures, harness.report(outcome)
