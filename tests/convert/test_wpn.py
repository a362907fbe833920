"""WPN (ACR) histories converted: PokerStars' layout in WPN's words (what
every site promises is checked in ``test_every_site``).

The sample ``samples/wpn/cash-and-tournament.txt`` is typed by hand in the
clients' exact layout (no real export under a licence that allows
committing it was found): a cash hand where a returning player posts dead
and the pot's rake stands on the street's ``Main pot`` line, and a
tournament hand whose first line is run into the last line of the hand
before it, as the clients now and then write it.
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "wpn"


def test_a_cash_hand_with_a_dead_blind_and_its_rake() -> None:
    cash, _ = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(cash)
    assert (fields["venue"], fields["currency"], fields["table"]) == ("WPN", "USD", "Fort Lupton")
    assert fields["players"] == ["Monty P", "Zoë", "RiverRat", "Grünfeld"]  # kat 42 sits out
    # `posts dead $0.07`: the big blind live (out of the blinds' seats), the small blind dead
    assert fields["antes"] == [0, 0, Decimal("0.02"), 0]
    assert fields["blinds_or_straddles"] == [Decimal("0.02"), Decimal("0.05"), Decimal("-0.05"), 0]
    assert fields["winnings"] == [0, 0, Decimal("0.42"), 0] and fields["_rake"] == Decimal("0.02")


def test_a_tournament_hand_run_into_the_line_before_it() -> None:
    _, tournament = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(tournament)
    assert tournament.hand.first_line == 31
    assert (fields["event"], fields["level"], fields["table"]) == ("WPN tournament #27099516", 10, "99")
    assert fields["antes"] == [900, 900, 900] and fields["winnings"] == [231506, 0, 0]


def test_a_hand_won_with_no_collected_line_takes_the_summary_s_win() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("RiverRat collected $0.42 from main pot\n", "\n")
    cash = convert_text(text).converted[0]
    assert cash.problems == [] and samples.fields(cash)["winnings"] == [0, 0, Decimal("0.42"), 0]


def test_a_game_phh_has_no_variant_for_is_named() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Holdem(No Limit) - $", "Omaha H/L(No Limit) - $")
    failed = convert_text(text).failed[0]
    assert failed.line == 1 and failed.reason.startswith("PHH has no variant for Omaha Hi/Lo No Limit")


def test_a_line_that_is_not_understood_is_named_in_the_hand() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Grünfeld folds", "Grünfeld fodls")
    failed = convert_text(text).failed[0]
    assert failed.line == 14 and "fodls" in failed.reason
