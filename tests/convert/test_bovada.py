"""Bovada and Ignition histories converted: anonymous seats, PokerStars'
layout in Bovada's words (what every site promises is checked in
``test_every_site``).

The sample ``samples/bovada/cash-and-tournament.txt`` is typed by hand in
the clients' exact layout: an Ignition cash hand with an all-in written as
the chips added and a showdown of the best five cards, and a Bovada
tournament hand whose seat numbers do not go round the table. The
``poker-apprentice-*.txt`` samples are real exports, MIT-licensed (see
``samples/SOURCES``).
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "bovada"


def test_a_cash_hand_of_anonymous_seats() -> None:
    cash, _ = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(cash)
    assert (fields["venue"], fields["currency"], fields["table"]) == ("Bovada", "USD", "10916521")
    assert fields["players"] == ["Small Blind", "Big Blind", "UTG", "Dealer"]  # the places, `[ME]` left off
    assert fields["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.50"), 0, 0]  # the stakes: the blinds posted
    actions = samples.actions(cash)
    assert "p3 cbr 20" in actions  # `All-in $18.50` on top of a raise to $1.50
    assert "p3 sm AhQh" in actions  # `Showdown [Ah Ks Qh Jd 7h]`: the best five; the player shows their own two
    assert fields["winnings"] == [0, Decimal("38.75"), 0, 0] and fields["_rake"] == Decimal("1.50")


def test_a_tournament_hand_whose_seat_numbers_do_not_go_round() -> None:
    _, tournament = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(tournament)
    assert fields["players"] == ["Small Blind", "Big Blind", "UTG", "Dealer"]
    assert fields["starting_stacks"] == [1500, 1480, 1500, 1520]
    assert (fields["event"], fields["level"]) == ("Bovada tournament #14303391", 1)
    assert fields["winnings"] == [0, 0, 0, 50]


def test_a_line_that_is_not_understood_is_named_in_the_hand_at_its_line_in_the_file() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Dealer : Folds", "Dealer : Fodls")
    failed = convert_text(text).failed[0]
    assert (failed.first_line, failed.line) == (1, 15) and "Fodls" in failed.reason


def test_a_game_phh_has_no_variant_for_is_named() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("HOLDEM No Limit", "OMAHA HiLo Pot Limit")
    failed = convert_text(text).failed[0]
    assert failed.line == 1 and failed.reason.startswith("PHH has no variant for Omaha Hi/Lo Pot Limit")


def test_a_real_ignition_zone_poker_export() -> None:
    # tests/convert/samples/SOURCES: an MIT-licensed parser's fixture, as the client wrote it
    (hand,) = samples.converted(SITE, "poker-apprentice-ignition.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["Small Blind", "Big Blind", "UTG", "UTG+1", "UTG+2", "Dealer"]
    assert fields["starting_stacks"][0] == Decimal("12.47") and "table" not in fields  # Zone Poker: no table
    assert fields["winnings"] == [0, Decimal("0.35"), 0, 0, 0, 0]


def test_a_seat_dealt_no_cards_is_not_dealt_in() -> None:
    # Bovada lists the seats sitting out (or seated during the hand) with the others
    text = samples.text(SITE, "cash-and-tournament.txt").replace(
        "Seat 5: UTG ($20 in chips)\n", "Seat 5: UTG ($20 in chips)\nSeat 2: UTG+1 ($30 in chips)\n", 1
    )
    conversion = convert_text(text)
    assert conversion.failed == []
    cash = conversion.converted[0]
    assert cash.problems == [] and samples.fields(cash)["players"] == ["Small Blind", "Big Blind", "UTG", "Dealer"]


#: A tournament hand as Bovada's 2014 exports sometimes wrote them: a post
#: and a raise each written again on the next line (the player cannot act
#: twice in a row; the pot of 825 counts each once). Typed by hand.
_REPEATED_LINES = """\
Bovada Hand #3031666180: HOLDEM Tournament #8660111 TBL#11, No Limit- Level 8 (125/250) - 2014-08-06 23:16:25
Seat 1: UTG (6,207 in chips)
Seat 2: UTG+1 (12,064 in chips)
Seat 4: Dealer (10,738 in chips)
Seat 5: Small Blind (2,800 in chips)
Seat 6: Big Blind (9,430 in chips)
Dealer : Set dealer/Bring in spot [4]
Small Blind : Ante/Small blind 125
Small Blind : Ante/Small blind 125
Small Blind : Ante/Small blind 125
Big Blind : Big blind/Bring in 250
*** HOLE CARDS ***
UTG : Card dealt to a spot [Jc 5s]
UTG+1 : Card dealt to a spot [Ks Kd]
Dealer : Card dealt to a spot [7c 2d]
Small Blind : Card dealt to a spot [Qd 4d]
Big Blind : Card dealt to a spot [4h 9c]
UTG : Folds
UTG+1 : Raises 760 to 760
UTG+1 : Raises 760 to 760
Dealer : Folds
Small Blind : Folds
Big Blind : Folds
UTG+1 : Return uncalled portion of bet 510
UTG+1 : Showdown(High Card)
UTG+1 : Hand Result 625
*** SUMMARY ***
Total Pot(625)
Seat+1: UTG Folded before the FLOP
Seat+2: UTG+1 625  with High Card [Ks Kd ]
"""


def test_a_post_or_an_action_written_twice_in_a_row_counts_once() -> None:
    """Before: "UTG acts, but it is Big Blind's turn" (the small blind read
    as posted three times)."""
    conversion = convert_text(_REPEATED_LINES)
    assert not conversion.failed and not conversion.hands[0].problems
    fields = samples.fields(conversion.hands[0])
    assert fields["blinds_or_straddles"] == [125, 250, 0, 0, 0]
    assert samples.actions(conversion.hands[0])[5:] == ["p3 f", "p4 cbr 760", "p5 f", "p1 f", "p2 f"]
    assert fields["winnings"] == [0, 0, 0, 625, 0]
