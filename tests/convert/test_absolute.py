"""Absolute Poker histories converted: the site's facts kept (what every
site promises, every hand answered and good hands replaying clean, is
checked for all of them in ``test_every_site``).

The samples under ``samples/absolute/`` are written as Absolute Poker
writes its files (``Stage #`` headers, ``name - Raises $A to $B``, tens as
``10h``, uncalled bets ``returned``, rake and jackpot rake, a dead blind,
a player waiting for the big blind, all-ins with a side pot and a muck,
tournament antes and chips with thousands separators, fixed-limit
hold'em, pot-limit Omaha and heads-up Omaha hi/lo with a split pot,
Unicode names), and one hand with a typo among good ones.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.to_phh import Converted

SITE = "absolute"


def test_uncalled_bet_rake_and_jackpot_rake_and_tens() -> None:
    hand, _ = samples.converted(SITE, "cash-no-limit.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["Zoë", "BLUE_HERON", "OLDMAN_TOM", "KATJA77", "DOC_H", "RIVERKID"]
    assert fields["seats"] == [4, 5, 6, 1, 2, 3]  # the first seat after the dealer first, the dealer last
    assert fields["starting_stacks"] == [50, Decimal("27.85"), Decimal("61.10"), 50, Decimal("12.40"), Decimal("48.20")]
    assert fields["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.50"), 0, 0, 0, 0]
    assert fields["min_bet"] == Decimal("0.50")  # "No Limit $0.50" is the big blind
    assert fields["winnings"] == [Decimal("19.95"), 0, 0, 0, 0, 0]
    assert fields["_rake"] == Decimal("1.55")  # Rake ($1.05) | Jackpot Rake ($0.50)
    assert (fields["currency"], fields["currency_symbol"], fields["table"]) == ("USD", "$", "MAPLE CT")
    assert (fields["year"], fields["month"], fields["day"], fields["time_zone_abbreviation"]) == (2010, 4, 3, "ET")
    actions = samples.actions(hand)
    assert actions[0] == "d dh p1 TsTd"  # "Dealt to Zoë [10s 10d]"
    assert actions[6:13] == ["p3 f", "p4 cbr 1.50", "p5 f", "p6 f", "p1 cbr 4.50", "p2 f", "p4 cc"]
    assert actions[-2:] == ["p1 cbr 14", "p4 f"]  # the $14 returned is PokerKit's to give back


def test_a_dead_blind_and_a_player_waiting_for_the_big_blind() -> None:
    _, hand = samples.converted(SITE, "cash-no-limit.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["BLUE_HERON", "OLDMAN_TOM", "DOC_H", "RIVERKID", "Zoë"]  # KATJA77 sits out
    assert fields["seats"] == [5, 6, 2, 3, 4]
    assert fields["antes"] == [0, 0, Decimal("0.50"), 0, 0]  # "Posts $1 dead $0.50": the dead half
    assert fields["blinds_or_straddles"] == [Decimal("0.50"), 1, -1, 0, 0]  # and a live big blind out of position
    assert samples.actions(hand)[5] == "p3 cc"  # DOC_H checks his option
    assert fields["winnings"] == [0, 0, 0, 0, Decimal("10.95")]


def test_all_ins_a_side_pot_and_a_muck() -> None:
    (hand,) = samples.converted(SITE, "all-in-side-pots.txt")
    fields = samples.fields(hand)
    assert fields["hand"] == "C284611235"
    assert fields["players"] == ["MARISOL", "T_BONE", "NIGHTOWL", "LUCKY_LOU"]
    assert fields["winnings"] == [Decimal("197.90"), 0, 0, Decimal("169.60")]  # main pot, side pot #1
    assert fields["_rake"] == 3
    actions = samples.actions(hand)
    assert actions[1] == "d dh p2 JsJc"  # the summary's "[Mucked] [Js Jc]"
    # "All-In(Raise) $63.50 to $64.50" and "All-In $148" (the chips added): raises to 64.50 and 150
    assert actions[4:10] == ["p3 cbr 6", "p4 cbr 18", "p1 cbr 64.50", "p2 cbr 150", "p3 f", "p4 cc"]
    assert actions[10:13] == ["p2 sm", "p4 sm KhKd", "p1 sm Ad4d"]  # shown before the board, T_BONE mucks
    assert actions[-3:] == ["d db Tc4s4h", "d db Qd", "d db 2s"]


def test_tournament_antes_thousands_and_an_all_in_raise() -> None:
    (hand,) = samples.converted(SITE, "tournament.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["MIKKEL_K", "SUNNYDAYS", "Jérôme", "WARLOCK99", "ACE_MCGEE"]
    assert fields["starting_stacks"] == [8400, 22975, 3350, 11025, 14250]
    assert fields["antes"] == [100, 100, 100, 100, 100]
    assert fields["blinds_or_straddles"] == [500, 1000, 0, 0, 0]
    assert fields["event"] == "Absolute Poker tournament #48213907"
    assert "currency" not in fields
    assert fields["winnings"] == [0, 0, 0, 8500, 0]
    assert samples.actions(hand)[5:7] == ["p3 cbr 3250", "p4 cbr 8500"]  # "All-In 3,250", "Raises 8,500 to 8,500"


def test_limit_hold_em_pot_limit_omaha_and_heads_up_omaha_hi_lo() -> None:
    limit, omaha, hilo = samples.converted(SITE, "limit-and-omaha.txt")
    fields = samples.fields(limit)
    assert fields["variant"] == "FT"
    assert (fields["small_bet"], fields["big_bet"]) == (Decimal("0.25"), Decimal("0.50"))
    assert fields["blinds_or_straddles"] == [Decimal("0.10"), Decimal("0.25"), 0, 0]
    assert samples.actions(limit)[1] == "d dh p2 Tc8c"  # MR_KRABS mucked [10c 8c]
    assert samples.actions(limit)[-2:] == ["p4 sm QhKh", "p2 sm"]
    assert samples.fields(omaha)["variant"] == "PO"
    assert "d dh p3 AhAsKdQd" in omaha.text
    assert samples.actions(omaha)[-8:-3] == ["p2 cbr 20", "p3 cbr 67.50", "p2 cbr 96.50", "p3 cc", "p2 sm 7d7h2c3d"]
    fields = samples.fields(hilo)
    assert (fields["variant"], fields["seat_count"]) == ("FO/8", 2)  # "(1 on 1)"
    assert fields["players"] == ["SANDBAGGER", "KATJA77"]
    assert fields["winnings"] == [Decimal("17.50"), Decimal("17.50")]  # high and low split
    assert fields["_rake"] == 1


def test_a_broken_hand_is_named_and_the_others_are_kept() -> None:
    hands, broken = samples.broken_hand(SITE, "cash-with-a-typo.txt")
    assert [type(hand) for hand in hands] == [Converted, Failed, Converted]
    assert (broken.hand_id, broken.first_line, broken.line) == ("1773400019", 22, 32)
    assert "`Calss $0.50` is not an Absolute Poker action" in broken.reason


def test_a_history_that_does_not_add_up_is_a_problem_not_a_silent_fix() -> None:
    text = samples.text(SITE, "all-in-side-pots.txt")
    (hand,) = convert_text(text.replace("Collects $169.60", "Collects $196.60")).converted
    assert hand.problems == ["p4 (LUCKY_LOU) ends the replay with 233; the history implies 258.60"]
    (hand,) = convert_text(text.replace("Rake ($3)", "Rake ($2)")).converted
    assert hand.problems == ["the players who collected are 3 short of the replay's pots, but the rake is 2"]


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Raises $18 to $18", "Raises $16 to $18", "LUCKY_LOU raises 16 to 18, but had 0 in on this street"),
        ("Holdem  No Limit $2", "Holdem  Pot Limit $2", "PHH has no variant for Holdem (pot-limit)"),
        ("NIGHTOWL - Folds", "NIGHTOWL - All-In (Timeout)", "NIGHTOWL timed out and is played as all in"),
        ("from main pot", "from 72 proposition pot", "collects the 7-2 proposition pot"),
        ("[Kh Kd]\n", "[Kh Kx]\n", "`Kx` is not a card"),
        ("Seat #2 is the dealer", "Seat 2 is the dealer", "does not name the table and the dealer's seat"),
    ],
)
def test_what_cannot_be_converted_is_refused_with_its_reason(old: str, new: str, reason: str) -> None:
    text = samples.text(SITE, "all-in-side-pots.txt")
    assert old in text
    (failed,) = convert_text(text.replace(old, new, 1)).failed
    assert reason in failed.reason and failed.hand_id == "C284611235" and failed.first_line == 1


def test_a_stud_hand_is_refused_and_the_next_hand_kept() -> None:
    stud = (
        "Stage #1300000001: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)\n"
        "Seat 1 - ANNA ($0.17 in chips)\n"
        "Seat 2 - BORIS ($0.36 in chips)\n\n\n"
    )
    conversion = convert_text(stud + samples.text(SITE, "tournament.txt"))
    failed, converted = conversion.hands
    assert isinstance(failed, Failed) and isinstance(converted, Converted)
    assert failed.reason.startswith("Seven Card Hi/Lo (fixed-limit) is not supported yet")
    assert converted.hand.first_line == 6


def test_older_headers_and_dead_posts_are_read() -> None:
    """Upper-case games and a dead post written as the total and its dead part."""
    text = (
        "Stage #736661999: HOLDEM NORMAL $25/$50 - 2007-08-17 06:49:16 (ET)\n"
        "Table: BREWERY ST (Real Money) Seat #4 is the dealer\n"
        "Seat 4 - DEALER_D ($500 in chips)\n"
        "Seat 5 - SMALL_S ($400 in chips)\n"
        "Seat 1 - BIG_B ($743 in chips)\n"
        "Seat 3 - LATE_L ($475 in chips)\n"
        "SMALL_S - Posts small blind $15\n"
        "BIG_B - Posts big blind $25\n"
        "LATE_L - Posts dead $40 dead $15\n"
        "*** POCKET CARDS ***\n"
        "LATE_L - Raises $25 to $50\n"
        "DEALER_D - Folds\n"
        "SMALL_S - Folds\n"
        "BIG_B - Folds\n"
        "LATE_L - returned ($25) : not called\n"
        "*** SHOW DOWN ***\n"
        "LATE_L - Does not show\n"
        "LATE_L Collects $80 from main pot\n"
        "*** SUMMARY ***\n"
        "Total Pot($80)\n"
    )
    (hand,) = convert_text(text).converted
    fields = samples.fields(hand)
    assert hand.problems == []
    assert fields["players"] == ["SMALL_S", "BIG_B", "LATE_L", "DEALER_D"]
    assert fields["antes"] == [0, 0, 15, 0]
    assert fields["blinds_or_straddles"] == [15, 25, -25, 0]
