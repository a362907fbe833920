"""The Chico network's histories converted: BetOnline, PayNoRake,
SportsBetting.ag, Tiger Gaming (``… Game #…``) write PokerStars' layout in
words of their own: ``10-Max,``, seats from 0 and out of order, ``- The
button`` after a seat, amounts with no currency, ``10h`` for a ten, ``X shows
7s 9h`` with no brackets, ``ante processed``, ``post now`` and ``post dead``,
and what a winner collects written only in the summary.

The sample ``samples/betonline/betonline-cash.txt`` is typed by hand in
BetOnline's exact layout (the real exports found are under the GPL/AGPL, not
committed): a cash hand to a showdown and a tournament hand with antes.
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "betonline"
NAME = "betonline-cash.txt"


def test_a_cash_hand_collected_in_the_summary_and_tens_written_10() -> None:
    cash, _ = samples.converted(SITE, NAME)
    fields = samples.fields(cash)
    assert fields["venue"] == "BetOnline" and fields["hand"] == 1600000001
    # seats from 0 are PHH's from 1, listed out of order; the one sitting out is not dealt in
    assert fields["players"] == ["Finn", "Gus", "Dora", "Ezra Q"] and fields["seats"] == [6, 8, 1, 3]
    assert fields["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.50"), 0, 0]
    assert "d dh p1 ThTc" in samples.actions(cash) and "d db Td4sJc" in samples.actions(cash)
    assert samples.actions(cash)[-2:] == ["p1 sm ThTc", "p4 sm Ks9s"]
    assert fields["winnings"] == [0, 0, 0, Decimal("23.28")] and fields["_rake"] == Decimal("1.22")
    assert cash.problems == []


def test_a_tournament_hand_with_antes_processed() -> None:
    _, tournament = samples.converted(SITE, NAME)
    fields = samples.fields(tournament)
    assert fields["event"] == "BetOnline tournament #7212001"
    assert fields["antes"] == [2, 2, 2, 2] and fields["winnings"] == [0, 0, 0, 58]
    assert tournament.problems == []


def test_each_skin_is_named_by_its_first_line_and_a_time_with_no_seconds_reads() -> None:
    text = samples.text(SITE, NAME).replace("13:38:21", "13:38", 1)
    for skin, venue in (("PayNoRake", "PayNoRake"), ("SportsBetting.ag Poker", "SportsBetting.ag")):
        hand = convert_text(text.replace("BetOnline Poker", skin)).converted[0]
        assert samples.fields(hand)["venue"] == venue


def test_post_now_and_post_dead_are_a_big_blind_and_both_blinds() -> None:
    text = samples.text(SITE, NAME)
    text = text.replace("Gus: posts big blind 0.50\n", "Gus: posts big blind 0.50\nDora: post now 0.50\n", 1)
    text = text.replace("Dora: folds", "Dora: checks", 1).replace("Gus: folds\n", "Gus: folds\nDora: folds\n", 1)
    text = text.replace("Total pot 23.28", "Total pot 23.78").replace("and won (23.28)", "and won (23.78)")
    cash = convert_text(text).converted[0]
    # a big blind posted out of the blinds' seats: PokerKit's negative entry, as PokerStars' are read
    assert samples.fields(cash)["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.50"), Decimal("-0.50"), 0]
    assert cash.problems == []
    # `post dead 0.50`: the big blind written, live, and the small one posted dead with it (as an ante)
    dead = samples.text(SITE, NAME).replace(
        "Gus: posts big blind 0.50\n", "Gus: posts big blind 0.50\nDora: post dead 0.50\n", 1
    )
    dead = dead.replace("Total pot 23.28", "Total pot 24.03").replace("and won (23.28)", "and won (24.03)")
    cash = convert_text(dead).converted[0]
    assert samples.fields(cash)["antes"] == [0, 0, Decimal("0.25"), 0]
    assert cash.problems == [] and "p3 f" in samples.actions(cash)


def test_a_pot_limit_hold_em_header_over_four_cards_is_omaha() -> None:
    """BetOnline heads its pot-limit Omaha ``Hold'em Pot Limit``: the cards dealt tell it."""
    text = samples.text(SITE, NAME).replace("Hold'em No Limit", "Hold'em Pot Limit", 1)
    four = text.replace("Dealt to Finn [10h 10c]", "Dealt to Finn [10h 10c 2c 3c]", 1)
    four = four.replace("Finn shows 10h 10c", "Finn shows 10h 10c 2c 3c").replace(
        "Ezra Q shows Ks 9s", "Ezra Q shows Ks 9s 8h 7h"
    )
    four = four.replace("[Ks 9s] and won", "[Ks 9s 8h 7h] and won").replace("[10h 10c] but", "[10h 10c 2c 3c] but")
    # the pot limit: a raise to 2.00 at most
    four = four.replace("raises 2.00 to 2.50", "raises 1.50 to 2.00").replace(
        "Ezra Q: calls 2.00", "Ezra Q: calls 1.50"
    )
    four = four.replace("Total pot 23.28", "Total pot 22.28").replace("and won (23.28)", "and won (22.28)")
    assert samples.fields(convert_text(four).converted[0])["variant"] == "PO"
    failed = convert_text(text).failed[0]
    assert failed.line == 1 and failed.reason.startswith("PHH has no variant for Hold'em Pot Limit")


GEAR_POKER = """\
Gear Poker Game #1014800001: Hold'em - 2012-04-09 12:14:36
Table 3875500-12 (Play Money) Seat #9 is the button
Seat 0: Hero (1000.00 in Chips)
Seat 7: Uma (1150.00 in Chips)
Seat 8: Vic (970.00 in Chips)
Seat 9: Wes (990.00 in Chips)
Vic: Posts small blind 10.00.
Uma: Posts big blind 20.00.
*** HOLE CARDS ***
Dealt To Hero [7S 7H]
Hero: Raises 60.00.
Wes: Folds.
Vic: Folds.
Uma: Calls 40.00.
*** FLOP *** [AS QH 3S]
Uma: Checks.
Hero: Bets 80.00.
Uma: Folds.
*** SUMMARY ***
Total Pot 130.00 | Rake 0.00
Seat 0: Hero collected (130.00) from the Pot.
Seat 7: Uma (Big Blind)  Folded on the Flop
Seat 8: Vic (Small Blind)  Folded before Flop
Seat 9: Wes (Button)  Folded before Flop
"""


def test_the_older_skins_seats_counter_clockwise_and_no_stakes() -> None:
    """Gear Poker and ActionPoker.com (2012): seats numbered the other way round,
    ``Posts small blind 10.00.``, ``Raises 60.00.`` (to), no stakes in the first line
    (the blinds posted are), no uncalled bet written."""
    (hand,) = convert_text(GEAR_POKER).converted
    fields = samples.fields(hand)
    assert fields["venue"] == "Gear Poker" and fields["min_bet"] == 20
    assert fields["players"] == ["Vic", "Uma", "Hero", "Wes"] and fields["seats"] == [2, 3, 10, 1]
    assert samples.actions(hand)[4:8] == ["p3 cbr 60", "p4 f", "p1 f", "p2 cc"]
    assert fields["winnings"] == [0, 0, 130, 0] and hand.problems == []


SIDE_POT = """\
BetOnline Poker Game #1600000003: Hold'em No Limit ($0.25/0.50) - 2016/05/02 14:00:00 Eastern Daylight Time
Table 'Night Train' 10-Max, Seat #2 is the button
Seat 2: Ezra Q (52.10 in chips) - The button
Seat 5: Finn (31.60 in chips) - Small Blind
Seat 7: Gus (10.00 in chips) - Big Blind
Finn: posts small blind 0.25
Gus: posts big blind 0.50
*** HOLE CARDS ***
Dealt to Finn [Ah Ac]
Ezra Q: raises 2.00 to 2.00
Finn: raises 20.00 to 20.00
Gus: calls 9.50 and is all in
Ezra Q: calls 18.00
*** FLOP *** [2d 7s 9h]
Finn: bets 11.60 and is all in
Ezra Q: calls 11.60
Total pot 29.50 | Rake 1.00
*** SHOW DOWN ***
Finn shows Ah Ac
Ezra Q shows Kh Qh
Gus shows 8c 8d
*** SUMMARY ***
Total pot 42.70 | Rake 1.00
Board [2d 7s 9h 3c Kd]
Seat 2: Ezra Q showed [Kh Qh] but did not win
Seat 5: Finn showed [Ah Ac] and won (42.70)
Seat 7: Gus showed [8c 8d] but did not win
"""


def test_a_lone_winner_of_side_pots_collects_every_pot_and_the_board_left_is_dealt() -> None:
    """BetOnline writes a ``Total pot`` line for each pot and the winner's last pot
    alone (``won (42.70)``); the turn and river after the all in only in the
    summary's board. Before: "the players who collected are 29.50 short"."""
    (hand,) = convert_text(SIDE_POT).converted
    assert samples.actions(hand)[-2:] == ["d db 3c", "d db Kd"]
    assert samples.fields(hand)["winnings"] == [Decimal("72.20"), 0, 0] and hand.problems == []


def test_the_checks_betonline_leaves_out_are_played() -> None:
    """BetOnline at times writes no check (a turn with no line, the river's
    first to act silent): before, "Ezra Q acts, but it is Finn's turn"."""
    text = samples.text(SITE, NAME)
    text = text.replace("Finn: checks\nEzra Q: bets 6.50", "Ezra Q: bets 6.50", 1)  # the turn's first check
    text = text.replace("Finn: checks\nEzra Q: checks\n", "", 1)  # the river's two checks
    cash = convert_text(text).converted[0]
    assert samples.actions(cash)[-8:-2] == ["p1 cc", "p4 cbr 6.50", "p1 cc", "d db Qc", "p1 cc", "p4 cc"]
    assert cash.problems == []


def test_a_dead_post_with_no_amount_is_named_at_its_own_line() -> None:
    """``Dora: post dead x``: named "`x` is not an amount" at the file's line
    of that post (before: one line too early, the line counted from the
    hand's first line instead of the file's)."""
    text = samples.text(SITE, NAME).replace(
        "Gus: posts big blind 0.50\n", "Gus: posts big blind 0.50\nDora: post dead x\n", 1
    )
    line = text.splitlines().index("Dora: post dead x") + 1
    (failed,) = convert_text(text).failed
    assert (failed.reason, failed.line) == ("`x` is not an amount", line)
