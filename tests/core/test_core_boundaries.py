"""The core is protocol-free and never raises on any text."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phh_lsp.core.analysis import analyze
from tests.core.test_diagnostic_codes import NT


def test_core_imports_neither_pygls_nor_lsprotocol() -> None:
    code = (
        "import sys, pkgutil, importlib, phh_lsp.core as core\n"
        "for m in pkgutil.walk_packages(core.__path__, 'phh_lsp.core.'): importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol')]\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def _all_features(text: str, path: str) -> None:
    analysis = analyze(text, path)
    analysis.diagnostics  # noqa: B018 - computing them is the test
    for view in analysis.hands:
        view.hand.action_at(0)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_random_text_gives_diagnostics_not_exceptions(text: str) -> None:
    _all_features(text, "x.phh")
    _all_features(text, "x.phhs")


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(NT)), st.sampled_from(['"', "[", "]", "\n", "#", "=", "'", "\\", "\r", "{", "p9"]))
def test_edits_of_a_valid_hand_never_raise(position: int, inserted: str) -> None:
    _all_features(NT[:position] + inserted + NT[position:], "x.phh")
    _all_features(NT[:position] + NT[position + 1 :], "x.phh")


def test_truncated_at_every_position() -> None:
    for end in range(len(NT) + 1):
        _all_features(NT[:end], "x.phh")
