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
from phh_lsp.lsp.features.completion import complete

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
    assert result is not None and result.items[0].label == "variant"


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
