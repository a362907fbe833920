"""docs/editors.md's eglot configuration, as written, in real Emacs.

The ```elisp block after ``<!-- emacs-eglot -->`` is the init file; ``emacs_driver.el``
opens Dwan-Ivey 2009 with a wrong suit in the first hole cards, waits for Flymake's
diagnostic from phh-lsp, puts the card right and saves (the documented ``before-save-hook``
formats through the server). Emacs 28 and eglot come from the system's packages: when
``emacs`` is missing and the tests run as root with apt-get (a CI machine), they are
installed once (``emacs-nox elpa-eglot``); otherwise the test is skipped with the command
to run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.editors.test_neovim import nvim_env
from tests.editors.test_neovim_enable import broken_hand

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent.parent / "docs" / "editors.md"
PACKAGES = ("emacs-nox", "elpa-eglot")
#: How long Emacs may take to open the hand, hear the server and save (the server's first start
#: loads PokerKit); a hung run fails instead of hanging the suite.
RUN_TIMEOUT = 180


def doc_block(marker: str) -> str:
    """The fenced block right after ``<!-- marker -->`` in docs/editors.md."""
    text = DOCS.read_text(encoding="utf-8")
    after = text.split(f"<!-- {marker} -->", 1)[1]
    return after.split("```elisp\n", 1)[1].split("```", 1)[0]


def _has_eglot(emacs: str) -> bool:
    probe = subprocess.run(
        [emacs, "--batch", "-q", "--eval", "(require 'eglot)"], capture_output=True, text=True, timeout=60, check=False
    )
    return probe.returncode == 0


def _apt_get(*args: str) -> subprocess.CompletedProcess[str]:
    """``apt-get ARGS`` without questions, bounded in time; its outcome."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    return subprocess.run(["apt-get", *args], capture_output=True, text=True, timeout=900, env=env, check=False)


@pytest.fixture(scope="module")
def emacs() -> str:
    """Emacs with eglot: the one on PATH, or installed from the system's packages when we may."""
    found = shutil.which("emacs")
    if found and _has_eglot(found):
        return found
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        pytest.skip(f"needs Emacs 28+ with eglot: apt install {' '.join(PACKAGES)}")
    installed = _apt_get("install", "-y", "-q", "--no-install-recommends", *PACKAGES)
    if installed.returncode != 0:  # the package lists may be stale on a fresh machine
        _apt_get("update", "-q")
        installed = _apt_get("install", "-y", "-q", "--no-install-recommends", *PACKAGES)
    found = shutil.which("emacs")
    assert installed.returncode == 0 and found, installed.stdout[-2000:] + installed.stderr[-2000:]
    return found


def test_eglot_shows_the_diagnostic_and_formats_on_save(emacs: str, tmp_path: Path) -> None:
    broken = broken_hand(tmp_path)
    hand, expected = broken.hand, broken.expected
    init = tmp_path / "init.el"
    init.write_text(doc_block("emacs-eglot"), encoding="utf-8")
    env = nvim_env(tmp_path, PHH_EMACS_HAND=str(hand))
    run = subprocess.run(
        [emacs, "--batch", "-q", "-l", str(init), "-l", str(HERE / "emacs_driver.el")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        check=False,
    )
    output = run.stdout + run.stderr
    line = next((x for x in output.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, output
    result: dict[str, Any] = json.loads(line.removeprefix("RESULT "))
    context = json.dumps(result, indent=1) + "\n" + output
    assert not result["errors"] and result["mode"] == "phh-mode" and result["managed"], context
    assert [d["line"] for d in result["diagnostics"]] == [broken.wrong_line + 1], context  # Emacs counts from 1
    assert "PHH307" in result["diagnostics"][0]["text"] and "`x` is not a suit" in result["diagnostics"][0]["text"]
    assert result["cleared"], context
    assert hand.read_text(encoding="utf-8") == expected.read_text(encoding="utf-8"), context
