"""Every feature of this package answers, and never raises, on text mid-edit."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import analyze
from phh_lsp.lsp.features.code_actions import code_actions
from phh_lsp.lsp.features.code_lens import code_lenses, resolve_code_lens
from phh_lsp.lsp.features.diagnostics import lsp_diagnostics
from phh_lsp.lsp.features.inlay_hints import inlay_hints
from phh_lsp.lsp.features.navigation import definition, highlights, references
from phh_lsp.lsp.features.semantic_tokens import semantic_tokens, semantic_tokens_range
from phh_lsp.lsp.features.symbols import document_symbols, folding_ranges
from tests.conftest import CORPUS

SAMPLES = [
    CORPUS / "examples" / "dwan-ivey-2009.phh",
    CORPUS / "wsop-2023-43-5" / "11-00-35-59.phh",
    CORPUS / "wsop-2023-43-5" / "55-02-29-59.phh",
]
EVERYTHING = types.Range(types.Position(0, 0), types.Position(10_000, 0))


def exercise(text: str, uri: str) -> None:
    analysis = analyze(text, uri)
    inlay_hints(analysis, EVERYTHING, Settings(big_blinds=True), "utf-16")
    semantic_tokens(analysis, "utf-8")
    semantic_tokens_range(analysis, EVERYTHING, "utf-16")
    check_symbols(document_symbols(analysis, "utf-16"))
    for fold in folding_ranges(analysis):
        assert fold.start_line < fold.end_line
    for lens in code_lenses(analysis, "utf-16"):
        resolve_code_lens(analysis, lens)
    context = lsp_diagnostics(analysis, Settings(), "utf-16")
    code_actions(analysis, EVERYTHING, context, uri, "utf-16", only=None)
    code_actions(analysis, EVERYTHING, context, uri, "utf-16", only=["source.fixAll"])
    for offset in range(0, len(text) + 2, 5):
        definition(analysis, offset, uri, "utf-16")
        references(analysis, offset, uri, "utf-16", include_declaration=True)
        highlights(analysis, offset, "utf-16")


def check_symbols(symbols: list[types.DocumentSymbol]) -> None:
    for symbol in symbols:
        assert symbol.name.strip()
        check_symbols(symbol.children or [])


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.name)
def test_truncated_documents(path: Path) -> None:
    text = path.read_text()
    for cut in range(0, len(text), 23):
        exercise(text[:cut], str(path))
        exercise(text[:cut] + text[cut + 9 :], str(path))


def test_truncated_phhs_hands() -> None:
    text = "".join((CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs").read_text().splitlines(True)[:45])
    for cut in range(0, len(text), 61):
        exercise("# prelude\n" + text[:cut], "file:///x.phhs")
