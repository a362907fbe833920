"""``phh-lsp check`` on hostile folders: symbolic-link loops, unreadable
files and folders, dangling links, a named pipe. The run always ends (each
call has a timeout), reports what it cannot read and checks the rest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hardening import inputs

GOOD = inputs.CORPUS / "examples" / "dwan-ivey-2009.phh"
OTHER = inputs.CORPUS / "examples" / "antonius-blom-2009.phh"


def check(*paths: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "phh_lsp", "check", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def summary(result: subprocess.CompletedProcess[str]) -> str:
    return result.stdout.strip().splitlines()[-1]


def test_symlink_loops_end_and_check_each_file_once(tmp_path: Path) -> None:
    root = tmp_path / "hands"
    (root / "deep" / "er").mkdir(parents=True)
    shutil.copy(GOOD, root / "good.phh")
    shutil.copy(OTHER, root / "deep" / "er" / "other.phh")
    (root / "deep" / "er" / "up").symlink_to("..")  # a loop through the parent
    (root / "deep" / "to-root").symlink_to(root)  # a loop to the top
    (root / "deep" / "er" / "same.phh").symlink_to(root / "good.phh")  # a second name for a file
    (tmp_path / "elsewhere").symlink_to(root)
    result = check(root, tmp_path / "elsewhere", root / "deep" / "to-root")
    assert result.returncode == 0, result.stderr
    assert summary(result).endswith("(2 files, 2 hands checked)"), result.stdout


def test_unreadable_entries_are_reported_and_the_rest_checked(tmp_path: Path) -> None:
    """Dangling links and links to themselves fail to read even as root."""
    root = tmp_path / "hands"
    root.mkdir()
    shutil.copy(GOOD, root / "good.phh")
    (root / "gone.phh").symlink_to(tmp_path / "no-such-file.phh")
    (root / "self.phh").symlink_to("self.phh")
    result = check(root, tmp_path / "missing.phh")
    assert result.returncode == 2
    assert sorted(result.stderr.splitlines()) == sorted(
        [
            f"phh-lsp check: {root / 'gone.phh'}: cannot read (No such file or directory)",
            f"phh-lsp check: {root / 'self.phh'}: cannot read (Too many levels of symbolic links)",
            f"phh-lsp check: {tmp_path / 'missing.phh'}: no such file or folder",
        ]
    ), result.stderr
    assert summary(result) == "Found 0 errors, 0 warnings, 3 paths not read (1 file, 1 hand checked)"


def _chmod_blocks_reading(path: Path) -> bool:
    try:
        path.read_bytes() if path.is_file() else os.listdir(path)
    except PermissionError:
        return True
    return False


@pytest.mark.parametrize("what", ["file", "folder"])
def test_chmod_000_is_reported_and_the_rest_checked(tmp_path: Path, what: str) -> None:
    root = tmp_path / "hands"
    (root / "locked").mkdir(parents=True)
    shutil.copy(GOOD, root / "good.phh")
    locked = root / "locked.phh" if what == "file" else root / "locked"
    if what == "file":
        shutil.copy(OTHER, locked)
    else:
        shutil.copy(OTHER, locked / "other.phh")
    locked.chmod(0)
    try:
        if not _chmod_blocks_reading(locked):
            pytest.skip("running with the power to read a chmod 000 path (root?): cannot test unreadable paths")
        result = check(root)
    finally:
        locked.chmod(0o755)
    assert result.returncode == 2
    assert str(locked) in result.stderr and "cannot read" in result.stderr, result.stderr
    assert "1 hand checked" in summary(result), result.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def test_a_named_pipe_does_not_hang_the_check(tmp_path: Path) -> None:
    root = tmp_path / "hands"
    root.mkdir()
    shutil.copy(GOOD, root / "good.phh")
    os.mkfifo(root / "pipe.phh")
    result = check(root, timeout=4)
    assert "pipe.phh" in result.stderr
    assert "1 hand checked" in summary(result)
