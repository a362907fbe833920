"""The editor packages shipped beside the code name the package's own version and command.

A mason package that installs another version than the one its docs describe, or a
lazy.nvim spec that points at a folder that is not the plugin, fails only on a user's machine.
"""

from __future__ import annotations

import re

import phh_lsp
from tests.conftest import ROOT

MASON = ROOT / "editors" / "mason" / "phh-lsp" / "package.yaml"


def test_the_mason_package_installs_this_version_from_pypi() -> None:
    text = MASON.read_text(encoding="utf-8")
    assert re.search(r"(?m)^  id: pkg:pypi/phh-lsp@(\S+)$", text) is not None
    assert f"pkg:pypi/phh-lsp@{phh_lsp.__version__}\n" in text
    assert "  phh-lsp: pypi:phh-lsp\n" in text  # the command every editor setup starts


def test_the_lazy_spec_loads_the_plugin_folder() -> None:
    """docs/neovim.md's lazy.nvim spec names the folder that holds lsp/phh_lsp.lua."""
    docs = (ROOT / "docs" / "neovim.md").read_text(encoding="utf-8")
    spec = docs.split("<!-- lazy-spec -->", 1)[1].split("```lua\n", 1)[1].split("```", 1)[0]
    assert '"phh-lsp/phh-lsp"' in spec and "editors/neovim" in spec
    assert (ROOT / "editors" / "neovim" / "lsp" / "phh_lsp.lua").is_file()
