"""tomlkit writes field changes: exactly the intended values change, every
other byte stays, and what cannot be written safely is refused."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from typing import Any

import pytest

from phh_lsp.core.fixes import toml_write
from phh_lsp.core.fixes.text_edits import apply_edits
from phh_lsp.core.fixes.toml_write import (
    AddField,
    AppendElements,
    Change,
    RemoveField,
    RenameKey,
    SetElement,
    SetField,
    TruncateArray,
    field_edits,
    render,
    rewrite,
)

HAND = """\
# a hand
variant = 'NT'  # the game
antes = [
  500,  # p1
  500  # p2
]
blinds_or_straddles = [1000, 2000]  # blinds
# stacks, in chips
starting_stacks = [200000, 300000]
actions = [
  # pre-flop
  'd dh p1 Ac2d',  # first
  "d dh p2 7h6h",  # second
]
"authr" = 'Juho'  # typo
"""


def load(text: str) -> dict[str, Any]:
    return tomllib.loads(text, parse_float=Decimal)


def written(text: str, changes: list[Change], in_table: bool = False) -> str:
    edits = field_edits(text, changes, in_table)
    assert edits is not None, "refused"
    after = apply_edits(text, edits)
    assert after == rewrite(text, changes, in_table)
    return after


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """Lines only in ``before``, lines only in ``after`` (as multisets, in order)."""
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    gone = [line for line in old if old.count(line) > new.count(line)]
    came = [line for line in new if new.count(line) > old.count(line)]
    return gone, came


CASES: list[tuple[str, list[Change], dict[str, Any], list[str], list[str]]] = [
    # (id, changes, values that change, old lines that go, new lines that come)
    (
        "set-keeps-quotes",
        [SetField("variant", "FT")],
        {"variant": "FT"},
        ["variant = 'NT'  # the game\n"],
        ["variant = 'FT'  # the game\n"],
    ),
    ("add-in-spec-order", [AddField("min_bet", 2000)], {"min_bet": 2000}, [], ["min_bet = 2000\n"]),
    (
        "remove",
        [RemoveField("blinds_or_straddles")],
        {"blinds_or_straddles": None},
        ["blinds_or_straddles = [1000, 2000]  # blinds\n"],
        [],
    ),
    (
        "rename-quoted",
        [RenameKey("authr", "author")],
        {"authr": None, "author": "Juho"},
        ["\"authr\" = 'Juho'  # typo\n"],
        ["\"author\" = 'Juho'  # typo\n"],
    ),
    (
        "set-element",
        [SetElement("actions", 0, "d dh p1 AcAd")],
        {"actions": ["d dh p1 AcAd", "d dh p2 7h6h"]},
        ["  'd dh p1 Ac2d',  # first\n"],
        ["  'd dh p1 AcAd',  # first\n"],
    ),
    (
        "append-after-comment",
        [AppendElements("antes", (0,))],
        {"antes": [500, 500, 0]},
        ["  500  # p2\n"],
        ["  500,  # p2\n", "  0,\n"],
    ),
    (
        "append-single-line",
        [AppendElements("blinds_or_straddles", (0, Decimal("0.5")))],
        {"blinds_or_straddles": [1000, 2000, 0, Decimal("0.5")]},
        ["blinds_or_straddles = [1000, 2000]  # blinds\n"],
        ["blinds_or_straddles = [1000, 2000, 0, 0.5]  # blinds\n"],
    ),
    ("truncate", [TruncateArray("antes", 1)], {"antes": [500]}, ["  500  # p2\n"], []),
    (
        "infinite",
        [SetElement("starting_stacks", 1, Decimal("inf"))],
        {"starting_stacks": [200000, Decimal("inf")]},
        ["starting_stacks = [200000, 300000]\n"],
        ["starting_stacks = [200000, inf]\n"],
    ),
]


@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize(
    ("changes", "values", "gone", "came"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_each_change_touches_only_its_lines(
    changes: list[Change], values: dict[str, Any], gone: list[str], came: list[str], crlf: bool
) -> None:
    before = HAND.replace("\n", "\r\n") if crlf else HAND
    after = written(before, changes)
    expected = load(before)
    for name, value in values.items():
        if value is None:
            del expected[name]
        else:
            expected[name] = value
    assert load(after) == expected
    newline = "\r\n" if crlf else "\n"
    assert changed_lines(before, after) == (
        [line.replace("\n", newline) for line in gone],
        [line.replace("\n", newline) for line in came],
    )


def test_a_field_goes_before_the_next_field_of_the_spec_order() -> None:
    after = written(HAND, [AddField("min_bet", 2000)])
    assert "blinds_or_straddles = [1000, 2000]  # blinds\nmin_bet = 2000\n# stacks, in chips\n" in after
    first = written(HAND.replace("variant = 'NT'  # the game\n", ""), [AddField("variant", "NT")])
    assert first.startswith('# a hand\nvariant = "NT"\nantes = [')  # below the hand's opening comment


def test_a_field_with_no_later_field_goes_after_the_last_one() -> None:
    text = "variant = 'NT'\nactions = []  # none"
    assert written(text, [AddField("author", "me")]) == "variant = 'NT'\nactions = []  # none\nauthor = \"me\""
    assert written(text + "\n\n# end\n", [AddField("author", "me")]).endswith('# none\nauthor = "me"\n\n# end\n')


def test_a_phhs_hand_changes_inside_its_table() -> None:
    text = "[2]\nvariant = 'NT'  # game\nantes = [0, 0]\nactions = []\n\n"
    after = written(text, [AddField("min_bet", 2), AppendElements("antes", (0,)), RenameKey("variant", "_v")], True)
    assert after == "[2]\n_v = 'NT'  # game\nantes = [0, 0, 0]\nmin_bet = 2\nactions = []\n\n"
    crlf = text.replace("\n", "\r\n")
    assert written(crlf, [AddField("min_bet", 2)], True) == crlf.replace("actions", "min_bet = 2\r\nactions")


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("variant = 'NT\nantes = [0]\n", [SetField("antes", (1,))]),  # not TOML
        ("antes = [0]\nantes = [1]\n", [SetField("antes", (1,))]),  # a key defined twice
        ("antes = [0]\n", [SetField("blinds", (1,))]),  # no such field
        ("antes = [0]\n", [AddField("antes", (1,))]),  # already there
        ("antes = [0]\nb = 1\n", [RenameKey("antes", "b")]),  # the new name is taken
        ("antes = 1\n", [AppendElements("antes", (1,))]),  # not an array
        ("antes = [0]\n", [SetElement("antes", 3, 1)]),  # no such element
        ("a.b = 1\n", [RemoveField("a.b")]),  # a dotted key is no field of its own
        ("[1]\na = 1\n[2]\nb = 1\n", [RemoveField("a")]),  # two tables: not one hand
    ],
)
def test_what_cannot_be_written_is_refused(text: str, changes: list[Change]) -> None:
    assert field_edits(text, changes, in_table=text.startswith("[")) is None


def test_no_change_no_edit() -> None:
    assert field_edits(HAND, []) == []


def test_render() -> None:
    assert [render(value) for value in (True, 2000, Decimal("0.125"), Decimal("-inf"), 'a"b', (1, ("x",)))] == [
        "true",
        "2000",
        "0.125",
        "-inf",
        '"a\\"b"',
        '[1, ["x"]]',
    ]


def test_a_string_that_cannot_stay_literal_becomes_basic() -> None:
    after = written(HAND, [SetField("variant", "it's")])
    assert 'variant = "it\'s"  # the game\n' in after


def test_a_nan_elsewhere_does_not_block_a_change() -> None:
    text = "antes = [0]\nbring_in = nan\n"
    assert written(text, [AppendElements("antes", (0,))]) == "antes = [0, 0]\nbring_in = nan\n"


def test_a_result_that_does_not_read_as_intended_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net for tomlkit's bugs: what it wrote is read back and compared."""
    monkeypatch.setattr(toml_write, "_apply", lambda *_: None)  # tomlkit "forgets" the change
    assert field_edits(HAND, [SetField("variant", "FT")]) is None
