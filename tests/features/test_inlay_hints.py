"""Inlay hints: pot and stacks after actions, street markers, player names."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import analyze
from phh_lsp.lsp.features.inlay_hints import inlay_hints
from tests.conftest import CORPUS

DWAN = CORPUS / "examples" / "dwan-ivey-2009.phh"
PHHS = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"
EVERYTHING = types.Range(types.Position(0, 0), types.Position(10_000, 0))


FULL = Settings()


def hints(path: Path, settings: Settings = FULL, rng: types.Range = EVERYTHING, text: str | None = None):
    analysis = analyze(text if text is not None else path.read_text(), str(path))
    found = inlay_hints(analysis, rng, settings, "utf-16")
    return [(h.position.line, h.position.character, h.label, h.kind) for h in found]


def test_pot_and_actor_stack_after_each_action() -> None:
    found = hints(DWAN, Settings(inlay_hints="pot"))
    assert (18, 16, "pot 33,500 · p1 1,102,100", None) in found  # "p1 cbr 23000",
    assert (14, 16, "pot 4,500", None) in found  # a deal: the pot only
    assert (24, 15, "pot 49,500", None) in found  # no street marker in "pot" mode
    assert all(kind is None for *_, kind in found)  # no player names either
    assert found[-1] == (45, 11, "hand over", None)  # "d db Jh" ends the hand


def test_full_mode_adds_streets_and_player_names() -> None:
    found = hints(DWAN)
    assert (13, 16, "Pre-flop · pot 4,500", None) in found
    assert (24, 15, "Flop · pot 49,500", None) in found
    assert (31, 11, "Turn · pot 119,500", None) in found
    assert (45, 11, "River · hand over", None) in found
    assert (18, 5, "(Phil Ivey)", types.InlayHintKind.Parameter) in found  # after "p1"
    assert (15, 10, "(Tom Dwan)", types.InlayHintKind.Parameter) in found  # the dealee of "d dh p3"
    assert [h[:2] for h in found] == sorted(h[:2] for h in found)


def test_off_mode_gives_nothing() -> None:
    assert hints(DWAN, Settings(inlay_hints="off")) == []


def test_amounts_in_big_blinds() -> None:
    found = hints(DWAN, Settings(inlay_hints="pot", big_blinds=True))
    assert (18, 16, "pot 16.8 BB · p1 551 BB", None) in found


def test_only_hints_inside_the_range() -> None:
    rng = types.Range(types.Position(17, 0), types.Position(18, 100))
    assert hints(DWAN, rng=rng) == [
        (17, 5, "(Tom Dwan)", types.InlayHintKind.Parameter),
        (17, 15, "pot 11,500 · p3 546,000", None),
        (18, 5, "(Phil Ivey)", types.InlayHintKind.Parameter),
        (18, 16, "pot 33,500 · p1 1,102,100", None),
    ]


def test_stud_and_draw_streets() -> None:
    stud = hints(CORPUS / "wsop-2023-43-5" / "11-00-35-59.phh")
    assert (10, 18, "Third street · pot 250,000", None) in stud
    assert (24, 14, "Fourth street · pot 1,850,000", None) in stud
    draw = [h[2] for h in hints(CORPUS / "wsop-2023-43-5" / "55-02-29-59.phh")]
    assert "Pre-draw · pot 375,000" in draw and "First draw · pot 1,000,000 · p1 5,625,000" in draw


def test_large_phhs_only_analyses_the_visible_hands() -> None:
    text = PHHS.read_text()
    analysis = analyze(text, str(PHHS))
    line = text[: text.index("\n[500]\n")].count("\n") + 1
    rng = types.Range(types.Position(line, 0), types.Position(line + 8, 0))
    found = inlay_hints(analysis, rng, Settings(), "utf-16")
    assert found and all(line <= h.position.line <= line + 8 for h in found)
    assert analysis.analysed_count <= 2


def test_a_whole_file_request_replays_a_bounded_number_of_hands() -> None:
    """Neovim asks for the whole buffer: a 991-hand file must not replay them all."""
    from phh_lsp.lsp.features.inlay_hints import MAX_HANDS_PER_REQUEST

    text = PHHS.read_text()
    analysis = analyze(text, str(PHHS))
    everything = types.Range(types.Position(0, 0), types.Position(analysis.lines.line_count, 0))
    found = inlay_hints(analysis, everything, Settings(), "utf-16")
    assert found
    assert analysis.analysed_count == MAX_HANDS_PER_REQUEST < len(analysis.pieces)


def test_utf16_columns_and_odd_input() -> None:
    text = DWAN.read_text().replace('"p2 f",', '"p2 f # 🂡 fold",')
    found = hints(DWAN, text=text)
    assert (19, 18, "pot 33,500 · p2 1,997,500", None) in found  # the card emoji counts 2 UTF-16 units
    past_end = types.Range(types.Position(5_000, 0), types.Position(6_000, 0))
    assert hints(DWAN, rng=past_end) == []
    assert hints(DWAN, text='actions = ["p1 cc') == []
    assert hints(PHHS, text="# a prelude\n") == []
