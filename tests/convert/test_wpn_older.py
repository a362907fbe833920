"""WPN's older layout (2014-2019: ``Game started at: …``, ``Game ID: …``,
``Player X raises (80)``) converted, and what PHH cannot hold named.

The sample ``samples/wpn/older-layout-2014-2016.txt`` is typed by hand in
the layout of the real exports gathered for #27 (kept outside the
repository): a no-limit hold'em cash hand, a fixed-limit Omaha hi/lo hand
whose pot is split (its first line run into the last line of the hand
before it, as the clients wrote it), an all-in with a side pot, and a
player kept in the hand all in by a disconnection, which PHH cannot say,
and a capped table's hand. ``samples/wpn/older-layout-stud-2016.txt``: a
seven card stud hand, its streets named by the card dealt before them.
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.to_phh import Converted

SITE = "wpn"
SAMPLE = "older-layout-2014-2016.txt"


def _conversion() -> tuple[list[Converted], list[Failed]]:
    conversion = convert_text(samples.text(SITE, SAMPLE))
    assert conversion.site is not None and conversion.site.key == SITE
    return conversion.converted, conversion.failed


def test_a_no_limit_cash_hand_converts_with_its_raises_as_chips_added() -> None:
    """``raises (25)`` is the chips the raise adds (a raise to 25 after a bet
    of 8.50), the blinds equal to the header's stakes make it no limit, and
    a player sitting out is not dealt in."""
    cash = _conversion()[0][0]
    fields = samples.fields(cash)
    assert cash.problems == [] and cash.hand.first_line == 1
    assert (fields["variant"], fields["venue"], fields["table"]) == ("NT", "WPN", "(PRR) Longana (Short) - 2")
    assert fields["players"] == ["Mara", "Zoë", "Hero", "Kit Carson"]
    assert fields["blinds_or_straddles"] == [1, 2, 0, 0]
    assert fields["starting_stacks"] == [Decimal("123.94"), Decimal("61.43"), 100, 100]
    assert "p2 cbr 25" in samples.actions(cash) and "p3 cc" in samples.actions(cash)
    assert fields["winnings"] == [0, Decimal("61.05"), 0, 0] and fields["_rake"] == Decimal("1.95")


def test_a_limit_omaha_hi_lo_hand_run_into_the_line_before_splits_its_pot() -> None:
    """The big blind equal to the header's first figure (``20/40``, blinds
    10/20) makes the game fixed limit: Omaha hi/lo, PHH's ``FO/8``."""
    split = _conversion()[0][1]
    fields = samples.fields(split)
    assert split.problems == [] and split.hand.first_line == 42
    assert (fields["variant"], fields["small_bet"], fields["big_bet"]) == ("FO/8", 20, 40)
    assert fields["players"] == ["Pia", "Lou", "Hero"]
    assert fields["winnings"] == [0, Decimal("138.50"), Decimal("138.50")]


def test_an_all_in_with_a_side_pot_converts() -> None:
    side_pot = _conversion()[0][2]
    fields = samples.fields(side_pot)
    assert side_pot.problems == [] and side_pot.hand.first_line == 86
    assert fields["players"] == ["Cal", "Abe", "Bea"]
    assert fields["winnings"] == [14, 15, 0]


def test_a_player_kept_all_in_by_a_disconnection_is_named_with_its_line() -> None:
    converted, failed = _conversion()
    assert len(converted) == 4
    (disconnected,) = failed
    assert (disconnected.first_line, disconnected.line, disconnected.hand_id) == (117, 142, "741631166")
    assert disconnected.reason.startswith("PHH has no notation for a player kept in the hand all in")


def test_pot_limit_omaha_hi_lo_is_named_as_a_game_phh_has_no_variant_for() -> None:
    """Blinds equal to the header's figures (``20/40``, blinds 20/40): pot
    limit, which PHH has no Omaha hi/lo variant for."""
    text = samples.text(SITE, SAMPLE).replace("Pia has small blind (10)", "Pia has small blind (20)")
    text = text.replace("Lou has big blind (20)", "Lou has big blind (40)")
    failed = next(hand for hand in convert_text(text).failed if hand.first_line == 42)
    assert failed.line == 42 and failed.reason.startswith("PHH has no variant for Omaha Hi/Lo Pot Limit")


def test_a_line_that_is_not_understood_is_named_in_the_hand() -> None:
    text = samples.text(SITE, SAMPLE).replace("Player Kit Carson folds", "Player Kit Carson fodls")
    failed = convert_text(text).failed[0]
    assert (failed.first_line, failed.line) == (1, 21) and "fodls" in failed.reason


def test_a_capped_table_s_stacks_are_the_cap_its_caps_line_reaches() -> None:
    """A capped table (``- CAP -``) writes no cap: ``caps (6.75)`` puts the
    player's chips in the hand at it (7.50), so every stack counts up to it.
    The players' ``Bets:`` (15.25) add up to more than the pot and its rake
    (15): the 0.25 the jackpot tables took without writing it is its cut."""
    capped = _conversion()[0][3]
    fields = samples.fields(capped)
    assert capped.problems == [] and capped.hand.first_line == 160
    assert fields["players"] == ["Omar", "Pip", "Nell"]
    assert fields["starting_stacks"] == [Decimal("7.50")] * 3
    assert "p3 cbr 6.75" in samples.actions(capped)
    assert fields["winnings"] == [0, 0, Decimal("14.75")] and fields["_rake"] == Decimal("0.50")


def test_seven_card_stud_converts_with_its_streets_named_by_the_card_before() -> None:
    (stud,) = samples.converted(SITE, "older-layout-stud-2016.txt")
    fields = samples.fields(stud)
    assert stud.problems == []
    assert (fields["variant"], fields["bring_in"]) == ("F7S", Decimal("0.40"))
    assert (fields["small_bet"], fields["big_bet"]) == (1, 2)
    assert fields["antes"] == [Decimal("0.15")] * 3
    assert fields["winnings"] == [0, Decimal("12.05"), 0] and fields["_rake"] == Decimal("0.40")
    assert "d dh p1 Kc" in samples.actions(stud)  # the hero's seventh card, in `Sixth street`


def test_a_post_out_of_the_blinds_seats_is_live() -> None:
    """``posts (1)`` on the button, then ``calls (1)`` at 1/2: the post is
    part of the call (the player puts 2 in, not 3)."""
    text = """Game started at: 2016/8/8 16:2:26
Game ID: 698322413 1/2 Tarn (Hold'em)
Seat 1 is the button
Seat 1: Ann (100).
Seat 2: Bo (100).
Seat 3: Cy (100).
Player Bo has small blind (1)
Player Cy has big blind (2)
Player Ann posts (1)
Player Bo received a card.
Player Bo received a card.
Player Cy received a card.
Player Cy received a card.
Player Ann received a card.
Player Ann received a card.
Player Ann calls (1)
Player Bo calls (1)
Player Cy checks
*** FLOP ***: [7c Kh Jh]
Player Bo checks
Player Cy bets (4)
Player Ann folds
Player Bo folds
Uncalled bet (4) returned to Cy
Player Cy mucks cards
------ Summary ------
Pot: 6. Rake 0
Board: [7c Kh Jh]
Player Ann does not show cards.Bets: 2. Collects: 0. Loses: 2.
Player Bo does not show cards.Bets: 2. Collects: 0. Loses: 2.
*Player Cy mucks (does not show cards). Bets: 2. Collects: 6. Wins: 4.
Game ended at: 2016/8/8 16:3:19
"""
    (hand,) = convert_text(text).converted
    assert hand.problems == [] and samples.fields(hand)["winnings"] == [0, 6, 0]


def test_a_cancelled_hand_a_cut_off_hand_and_a_nameless_player_are_named() -> None:
    cancelled = """Game started at: 2015/1/2 16:32:12
Game ID: 351651317 2/4 Tioinaite - CAP - 6-Max (Hold'em)
Seat 3 is the button
Seat 1: Ann (397.36).
Seat 3: Bo (485.70).
Player Bo has small blind (2)
Player Ann sitting out
Uncalled bet (2) returned to Bo
------ Summary ------
Pot: 0. Rake 0
Player Ann does not show cards.Bets: 0. Collects: 0. Wins: 0.
Player Bo does not show cards.Bets: 0. Collects: 0. Wins: 0.
Game ended at: 2015/1/2 16:32:13
"""
    (failed,) = convert_text(cancelled).failed
    assert failed.line == 8 and failed.reason.startswith("WPN cancelled this hand")
    cut = samples.text(SITE, SAMPLE).split("*Player Cal shows")[0]
    assert convert_text(cut).failed[-1].reason.startswith("the hand is cut off at `Player Bea shows")
    nameless = samples.text(SITE, SAMPLE).replace("Player Mara folds", "Player  folds")
    failed = convert_text(nameless).failed[0]
    assert failed.line == 22 and "no name" in failed.reason


def test_a_utf_16_export_s_stray_last_byte_says_nothing() -> None:
    conversion = convert_text(samples.text(SITE, SAMPLE) + "\ufffd")
    assert len(conversion.converted) == 4 and len(conversion.failed) == 1


def test_a_limit_table_s_caps_is_its_last_raise_and_caps_no_stack() -> None:
    text = samples.text(SITE, SAMPLE).replace(
        "Player Hero raises (40)\nPlayer Pia folds", "Player Hero caps (40)\nPlayer Pia folds"
    )
    split = convert_text(text).converted[1]
    fields = samples.fields(split)
    assert split.problems == [] and fields["starting_stacks"] == [Decimal("655.25"), Decimal("412.50"), 800]
    assert fields["winnings"] == [0, Decimal("138.50"), Decimal("138.50")]


def test_a_play_money_table_has_no_currency() -> None:
    text = samples.text(SITE, SAMPLE).replace("(PRR) Longana (Short) - 2 (Hold'em)", "PM Hold`em 1/2 (Hold'em)")
    fields = samples.fields(convert_text(text).converted[0])
    assert fields["table"] == "PM Hold`em 1/2" and "currency" not in fields


def test_a_file_of_both_layouts_reads_each_hand_by_its_own() -> None:
    """An export of 2019, the year the clients changed layout: the older
    layout's hands and the current one's, each read, in the file's order."""
    older = samples.text(SITE, SAMPLE).split("\n\n")[0]  # the no-limit and the Omaha hi/lo hands
    current = samples.text(SITE, "cash-and-tournament.txt")
    conversion = convert_text(current + "\n" + older + "\n")
    assert conversion.failed == [] and all(hand.problems == [] for hand in conversion.converted)
    start = current.count("\n") + 2
    first_lines = [hand.hand.first_line for hand in conversion.converted]
    assert first_lines == [1, 31, start, start + 41]
    assert [samples.fields(hand)["variant"] for hand in conversion.converted] == ["NT", "NT", "NT", "FO/8"]


def test_a_hand_of_its_first_line_alone_is_named_not_a_bug() -> None:
    text = samples.text(SITE, SAMPLE)
    failed = convert_text(text.split("\n")[0] + "\n" + text).failed[0]
    assert (failed.first_line, failed.line) == (1, 1) and "`Game ID:`" in failed.reason
