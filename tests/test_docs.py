"""The documentation matches the code: every diagnostic is documented."""

from __future__ import annotations

from phh_lsp.core.rules.codes import CODES, docs_url
from tests.docs_diagnostics import TARGET, render


def test_diagnostics_doc_is_up_to_date() -> None:
    assert TARGET.read_text(encoding="utf-8") == render(), "run: python -m tests.docs_diagnostics"


def test_every_code_has_an_anchor_the_links_point_to() -> None:
    text = TARGET.read_text(encoding="utf-8")
    for code in CODES:
        anchor = docs_url(code).rsplit("#", 1)[1]
        assert f'<a id="{anchor}"></a>\n## {code} ' in text
