"""``phh-lsp`` typed in a terminal: ``serve --help`` is help, and Ctrl-C ends a command at once, quietly.

A terminal's Ctrl-C sends SIGINT to the whole foreground process group (the
command and any ``--jobs`` workers); these tests do the same with
:func:`os.killpg` on a process started in its own session. The server's own
terminal behaviour (the line on a TTY, Ctrl-C while it waits) is in
``tests/e2e/test_terminal.py``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import BIG_PHHS


def test_serve_help_prints_the_serve_commands_help_and_starts_no_server() -> None:
    """It started the server, which ended at once on the closed stdin with exit 1."""
    result = subprocess.run(
        [sys.executable, "-m", "phh_lsp", "serve", "--help"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("usage: phh-lsp serve [-h]\n")
    said = " ".join(result.stdout.split())
    assert "Run the language server over stdio (the default): editors start it, and talk to it on stdin/stdout." in said


def test_a_mistyped_serve_option_is_a_usage_error_not_a_server() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "phh_lsp", "serve", "--stdoi"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == "phh-lsp: error: unrecognized arguments: --stdoi"


def _wait_for_group(group: int, size: int) -> None:
    """Until the process group has ``size`` processes (forked workers share the command's
    handlers from their first instruction: no time to settle is needed, and on a fast machine
    the check would be over)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        members = 0
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[2]) == group:
                members += 1
        if members >= size:
            return
        time.sleep(0.05)
    raise AssertionError(f"the check never had {size} processes")


@pytest.mark.slow  # a check of the 991-hand file, interrupted
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_ends_a_long_check_at_once_quietly_with_exit_130(jobs: str) -> None:
    """It gave a KeyboardInterrupt traceback (from each worker with ``--jobs``) and exit -2.

    The hand text goes through a pipe larger than the pipe's buffer, so once it is all
    written the command is running (reading it, or checking it): the signal comes then.
    """
    command = [sys.executable, "-m", "phh_lsp", "check", "--jobs", jobs, "-", "--stdin-filename", "big.phhs"]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    assert process.stdin is not None
    process.stdin.write(BIG_PHHS.read_bytes())
    process.stdin.close()
    if jobs != "1":  # the workers at work, not being started
        _wait_for_group(process.pid, 1 + int(jobs))
    os.killpg(process.pid, signal.SIGINT)
    sent = time.monotonic()
    process.wait(timeout=60)  # what it writes (a traceback, a summary) fits the pipes' buffers
    waited = time.monotonic() - sent
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read(), process.stderr.read()
    assert process.returncode == 130, err.decode()[-2000:]
    assert err.decode() == ""
    assert b"Found" not in out  # stopped, not finished
    assert waited < 5
