"""Shared fixtures (where the corpus is, small text helpers) and the markers of the quick loop."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
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


#: The kinds of test the quick loop leaves out; each is a marker registered in pyproject.toml.
#: ``fast`` is given to every test that has none of them.
LEFT_OUT_OF_FAST = ("e2e", "editors", "extension", "slow")
#: Folders of ``tests/`` whose every test is of one kind, named by the folder.
KIND_FOLDERS = ("e2e", "editors", "extension")
#: Where ``pytest_lsp.fixture`` defines the fixtures it makes (each starts the real server).
PYTEST_LSP_FIXTURES = "pytest_lsp.plugin"
#: Every test the session collected, before ``-m`` deselects, with its markers' names.
MARKED = pytest.StashKey[dict[str, frozenset[str]]]()


def kinds(path: Path, fixture_modules: Iterable[str]) -> set[str]:
    """The markers the hook gives a test, from its file and the modules of its fixtures."""
    found: set[str] = set()
    tests, path = ROOT / "tests", path.resolve()
    folder = path.relative_to(tests).parts[0] if path.is_relative_to(tests) else ""
    if folder in KIND_FOLDERS:
        found.add(folder)
    if PYTEST_LSP_FIXTURES in fixture_modules:
        found.add("e2e")
    return found


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test by what it needs, so that ``pytest -m fast`` is the quick loop.

    The rule:

    * a test under ``tests/e2e/``, ``tests/editors/`` or ``tests/extension/`` gets the folder's
      marker: ``e2e`` (the real server over stdio), ``editors`` (real Neovim or Emacs),
      ``extension`` (the VS Code extension's build and tests);
    * a test using a fixture made with ``pytest_lsp.fixture`` (``client`` from
      ``tests/lsp_client.py``, or its own like ``multi_root`` in ``tests/test_config.py``)
      starts the real server: ``e2e``;
    * what the hook cannot see is written on the test: ``@pytest.mark.e2e`` on a test that
      starts the server by ``session()`` of ``tests/hardening/lsp_session.py``, and
      ``@pytest.mark.slow`` on any other test that takes more than about a second (measured with
      ``pytest --durations=0``);
    * a test with none of ``e2e``, ``editors``, ``extension`` and ``slow`` gets ``fast``.

    ``pytest -m fast`` is thus ``pytest -m "not (e2e or editors or extension or slow)"``; plain
    ``pytest`` still runs every test (CI does). Runs first, before ``-m`` deselects, and keeps
    what it gave every test in ``config.stash[MARKED]``, for ``tests/test_markers.py`` to hold
    the hook to this rule.
    """
    for item in items:
        fixtures = getattr(item, "_fixtureinfo", None)
        definitions = fixtures.name2fixturedefs.values() if fixtures is not None else ()
        modules = {definition.func.__module__ for chain in definitions for definition in chain}
        for kind in sorted(kinds(item.path, modules)):
            item.add_marker(kind)
        if not any(item.get_closest_marker(kind) for kind in LEFT_OUT_OF_FAST):
            item.add_marker("fast")
    config.stash[MARKED] = {item.nodeid: frozenset(mark.name for mark in item.iter_markers()) for item in items}


@pytest.fixture(autouse=True)
def _no_strength_left_behind() -> Iterator[None]:
    """Equities queued by a test's hovers are not computed during the next
    tests (one background thread, seconds of work per spot)."""
    yield
    from phh_lsp.features.strength import drop_pending

    drop_pending()
