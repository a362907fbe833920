"""docs/diagnostics.md, generated from the code table and the test cases.

The documentation shows, for every code, the failing case of
``tests/core/test_diagnostic_codes.py`` and the message the checker gives
for it, so it can never drift from what users see: ``test_docs.py``
compares the committed file with :func:`render`. Regenerate with
``python -m tests.docs_diagnostics``.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from phh_lsp.core.analysis import analyze
from phh_lsp.core.fixes.proposers import fixes_for
from phh_lsp.core.rules.codes import CODES
from tests.core.test_diagnostic_codes import CASES

TARGET = Path(__file__).resolve().parent.parent / "docs" / "diagnostics.md"

_INTRO = [
    "# Diagnostics",
    "",
    "Every problem phh-lsp reports has a stable code, a short name (usable in settings instead",
    "of the code), a default severity and the section of the PHH specification it enforces",
    '("§V.C" is section V.C of the PHH paper, arXiv 2312.11753; "spec 0.0.1" the additions of',
    "September 2024). Codes are grouped: 1xx TOML syntax, 2xx fields and types, 3xx action and",
    "card notation, 4xx replay legality (PokerKit), 5xx consistency with the replayed result.",
    "Change a severity, or turn a code off, with the `diagnostics.severity` setting, e.g.",
    '`{"PHH504": "off", "unknown-field": "error"}`.',
    "",
    "Many codes come with a quick fix. A fix is *safe* when it has one right answer and keeps what",
    "the hand records (`10h` → `Th`, `NLHE` → `NT`, removing a field the variant forbids): the",
    'editor\'s "Fix all" and `phh-lsp check --fix` apply those. It is *unsafe* when it is a guess or',
    "overwrites what the file records (a name matched by its spelling, whose turn it is, a bet",
    "size, the replayed finishing stacks over the recorded ones): the editor offers it as a quick",
    "fix, and `check --fix --unsafe-fixes` applies it. Each code's section shows the fix its",
    "example gets.",
    "",
    "| code | name | severity | what |",
    "|---|---|---|---|",
]


def _snippet(lines: list[str], start: int, end: int) -> str:
    return "\n".join(lines[max(0, start - 2) : min(len(lines), end + 2)])


def _changed(good: list[str], bad: list[str]) -> tuple[int, int, int, int]:
    changes = [op for op in difflib.SequenceMatcher(None, good, bad).get_opcodes() if op[0] != "equal"]
    return (
        min(op[1] for op in changes),
        max(op[2] for op in changes),
        min(op[3] for op in changes),
        max(op[4] for op in changes),
    )


def render() -> str:
    """The whole document."""
    out = list(_INTRO)
    for code, info in CODES.items():
        out.append(f"| [{code}](#{code.lower()}) | `{info.name}` | {info.severity.label} | {info.summary} |")
    out.append("")
    for code, info in CODES.items():
        cases = [case for case in CASES if case[0] == code]
        if not cases:  # PHH901: no file causes it, only a bug of ours
            out += [f'<a id="{code.lower()}"></a>', f"## {code} `{info.name}`", "", info.summary, ""]
            continue
        out += [
            f'<a id="{code.lower()}"></a>',
            f"## {code} `{info.name}`",
            "",
            f"{info.summary} Severity: **{info.severity.label}**. Spec: {info.spec}.",
            "",
        ]
        for number, (_, base, old, new, covered, path) in enumerate(cases):
            out += _example(code, base, old, new, covered, path, first=number == 0)
    return "\n".join(out)


def _example(code: str, base: str, old: str, new: str, covered: str, path: str, first: bool) -> list[str]:
    """One case: the mistake, where it is reported and the message, its fix;
    the first case of a code also shows the text made right."""
    bad = base.replace(old, new, 1)
    found = next(
        d for d in analyze(bad, path).diagnostics if d.code == code and bad[d.span.start : d.span.end] == covered
    )
    message = found.message
    good_lines, bad_lines = base.splitlines(), bad.splitlines()
    good_start, good_end, bad_start, bad_end = _changed(good_lines, bad_lines)
    where = f" (`{path}`)" if path.endswith(".phhs") else ""
    shown = [
        f"Bad{where}:" if first else f"Also bad{where}:",
        "",
        "```toml",
        _snippet(bad_lines, bad_start, bad_end),
        "```",
        "",
        f"Reported on `{covered}`: _{message}_",
        "",
        *_fixes(bad, path, code, covered),
    ]
    if first:
        shown += ["Good:", "", "```toml", _snippet(good_lines, good_start, good_end), "```", ""]
    return shown


def _fixes(bad: str, path: str, code: str, covered: str) -> list[str]:
    """The quick fixes the example gets, each with its applicability."""
    for view in analyze(bad, path).hands:
        for found in view.hand.diagnostics:
            span = found.span.shifted(view.start)
            if found.code == code and bad[span.start : span.end] == covered:
                fixes = fixes_for(view.hand, found)
                lines = [f"- {fix.applicability.capitalize()}: {fix.title}" for fix in fixes]
                return ["Quick fix:" if len(lines) == 1 else "Quick fixes:", "", *lines, ""] if lines else []
    return []


if __name__ == "__main__":
    TARGET.write_text(render(), encoding="utf-8")
