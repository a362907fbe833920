"""``phh-lsp check`` as a user and a CI job meet it: output, JSON, exit codes."""

from __future__ import annotations

import json
import platform
import subprocess
import sys
from pathlib import Path

import pytest

import phh_lsp.core.hand_analysis as analysis_module
from phh_lsp import cli
from tests.conftest import CORPUS
from tests.core.test_diagnostic_codes import NT, PHHS


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "phh_lsp", *args], capture_output=True, text=True, cwd=cwd, check=False
    )


def test_clean_files_exit_zero(tmp_path: Path) -> None:
    (tmp_path / "a.phh").write_text(NT)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.phhs").write_text(PHHS)
    (tmp_path / "notes.txt").write_text("not a hand")
    result = run("check", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "All good: no problems (2 files, 3 hands checked)\n"


def test_errors_are_listed_with_positions_and_exit_one(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(NT.replace("AcAd", "AcAx").replace('"NT"', '"NT"\nfoo = 1'))
    result = run("check", str(path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{path}:2:1: warning[PHH208] unknown field `foo`: prefix user-defined fields with `_` (`_foo`)",
        "  |",
        "2 | foo = 1",
        "  | ^^^",
        f"{path}:8:14: error[PHH307] `x` is not a suit: use one of c, d, h, s or ?",
        "  |",
        '8 |   "d dh p1 AcAx",',
        "  |              ^^",
        "Found 1 error, 1 warning (1 file, 1 hand checked)",
    ]
    concise = run("check", "--output-format", "concise", str(path))
    assert concise.stdout.splitlines() == [
        f"{path}:2:1: PHH208 unknown field `foo`: prefix user-defined fields with `_` (`_foo`)",
        f"{path}:8:14: PHH307 `x` is not a suit: use one of c, d, h, s or ?",
        "Found 1 error, 1 warning (1 file, 1 hand checked)",
    ]


def test_json_output(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(NT.replace("AcAd", "AcAx"))
    result = run("check", "--output-format", "json", str(path))
    assert result.returncode == 1
    assert json.loads(result.stdout) == [
        {
            "path": str(path),
            "line": 7,
            "column": 14,
            "end_line": 7,
            "end_column": 16,
            "code": "PHH307",
            "name": "malformed-card",
            "severity": "error",
            "message": "`x` is not a suit: use one of c, d, h, s or ?",
        }
    ]


def test_warnings_alone_exit_zero(tmp_path: Path) -> None:
    path = tmp_path / "warn.phh"
    path.write_text(NT.replace('"NT"', '"NT"\nfoo = 1'))
    assert run("check", str(path)).returncode == 0


def test_missing_path_is_a_usage_error_but_the_rest_is_checked(tmp_path: Path) -> None:
    (tmp_path / "bad.phh").write_text(NT.replace("AcAd", "AcAx"))
    result = run("check", str(tmp_path / "nope.phh"), str(tmp_path))
    assert result.returncode == 2
    assert "nope.phh: no such file or folder" in result.stderr
    assert "PHH307" in result.stdout
    assert "Traceback" not in result.stderr


def test_bad_usage_exits_two() -> None:
    result = run("check")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_symlink_loop_terminates(tmp_path: Path) -> None:
    (tmp_path / "a.phh").write_text(NT)
    (tmp_path / "loop").symlink_to(tmp_path)
    result = run("check", str(tmp_path))
    assert result.returncode == 0
    assert "1 file, 1 hand checked" in result.stdout


def test_undecodable_bytes_become_diagnostics(tmp_path: Path) -> None:
    path = tmp_path / "bin.phh"
    path.write_bytes(b"\xff\xfe\x00garbage = [\n")
    result = run("check", str(path))
    assert result.returncode == 1
    assert "PHH101" in result.stdout
    assert "Traceback" not in result.stderr


def test_jobs_give_identical_results() -> None:
    folder = CORPUS / "wsop-2023-54-4"
    serial = run("check", "--output-format", "json", str(folder), str(CORPUS / "handhq"))
    parallel = run("check", "--output-format", "json", "--jobs", "2", "--no-cache", str(folder), str(CORPUS / "handhq"))
    assert serial.returncode == parallel.returncode == 0
    assert json.loads(serial.stdout) == json.loads(parallel.stdout)


def test_module_and_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("phh-lsp ")
    # which Python runs it (:checkhealth phh shows it): the one that has it installed
    assert f"(Python {platform.python_version()}: {sys.executable})" in result.stdout


def test_no_hand_file_found_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a hand")
    result = run("check", str(tmp_path))
    assert result.returncode == 2
    assert "All good" not in result.stdout
    assert f"no .phh or .phhs file found in {tmp_path}" in result.stderr


def test_a_missing_path_never_reads_all_good(tmp_path: Path) -> None:
    (tmp_path / "a.phh").write_text(NT)
    result = run("check", str(tmp_path / "nope.phh"), str(tmp_path))
    assert result.returncode == 2
    assert result.stdout == "Found 0 errors, 0 warnings, 1 path not read (1 file, 1 hand checked)\n"


def test_a_hand_the_analysis_fails_on_is_counted_and_fails_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bug of ours on one hand of a `.phhs`: an error on that hand's header,
    the hand still counted, exit 1 (it once vanished: "All good … 0 hands")."""
    real = analysis_module._analyze_hand

    def failing(text: str, multi: bool, detail: bool) -> analysis_module.HandAnalysis:
        if text.startswith("[2]"):
            raise ArithmeticError("boom")
        return real(text, multi, detail)

    monkeypatch.setattr(analysis_module, "_analyze_hand", failing)
    analysis_module.analyze_hand.cache_clear()
    path = tmp_path / "hands.phhs"
    path.write_text(PHHS)
    assert cli.main(["check", str(path)]) == 1
    # the finding with its source line, then the summary
    out = capsys.readouterr().out.splitlines()
    line = PHHS.splitlines().index("[2]") + 1
    assert out[0::4] == [
        f"{path}:{line}:1: error[PHH901] phh-lsp failed on this hand (a bug, please report it): ArithmeticError: boom",
        "Found 1 error, 0 warnings (1 file, 2 hands checked)",
    ]
    analysis_module.analyze_hand.cache_clear()


def run_stdin(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "phh_lsp", *args], input=text, capture_output=True, text=True, check=False
    )


def test_check_reads_stdin_under_the_name_given() -> None:
    """`cat hand.phh | phh-lsp check - --stdin-filename hand.phh`, as editors and pre-commit run it."""
    result = run_stdin(
        NT.replace("AcAd", "AcAx"), "check", "--output-format", "concise", "-", "--stdin-filename", "hand.phh"
    )
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == "hand.phh:7:14: PHH307 `x` is not a suit: use one of c, d, h, s or ?"
    phhs = run_stdin(PHHS, "check", "-", "--stdin-filename", "day1.phhs")
    assert (phhs.returncode, phhs.stdout) == (0, "All good: no problems (1 file, 2 hands checked)\n")
    mixed = run_stdin(NT, "check", "-", "other.phh")
    assert mixed.returncode == 2 and "cannot be mixed" in mixed.stderr


def test_format_reads_stdin_and_writes_stdout() -> None:
    one_line = NT.replace('actions = [\n  "', 'actions = ["').replace('",\n  "', '", "').replace('",\n]', '"]')
    assert "\n  " not in one_line
    result = run_stdin(one_line, "format", "-", "--stdin-filename", "hand.phh")
    assert (result.returncode, result.stdout) == (0, NT)
    assert run_stdin(NT, "format", "-").stdout == NT
    check = run_stdin(one_line, "format", "--check", "-")
    assert (check.returncode, check.stdout) == (1, "Would reformat: -\n")
    broken = run_stdin("actions = [", "format", "-")
    assert (broken.returncode, broken.stdout) == (1, "")
    assert "cannot format: not valid TOML" in broken.stderr


def test_github_annotations_are_workflow_commands(tmp_path: Path) -> None:
    path = tmp_path / "a, b.phh"
    path.write_text(NT.replace("AcAd", "AcAx").replace('"NT"', '"NT"\nfoo = 1'))
    result = run("check", "--output-format", "github", str(path))
    assert result.returncode == 1
    escaped = str(path).replace(",", "%2C")
    assert result.stdout.splitlines() == [
        f"::warning file={escaped},line=2,col=1,endLine=2,endColumn=4,title=PHH208 (unknown-field)::"
        "unknown field `foo`: prefix user-defined fields with `_` (`_foo`)",
        f"::error file={escaped},line=8,col=14,endLine=8,endColumn=16,title=PHH307 (malformed-card)::"
        "`x` is not a suit: use one of c, d, h, s or ?",
    ]


def test_json_lines_stream_one_object_per_finding(tmp_path: Path) -> None:
    (tmp_path / "a.phh").write_text(NT.replace("AcAd", "AcAx"))
    (tmp_path / "b.phh").write_text(NT.replace("KcKd", "KcKx"))
    result = run("check", "--output-format", "json-lines", str(tmp_path))
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(Path(row["path"]).name, row["code"], row["line"]) for row in rows] == [
        ("a.phh", "PHH307", 7),
        ("b.phh", "PHH307", 8),
    ]
    assert rows == json.loads(run("check", "--output-format", "json", str(tmp_path)).stdout)


SARIF_SCHEMA = Path(__file__).parent / "schemas" / "sarif-schema-2.1.0.json"


def test_sarif_is_valid_against_the_official_schema(tmp_path: Path) -> None:
    """SARIF 2.1.0 (the OASIS schema, errata 01, checked into tests/schemas)."""
    import jsonschema

    folder = tmp_path / "my hands #1"
    folder.mkdir()
    (folder / "bad.phh").write_text(NT.replace("AcAd", "AcAx").replace('"NT"', '"NT"\nfoo = 1'))
    (folder / "good.phh").write_text(NT)
    result = run("check", "--output-format", "sarif", str(folder))
    assert result.returncode == 1
    log = json.loads(result.stdout)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))).validate(log)
    (sarif_run,) = log["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    found = [
        (r["ruleId"], rules[r["ruleIndex"]]["id"], r["level"], r["locations"][0]["physicalLocation"])
        for r in sarif_run["results"]
    ]
    uri = str(folder / "bad.phh").replace(" ", "%20").replace("#", "%23")
    assert found == [
        (
            "PHH208",
            "PHH208",
            "warning",
            {
                "artifactLocation": {"uri": uri},
                "region": {"startLine": 2, "startColumn": 1, "endLine": 2, "endColumn": 4},
            },
        ),
        (
            "PHH307",
            "PHH307",
            "error",
            {
                "artifactLocation": {"uri": uri},
                "region": {"startLine": 8, "startColumn": 14, "endLine": 8, "endColumn": 16},
            },
        ),
    ]


def test_junit_has_a_case_per_file_failing_with_its_errors(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ElementTree

    (tmp_path / "bad.phh").write_text(NT.replace("AcAd", "AcAx").replace('"NT"', '"NT"\nfoo = 1'))
    (tmp_path / "good.phh").write_text(NT)
    result = run("check", "--output-format", "junit", str(tmp_path))
    assert result.returncode == 1
    suites = ElementTree.fromstring(result.stdout)
    (suite,) = suites
    assert (suite.get("tests"), suite.get("failures")) == ("2", "1")
    bad, good = suite
    assert Path(str(bad.get("name"))).name == "bad.phh" and Path(str(good.get("name"))).name == "good.phh"
    (failure,) = bad.findall("failure")
    assert (failure.get("type"), failure.get("message")) == ("PHH307", "`x` is not a suit: use one of c, d, h, s or ?")
    assert "warning PHH208 unknown field `foo`" in (bad.findtext("system-out") or "")
    assert list(good) == []


def test_equity_prints_who_was_ahead_street_by_street(tmp_path: Path) -> None:
    result = run("equity", str(CORPUS / "examples" / "dwan-ivey-2009.phh"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    flop = lines.index("  Flop · board Jc 3d 5c · after 'd db Jc3d5c'")
    assert lines[flop + 1] == "    p1 Ac2d · equity 62.8 % · EHS 0.54 (HS 0.51, PPOT 0.30, NPOT 0.23)"
    assert lines[flop + 2] == "    p3 7h6h · equity 37.2 % · EHS 0.33 (HS 0.06, PPOT 0.31, NPOT 0.26)"
    assert "    p3 7h6h · equity 100.0 % · EHS 0.97 (HS 1.00, PPOT 0.00, NPOT 0.03)" in lines
    broken = tmp_path / "broken.phh"  # Antonius acts out of turn: the replay stops there
    text = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text(encoding="utf-8")
    broken.write_text(text.replace('"p1 cbr 23000"', '"p2 cbr 23000"'), encoding="utf-8")
    stopped = run("equity", str(broken))
    assert stopped.returncode == 1 and "not replayed to the end" in stopped.stdout
    assert run("equity", str(tmp_path / "missing.phh")).returncode == 2
    assert run("equity", str(CORPUS / "examples" / "dwan-ivey-2009.phh"), "--hand", "2").returncode == 2
