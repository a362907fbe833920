"""``vim.lsp.enable("phh_lsp")`` is the whole Neovim 0.11 setup, in real Neovim 0.11.4.

The init.lua is what a user with the plugin installed writes: ``editors/neovim`` on the
runtimepath (what lazy.nvim or packer do) and one line, ``vim.lsp.enable("phh_lsp")``;
Neovim finds the server's configuration in the plugin's ``lsp/phh_lsp.lua``. The driver
opens Dwan-Ivey 2009 with a mistake in the first hole cards: the diagnostic must arrive
on that line, the buffer be TOML-highlighted with ``#`` comments, completion be on, and
``:w`` after putting the line right must write the formatted hand (what ``phh-lsp format``
writes) and clear the diagnostic.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.editors.test_neovim import DWAN_SOURCE, find_nvim, nvim_env, phh_lsp_bin, run_headless

HERE = Path(__file__).resolve().parent
PLUGIN = HERE.parent.parent / "editors" / "neovim"


@dataclass(frozen=True)
class BrokenHand:
    """Dwan-Ivey 2009 with a wrong suit in p1's hole cards (``Ax2d``), as an editor test opens
    it, and what the file must read after the card is put right and saved: ``expected``, the
    hand as ``phh-lsp format`` writes it (which differs from the corpus's text)."""

    source: str
    hand: Path
    expected: Path

    @property
    def wrong_line(self) -> int:
        """The 0-based line of the wrong card."""
        return next(number for number, text in enumerate(self.source.splitlines()) if '"d dh p1 Ac2d"' in text)


def broken_hand(folder: Path) -> BrokenHand:
    """Write the broken hand and its formatted twin into ``folder``."""
    source = DWAN_SOURCE.read_text(encoding="utf-8")
    assert '"d dh p1 Ac2d"' in source
    hand = folder / "hand.phh"
    hand.write_text(source.replace('"d dh p1 Ac2d"', '"d dh p1 Ax2d"'), encoding="utf-8")
    expected = folder / "expected.phh"
    expected.write_text(source, encoding="utf-8")
    subprocess.run([str(phh_lsp_bin() / "phh-lsp"), "format", str(expected)], check=True, capture_output=True)
    return BrokenHand(source, hand, expected)


def test_vim_lsp_enable_alone_checks_and_formats_on_save(tmp_path: Path) -> None:
    nvim = find_nvim("pypi")
    broken = broken_hand(tmp_path)
    hand, expected = broken.hand, broken.expected
    init = tmp_path / "init.lua"
    init.write_text(f'vim.opt.runtimepath:append({json.dumps(str(PLUGIN))})\nvim.lsp.enable("phh_lsp")\n')
    env = nvim_env(tmp_path, PHH_NVIM_OUT=str(tmp_path / "result.json"), PHH_NVIM_HAND=str(hand))
    _, output = run_headless(nvim, tmp_path, init, HERE / "nvim_enable_driver.lua", env)
    result: dict[str, Any] = json.loads((tmp_path / "result.json").read_text(encoding="utf-8"))
    context = json.dumps(result, indent=1) + "\n" + output
    assert result["errors"] == [] and result["filetype"] == "phh" and result["attached"], context
    assert result["syntax"] == "toml" and result["commentstring"] == "# %s", context
    assert "noselect" in result["completion"], context  # the plugin's on_attach ran: completion as you type
    assert [(d["code"], d["line"]) for d in result["diagnostics"]] == [("PHH307", broken.wrong_line)], context
    assert "`x` is not a suit" in result["diagnostics"][0]["message"], context
    assert result["cleared"], context
    assert hand.read_text(encoding="utf-8") == expected.read_text(encoding="utf-8"), context
    assert not re.search(r"\bE\d+:|[Ee]rror|stack traceback|deprecated", output + result["messages"]), context


def test_the_docs_lead_with_the_one_line_setup() -> None:
    """The name users pass to ``vim.lsp.enable`` is the file Neovim looks for on the runtimepath."""
    assert (PLUGIN / "lsp" / "phh_lsp.lua").is_file()
    docs = (HERE.parent.parent / "docs" / "neovim.md").read_text(encoding="utf-8")
    assert 'vim.lsp.enable("phh_lsp")' in docs
