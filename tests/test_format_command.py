"""``phh-lsp format``: in place, ``--check``, ``--diff``, exit codes and
what each file keeps (line endings, encoding)."""

from __future__ import annotations

import argparse
import io
import os
from pathlib import Path

import pytest

from phh_lsp.cli.format import add_format_arguments, run_format

UGLY = "variant='NT'\nactions=['p1  f']\n"
PRETTY = 'variant = "NT"\nactions = [\n  "p1 f",\n]\n'


def run(*paths: Path | str, check: bool = False, diff: bool = False, width: int = 88) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_format([str(p) for p in paths], check=check, diff=diff, line_width=width, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    (tmp_path / "ugly.phh").write_text(UGLY)
    (tmp_path / "sub" / "pretty.phh").write_text(PRETTY)
    hands = "[1]\nvariant='NT'\n[2]\nvariant='FT'\n"
    (tmp_path / "sub" / "hands.phhs").write_text(hands)
    (tmp_path / "notes.txt").write_text("not = 'a hand'\n")
    return tmp_path


def test_rewrites_in_place(tree: Path) -> None:
    code, out, err = run(tree)
    assert (code, err) == (0, "")
    assert out == "2 files reformatted, 1 file left unchanged\n"
    assert (tree / "ugly.phh").read_text() == PRETTY
    assert (tree / "sub" / "hands.phhs").read_text() == ('[1]\nvariant = "NT"\n\n[2]\nvariant = "FT"\n')
    assert (tree / "notes.txt").read_text() == "not = 'a hand'\n"
    assert run(tree)[:2] == (0, "0 files reformatted, 3 files left unchanged\n")


def test_check_lists_files_and_writes_nothing(tree: Path) -> None:
    code, out, _err = run(tree, check=True)
    assert code == 1
    assert f"Would reformat: {tree / 'ugly.phh'}\n" in out
    assert f"Would reformat: {tree / 'sub' / 'hands.phhs'}\n" in out
    assert "pretty.phh" not in out
    assert out.endswith("2 files would be reformatted, 1 file already formatted\n")
    assert (tree / "ugly.phh").read_text() == UGLY
    assert run(tree / "sub" / "pretty.phh", check=True) == (
        0,
        "0 files would be reformatted, 1 file already formatted\n",
        "",
    )


def test_diff_prints_unified_diff(tree: Path) -> None:
    code, out, err = run(tree / "ugly.phh", diff=True)
    assert code == 1
    path = tree / "ugly.phh"
    assert out.startswith(f"--- {path}\n+++ {path}\n@@ ")
    assert "-variant='NT'\n" in out and '+variant = "NT"\n' in out
    assert err == "1 file would be reformatted, 0 files already formatted\n"
    assert path.read_text() == UGLY
    (tree / "tail.phh").write_text("variant='NT'")
    out = run(tree / "tail.phh", diff=True)[1]
    assert "\\ No newline at end of file\n" in out


def test_invalid_toml_is_reported_and_left_alone(tree: Path) -> None:
    bad = tree / "bad.phh"
    bad.write_text("variant = 'NT'\nactions = [\n")
    code, out, err = run(tree)
    assert code == 1
    assert err == (
        f"{bad}: cannot format: not valid TOML (line 2, column 11: this '[' is never closed: expected ']')\n"
    )
    assert out.endswith("left unchanged, 1 file not valid TOML\n")
    assert bad.read_text() == "variant = 'NT'\nactions = [\n"
    assert (tree / "ugly.phh").read_text() == PRETTY  # the others still done


def test_unreadable_paths_exit_2_but_the_rest_is_done(tree: Path) -> None:
    (tree / "latin1.phh").write_bytes("author = 'Jos\xe9'\n".encode("latin-1"))
    code, _out, err = run(tree / "missing.phh", tree)
    assert code == 2
    assert f"{tree / 'missing.phh'}: no such file or folder" in err
    assert f"{tree / 'latin1.phh'}: cannot read (not UTF-8)" in err
    assert (tree / "ugly.phh").read_text() == PRETTY


def test_keeps_crlf_and_utf8(tmp_path: Path) -> None:
    path = tmp_path / "win.phh"
    path.write_bytes("\ufeffauthor='José'\r\nvariant='NT'\r\n".encode())
    assert run(path)[0] == 0
    assert path.read_bytes() == '\ufeffvariant = "NT"\r\nauthor = "José"\r\n'.encode()


def test_symlink_loops_are_not_followed_forever(tree: Path) -> None:
    os.symlink(tree, tree / "sub" / "loop")
    code, out, _err = run(tree, check=True)
    assert code == 1
    assert out.count("Would reformat:") == 2


def test_line_width(tmp_path: Path) -> None:
    path = tmp_path / "w.phh"
    path.write_text('players = ["Alice", "Bob"]\n')
    assert run(path, check=True, width=26)[0] == 0
    assert run(path, check=True, width=25)[0] == 1


def test_no_files_found(tmp_path: Path) -> None:
    assert run(tmp_path) == (2, "", f"phh-lsp format: no .phh or .phhs file found in {tmp_path}\n")


def test_arguments() -> None:
    parser = argparse.ArgumentParser()
    add_format_arguments(parser)
    args = parser.parse_args(["a.phh", "dir", "--check", "--line-width", "100"])
    assert (args.paths, args.check, args.diff, args.line_width) == (["a.phh", "dir"], True, False, 100)
    assert parser.parse_args(["x"]).line_width is None  # the configuration's, else 88
    with pytest.raises(SystemExit):
        parser.parse_args(["x", "--line-width", "0"])
    with pytest.raises(SystemExit):
        parser.parse_args([])


def test_configuration_sets_the_width_and_excludes(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.phh-lsp]\nline-width = 26\nexclude = ["drafts/*"]\n')
    (tmp_path / "drafts").mkdir()
    path = tmp_path / "w.phh"
    path.write_text('players = ["Alice", "Bob"]\n')
    (tmp_path / "drafts" / "d.phh").write_text(UGLY)
    assert run(tmp_path, check=True) == (0, "0 files would be reformatted, 1 file already formatted\n", "")
    (tmp_path / "pyproject.toml").write_text("[tool.phh-lsp]\nline-width = 25\n")
    assert run(tmp_path, check=True)[0] == 1
    assert run(path, check=True, width=26)[0] == 0  # the flag wins
