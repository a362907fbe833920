"""The names players, sites and trackers write for the games, and PHH's codes."""

from __future__ import annotations

import pytest

from phh_lsp.core.analysis import analyze
from phh_lsp.core.rules import variant_aliases
from phh_lsp.core.rules.schema import VARIANT_NAMES
from phh_lsp.core.rules.variant_aliases import ALIASES, GAME_NAMES, match_variant, normalize

EXPECTED = {
    "NLHE": "NT",
    "NLH": "NT",
    "No Limit Hold'em": "NT",
    "no-limit holdem": "NT",
    "Hold'em No Limit": "NT",
    "PLO": "PO",
    "Pot Limit Omaha": "PO",
    "FLHE": "FT",
    "LHE": "FT",
    "Limit Hold'em": "FT",
    "Fixed Limit Hold'em": "FT",
    "Stud": "F7S",
    "7 Card Stud": "F7S",
    "Stud Hi/Lo": "F7S/8",
    "Stud 8": "F7S/8",
    "Razz": "FR",
    "2-7 Triple Draw": "F2L3D",
    "Deuce to Seven Triple Draw": "F2L3D",
    "2-7 Single Draw": "N2L1D",
    "Badugi": "FB",
    "Short Deck": "NS",
    "6+ Hold'em": "NS",
    "Omaha Hi/Lo": "FO/8",
    "O8": "FO/8",
    "nt": "NT",
    "fo8": "FO/8",
    "F7S8": "F7S/8",
}


@pytest.mark.parametrize(("written", "code"), EXPECTED.items())
def test_each_name_is_its_game_for_certain(written: str, code: str) -> None:
    assert match_variant(written) == variant_aliases.VariantMatch(code, True)


def test_nlhe_is_never_a_draw_game() -> None:
    for written in ("NLHE", "nlhe", "NL HE", "N.L.H.E.", "NLHEE", "NLHoldem"):
        found = match_variant(written)
        assert found is not None and found.code == "NT", written


def test_every_alias_names_one_game_and_every_game_has_words() -> None:
    assert set(ALIASES.values()) <= set(VARIANT_NAMES) and set(GAME_NAMES) == set(VARIANT_NAMES)
    assert len({normalize(name) for name in VARIANT_NAMES}) == len(VARIANT_NAMES)
    assert not set(ALIASES) & {normalize(code) for code in VARIANT_NAMES}


def test_pot_limit_hi_lo_is_not_fixed_limit_for_certain() -> None:
    found = match_variant("PLO8")
    assert found is not None and found.code == "FO/8" and not found.certain
    (message,) = [d.message for d in analyze('variant = "PLO8"\n', "hand.phh").diagnostics if d.code == "PHH201"]
    assert message.startswith("`PLO8` is pot-limit Omaha hi/lo, which PHH has no code for")
    assert "fixed-limit Omaha hi/lo" in message


def test_spelling_guesses_stay_guesses() -> None:
    for written in ("NTX", "Holdem", "Omaha Hi/Lo Pot"):
        found = match_variant(written)
        assert found is not None and not found.certain, written
    assert match_variant("xyz") is None


def test_the_message_names_the_game() -> None:
    (found,) = [d for d in analyze('variant = "NLHE"\n', "hand.phh").diagnostics if d.code == "PHH201"]
    assert found.message == "`NLHE` is written `NT` (no-limit Texas hold'em)"
