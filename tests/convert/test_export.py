"""``phh-lsp export --to pokerstars``: PHH hands as PokerStars text, and back.

Every hand of the shared corpus that PokerStars text can say is exported and
converted back by the PokerStars reader (``phh-lsp convert``) to the same
hand, field by field. Not compared, because PokerStars text does not carry
them: ``ante_trimming_status``, the comments and commentaries, and the
optional fields other than ``players``, ``seats`` and ``winnings`` (event,
author, city, the table's size...; the hand number, date and time are
compared where the PHH gives them); both hands replay to the same final
stacks (``finishing_stacks`` are not compared to them: the Ongame files'
are after the rake). A hand not exported must be one of a game not
written yet or say why PokerStars cannot express it.
"""

from __future__ import annotations

import re
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from phh_lsp.convert.conversion import convert_text
from phh_lsp.convert.writers.exporting import export_text
from phh_lsp.core.analysis import analyze
from tests.test_cli import run

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
CORPUS = SHARED / "corpus"
FILES = sorted(path for path in CORPUS.rglob("*") if path.suffix in (".phh", ".phhs"))
#: Why a corpus hand is not exported: a game not written yet, or what the hand lacks.
REASONS = re.compile(
    r"PokerStars text for (6\+ Hold'em|7 Card Stud|7 Card Stud Hi/Lo|Razz|Triple Draw 2-7 Lowball"
    r"|Single Draw 2-7 Lowball|Badugi) (No )?Limit is not written yet"
    r"|p\d+'s starting stack is unknown \(`inf`\): PokerStars writes every stack"
    r"|the hand's actions stop before its end: PokerStars writes finished hands"
    r"|p\d+ straddles after a seat that does not: PokerStars text cannot"
    r"|`ante_trimming_status` hands p\d+'s ante back: PokerStars text has no such rule"
)
#: Where the text says otherwise than the PHH: `winnings` that do not match what the pots pay.
NOTE = re.compile(
    r"`winnings` \[.*\] do not match the pots PokerKit pays \[.*\]: the pots are written as PokerKit pays them"
)
COMPARED = ("variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet", "starting_stacks")
COMPARED_WHERE_GIVEN = ("players", "seats", "winnings", "hand", "year", "month", "day", "time", "table")


def _hands(path: Path) -> list[dict[str, Any]]:
    values = tomllib.loads(path.read_text(encoding="utf-8"))
    return [values[key] for key in values] if path.suffix == ".phhs" else [values]


def _number(value: Any) -> Any:
    return Decimal(str(value)) if isinstance(value, int | float | Decimal) and not isinstance(value, bool) else value


def _actions(actions: list[str]) -> list[str]:
    """The actions as the reader writes them back: no commentaries, amounts by value,
    the cards a player shows dealt to them face up, and each player's show once,
    where PokerKit first asks for it, with the cards they show last (a dataset may
    show `????` on each street of an all-in)."""
    plain = [action.split("#")[0].split() for action in actions if action.split("#")[0].strip()]
    dealt = {parts[2]: parts[3] for parts in plain if parts[:2] == ["d", "dh"]}
    last = {parts[0]: (parts[2:] or [""])[0] for parts in plain if parts[1:2] == ["sm"]}
    last = {player: dealt[player] if cards == "-" else cards for player, cards in last.items()}
    uncontested = sum(parts[1:2] == ["f"] for parts in plain) == len(dealt) - 1
    written, showed = [], set()
    for parts in plain:
        if uncontested and parts[1:2] == ["sm"]:
            continue  # the winner of an uncontested pot showing: the reader keeps only the cards (a reader fix)
        if parts[:2] == ["d", "dh"] and "?" not in last.get(parts[2], "?"):
            parts = [*parts[:3], last[parts[2]]]
        elif parts[1:2] == ["sm"]:
            if parts[0] in showed:
                continue
            showed.add(parts[0])
            parts = [*parts[:2], last[parts[0]]] if last[parts[0]] else parts[:2]
        elif parts[1:2] == ["cbr"]:
            parts = [*parts[:2], str(Decimal(parts[2]).normalize())]
        written.append(" ".join(parts))
    return _shows_sorted(written)


def _shows_sorted(actions: list[str]) -> list[str]:
    """Each showdown's shows in one order: PokerKit asks for them in an order that
    depends on which cards it knows, and the reader knows the shown cards from the deal."""
    done: list[str] = []
    for action in actions:
        run = len(done)
        while run and " sm" in done[run - 1] and " sm" in action:
            run -= 1
        done.insert(run + sum(1 for shown in done[run:] if shown < action) if " sm" in action else len(done), action)
    return done


def _final_stacks(text: str, path: str = "back.phh") -> list[tuple[Decimal, ...] | None]:
    """Each hand's stacks at the end of the product's replay (by value)."""
    analysis = analyze(text, path, detail=False)
    hands = [analysis.view(index).hand for index in range(1 if analysis.has_prelude else 0, len(analysis.pieces))]
    return [
        tuple(_number(stack) for stack in hand.replay.final_stacks)
        if hand.replay is not None and hand.replay.final_stacks is not None
        else None
        for hand in hands
    ]


def test_the_corpus_is_there() -> None:
    assert len(FILES) > 400


@pytest.mark.parametrize("path", FILES, ids=lambda path: str(path.relative_to(CORPUS)))
def test_each_corpus_hand_pokerstars_can_say_converts_back_to_itself(path: Path) -> None:
    originals = _hands(path)
    exported = export_text(path.read_text(encoding="utf-8"), str(path), "pokerstars")
    replayed = _final_stacks(path.read_text(encoding="utf-8"), str(path))
    assert len(exported) == len(originals) == len(replayed)
    for hand, fields in zip(exported, originals, strict=True):
        if hand.text is None:
            assert REASONS.fullmatch(hand.reason), f"hand {hand.number}: {hand.reason}"
            continue
        conversion = convert_text(hand.text, "pokerstars")
        assert [failed.reason for failed in conversion.failed] == [], f"hand {hand.number}"
        (back,) = conversion.converted
        assert back.problems == [], f"hand {hand.number}"
        values = tomllib.loads(back.text)
        assert all(NOTE.fullmatch(note) for note in hand.notes), hand.notes
        given = [name for name in COMPARED_WHERE_GIVEN if name in fields and not (name == "winnings" and hand.notes)]
        if isinstance(fields.get("hand"), str):
            given.remove("hand")  # a hand number that is no number: PokerStars writes one derived from the text
        for name in (*COMPARED, *given):
            original, again = fields.get(name), values.get(name)
            if name == "blinds_or_straddles":  # a blind a player cannot cover is posted all in, and read so
                behind = [stack - ante for stack, ante in zip(fields["starting_stacks"], fields["antes"], strict=True)]
                original = [min(blind, left) for blind, left in zip(original or [], behind, strict=True)]
            if isinstance(original, list):
                original, again = [_number(item) for item in original], [_number(item) for item in again or []]
            assert _number(again) == _number(original), f"hand {hand.number}: {name}"
        assert _actions(values["actions"]) == _actions(fields["actions"]), f"hand {hand.number}"
        assert _final_stacks(back.text) == [replayed[hand.number - 1]], f"hand {hand.number}: final stacks"


DWAN_IVEY = """\
PokerStars Hand #361255730859: Hold'em No Limit ($1000/$2000 USD) - 2009/01/01 0:00:00
Table '?' 3-max Seat #3 is the button
Seat 1: Phil Ivey ($1125600 in chips)
Seat 2: Patrik Antonius ($2000000 in chips)
Seat 3: Tom Dwan ($553500 in chips)
Phil Ivey: posts the ante $500
Patrik Antonius: posts the ante $500
Tom Dwan: posts the ante $500
Phil Ivey: posts small blind $1000
Patrik Antonius: posts big blind $2000
*** HOLE CARDS ***
Dealt to Phil Ivey [Ac 2d]
Dealt to Tom Dwan [7h 6h]
Tom Dwan: raises $5000 to $7000
Phil Ivey: raises $16000 to $23000
Patrik Antonius: folds
Tom Dwan: calls $16000
*** FLOP *** [Jc 3d 5c]
Phil Ivey: bets $35000
Tom Dwan: calls $35000
*** TURN *** [Jc 3d 5c] [4h]
Phil Ivey: bets $90000
Tom Dwan: raises $142600 to $232600
Phil Ivey: raises $834500 to $1067100 and is all-in
Tom Dwan: calls $262400 and is all-in
Uncalled bet ($572100) returned to Phil Ivey
*** RIVER *** [Jc 3d 5c 4h] [Jh]
*** SHOW DOWN ***
Phil Ivey: shows [Ac 2d]
Tom Dwan: shows [7h 6h]
Tom Dwan collected $1109500 from pot
*** SUMMARY ***
Total pot $1109500 | Rake $0
Board [Jc 3d 5c 4h Jh]
"""


def test_dwan_ivey_is_written_as_the_papers_figure_3_tells_it() -> None:
    """Figure 3's lines, the unknown date and table as a tracker still reads them."""
    path = CORPUS / "examples" / "dwan-ivey-2009.phh"
    (hand,) = export_text(path.read_text(encoding="utf-8"), str(path), "pokerstars")
    assert hand.text == DWAN_IVEY


NT = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
min_bet = 0.10
starting_stacks = [5, 10.50, 7.25]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 AsKs", "p3 cbr 0.30", "p1 f", "p2 f"]
hand = 7
players = ["Ann", "Bo", "Cy"]
currency = "EUR"
"""
RAZZ = """\
variant = "FR"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = ["d dh p1 ????7h", "d dh p2 ????Kc", "p2 pb", "p1 f"]
"""


def test_what_cannot_be_said_is_named_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "a-walk.phh").write_text(NT, encoding="utf-8")
    (tmp_path / "b-razz.phhs").write_text(f"[1]\n{RAZZ}\n[2]\n{NT}", encoding="utf-8")
    out = tmp_path / "stars.txt"
    result = run("export", "--to", "pokerstars", str(tmp_path), "-o", str(out))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'b-razz.phhs'} · hand 1: not exported: PokerStars text for Razz Limit is not written yet",
        "Exported 2 of 3 hands (0 with notes, 1 not exported)",
    ]
    text = out.read_text(encoding="utf-8")
    first, second = text.split("\n\n\n")
    assert first + "\n" == second
    assert first.splitlines()[:2] == [
        "PokerStars Hand #7: Hold'em No Limit (€0.05/€0.10 EUR) - 1970/01/01 0:00:00",
        "Table '?' 3-max Seat #3 is the button",
    ]
    assert "Uncalled bet (€0.20) returned to Cy\nCy collected €0.25 from pot\n" in first
    back = run("convert", str(out))
    assert back.returncode == 0, back.stderr
    assert back.stderr == "Converted 2 of 2 hands (0 with problems, 0 failed)\n"


def test_nothing_exported_exits_2(tmp_path: Path) -> None:
    (tmp_path / "razz.phh").write_text(RAZZ, encoding="utf-8")
    result = run("export", "--to", "pokerstars", str(tmp_path / "razz.phh"), str(tmp_path / "missing.phh"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'missing.phh'}: no such file or folder",
        f"{tmp_path / 'razz.phh'}: not exported: PokerStars text for Razz Limit is not written yet",
        "Exported 0 of 1 hand (0 with notes, 1 not exported)",
    ]


TWO_STRADDLES = """\
variant = "NT"
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [0.10, 0.20, 0.40, 0.80, 0]
min_bet = 0.20
starting_stacks = [20, 20, 20, 20, 20]
actions = [
  "d dh p1 ????",
  "d dh p2 ????",
  "d dh p3 ????",
  "d dh p4 ????",
  "d dh p5 ????",
  "p5 f",
  "p1 f",
  "p2 f",
  "p3 cc",
  "p4 cc",
  "d db 2c7d9h",
  "p3 cbr 1",
  "p4 f",
]
"""


def test_two_straddles_are_written_and_read_back() -> None:
    (hand,) = export_text(TWO_STRADDLES, "straddles.phh", "pokerstars")
    assert hand.text is not None, hand.reason
    assert [line for line in hand.text.splitlines() if "straddle" in line][-1].endswith("posts straddle 0.80")
    (back,) = convert_text(hand.text, "pokerstars").converted
    assert back.problems == []
    assert tomllib.loads(back.text)["blinds_or_straddles"] == [0.10, 0.20, 0.40, 0.80, 0]
