"""``textDocument/publishDiagnostics``: the core's diagnostics for the editor.

Each diagnostic carries its code, a ``codeDescription`` link to its
section of docs/diagnostics.md, ``source`` "phh", and the severity from
the code table unless the user's settings override it (or turn it off).
Pushed on open and after changes, which every client supports, from
Neovim 0.7 to clients that also pull.
"""

from __future__ import annotations

from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import Analysis
from phh_lsp.core.rules.codes import docs_url
from phh_lsp.core.text import Encoding
from phh_lsp.lsp.positions import to_range

SOURCE = "phh"


def lsp_diagnostics(
    analysis: Analysis, settings: Settings, encoding: Encoding, first_hands: int | None = None
) -> list[types.Diagnostic]:
    """The analysis's diagnostics as LSP values, in document order (those
    of the first hands only, when ``first_hands`` says how many)."""
    result = []
    found_all = analysis.diagnostics if first_hands is None else analysis.first_diagnostics(first_hands)
    for found in sorted(found_all, key=lambda d: (d.span.start, d.code)):
        severity = settings.severity_of(found.code)
        if severity is None:
            continue
        tags = [types.DiagnosticTag.Unnecessary] if found.code == "PHH504" else None
        result.append(
            types.Diagnostic(
                range=to_range(analysis.lines, found.span, encoding),
                message=found.message,
                severity=types.DiagnosticSeverity(int(severity)),
                code=found.code,
                code_description=types.CodeDescription(href=docs_url(found.code)),
                source=SOURCE,
                tags=tags,
                data={"name": found.name},
            )
        )
    return result


def first_hands_diagnostics(
    text: str, settings: Settings, encoding: Encoding, count: int
) -> list[types.Diagnostic] | None:
    """The diagnostics of a ``.phhs``'s first ``count`` hands, read from
    their text alone (cut, lines and analysis of a 50,000-hand file's first
    hands, not of the file); None when it has no more hands, or when they
    cannot be judged one by one."""
    from phh_lsp.core.syntax.hands import first_hands_end

    end = first_hands_end(text, count)
    if end is None:
        return None
    analysis = Analysis(text[:end], True)
    return lsp_diagnostics(analysis, settings, encoding, count) if analysis.independent else None
