"""``phh-lsp replay``'s HTML file, opened in headless Chromium (Playwright) as a user opens it.

The page must replay the hand with no console error and no network request
(it is shared as one file), and show the same states as the editor: on
Dwan-Ivey 2009 the pot is 33,500 after ``p1 cbr 23000`` and the last step
says who won. Needs the vscode-probe's Chromium and playwright-core;
skipped with the reason without them.
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


def _open(playwright: str, page: Path, out: Path, step: str = "") -> Any:
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
        },
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_shared_page_replays_dwan_ivey_offline(playwright: str, tmp_path: Path) -> None:
    page = tmp_path / "dwan.html"
    made = _replay(str(DWAN), "--output", str(page))
    assert made.returncode == 0, made.stderr
    seen = _open(playwright, page, tmp_path, step="p1 cbr 23000")
    assert seen["console"] == [] and seen["requests"] == []
    steps = seen["steps"]
    assert steps["start"]["pot"] == "Pot 4,500 (2.2 BB)" and steps["start"]["current"] == "start"
    assert steps["right"]["action"].startswith("Dealer deals p1 (Phil Ivey)")
    assert steps["nextStreet"]["current"] == "d db Jc3d5c" and steps["nextStreet"]["board"] == "J♣3♦5♣"
    assert steps["clicked"]["pot"] == "Pot 33,500 (16.8 BB)"
    assert steps["clicked"]["action"] == "p1 (Phil Ivey) raises to 23,000 (by 16,000 over 7,000), 11.5 BB"
    assert steps["end"]["result"] == "Result: p3 (Tom Dwan) wins 556,000"
    assert "p3 Tom Dwan 1,109,500 7♥6♥" in steps["end"]["seats"]
    assert (tmp_path / "replay.png").stat().st_size > 10_000


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
    assert any(row.startswith("p1 </script><b>x</b> 98 2 A♣A♦ to act") for row in end["seats"])


def test_replay_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    assert _replay(str(tmp_path / "missing.phh"), "--output", str(tmp_path / "x.html")).returncode == 2
    assert _replay(str(DWAN), "--hand", "2", "--output", str(tmp_path / "x.html")).returncode == 2
    to_stdout = _replay(str(DWAN), "--output", "-")
    assert to_stdout.returncode == 0 and to_stdout.stdout.startswith("<!DOCTYPE html>")
    assert "https:" not in to_stdout.stdout and "src=" not in to_stdout.stdout  # nothing loaded from anywhere
