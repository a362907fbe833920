"""No input crashes or stalls the analysis, a feature or the formatter.

Property-based (hypothesis) over four families of input: random text,
corpus files with random edits, random legal hands of the 11 variants
from the shared generator, and every prefix / duplicated line of a hand.
For each, :func:`tests.hardening.harness.exercise` runs the analysis,
every LSP feature function at several positions and ranges, and the
formatter with its promises (untouched invalid TOML, same values,
idempotent, no comment lost, LSP edits that reproduce its output); every
single call of a document under 100 KB must do less than a second of work (CPU time).

Failures of bugs already reported (``harness.KNOWN_BUGS``, each with a
strict xfail in ``test_known_bugs.py``) are set apart so a new bug shows.
The long version of this is ``tests/fuzz/fuzz_server.py``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from phh_lsp.core.rules.codes import Severity
from tests.hardening import harness, inputs, synthetic

PROFILE = settings.get_profile("hardening")
#: What an editor asks for on every keystroke (the prefix tests run these only).
TYPING = ("completion.complete", "hover.hover", "diagnostics.lsp_diagnostics", "semantic_tokens.semantic_tokens")
URIS = st.sampled_from(["file:///fuzz/hand.phh", "file:///fuzz/hands.phhs"])


def check(text: str, uri: str, seed: int = 0, **options: object) -> harness.Outcome:
    outcome = harness.exercise(text, uri, seed=seed, **options)  # type: ignore[arg-type]
    new = harness.new_failures(outcome)
    assert not new, f"input {text[:3000]!r}\n\n" + "\n\n".join(f"[{f.kind}] {f.where}\n{f.detail}" for f in new)
    if len(text.encode("utf-8", "surrogatepass")) < inputs.SMALL_KB * 1024:
        slow = harness.slow_call(text, uri, outcome, seed=seed, **options)
        assert slow is None, f"{slow[1]} took {slow[0]:.2f} CPU seconds (twice over 1) on {text[:500]!r}"
    return outcome


@settings(PROFILE, max_examples=30)
@given(rng=st.randoms(use_true_random=False), size=st.integers(0, 600), uri=URIS)
def test_random_noise(rng: random.Random, size: int, uri: str) -> None:
    check(inputs.random_text(rng, size), uri, rng.randrange(1 << 30))


@settings(PROFILE, max_examples=25)
@given(text=st.text(max_size=300), uri=URIS)
def test_arbitrary_unicode(text: str, uri: str) -> None:
    check(text, uri)


@settings(PROFILE, max_examples=40)
@given(path=st.sampled_from(inputs.small_corpus()), rng=st.randoms(use_true_random=False))
def test_corpus_file_with_random_edits(path: object, rng: random.Random) -> None:
    text = inputs.mutate(inputs.corpus_text(path), rng)  # type: ignore[arg-type]
    check(text, f"file:///fuzz/edited{path.suffix}", rng.randrange(1 << 30))  # type: ignore[attr-defined]


@settings(PROFILE, max_examples=22)
@given(variant=st.sampled_from(synthetic.VARIANTS), index=st.integers(0, 24))
def test_generated_legal_hand(variant: str, index: int) -> None:
    """A legal hand: nothing fails, no error is reported, the formatter
    formats it (a legal hand is valid TOML: it must not give up)."""
    text = synthetic.legal_hand(variant, "phh-lsp-hardening", index)
    assume(text is not None)
    assert text is not None
    outcome = check(text, "file:///fuzz/generated.phh", index)
    assert outcome.formatted, f"the formatter gave up ({outcome.gave_up}) on a legal hand:\n{text}"
    from phh_lsp.core.analysis import analyze

    errors = [d for d in analyze(text, "generated.phh").diagnostics if d.severity is Severity.ERROR]
    assert not errors, f"errors on a legal {variant} hand: {errors}\n{text}"


@settings(PROFILE, max_examples=20)
@given(variant=st.sampled_from(synthetic.VARIANTS), index=st.integers(0, 24), rng=st.randoms(use_true_random=False))
def test_generated_hand_with_random_edits(variant: str, index: int, rng: random.Random) -> None:
    text = inputs.mutate(synthetic.hand(variant, "phh-lsp-hardening", index), rng)
    check(text, "file:///fuzz/generated.phh", rng.randrange(1 << 30))


def test_every_generated_variant_is_covered() -> None:
    """The generator still produces all 11 variants (else the above tests
    would silently test fewer)."""
    seen = {synthetic.hand(variant, "phh-lsp-hardening", 0).split('"')[1] for variant in synthetic.VARIANTS}
    assert seen == set(synthetic.VARIANTS)


@pytest.mark.parametrize("uri", ["file:///fuzz/hand.phh", "file:///fuzz/hands.phhs"])
def test_truncated_at_every_position(uri: str) -> None:
    """Every prefix of a hand (typing it from the first character): the
    features an editor asks for while typing, and the formatter."""
    text = inputs.NT if uri.endswith(".phh") else "[1]\n" + inputs.NT[:150] + "\n[2]\n" + inputs.NT[:150]
    failures = []
    for end in range(len(text) + 1):
        outcome = harness.exercise(text[:end], uri, seed=end, positions_per_input=1, only=TYPING)
        failures += [(end, f) for f in harness.new_failures(outcome)]
    assert not failures, "\n\n".join(
        f"prefix of {end} chars: [{f.kind}] {f.where}\n{f.detail}" for end, f in failures[:5]
    )


def test_every_line_duplicated() -> None:
    path = inputs.CORPUS / "examples" / "dwan-ivey-2009.phh"
    lines = inputs.corpus_text(path).splitlines(keepends=True)
    failures = []
    for index in range(len(lines)):
        for text in ("".join(lines[: index + 1] + lines[index:]),):
            outcome = harness.exercise(text, "file:///fuzz/d.phh", seed=index, positions_per_input=1, only=TYPING)
            failures += [(index, f) for f in harness.new_failures(outcome)]
    assert not failures, "\n\n".join(f"line {i}: [{f.kind}] {f.where}\n{f.detail}" for i, f in failures[:5])


def test_features_are_discovered() -> None:
    """The harness finds the features of phh_lsp/lsp/features (so new ones are
    fuzzed too) and the core ones at least."""
    names = {feature.name for feature in harness.features()}
    assert {
        "completion.complete",
        "hover.hover",
        "formatting.format_document",
        "formatting.format_range",
        "diagnostics.lsp_diagnostics",
    } <= names, names
