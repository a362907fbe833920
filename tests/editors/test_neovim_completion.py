"""Completion accepted in real Neovim as a user accepts it: the whole item lands in the buffer.

docs/neovim.md's configurations, as written, are the init.lua (as in test_neovim.py).
``nvim_completion_driver.lua`` opens a hand, opens a new line (`o`) and types what a user
types: `"` in ``actions`` (an action), `"p1 cbr ` (an amount), `"d db ` (a card of the
flop), or nothing on a line between fields (a field name). The menu opens by itself (0.11's
autotrigger) or with <C-x><C-o>; <C-n> to the item and <C-y> accept it. The line is read
back: Neovim 0.11 keeps only the first word of a plain-text item's ``newText`` (``"p1``),
so the server sends snippets where the client takes them, plain text where it does not
(Neovim 0.7). The 0.7 block, on 0.11, turns ``vim.lsp.completion`` on too: with the
omnifunc alone Neovim would insert a snippet item's label, without its closing ``",``.
On Neovim 0.7.2 (Debian) and 0.11.4 (PyPI), found or installed as test_neovim.py does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.editors.test_neovim import doc_block, find_nvim, nvim_env, run_headless

DRIVER = Path(__file__).resolve().parent / "nvim_completion_driver.lua"

HAND = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = [
  "d dh p1 AcAd",
  "d dh p2 KcKd",
  "d dh p3 QcQd",
  "p3 f",
  "p1 cc",
  "p2 cc",
]
"""

#: name, the line below which `o` opens a new one, the keys typed, the item accepted.
CASES = [
    {"name": "action", "after": '"p3 f",', "keys": '"', "label": "p1 cc"},
    {"name": "amount", "after": '"p3 f",', "keys": '"p1 cbr ', "label": "p1 cbr 200"},
    {"name": "card", "after": '"p2 cc",', "keys": '"d db ', "label": "Jc"},
    {"name": "field", "after": "^min_bet", "keys": "", "label": "players"},
]

#: What each case's line reads after <C-y>, by whether the client takes snippets.
SNIPPETS = {
    "action": '  "p1 cc",',
    "amount": '  "p1 cbr 200",',
    "card": '  "d db Jc',
    "field": 'players = [""]',
}
PLAIN = {**SNIPPETS, "field": "players = "}

_runs: dict[tuple[str, str], dict[str, Any]] = {}


def completion_run(marker: str, which: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    nvim = find_nvim(which)
    if (marker, which) not in _runs:
        tmp = tmp_path_factory.mktemp(f"completion-{marker}-{which}")
        hand = tmp / "hand.phh"
        hand.write_text(HAND, encoding="utf-8")
        init = tmp / "init.lua"
        init.write_text(doc_block(marker), encoding="utf-8")
        out = tmp / "result.json"
        env = nvim_env(
            tmp,
            PHH_NVIM_OUT=str(out),
            PHH_NVIM_HAND=str(hand),
            PHH_NVIM_CASES=json.dumps(CASES),
            PHH_NVIM_WAIT_MS="12000",
        )
        process, text = run_headless(nvim, tmp, init, DRIVER, env)
        assert out.is_file(), f"Neovim {nvim.version} exited {process.returncode} without a result:\n{text}"
        _runs[(marker, which)] = json.loads(out.read_text(encoding="utf-8"))
    return _runs[(marker, which)]


@pytest.mark.parametrize(
    ("marker", "which", "expected"),
    [
        pytest.param("nvim-0.11", "pypi", SNIPPETS, id="0.11-config-on-nvim-0.11"),
        pytest.param("nvim-0.7", "debian", PLAIN, id="0.7-config-on-debian-nvim"),
        pytest.param("nvim-0.7", "pypi", SNIPPETS, id="0.7-config-on-nvim-0.11"),
    ],
)
@pytest.mark.parametrize("case", [case["name"] for case in CASES])
def test_an_accepted_item_is_inserted_whole(
    marker: str, which: str, expected: dict[str, str], case: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    result = completion_run(marker, which, tmp_path_factory)
    context = json.dumps(result, indent=1)
    assert result["errors"] == [], context
    seen = {entry["name"]: entry for entry in result["cases"]}[case]
    assert seen["attached"], context
    label = next(entry["label"] for entry in CASES if entry["name"] == case)
    assert label in seen["menu"], context
    assert seen.get("line") == expected[case], context
