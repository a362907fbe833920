"""The usual human slips told as such: one diagnostic each, on the token to
change, in a player's words, with the fix that undoes the slip.

A misspelt field is the rename to the real field (not an unknown field plus
the real one missing); blinds given big-first are named as such; a currency
symbol in `currency` gets its ISO 4217 code, and one in an amount is told
plainly and removed.
"""

from __future__ import annotations

import pytest

from phh_lsp.core.analysis import analyze
from phh_lsp.core.fixes.proposers import fixes_for
from phh_lsp.core.fixes.rounds import fix_text
from tests.core.test_diagnostic_codes import NT

HEADS_UP = NT.replace("antes = [0, 0, 0]", "antes = [0, 0]").replace("[1, 2, 0]", "[1, 2]")
HEADS_UP = HEADS_UP.replace("[200, 200, 200]", "[200, 200]").split("actions = [")[0] + (
    'actions = [\n  "d dh p1 AcAd",\n  "d dh p2 KcKd",\n  "p2 cc",\n  "p1 cc",\n]\n'
)


def found(text: str) -> list[tuple[str, str, str]]:
    """(code, the text under the range, message) of every diagnostic."""
    return [(d.code, text[d.span.start : d.span.end], d.message) for d in analyze(text, "hand.phh").diagnostics]


def fixed(text: str, unsafe: bool = False) -> str:
    return fix_text(analyze(text, "hand.phh"), "hand.phh", lambda code: True, unsafe=unsafe).text


def offered(text: str) -> list[tuple[str, str]]:
    """(title, safe or unsafe) of every fix offered for the document's diagnostics."""
    analysis = analyze(text, "hand.phh")
    (view,) = analysis.hands
    return [(fix.title, fix.applicability) for d in view.hand.diagnostics for fix in fixes_for(view.hand, d)]


# ------------------------------------------------------------------ misspelt fields


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("blinds_or_straddles = [1, 2, 0]", "blinds = [1, 2, 0]", "blinds_or_straddles"),
        ("starting_stacks = [200", "startingstacks = [200", "starting_stacks"),
        ("starting_stacks = [200", "StartingStacks = [200", "starting_stacks"),
        ("antes = [0, 0, 0]", "ante = [0, 0, 0]", "antes"),
        ("min_bet = 2", "minbet = 2", "min_bet"),
    ],
)
def test_a_misspelt_field_is_one_error_with_the_safe_rename(old: str, new: str, field: str) -> None:
    text = NT.replace(old, new)
    written = new.split(" =")[0]
    (diagnostic,) = found(text)
    assert diagnostic == (
        "PHH213",
        written,
        f"`{written}` is not a PHH field: the field is `{field}` (the hand has none, and NT needs it)",
    )
    assert offered(text) == [(f"Rename `{written}` to `{field}`", "safe")]
    assert fixed(text) == NT


def test_a_field_misspelt_by_a_letter_is_a_guess_renamed_on_request() -> None:
    text = NT.replace("starting_stacks = [200", "startng_stacks = [200")
    (diagnostic,) = found(text)
    assert diagnostic == (
        "PHH213",
        "startng_stacks",
        "`startng_stacks` is not a PHH field: did you mean `starting_stacks`? (the hand has none, and NT needs it)",
    )
    assert offered(text) == [("Rename `startng_stacks` to `starting_stacks`", "unsafe")]
    assert fixed(text) == text
    assert fixed(text, unsafe=True) == NT


def test_a_misspelt_field_beside_the_real_one_stays_an_unknown_field() -> None:
    text = NT.replace("min_bet = 2", "min_bet = 2\nblinds = [1, 2, 0]")
    assert [(code, covered) for code, covered, _ in found(text)] == [("PHH208", "blinds")]


# ------------------------------------------------------------------ blinds big-first


def test_blinds_given_big_first_are_named_as_such() -> None:
    text = NT.replace("[1, 2, 0]", "[2, 1, 0]")
    assert found(text) == [
        (
            "PHH214",
            "2, 1",
            "the big blind (2) comes before the small blind (1): "
            "`blinds_or_straddles` lists the small blind first, write [1, 2, 0]",
        )
    ]
    assert offered(text) == [("Write [1, 2, 0]", "unsafe")]
    assert fixed(text, unsafe=True) == NT


def test_heads_up_blinds_are_still_small_first() -> None:
    text = HEADS_UP.replace("[1, 2]", "[2, 1]")
    assert found(HEADS_UP) == []
    (diagnostic,) = found(text)
    assert diagnostic[:2] == ("PHH214", "2, 1")
    assert diagnostic[2].endswith(
        "write [1, 2] (heads-up too: PokerKit gives the small blind to the button, p2, and the big blind to p1)"
    )


def test_straddles_after_the_blinds_are_fine() -> None:
    text = NT.replace("[1, 2, 0]", "[1, 2, 4]")
    assert "PHH214" not in [code for code, _, _ in found(text)]


# ------------------------------------------------------------------ currency symbols


@pytest.mark.parametrize(
    ("symbol", "code", "safety"),
    [("$", "USD", "unsafe"), ("€", "EUR", "safe"), ("£", "GBP", "unsafe"), ("usd", "USD", "safe")],
)
def test_a_currency_symbol_gets_its_iso_code(symbol: str, code: str, safety: str) -> None:
    text = NT.replace("min_bet = 2", f'min_bet = 2\ncurrency = "{symbol}"')
    (diagnostic,) = found(text)
    assert diagnostic[:2] == ("PHH215", f'"{symbol}"')
    assert f"write its ISO 4217 code, `{code}`" in diagnostic[2]
    assert offered(text) == [(f'Write "{code}"', safety)]
    assert fixed(text, unsafe=True) == NT.replace("min_bet = 2", f'min_bet = 2\ncurrency = "{code}"')


def test_a_currency_code_is_fine() -> None:
    assert found(NT.replace("min_bet = 2", 'min_bet = 2\ncurrency = "USD"\ncurrency_symbol = "$"')) == []


def test_an_amount_with_a_symbol_in_an_action_is_told_plainly() -> None:
    text = NT.replace('"p3 cbr 6"', '"p3 cbr $6"')
    assert found(text) == [
        ("PHH306", "$6", "`$6` is an amount with a currency symbol: amounts are plain numbers, write `6`")
    ]
    assert offered(text) == [("Write `6`", "safe")]
    assert fixed(text) == NT


def test_a_stack_with_a_symbol_is_told_plainly() -> None:
    text = NT.replace("starting_stacks = [200, 200, 200]", 'starting_stacks = ["$200", 200, 200]')
    assert found(text) == [
        (
            "PHH204",
            '"$200"',
            '`"$200"` is an amount with a currency symbol: `starting_stacks` holds plain numbers, write `200`',
        )
    ]
    assert offered(text) == [("Write `200`", "safe")]
    assert fixed(text) == NT


def test_a_scalar_amount_with_a_symbol_is_told_plainly() -> None:
    text = NT.replace("min_bet = 2", 'min_bet = "$2"')
    assert found(text) == [
        ("PHH204", '"$2"', '`"$2"` is an amount with a currency symbol: `min_bet` is a plain number, write `2`')
    ]
    assert fixed(text) == NT


def test_a_stack_of_the_wrong_type_is_told_in_good_english() -> None:
    text = NT.replace("starting_stacks = [200, 200, 200]", "starting_stacks = [200, true, 200]")
    assert found(text) == [
        ("PHH204", "true", "every element of `starting_stacks` must be an integer, a float or inf, not a boolean")
    ]
    antes = NT.replace("antes = [0, 0, 0]", "antes = [0, true, 0]")
    assert found(antes)[0][2] == "every element of `antes` must be an integer or a float, not a boolean"
