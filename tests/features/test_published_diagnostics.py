"""The diagnostics published at each keystroke, made and shaped once (issue #33).

A keystroke in a 50,000-hand ``.phhs`` publishes again the ~1,000
diagnostics of the hands it did not touch: each is made once
(``lsp_diagnostics``) and shaped for JSON once (the server's converter).
What reaches the client must stay exactly what pygls's own converter
writes, wherever the diagnostics moved since.
"""

from __future__ import annotations

import json
from pathlib import Path

from lsprotocol import types
from pygls.protocol import default_converter

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import Analysis, analyze
from phh_lsp.core.rules.codes import Severity
from phh_lsp.core.text import Edit, LineIndex
from phh_lsp.lsp import plain_answers
from phh_lsp.lsp.features.diagnostics import lsp_diagnostics
from tests.conftest import CORPUS

BIG = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


def _published(converter: object, items: list[types.Diagnostic]) -> str:
    notification = types.PublishDiagnosticsNotification(
        params=types.PublishDiagnosticsParams("file:///big.phhs", items, 7)
    )
    return json.dumps(converter.unstructure(notification))  # type: ignore[attr-defined]


def _broken(path: Path) -> str:
    """The 991-hand file with an action out of turn in every hand that folds p1."""
    return path.read_text(encoding="utf-8").replace("'p1 f'", "'p1 f', 'p9 f'")


def test_a_publish_says_what_pyglss_converter_says_as_the_diagnostics_move() -> None:
    ours, pyglss = plain_answers.converter(), default_converter()  # type: ignore[no-untyped-call]
    text = _broken(BIG)
    first = lsp_diagnostics(analyze(text, "file:///big.phhs"), Settings(), "utf-16")
    assert len(first) > 500
    assert _published(ours, first) == _published(pyglss, first)
    again = lsp_diagnostics(analyze(text, "file:///big.phhs"), Settings(), "utf-16")
    assert _published(ours, again) == _published(pyglss, first)
    # a line and a wide character typed above every hand: each diagnostic moves
    moved_text = "# ♠ notes\n" + text
    moved = lsp_diagnostics(analyze(moved_text, "file:///big.phhs"), Settings(), "utf-16")
    assert _published(ours, moved) == _published(pyglss, moved)
    assert [d.range.start.line for d in moved] == [d.range.start.line + 1 for d in first]
    # and in UTF-8, where the same offsets are other columns on the moved lines
    wide = lsp_diagnostics(analyze(moved_text, "file:///big.phhs"), Settings(), "utf-8")
    assert _published(ours, wide) == _published(pyglss, wide)


def test_diagnostics_published_again_are_not_made_again() -> None:
    """The fast path: an unchanged diagnostic is the same object, shaped once."""
    text = _broken(BIG)
    first = lsp_diagnostics(analyze(text, "file:///big.phhs"), Settings(), "utf-16")
    again = lsp_diagnostics(analyze(text, "file:///big.phhs"), Settings(), "utf-16")
    assert all(a is b for a, b in zip(first, again, strict=True))
    ours = plain_answers.converter()
    shaped = [ours.unstructure(d, types.Diagnostic) for d in first]
    assert all(ours.unstructure(d, types.Diagnostic) is s for d, s in zip(again, shaped, strict=True))
    # the same finding under another severity setting is another diagnostic
    hinted = lsp_diagnostics(analyze(text, "file:///big.phhs"), Settings(severity={"PHH401": Severity.HINT}), "utf-16")
    assert {d.severity for d in hinted if d.code == "PHH401"} == {types.DiagnosticSeverity.Hint}
    assert {d.severity for d in again if d.code == "PHH401"} == {types.DiagnosticSeverity.Error}


def test_diagnostics_placed_in_their_hands_stand_where_a_fresh_reading_puts_them() -> None:
    """Each diagnostic is placed once in its hand's own lines, then moved by
    the hand's first line: after lines and wide characters typed above and
    inside hands, every range is the one the new text's own index gives."""
    text = _broken(BIG)
    analysis = analyze(text, "file:///big.phhs")
    lsp_diagnostics(analysis, Settings(), "utf-16")  # placed in their hands
    middle = text.index("\n[", len(text) // 2) + 1
    inside = text.index("'p9 f'", middle)
    for at, typed in ((middle, "# ♠ a note\n\n"), (inside, "'p2 ♠', "), (0, "\r\n")):
        text = text[:at] + typed + text[at:]
        analysis = Analysis.after_edit(analysis, text, Edit(at, at, len(typed)))
        for encoding in ("utf-16", "utf-8"):
            made = lsp_diagnostics(analysis, Settings(), encoding)
            lines = LineIndex(text)
            wanted = [
                (lines.position(d.span.start, encoding), lines.position(d.span.end, encoding))
                for d in sorted(analysis.diagnostics, key=lambda d: (d.span.start, d.code))
            ]
            placed = [
                ((d.range.start.line, d.range.start.character), (d.range.end.line, d.range.end.character)) for d in made
            ]
            assert placed == wanted
            assert made == lsp_diagnostics(analyze(text, "file:///big.phhs"), Settings(), encoding)
