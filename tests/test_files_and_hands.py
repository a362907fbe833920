"""What the command line reads and writes: hands counted by the TOML tree,
extensions in any case, one way of turning bytes into text, and a write
that fails counted as a failure (issue #28, "hands miscounted")."""

from __future__ import annotations

import ast
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from phh_lsp import cli
from phh_lsp.cli.format import run_format
from phh_lsp.convert.conversion import decode_history
from tests.core.test_diagnostic_codes import NT, PHHS

ROOT = Path(__file__).resolve().parents[1]
META = PHHS.replace("\n\n[2]", '\n\n[1.meta]\nnote = "from the live stream"\n\n[2]', 1)
ONE_LINE_NT = NT.replace('actions = [\n  "', 'actions = ["').replace('",\n  "', '", "').replace('",\n]', '"]')


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "phh_lsp", *args], input=stdin, capture_output=True, text=True, check=False
    )


# --- hands are cut by the TOML tree -------------------------------------------------


def test_a_dotted_sub_table_belongs_to_its_hand(tmp_path: Path) -> None:
    """`[1.meta]` is a table inside hand 1 (valid TOML): not a second hand
    with every field missing."""
    assert "[1.meta]" in META
    path = tmp_path / "day1.phhs"
    path.write_text(META, encoding="utf-8")
    result = _run("check", str(path))
    assert (result.returncode, result.stdout) == (0, "All good: no problems (1 file, 2 hands checked)\n")


def test_an_array_of_tables_inside_a_hand_belongs_to_it(tmp_path: Path) -> None:
    text = PHHS.replace("\n\n[2]", '\n\n[[1.notes]]\nby = "Ann"\n\n[[1.notes]]\nby = "Bob"\n\n[2]', 1)
    path = tmp_path / "day1.phhs"
    path.write_text(text, encoding="utf-8")
    result = _run("check", str(path))
    assert (result.returncode, result.stdout) == (0, "All good: no problems (1 file, 2 hands checked)\n")


# --- extensions in any case ---------------------------------------------------------


def test_an_upper_case_extension_is_found_in_a_folder(tmp_path: Path) -> None:
    (tmp_path / "HANDS.PHHS").write_text(PHHS, encoding="utf-8")
    (tmp_path / "One.Phh").write_text(NT, encoding="utf-8")
    result = _run("check", str(tmp_path))
    assert (result.returncode, result.stdout) == (0, "All good: no problems (2 files, 3 hands checked)\n")


def test_format_check_reads_an_upper_case_phhs_as_a_phhs(tmp_path: Path) -> None:
    """Named on the command line or piped under its name: the same verdict."""
    ugly = PHHS.replace("[1]", "[ 1 ]")  # a hand header the .phhs layout writes `[1]`
    path = tmp_path / "HANDS.PHHS"
    path.write_text(ugly, encoding="utf-8")
    piped = _run("format", "--check", "-", "--stdin-filename", str(path), stdin=ugly)
    named = _run("format", "--check", str(path))
    assert (piped.returncode, piped.stdout) == (1, f"Would reformat: {path}\n")
    assert (named.returncode, named.stdout) == (
        1,
        f"Would reformat: {path}\n1 file would be reformatted, 0 files already formatted\n",
    )


# --- one decoder --------------------------------------------------------------------


def test_bytes_become_text_in_one_place() -> None:
    """Every command and the server read bytes through
    `phh_lsp.core.syntax.encoding.decode`: no other `.decode(` of a file."""
    others = []
    for path in sorted((ROOT / "phh_lsp").rglob("*.py")):
        if path.name == "encoding.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "decode":
                if isinstance(node.func.value, ast.Call) and getattr(node.func.value.func, "attr", "") == "b64encode":
                    continue  # base64 is ASCII, not a file
                others.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert others == []


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("Seat 1: 李雷 (1500)\n".encode("utf-16"), "Seat 1: 李雷 (1500)\n"),
        ("Seat 1: 李雷 (1500)\n".encode("utf-16-be").join([b"\xfe\xff", b""]), "Seat 1: 李雷 (1500)\n"),
        ("Seat 1: é\n".encode("utf-8-sig"), "Seat 1: é\n"),
        ("Seat 1: é €5\n".encode("cp1252"), "Seat 1: é €5\n"),
        (b"\xff\xfeS\x00e\x00a", "Se\ufffd"),  # UTF-16 cut in the middle of a character
        ("Seat 1: é (1500)\n".encode("utf-16-le") + b"\x00", "Seat 1: é (1500)\n\ufffd"),  # no mark, a stray byte
        ("Seat 1: é (1500)\n".encode("utf-16-be"), "Seat 1: é (1500)\n"),  # no mark, big endian
        (b"Seat 1: \x81 \xe9", "Seat 1: \x81 é"),  # 0x81 is no Windows-1252 character: Latin-1
    ],
)
def test_a_site_history_is_read_whatever_its_encoding(data: bytes, expected: str) -> None:
    assert decode_history(data) == expected


def test_format_keeps_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.phh"
    path.write_bytes(b"\xef\xbb\xbf" + ONE_LINE_NT.encode("utf-8"))
    code, out, _ = _format(path)
    assert (code, out) == (0, "1 file reformatted, 0 files left unchanged\n")
    assert path.read_bytes() == b"\xef\xbb\xbf" + NT.encode("utf-8")


def test_check_fix_keeps_a_byte_order_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.phh"
    path.write_bytes(b"\xef\xbb\xbf" + NT.replace('"NT"', '"NLHE"').encode("utf-8"))
    assert cli.main(["check", "--fix", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Fixed 1 problem in 1 file, 0 remaining"
    assert path.read_bytes() == b"\xef\xbb\xbf" + NT.encode("utf-8")


def test_check_reports_the_first_byte_that_is_not_utf8_from_stdin() -> None:
    data = NT.replace("AcAd", "AcAd\xe9").encode("latin-1")
    result = subprocess.run(
        [sys.executable, "-m", "phh_lsp", "check", "--output-format", "concise", "-", "--stdin-filename", "h.phh"],
        input=data,
        capture_output=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout.decode().splitlines()[0] == (
        "h.phh:7:16: PHH101 the file is not UTF-8 text: byte 0xe9 here cannot be read; save the file as UTF-8"
    )


# --- a write that fails is a failure ------------------------------------------------


def _refuse_writes(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    """Writing ``target`` fails as on a read-only file (the tests run as
    root, whom chmod does not stop): in place, or by moving a file written
    aside over it (``format``)."""
    write_bytes, replace = Path.write_bytes, os.replace

    def refusing(self: Path, data: bytes) -> int:
        if os.path.realpath(self) == os.path.realpath(target):
            raise PermissionError(13, "Permission denied", str(self))
        return write_bytes(self, data)

    def refusing_move(source: str, destination: str) -> None:
        if os.path.realpath(destination) == os.path.realpath(target):
            raise PermissionError(13, "Permission denied", str(destination))
        replace(source, destination)

    monkeypatch.setattr(Path, "write_bytes", refusing)
    monkeypatch.setattr(os, "replace", refusing_move)


def test_check_fix_on_a_file_it_cannot_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.phh"
    broken = NT.replace('"NT"', '"NLHE"')
    path.write_text(broken, encoding="utf-8")
    _refuse_writes(monkeypatch, path)
    code = cli.main(["check", "--fix", "--output-format", "concise", str(path)])
    out, err = capsys.readouterr()
    assert err == f"phh-lsp check: {path}: cannot write (Permission denied)\n"
    assert out.splitlines()[-2:] == [
        "Fixed 0 problems, 1 remaining",
        "Found 1 error, 0 warnings, 1 file not written (1 file, 1 hand checked)",
    ]
    assert code == 1
    assert path.read_text(encoding="utf-8") == broken


def test_format_on_a_file_it_cannot_write_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(ONE_LINE_NT, encoding="utf-8")
    (tmp_path / "other.phh").write_text(ONE_LINE_NT, encoding="utf-8")
    _refuse_writes(monkeypatch, path)
    code, out, err = _format(tmp_path)
    assert err == f"{path}: cannot write (Permission denied)\n"
    assert out == "1 file reformatted, 0 files left unchanged, 1 file not written\n"
    assert code == 2  # as an unreadable path: the run did not do its job
    assert path.read_text(encoding="utf-8") == ONE_LINE_NT


def _format(*paths: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_format([str(p) for p in paths], check=False, diff=False, line_width=None, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()
