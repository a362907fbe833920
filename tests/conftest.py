"""Shared fixtures: where the corpus is, and small text helpers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.lsp_client import client  # noqa: F401 - the end-to-end tests' server session, for every test module

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
#: The 991-hand real online file: the big `.phhs` every speed and scale test uses.
BIG_PHHS = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


@dataclass(frozen=True)
class CorpusTotals:
    """What the corpus's MANIFEST says it holds (its "total" row)."""

    phh_files: int
    phhs_files: int
    hands: int


def manifest_totals() -> CorpusTotals:
    """The totals the corpus declares, read from its MANIFEST.

    Why not numbers written here: the corpus grows (it went from 1,369 to
    1,632 hands), and the suite must then check that every hand of the new
    corpus is counted, not fail on a stale constant.
    """
    manifest = (CORPUS / "MANIFEST.md").read_text(encoding="utf-8")
    row = re.search(r"(?m)^\| total \| (\d+) `\.phh` \+ (\d+) `\.phhs`.*?\| ([\d,]+) \|", manifest)
    assert row is not None, "the corpus MANIFEST has no total row"
    return CorpusTotals(int(row.group(1)), int(row.group(2)), int(row.group(3).replace(",", "")))


def corpus_files() -> list[Path]:
    """Every .phh and .phhs file of the shared corpus, sorted."""
    return sorted(path for path in CORPUS.rglob("*") if path.suffix in (".phh", ".phhs"))


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus folder (the suite needs it: it is the ground truth)."""
    assert CORPUS.is_dir(), f"the shared corpus is missing at {CORPUS}"
    return CORPUS


@pytest.fixture(autouse=True)
def _no_strength_left_behind() -> Iterator[None]:
    """Equities queued by a test's hovers are not computed during the next
    tests (one background thread, seconds of work per spot)."""
    yield
    from phh_lsp.core.strength.spot_cache import drop_pending

    drop_pending()
