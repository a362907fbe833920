"""``format`` of a large ``.phhs`` a chunk of hands at a time (issue #33): the whole file's verdict and text.

The streamed path is taken for files above a size; here the size is 0 and
the chunks a few dozen lines, so that each file is cut at many places
(between a hand and the comment above the next one too), and files that
cannot be cut safely must give exactly what the whole file gives.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import phh_lsp.cli.format_stream as format_stream
import phh_lsp.cli.hand_chunks as hand_chunks
from phh_lsp import cli
from tests.conftest import CORPUS

PHHS_FILES = sorted(CORPUS.rglob("*.phhs"))
UNFORMATTED = """# hand {n}, as a site client wrote it
[{n}]
variant='NT'
antes=[0,0]
blinds_or_straddles = [1,  2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AcAd", "d dh p2 KsKd",
  "p2 cbr 6", "p1 f"]  # the button folds
"""


def _run(path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str, bytes]:
    code = cli.main(["format", "--no-cache", *args, str(path)])
    out, err = capsys.readouterr()
    return code, out, err, path.read_bytes()


def _both(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> tuple[tuple[int, str, str, bytes], tuple[int, str, str, bytes], bool]:
    """The whole file's outcome, the streamed one (from the same bytes), and whether it was streamed."""
    original = path.read_bytes()
    whole = _run(path, capsys, *args)
    path.write_bytes(original)
    streamed: list[bool] = []
    real = format_stream.format_streamed

    def spy(*a: object, **k: object) -> bool | None:
        found = real(*a, **k)  # type: ignore[arg-type]
        streamed.append(found is not None)
        return found

    with monkeypatch.context() as patched:
        patched.setattr(hand_chunks, "STREAM_BYTES", 0)
        patched.setattr(hand_chunks, "CHUNK_LINES", 40)
        patched.setattr("phh_lsp.cli.format.format_streamed", spy)
        result = _run(path, capsys, *args)
    return whole, result, streamed == [True]


@pytest.mark.parametrize("path", PHHS_FILES, ids=[path.name for path in PHHS_FILES])
def test_the_corpus_checked_streamed_says_what_the_whole_file_says(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, streamed, was_streamed = _both(path, capsys, monkeypatch, "--check")
    assert was_streamed
    assert streamed == whole


@pytest.mark.parametrize("crlf", [False, True], ids=["LF", "CRLF"])
@pytest.mark.parametrize("check", [True, False], ids=["--check", "write"])
def test_unformatted_hands_streamed(
    crlf: bool, check: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "".join(UNFORMATTED.format(n=n) for n in range(1, 41))
    path = tmp_path / "site.phhs"
    path.write_bytes(text.replace("\n", "\r\n" if crlf else "\n").encode())
    whole, streamed, was_streamed = _both(path, capsys, monkeypatch, *(["--check"] if check else []))
    assert was_streamed
    assert whole[0] == (1 if check else 0)
    assert ("Would reformat" in whole[1]) == check
    assert (whole[3] == path.read_bytes()) if check else whole[3] != text.encode()
    assert streamed == whole
    if not check:  # formatted once more: nothing changes, streamed or not
        again = _run(path, capsys, "--check")
        assert again[0] == 0 and "1 file already formatted" in again[1]
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # nothing left aside


BREAKS = {
    "not valid TOML far down": ("[30]\nvariant='NT'", "[30]\nvariant='NT' 1"),
    "a hand number given twice": ("[30]", "[3]"),
    "a multi-line string": ("min_bet = 2\n", "min_bet = 2\nnote = '''\n[9]\n'''\n"),
    "line endings that change": ("# hand 26, as a site client wrote it\n", "# hand 26, as a site client wrote it\r\n"),
}


@pytest.mark.parametrize(("old", "new"), BREAKS.values(), ids=list(BREAKS))
@pytest.mark.parametrize("check", [True, False], ids=["--check", "write"])
def test_files_that_cannot_be_cut_are_formatted_whole(
    old: str, new: str, check: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "".join(UNFORMATTED.format(n=n) for n in range(1, 41))
    middle = text.index("[25]")
    path = tmp_path / "broken.phhs"
    path.write_bytes((text[:middle] + text[middle:].replace(old, new, 1)).encode())
    whole, streamed, was_streamed = _both(path, capsys, monkeypatch, *(["--check"] if check else []))
    assert not was_streamed
    assert streamed == whole


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_write_that_fails_leaves_the_file_as_it_was(
    stream: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The formatted text is written aside and moved over the file at the end: when that fails, the file
    is whole and nothing is left beside it."""
    text = "".join(UNFORMATTED.format(n=n) for n in range(1, 41)).encode()
    path = tmp_path / "site.phhs"
    path.write_bytes(text)
    path.chmod(0o640)
    if stream:
        monkeypatch.setattr(hand_chunks, "STREAM_BYTES", 0)
        monkeypatch.setattr(hand_chunks, "CHUNK_LINES", 40)

    def refused(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patched:
        patched.setattr(format_stream.os, "replace", refused)
        code, out, err, after = _run(path, capsys)
    assert (code, after) == (2, text)
    assert f"{path}: cannot write (Permission denied)" in err and "1 file not written" in out
    assert sorted(tmp_path.iterdir()) == [path]
    code, out, _err, after = _run(path, capsys)
    assert code == 0 and "1 file reformatted" in out and after != text
    assert sorted(tmp_path.iterdir()) == [path] and path.stat().st_mode & 0o777 == 0o640
