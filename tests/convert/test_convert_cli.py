"""``phh-lsp convert``: what a user running it on their site's files sees."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tests.convert.site_samples import folder
from tests.test_cli import run

SAMPLES = folder("pokerstars")


def test_a_file_with_a_broken_hand_converts_the_rest_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "hands.phhs"
    result = run("convert", str(SAMPLES / "cash-with-a-typo.txt"), str(SAMPLES / "tournament.txt"), "-o", str(out))
    assert result.returncode == 1  # something failed
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{SAMPLES / 'cash-with-a-typo.txt'}:49: hand #245817263513 (from line 39) not converted: "
        "`cals $0.15` is not a PokerStars action (in `kat_42: cals $0.15`)",
        "Converted 2 of 3 hands (0 with problems, 1 failed)",
    ]
    values = tomllib.loads(out.read_text(encoding="utf-8"))
    assert [values[key]["hand"] for key in values] == [245817263512, 246000000001]
    check = run("check", str(out))
    assert check.returncode == 0 and check.stdout.startswith("All good: no problems (1 file, 2 hands checked)")


def test_one_hand_is_counted_as_one_hand() -> None:
    result = run("convert", str(SAMPLES / "heads-up-muck.txt"))
    assert result.returncode == 0, result.stderr
    assert result.stderr == "Converted 1 of 1 hand (0 with problems, 0 failed)\n"


def test_clean_files_to_stdout_and_to_one_file_per_hand(tmp_path: Path) -> None:
    result = run("convert", str(SAMPLES / "limit-and-omaha.txt"))
    assert result.returncode == 0, result.stderr
    assert result.stderr == "Converted 2 of 2 hands (0 with problems, 0 failed)\n"
    assert list(tomllib.loads(result.stdout)) == ["1", "2"]
    result = run("convert", str(SAMPLES / "limit-and-omaha.txt"), "--output-dir", str(tmp_path / "out"))
    assert result.returncode == 0 and result.stdout == ""
    names = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert names == ["pokerstars-245817263800.phh", "pokerstars-245817263900.phh"]
    check = run("check", str(tmp_path / "out"))
    assert check.returncode == 0, check.stdout
    again = tmp_path / "again.txt"  # the same hands in another file: the same ids
    again.write_bytes((SAMPLES / "limit-and-omaha.txt").read_bytes())
    result = run("convert", str(SAMPLES / "limit-and-omaha.txt"), str(again), "--output-dir", str(tmp_path / "twice"))
    assert result.returncode == 0 and len(list((tmp_path / "twice").iterdir())) == 4  # none overwritten


def test_what_cannot_be_converted_exits_2(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a hand history\n", encoding="utf-8")
    result = run("convert", str(notes), str(tmp_path / "missing.txt"))
    assert result.returncode == 2
    supported = "pokerstars, fulltilt, ipoker, ongame, partypoker, absolute, ggpoker, winamax, 888poker, wpn, bovada"
    supported += ", stars-clones, betonline, acpc"
    assert f"{notes}: no hand history of a supported site ({supported}) was found" in result.stderr
    assert f"{tmp_path / 'missing.txt'}: no such file or folder" in result.stderr
    result = run("convert", "--from", "fulltilt", str(notes))
    assert result.returncode == 2 and f"{notes}: no Full Tilt Poker hand was found" in result.stderr


def test_a_utf16_file_with_a_byte_order_mark(tmp_path: Path) -> None:
    """PokerStars on Windows writes UTF-16; other installs UTF-8 with a BOM."""
    text = (SAMPLES / "tournament.txt").read_text(encoding="utf-8")
    for encoding in ("utf-16", "utf-8-sig"):
        path = tmp_path / f"{encoding}.txt"
        path.write_bytes(text.encode(encoding))
        result = run("convert", str(path))
        assert result.returncode == 0, result.stderr
        assert '"李雷"' in result.stdout


def test_a_folder_is_walked_and_every_hand_counted(tmp_path: Path) -> None:
    """A folder of a client's exports: every history below it is converted,
    PHH written by an earlier run is passed over, a file that holds no hand
    history is named and counted, and a UTF-16 export cut one byte short
    loses nothing but that byte."""
    exports = tmp_path / "exports"
    (exports / "2023").mkdir(parents=True)
    (exports / "2023" / "tournament.txt").write_bytes((SAMPLES / "tournament.txt").read_bytes())
    cut = (SAMPLES / "limit-and-omaha.txt").read_text(encoding="utf-8").encode("utf-16-le") + b"\x00"
    (exports / "limit.txt").write_bytes(cut)
    (exports / "notes.md").write_text("my session notes\n", encoding="utf-8")
    (exports / "earlier.phhs").write_text("[1]\n", encoding="utf-8")
    out = tmp_path / "all.phhs"
    result = run("convert", str(exports), "-o", str(out))
    assert result.returncode == 1, result.stderr  # a file was not converted
    assert result.stderr.splitlines() == [
        f"{exports / 'notes.md'}: passed over: no hand history of a supported site was found in it",
        "Converted 3 of 3 hands (0 with problems, 0 failed), 1 file passed over",
    ]
    assert [hand["hand"] for hand in tomllib.loads(out.read_text(encoding="utf-8")).values()] == [
        245817263800,
        245817263900,
        246000000001,
    ]


def test_a_folder_with_no_hand_history_exits_2(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("my session notes\n", encoding="utf-8")
    result = run("convert", str(tmp_path), "-o", str(tmp_path / "out.phhs"))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'notes.md'}: passed over: no hand history of a supported site was found in it",
        f"no hand history of a supported site was found in {tmp_path}",
        "Converted 0 of 0 hands (0 with problems, 0 failed), 1 file passed over",
    ]
    assert not (tmp_path / "out.phhs").exists()


def test_no_file_of_a_folder_is_passed_over_without_a_word(tmp_path: Path) -> None:
    """Every file walked in a folder that no site's reader claims (a site the
    converter does not read, an image, a file of a site with no hand in it)
    is named on its own line and counted; hidden files and PHH files are not
    walked, as ``check`` does not walk them. Before: those files were skipped
    silently, "Converted 3 of 3 hands" and exit 0."""
    exports = tmp_path / "exports"
    exports.mkdir()
    (exports / "tournament.txt").write_bytes((SAMPLES / "tournament.txt").read_bytes())
    (exports / "entraction.txt").write_text("Game # 1 - Texas Hold'em No Limit 0.02/0.05\n", encoding="utf-8")
    (exports / "chart.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (exports / "empty.txt").write_text("***** 888poker Hand History for Game 1 *****\n", encoding="utf-8")
    (exports / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")
    result = run("convert", str(exports), "-o", str(tmp_path / "out.phhs"))
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    passed_over = "passed over: no hand history of a supported site was found in it"
    assert [line for line in lines if line.endswith(passed_over)] == [
        f"{exports / 'chart.png'}: {passed_over}",
        f"{exports / 'entraction.txt'}: {passed_over}",
    ]
    assert not any(".DS_Store" in line for line in lines)
    assert f"{exports / 'empty.txt'}:1: hand #1 (from line 1) not converted:" in result.stderr  # 888's: a hand cut off
    assert lines[-1] == "Converted 1 of 2 hands (0 with problems, 1 failed), 2 files passed over"
