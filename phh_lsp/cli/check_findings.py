"""A file's analysis turned into ``check``'s findings, in whatever process checks it.

One place for it because three paths produce findings and must agree to
the character: the whole file in ``check``'s own process, a chunk of a
streamed ``.phhs`` (its lines moved down by the lines above it), and a
``--jobs`` worker, which sends back findings (a few small records) rather
than analyses.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from phh_lsp.cli.report import Finding
from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import Analysis, analyze
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.syntax.encoding import Decoded
from phh_lsp.core.text import Span


@dataclass
class Document:
    """A file read and analysed, with what reading it found wrong."""

    path: str
    analysis: Analysis
    extra: list[Diagnostic]
    settings: Settings
    #: The file opened with a UTF-8 byte order mark: a fix writes it back.
    bom: bool = False
    #: Its key in the results cache, to store its findings under (None: not cached).
    key: str | None = None


def analysed(path: str, decoded: Decoded, settings: Settings) -> Document:
    """The file analysed; a byte that is not UTF-8 is PHH101 (TOML files are UTF-8)."""
    error = decoded.error
    extra = [diagnostic("PHH101", error.message, Span(error.start, error.end))] if error is not None else []
    return Document(path, analyze(decoded.text, path, detail=False), extra, settings, decoded.bom)


@dataclass
class Read:
    """A file read, to analyse here or in a worker (``--jobs``)."""

    path: str
    decoded: Decoded
    settings: Settings
    #: Its key in the results cache (None: not cached).
    key: str | None = None

    def analysed(self) -> Document:
        """The file analysed in this process."""
        return dataclasses.replace(analysed(self.path, self.decoded, self.settings), key=self.key)


@dataclass
class Cached:
    """A file whose findings are known: held by the results cache, or found
    by streaming the file or by a worker."""

    path: str
    findings: list[Finding]
    hands: int
    #: The key to store them under (None: they came from the cache, or no cache is used).
    key: str | None = None


@dataclass
class Streamed:
    """A large ``.phhs`` to check a chunk of hands at a time (:mod:`phh_lsp.cli.check_stream`)."""

    path: str
    settings: Settings
    key: str | None


def findings_of(document: Document, with_fixes: bool = False, lines_above: int = 0) -> tuple[list[Finding], int]:
    """The document's diagnostics as findings, at the severities its
    settings give (none for a code turned off), and how many hands it holds;
    ``with_fixes``: each with the fix it offers (for the JSON formats);
    ``lines_above``: the document is a chunk of a file streamed, this many lines down."""
    findings = []
    analysis = document.analysis
    lines = analysis.lines
    fixes = {}
    if with_fixes:
        from phh_lsp.cli.fixing import finding_fixes

        fixes = finding_fixes(analysis)
    for found in sorted([*document.extra, *analysis.diagnostics], key=lambda d: (d.span.start, d.code)):
        severity = document.settings.severity_of(found.code)
        if severity is None:
            continue
        line, column = lines.position(found.span.start)
        end_line, end_column = lines.position(found.span.end)
        start = lines.line_starts[line]
        findings.append(
            Finding(
                document.path,
                line + 1 + lines_above,
                column + 1,
                end_line + 1 + lines_above,
                end_column + 1,
                found.code,
                found.name,
                severity.label,
                found.message,
                (analysis.text[start : lines.line_end(line)],),
                fixes.get(found),
            )
        )
    hands = sum(1 for view in analysis.hands if view.hand.header is not None or not analysis.multi)
    return findings, hands
