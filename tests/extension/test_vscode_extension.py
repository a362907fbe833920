"""The VS Code extension builds, lints, highlights, and works in real VS Code.

The build, lint and grammar tests run wherever Node and npm are (a fresh
machine for this project has them). The last tests install the packaged
.vsix into real VS Code (code-server in headless Chromium) with the shared
vscode-probe and read the Problems panel: a broken hand must show our
code, a valid one nothing; then the restart command and a live settings
change, and per-folder settings in a multi-root workspace. They need the
probe's prerequisites (root for apt, the npm registry); without them they
are skipped with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT

EXTENSION = ROOT / "vscode-extension"
PROBE = ROOT.parent / "shared" / "tools" / "vscode-probe" / "run.sh"
NPM = shutil.which("npm")

pytestmark = pytest.mark.skipif(NPM is None, reason="npm is not installed")


def npm(*args: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    assert NPM is not None
    return subprocess.run([NPM, *args], cwd=EXTENSION, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.fixture(scope="module")
def installed() -> None:
    if not (EXTENSION / "node_modules").is_dir():
        result = npm("ci", "--no-audit", "--no-fund")
        assert result.returncode == 0, result.stdout + result.stderr


def test_compiles(installed: None) -> None:
    result = npm("run", "compile")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (EXTENSION / "out" / "extension.js").is_file()


def test_lints_clean(installed: None) -> None:
    result = npm("run", "lint")
    assert result.returncode == 0, result.stdout + result.stderr


def test_grammar_tests_pass(installed: None) -> None:
    result = npm("test")
    assert result.returncode == 0, result.stdout + result.stderr


def _probe_unavailable() -> str | None:
    if not PROBE.is_file():
        return f"the vscode-probe is not at {PROBE}"
    if os.geteuid() != 0 and shutil.which("chromium") is None:
        return "the vscode-probe needs Chromium (apt-get install chromium, as root)"
    return None


def _run_in_vscode(script: str, out: Path, timeout: int, **env: str) -> str:
    """Run one of the extension's real-VS-Code scripts (skipped without the probe); its output."""
    reason = _probe_unavailable()
    if reason:
        pytest.skip(reason)
    environment = {**os.environ, "VSCODE_PROBE": str(PROBE), **env}
    result = subprocess.run(
        ["bash", str(EXTENSION / "scripts" / script), str(out)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=environment,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    return output


def test_real_vscode_shows_our_diagnostics_and_none_on_a_valid_hand(installed: None, tmp_path: Path) -> None:
    output = _run_in_vscode("probe.sh", tmp_path, timeout=1200)
    assert "PASS: diagnostics appeared for unknown-variant.phh with PHH201" in output
    assert "PASS: diagnostics appeared for unclosed-array.phh with PHH101" in output
    assert "PASS: no diagnostic for dwan-ivey-2009.phh" in output


def test_restart_command_and_a_live_settings_change_in_real_vscode(installed: None, tmp_path: Path) -> None:
    """ "PHH: Restart Server" restarts the server (the output logs a second start and the
    squiggle comes back), and a severity changed in the user settings reaches the server
    without a reload (the error squiggle becomes a warning)."""
    output = _run_in_vscode("restart-check.sh", tmp_path, timeout=900)
    assert "step 2: PASS restart" in output
    assert "step 3: PASS settings" in output


def test_each_folder_of_a_multi_root_workspace_gets_its_own_settings_in_real_vscode(
    installed: None, tmp_path: Path
) -> None:
    """A .code-workspace with two folders whose .vscode/settings.json set PHH208 (the unknown
    field `foo`, a warning by default) to "error" and to "off": the same hand shows an error
    in the first folder (squiggle, Problems panel) and nothing in the second, whose last
    published diagnostics hold no PHH208."""
    output = _run_in_vscode("multi-root-check.sh", tmp_path, timeout=900)
    assert "step 1: PASS folder-a" in output
    assert "step 2: PASS folder-b" in output
    assert "step 3: PASS Problems panel" in output
    assert (tmp_path / "multi-root-check.png").is_file()


def test_hovering_the_flop_shows_who_is_ahead_in_real_vscode(installed: None, tmp_path: Path) -> None:
    """On the flop of Dwan-Ivey 2009 the first hover says who is ahead in plain words,
    then both players' EHS (the server waits a bounded time for its spot; hover.png shows it)."""
    output = _run_in_vscode("hover-check.sh", tmp_path, timeout=900)
    assert "[hover-check] PASS" in output, output[-4000:]
    assert "[hover-check] the first hover answered, hover " in output and ": the figures" in output, output[-4000:]
    assert "p1 (Phil Ivey) is ahead: 62.8 % to win the pot (p3 (Tom Dwan) 37.2 %)" in output
    assert "p1 Ac2d · EHS 0.54 (HS 0.51, PPOT 0.30, NPOT 0.23)" in output and "p3 7h6h · EHS 0.33" in output
    assert (tmp_path / "hover.png").is_file()


def test_accepting_a_completion_inserts_the_whole_action_in_real_vscode(installed: None, tmp_path: Path) -> None:
    """On a new line of ``actions`` a user types `"`, asks for suggestions
    and accepts the next legal action `p2 cc`: the saved file reads `  "p2 cc",` there, the
    whole item with its closing `",`, as Neovim inserts it (tests/editors/test_neovim_completion.py)."""
    output = _run_in_vscode("completion-check.sh", tmp_path, timeout=900)
    assert '[completion-check] PASS: accepted p2 cc; the line reads "  \\"p2 cc\\","' in output, output[-4000:]
    assert (tmp_path / "completion.txt").read_text(encoding="utf-8").endswith('  "p1 cc",\n  "p2 cc",\n]\n')


#: The sites whose histories the converter reads since its first release (issue #27).
NEW_SITES = ("ggpoker", "winamax", "888poker", "wpn", "bovada", "stars-clones", "betonline")


def test_converting_a_pokerstars_history_in_real_vscode(installed: None, tmp_path: Path) -> None:
    """ "PHH: Convert Hand History to PHH" on a PokerStars .txt with one broken hand among
    two, the editor already split in two: the converted hand opens beside it as PHH in the
    other group (no third column), as an unsaved ``stars.phhs`` (not ``Untitled-1``), and a
    notification counts the failed hand (convert.png shows both). Then a history of each
    site read since the first release (GGPoker, Winamax, 888poker, WPN, Bovada, the
    PokerStars-format clients, BetOnline) converts with the summary the command line
    gives for the same file."""
    from tests.conftest import convert_summary, site_samples

    # the sites read since the first release (Neovim's test converts every site's)
    samples = [sample for sample in site_samples() if sample.parent.name in NEW_SITES]
    assert len(samples) == len(NEW_SITES)
    output = _run_in_vscode(
        "convert-check.sh", tmp_path, timeout=900, SITE_FILES="\n".join(str(sample) for sample in samples)
    )
    assert "[convert-check] PASS" in output, output[-4000:]
    # then a history of each of those sites, as the command line converts it
    for sample in samples:
        summary = convert_summary(sample)
        assert f"[convert-check] site {sample.parent.name}-{sample.name}: {summary}" in output, output[-4000:]
    # with the editor already split, the result reuses the other group, as stars.phhs
    assert "PASS: 2 editor groups; tabs: " in output and "stars.phhs" in output, output[-4000:]
    assert "PokerStars: converted 1 of 2 hands (0 with problems, 1 failed)" in output
    assert (tmp_path / "convert.png").is_file()


def test_the_replayer_follows_the_cursor_both_ways_in_real_vscode(installed: None, tmp_path: Path) -> None:
    """ "PHH: Open Replayer" on Dwan-Ivey 2009 with the cursor on `p1 cbr 23000`: the view
    beside shows the pot 33,500; moving the cursor to the flop moves the view, and to column 1
    of the next line (where `j`/`k` leave a Vim user) shows that line's bet; clicking a step
    and pressing the right arrow in the view move the cursor, one step selected; End in the
    view shows the table with both hands shown and named, the uncalled 572,100 is told at the
    all-in call, Home and the arrows step; a typed out-of-turn fold shows the last good state
    and the error; then the hold'em, stud, draw and Omaha hi/lo screenshots."""
    output = _run_in_vscode("replayer-check.sh", tmp_path, timeout=900)
    steps = ("step 1: PASS open", "step 2: PASS follows", "step 2b: PASS column 1", "step 3: PASS clicking")
    keys = ("step 5: PASS End: the showdown", "step 5b: PASS the uncalled bet", "step 5c: PASS Home")
    for step in (*steps, *keys, "step 4: PASS a broken"):
        assert step in output, output[-4000:]
    assert "[replayer-check] PASS" in output
    for name in ("holdem", "stud", "draw", "omaha-hi-lo"):
        assert (tmp_path / f"replayer-{name}.png").stat().st_size > 10_000


def test_the_palette_lists_every_command_and_show_output_shows_the_log_in_real_vscode(
    installed: None, tmp_path: Path
) -> None:
    """Typing "PHH: " in the palette lists every command package.json contributes, and "PHH:
    Show Output" opens the log with the server's start (show-output.png, the README's picture)."""
    output = _run_in_vscode("commands-check.sh", tmp_path, timeout=1200)
    assert "[commands-check] PASS: palette lists" in output, output[-4000:]
    assert "[commands-check] PASS: PHH: Show Output shows the server's log" in output, output[-4000:]
    assert (tmp_path / "show-output.png").is_file()
