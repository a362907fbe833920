"""phh-lsp as users install it: one version, and a wheel that works outside this tree.

The wheel and sdist are built as a release would build them (``python -m
build``: the sdist, then the wheel from the sdist, so a file missing from
the sdist fails too), installed with its dependencies from the package
index into a fresh virtual environment (none of this tree's packages
visible), and run from a folder outside the tree on copies of
docs/examples: the replayer's files, read at run time, must be in it.
``uv tool install`` and ``pipx install``, as README's Install section says,
are run on the same wheel when those tools are installed (the dev extras
have them).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest
import yaml

import phh_lsp
from tests.conftest import ROOT

EXAMPLES = ROOT / "docs" / "examples"
BIN = Path(sys.executable).parent


def test_one_version_everywhere() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "phh_lsp.__version__"}
    extension = json.loads((ROOT / "vscode-extension" / "package.json").read_text(encoding="utf-8"))
    assert extension["version"] == phh_lsp.__version__
    assert f"## [{phh_lsp.__version__}]" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_the_package_links_to_its_home() -> None:
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Changelog", "Issues"}
    assert all(url.startswith(phh_lsp.HOME) for url in urls.values())


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
    )


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from the sdist as ``python -m build`` does."""
    out = tmp_path_factory.mktemp("dist")
    built = _run(sys.executable, "-m", "build", "--outdir", out, ROOT, cwd=out)
    assert built.returncode == 0, built.stdout + built.stderr
    (sdist,) = out.glob("phh_lsp-*.tar.gz")
    (wheel,) = out.glob("phh_lsp-*.whl")
    assert sdist.name == f"phh_lsp-{phh_lsp.__version__}.tar.gz"
    return wheel


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Copies of docs/examples in a folder outside the tree."""
    folder = tmp_path_factory.mktemp("hands")
    for example in EXAMPLES.iterdir():
        shutil.copy(example, folder)
    return folder


def _outside(tmp: Path) -> dict[str, str]:
    """An environment that cannot see this tree: no PYTHONPATH, no venv of ours on PATH."""
    environment = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    environment["PATH"] = os.pathsep.join(
        part for part in environment.get("PATH", "").split(os.pathsep) if Path(part) != BIN
    )
    environment["HOME"] = str(tmp)
    return environment


def test_the_wheel_holds_what_is_read_at_run_time(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"phh_lsp/replayer/replayer.js", "phh_lsp/replayer/table.js", "phh_lsp/replayer/replayer.css"} <= names
    assert "phh_lsp/core/engine/standard_table.bin" in names  # hold'em's table, stored (stored_tables.py)
    assert "phh_lsp/py.typed" in names
    assert any(name.endswith("/licenses/LICENSE") for name in names)
    assert not any(name.startswith(("tests/", "docs/")) for name in names)


def test_the_wheel_installed_alone_checks_formats_replays_and_explains(
    wheel: Path, hands: Path, tmp_path: Path
) -> None:
    environment = tmp_path / "env"
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(environment)
    python = environment / "bin" / "python"
    installed = _run(python, "-m", "pip", "install", "--disable-pip-version-check", wheel, cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    phh_lsp_ = environment / "bin" / "phh-lsp"
    env = _outside(tmp_path)
    where = _run(python, "-c", "import phh_lsp; print(phh_lsp.__file__)", cwd=hands, env=env)
    assert where.stdout.startswith(str(environment)), where.stdout  # the installed copy, not this tree's

    checked = _run(phh_lsp_, "check", ".", cwd=hands, env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout == "All good: no problems (4 files, 5 hands checked)\n"

    untidy = hands / "untidy.phh"
    written_right = (EXAMPLES / "dwan-ivey-2009.phh").read_text(encoding="utf-8")
    untidy.write_text(
        written_right.replace('variant = "NT"', 'variant="NT"').replace("[500, 500, 500]", "[ 500,500,500 ]"),
        encoding="utf-8",
    )
    assert untidy.read_text(encoding="utf-8") != written_right
    formatted = _run(phh_lsp_, "format", untidy.name, cwd=hands, env=env)
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
    assert formatted.stdout == "1 file reformatted, 0 files left unchanged\n"
    assert untidy.read_text(encoding="utf-8") == written_right

    replayed = _run(phh_lsp_, "replay", "dwan-ivey-2009.phh", "-o", "dwan-ivey.html", cwd=hands, env=env)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    page = (hands / "dwan-ivey.html").read_text(encoding="utf-8")
    assert (ROOT / "phh_lsp" / "replayer" / "replayer.css").read_text(encoding="utf-8").strip() in page

    explained = _run(phh_lsp_, "rule", "PHH302", cwd=hands, env=env)
    assert explained.returncode == 0, explained.stderr
    assert "Reported on `p7`: there is no p7: this hand has 3 players (p1 to p3)" in explained.stdout


@pytest.mark.parametrize("tool", ["uv", "pipx"])
def test_installed_as_a_tool(tool: str, wheel: Path, tmp_path: Path) -> None:
    program = shutil.which(tool, path=str(BIN)) or shutil.which(tool)
    if program is None:
        pytest.skip(f"{tool} is not installed (pip install -e '.[dev]' installs it)")
    env = _outside(tmp_path)
    bin_dir = tmp_path / "bin"
    env.update(
        UV_TOOL_DIR=str(tmp_path / "uv-tools"),
        UV_TOOL_BIN_DIR=str(bin_dir),
        PIPX_HOME=str(tmp_path / "pipx"),
        PIPX_BIN_DIR=str(bin_dir),
        PIPX_MAN_DIR=str(tmp_path / "man"),
    )
    command = [program, "tool", "install", wheel] if tool == "uv" else [program, "install", wheel]
    installed = _run(*command, cwd=tmp_path, env=env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    version = _run(bin_dir / "phh-lsp", "--version", cwd=tmp_path, env=env)
    assert version.stdout.startswith(f"phh-lsp {phh_lsp.__version__} (Python "), version.stdout + version.stderr
    checked = _run(bin_dir / "phh-lsp", "check", EXAMPLES / "dwan-ivey-2009.phh", cwd=tmp_path, env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_pre_commit_snippets_name_this_repository_and_this_release() -> None:
    """What a user pastes into .pre-commit-config.yaml works as pasted once the release is tagged."""
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    snippet = f"- repo: {phh_lsp.HOME}\n  rev: v{phh_lsp.__version__}\n  hooks:\n"
    snippet += "".join(f"    - id: {hook['id']}\n" for hook in hooks)
    assert snippet in (ROOT / "README.md").read_text(encoding="utf-8")
    commented = "".join(f"#   {line}\n" for line in snippet.splitlines())
    assert commented in (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
