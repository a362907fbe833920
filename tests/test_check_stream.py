"""``check`` of a large ``.phhs`` streamed chunk by chunk (issue #33): the same output as the whole file.

The streamed path is taken for files above a size; here the size is 0 and
the chunks a few dozen lines, so that every corpus ``.phhs`` is cut at many
places, and files that cannot be cut safely (a string or an array left
open across a header, a hand number given twice, keys before the first
hand, triple quotes, a byte order mark, bytes that are not UTF-8) must
give exactly what the whole-file analysis gives.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import phh_lsp.cli.check_stream as check_stream
import phh_lsp.cli.hand_chunks as hand_chunks
from phh_lsp import cli
from tests.conftest import CORPUS
from tests.core.test_diagnostic_codes import PHHS

PHHS_FILES = sorted(CORPUS.rglob("*.phhs"))
ERRORS = PHHS.replace('"p2 f"]', '"p2 x"]').replace("min_bet = 2\n", "min_bet = 2\nfoo = 1\n", 1)


def _outputs(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> tuple[tuple[int, str, str], tuple[int, str, str], bool]:
    """The whole file's output, the streamed one, and whether it was streamed."""
    code = cli.main(["check", "--no-cache", *args, str(path)])
    whole = (code, *capsys.readouterr())
    streamed: list[bool] = []
    original = check_stream.findings_streamed

    def spy(*a: object, **k: object) -> object:
        found = original(*a, **k)  # type: ignore[arg-type]
        streamed.append(found is not None)
        return found

    with monkeypatch.context() as patched:
        patched.setattr(hand_chunks, "STREAM_BYTES", 0)
        patched.setattr(hand_chunks, "CHUNK_LINES", 40)
        patched.setattr(check_stream, "findings_streamed", spy)
        code = cli.main(["check", "--no-cache", *args, str(path)])
    return whole, (code, *capsys.readouterr()), streamed == [True]


@pytest.mark.parametrize("path", PHHS_FILES, ids=[path.name for path in PHHS_FILES])
def test_the_corpus_streamed_gives_the_whole_files_findings(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, streamed, was_streamed = _outputs(path, capsys, monkeypatch)
    assert was_streamed
    assert streamed == whole


def _hands(count: int, body: str = ERRORS) -> str:
    """``count`` copies of ``body``'s two hands, numbered on."""
    one, two = body.split("\n[2]\n")
    return "".join(f"[{2 * n + 1}]{one.removeprefix('[1]')}\n[{2 * n + 2}]\n{two}\n" for n in range(count))


def test_hands_with_errors_streamed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "errors.phhs"
    path.write_text(_hands(20), encoding="utf-8")
    whole, streamed, was_streamed = _outputs(path, capsys, monkeypatch)
    assert was_streamed and whole[0] == 1 and "(1 file, 40 hands checked)" in whole[1]
    assert streamed == whole


BREAKS = {
    "an array left open across a header": ('"p2 x"]', '"p2 x"'),
    "a string left open across a header": ('"p2 x"]', '"p2 x]'),
    "a multi-line string": ("foo = 1", 'foo = """\n[9]\n"""'),
    "a hand number given twice": ("[7]", "[3]"),
    "a table inside a hand": ("foo = 1", "foo = 1\n[5.meta]\nx = 1"),
}


def _broken_in_the_middle(folder: Path, old: str, new: str) -> Path:
    """A 40-hand file whose first ``old`` from hand 7 on reads ``new``: a break that stops the cut."""
    text = _hands(20)
    middle = text.index("[7]")
    path = folder / "broken.phhs"
    path.write_text(text[:middle] + text[middle:].replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new"), BREAKS.values(), ids=list(BREAKS))
def test_files_that_cannot_be_cut_give_the_whole_files_findings(
    old: str, new: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _broken_in_the_middle(tmp_path, old, new)
    whole, streamed, _ = _outputs(path, capsys, monkeypatch)
    assert whole[0] == 1
    assert streamed == whole


@pytest.mark.parametrize(
    "prefix",
    [b"\xef\xbb\xbf", b"variant = 'NT'\n", b"# a comment\n\n", b"1 = 5\n"],
    ids=["byte order mark", "a key before the first hand", "comments", "a hand's name as a key"],
)
def test_what_stands_before_the_first_hand(
    prefix: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "prelude.phhs"
    path.write_bytes(prefix + _hands(20).encode())
    whole, streamed, _ = _outputs(path, capsys, monkeypatch)
    assert streamed == whole


def test_bytes_that_are_not_utf8_far_down(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "latin1.phhs"
    text = _hands(20).encode()
    middle = text.index(b"[30]")
    path.write_bytes(text[:middle] + b"# caf\xe9\n" + text[middle:])
    whole, streamed, was_streamed = _outputs(path, capsys, monkeypatch)
    assert not was_streamed and "PHH101" in whole[1]
    assert streamed == whole


def test_the_cache_keeps_a_streamed_files_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "errors.phhs"
    path.write_text(_hands(20), encoding="utf-8")
    monkeypatch.setattr(hand_chunks, "STREAM_BYTES", 0)
    monkeypatch.setattr(hand_chunks, "CHUNK_LINES", 40)
    fresh = (cli.main(["check", "--no-cache", str(path)]), *capsys.readouterr())
    first = (cli.main(["check", str(path)]), *capsys.readouterr())
    monkeypatch.setattr(check_stream, "findings_streamed", lambda *a: pytest.fail("streamed again"))
    cached = (cli.main(["check", str(path)]), *capsys.readouterr())
    assert fresh == first == cached


def _spread(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    """The whole file's output in one process, and ``--jobs 2``'s with the file
    spread over the workers in chunks of a few hands."""
    code = cli.main(["check", "--no-cache", *args, str(path)])
    whole = (code, *capsys.readouterr())
    with monkeypatch.context() as patched:
        patched.setattr(hand_chunks, "SPREAD_BYTES", 0)
        patched.setattr(check_stream, "SPREAD_LINES", 40)
        code = cli.main(["check", "--no-cache", "--jobs", "2", *args, str(path)])
    return whole, (code, *capsys.readouterr())


def test_hands_with_errors_spread_over_workers_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "errors.phhs"
    path.write_text(_hands(20), encoding="utf-8")
    whole, spread = _spread(path, capsys, monkeypatch)
    assert whole[0] == 1 and whole[1].count("PHH") >= 40 and "(1 file, 40 hands checked)" in whole[1]
    assert spread == whole


@pytest.mark.parametrize(("old", "new"), list(BREAKS.values())[:2], ids=list(BREAKS)[:2])
def test_a_file_that_cannot_be_cut_is_checked_whole_by_the_workers(
    old: str, new: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _broken_in_the_middle(tmp_path, old, new)
    whole, spread = _spread(path, capsys, monkeypatch)
    assert spread == whole


def test_a_folder_of_small_files_and_a_big_one_over_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files in their order, batched several to a task, a big one in chunks between them, unreadable ones in place."""
    one, _two = ERRORS.split("\n[2]\n")
    for number in range(30):
        (tmp_path / f"a{number:02}.phh").write_text(one.removeprefix("[1]\n"), encoding="utf-8")
    (tmp_path / "b-big.phhs").write_text(_hands(20), encoding="utf-8")
    (tmp_path / "c-latin1.phh").write_bytes(b"# caf\xe9\n")
    for number in range(30):
        (tmp_path / f"d{number:02}.phh").write_text(one.removeprefix("[1]\n"), encoding="utf-8")
    monkeypatch.setattr("phh_lsp.cli.check_spread.BATCH_CHARS", 2_000)
    whole, spread = _spread(tmp_path, capsys, monkeypatch)
    assert "(62 files, 101 hands checked)" in whole[1]
    assert spread == whole
