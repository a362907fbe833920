"""Bovada and Ignition histories converted: anonymous seats, PokerStars'
layout in Bovada's words (what every site promises is checked in
``test_every_site``).

The sample ``samples/bovada/cash-and-tournament.txt`` is typed by hand in
the clients' exact layout: an Ignition cash hand with an all-in written as
the chips added and a showdown of the best five cards, and a Bovada
tournament hand whose seat numbers do not go round the table;
``samples/bovada/stud-tournament-and-hilo.txt`` likewise: two seven card
stud tournament hands of the 2012 layout (no street lines, no limits) and
a stud hi/lo cash hand of the 2014 layout. The ``poker-apprentice-*.txt``
samples are real exports, MIT-licensed (see
``samples/SOURCES``).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

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


def test_a_stud_tournament_hand_of_the_layout_with_no_street_lines() -> None:
    """Before: "`Seat+1: 1,500 in chips` is not a line this converter
    understands" (every Bovada stud hand refused). The 2012 layout writes no
    street lines (a street starts where the one-card deals do) and a level
    of ``(0/0)``: the small bet is the completion, the big bet twice it."""
    first, *_ = samples.converted(SITE, "stud-tournament-and-hilo.txt")
    fields = samples.fields(first)
    assert (fields["variant"], fields["players"]) == ("F7S", ["Seat+1", "Seat+3", "Seat+5"])
    assert (fields["antes"], fields["bring_in"], fields["small_bet"], fields["big_bet"]) == ([2, 2, 2], 5, 10, 20)
    actions = samples.actions(first)
    assert actions[:4] == ["d dh p1 9dTd5c", "d dh p2 AhKc2c", "d dh p3 Qc4sKd", "p2 pb"]
    assert actions[4:7] == ["p3 cbr 10", "p1 f", "p2 cc"]  # `Raises 10`: completes to 10
    assert "d dh p2 7d" in actions and "d dh p3 9c" in actions  # fourth street to the river
    assert first.problems == [] and fields["winnings"] == [0, 0, 106]  # the replay ends at the history's stacks


def test_a_stud_hand_where_nobody_bets_takes_the_stakes_of_an_earlier_hand() -> None:
    # the second hand: everyone folds to the bring-in, at the first's ante and bring-in
    _, second, _ = samples.converted(SITE, "stud-tournament-and-hilo.txt")
    fields = samples.fields(second)
    assert (fields["small_bet"], fields["big_bet"], fields["winnings"]) == (10, 20, [6, 0, 0])
    assert second.problems == []


def test_a_stud_hand_whose_limits_nothing_tells_is_named() -> None:
    text = samples.text(SITE, "stud-tournament-and-hilo.txt")
    alone = text[text.index("Bovada Hand #2633200002") : text.index("Bovada Hand #2844400001")]
    (failed,) = convert_text(alone).failed
    assert failed.line == 1
    assert failed.reason.startswith("nobody bets in this stud hand and Bovada names no stakes")


def test_a_stud_hi_lo_cash_hand_with_street_lines() -> None:
    *_, hilo = samples.converted(SITE, "stud-tournament-and-hilo.txt")
    fields = samples.fields(hilo)
    assert (fields["variant"], fields["currency"]) == ("F7S/8", "USD")
    assert (fields["bring_in"], fields["small_bet"], fields["big_bet"]) == (Decimal("2.50"), 5, 10)
    actions = samples.actions(hilo)
    assert actions[3:7] == ["p2 pb", "p3 cbr 5", "p1 cc", "p2 cbr 10"]
    assert "p3 sm QcQsQh5h4d" not in actions and "p3 sm 5hQcQs3c4d8dQh" in actions  # their own seven cards
    assert hilo.problems == [] and (fields["winnings"], fields["_rake"]) == ([0, 0, Decimal("80.75")], 3)


def test_a_double_bet_after_an_open_pair_is_named() -> None:
    bets = "Seat+5 : Bets 10 \nSeat+3 [ME] : Raises 20 \nSeat+5 : Call 10 "
    text = samples.text(SITE, "stud-tournament-and-hilo.txt").replace(
        bets, "Seat+5 : Double bets 20 \nSeat+3 [ME] : Call 20 "
    )
    failed = convert_text(text).failed[0]
    assert failed.line == 19 and failed.reason == (
        "Seat+5 bets the big bet on fourth street after an open pair: PHH's stud has no such rule"
    )


@pytest.mark.parametrize(
    ("written", "instead"),
    [
        # the 2012 layouts: an all-in raise names the street's total, as `Raises` does (before: read as
        # the chips added, "The amount 21.50 is above the maximum allowed 20")
        ("UTG : All-in $18.50 ", "UTG : All-in(raise) $20 "),
        # the raise of a player timed out (before: "is not a Bovada action")
        ("UTG : All-in $18.50 ", "UTG : All-in(raise-timeout) $20 to $20 "),
        # the 2012 layout's flop written `Card to the table` (before: "is not a line this converter understands")
        ("*** FLOP *** [2c 7h Jd]", "Card to the table [2c 7h Jd]"),
        # the lines of the 2021 layout (MVS) that say nothing, and the 2012 layout's bare dealer line
        ("Dealer : Set dealer [6] ", "Table Info: Version: 1, Type: MVS, Stakes: $0.25-$0.50, Table: 0A-0"),
        ("Dealer : Set dealer [6] ", "Dealer : Set dealer [6] \nPlayer Info: Seat1: P1-0a1b, Seat4: P4-2c3d"),
        ("Dealer : Set dealer [6] ", "Dealer : Set dealer [6] \nSeating Info: 1, 4, 5, 6"),
        ("Dealer : Set dealer [6] ", "Set dealer/Bring in spot"),
    ],
)
def test_the_older_and_newer_layouts_lines_convert(written: str, instead: str) -> None:
    conversion = convert_text(samples.text(SITE, "cash-and-tournament.txt").replace(written, instead, 1))
    assert [failed.reason for failed in conversion.failed] == []
    cash = conversion.converted[0]
    assert cash.problems == [] and "p3 cbr 20" in samples.actions(cash)
    assert samples.fields(cash)["winnings"] == [0, Decimal("38.75"), 0, 0]


def test_a_fold_showing_one_card_is_a_fold() -> None:
    """Before: "`Folds & Shows [Ac 6c] Show1 [Ac]` is not a Bovada action"."""
    text = samples.text(SITE, "cash-and-tournament.txt").replace(
        "Big Blind : Folds\n", "Big Blind : Folds & Shows [Jh 4c] Show1 [Jh]\n"
    )
    conversion = convert_text(text)
    assert conversion.failed == [] and conversion.converted[1].problems == []
    assert samples.actions(conversion.converted[1])[-1] == "p2 f"


def test_a_board_the_hand_does_not_write_is_dealt_from_the_summary() -> None:
    """The 2012 layout writes no board when every player is all in before
    the flop; its summary does (``Board [..]``). Before: the replay stopped
    before the board, "p2 (Big Blind) ends the replay with 30; the
    history implies 68.75"."""
    text = samples.text(SITE, "cash-and-tournament.txt")
    text = text.replace("*** FLOP *** [2c 7h Jd]\n*** TURN *** [2c 7h Jd] [3s]\n*** RIVER *** [2c 7h Jd 3s] [Ks]\n", "")
    cash = convert_text(text).converted[0]
    assert cash.problems == [] and samples.fields(cash)["winnings"] == [0, Decimal("38.75"), 0, 0]
    assert [action for action in samples.actions(cash) if action.startswith("d db")] == [
        "d db 2c7hJd",
        "d db 3s",
        "d db Ks",
    ]


@pytest.mark.parametrize(
    ("line", "hand"),
    [
        ("Dealer  [ME] : Return uncalled portion of bet 40 \n", 1),  # a bet is returned once
        ("Big Blind  [ME] : Hand result $38.75 \n", 0),  # twice $38.75 is more than the pot of $40.25
    ],
)
def test_a_return_or_a_result_written_again_counts_once(line: str, hand: int) -> None:
    """Bovada's 2014-2015 exports write some lines again (FPDB's "corrupted
    lines"). Before: "ends the replay with N; the history implies N"."""
    conversion = convert_text(samples.text(SITE, "cash-and-tournament.txt").replace(line, line * 3, 1))
    assert [converted.problems for converted in conversion.converted] == [[], []]
    assert samples.fields(conversion.converted[hand])["winnings"] == (
        [0, Decimal("38.75"), 0, 0] if hand == 0 else [0, 0, 0, 50]
    )


#: A heads-up limit cash hand whose big blind is posted all in for less
#: than the blind (typed by hand, in the 2013 layout).
_SHORT_BIG_BLIND = """\
Bovada Hand #2667300001 TBL#3050700 HOLDEM Fixed Limit - 2013-02-11 20:05:41
Seat 2: Dealer [ME] ($412 in chips)
Seat 5: Big Blind ($7 in chips)
Dealer  [ME] : Set dealer/Bring in spot [2]
Dealer  [ME] : Ante/Small Blind $5
Big Blind : All-in $7
*** HOLE CARDS ***
Dealer  [ME] : Card dealt to a spot [Qh 9h]
Big Blind : Card dealt to a spot [6c 6d]
Dealer  [ME] : Calls $2
*** FLOP *** [Jd 9c 2s]
*** TURN *** [Jd 9c 2s] [Kc]
*** RIVER *** [Jd 9c 2s Kc] [4h]
Dealer  [ME] : Showdown [Kc Jd 9h 9c Qh] (One pair)
Big Blind : Showdown [Kc Jd 6c 6d 9c] (One pair)
Dealer  [ME] : Hand result $13
*** SUMMARY ***
Total Pot($14) | Rake ($1)
Board [Jd 9c 2s Kc 4h]
Seat+2: Dealer $13 [Showdown] [Qh 9h] (One pair)
Seat+5: Big Blind lost with One pair [6c 6d]
"""


def test_a_cash_big_blind_posted_all_in_for_less_is_the_blind() -> None:
    """Before: "PokerKit cannot set this hand up: Non-positive minimum
    completion, betting, or raising amount 0 was supplied" (a cash hand's
    stakes are the blinds posted, and no big blind was)."""
    (hand,) = convert_text(_SHORT_BIG_BLIND).converted
    fields = samples.fields(hand)
    assert hand.problems == [] and (fields["small_bet"], fields["big_bet"]) == (10, 20)  # twice the small blind
    assert fields["players"] == ["Big Blind", "Dealer"] and fields["starting_stacks"] == [7, 412]
    assert samples.actions(hand)[2] == "p2 cc" and fields["winnings"] == [0, 13]


#: A tournament hand whose UTG posts their ante all in, among the antes
#: (typed by hand, in the 2016 layout).
_ANTE_ALL_IN = """\
Bovada Hand #3400000001: HOLDEM Tournament #14890001 TBL#7, No Limit- Level 14 (500/1000) - 2016-06-29 01:10:00
Seat 1: Small Blind (20,000 in chips)
Seat 2: Big Blind (15,000 in chips)
Seat 3: UTG (60 in chips)
Seat 4: Dealer (9,000 in chips)
Dealer : Set dealer [4]
Small Blind : Ante chip 100
Big Blind : Ante chip 100
UTG : All-in 60
Dealer : Ante chip 100
Small Blind : Small blind 500
Big Blind : Big blind 1000
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [7c 2d]
Big Blind : Card dealt to a spot [Qc Td]
UTG : Card dealt to a spot [9s 8s]
Dealer : Card dealt to a spot [Ah Kh]
Dealer : Raises 3000 to 3000
Small Blind : Folds
Big Blind : Folds
Dealer : Return uncalled portion of bet 2000
*** FLOP *** [Ac 5d Jh]
*** TURN *** [Ac 5d Jh] [4c]
*** RIVER *** [Ac 5d Jh 4c] [2s]
UTG : Showdown [Ac Jh 9s 8s 5d] (High Card)
Dealer : Showdown [Ah Ac Kh Jh 5d] (One pair)
Dealer : Hand Result-Side Pot 2620
Dealer : Hand Result 240
*** SUMMARY ***
Total Pot(2860)
Board [Ac 5d Jh 4c 2s]
"""


def test_an_ante_posted_all_in_is_the_ante() -> None:
    """Before: "PokerKit refuses `p3 cbr 60` here: The player is already
    covered by a previous bet/raise" (`UTG : All-in 60` read as a bet)."""
    (hand,) = convert_text(_ANTE_ALL_IN).converted
    fields = samples.fields(hand)
    assert hand.problems == [] and fields["antes"] == [100, 100, 60, 100]
    assert samples.actions(hand)[4:7] == ["p4 cbr 3000", "p1 f", "p2 f"] and fields["winnings"] == [0, 0, 0, 2860]


#: A tournament hand of the 2012 layout, which writes no board line: the
#: summary alone gives the board (typed by hand).
_NO_BOARD_LINES = """\
Bovada Hand #2648800001: HOLDEM Tournament #1433001 TBL#5, No Limit- Level 2 (15/30) - 2012-08-03 12:10:00
Seat 1: Dealer (1,500 in chips)
Seat 2: Small Blind (1,500 in chips)
Seat 3: Big Blind [ME] (1,500 in chips)
Dealer : Set dealer/Bring in spot [1]
Small Blind : Ante/Small blind 15
Big Blind [ME] : Big blind/Bring in 30
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Ks Qs]
Small Blind : Card dealt to a spot [7h 7d]
Big Blind [ME] : Card dealt to a spot [Ac 2c]
Dealer : Raises 90
Small Blind : Call 75
Big Blind [ME] : Folds
Small Blind : Checks
Dealer : Bets 120
Small Blind : Call 120
Small Blind : Checks
Dealer : Checks
Small Blind : Bets 200
Dealer : Folds
Small Blind : Return uncalled portion of bet 200
Small Blind : Does not show [7h 7d] (One pair)
Small Blind : Hand Result 450
*** SUMMARY ***
Total Pot(450)
Board [Qd 8c 3s 2h 9d]
"""


def test_a_board_written_only_in_the_summary_is_dealt_where_pokerkit_deals_it() -> None:
    """Before: "PokerKit refuses `p1 cc` here: There is no player to act"
    (the flop's play read as more of the first round)."""
    (hand,) = convert_text(_NO_BOARD_LINES).converted
    assert hand.problems == [] and samples.actions(hand)[3:] == [
        "p3 cbr 90", "p1 cc", "p2 f", "d db Qd8c3s", "p1 cc", "p3 cbr 120", "p1 cc",
        "d db 2h", "p1 cc", "p3 cc", "d db 9d", "p1 cbr 200", "p3 f",
    ]  # fmt: skip
    assert samples.fields(hand)["winnings"] == [450, 0, 0]


def test_a_hand_cut_off_mid_line_is_named_and_the_next_one_on_that_line_read() -> None:
    """An export cut a hand short and wrote the next on after it
    (``Dealer : RaisBovada Hand #…``). Before: one hand answered for the
    two, "`RaisBovada Hand #…` is not a Bovada action"; the second was lost."""
    text = samples.text(SITE, "cash-and-tournament.txt")
    cash, tournament = text.split("\n\n\n")
    text = cash[: cash.index("Big Blind  [ME] : Raises")] + "Big Blind  [ME] : Rais" + tournament
    conversion = convert_text(text)
    (failed,) = conversion.failed
    assert (failed.first_line, failed.line) == (1, 17)
    assert failed.reason == "the hand is cut off at `Big Blind  [ME] : Rais`: the next hand starts on the same line"
    assert [hand.hand.first_line for hand in conversion.converted] == [17]
    assert samples.fields(conversion.converted[0])["winnings"] == [0, 0, 0, 50]


#: A cash hand whose UTG, back from sitting out, posts both blinds at once
#: (``Posts dead chip $0.75`` at $0.25/$0.50), then checks the option the
#: live big blind gives them (typed by hand, in the 2016 layout).
_BOTH_BLINDS_POSTED = """\
Ignition Hand #3340409800 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:45:02
Seat 1: Small Blind ($50 in chips)
Seat 4: Big Blind [ME] ($50 in chips)
Seat 5: UTG ($20 in chips)
Seat 6: Dealer ($49.25 in chips)
Dealer : Set dealer [6]
Small Blind : Small Blind $0.25
Big Blind  [ME] : Big blind $0.50
UTG : Posts dead chip $0.75
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [9c Th]
Big Blind  [ME] : Card dealt to a spot [9d 9s]
UTG : Card dealt to a spot [Ah Qh]
Dealer : Card dealt to a spot [4c Kd]
UTG : Checks
Dealer : Folds
Small Blind : Calls $0.25
Big Blind  [ME] : Checks
*** FLOP *** [2c 7h Jd]
Small Blind : Checks
Big Blind  [ME] : Bets $1
UTG : Folds
Small Blind : Folds
Big Blind  [ME] : Return uncalled portion of bet $1
Big Blind  [ME] : Does not show [9d 9s] (One pair)
Big Blind  [ME] : Hand result $1.75
*** SUMMARY ***
Total Pot($1.75)
"""


def test_a_dead_chip_is_both_blinds_the_big_one_live() -> None:
    """``Posts dead chip`` is the small blind (dead) and the big blind
    (live: its poster may check). Before: all of it dead money, "p3 (UTG)
    ends the replay with 18.75; the history implies 19.25"."""
    (hand,) = convert_text(_BOTH_BLINDS_POSTED).converted
    fields = samples.fields(hand)
    assert hand.problems == [] and fields["players"] == ["Small Blind", "Big Blind", "UTG", "Dealer"]
    assert fields["antes"] == [0, 0, Decimal("0.25"), 0]  # the small blind's part: dead money
    assert "p3 cc" in samples.actions(hand) and fields["winnings"] == [0, Decimal("1.75"), 0, 0]


#: A pot-limit Omaha cash hand of the 2012 layout, which writes no board
#: where it is dealt (only the summary's): a raise on the flop, then an
#: all-in on the turn of the chips added (typed by hand).
_BOARD_UNWRITTEN_BETS = """\
Bovada Hand #2601400001 TBL#1090300 OMAHA Pot Limit - 2012-04-24 02:57:51
Seat 1: UTG ($300 in chips)
Seat 3: Dealer ($1,000 in chips)
Seat 4: Small Blind ($500 in chips)
Seat 5: Big Blind [ME] ($800 in chips)
Dealer : Set dealer/Bring in spot [3]
Small Blind : Ante/Small Blind $5
Big Blind  [ME] : Big blind/Bring in $10
*** HOLE CARDS ***
UTG : Card dealt to a spot [Jc 2s 4s 7s]
Dealer : Card dealt to a spot [Qs 2c Jd Kd]
Small Blind : Card dealt to a spot [4h Qd As Js]
Big Blind  [ME] : Card dealt to a spot [7c Tc Td 2d]
UTG : Raises $30
Dealer : Folds
Small Blind : Calls $25
Big Blind  [ME] : Calls $20
Small Blind : Checks
Big Blind  [ME] : Bets $80
UTG : Raises $240
Small Blind : Folds
Big Blind  [ME] : Calls $160
Big Blind  [ME] : Checks
UTG : All-in $30
Big Blind  [ME] : Calls $30
UTG : Showdown [2s 4s Ah 5c 3s] (Straight)
Big Blind  [ME] : Showdown [Tc Td Ah Kh 9d] (One pair)
UTG : Hand result $628
*** SUMMARY ***
Total Pot($630) | Rake ($2)
Board [5c Ah Kh 9d 3s]
Seat 1: UTG $628  with Straight [Jc 2s 4s 7s-2s 4s Ah 5c 3s]
Seat 3: Dealer Folded on the POCKET CARDS
Seat 4: Small Blind Folded on the FLOP
Seat 5: Big Blind lose with One pair [7c Tc Td 2d-Tc Td Ah Kh 9d]
"""


def test_bets_after_a_board_the_hand_does_not_write_are_the_streets() -> None:
    """A raise after a board the 2012 layout leaves unwritten raises the
    new street's bet, and an all-in (the chips added) is a bet, a raise or
    a call as PokerKit rules it at that point of the hand. Before: "p2
    (Big Blind) ends the replay with 530; the history implies 500" (the
    flop's raise counted from the first round's bets, the turn's all-in
    read as a call of the flop's)."""
    conversion = convert_text(_BOARD_UNWRITTEN_BETS)
    assert [failed.reason for failed in conversion.failed] == []
    (hand,) = conversion.converted
    fields = samples.fields(hand)
    assert hand.problems == [] and fields["players"] == ["Small Blind", "Big Blind", "UTG", "Dealer"]
    assert samples.actions(hand)[9:] == [
        "p1 cc", "p2 cbr 80", "p3 cbr 240", "p1 f", "p2 cc", "d db 9d",
        "p2 cc", "p3 cbr 30", "p2 cc", "p3 sm Jc2s4s7s", "p2 sm 7cTcTd2d", "d db 3s",
    ]  # fmt: skip
    assert fields["winnings"] == [0, 0, 628, 0] and fields["_rake"] == 2


#: A tournament hand whose big blind is all in for less than the small
#: blind; the others fold, and the small blind, with nothing to call and
#: nobody left to raise, has no move the client writes (typed by hand).
_SHORT_BIG_BLIND_TOURNAMENT = """\
Bovada Hand #3400000002: HOLDEM Tournament #14890001 TBL#7, No Limit- Level 15 (600/1200) - 2016-06-29 01:20:00
Seat 1: Small Blind (20,000 in chips)
Seat 2: Big Blind (500 in chips)
Seat 3: UTG (15,000 in chips)
Seat 4: Dealer (9,000 in chips)
Dealer : Set dealer [4]
Small Blind : Ante chip 100
Big Blind : Ante chip 100
UTG : Ante chip 100
Dealer : Ante chip 100
Small Blind : Small blind 600
Big Blind : All-in 400
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [Ts 3h]
Big Blind : Card dealt to a spot [Ac 8d]
UTG : Card dealt to a spot [9s 8s]
Dealer : Card dealt to a spot [Ah Kh]
UTG : Folds
Dealer : Folds
Small Blind : Return uncalled portion of bet 200
*** FLOP *** [6s 4h 5c]
*** TURN *** [6s 4h 5c] [6d]
*** RIVER *** [6s 4h 5c 6d] [As]
Small Blind : Showdown [6s 6d As Ts 5c] (One pair)
Big Blind : Showdown [As Ac 6s 6d 8d] (Two pair)
Big Blind : Hand Result 1200
*** SUMMARY ***
Total Pot(1200)
Board [6s 4h 5c 6d As]
"""

#: A heads-up tournament hand whose big blind, short of the ante, is all
#: in before the other's ante is posted (typed by hand, 2012 layout).
_ALL_IN_BEFORE_THE_ANTES = """\
Bovada Hand #2690800001: HOLDEM Tournament #1378001 TBL#3, No Limit- Level 12 (100/200) - 2012-11-25 22:10:00
Seat 1: Big Blind [ME] (150 in chips)
Seat 5: Dealer (20,000 in chips)
Dealer : Set dealer/Bring in spot [5]
Big Blind [ME] : All-in 150
Dealer : Ante chip 200
Dealer : Return uncalled portion of bet 50
*** HOLE CARDS ***
Big Blind [ME] : Card dealt to a spot [Qh Qd]
Dealer : Card dealt to a spot [7s 2c]
*** FLOP *** [Kc 8d 3s]
*** TURN *** [Kc 8d 3s] [4h]
*** RIVER *** [Kc 8d 3s 4h] [9c]
Big Blind [ME] : Showdown [Qh Qd Kc 9c 8d] (One pair)
Dealer : Showdown [Kc 9c 8d 7s 4h] (High Card)
Big Blind [ME] : Hand Result 300
*** SUMMARY ***
Total Pot(300)
Board [Kc 8d 3s 4h 9c]
"""


def test_a_big_blind_all_in_for_less_than_the_small_blind_leaves_a_check_nobody_writes() -> None:
    """The all-in is the big blind (the game's: PokerKit posts what the
    stack holds), and the small blind's check, its only move, is played
    where the board comes. Before: "PokerKit refuses `d db 6s4h5c` here:
    No board dealing is pending"."""
    conversion = convert_text(_SHORT_BIG_BLIND_TOURNAMENT)
    assert [failed.reason for failed in conversion.failed] == []
    (hand,) = conversion.converted
    fields = samples.fields(hand)
    assert hand.problems == [] and fields["blinds_or_straddles"] == [600, 1200, 0, 0]
    assert samples.actions(hand)[4:7] == ["p3 f", "p4 f", "p1 cc"] and fields["winnings"] == [0, 1200, 0, 0]


def test_an_all_in_before_the_antes_is_an_ante_and_an_ante_s_excess_is_not_in_play() -> None:
    """Before: "PokerKit refuses `d db Kc8d3s` here: No board dealing is
    pending" (the all-in read as a bet before the cards)."""
    conversion = convert_text(_ALL_IN_BEFORE_THE_ANTES)
    assert [failed.reason for failed in conversion.failed] == []
    (hand,) = conversion.converted
    fields = samples.fields(hand)
    assert hand.problems == [] and fields["antes"] == [150, 150]  # 200, less the 50 that came back
    assert fields["winnings"] == [300, 0] and samples.actions(hand)[2:4] == ["p1 sm QhQd", "p2 sm 7s2c"]


def test_a_hand_whose_first_lines_are_lost_is_named_and_the_one_before_it_read() -> None:
    """An export cut and written on mid-line (FPDB's "concatenated partial"):
    the summary of one hand runs into the seats of a hand whose first lines
    are lost. Before: both read as one, "PokerKit refuses `p3 f` here:
    There is no player to act"."""
    cash, tournament = samples.text(SITE, "cash-and-tournament.txt").split("\n\n\n")
    headless = tournament.split("\n", 2)[2]  # its first line and first seat lost
    # the cut: the summary's last line runs into the end of the lost seat line (`Seat 6: … (1,480 in chips)`)
    text = cash.replace("Seat+6: Dealer Folded before the FLOP", "Seat+6: Dealer Folded before 480 in chips)\n")
    text += headless
    conversion = convert_text(text)
    (converted,) = conversion.converted
    assert converted.problems == [] and samples.fields(converted)["winnings"] == [0, Decimal("38.75"), 0, 0]
    (failed,) = conversion.failed
    line = text.split("\n").index(headless.split("\n")[0]) + 1
    assert failed.line == line and failed.reason.startswith("the hand's first lines are lost")


def test_a_stud_seat_dealt_no_cards_is_not_dealt_in() -> None:
    """A seat listed but sitting out (no ``Card dealt to a spot``) takes
    no turn. Before: "Seat+1 acts, but it is Seat+7's turn"."""
    text = samples.text(SITE, "stud-tournament-and-hilo.txt").replace(
        "Seat+5: 1,500 in chips\n", "Seat+5: 1,500 in chips\nSeat+7: 1,500 in chips\nSeat+7 : Seat sit out\n", 1
    )
    conversion = convert_text(text)
    assert [failed.reason for failed in conversion.failed] == []
    first = conversion.converted[0]
    assert first.problems == [] and samples.fields(first)["players"] == ["Seat+1", "Seat+3", "Seat+5"]


#: A tournament hand whose small blind, having posted the ante, is all in
#: for less than the blind; the dealer is all in, the big blind covers
#: both: a main pot and a side pot (typed by hand).
_SHORT_SMALL_BLIND_AFTER_ANTE = """\
Bovada Hand #3400000003: HOLDEM Tournament #14890001 TBL#7, No Limit- Level 15 (600/1200) - 2016-06-29 01:30:00
Seat 1: Small Blind (400 in chips)
Seat 2: Big Blind (15,000 in chips)
Seat 3: UTG (15,000 in chips)
Seat 4: Dealer (1,300 in chips)
Dealer : Set dealer [4]
Small Blind : Ante chip 100
Big Blind : Ante chip 100
UTG : Ante chip 100
Dealer : Ante chip 100
Small Blind : All-in 300
Big Blind : Big blind 1200
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [7h 3d]
Big Blind : Card dealt to a spot [Ac 8d]
UTG : Card dealt to a spot [9s 8s]
Dealer : Card dealt to a spot [Ah Kh]
UTG : Folds
Dealer : All-in 1200
*** FLOP *** [6s 4h 5c]
*** TURN *** [6s 4h 5c] [6d]
*** RIVER *** [6s 4h 5c 6d] [As]
Small Blind : Showdown [7h 6s 5c 4h 3d] (Straight)
Big Blind : Showdown [As Ac 6s 6d 8d] (Two pair)
Dealer : Showdown [Ah As 6s 6d Kh] (Two pair)
Dealer : Hand Result-Side Pot 1800
Small Blind : Hand Result 1300
*** SUMMARY ***
Total Pot(3100)
Board [6s 4h 5c 6d As]
"""


def test_a_small_blind_all_in_after_its_ante_is_the_small_blind() -> None:
    """Before: the all-in read as more ante, "p1 (Small Blind) ends the
    replay with 700; the history implies 1,300" (no blind, so only the
    antes in its pot)."""
    conversion = convert_text(_SHORT_SMALL_BLIND_AFTER_ANTE)
    assert [failed.reason for failed in conversion.failed] == []
    (hand,) = conversion.converted
    fields = samples.fields(hand)
    assert hand.problems == [] and fields["blinds_or_straddles"] == [300, 1200, 0, 0]
    assert fields["antes"] == [100, 100, 100, 100] and fields["winnings"] == [1300, 0, 0, 1800]


def test_a_bare_set_dealer_line_says_nothing() -> None:
    """Ignition writes ``Set dealer`` alone when the dealer's seat is empty
    (2016 and 2025 exports). Before: "`Set dealer` is not a line this
    converter understands"."""
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Dealer : Set dealer [6] ", "Set dealer", 1)
    conversion = convert_text(text)
    assert [failed.reason for failed in conversion.failed] == []
    cash = conversion.converted[0]
    assert cash.problems == [] and samples.fields(cash)["winnings"] == [0, Decimal("38.75"), 0, 0]


@pytest.mark.parametrize("header", ["Bodog UK Hand #3340409736", "Bodog.eu Hand #3340409736:"])
def test_the_bodog_uk_and_bodog_eu_skins_are_bovada(header: str) -> None:
    """Before: no site was found in these files (Bodog UK's 2012 cash
    header, Bodog.eu's 2017 tournament one)."""
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Ignition Hand #3340409736", header, 1)
    conversion = convert_text(text)
    assert conversion.site is not None and conversion.site.key == SITE
    assert [failed.reason for failed in conversion.failed] == []
    assert samples.fields(conversion.converted[0])["winnings"] == [0, Decimal("38.75"), 0, 0]


def test_a_stud_street_line_with_a_mistyped_number_is_named_not_a_bug() -> None:
    """``*** :TH STREET ***`` (the street's number garbled): before, the hand
    was "phh-lsp failed to read this hand (a bug …)": ValueError from reading
    the number; now it is a line the reader names like any other it does not
    understand (found by the garbled-history property test)."""
    text = samples.text(SITE, "stud-tournament-and-hilo.txt").replace("*** 4TH STREET ***", "*** :TH STREET ***", 1)
    conversion = convert_text(text)
    reasons = [failed.reason for failed in conversion.failed]
    assert reasons and not any("a bug" in reason for reason in reasons)
