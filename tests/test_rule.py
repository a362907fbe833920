"""``phh-lsp rule``: a code explained in the terminal, as docs/diagnostics.md explains it."""

from __future__ import annotations

import json

import pytest

from phh_lsp import cli
from phh_lsp.core.rules.codes import CODES
from tests.docs_diagnostics import TARGET


def rule(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(["rule", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_code_shows_its_mistake_the_message_and_the_text_written_right(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = rule(capsys, "PHH307")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "PHH307 malformed-card (error)"
    assert "A card is not a rank and a suit, or `??`." in lines
    assert "Spec: §V.D" in lines
    assert "Docs: https://github.com/phh-lsp/phh-lsp/blob/main/docs/diagnostics.md#phh307" in lines
    assert '      "d dh p1 AcAx",' in lines  # the mistake, as in the hand
    assert "Reported on `Ax`: `x` is not a suit: use one of c, d, h, s or ?" in lines
    assert '      "d dh p1 AcAd",' in lines[lines.index("Written right:") :]
    assert "Fix (safe): Write `Th`" in lines  # `10h`, its second example, with the fix "Fix all" applies


def test_the_terminal_and_the_docs_give_the_same_messages(capsys: pytest.CaptureFixture[str]) -> None:
    docs = TARGET.read_text(encoding="utf-8")
    _, out, _ = rule(capsys, "--all")
    reported = [line.removeprefix("Reported on ") for line in out.splitlines() if line.startswith("Reported on ")]
    assert len(reported) > len(CODES)  # every code with an example, some with several
    for line in reported:
        covered, _, message = line.partition(": ")
        assert f"Reported on {covered}: _{message}_" in docs


@pytest.mark.parametrize("word", ["phh302", "302", "no-such-player", "PHH302"])
def test_a_code_may_be_written_as_a_player_remembers_it(capsys: pytest.CaptureFixture[str], word: str) -> None:
    status, out, _ = rule(capsys, word)
    assert status == 0 and out.startswith("PHH302 no-such-player (error)\n")


def test_an_unknown_code_names_the_closest_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = rule(capsys, "PHH32")
    assert (status, out) == (2, "")
    assert err.startswith("phh-lsp rule: no code `PHH32`; did you mean PHH312, PHH302")
    assert rule(capsys, "out-of-turns")[2].startswith("phh-lsp rule: no code `out-of-turns`; did you mean PHH401")
    assert rule(capsys)[0] == 2  # neither a code nor --all
    assert rule(capsys, "PHH302", "--all")[0] == 2


def test_json_for_tools(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = rule(capsys, "PHH401", "--output-format", "json")
    one = json.loads(out)
    assert (one["code"], one["name"], one["severity"], one["spec"]) == ("PHH401", "out-of-turn", "error", "§V.C")
    (example,) = one["examples"]
    assert example["covered"] == "p2" and example["message"].startswith("p2 acted out of turn: it is p1's turn")
    assert example["fixes"] == [{"applicability": "unsafe", "title": "Replace p2 with p1, whose turn it is"}]
    _, out, _ = rule(capsys, "--all", "--output-format", "json")
    assert [entry["code"] for entry in json.loads(out)] == list(CODES)
