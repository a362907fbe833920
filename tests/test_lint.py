"""The house in order: ruff's lint and format, and mypy --strict, in CI.

The README's test command runs the suite, so a lint error, an unformatted
file or a type error fails CI like any other test would.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

BIN = Path(sys.executable).parent


def tool(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / name), *args], cwd=ROOT, capture_output=True, text=True, check=False, timeout=600)


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", "phh_lsp", "tests"), ("ruff", "format", "--check", "phh_lsp", "tests"), ("mypy",)],
    ids=["ruff check", "ruff format --check", "mypy --strict"],
)
def test_clean(command: tuple[str, ...]) -> None:
    result = tool(*command)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
