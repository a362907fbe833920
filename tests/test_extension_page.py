"""The extension's page in the Extensions view (and on the Marketplace and Open VSX) is its
README: it must show every command the extension contributes, with pictures that exist.

vsce refuses relative image links it cannot resolve and the Marketplace shows only https
images: the README points at the repository's raw files, so each must be in the repository
at the path its address names, or the page shows a broken image.
"""

from __future__ import annotations

import json
import re

from tests.conftest import ROOT

EXTENSION = ROOT / "vscode-extension"
RAW = "https://raw.githubusercontent.com/phh-lsp/phh-lsp/main/"


def _manifest() -> dict[str, object]:
    return json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_every_contributed_command_is_on_the_page() -> None:
    readme = (EXTENSION / "README.md").read_text(encoding="utf-8")
    contributes = _manifest()["contributes"]
    assert isinstance(contributes, dict)
    for command in contributes["commands"]:
        title = f"**{command['category']}: {command['title']}**"
        assert title in readme, command
        # each with its picture, before the next command's bullet
        entry = readme[readme.index(title) :].split("\n- **", 1)[0]
        assert re.search(r"!\[[^\]]+\]\(https://", entry), f"{title} has no picture on the page"


def test_every_picture_on_the_page_is_in_the_repository() -> None:
    readme = (EXTENSION / "README.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme)
    assert len(images) >= 4, images
    for address in images:
        assert address.startswith(RAW), f"{address}: the Marketplace shows only the repository's https images"
        assert (ROOT / address.removeprefix(RAW)).is_file(), f"{address} is not in the repository"


def test_the_manifest_has_what_the_marketplace_asks() -> None:
    """`vsce package` runs with no override flag (tests/extension packages with it), so the
    repository, the icon and the licence must be there."""
    manifest = _manifest()
    scripts = manifest["scripts"]
    assert isinstance(scripts, dict) and scripts["package"] == "vsce package"
    repository = manifest["repository"]
    assert isinstance(repository, dict) and repository["url"] == "https://github.com/phh-lsp/phh-lsp.git"
    icon = EXTENSION / str(manifest["icon"])
    assert icon.suffix == ".png" and icon.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (EXTENSION / "LICENSE").is_file() and (EXTENSION / "CHANGELOG.md").is_file()
