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
