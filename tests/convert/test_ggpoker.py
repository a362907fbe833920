"""GGPoker histories converted: PokerStars' layout under GGPoker's first
line, with its quirks (what every site promises is checked in ``test_every_site``).

The sample ``samples/ggpoker/cash-and-tournament.txt`` is typed by hand in
GGPoker's exact layout (no real export under a licence that allows
committing it was found): a cash hand with the pot's cuts (rake, jackpot,
bingo) and a tournament hand with ``Level2(60/120)``, antes and an all-in.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "ggpoker"


def test_a_cash_hand_keeps_gg_s_facts() -> None:
    cash, _ = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(cash)
    assert fields["venue"] == "GGPoker" and fields["hand"] == "HD2255100001"
    assert fields["players"] == ["23cee45e", "Hero", "9db941d0", "7823be4b", "6c2a9622"]
    assert "d dh p2 QdQc" in samples.actions(cash)  # only the hero's cards; the others' `Dealt to` are empty
    assert fields["_rake"] == Decimal("0.21")  # the rake and the jackpot together
    assert fields["winnings"] == [0, Decimal("4.24"), 0, 0, 0]


def test_a_tournament_hand_level_and_all_in() -> None:
    _, tournament = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(tournament)
    assert (fields["level"], fields["event"]) == (2, "GGPoker tournament #250000001")
    assert fields["antes"] == [18, 18, 18] and fields["blinds_or_straddles"] == [60, 120, 0]
    assert samples.actions(tournament)[-5:] == ["p2 sm TdTc", "p3 sm AhKh", "d db 4hTsQs", "d db Jd", "d db 2c"]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("Hero: Chooses to EV Cashout", "PHH has no notation for a cash-out or an insurance"),
        ("Cash Drop to Pot : total $1", "PHH has no notation for a cash-out or an insurance"),
    ],
)
def test_chips_paid_outside_the_pot_refuse_the_hand_with_its_line(line: str, reason: str) -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("*** FLOP ***", line + "\n*** FLOP ***", 1)
    failed = convert_text(text).failed[0]
    assert failed.line == 22 and failed.reason.startswith(reason)


def test_a_game_phh_cannot_hold_is_named() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Hold'em No Limit ($0.05", "PLO-5 ($0.05", 1)
    assert convert_text(text).failed[0].reason.startswith("PHH has no variant for 5 Card Omaha Pot Limit")


def test_a_winner_who_shows_one_card_is_dealt_it_and_one_unseen() -> None:
    """``Seat 1: Hero (big blind) showed [Qd] and won``: GG lets an
    uncontested winner show one card. Before: the winner was dealt that
    card alone, a problem ("PHH405 p2 is due 2 hole cards here, not 1")."""
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Dealt to Hero [Qd Qc]", "Dealt to Hero ", 1)
    text = text.replace("Seat 1: Hero (big blind) won ($4.24)", "Seat 1: Hero (big blind) showed [Qd] and won ($4.24)")
    cash = convert_text(text).converted[0]
    assert cash.problems == [] and "d dh p2 Qd??" in samples.actions(cash)
    assert samples.fields(cash)["winnings"] == [0, Decimal("4.24"), 0, 0, 0]
