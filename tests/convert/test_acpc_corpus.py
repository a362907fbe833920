"""ACPC logs held to the Pluribus hands of the shared corpus.

The corpus's Pluribus hands were converted from such logs. Each is written
back as the dealer's ``STATE:`` line (betting with no-limit ``r<n>`` as the
chips in the whole hand, hole cards, boards, net results, names) and
converted again: the same players, stacks, actions (shows and mucks apart:
the log has none), and a replay that ends where the log's net results say
(``problems`` is empty only then).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from phh_lsp.convert.conversion import convert_text

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
HANDS = sorted((SHARED / "corpus" / "pluribus").glob("*/*.phh"))


def _state_line(fields: dict[str, Any]) -> str:
    holes: dict[int, str] = {}
    boards: list[str] = []
    betting = [""]
    before_street, street_bet = 0, 100  # the big blind is the preflop bet
    for action in fields["actions"]:
        parts = action.split()
        if parts[:2] == ["d", "dh"]:
            holes[int(parts[2][1:]) - 1] = parts[3]
        elif parts[:2] == ["d", "db"]:
            boards.append(parts[2])
            betting.append("")
            before_street, street_bet = before_street + street_bet, 0
        elif parts[1] == "f":
            betting[-1] += "f"
        elif parts[1] == "cc":
            betting[-1] += "c"
        elif parts[1] == "cbr":
            street_bet = int(parts[2])
            betting[-1] += f"r{before_street + street_bet}"
    cards = "|".join(holes[index] for index in range(len(fields["players"]))) + "".join("/" + b for b in boards)
    net = zip(fields["finishing_stacks"], fields["starting_stacks"], strict=True)
    results = "|".join(str(end - start) for end, start in net)
    return f"STATE:{fields['hand']}:{'/'.join(betting)}:{cards}:{results}:{'|'.join(fields['players'])}"


def _played(actions: list[str]) -> list[str]:
    return [action for action in actions if " sm" not in action]


def test_the_corpus_has_its_pluribus_hands() -> None:
    assert len(HANDS) >= 100


@pytest.mark.parametrize("path", HANDS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_pluribus_hand_written_as_an_acpc_line_converts_back(path: Path) -> None:
    fields = tomllib.loads(path.read_text(encoding="utf-8"))
    conversion = convert_text(_state_line(fields) + "\n")
    assert conversion.site is not None and conversion.site.key == "acpc"
    (hand,) = conversion.converted
    assert hand.problems == []
    back = tomllib.loads(hand.text)
    assert back["players"] == fields["players"]
    assert back["starting_stacks"] == fields["starting_stacks"]
    assert _played(back["actions"]) == _played(fields["actions"])
