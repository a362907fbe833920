"""Shared fixtures: where the corpus is, and small text helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"


def corpus_files() -> list[Path]:
    """Every .phh and .phhs file of the shared corpus, sorted."""
    return sorted(path for path in CORPUS.rglob("*") if path.suffix in (".phh", ".phhs"))


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus folder (the suite needs it: it is the ground truth)."""
    assert CORPUS.is_dir(), f"the shared corpus is missing at {CORPUS}"
    return CORPUS
