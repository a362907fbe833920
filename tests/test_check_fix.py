"""``phh-lsp check --fix``, ``--unsafe-fixes``, ``--diff`` and the JSON ``fix`` objects.

Fixing runs the editor's fixers, so these tests hold the command line to
what a user of ``--fix`` expects: every example of every code is fixed
or keeps only problems without a safe fix; nothing is guessed or
overwritten unless unsafe fixes are asked for; ``--diff`` writes nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from phh_lsp import cli
from phh_lsp.core.analysis import analyze
from phh_lsp.core.fixes.proposers import choose, fixes_for
from tests.core.test_diagnostic_codes import CASES, NT, SHOWDOWN_NT

BROKEN = (
    NT.replace('"NT"', '"NLHE"')
    .replace("AcAd", "aCAd")
    .replace('"p3 cbr 6"', '"P3 cbr 6"')
    .replace("min_bet = 2\n", "min_bet = 2\nsmall_bet = 2\n")
)


def _safe_fix_left(text: str, path: str) -> list[str]:
    """The diagnostics of ``text`` that still have a safe fix."""
    analysis = analyze(text, path)
    return [
        found.code
        for view in analysis.hands
        if view.hand.header is not None or not analysis.multi
        for found in view.hand.diagnostics
        if choose(fixes_for(view.hand, found), unsafe=False) is not None
    ]


@pytest.mark.parametrize(("code", "base", "old", "new", "covered", "path"), CASES, ids=[c[0] for c in CASES])
def test_fix_leaves_each_example_clean_or_without_a_safe_fix(
    code: str,
    base: str,
    old: str,
    new: str,
    covered: str,
    path: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    del covered
    file = tmp_path / path
    file.write_text(base.replace(old, new, 1), encoding="utf-8")
    cli.main(["check", "--fix", str(file)])
    out = capsys.readouterr().out
    after = file.read_text(encoding="utf-8")
    assert _safe_fix_left(after, path) == [], (code, after)
    assert "Fixed " in out and " remaining" in out


def test_fix_writes_the_safe_fixes_and_reports_what_is_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "hand.phh"
    file.write_text(BROKEN, encoding="utf-8")
    assert cli.main(["check", "--fix", str(file)]) == 0
    assert file.read_text(encoding="utf-8") == NT
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["Fixed 4 problems in 1 file, 0 remaining", "All good: no problems (1 file, 1 hand checked)"]


def test_fix_all_never_guesses_nor_overwrites_a_record_unless_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    guessed = SHOWDOWN_NT.replace('"NT"', '"NTX"')
    recorded = SHOWDOWN_NT.replace("finishing_stacks = [200, 0]", "finishing_stacks = [150, 50]")
    for text in (guessed, recorded):
        file = tmp_path / "hand.phh"
        file.write_text(text, encoding="utf-8")
        cli.main(["check", "--fix", str(file)])
        assert file.read_text(encoding="utf-8") == text
        assert "more fix with --unsafe-fixes" in capsys.readouterr().out
        cli.main(["check", "--fix", "--unsafe-fixes", str(file)])
        assert file.read_text(encoding="utf-8") == SHOWDOWN_NT
        capsys.readouterr()


def test_diff_prints_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "hand.phh"
    file.write_text(BROKEN, encoding="utf-8")
    for args in (["--diff"], ["--fix", "--diff"]):
        assert cli.main(["check", *args, str(file)]) == 1
        captured = capsys.readouterr()
        assert file.read_text(encoding="utf-8") == BROKEN
        assert f"--- {file}\n+++ {file}\n" in captured.out
        assert '-variant = "NLHE"\n+variant = "NT"\n' in captured.out
        assert '-  "d dh p1 aCAd",\n+  "d dh p1 AcAd",\n' in captured.out
        assert "-small_bet = 2\n" in captured.out
        assert captured.err == "Would fix 4 problems in 1 file\n"
    file.write_text(NT, encoding="utf-8")
    assert cli.main(["check", "--diff", str(file)]) == 0
    assert capsys.readouterr().out == ""


def test_stdin_fix_prints_the_fixed_text() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "phh_lsp", "check", "-", "--fix", "--stdin-filename", "hand.phh"],
        input=BROKEN,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == NT
    assert "Fixed 4 problems" in result.stderr


def test_json_findings_carry_their_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "hand.phh"
    file.write_text(SHOWDOWN_NT.replace('"NT"', '"NLHE"'))
    cli.main(["check", "--output-format", "json", str(file)])
    (row,) = json.loads(capsys.readouterr().out)
    assert row["fix"] == {
        "applicability": "safe",
        "message": 'Change the variant to "NT" (no-limit Texas hold\'em)',
        "edits": [{"line": 1, "column": 1, "end_line": 2, "end_column": 1, "content": 'variant = "NT"\n'}],
    }
    file.write_text(SHOWDOWN_NT.replace("[200, 0]\nwinnings", "[1, 0]\nwinnings"))
    cli.main(["check", "--output-format", "json-lines", str(file)])
    (row,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    stacks = row["fix"]
    assert stacks["applicability"] == "unsafe" and stacks["message"] == "Use the replayed finishing stacks"
    (edit,) = stacks["edits"]
    line = SHOWDOWN_NT.splitlines().index("finishing_stacks = [200, 0]") + 1
    assert edit == {
        "line": line,
        "column": 1,
        "end_line": line + 1,
        "end_column": 1,
        "content": "finishing_stacks = [200, 0]\n",
    }
    cli.main(["check", "--output-format", "json", str(file), "--select", "PHH307"])
    assert json.loads(capsys.readouterr().out) == []


def test_a_missing_name_is_never_invented_by_a_safe_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    named = NT.replace("starting_stacks", 'players = ["Alice", "Bob", "Carol"]\nstarting_stacks')
    short = named.replace('"Bob", "Carol"]', '"Bob"]')
    file = tmp_path / "hand.phh"
    file.write_text(short, encoding="utf-8")
    assert cli.main(["check", "--fix", str(file)]) == 1
    assert file.read_text(encoding="utf-8") == short
    assert "1 more fix with --unsafe-fixes" in capsys.readouterr().out
    cli.main(["check", "--fix", "--unsafe-fixes", str(file)])
    assert file.read_text(encoding="utf-8") == short.replace('"Bob"]', '"Bob", "Player 3"]')
