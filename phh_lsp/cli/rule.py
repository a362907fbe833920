"""``phh-lsp rule CODE`` / ``phh-lsp rule --all``: a diagnostic code explained in the terminal.

As ``ruff rule`` does: the code, its name, its default severity, what it
means and the spec section, then its example mistake with the message the
checker gives and the fix the editor offers, and the text written right.
The explanation is :mod:`phh_lsp.core.explanation`'s, the one
``docs/diagnostics.md`` is generated from. A code may be written in any
case, without ``PHH`` (``302``) or by its name (``no-such-player``). An
unknown one exits 2 with the closest codes; ``--output-format json`` prints
one object (an array of them with ``--all``) for tools.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from phh_lsp.cli.command import Command, Streams
from phh_lsp.core.explanation import Explanation, closest_codes, explain
from phh_lsp.core.rules.codes import CODES, NAME_TO_CODE, docs_url

_INDENT = "    "


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", help="a code (PHH302, 302) or its name (no-such-player)")
    parser.add_argument("--all", action="store_true", help="explain every code")
    parser.add_argument("--output-format", choices=["text", "json"], default="text", help="text (default) or json")


def _run(args: argparse.Namespace, streams: Streams) -> int:
    if args.all == (args.code is not None):
        streams.stderr.write("phh-lsp rule: give one code (phh-lsp rule PHH302) or --all\n")
        return 2
    if args.all:
        explanations = [explain(code) for code in CODES]
    else:
        code = _code(args.code)
        if code is None:
            near = closest_codes(args.code)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            streams.stderr.write(f"phh-lsp rule: no code `{args.code}`{hint} (phh-lsp rule --all lists them)\n")
            return 2
        explanations = [explain(code)]
    if args.output_format == "json":
        data = [_as_json(explanation) for explanation in explanations]
        streams.stdout.write(json.dumps(data if args.all else data[0], indent=2, ensure_ascii=False) + "\n")
    else:
        for number, explanation in enumerate(explanations):
            if number:
                streams.stdout.write("\n")
            _write_text(explanation, streams.stdout)
    return 0


def _code(word: str) -> str | None:
    """The code ``word`` names: a code in any case, its digits, or its name."""
    upper = word.strip().upper()
    for candidate in (upper, f"PHH{upper}"):
        if candidate in CODES:
            return candidate
    return NAME_TO_CODE.get(word.strip().lower())


def _write_text(explanation: Explanation, out: TextIO) -> None:
    info = explanation.info
    out.write(f"{info.code} {info.name} ({info.severity.label})\n\n{info.summary}\n\n")
    if info.spec != "-":  # PHH901 is phh-lsp's own failure, in no spec
        out.write(f"Spec: {info.spec}\n")
    out.write(f"Docs: {docs_url(info.code)}\n")
    for number, shown in enumerate(explanation.examples):
        where = " (in a .phhs file)" if shown.path.endswith(".phhs") else ""
        out.write(f"\n{'Example' if number == 0 else 'Also'}{where}:\n\n{_indented(shown.bad)}\n\n")
        out.write(f"Reported on `{shown.covered}`: {shown.message}\n")
        for applicability, title in shown.fixes:
            out.write(f"Fix ({applicability}): {title}\n")
        if number == 0:
            out.write(f"\nWritten right:\n\n{_indented(shown.good)}\n")


def _indented(text: str) -> str:
    return "\n".join(_INDENT + line if line else line for line in text.splitlines())


def _as_json(explanation: Explanation) -> dict[str, Any]:
    info = explanation.info
    return {
        "code": info.code,
        "name": info.name,
        "severity": info.severity.label,
        "summary": info.summary,
        "spec": info.spec,
        "url": docs_url(info.code),
        "examples": [
            {
                "path": shown.path,
                "bad": shown.bad,
                "covered": shown.covered,
                "message": shown.message,
                "fixes": [{"applicability": a, "title": t} for a, t in shown.fixes],
                "good": shown.good,
            }
            for shown in explanation.examples
        ],
    }


COMMAND = Command(_add_arguments, _run)
