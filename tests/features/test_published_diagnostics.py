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
from unittest import mock

import hypothesis
import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsprotocol import types
from pygls.protocol import default_converter

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import Analysis, analyze
from phh_lsp.core.rules.codes import Severity
from phh_lsp.core.text import Edit, Encoding, LineIndex
from phh_lsp.lsp import plain_answers
from phh_lsp.lsp.features.diagnostics import lsp_diagnostics
from phh_lsp.lsp.session import PhhLanguageServer
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


def _sample() -> str:
    """Twelve hands of the 991-hand file, each with an action out of turn, after a comment."""
    text = _broken(BIG)
    return "# a dataset\n" + text[: text.index("\n[13]\n") + 1]


#: What is typed: digits and actions, lines, brackets and quotes left open, a
#: header's bracket, a wide character, a lone carriage return.
TYPED = st.text(alphabet="pcf 05'\"[]\n\r#=,♠", max_size=5)


def _wanted(text: str, settings: Settings, encoding: Encoding) -> list[tuple[object, ...]]:
    """What a fresh analysis shows, each position read from the text's own index."""
    lines = LineIndex(text)
    shown = []
    for found in sorted(analyze(text, "x.phhs").diagnostics, key=lambda d: (d.span.start, d.code)):
        severity = settings.severity_of(found.code)
        if severity is not None:
            start, end = lines.position(found.span.start, encoding), lines.position(found.span.end, encoding)
            shown.append((found.code, found.message, int(severity), start, end))
    return shown


def _shown(items: list[types.Diagnostic]) -> list[tuple[object, ...]]:
    return [
        (
            d.code,
            d.message,
            int(d.severity or 0),
            (d.range.start.line, d.range.start.character),
            (d.range.end.line, d.range.end.character),
        )
        for d in items
    ]


def _body(items: list[types.Diagnostic]) -> str:
    """The publish as the server writes it (its protocol's JSON)."""
    notification = types.PublishDiagnosticsNotification(
        params=types.PublishDiagnosticsParams("file:///x.phhs", items, 3)
    )
    if isinstance(items, plain_answers.PublishedDiagnostics):
        return plain_answers.published_body(plain_answers.converter(), notification)
    return json.dumps(plain_answers.converter().unstructure(notification))


@hypothesis.settings(max_examples=150, deadline=None)
@given(st.data())
def test_what_is_published_after_any_edit_is_what_a_fresh_server_publishes(data: st.DataObject) -> None:
    """The diagnostics kept hand by hand with their JSON, an edit making those
    of the hands it touched again: after each edit of a chain (in an action,
    anywhere, lines added and removed, headers retyped, arrays and strings
    left open), under changed severities and encodings, the list and the bytes
    published are those of a fresh analysis, positions read from the new text."""
    text = _sample()
    previous = analyze(text, "x.phhs")
    pyglss = default_converter()  # type: ignore[no-untyped-call]
    for _ in range(data.draw(st.integers(1, 5))):
        if data.draw(st.booleans()):
            at = data.draw(st.sampled_from([i for i in range(len(text)) if text.startswith("'p", i)])) + 2
            start, end = at, at
        else:
            start = data.draw(st.integers(0, len(text)))
            end = data.draw(st.integers(start, min(len(text), start + 30)))
        typed = data.draw(TYPED)
        settings = data.draw(
            st.sampled_from([Settings(), Settings(severity={"PHH401": None, "PHH301": Severity.HINT})])
        )
        encoding: Encoding = data.draw(st.sampled_from(["utf-16", "utf-8"]))
        lsp_diagnostics(previous, settings, encoding)  # published, as the server does before the next edit
        text = text[:start] + typed + text[end:]
        edited = Analysis.after_edit(previous, text, Edit(start, end, len(typed)))
        published = lsp_diagnostics(edited, settings, encoding)
        assert _shown(published) == _wanted(text, settings, encoding)
        notification = types.PublishDiagnosticsNotification(
            params=types.PublishDiagnosticsParams("file:///x.phhs", list(published), 3)
        )
        assert _body(published) == json.dumps(pyglss.unstructure(notification))
        previous = edited


def test_a_keystroke_converts_only_the_edited_hands_diagnostics(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path: a digit typed into one hand of the broken 991-hand file
    publishes ~800 diagnostics, written from the JSON kept of every other
    hand's: what is converted again is the edited hand's, not the file's."""
    server = PhhLanguageServer()
    written: list[bytes] = []
    server.protocol.set_writer(mock.Mock(write=written.append))
    converted: list[object] = []
    default = server.converter.get_unstructure_hook(types.Diagnostic)
    server.converter.register_unstructure_hook(types.Diagnostic, lambda d: converted.append(d) or default(d))
    if hasattr(plain_answers, "diagnostics_json"):
        kept = plain_answers.diagnostics_json
        monkeypatch.setattr(plain_answers, "diagnostics_json", lambda items: converted.extend(items) or kept(items))
    text = _broken(BIG)
    analysis = analyze(text, "file:///big.phhs")
    first = lsp_diagnostics(analysis, Settings(), "utf-16")
    server.text_document_publish_diagnostics(types.PublishDiagnosticsParams("file:///big.phhs", first, 1))
    at = text.index("'p9 f'", len(text) // 2) + 2
    hand = analysis.hand_at(at)
    assert hand is not None
    text = text[:at] + "5" + text[at:]
    edited = Analysis.after_edit(analysis, text, Edit(at, at, 1))
    converted.clear()
    again = lsp_diagnostics(edited, Settings(), "utf-16")
    server.text_document_publish_diagnostics(types.PublishDiagnosticsParams("file:///big.phhs", again, 2))
    assert len(again) > 500
    assert 0 < len(converted) <= len(hand.hand.diagnostics) + 1
    body = written[-1].split(b"\r\n\r\n", 1)[1]
    notification = types.PublishDiagnosticsNotification(
        params=types.PublishDiagnosticsParams("file:///big.phhs", list(again), 2)
    )
    pyglss = default_converter()  # type: ignore[no-untyped-call]
    assert body == json.dumps(pyglss.unstructure(notification)).encode()
    fresh = lsp_diagnostics(analyze(text, "file:///big.phhs"), Settings(), "utf-16")
    assert list(again) == list(fresh)
