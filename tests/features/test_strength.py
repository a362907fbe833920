"""Who is ahead, where the user looks: a plain sentence, then hover lines
per player within the hover's width, the all-in inlay hint, the draw-game
made hand, and the first hover of a spot, which waits for its numbers (a
bounded time, then says they are still being computed)."""

from __future__ import annotations

import re
import time

import pytest
from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import analyze
from phh_lsp.core.strength.equity import Spot, equity, hand_strength
from phh_lsp.core.strength.spot_cache import PROCESS_CACHE, SpotCache
from phh_lsp.core.strength.spot_strength import compute
from phh_lsp.core.strength.strength_text import estimate_text
from phh_lsp.lsp.features import hover as hover_feature
from phh_lsp.lsp.features.hover import hover
from phh_lsp.lsp.features.inlay_hints import inlay_hints
from tests.conftest import CORPUS
from tests.core.test_equity import cards

DWAN = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text()
EVERYTHING = types.Range(types.Position(0, 0), types.Position(10_000, 0))


def hover_at(text: str, needle: str, nth: int = 0) -> str:
    offset = [m.start() for m in re.finditer(re.escape(needle), text)][nth] + needle.index(" ") + 2
    found = hover(analyze(text, "file:///h.phh"), offset, "utf-16")
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    return found.contents.value


def settled(text: str, needle: str, nth: int = 0) -> str:
    """The hover once the background thread has computed its spot."""
    for _ in range(200):
        hovered = hover_at(text, needle, nth)
        if "being computed" not in hovered:
            return hovered
        time.sleep(0.05)
    raise AssertionError(f"the strength of {needle} was never computed")


def ahead(markdown: str) -> list[str]:
    """The lines of the hover's "Who is ahead" section."""
    assert "**Who is ahead**" in markdown
    return markdown.split("**Who is ahead**  \n")[1].split("  \n")


def test_the_flop_of_dwan_ivey_shows_both_players_equity_and_ehs() -> None:
    lines = ahead(settled(DWAN, '"d db Jc3d5c"'))
    flop = Spot("NT", (cards("Ac2d"), (), cards("7h6h")), (False, True, False), cards("Jc3d5c"))
    shares = equity(Spot("NT", (cards("Ac2d"), cards("7h6h")), (False, False), cards("Jc3d5c")))
    assert shares is not None
    ivey, dwan = hand_strength(flop, 0), hand_strength(flop, 2)
    assert ivey is not None and dwan is not None
    assert lines == [
        f"**p1 (Phil Ivey) is ahead**: {shares[0].value * 100:.1f} % to win the pot "
        f"(p3 (Tom Dwan) {shares[1].value * 100:.1f} %)",
        f"p1 Ac2d · EHS {estimate_text(ivey.ehs, False)} "
        f"(HS {ivey.hs.value:.2f}, PPOT {estimate_text(ivey.ppot, False)}, NPOT {estimate_text(ivey.npot, False)})",
        f"p3 7h6h · EHS {estimate_text(dwan.ehs, False)} "
        f"(HS {dwan.hs.value:.2f}, PPOT {estimate_text(dwan.ppot, False)}, NPOT {estimate_text(dwan.npot, False)})",
    ]
    assert lines[0].startswith("**p1 (Phil Ivey) is ahead**: 62.8 % to win the pot")  # exact equity
    assert lines[1] == "p1 Ac2d · EHS 0.54 (HS 0.51, PPOT 0.30, NPOT 0.23)"  # exact potentials


def test_the_first_hover_of_the_flop_bet_waits_for_who_is_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh analysis, a cold cache (as a server just started): the first
    hover of Ivey's flop bet shows who is ahead, not "hover again"."""
    # this test is about the waiting; the e2e test holds the real bound to the real server
    monkeypatch.setattr(hover_feature, "STRENGTH_WAIT", 30.0)
    PROCESS_CACHE.forget()
    markdown = hover_at(DWAN, '"p1 cbr 35000"')
    assert "hover again" not in markdown
    lines = ahead(markdown)
    assert lines[0] == "**p1 (Phil Ivey) is ahead**: 62.8 % to win the pot (p3 (Tom Dwan) 37.2 %)"
    assert lines[1:] == [
        "p1 Ac2d · EHS 0.54 (HS 0.51, PPOT 0.30, NPOT 0.23)",
        "p3 7h6h · EHS 0.33 (HS 0.06, PPOT 0.31, NPOT 0.26)",
    ]


@pytest.mark.parametrize(
    ("path", "needle"),
    [
        ("examples/dwan-ivey-2009.phh", '"p1 cbr 35000"'),
        ("examples/dwan-ivey-2009.phh", '"d db 4h"'),
        ("synthetic/FB/FB-03.phh", None),
    ],
)
def test_who_is_ahead_stays_within_the_hovers_width(path: str, needle: str | None) -> None:
    """VS Code's hover and Neovim's float are about 80 columns wide: no line
    of the section is longer (the draw-game note included)."""
    text = (CORPUS / path).read_text()
    if needle is None:
        needle = next(m.group(0) for m in re.finditer(r'"d dh p\d [2-9TJQKA][cdhs]\S*"', text))
    section = settled(text, needle).split("**Who is ahead**")[1]
    widest = max(section.split("\n"), key=lambda line: len(line.rstrip()))
    assert len(widest.rstrip()) <= 80, widest


def test_a_spot_slower_than_the_hovers_wait_says_it_is_still_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hover_feature, "STRENGTH_WAIT", 0.0)
    text = DWAN.replace("Jc3d5c", "Qc3d5c")  # a flop no other test computes
    first = ahead(hover_at(text, '"d db Qc3d5c"'))
    assert first == ["equity and hand strength are still being computed: hover again in a moment"]
    lines = ahead(settled(text, '"d db Qc3d5c"'))
    assert lines[0].startswith("**p1 (Phil Ivey) is ahead**")
    assert [line.split(" · ")[0] for line in lines[1:]] == ["p1 Ac2d", "p3 7h6h"]  # the folded p2 is left out


def test_the_all_in_call_gets_the_equities_as_an_inlay_hint() -> None:
    settled(DWAN, '"p3 cc"', 2)  # the all-in call, hovered: its spot computed
    analysis = analyze(DWAN, "file:///h.phh")
    labels = [hint.label for hint in inlay_hints(analysis, EVERYTHING, Settings(), "utf-16")]
    with_equity = [label for label in labels if isinstance(label, str) and "equity" in label]
    # only where the chips went in (Dwan's call), not on every later action
    assert with_equity == ["equity p1 0.0 % · p3 100.0 %"]


def test_a_draw_game_shows_the_made_hand_and_why_there_is_no_equity() -> None:
    text = (CORPUS / "synthetic" / "FB" / "FB-03.phh").read_text()
    needle = next(m.group(0) for m in re.finditer(r'"d dh p\d [2-9TJQKA][cdhs]\S*"', text))
    lines = ahead(settled(text, needle))
    assert lines[-1].startswith("no equity in a draw game: it depends on how each player will draw")
    assert lines[0] == "p1 4cKc6h7c · 2-card badugi 6-4"  # the 7c and Kc pair suits with the 4c


def test_the_hovered_spot_goes_ahead_of_the_prefetched_ones() -> None:
    """A hand's spots prefetched, then one hovered: the hovered one is
    computed first (a prefetched one under way gives way between its parts)."""
    cache = SpotCache()
    holes = (cards("Ac2d"), (), cards("7h6h"))
    turn = Spot("NT", holes, (False, True, False), cards("Kc3d5c4h"))
    preflop = Spot("NT", holes, (False, True, False), ())
    flop = Spot("NT", holes, (False, True, False), cards("Kc3d5c"))
    assert cache.strength_of(preflop) is None and cache.strength_of(turn) is None  # prefetched
    found = cache.strength_of(flop, within=60.0)
    assert found is not None and found.equity is not None
    assert cache.strength_of(preflop) is None  # still waiting behind the hovered flop
    cache.drop_pending()


def test_a_spot_gives_way_between_its_parts() -> None:
    flop = Spot("NT", (cards("Ac2d"), (), cards("7h6h")), (False, True, False), cards("Kc3d5c"))
    assert compute(flop, give_way=lambda: True) is None
