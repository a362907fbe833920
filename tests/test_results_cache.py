"""The results cache of ``check`` and ``format`` (issue #30), as a user meets it.

A run served from the cache prints exactly what a fresh run prints (the
findings, their order, the summary, the exit code); a changed, fixed or
differently configured file is checked again; a damaged entry is ignored
and rewritten; two runs at once leave a cache both can use; ``clean``
removes it; ``PHH_LSP_CACHE_DIR`` and ``cache-dir`` say where it lives.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import phh_lsp.cli.check as check_module
from phh_lsp import cli
from phh_lsp.cli.results_cache import CACHE_DIR_ENV
from tests.conftest import CORPUS
from tests.core.test_diagnostic_codes import NT, PHHS
from tests.test_check_fix import BROKEN

#: Hands with errors, warnings and hints, beside clean ones.
ERRORS = NT.replace("AcAd", "AcAx").replace('"NT"', '"NT"\nfoo = 1')


def _dataset(folder: Path) -> Path:
    """A copy of part of the corpus and hands with problems, in ``folder/data``."""
    data = folder / "data"
    shutil.copytree(CORPUS / "wsop-2023-54-4", data / "wsop")
    for path in sorted((CORPUS / "pluribus").rglob("*.phh"))[:40]:
        shutil.copy(path, data / path.name)
    (data / "errors.phh").write_text(ERRORS, encoding="utf-8")
    (data / "fixable.phh").write_text(BROKEN, encoding="utf-8")
    (data / "two.phhs").write_text(PHHS.replace("p2 f", "p2 x"), encoding="utf-8")
    return data


def _check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.json"))


def _no_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, analysing a file fails the test: what is printed comes from the cache."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("analysed instead of served from the cache")

    monkeypatch.setattr(check_module, "analyze", refuse)


@pytest.mark.parametrize("output_format", ["full", "json"])
def test_a_cached_run_prints_what_a_fresh_run_prints(
    output_format: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _dataset(tmp_path)
    fresh = _check(capsys, "--no-cache", "--output-format", output_format, str(data))
    assert fresh[0] == 1
    first = _check(capsys, "--output-format", output_format, str(data))
    _no_analysis(monkeypatch)
    cached = _check(capsys, "--output-format", output_format, str(data))
    assert fresh == first == cached
    if output_format == "full":
        assert "PHH" in cached[1] and "hands checked)" in cached[1].splitlines()[-1]
    else:
        assert any("fix" in finding for finding in json.loads(cached[1]))  # fixes kept in the JSON's entries


def test_jobs_use_the_cache_and_print_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _dataset(tmp_path)
    fresh = _check(capsys, "--no-cache", str(data))
    (data / "errors.phh").write_text(ERRORS + "bar = 2\n", encoding="utf-8")  # one file not in the cache
    _check(capsys, str(data))
    changed = _check(capsys, "--jobs", "2", "--no-cache", str(data))
    assert _check(capsys, "--jobs", "2", str(data)) == changed != fresh
    _no_analysis(monkeypatch)
    assert _check(capsys, "--jobs", "2", str(data)) == changed


def test_a_changed_file_is_checked_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(NT, encoding="utf-8")
    assert _check(capsys, str(path))[1] == "All good: no problems (1 file, 1 hand checked)\n"
    path.write_text(ERRORS, encoding="utf-8")
    code, out, _ = _check(capsys, str(path))
    assert code == 1 and "PHH" in out
    assert (code, out) == _check(capsys, "--no-cache", str(path))[:2]


def test_other_settings_are_not_served_the_old_findings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(ERRORS, encoding="utf-8")
    everything = _check(capsys, str(path))
    assert everything[0] == 1
    ignored = _check(capsys, "--select", "PHH5", str(path))
    assert ignored == _check(capsys, "--no-cache", "--select", "PHH5", str(path)) != everything
    (tmp_path / "phh-lsp.toml").write_text('ignore = ["PHH1", "PHH2", "PHH3"]\n', encoding="utf-8")
    configured = _check(capsys, str(path))
    assert configured == _check(capsys, "--no-cache", str(path)) != everything


def test_a_fixed_file_is_not_served_its_old_findings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(BROKEN, encoding="utf-8")
    before = _check(capsys, str(path))
    _check(capsys, "--fix", str(path))
    after = _check(capsys, str(path))
    assert after != before
    assert after == _check(capsys, "--no-cache", str(path))


def test_damaged_entries_are_ignored_and_rewritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _dataset(tmp_path)
    cache = tmp_path / "cache"
    monkeypatch.setenv(CACHE_DIR_ENV, str(cache))
    fresh = _check(capsys, "--no-cache", str(data))
    _check(capsys, str(data))
    entries = _entries(cache)
    assert len(entries) > 40
    texts = [entry.read_bytes() for entry in entries]
    entries[0].write_bytes(texts[0][: len(texts[0]) // 2])  # truncated
    entries[1].write_bytes(b"\x00\xff not json")  # damaged
    entries[2].write_bytes(texts[3])  # another file's entry
    entries[3].write_text(json.dumps({"key": entries[3].stem, "value": {"hands": 1, "findings": [[1]]}}))  # foreign
    entries[4].write_text(json.dumps({"key": entries[4].stem, "value": {"hands": "1", "findings": []}}))
    assert _check(capsys, str(data)) == fresh
    assert [entry.read_bytes() for entry in _entries(cache)] == texts  # each rewritten as it was


def test_two_runs_at_once_leave_a_cache_both_can_use(tmp_path: Path) -> None:
    data = _dataset(tmp_path)
    command = [sys.executable, "-m", "phh_lsp", "check", str(data)]
    fresh = subprocess.run([*command, "--no-cache"], capture_output=True, text=True, check=False)
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
    results = [(run.wait(), *run.communicate()) for run in runs]
    after = subprocess.run(command, capture_output=True, text=True, check=False)
    assert fresh.returncode == 1
    for result in [*results, (after.returncode, after.stdout, after.stderr)]:
        assert result == (fresh.returncode, fresh.stdout, fresh.stderr)


def test_the_cache_folder_place_and_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(CACHE_DIR_ENV)
    project = tmp_path / "project"
    (project / "sub").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[tool.phh-lsp]\n", encoding="utf-8")
    (project / "sub" / "hand.phh").write_text(NT, encoding="utf-8")
    monkeypatch.chdir(project / "sub")
    _check(capsys, "hand.phh")
    default = project / ".phh-lsp-cache"  # beside the configuration file, as ruff's
    assert (default / ".gitignore").read_text(encoding="utf-8").splitlines()[-1] == "*"
    assert _entries(default)
    assert cli.main(["clean"]) == 0
    assert capsys.readouterr().out == f"Removed the cache at {default}\n"
    assert not default.exists()
    assert cli.main(["clean"]) == 0 and "No cache" in capsys.readouterr().out

    (project / "pyproject.toml").write_text('[tool.phh-lsp]\ncache-dir = "build/cache"\n', encoding="utf-8")
    _check(capsys, "hand.phh")
    assert _entries(project / "build" / "cache") and not default.exists()

    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "elsewhere"))  # the variable wins over the setting
    _check(capsys, "hand.phh")
    assert _entries(tmp_path / "elsewhere")
    assert cli.main(["clean"]) == 0 and not (tmp_path / "elsewhere").exists()

    monkeypatch.setenv(CACHE_DIR_ENV, str(project))  # not a cache: never removed
    assert cli.main(["clean"]) == 2
    assert "not a phh-lsp cache" in capsys.readouterr().err
    assert (project / "sub" / "hand.phh").exists()


def test_the_configuration_of_the_current_folder_is_not_the_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Looking for the cache's place reads the configuration above the current
    folder; a mistake there is no mistake of the files checked elsewhere."""
    monkeypatch.delenv(CACHE_DIR_ENV)
    (tmp_path / "here").mkdir()
    (tmp_path / "here" / "phh-lsp.toml").write_text("line-width = 1\n", encoding="utf-8")
    (tmp_path / "hands").mkdir()
    (tmp_path / "hands" / "phh-lsp.toml").write_text("", encoding="utf-8")
    (tmp_path / "hands" / "hand.phh").write_text(NT, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "here")
    expected = (0, "All good: no problems (1 file, 1 hand checked)\n", "")
    assert _check(capsys, "--no-cache", str(tmp_path / "hands")) == expected
    assert _check(capsys, str(tmp_path / "hands")) == expected
    assert _entries(tmp_path / "here" / ".phh-lsp-cache")


def test_a_cache_that_cannot_be_written_is_reported_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(CACHE_DIR_ENV, str(blocker / "cache"))  # below a file: cannot be made
    path = tmp_path / "hand.phh"
    path.write_text(ERRORS, encoding="utf-8")
    code, out, err = _check(capsys, str(path))
    assert (code, out) == _check(capsys, "--no-cache", str(path))[:2]
    assert err.count("cannot write the cache") == 1


def test_format_check_from_the_cache(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _dataset(tmp_path)
    (data / "invalid.phh").write_text("variant = \n", encoding="utf-8")

    def format_check(*args: str) -> tuple[int, str, str]:
        code = cli.main(["format", "--check", *args, str(data)])
        out, err = capsys.readouterr()
        return code, out, err

    fresh = format_check("--no-cache")
    assert fresh[0] == 1 and "Would reformat" in fresh[1] and "not valid TOML" in fresh[2]
    assert format_check() == fresh
    import phh_lsp.cli.format as format_module

    with monkeypatch.context() as patched:
        patched.setattr(format_module, "format_text", lambda *a, **k: pytest.fail("formatted again"))
        assert format_check() == fresh
    assert format_check("--line-width", "60") == format_check("--no-cache", "--line-width", "60")
    assert cli.main(["format", str(data)]) == 1  # the invalid file
    capsys.readouterr()
    formatted = format_check("--no-cache")
    assert format_check() == formatted and "Would reformat" not in formatted[1]
