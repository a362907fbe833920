"""A document of many hands keeps, of each hand its whole check analysed,
what later edits and requests read, not the hand's whole analysis.

At 50,000 hands the whole analyses (tree, fields, parsed actions, replay)
were about 3 GB; what the editor shows must not change: diagnostics, code
lenses, "Fix all", and the hand under the cursor analysed whole.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lsprotocol import types

from phh_lsp.core import analysis as analysis_module
from phh_lsp.core.analysis import analyze
from phh_lsp.lsp.features.code_actions import FIX_ALL_KIND, code_actions
from phh_lsp.lsp.features.code_lens import code_lenses
from tests.features.test_symbols import PHHS, large_phhs

URI = "file:///hands/x.phhs"
#: The threshold these tests put in place of LARGE_DOCUMENT: the same code
#: path as a 2,001-hand file's, without its 15 s of replays per test (hand 61
#: of the corpus file is the one with a diagnostic).
SMALL_THRESHOLD = 64


@pytest.fixture(autouse=True)
def _large_from_sixty_four_hands(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(analysis_module, "LARGE_DOCUMENT", SMALL_THRESHOLD)
    yield


def _large(broken: bool = False) -> str:
    text = large_phhs(SMALL_THRESHOLD + 1)
    if broken:  # hand [3] gets a field the spec renamed: a safe fix
        at = text.index("\n[3]\n") + len("\n[3]\n")
        text = text[:at] + "small_bet = 1\n" + text[at:]
    return text


def test_a_large_document_keeps_its_checked_hands_without_their_replay() -> None:
    analysis = analyze(_large(), str(PHHS))
    assert {d.code for d in analysis.diagnostics} == {"PHH504"}  # the corpus file's hands, as they are
    kept = analysis.hands
    assert len(kept) == SMALL_THRESHOLD + 1
    assert all(view.hand.replay is None and not view.hand.actions for view in kept)


def test_the_hand_under_the_cursor_of_a_large_document_is_analysed_whole() -> None:
    analysis = analyze(_large(), str(PHHS))
    assert analysis.diagnostics is not None
    start = analysis.pieces.starts[7]
    for snapshots in (False, True):
        found = analysis.hand_at(start + 10, snapshots=snapshots)
        assert found is not None and found.start == start
        assert found.hand.actions and found.hand.replay is not None and found.hand.report.fields


def test_a_large_document_after_its_check_has_every_lens_and_its_fix_all() -> None:
    analysis = analyze(_large(broken=True), URI)
    assert any(d.code == "PHH203" for d in analysis.diagnostics)
    assert len(code_lenses(analysis, "utf-16")) == SMALL_THRESHOLD + 1
    empty = types.Range(types.Position(0, 0), types.Position(0, 0))
    found = code_actions(analysis, empty, [], URI, "utf-16", only=[FIX_ALL_KIND])
    fix = next(action for action in found if action.kind == FIX_ALL_KIND)
    assert fix.edit is not None and fix.edit.changes is not None
    assert [edit.new_text for edit in fix.edit.changes[URI]] == [""]
