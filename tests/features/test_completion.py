"""Completion outside ``actions``: field names and field values, and where
completion stays quiet (comments, after a finished value).

The cursor context is read from the syntax tree, so these cases are the
ones a user types: a fresh line, a half-typed key, ``variant = `` with and
without its quote, a boolean, a ``#`` in a comment and in an action.
"""

from __future__ import annotations

import pytest
from lsprotocol import types

from phh_lsp.core.analysis import analyze
from phh_lsp.lsp.features.completion import complete, snippet_text

HAND = (
    'variant = "NT"\n'
    "antes = [0, 0]\n"
    "blinds_or_straddles = [1, 2]\n"
    "min_bet = 2\n"
    "starting_stacks = [200, 200]\n"
    'actions = ["d dh p1 AcAd", "d dh p2 KcKd"]\n'
)


def _complete(text: str, marker: str = "|", path: str = "x.phh") -> types.CompletionList | None:
    """Completion at the marker, which is removed from the text."""
    offset = text.index(marker)
    text = text[:offset] + text[offset + len(marker) :]
    return complete(analyze(text, path), offset, "utf-16")


def _edits(result: types.CompletionList | None) -> dict[str, tuple[int, str]]:
    """label -> (start column of the replaced text, new text)."""
    assert result is not None
    return {item.label: (item.text_edit.range.start.character, item.text_edit.new_text) for item in result.items}  # type: ignore[union-attr]


def test_a_fresh_line_offers_the_missing_fields_only() -> None:
    edits = _edits(_complete(HAND + "|"))
    assert "variant" not in edits and "actions" not in edits
    assert edits["players"] == (0, "players = ")
    assert edits["hand"] == (0, "hand = ")


def test_a_half_typed_key_is_replaced_from_its_first_letter() -> None:
    edits = _edits(_complete(HAND + "  pla|"))
    assert edits["players"] == (2, "players = ")


def test_an_empty_document_asks_for_the_variant_first() -> None:
    result = _complete("|")
    assert result is not None and [item.label for item in result.items[:2]] == [
        "new hand (no-limit hold'em)",
        "variant",
    ]


@pytest.mark.parametrize(
    ("typed", "start", "new_text"),
    [
        ("variant = |", 10, '"FO/8"'),
        ("variant = F|", 10, '"FO/8"'),
        ('variant = "F|', 11, 'FO/8"'),
        ('variant = "F|"', 11, "FO/8"),
    ],
)
def test_the_variant_value_is_completed_with_its_quotes(typed: str, start: int, new_text: str) -> None:
    edits = _edits(_complete(typed))
    assert edits["FO/8"] == (start, new_text)
    assert "NT" in edits


def test_a_boolean_field_offers_true_and_false() -> None:
    edits = _edits(_complete('variant = "F7S"\nante_trimming_status = t|'))
    assert edits == {"true": (23, "true"), "false": (23, "false")}


def test_a_value_of_another_field_offers_nothing() -> None:
    assert _edits(_complete(HAND + "min_bet = 1|")) == {}


@pytest.mark.parametrize(
    "text",
    [
        HAND + "# a comm|ent\n",
        HAND.replace("min_bet = 2", "min_bet = 2  # the big bl|ind"),
        "[1]|\n" + HAND,
    ],
)
def test_no_completion_in_a_comment_or_a_header(text: str) -> None:
    result = _complete(text, path="x.phhs" if text.startswith("[") else "x.phh")
    assert result is None or result.items == []


def test_a_hash_inside_an_action_is_no_comment() -> None:
    """``#`` in an action string starts its commentary, not a TOML comment:
    completion still runs (and offers nothing after the commentary mark)."""
    text = HAND.replace('"d dh p2 KcKd"]', '"d dh p2 KcKd", "p1 cc # |"]')
    result = _complete(text)
    assert result is not None and result.items == []


def test_fields_of_a_hand_in_a_phhs() -> None:
    edits = _edits(_complete("[1]\n" + HAND + "[2]\nvar|\n" + HAND.replace("variant", "x"), path="x.phhs"))
    assert edits["variant"] == (0, "variant = ")


# --- what the user meets first: items inserted whole, no noise (issue #28) ---

THREE = (
    'variant = "NT"\n'
    "antes = [0, 0, 0]\n"
    "blinds_or_straddles = [50, 100, 0]\n"
    "min_bet = 100\n"
    "starting_stacks = [1000, 1000, 1000]\n"
    "actions = [\n"
    '  "d dh p1 AcAd",\n'
    '  "d dh p2 KcKd",\n'
    '  "d dh p3 QcQd",\n'
    '  "p3 f",\n'
)


def _items(text: str, snippets: bool) -> dict[str, types.CompletionItem]:
    offset = text.index("|")
    result = complete(analyze(text[:offset] + text[offset + 1 :], "x.phh"), offset, "utf-16", snippets)
    assert result is not None
    return {item.label: item for item in result.items}


def _new_text(item: types.CompletionItem) -> str:
    assert isinstance(item.text_edit, types.TextEdit)
    return item.text_edit.new_text


def test_a_client_taking_snippets_gets_each_action_as_a_snippet() -> None:
    """Neovim 0.11 keeps a plain item's text only up to its first space (`"p1`); a snippet
    it inserts whole."""
    item = _items(THREE + '  "|\n', snippets=True)["p1 cc"]
    assert item.insert_text_format == types.InsertTextFormat.Snippet
    assert _new_text(item) == 'p1 cc",'


@pytest.mark.parametrize("typed", ['  "|"', '  "p1 c|"', '  "p1 c|"  '])
@pytest.mark.parametrize("snippets", [True, False])
def test_the_quote_an_editor_closed_by_itself_is_replaced_so_the_action_ends_with_its_comma(
    typed: str, snippets: bool
) -> None:
    """VS Code closes a typed `"` at once (`"|"`): the item replaces that quote and
    writes the action's own `",`, the line a user gets where the string stays open."""
    item = _items(THREE + typed + "\n", snippets)["p1 cc"]
    assert isinstance(item.text_edit, types.TextEdit)
    edit = item.text_edit
    line = typed.replace("|", "")
    assert edit.range.start.line == edit.range.end.line == len(THREE.splitlines())
    accepted = line[: edit.range.start.character] + edit.new_text + line[edit.range.end.character :]
    assert accepted.rstrip() == '  "p1 cc",'


def test_an_action_followed_by_more_than_its_quote_keeps_the_rest() -> None:
    item = _items(THREE + '  "p1 c|",\n', snippets=True)["p1 cc"]
    assert _new_text(item) == "p1 cc"[len("p1 ") :] and isinstance(item.text_edit, types.TextEdit)
    assert item.text_edit.range.end.character == len('  "p1 c')


def test_a_client_without_snippets_gets_plain_text() -> None:
    items = _items(THREE + '  "|\n', snippets=False)
    assert items["p1 cc"].insert_text_format in (None, types.InsertTextFormat.PlainText)
    assert _new_text(items["p1 cc"]) == 'p1 cc",'
    assert _new_text(_items(HAND + "|", snippets=False)["players"]) == "players = "


@pytest.mark.parametrize(
    ("text", "escaped"),
    [("a $1 b", "a \\$1 b"), ("x}y", "x\\}y"), ("back\\slash", "back\\\\slash"), ("p1 cc", "p1 cc")],
)
def test_snippet_text_escapes_what_a_snippet_would_read(text: str, escaped: str) -> None:
    assert snippet_text(text) == escaped


def test_a_field_name_comes_with_its_equals_sign_and_a_value_skeleton() -> None:
    items = _items(HAND + "|", snippets=True)
    assert _new_text(items["players"]) == 'players = ["${1}"]'
    assert _new_text(items["hand"]) == "hand = ${1}"
    assert _new_text(_items('variant = "NT"\n|', snippets=True)["starting_stacks"]) == "starting_stacks = [${1}]"


def test_a_folded_player_is_not_offered() -> None:
    labels = _items(THREE + '  "|\n', snippets=False)
    assert "p1" in labels and "p2" in labels
    assert "p3" not in labels


def test_no_player_is_offered_when_the_dealer_must_deal() -> None:
    labels = _items(THREE + '  "p1 cc",\n  "p2 cc",\n  "|\n', snippets=False)
    assert "d db" in labels
    assert not [label for label in labels if label.startswith("p")]


def test_no_fold_is_offered_where_checking_is_free() -> None:
    labels = _items(THREE + '  "p1 cc",\n  "|\n', snippets=False)
    assert "p2 cc" in labels and labels["p2 cc"].detail == "check"
    assert "p2 f" not in labels
    assert "p1 f" in _items(THREE + '  "|\n', snippets=False)  # facing the big blind, a fold is offered


NEW_HAND = (
    'variant = "NT"\n'
    "antes = [0, 0]\n"
    "blinds_or_straddles = [1, 2]\n"
    "min_bet = 2\n"
    "starting_stacks = [200, 200]\n"
    "actions = [\n"
    "  \n"
    "]"
)


def test_an_empty_file_offers_a_new_hand_first() -> None:
    plain = _complete("|")
    assert plain is not None and plain.items[0].label == "new hand (no-limit hold'em)"
    assert _new_text(plain.items[0]) == NEW_HAND
    snippet = _items("|", snippets=True)["new hand (no-limit hold'em)"]
    assert snippet.insert_text_format == types.InsertTextFormat.Snippet
    assert _new_text(snippet) == (
        'variant = "NT"\n'
        "antes = [${1:0, 0}]\n"
        "blinds_or_straddles = [${2:1, 2}]\n"
        "min_bet = ${3:2}\n"
        "starting_stacks = [${4:200, 200}]\n"
        "actions = [\n"
        "  $0\n"
        "]"
    )
    assert "new hand (no-limit hold'em)" not in _edits(_complete(HAND + "|"))


def test_typing_an_action_on_a_5_mb_line_does_not_build_the_hands_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside an action's string no comment can hold the cursor, so the
    hand's syntax tree (half a million nodes for a 5 MB line of actions:
    seconds per keystroke) is not built; a ``#`` line between the actions of
    a multi-line array still silences completion."""
    from phh_lsp.lsp.features import completion

    def no_tree(text: str) -> None:
        raise AssertionError("the hand's tree was built")

    text = HAND.replace('"d dh p2 KcKd"]', '"d dh p2 KcKd", "p2 c|"]')
    offset = text.index("|")
    analysis = analyze(text[:offset] + text[offset + 1 :], "x.phh")
    assert [d.code for d in analysis.diagnostics] == ["PHH303"]  # `c` half-typed
    monkeypatch.setattr(completion, "parse", no_tree)
    result = complete(analysis, offset, "utf-16")
    assert result is not None and {item.label for item in result.items} >= {"p2 cc", "p2 f"}
    monkeypatch.undo()
    assert _complete(HAND.replace('"d dh p2 KcKd"]', '"d dh p2 KcKd",\n  # a note|\n]')) is None
