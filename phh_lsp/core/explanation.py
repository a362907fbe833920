"""A diagnostic code explained: what it means, its example mistake, the message and the fix.

Why one module: ``phh-lsp rule CODE`` prints this in the terminal and
``docs/diagnostics.md`` is generated from it (``tests/docs_diagnostics.py``),
so the page and the command cannot tell a user different things. The
message and the fixes are not written here: each example
(:mod:`phh_lsp.core.rules.examples`) is checked by the same analysis the
editor runs, and what it reports is what is shown.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from phh_lsp.core.analysis import analyze
from phh_lsp.core.fixes.proposers import fixes_for
from phh_lsp.core.rules.codes import CODES, CodeInfo
from phh_lsp.core.rules.examples import Example, examples_of

#: Lines of context shown around an example's change.
_CONTEXT = 2


@dataclass(frozen=True, slots=True)
class ShownExample:
    """One example as a user reads it: the lines around the mistake, the text
    underlined and the message, each fix (applicability, title), the same
    lines written right."""

    path: str
    bad: str
    covered: str
    message: str
    fixes: tuple[tuple[str, str], ...]
    good: str


@dataclass(frozen=True, slots=True)
class Explanation:
    """A code's entry: its registry line and its examples, the main one first."""

    info: CodeInfo
    examples: tuple[ShownExample, ...]


def explain(code: str) -> Explanation:
    """The explanation of ``code`` (a key of :data:`CODES`)."""
    return Explanation(CODES[code], tuple(_shown(example) for example in examples_of(code)))


def closest_codes(word: str, limit: int = 3) -> list[str]:
    """The codes (or names) nearest to a mistyped ``word``, as codes."""
    upper = word.upper()
    if upper.isdigit():
        upper = f"PHH{upper}"
    by_code = difflib.get_close_matches(upper, list(CODES), n=limit, cutoff=0.6)
    names = {info.name: code for code, info in CODES.items()}
    by_name = [names[name] for name in difflib.get_close_matches(word.lower(), list(names), n=limit, cutoff=0.6)]
    return list(dict.fromkeys(by_code + by_name))[:limit]


def _shown(example: Example) -> ShownExample:
    bad = example.bad
    found = next(
        d
        for d in analyze(bad, example.path).diagnostics
        if d.code == example.code and bad[d.span.start : d.span.end] == example.covered
    )
    good_lines, bad_lines = example.base.splitlines(), bad.splitlines()
    good_start, good_end, bad_start, bad_end = _changed(good_lines, bad_lines)
    return ShownExample(
        path=example.path,
        bad=_snippet(bad_lines, bad_start, bad_end),
        covered=example.covered,
        message=found.message,
        fixes=_fixes(example),
        good=_snippet(good_lines, good_start, good_end),
    )


def _snippet(lines: list[str], start: int, end: int) -> str:
    return "\n".join(lines[max(0, start - _CONTEXT) : min(len(lines), end + _CONTEXT)])


def _changed(good: list[str], bad: list[str]) -> tuple[int, int, int, int]:
    """The first and last changed line of each side."""
    changes = [op for op in difflib.SequenceMatcher(None, good, bad).get_opcodes() if op[0] != "equal"]
    return (
        min(op[1] for op in changes),
        max(op[2] for op in changes),
        min(op[3] for op in changes),
        max(op[4] for op in changes),
    )


def _fixes(example: Example) -> tuple[tuple[str, str], ...]:
    """The quick fixes the example gets, as the editor offers them."""
    bad = example.bad
    for view in analyze(bad, example.path).hands:
        for found in view.hand.diagnostics:
            span = found.span.shifted(view.start)
            if found.code == example.code and bad[span.start : span.end] == example.covered:
                return tuple((fix.applicability, fix.title) for fix in fixes_for(view.hand, found))
    return ()
