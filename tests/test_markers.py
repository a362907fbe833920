"""The quick loop's rule, held: ``pytest -m fast`` leaves out every test that needs more.

``tests/conftest.py``'s hook marks each test by what it needs (``e2e``, ``editors``,
``extension``, ``slow``) and the rest ``fast``. Were the hook broken, the quick loop would
quietly start servers and editors, or leave out the core; these tests fail first.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import BIG_PHHS, CORPUS, LEFT_OUT_OF_FAST, MARKED, PYTEST_LSP_FIXTURES, ROOT, SLOW, kinds

TESTS = ROOT / "tests"
#: Tests that start the server the hook cannot see (hardening's own ``session()``), marked by hand.
HAND_MARKED_E2E = (
    "tests/hardening/test_protocol_abuse.py::test_malformed_messages",
    "tests/hardening/test_security.py::test_the_server_opens_no_file_but_its_own_code",
)


def test_a_folder_names_its_kind() -> None:
    assert kinds(TESTS / "e2e" / "test_server.py", "test_x", ()) == {"e2e"}
    assert kinds(TESTS / "editors" / "test_neovim.py", "test_x", ()) == {"editors"}
    assert kinds(TESTS / "extension" / "test_vscode_extension.py", "test_x", ()) == {"extension"}
    assert kinds(TESTS / "core" / "test_text.py", "test_x", ()) == set()
    assert kinds(TESTS / "test_cli.py", "test_x", ()) == set()


def test_a_pytest_lsp_fixture_starts_the_server() -> None:
    assert kinds(TESTS / "test_config.py", "test_x", {"_pytest.tmpdir", PYTEST_LSP_FIXTURES}) == {"e2e"}
    assert kinds(TESTS / "e2e" / "test_server.py", "test_x", {PYTEST_LSP_FIXTURES}) == {"e2e"}


def test_slow_is_the_list_or_once_per_corpus_file() -> None:
    assert kinds(TESTS / "test_lint.py", "test_clean", ()) == {"slow"}
    assert kinds(TESTS / "core" / "test_corpus.py", "test_x", (), ["NT", BIG_PHHS]) == {"slow"}
    assert kinds(TESTS / "core" / "test_corpus.py", "test_x", (), [CORPUS / "wsop" / "hand.phh"]) == {"slow"}
    assert kinds(TESTS / "core" / "test_corpus.py", "test_x", (), [TESTS / "golden", "NT", 3]) == set()


def test_the_hook_marked_this_test_fast(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("fast") is not None
    assert not any(request.node.get_closest_marker(kind) for kind in LEFT_OUT_OF_FAST)


def test_every_collected_test_is_marked_by_the_rule(request: pytest.FixtureRequest) -> None:
    """Over whatever this run collected (all of the suite under ``pytest`` or ``pytest -m fast``):
    a folder's tests have its marker, and ``fast`` is exactly "none of the others"."""
    marked = request.config.stash[MARKED]
    assert marked, "the hook kept no record of what it marked"
    for nodeid, names in marked.items():
        parts = nodeid.split("::")[0].split("/")
        folder = parts[1] if len(parts) > 2 else ""
        if folder in ("e2e", "editors", "extension"):
            assert folder in names, nodeid
        assert ("fast" in names) == names.isdisjoint(LEFT_OUT_OF_FAST), (nodeid, sorted(names))
    files = {nodeid.split("::")[0].rsplit("/", 1)[-1] for nodeid in marked}
    functions = {nodeid.split("[")[0].rsplit("/", 1)[-1] for nodeid in marked}
    stale = sorted(name for name in SLOW if name.split("::")[0] in files and name not in functions)
    assert stale == [], "SLOW names tests that are no longer there"
    config_server = "tests/test_config.py::test_each_workspace_folder_gets_its_own_settings"
    for nodeid in (config_server, *HAND_MARKED_E2E):
        if nodeid in marked:
            assert "e2e" in marked[nodeid], nodeid


def test_the_fast_run_deselects_the_servers_and_editors() -> None:
    """The real ``-m fast`` selection, in a fresh pytest: none of the server, editor or
    extension tests, but the plain ones beside them."""
    folders = ["tests/e2e", "tests/editors", "tests/extension", "tests/test_config.py"]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q", "-m", "fast", *folders],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    selected = [line for line in result.stdout.splitlines() if "::" in line]
    assert selected, result.stdout[-4000:]
    assert all(line.startswith("tests/test_config.py::") for line in selected), selected
    assert "tests/test_config.py::test_each_workspace_folder_gets_its_own_settings" not in selected
    assert "deselected" in result.stdout.splitlines()[-1]
