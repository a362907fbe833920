"""The pre-commit hooks of `.pre-commit-hooks.yaml`, run by pre-commit itself.

`pre-commit try-repo` installs this repository as a hook repository would be
(a virtual environment with phh-lsp in it) and runs each hook on a temporary
repository of hands, as a user's `git commit` would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.core.test_diagnostic_codes import NT

PRE_COMMIT = Path(sys.executable).with_name("pre-commit")
ONE_LINE = NT.replace('actions = [\n  "', 'actions = ["').replace('",\n  "', '", "').replace('",\n]', '"]')

pytestmark = pytest.mark.skipif(not (ROOT / ".git").exists(), reason="pre-commit installs hooks from a git repository")


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pre-commit's cache, shared by the two hooks (one environment)."""
    return tmp_path_factory.mktemp("pre-commit-home")


def hands_repository(folder: Path) -> Path:
    folder.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=folder, check=True)
    (folder / "bad.phh").write_text(NT.replace("AcAd", "AcAx"))
    (folder / "one-line.phh").write_text(ONE_LINE)
    (folder / "notes.txt").write_text("not a hand [")
    subprocess.run(["git", "add", "."], cwd=folder, check=True)
    return folder


def try_repo(home: Path, repository: Path, hook: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PRE_COMMIT_HOME": str(home), "GIT_AUTHOR_NAME": "t", "GIT_COMMITTER_NAME": "t"}
    return subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(ROOT), hook, "--all-files"],
        cwd=repository,
        capture_output=True,
        text=True,
        env=environment,
        check=False,
        timeout=600,
    )


def test_the_check_hook_fails_on_a_broken_hand(home: Path, tmp_path: Path) -> None:
    assert shutil.which("git") is not None
    repository = hands_repository(tmp_path / "hands")
    result = try_repo(home, repository, "phh-lsp-check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "bad.phh:7:14: PHH307 `x` is not a suit: use one of c, d, h, s or ?" in result.stdout
    assert "(2 files, 2 hands checked)" in result.stdout  # notes.txt is not a hand file


def test_the_format_hook_rewrites_and_fails_once(home: Path, tmp_path: Path) -> None:
    repository = hands_repository(tmp_path / "hands")
    first = try_repo(home, repository, "phh-lsp-format")
    assert first.returncode == 1 and "files were modified by this hook" in first.stdout, first.stdout
    assert (repository / "one-line.phh").read_text() == NT
    subprocess.run(["git", "add", "."], cwd=repository, check=True)
    second = try_repo(home, repository, "phh-lsp-format")
    assert second.returncode == 0, second.stdout
