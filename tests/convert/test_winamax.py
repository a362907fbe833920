"""Winamax histories converted: PokerStars' layout in Winamax's words (what
every site promises is checked in ``test_every_site``).

The sample ``samples/winamax/cash-and-tournament.txt`` is typed by hand in
Winamax's exact layout (no real export under a licence that allows
committing it was found): a euro cash hand with names with spaces and
accents, and a tournament hand won by a bet nobody called, which Winamax
counts in what the bettor collected and never writes as returned.
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "winamax"


def test_a_euro_cash_hand() -> None:
    cash, _ = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(cash)
    assert (fields["venue"], fields["currency"], fields["currency_symbol"]) == ("Winamax", "EUR", "€")
    assert fields["players"] == ["Zoé", "kat 42", "RiverRat", "Grünfeld"]
    assert fields["starting_stacks"] == [Decimal("2.02"), 2, Decimal("1.70"), Decimal("2.33")]
    assert fields["winnings"] == [Decimal("3.02"), 0, 0, 0] and fields["_rake"] == Decimal("0.34")
    assert samples.actions(cash)[12:14] == ["d db Jc", "p1 cc"]  # `[Ad 7d 6h][Jc]`, no space between


def test_the_uncalled_bet_winamax_counts_in_what_was_collected() -> None:
    _, tournament = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(tournament)
    assert fields["winnings"] == [0, 0, 260]  # "collected 460": 200 of it was gpelle's own bet, uncalled
    assert (fields["level"], fields["event"]) == (3, "Winamax tournament #5142226")


def test_a_line_that_is_not_understood_is_named_in_the_hand() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("kat 42 folds", "kat 42 fodls")
    failed = convert_text(text).failed[0]
    assert failed.line == 15 and "fodls" in failed.reason
