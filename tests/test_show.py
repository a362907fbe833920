"""``phh-lsp show``: a hand street by street, held to golden files.

Set ``PHH_UPDATE_GOLDEN=1`` to rewrite them (and read the diff before
committing: these are what a user reads in the terminal).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from phh_lsp.cli.show import run_show
from tests.conftest import CORPUS
from tests.test_cli import run

GOLDEN = Path(__file__).parent / "golden" / "show"
CASES = {
    "dwan-ivey-2009": (CORPUS / "examples" / "dwan-ivey-2009.phh", None),
    "stud-F7S-02": (CORPUS / "synthetic" / "F7S" / "F7S-02.phh", None),
    "draw-F2L3D-01": (CORPUS / "synthetic" / "F2L3D" / "F2L3D-01.phh", None),
    "phhs-hand-2": (CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs", 2),
}


def _show(path: Path, hand: int | None, color: str = "never") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    cwd = os.getcwd()
    try:
        os.chdir(CORPUS)  # the title names the path as given: keep it machine-independent
        status = run_show(str(path.relative_to(CORPUS)), hand, color, out, err)
    finally:
        os.chdir(cwd)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", sorted(CASES))
def test_show_matches_its_golden_file(name: str) -> None:
    path, hand = CASES[name]
    status, out, err = _show(path, hand)
    assert (status, err) == (0, "")
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("PHH_UPDATE_GOLDEN"):
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")


def test_dwan_ivey_street_by_street_with_the_pots_and_the_result() -> None:
    _, out, _ = _show(*CASES["dwan-ivey-2009"])
    assert "  p1 (Phil Ivey) raises to 23,000 (by 16,000 over 7,000), 11.5 BB · pot 33,500\n" in out
    headers = [line for line in out.splitlines() if line and not line.startswith(" ")][1:]
    assert [header.split(" · ")[0] for header in headers[:-1]] == ["Pre-flop", "Flop", "Turn", "River"]
    assert headers[-1] == "Result: p3 (Tom Dwan) wins 556,000"
    assert "    p3 (Tom Dwan)         1,109,500       7h 6h\n" in out  # the final stacks


def test_colour_only_when_asked_or_on_a_terminal(tmp_path: Path) -> None:
    _, plain, _ = _show(*CASES["dwan-ivey-2009"], color="auto")  # a StringIO is no terminal
    assert "\033[" not in plain
    _, colored, _ = _show(*CASES["dwan-ivey-2009"], color="always")
    assert "\033[1mPre-flop\033[0m" in colored and "\033[31m7h\033[0m" in colored
    piped = run("show", str(CASES["dwan-ivey-2009"][0]))
    assert piped.returncode == 0 and "\033[" not in piped.stdout


def test_a_broken_hand_stops_where_the_replay_stops(tmp_path: Path) -> None:
    hand = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text(encoding="utf-8")
    path = tmp_path / "broken.phh"
    path.write_text(hand.replace('"p3 cc",  # Dwan', '"p2 cc",  # Dwan', 1), encoding="utf-8")
    result = run("show", str(path))
    assert result.returncode == 1
    assert "replay stopped here:" in result.stdout
    # a notation slip stops the replay with no replay error: its own problem is the reason, as in the lens
    path.write_text(hand.replace('"p3 cbr 7000"', '"p3 cbr 7,000"', 1), encoding="utf-8")
    slip = run("show", str(path))
    assert slip.returncode == 1
    assert "  replay stopped here: `7,000` is not a plain number: write it without separators, `7000`\n" in slip.stdout
    missing = run("show", str(tmp_path / "missing.phh"))
    assert missing.returncode == 2 and "cannot be read" in missing.stderr
    assert run("show", str(CASES["phhs-hand-2"][0]), "--hand", "5000").returncode == 2


def test_hand_1_is_the_first_hand_after_a_heading_comment(tmp_path: Path) -> None:
    """``phh-lsp convert`` heads its ``.phhs`` with a comment: ``--hand 1`` of
    ``show`` and ``equity`` is still the hand ``[1]``, never the comment (which
    was read as hand 1: ``show`` printed nothing, ``equity`` "not replayed")."""
    dwan = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text(encoding="utf-8")
    path = tmp_path / "two.phhs"
    path.write_text(f"# two hands\n[1]\n{dwan}\n[2]\n{dwan}", encoding="utf-8")
    first = run("show", str(path), "--hand", "1")
    assert first.returncode == 0 and first.stdout.startswith(f"{path} · hand 1 · No-limit Texas hold 'em\n")
    assert "Result: p3 (Tom Dwan) wins 556,000" in first.stdout
    everything = run("show", str(path))
    assert everything.stdout.count("Result: p3 (Tom Dwan) wins 556,000") == 2
    assert f"{path} · hand 2 ·" in everything.stdout and "hand 3" not in everything.stdout
    assert run("show", str(path), "--hand", "3").returncode == 2
    equity = run("equity", str(path), "--hand", "1")
    assert equity.returncode == 0 and "not replayed" not in equity.stdout and "equity" in equity.stdout
