"""PokerStars histories converted: the site's facts kept (what every site
promises, every hand answered and good hands replaying clean, is checked
for all of them in ``test_every_site``).

The samples under ``samples/pokerstars/`` are written as PokerStars writes
its files (uncalled bets returned, all-ins with side pots, a dead blind,
a player sitting out, showdowns and mucks, antes, tournament chips,
thousands separators, Unicode names and names with colons), and one hand
with a typo among good ones.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal

import pytest

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, as_phhs, convert_text
from phh_lsp.convert.to_phh import Converted
from phh_lsp.core.analysis import analyze
from phh_lsp.core.rules.codes import Severity

SITE = "pokerstars"


def test_side_pots_a_dead_blind_and_a_player_sitting_out() -> None:
    (hand,) = samples.converted(SITE, "side-pots-and-dead-blind.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["kat_42", "RiverRat", "Zoë", "Grünfeld"]  # from the small blind round to the button
    assert fields["seats"] == [2, 3, 4, 1]  # Monty P, sitting out, is not dealt in
    assert fields["antes"] == [0, 0, Decimal("0.25"), 0]  # the dead small blind
    assert fields["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.5"), Decimal("-0.5"), 0]
    assert fields["winnings"] == [Decimal("25.6"), 0, 0, Decimal("22.4")]
    assert fields["_rake"] == Decimal("1.25")
    actions = fields["actions"]
    assert isinstance(actions, list)
    # all in before the flop: the hands are shown before the board, in PokerKit's order
    assert actions[9:13] == ["p4 cc", "p3 sm 8h8d", "p4 sm KcKs", "p1 sm AhAd"]
    assert actions[-3:] == ["d db 2d5cJh", "d db Qc", "d db 3s"]


def test_heads_up_a_muck_and_thousands_separators() -> None:
    (hand,) = samples.converted(SITE, "heads-up-muck.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["RiverRat", "Monty P"]
    assert fields["starting_stacks"] == [Decimal("1250.5"), 200]
    assert fields["blinds_or_straddles"] == [1, 2]
    actions = fields["actions"]
    assert isinstance(actions, list)
    assert actions[1] == "d dh p2 AdKd"  # the summary's "mucked [Ad Kd]"
    assert actions[-2:] == ["p1 sm JsJc", "p2 sm"]
    (money,) = samples.converted(SITE, "play-money-thousands.txt")
    assert samples.fields(money)["starting_stacks"] == [40000, 9750, 12500]
    assert "currency" not in samples.fields(money)


def test_tournament_antes_level_and_unicode_names() -> None:
    (hand,) = samples.converted(SITE, "tournament.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["x:y", "bob", "李雷", "Ana-Maria"]  # bob sits out but posts: dealt in
    assert fields["antes"] == [10, 10, 10, 10]
    assert fields["level"] == 4
    assert fields["event"] == "PokerStars tournament #3500000001"
    assert fields["winnings"] == [0, 0, 0, 2030]


def test_limit_and_pot_limit_games() -> None:
    limit, omaha = samples.converted(SITE, "limit-and-omaha.txt")
    assert samples.fields(limit)["variant"] == "FT"
    assert (samples.fields(limit)["small_bet"], samples.fields(limit)["big_bet"]) == (Decimal("0.1"), Decimal("0.2"))
    assert samples.fields(omaha)["variant"] == "PO"
    assert "d dh p3 AhAsKdQd" in omaha.text


def test_a_broken_hand_is_named_and_the_others_are_kept() -> None:
    hands, broken = samples.broken_hand(SITE, "cash-with-a-typo.txt")
    assert [type(hand) for hand in hands] == [Converted, Failed]
    assert (broken.hand_id, broken.first_line, broken.line) == ("245817263513", 39, 49)
    assert "`cals $0.15` is not a PokerStars action" in broken.reason


def test_a_history_that_does_not_add_up_is_a_problem_not_a_silent_fix() -> None:
    text = samples.text(SITE, "heads-up-muck.txt")
    (hand,) = convert_text(text.replace("collected $170.50", "collected $107.50")).converted
    assert hand.problems == ["the players who collected are 64.50 short of the replay's pots, but the rake is 1.50"]
    (hand,) = convert_text(text.replace("Monty P: calls $50", "Monty P: calls $40")).converted
    assert hand.problems == ["p2 (Monty P) ends the replay with 114; the history implies 124"]


def test_a_street_pokerkit_refuses_fails_that_hand_with_its_line() -> None:
    text = samples.text(SITE, "heads-up-muck.txt")
    (failed,) = convert_text(text.replace("RiverRat: calls $4\n", "")).failed
    assert failed.line == 10 and "PokerKit refuses `d db Jd4c4h`" in failed.reason


def test_the_phhs_of_several_files_numbers_the_hands_in_order() -> None:
    hands = [(hand, name) for name in ("tournament.txt", "heads-up-muck.txt") for hand in samples.converted(SITE, name)]
    document = as_phhs(hands)
    values = tomllib.loads(document)
    assert list(values) == ["1", "2"] and values["2"]["players"] == ["RiverRat", "Monty P"]
    assert "# PokerStars hand #246000000001, tournament.txt line 1\n[1]\n" in document
    assert [d for d in analyze(document, "x.phhs").diagnostics if d.severity == Severity.ERROR] == []


LONE_BIG_BLIND = """PokerStars Hand #245817264000:  Hold'em No Limit ($0.05/$0.10 USD) - 2023/05/15 02:00:00 ET
Table 'Aludra IV' 6-max Seat #6 is the button
Seat 1: kat_42 ($10 in chips)
Seat 3: RiverRat ($10 in chips)
Seat 6: Zoë ($10 in chips)
kat_42: posts big blind $0.10
*** HOLE CARDS ***
RiverRat: raises $0.20 to $0.30
Zoë: folds
kat_42: folds
Uncalled bet ($0.20) returned to RiverRat
RiverRat collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: kat_42 (big blind) folded before Flop
Seat 3: RiverRat collected ($0.20)
Seat 6: Zoë (button) folded before Flop (didn't bet)
"""


def test_a_big_blind_with_no_small_blind_is_the_first_blind() -> None:
    """The small blind's player left: the first seat after the button posts
    the big blind alone, and the next player opens (every site's hands)."""
    (hand,) = convert_text(LONE_BIG_BLIND).converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["players"] == ["kat_42", "RiverRat", "Zoë"]
    assert fields["blinds_or_straddles"] == [Decimal("0.1"), 0, 0]
    assert samples.actions(hand)[3:] == ["p2 cbr 0.30", "p3 f", "p1 f"]


UNSEEN_LOSER = """PokerStars Hand #245817264100:  Hold'em No Limit ($0.05/$0.10 USD) - 2023/05/15 02:00:00 ET
Table 'Aludra IV' 6-max Seat #1 is the button
Seat 1: kat_42 ($10 in chips)
Seat 2: RiverRat ($10 in chips)
Seat 3: Zoë ($10 in chips)
RiverRat: posts small blind $0.05
Zoë: posts big blind $0.10
*** HOLE CARDS ***
kat_42: folds
RiverRat: raises $0.20 to $0.30
Zoë: calls $0.20
*** FLOP *** [2d 5c Jh]
RiverRat: bets $0.40
Zoë: calls $0.40
*** TURN *** [2d 5c Jh] [Qc]
RiverRat: checks
Zoë: checks
*** RIVER *** [2d 5c Jh Qc] [3s]
RiverRat: checks
Zoë: bets $0.50
RiverRat: calls $0.50
*** SHOW DOWN ***
RiverRat: shows [Ah Ad] (a pair of Aces)
RiverRat collected $2.35 from pot
*** SUMMARY ***
Total pot $2.40 | Rake $0.05
Seat 2: RiverRat (small blind) showed [Ah Ad] and won ($2.35) with a pair of Aces
Seat 3: Zoë (big blind) mucked
"""


def test_a_player_first_to_show_whose_cards_nobody_saw_mucks() -> None:
    """Zoë bet the river and is asked to show first, but her cards are not in
    the history: she mucks (``p2 sm``) and the showdown goes on, instead of
    stopping half done and leaving RiverRat's pot unpaid."""
    (hand,) = convert_text(UNSEEN_LOSER).converted
    assert hand.problems == []
    assert samples.actions(hand)[-2:] == ["p2 sm", "p1 sm AhAd"]


#: A 2020 cash hand as the client writes it, with the news the table prints
#: between the actions: none of it moves chips, so the hand converts.
NEWS = """PokerStars Hand #214000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/05/14 21:03:11 CET
Table 'O'Hara II' 6-max Seat #1 is the button
Seat 1: kat_42 ($10 in chips)
Seat 2: RiverRat ($10 in chips)
Seat 3: Zoë ($10 in chips)
Seat 5: Monty P ($10 in chips) is sitting out
RiverRat: posts small blind $0.05
Zoë: posts big blind $0.10
Ann Lee joins the table at seat #4
Ann Lee will be allowed to play after the button
*** HOLE CARDS ***
Monty P: sits out
kat_42: raises $0.20 to $0.30
RiverRat is disconnected
RiverRat: folds
RiverRat is connected
Zoë: is sitting out
Zoë: folds
Uncalled bet ($0.20) returned to kat_42
kat_42 collected $0.25 from pot
kat_42: doesn't show hand
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: kat_42 (button) collected ($0.25)
Seat 2: RiverRat (small blind) folded before Flop
Seat 3: Zoë (big blind) folded before Flop
"""


def test_the_news_a_table_prints_says_nothing_about_the_chips() -> None:
    (hand,) = convert_text(NEWS).converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["table"] == "O'Hara II"
    assert fields["players"] == ["RiverRat", "Zoë", "kat_42"]
    assert fields["winnings"] == [0, 0, Decimal("0.25")]


def test_the_lines_of_hands_converted_to_pokerstars_by_trackers_say_what_they_mean() -> None:
    """Trackers converting other sites' hands to PokerStars' layout (FPDB's
    Bovada conversions) write a fold on a disconnection, a player leaving
    and a deposit to the table between hands. Before: "`folds (disconnect)`
    is not a PokerStars action"."""
    news = NEWS.replace("RiverRat: folds\n", "RiverRat: folds (disconnect)\nTable leave user\n")
    news = news.replace("kat_42: doesn't show hand\n", "kat_42: doesn't show hand\nZoë: Table deposit $347.50\n")
    (hand,) = convert_text(news).converted
    assert hand.text == convert_text(NEWS).converted[0].text


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (  # a heads-up shootout, before 2008: the date and time with a dash, the zone in brackets
            "PokerStars Game #6876227979: Tournament #35055742, Hold'em No Limit - Match Round I, Level I (50/100)"
            " - 2007/10/15 - 05:34:03 (ET)",
            {"hand": 6876227979, "level": 1, "variant": "NT", "year": 2007, "time_zone_abbreviation": "ET"},
        ),
        (
            "PokerStars Hand #250000000001: Zoom Tournament #3600000001, $3.00+$0.30 USD Hold'em No Limit"
            " - Level II (50/100) - 2023/06/01 20:15:00 ET",
            {"event": "PokerStars tournament #3600000001", "level": 2},
        ),
        (  # a home game's club, an 8-Game tournament naming this hand's game in brackets
            "PokerStars Home Game Hand #250000000002: {Dazzle's Room} Tournament #3600000002, 100+9 8-Game"
            " (Hold'em No Limit) - Match Round I, Level VII (50/100) - 2013/06/01 20:15:00 ET",
            {"variant": "NT", "level": 7, "min_bet": 100},
        ),
        (  # a mixed hold'em/Omaha game: its name holds `PLO (`, this hand is hold'em (before: read as Omaha)
            "PokerStars Hand #250000000004: Tournament #3600000004, Mixed NLH/PLO (Hold'em No Limit)"
            " - Level VII (50/100) - 2013/06/01 20:15:00 ET",
            {"variant": "NT", "level": 7, "min_bet": 100},
        ),
    ],
)
def test_every_header_layout_is_read(header: str, expected: dict[str, object]) -> None:
    text = samples.text(SITE, "tournament.txt")
    (hand,) = convert_text(header + "\n" + text.split("\n", 1)[1]).converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert {key: fields[key] for key in expected} == expected


@pytest.mark.parametrize(
    ("game", "reason"),
    [
        ("5 Card Omaha Pot Limit", "PHH has no variant for 5 Card Omaha Pot Limit"),
        ("Omaha Hi/Lo Pot Limit", "PHH has no variant for Omaha Hi/Lo Pot Limit"),
        ("5 Card Draw Limit", "PHH has no variant for 5 Card Draw Limit"),
        ("HORSE", "the first line names no game PokerStars deals alone (`HORSE`)"),
    ],
)
def test_a_game_that_is_not_read_is_named_with_why(game: str, reason: str) -> None:
    header = f"PokerStars Hand #250000000003:  {game} ($0.10/$0.20 USD) - 2023/06/01 20:15:00 ET"
    text = samples.text(SITE, "limit-and-omaha.txt")
    (failed,) = convert_text(header + "\n" + text.split("\n", 1)[1].split("\n\n\n")[0]).failed
    assert failed.line == 1 and failed.reason.startswith(reason)


def test_an_old_hand_that_writes_no_uncalled_bet_gets_it_back() -> None:
    """Before 2009 PokerStars printed no ``Uncalled bet`` line and left it out of the pot."""
    text = LONE_BIG_BLIND.replace("2023/05/15", "2006/11/03").replace("Uncalled bet ($0.20) returned to RiverRat\n", "")
    (hand,) = convert_text(text).converted
    assert hand.problems == []
    (hand,) = convert_text(LONE_BIG_BLIND.replace("Uncalled bet ($0.20) returned to RiverRat\n", "")).converted
    assert hand.problems != []  # from 2009 a missing line is the history's fault


def test_a_hand_in_the_old_layout_writes_no_uncalled_bet_whatever_its_year() -> None:
    """Trackers re-writing hands (Holdem Manager's 2009 exports) use the
    old layout, its date and time apart (``2009/10/12 - 13:51:22 (ET)``),
    which never wrote an ``Uncalled bet`` line. Before: "the players who
    collected are 0.20 short of the replay's pots, but the rake is 0"."""
    old = LONE_BIG_BLIND.replace("2023/05/15 02:00:00 ET", "2009/10/12 - 02:00:00 (ET)")
    (hand,) = convert_text(old.replace("Uncalled bet ($0.20) returned to RiverRat\n", "")).converted
    assert hand.problems == []


ODD_CENT_CHOP = """PokerStars Hand #245817263600:  Hold'em No Limit ($0.05/$0.10 USD) - 2023/05/14 21:03:11 ET
Table 'Aludra IV' 6-max Seat #1 is the button
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
Seat 3: C ($10 in chips)
B: posts small blind $0.05
C: posts big blind $0.10
*** HOLE CARDS ***
A: raises $0.15 to $0.25
B: calls $0.20
C: calls $0.15
*** FLOP *** [2c 3d 4h]
B: checks
C: checks
A: bets $3.25
B: calls $3.25
C: folds
*** TURN *** [2c 3d 4h] [Ks]
B: checks
A: checks
*** RIVER *** [2c 3d 4h Ks] [Kd]
B: checks
A: checks
*** SHOW DOWN ***
B: shows [Ac Qd] (two pair)
A: shows [As Qh] (two pair)
B collected $3.63 from pot
A collected $3.62 from pot
*** SUMMARY ***
Total pot $7.25 | Rake $0
"""


def test_a_pot_split_with_an_odd_cent_is_no_problem() -> None:
    """$7.25 split in two: the site gives one winner $3.63 and the other $3.62."""
    (hand,) = convert_text(ODD_CENT_CHOP).converted
    assert hand.problems == []
    (hand,) = convert_text(ODD_CENT_CHOP.replace("$3.63", "$3.64")).converted
    assert hand.problems != []  # a cent more than the split is still the history's fault


def test_the_draw_games_phh_holds_convert_with_their_discards_and_draws() -> None:
    badugi, triple, single = samples.converted(SITE, "draw-games.txt")
    assert [hand.problems for hand in (badugi, triple, single)] == [[], [], []]
    assert [samples.fields(hand)["variant"] for hand in (badugi, triple, single)] == ["FB", "F2L3D", "N2L1D"]
    fields = samples.fields(badugi)
    assert (fields["small_bet"], fields["big_bet"]) == (Decimal("0.25"), Decimal("0.50"))
    assert fields["players"] == ["Anna", "Hero", "Bruno"]
    actions = samples.actions(badugi)
    # the hero's cards as dealt, each discard as written, the hero's draws as dealt
    assert actions[:3] == ["d dh p1 ????????", "d dh p2 As3h8h6s", "d dh p3 ????????"]
    first_draw = actions.index("p1 sd ??")
    assert actions[first_draw : first_draw + 6] == [
        "p1 sd ??",
        "p2 sd 8h6s",
        "p3 sd ????",
        "d dh p1 ??",
        "d dh p2 5dKc",
        "d dh p3 ????",
    ]
    assert "p3 sd" in actions and actions[-2:] == ["p2 sm As3h5d2c", "p3 sm"]
    assert samples.fields(single)["min_bet"] == Decimal("0.50")
    assert samples.actions(single)[-2:] == ["p1 sm 2d3s5h8c9d", "p2 sm 2h4d6c7s3c"]


def test_the_stud_games_phh_holds_convert_with_their_bring_in_and_up_cards() -> None:
    stud, hilo, razz = samples.converted(SITE, "stud-games.txt")
    assert [hand.problems for hand in (stud, hilo, razz)] == [[], [], []]
    assert [samples.fields(hand)["variant"] for hand in (stud, hilo, razz)] == ["F7S", "F7S/8", "FR"]
    fields = samples.fields(stud)
    assert fields["bring_in"] == Decimal("0.02") and "blinds_or_straddles" not in fields
    assert fields["players"] == ["Hero", "Nina", "Omar"]  # seat order: stud has no button
    assert fields["seat_count"] == 8  # `Table 'Atalante II' 8-max`, the line's end with no button after it
    actions = samples.actions(stud)
    # two cards face down, the third face up as the site shows it to the table
    assert actions[:5] == ["d dh p1 3dThAs", "d dh p2 ????9s", "d dh p3 ????2c", "p3 pb", "p1 cc"]
    assert actions[-2:] == ["p2 sm Ad4s9s9h7sKhJc", "p3 sm"]
    assert "d dh p2 9h" in actions and "d dh p2 ??" in actions  # an up card, then the river's down card
    assert samples.fields(hilo)["winnings"] == [Decimal("0.05"), Decimal("0.15"), Decimal("0.20")]
    assert samples.actions(razz)[3:6] == ["p2 pb", "p3 cbr 0.04", "p1 cbr 0.08"]


def test_a_mixed_game_naming_its_game_and_stakes_in_one_bracket_is_read() -> None:
    header = "PokerStars Hand #164954571644:  8-Game (Hold'em Limit, $0.10/$0.20 USD) - 2017/01/21 16:58:03 ET"
    text = samples.text(SITE, "limit-and-omaha.txt").split("\n\n\n")[0]
    (hand,) = convert_text(header + "\n" + text.split("\n", 1)[1]).converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert (fields["variant"], fields["small_bet"], fields["currency"]) == ("FT", Decimal("0.10"), "USD")


def test_a_stud_river_dealt_to_the_board_when_the_deck_runs_out_is_named() -> None:
    text = samples.text(SITE, "stud-games.txt").split("\n\n\n\n")[0]
    text = text.replace("*** RIVER ***\n", "*** RIVER *** [4h]\n")
    (failed,) = convert_text(text).failed
    assert failed.reason.startswith("PHH has no notation for a stud card dealt face up to every player")
    assert failed.line == text.splitlines().index("*** RIVER *** [4h]") + 1


TWO_STRADDLES = """\
PokerStars Hand #250000000010:  Hold'em No Limit ($0.10/$0.20 USD) - 2023/06/01 20:15:00 ET
Table 'Zeta' 6-max Seat #1 is the button
Seat 1: A ($20 in chips)
Seat 2: B ($20 in chips)
Seat 3: C ($20 in chips)
Seat 4: D ($20 in chips)
Seat 5: E ($20 in chips)
B: posts small blind $0.10
C: posts big blind $0.20
D: posts straddle $0.40
E: posts straddle $0.80
*** HOLE CARDS ***
A: folds
B: folds
C: folds
D: calls $0.40
E: checks
*** FLOP *** [2c 7d 9h]
D: bets $1
E: folds
Uncalled bet ($1) returned to D
D collected $1.90 from pot
D: doesn't show hand
*** SUMMARY ***
Total pot $1.90 | Rake $0
"""


def test_a_second_straddle_is_read_in_its_seat() -> None:
    (hand,) = convert_text(TWO_STRADDLES).converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["blinds_or_straddles"] == [Decimal("0.10"), Decimal("0.20"), Decimal("0.40"), Decimal("0.80"), 0]
    assert samples.actions(hand)[5:10] == ["p5 f", "p1 f", "p2 f", "p3 cc", "p4 cc"]


#: A raise after the last player left has gone all in: nobody can call it,
#: and the site gives its excess back as an uncalled bet. Our own hand,
#: typed in PokerStars' layout.
_RAISE_NOBODY_CAN_CALL = """\
PokerStars Hand #900000000001:  Hold'em No Limit (€0.05/€0.10 EUR) - 2009/11/20 7:22:44 ET
Table 'Lyon' 6-max Seat #4 is the button
Seat 1: Anna (€12.87 in chips)
Seat 2: Bert (€10.42 in chips)
Seat 4: Cleo (€3.20 in chips)
Seat 5: Dora (€2.15 in chips)
Seat 6: Emil (€9.21 in chips)
Dora: posts small blind €0.05
Emil: posts big blind €0.10
*** HOLE CARDS ***
Dealt to Cleo [Tc Td]
Anna: folds
Bert: raises €0.40 to €0.50
Cleo: raises €2.70 to €3.20 and is all-in
Dora: folds
Emil: folds
Bert: raises €2.70 to €5.90
Uncalled bet (€2.70) returned to Bert
*** FLOP *** [7s Th 6h]
*** TURN *** [7s Th 6h] [2c]
*** RIVER *** [7s Th 6h 2c] [Ks]
*** SHOW DOWN ***
Bert: shows [Ah Ad] (a pair of Aces)
Cleo: shows [Tc Td] (three of a kind, Tens)
Cleo collected €6.40 from pot
*** SUMMARY ***
Total pot €6.55 | Rake €0.15
"""


def test_a_raise_nobody_can_call_is_a_call_with_its_excess_returned() -> None:
    """Before: "PokerKit refuses `p4 cbr 5.90` here: There is no reason to
    complete, bet, or raise since every other player has either folded or
    gone all-in". The raise is a call for what the all-in player put in;
    its excess is the uncalled bet the history returns."""
    conversion = convert_text(_RAISE_NOBODY_CAN_CALL)
    assert not conversion.failed
    (hand,) = conversion.converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["players"] == ["Dora", "Emil", "Anna", "Bert", "Cleo"]
    assert samples.actions(hand)[5:11] == ["p3 f", "p4 cbr 0.50", "p5 cbr 3.20", "p1 f", "p2 f", "p4 cc"]
    assert fields["winnings"] == [0, 0, 0, 0, Decimal("6.40")]


def test_the_big_bet_an_open_pair_allows_on_fourth_street_is_named() -> None:
    """PokerStars lets a stud player bet the big bet on fourth street after
    an open pair; PHH's stud has no such rule. Before: "PokerKit refuses
    `p2 cbr 0.08` here: The amount 0.08 is above the maximum allowed 0.04"."""
    text = samples.text(SITE, "stud-games.txt").split("\n\n\n")[0]
    text = text.replace("Nina: bets $0.04\nOmar: calls $0.04", "Nina: bets $0.08\nOmar: calls $0.08", 1)
    (failed,) = convert_text(text).failed
    assert (failed.line, failed.reason) == (
        23,
        "Nina bets the big bet on fourth street after an open pair: PHH's stud has no such rule",
    )


def test_a_raise_the_players_left_cannot_cover_is_a_call() -> None:
    """Dora raises over Cleo's all in with only Emil, who cannot cover Cleo's
    bet, still to act: nobody can answer more (PokerKit's rule), the raise is
    a call. Before: "There is no reason to complete, bet, or raise"."""
    preflop = _RAISE_NOBODY_CAN_CALL.split("Anna: folds\n")[1].split("*** FLOP ***")[0]
    text = _RAISE_NOBODY_CAN_CALL.replace(
        preflop,
        "Bert: folds\nCleo: raises €3.10 to €3.20 and is all-in\nDora: raises €2.70 to €5.90\nEmil: folds\n"
        "Uncalled bet (€2.70) returned to Dora\n",
    )
    for old, new in (
        ("Dora (€2.15 in chips)", "Dora (€10 in chips)"),
        ("Emil (€9.21 in chips)", "Emil (€2 in chips)"),
        ("Bert: shows", "Dora: shows"),
        ("Cleo collected €6.40", "Cleo collected €6.35"),
        ("Total pot €6.55", "Total pot €6.50"),
    ):
        text = text.replace(old, new)
    conversion = convert_text(text)
    assert not conversion.failed
    (hand,) = conversion.converted
    assert hand.problems == []
    assert samples.actions(hand)[5:10] == ["p3 f", "p4 f", "p5 cbr 3.20", "p1 cc", "p2 f"]
    assert samples.fields(hand)["winnings"] == [0, 0, 0, 0, Decimal("6.35")]


def test_a_card_a_tracker_writes_as_xx_is_one_nobody_saw() -> None:
    """Trackers re-writing PokerStars hands (Holdem Manager) write a card
    nobody saw as ``XX`` (``shows [XX Qs]``): PHH's ``??``. Before:
    "PokerKit refuses `d dh p2 XXKd` here: 'X' is not a valid Rank"."""
    text = samples.text(SITE, "heads-up-muck.txt").replace("mucked [Ad Kd]", "mucked [XX Kd]")
    (hand,) = convert_text(text).converted
    assert hand.problems == []
    assert samples.actions(hand)[1] == "d dh p2 ??Kd"


def test_a_hand_cut_off_is_named_so_and_the_next_hand_written_on_its_line_is_read() -> None:
    """A hand cut off mid-line, the next one written on after it
    (``*** RIVER *** [4d Kh JPokerStars Hand #…``), and a hand whose lines
    stop before its summary. Before: the cut hand was refused as "`Zoë: foPokerStars
    Hand #…` is not a line this converter understands" and the next one was lost."""
    cut_at = NEWS.index("Zoë: folds") + len("Zoë: fo")
    glued = NEWS[:cut_at] + NEWS
    cut, whole = convert_text(glued).hands
    assert isinstance(cut, Failed) and isinstance(whole, Converted)
    assert (cut.first_line, cut.line, whole.hand.first_line) == (1, 18, 18)
    assert cut.reason == "the hand is cut off at `Zoë: fo`: the next hand starts on the same line"
    assert whole.text == convert_text(NEWS).converted[0].text
    (stops,) = convert_text(NEWS[:cut_at]).failed
    assert (stops.line, stops.reason) == (18, "the hand is cut off at `Zoë: fo`: its lines stop before the summary")


SITTING_OUT_ALL_IN = (
    "PokerStars Hand #16652117000: Tournament #9990001, Hold'em No Limit - Level III (100/200)"
    " - 2024/06/04 19:53:18 ET\n"
    """Table '999000001 11' 6-max Seat #1 is the button
Seat 1: Ann (1580 in chips)
Seat 2: Bo (430 in chips)
Seat 3: Cy (200 in chips) is sitting out
Seat 4: Dee (600 in chips)
Ann: posts the ante 40
Bo: posts the ante 40
Cy: posts the ante 40
Dee: posts the ante 40
Bo: posts small blind 100
Cy: posts big blind 160 and is all-in
*** HOLE CARDS ***
Dee: raises 400 to 560 and is all-in
Ann: folds
Bo: calls 290 and is all-in
Cy: folds
Uncalled bet (170) returned to Dee
*** FLOP *** [3s Js 5c]
*** TURN *** [3s Js 5c] [9c]
*** RIVER *** [3s Js 5c 9c] [7d]
*** SHOW DOWN ***
Dee: shows [Qc Jc] (a pair of Jacks)
Bo: shows [As Ac] (a pair of Aces)
Bo collected 460 from side pot
Bo collected 640 from main pot
*** SUMMARY ***
Total pot 1100 Main pot 640. Side pot 460. | Rake 0
Board [3s Js 5c 9c 7d]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Bo (small blind) showed [As Ac] and won (1100) with a pair of Aces
Seat 3: Cy (big blind) folded before Flop
Seat 4: Dee showed [Qc Jc] and lost with a pair of Jacks
"""
)


def test_a_player_sitting_out_all_in_by_their_blind_who_folds_mucks() -> None:
    """PokerStars has a player sitting out who is all in by their blind
    "fold"; nobody all in can act, so PokerKit cannot fold them: they muck at
    the showdown, losing what they posted all the same. Before: "PokerKit
    refuses `p3 f` here: There is no player to act"."""
    (hand,) = convert_text(SITTING_OUT_ALL_IN).converted
    assert hand.problems == []
    assert samples.fields(hand)["players"] == ["Bo", "Cy", "Dee", "Ann"]
    assert "p2 sm" in samples.actions(hand) and "p2 f" not in samples.actions(hand)
    assert samples.fields(hand)["winnings"] == [1100, 0, 0, 0]


def test_a_name_with_a_bracket_is_read_in_a_stud_dealt_line() -> None:
    """Tournament aliases may hold brackets (``PC [Mittel]``); a stud
    street's ``Dealt to PC [Mittel] [5c]`` names the seated player, then
    the cards. Before: "PC has no seat in this hand"."""
    text = samples.text(SITE, "stud-games.txt")
    stud = text.split("\n\n\n")[0].replace("Nina", "Nina [Mittel]")
    (hand,) = convert_text(stud).converted
    assert hand.problems == []
    assert samples.fields(hand)["players"] == ["Hero", "Nina [Mittel]", "Omar"]
    assert samples.actions(hand)[:3] == ["d dh p1 3dThAs", "d dh p2 ????9s", "d dh p3 ????2c"]


def test_an_omaha_player_who_shows_two_of_four_cards_holds_two_nobody_saw() -> None:
    """A player may show some of their Omaha cards (``shows [Kc Kh]``): the
    others are ``??``. Before: the hand came out with "PHH405 p2 is due 4
    hole cards here, not 2"."""
    omaha = samples.text(SITE, "limit-and-omaha.txt").split("\n\n\n")[1]
    for old, new in [
        (
            "F: folds\nUncalled bet ($5) returned to D\nD collected $7.25 from pot\nD: doesn't show hand\n",
            "F: calls $5\n*** TURN *** [Ad 7c 2s] [3h]\nF: checks\nD: checks\n*** RIVER *** [Ad 7c 2s 3h] [9c]\n"
            "F: checks\nD: checks\n*** SHOW DOWN ***\nF: shows [Kc Kh] (a pair of Kings)\n"
            "D: shows [Ah As Kd Qd] (three of a kind, Aces)\nD collected $16.50 from pot\n",
        ),
        ("Total pot $7.50 | Rake $0.25\nBoard [Ad 7c 2s]", "Total pot $17.50 | Rake $1\nBoard [Ad 7c 2s 3h 9c]"),
        ("D (button) collected ($7.25)", "D (button) showed [Ah As Kd Qd] and won ($16.50)"),
        ("F (big blind) folded on the Flop", "F (big blind) showed [Kc Kh] and lost"),
    ]:
        assert old in omaha
        omaha = omaha.replace(old, new)
    (hand,) = convert_text(omaha).converted
    assert hand.problems == []
    actions = samples.actions(hand)
    assert actions[1] == "d dh p2 KcKh????" and "p2 sm KcKh????" in actions


def test_an_all_in_player_who_mucks_at_the_showdown_shows_the_summary_s_cards() -> None:
    """A real 2010 cash hand (``samples/pokerstars/hhp-cash-2010-all-in-muck.txt``,
    MIT, see ``samples/SOURCES``): glaine 59 is all in on the flop, the board
    runs out, and the showdown says ``glaine 59: mucks hand``; the summary
    names the cards (``mucked [Th 8h]``). PokerKit shows down before the
    runout, where a muck ends the hand. Before: "PokerKit refuses `d db Qc`
    here: " (an empty reason)."""
    (hand,) = samples.converted("pokerstars", "hhp-cash-2010-all-in-muck.txt")
    assert hand.problems == []
    assert samples.actions(hand)[-4:] == ["p2 sm Ac9d", "p3 sm Th8h", "d db Qc", "d db 2d"]
    assert samples.fields(hand)["winnings"] == [0, Decimal("1.95"), 0, 0, 0, 0]


def test_pokerkit_refusing_without_a_word_still_gives_a_reason() -> None:
    """PokerKit may refuse an action with an empty message; the reason is
    then said in words. Before: "PokerKit refuses `d db Qc` here: "."""
    text = samples.text("pokerstars", "hhp-cash-2010-all-in-muck.txt").replace(
        "Seat 5: glaine 59 mucked [Th 8h]", "Seat 5: glaine 59 mucked"
    )
    failed = convert_text(text).failed[0]
    assert (failed.line, failed.reason) == (
        28,
        "PokerKit refuses `d db Qc` here: by the rules, nothing of the kind is due at this point of the hand",
    )


_LIMIT_SHORT_ALL_IN = """\
PokerStars Hand #250000000020:  Hold'em Limit ($2/$4 USD) - 2023/06/01 20:15:00 ET
Table 'Kappa' 6-max Seat #3 is the button
Seat 1: Anna ($50 in chips)
Seat 2: Bert ($3 in chips)
Seat 3: Cleo ($50 in chips)
Anna: posts small blind $1
Bert: posts big blind $2
*** HOLE CARDS ***
Cleo: calls $2
Anna: calls $1
Bert: checks
*** FLOP *** [2c 7d Kh]
Anna: checks
Bert: bets $1 and is all-in
Cleo: raises $1 to $2
Anna: calls $2
*** TURN *** [2c 7d Kh] [9s]
Anna: checks
Cleo: checks
*** RIVER *** [2c 7d Kh 9s] [Jd]
Anna: checks
Cleo: checks
*** SHOW DOWN ***
Bert: shows [Ah Ad] (a pair of Aces)
Cleo: shows [Qc Qd] (a pair of Queens)
Anna: mucks hand
Cleo collected $2 from side pot
Bert collected $9 from main pot
*** SUMMARY ***
Total pot $11 Main pot $9. Side pot $2. | Rake $0
"""


def test_a_limit_bet_completed_over_a_short_all_in_is_named() -> None:
    """PokerStars lets a fixed-limit player complete a bet an all-in left
    short (Bert's $1 of a $2 bet: Cleo ``raises $1 to $2``), as in its
    badugi tournaments; PHH's limit rules (PokerKit's) price the next raise
    from the all-in, to $3. Before: "PokerKit refuses `p3 cbr 2` here: The
    amount 2 is below the minimum allowed 3."."""
    (failed,) = convert_text(_LIMIT_SHORT_ALL_IN).failed
    assert (failed.line, failed.reason) == (
        15,
        "PHH has no rule for a short all-in as PokerStars plays fixed-limit: Bert is all in for 1, less than"
        " a full bet or raise, and Cleo raises to 2, where PHH's limit rules (PokerKit's) allow a raise to 3 only",
    )


def test_a_limit_raise_reopened_by_a_short_all_in_raise_is_named() -> None:
    """PokerStars reopens the betting of a fixed-limit street when an all-in
    raises by half a bet (Bert's $1 over Anna's $2): Anna, who had bet,
    raises again. PHH's limit rules (PokerKit's) let her only call. Before:
    "PokerKit refuses `p1 cbr 5` here: Short all-in cannot be raised."."""
    text = _LIMIT_SHORT_ALL_IN.replace("Bert ($3 in chips)", "Bert ($5 in chips)").replace(
        "Anna: checks\nBert: bets $1 and is all-in\nCleo: raises $1 to $2\nAnna: calls $2\n",
        "Anna: bets $2\nBert: raises $1 to $3 and is all-in\nCleo: calls $3\nAnna: raises $2 to $5\nCleo: calls $2\n",
    )
    (failed,) = convert_text(text).failed
    assert (failed.line, failed.reason) == (
        16,
        "PHH has no rule for a short all-in as PokerStars plays fixed-limit: Bert is all in for 3, less than"
        " a full bet or raise, and Anna raises to 5, where PHH's limit rules (PokerKit's) allow a call only",
    )
