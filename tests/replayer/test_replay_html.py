"""``phh-lsp replay``'s HTML file, opened in headless Chromium (Playwright) as a user opens it.

The page must replay the hand with no console error and no network request
(it is shared as one file), draw the table (an SVG with a seat per player),
and show the same states as the editor: on Dwan-Ivey 2009 the pot is 33,500
after ``p1 cbr 23000``, the uncalled 572,100 goes back to Ivey, and the last
step keeps both hands shown and names them. Needs the vscode-probe's
Chromium and playwright-core; skipped with the reason without them. With
``PHH_SCREENSHOTS=DIR`` the screenshots are copied there (docs/images).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = ROOT.parent / "shared" / "tools" / "vscode-probe" / "run.sh"
DWAN = ROOT.parent / "shared" / "corpus" / "examples" / "dwan-ivey-2009.phh"
STUD = ROOT.parent / "shared" / "corpus" / "wsop-2023-43-5" / "11-00-35-59.phh"
CACHE = Path(os.environ.get("PHH_PROBES_CACHE", Path.home() / ".cache" / "phh-probes")) / "vscode-probe"


def _replay(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "phh_lsp", "replay", *arguments], capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def playwright() -> str:
    chromium = shutil.which("chromium")
    if not PROBE.is_file() or chromium is None or shutil.which("node") is None:
        pytest.skip("needs the vscode-probe, node and Chromium (../shared/tools/vscode-probe/run.sh --setup-only)")
    subprocess.run(["bash", str(PROBE), "--setup-only"], capture_output=True, check=True, timeout=900)
    found = sorted(glob.glob(str(CACHE / "playwright-core-*" / "node_modules")))
    if not found:
        pytest.skip("the vscode-probe installed no playwright-core")
    return found[-1]


def _open(
    playwright: str, page: Path, out: Path, step: str = "", shot: str = "replay", keep: tuple[str, ...] = ()
) -> Any:
    """What the driver saw; the screenshots ``shot`` + each of ``keep`` (``""`` the last step,
    ``-dark``, ``-400px``, ``-step`` the step after ``step``) copied to ``PHH_SCREENSHOTS``."""
    result = subprocess.run(
        ["node", str(Path(__file__).with_name("html-driver.js"))],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={
            **os.environ,
            "NODE_PATH": playwright,
            "HTML": str(page),
            "CHROMIUM": shutil.which("chromium") or "",
            "OUT": str(out),
            "STEP": step,
            "SHOT": shot,
        },
    )
    shots = os.environ.get("PHH_SCREENSHOTS")
    if shots:
        for suffix in keep:
            shutil.copy(out / f"{shot}{suffix}.png", Path(shots) / f"{shot}{suffix}.png")
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_shared_page_replays_dwan_ivey_offline(playwright: str, tmp_path: Path) -> None:
    page = tmp_path / "dwan.html"
    made = _replay(str(DWAN), "--output", str(page))
    assert made.returncode == 0, made.stderr
    seen = _open(playwright, page, tmp_path, "p3 cbr 7000", "replay-html-holdem", ("", "-dark", "-400px"))
    assert seen["console"] == [] and seen["requests"] == []
    steps = seen["steps"]
    start = steps["start"]
    assert start["svg"] and [seat["who"] for seat in start["seats"]] == ["p1", "p2", "p3"]
    assert start["pot"] == "Pot 4,500 (2.2 BB)" and start["current"] == "start" and start["button"]
    assert start["bets"] == ["1,000", "2,000"]  # the blinds, as chips in front of p1 and p2
    assert steps["right"]["action"].startswith("Dealer deals p1 (Phil Ivey)")
    assert steps["right"]["seats"][0]["cards"] == ["Ac (clubs)", "2d (diamonds)"]
    assert steps["nextStreet"]["current"] == "d db Jc3d5c" and steps["nextStreet"]["board"] == "J♣3♦5♣"
    assert steps["nextStreet"]["seats"][1]["folded"] and steps["nextStreet"]["seats"][0]["toAct"]
    # a step clicked, then the right arrow: the next step, and it alone is selected
    assert steps["clicked"]["current"] == "p3 cbr 7000"
    after = steps["clickedThenRight"]
    assert after["current"] == "p1 cbr 23000" == after["focused"]
    assert after["pot"] == "Pot 33,500 (16.8 BB)"
    assert after["action"] == "p1 (Phil Ivey) raises to 23,000 (by 16,000 over 7,000), 11.5 BB"
    assert after["seats"][1]["cards"] == ["a card face down, unknown"] * 2
    end = steps["end"]
    assert end["current"] == "d db Jh" and end["result"] == "Result: p3 (Tom Dwan) wins 556,000"
    ivey, dwan = end["seats"][0], end["seats"][2]
    assert ivey["cards"] == ["Ac (clubs)", "2d (diamonds)"] and ivey["hand"] == "straight, five high"
    assert dwan["cards"] == ["7h (hearts)", "6h (hearts)"] and dwan["hand"] == "straight, seven high"
    assert "p3 (Tom Dwan) shows 7h 6h: straight, seven high" in end["showdown"]
    assert "p3 (Tom Dwan) collects 1,109,500, a net win of 556,000" in end["moved"]
    assert "p1 (Phil Ivey) loses 553,500" in end["moved"]
    assert steps["beforeEnd"]["current"] == "p3 sm 7h6h" and steps["home"]["current"] == "start"
    assert steps["narrow"]["svg"] and not seen["narrowOverflow"]  # readable 400 px wide
    # 400 px wide, a hand's name goes on two lines under its seat
    assert steps["narrow"]["seats"][2]["handLines"] == ["straight,", "seven high"]
    assert (tmp_path / "replay-html-holdem.png").stat().st_size > 10_000


def test_the_uncalled_bet_and_the_all_in_equity_are_told(tmp_path: Path) -> None:
    """The all-in call on the turn: Ivey's 572,100 that Dwan could not call goes
    back to him, and each player's equity stands beside them (as the inlay hint)."""
    page = tmp_path / "dwan.html"
    assert _replay(str(DWAN), "--output", str(page)).returncode == 0
    text = page.read_text(encoding="utf-8")
    feed = json.loads(text.split('id="phh-feeds">', 1)[1].split("</script>", 1)[0])[0]
    call = next(step for step in feed["steps"] if step["words"] == "p3 (Tom Dwan) calls 262,400 and is all-in")
    assert call["moved"] == ["uncalled 572,100 returned to p1 (Phil Ivey)"]
    assert [seat["strength"] for seat in call["seats"]] == ["equity 0.0 %", None, "equity 100.0 %"]


def test_a_broken_hand_shows_its_last_state_and_the_error(playwright: str, tmp_path: Path) -> None:
    hand = tmp_path / "broken.phh"
    hand.write_text(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nplayers = ["</script><b>x</b>", "Bob"]\n'
        'actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 6", "p2 cc"]\n',
        encoding="utf-8",
    )
    page = tmp_path / "broken.html"
    made = _replay(str(hand), "--output", str(page))
    assert made.returncode == 1  # not replayed to the end
    seen = _open(playwright, page, tmp_path)
    assert seen["console"] == [] and seen["requests"] == []
    end = seen["steps"]["end"]
    assert end["current"] == "p2 cbr 6" and end["pot"] == "Pot 8 (4 BB)"
    assert end["error"].startswith("Replay stopped at action 4 (p2 cc): ")
    # a name is text, never HTML
    first = end["seats"][0]
    assert first["text"] == "p1 </script><b>x<\u2026 98" and first["toAct"]  # shortened to fit its seat
    assert first["cards"] == ["Ac (clubs)", "Ad (diamonds)"]


def test_replay_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    assert _replay(str(tmp_path / "missing.phh"), "--output", str(tmp_path / "x.html")).returncode == 2
    assert _replay(str(DWAN), "--hand", "2", "--output", str(tmp_path / "x.html")).returncode == 2
    to_stdout = _replay(str(DWAN), "--output", "-")
    assert to_stdout.returncode == 0 and to_stdout.stdout.startswith("<!DOCTYPE html>")
    assert "https:" not in to_stdout.stdout and "src=" not in to_stdout.stdout  # nothing loaded from anywhere


def test_a_stud_page_tells_up_cards_from_down_cards_and_has_no_big_blind(playwright: str, tmp_path: Path) -> None:
    """Seven card stud (2023 WSOP PPC): p2's down cards are drawn and named apart from the up
    ones, the pot is in chips (stud has no big blind) and the bring-in is named."""
    page = tmp_path / "stud.html"
    assert _replay(str(STUD), "--output", str(page)).returncode == 0
    seen = _open(playwright, page, tmp_path, "p2 cbr 400000", "replay-html-stud", ("-step",))
    assert seen["console"] == [] and seen["requests"] == []
    step = seen["steps"]["clickedThenRight"]
    assert step["pot"] == "Pot 3,050,000"  # not "(… BB)"
    assert step["seats"][1]["cards"] == [
        "Js (spades, face down)",
        "Jc (clubs, face down)",
        "2c (clubs, face up)",
        "4h (hearts, face up)",
        "7h (hearts, face up)",
    ]
    assert not step["button"]  # stud deals no button
    text = page.read_text(encoding="utf-8")
    assert '"bringIn":"50,000"' in text
