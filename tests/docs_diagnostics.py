"""docs/diagnostics.md, generated from the code table and the test cases.

The documentation shows, for every code, its examples explained by
:mod:`phh_lsp.core.explanation` (the same text ``phh-lsp rule CODE``
prints) and the message the checker gives for each, so it can never drift
from what users see: ``test_docs.py``
compares the committed file with :func:`render`. Regenerate with
``python -m tests.docs_diagnostics``.
"""

from __future__ import annotations

from pathlib import Path

from phh_lsp.core.explanation import ShownExample, explain
from phh_lsp.core.rules.codes import CODES

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
    '`{"PHH504": "off", "unknown-field": "error"}`. In a terminal, `phh-lsp rule PHH307` shows a',
    "code's section (`phh-lsp rule --all` every code, `--output-format json` for tools).",
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


def render() -> str:
    """The whole document."""
    out = list(_INTRO)
    for code, info in CODES.items():
        out.append(f"| [{code}](#{code.lower()}) | `{info.name}` | {info.severity.label} | {info.summary} |")
    out.append("")
    for code, info in CODES.items():
        examples = explain(code).examples
        if not examples:  # PHH901: no file causes it, only a bug of ours
            out += [f'<a id="{code.lower()}"></a>', f"## {code} `{info.name}`", "", info.summary, ""]
            continue
        out += [
            f'<a id="{code.lower()}"></a>',
            f"## {code} `{info.name}`",
            "",
            f"{info.summary} Severity: **{info.severity.label}**. Spec: {info.spec}.",
            "",
        ]
        for number, shown in enumerate(examples):
            out += _example(code, shown, first=number == 0)
    return "\n".join(out)


def _example(code: str, shown: ShownExample, first: bool) -> list[str]:
    """One example: the mistake, where it is reported and the message, its fix;
    the first example of a code also shows the text made right."""
    where = f" (`{shown.path}`)" if shown.path.endswith(".phhs") else ""
    lines = [
        f"Bad{where}:" if first else f"Also bad{where}:",
        "",
        "```toml",
        shown.bad,
        "```",
        "",
        f"Reported on `{shown.covered}`: _{shown.message}_",
        "",
    ]
    fixes = [f"- {applicability.capitalize()}: {title}" for applicability, title in shown.fixes]
    if fixes:
        lines += ["Quick fix:" if len(fixes) == 1 else "Quick fixes:", "", *fixes, ""]
    if first:
        lines += ["Good:", "", "```toml", shown.good, "```", ""]
    return lines


if __name__ == "__main__":
    TARGET.write_text(render(), encoding="utf-8")
