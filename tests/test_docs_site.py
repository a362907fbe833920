"""The documentation site builds with ``mkdocs build --strict``: every page of docs/ in the
navigation, no dead link, no anchor that is not there.

Links from a page to the repository outside docs/ (``../editors/neovim``) are made links to
GitHub by ``docs/hooks/repository_links.py``; a link to a file that does not exist fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

from tests.conftest import ROOT

MKDOCS = [sys.executable, "-m", "mkdocs"]


def _nav_pages(entries: list[object]) -> set[str]:
    pages: set[str] = set()
    for entry in entries:
        values = entry.values() if isinstance(entry, dict) else [entry]
        for value in values:
            pages |= _nav_pages(value) if isinstance(value, list) else {str(value)}
    return pages


def test_every_page_is_in_the_navigation() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    pages = {path.relative_to(ROOT / "docs").as_posix() for path in (ROOT / "docs").rglob("*.md")}
    assert _nav_pages(config["nav"]) == pages


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    built = subprocess.run(
        [*MKDOCS, "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=environment,
        check=False,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    neovim = (tmp_path / "site" / "neovim" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://github.com/phh-lsp/phh-lsp/tree/main/editors/neovim"' in neovim
    assert (tmp_path / "site" / "diagnostics" / "index.html").read_text(encoding="utf-8").count('id="phh302"') == 1
