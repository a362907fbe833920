"""Who is ahead, where the user looks: hover lines per player, the all-in
inlay hint, the draw-game made hand, and the first hover of a spot that
answers at once while the numbers are computed in the background."""

from __future__ import annotations

import re
import time

from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import analyze
from phh_lsp.core.strength.equity import Spot, equity, hand_strength
from phh_lsp.core.strength.strength_text import estimate_text
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
        f"p1 Ac2d · equity {shares[0].value * 100:.1f} % · EHS {estimate_text(ivey.ehs, False)} "
        f"(HS {ivey.hs.value:.2f}, PPOT {estimate_text(ivey.ppot, False)}, NPOT {estimate_text(ivey.npot, False)})",
        f"p3 7h6h · equity {shares[1].value * 100:.1f} % · EHS {estimate_text(dwan.ehs, False)} "
        f"(HS {dwan.hs.value:.2f}, PPOT {estimate_text(dwan.ppot, False)}, NPOT {estimate_text(dwan.npot, False)})",
    ]
    assert lines[0].startswith("p1 Ac2d · equity 62.8 % · EHS 0.54 ±0.0")  # exact equity, sampled potentials


def test_a_spot_not_yet_computed_answers_at_once_and_then_shows_the_numbers() -> None:
    text = DWAN.replace("Jc3d5c", "Qc3d5c")  # a flop no other test computes
    first = ahead(hover_at(text, '"d db Qc3d5c"'))
    assert first == ["equity and hand strength are being computed: hover again in a moment"]
    lines = ahead(settled(text, '"d db Qc3d5c"'))
    assert [line.split(" · ")[0] for line in lines] == ["p1 Ac2d", "p3 7h6h"]  # the folded p2 is left out


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
