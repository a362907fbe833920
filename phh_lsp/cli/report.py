"""How ``phh-lsp check`` prints what it found: one renderer per output format.

The formats and their names are ruff's, so a CI job or an editor plugin
written for ruff reads ours the same way:

- ``full`` (default): ``path:line:col: severity[CODE] message``, then the
  source line with carets under the range, for a person at a terminal;
- ``concise``: one ``path:line:col: CODE message`` line per finding;
- ``json`` (one array) and ``json-lines`` (one object a line, streamed);
- ``github``: workflow commands, which GitHub Actions shows as
  annotations on the pull request's lines;
- ``sarif`` (2.1.0, for code-scanning dashboards) and ``junit`` (XML, one
  test case per file, for CI test reports).

A finding is a plain record (:class:`Finding`): positions are 1-based,
columns counted in characters, ends exclusive, as ruff's JSON has them;
in the JSON formats a finding that has a fix carries it as ruff does
(``fix``: its applicability, title and edits).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

#: The formats ``--output-format`` accepts, the default first.
FORMATS = ("full", "concise", "json", "json-lines", "github", "sarif", "junit")
#: The formats that print one document at a time and end with a summary line.
STREAMED_TEXT = ("full", "concise")


@dataclass(frozen=True, slots=True)
class FixRecord:
    """A finding's fix as the JSON formats print it (ruff's shape, 1-based)."""

    applicability: str
    message: str
    #: (line, column, end_line, end_column, content), 1-based, ends exclusive.
    edits: tuple[tuple[int, int, int, int, str], ...]

    def as_json(self) -> dict[str, Any]:
        """``{"applicability", "message", "edits": [{"line", "column", ...}]}``."""
        keys = ("line", "column", "end_line", "end_column", "content")
        return {
            "applicability": self.applicability,
            "message": self.message,
            "edits": [dict(zip(keys, edit, strict=True)) for edit in self.edits],
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """One diagnostic of one file, located for people and tools."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    name: str
    severity: str
    message: str
    #: The source lines the range covers (for ``full``; not in the JSON).
    source: tuple[str, ...] = ()
    #: The fix it offers (JSON formats only; see :mod:`phh_lsp.cli.fixing`).
    fix: FixRecord | None = None

    def as_json(self) -> dict[str, Any]:
        """The record as the JSON formats print it (``fix`` when there is one)."""
        record: dict[str, Any] = {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "code": self.code,
            "name": self.name,
            "severity": self.severity,
            "message": self.message,
        }
        if self.fix is not None:
            record["fix"] = self.fix.as_json()
        return record


def _full(finding: Finding) -> str:
    """The finding with its source line and carets under the range."""
    head = f"{finding.path}:{finding.line}:{finding.column}: {finding.severity}[{finding.code}] {finding.message}\n"
    if not finding.source:
        return head
    gutter = " " * len(str(finding.line))
    first = finding.source[0].expandtabs(1)
    start = finding.column - 1
    end = finding.end_column - 1 if finding.end_line == finding.line else len(first)
    marks = "^" * max(1, min(end, len(first)) - start)
    more = " …" if finding.end_line > finding.line else ""
    return f"{head}{gutter} |\n{finding.line} | {first}\n{gutter} | {' ' * start}{marks}{more}\n"


def _concise(finding: Finding) -> str:
    return f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message}\n"


def _json_line(finding: Finding) -> str:
    return json.dumps(finding.as_json(), ensure_ascii=False) + "\n"


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "information": "notice", "hint": "notice"}


def _github_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(finding: Finding) -> str:
    """A workflow command: ``::error file=…,line=…,col=…::message``."""
    properties = ",".join(
        [
            f"file={_github_property(finding.path)}",
            f"line={finding.line}",
            f"col={finding.column}",
            f"endLine={finding.end_line}",
            f"endColumn={finding.end_column}",
            f"title={_github_property(f'{finding.code} ({finding.name})')}",
        ]
    )
    return f"::{_GITHUB_LEVEL[finding.severity]} {properties}::{_github_data(finding.message)}\n"


#: The formats whose findings are printed one by one as each file is checked.
_PER_FINDING: dict[str, Callable[[Finding], str]] = {
    "full": _full,
    "concise": _concise,
    "json-lines": _json_line,
    "github": _github,
}


def render_file(output_format: str, findings: Iterable[Finding]) -> str:
    """What to print as soon as one file has been checked ("" for formats
    printed whole at the end)."""
    render = _PER_FINDING.get(output_format)
    return "".join(render(finding) for finding in findings) if render is not None else ""


def render_end(output_format: str, findings: list[Finding], files: list[str]) -> str:
    """What to print once every file (``files``, in order) has been checked:
    the whole report for ``json``, ``sarif`` and ``junit``; nothing for the
    streamed formats."""
    if output_format == "json":
        return json.dumps([finding.as_json() for finding in findings], indent=2, ensure_ascii=False) + "\n"
    if output_format == "sarif":
        return json.dumps(_sarif(findings), indent=2, ensure_ascii=False) + "\n"
    if output_format == "junit":
        return _junit(findings, files)
    return ""


_SARIF_LEVEL = {"error": "error", "warning": "warning", "information": "note", "hint": "note"}


def _sarif(findings: list[Finding]) -> dict[str, Any]:
    """A SARIF 2.1.0 log: one run, every code as a rule, each finding a result."""
    from phh_lsp import __version__
    from phh_lsp.core.rules.codes import CODES, docs_url

    index = {code: number for number, code in enumerate(CODES)}
    rules = [
        {
            "id": info.code,
            "name": info.name,
            "shortDescription": {"text": info.summary},
            "helpUri": docs_url(info.code),
            "defaultConfiguration": {"level": _SARIF_LEVEL[info.severity.label]},
            "properties": {"spec": info.spec},
        }
        for info in CODES.values()
    ]
    results = [
        {
            "ruleId": finding.code,
            "ruleIndex": index[finding.code],
            "level": _SARIF_LEVEL[finding.severity],
            "message": {"text": finding.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(finding.path)},
                        "region": {
                            "startLine": finding.line,
                            "startColumn": finding.column,
                            "endLine": finding.end_line,
                            "endColumn": finding.end_column,
                        },
                    }
                }
            ],
        }
        for finding in findings
    ]
    driver = {
        "name": "phh-lsp",
        "version": __version__,
        "informationUri": "https://arxiv.org/abs/2312.11753",
        "rules": rules,
    }
    return {
        "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results}],
    }


_URI_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")


def _uri(path: str) -> str:
    """A path as a SARIF artifact URI reference: ``/`` separators, every
    other byte outside RFC 3986's unreserved set percent-encoded (corpus
    file names hold spaces and ``#``)."""
    from pathlib import PurePath

    data = PurePath(path).as_posix().encode("utf-8")
    return "".join(chr(byte) if byte in _URI_SAFE else f"%{byte:02X}" for byte in data)


def _junit(findings: list[Finding], files: list[str]) -> str:
    """JUnit XML: a test case per file, failing with its errors (warnings
    and the rest are listed in its output, as they do not fail a check)."""
    from xml.sax.saxutils import escape, quoteattr

    by_file: dict[str, list[Finding]] = {path: [] for path in files}
    for finding in findings:
        by_file.setdefault(finding.path, []).append(finding)
    failed = sum(any(f.severity == "error" for f in found) for found in by_file.values())
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<testsuites name="phh-lsp" tests="{len(by_file)}" failures="{failed}">',
        f'  <testsuite name="phh-lsp check" tests="{len(by_file)}" failures="{failed}">',
    ]
    for path, found in by_file.items():
        lines.append(f"    <testcase name={quoteattr(path)} classname={quoteattr(path)}>")
        for finding in (f for f in found if f.severity == "error"):
            where = f"{finding.line}:{finding.column}"
            lines.append(
                f"      <failure type={quoteattr(finding.code)} message={quoteattr(finding.message)}>"
                f"{escape(f'{path}:{where}: {finding.code} {finding.message}')}</failure>"
            )
        others = [f for f in found if f.severity != "error"]
        if others:
            text = "\n".join(f"{f.path}:{f.line}:{f.column}: {f.severity} {f.code} {f.message}" for f in others)
            lines.append(f"      <system-out>{escape(text)}</system-out>")
        lines.append("    </testcase>")
    lines += ["  </testsuite>", "</testsuites>"]
    return "\n".join(lines) + "\n"


def render_statistics(findings: list[Finding]) -> str:
    """``--statistics``: how many of each code, most frequent first."""
    counts = Counter((finding.code, finding.name, finding.severity) for finding in findings)
    width = len(str(max(counts.values(), default=0)))
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return "".join(f"{count:>{width}}  {code}  {severity:<11}  {name}\n" for (code, name, severity), count in ordered)
