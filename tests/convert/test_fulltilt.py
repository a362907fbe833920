"""Full Tilt Poker histories converted: the site's facts kept (what every
site promises, every hand answered and good hands replaying clean, is
checked for all of them in ``test_every_site``).

The samples under ``samples/fulltilt/`` are written as Full Tilt Poker wrote
its files, in both header layouts (``$1/$2 - No Limit Hold'em`` until 2012,
``NL Hold'em - $0.25/$0.50`` after): uncalled bets returned, the rake, an
all-in with side pots, a dead small blind and a live post out of position,
players sitting out, mucks, chat, antes and tournament chips with thousands
separators, a walk whose small blind's fold and uncalled bet Full Tilt did
not write, limit hold'em, pot-limit Omaha with a cap, limit Omaha hi/lo,
Unicode names, one hand with a typo among good ones, and hands of games
this converter refuses.
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.to_phh import Converted

SITE = "fulltilt"


def test_an_uncalled_bet_the_rake_a_player_sitting_out_and_a_muck() -> None:
    uncalled, showdown = samples.converted(SITE, "cash-uncalled-and-rake.txt")
    fields = samples.fields(uncalled)
    assert fields["players"] == ["kat_42", "Zoë", "River Rat", "Grünfeld"]  # Monty P, sitting out, is not dealt in
    assert fields["seats"] == [2, 3, 5, 1]
    assert fields["starting_stacks"] == [50, Decimal("38.75"), Decimal("61.1"), Decimal("52.4")]
    assert fields["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.5"), 0, 0]
    assert fields["winnings"] == [0, Decimal("12.15"), 0, 0]
    assert fields["_rake"] == Decimal("0.6")
    assert (fields["table"], fields["seat_count"], fields["currency"]) == ("Aurora", 6, "USD")
    assert samples.actions(uncalled)[-3:] == ["d db Qs7c2h", "p2 cbr 7", "p4 f"]
    fields = samples.fields(showdown)
    assert fields["players"] == ["Zoë", "River Rat", "Monty P", "Grünfeld", "kat_42"]
    assert samples.actions(showdown)[-2:] == ["p1 sm 9s9d", "p5 sm"]  # kat_42 mucks
    assert "d dh p5 KdQh" in samples.actions(showdown)  # the summary's "mucked [Kd Qh]"


def test_side_pots_a_dead_small_blind_and_a_live_post_out_of_position() -> None:
    (hand,) = samples.converted(SITE, "side-pots-and-dead-blind.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["kat_42", "李雷", "River Rat", "Ana-Maria", "Grünfeld"]
    assert fields["antes"] == [0, 0, 0, 1, 0]  # Ana-Maria's dead small blind
    assert fields["blinds_or_straddles"] == [1, 2, 0, -2, 0]  # and her live $2
    assert fields["winnings"] == [59, 0, 105, 0, 0]  # the side pot and the main pot
    assert fields["_rake"] == 3
    assert "seat_count" not in fields and fields["time_zone_abbreviation"] == "ET"
    # all in before the flop: the hands are shown before the board, in PokerKit's order
    assert samples.actions(hand)[-6:] == ["p1 sm AhKh", "p3 sm QsQc", "p4 sm JcJd", "d db Qh8d3c", "d db Kd", "d db Ks"]


def test_tournament_antes_thousands_and_a_walk_whose_lines_full_tilt_left_out() -> None:
    allin, walk = samples.converted(SITE, "tournament.txt")
    fields = samples.fields(allin)
    assert fields["players"] == ["bob", "李雷", "Ana-Maria", "x_Wing"]  # bob sits out but posts: dealt in
    assert fields["antes"] == [2000, 2000, 2000, 2000]
    assert fields["blinds_or_straddles"] == [10000, 20000, 0, 0]  # the header's 10K/20K
    assert fields["starting_stacks"] == [96500, 1205250, 310000, 412000]
    assert fields["winnings"] == [0, 634000, 0, 0]
    assert fields["event"] == "Full Tilt Poker tournament #248812345"
    assert "currency" not in fields
    # The walk: no fold line for 李雷's small blind, no "Uncalled bet" line for
    # the big blind: the summary's fold is played, the uncalled 10,000 comes back.
    assert walk.problems == []
    assert samples.actions(walk)[-2:] == ["p3 f", "p1 f"]
    assert samples.fields(walk)["winnings"] == [0, 26000, 0]


def test_limit_hold_em_a_capped_pot_limit_omaha_and_limit_omaha_hi_lo() -> None:
    limit, capped, hi_lo = samples.converted(SITE, "limit-and-omaha.txt")
    fields = samples.fields(limit)
    assert fields["variant"] == "FT"
    assert (fields["small_bet"], fields["big_bet"]) == (1, 2)  # the header's $1/$2 are the bets
    assert fields["blinds_or_straddles"] == [Decimal("0.5"), 1, 0, 0]
    fields = samples.fields(capped)
    assert fields["variant"] == "PO"
    assert fields["starting_stacks"] == [40, 40, 40, 40]  # the $40 cap is the most anyone can put in
    assert fields["winnings"] == [0, 0, Decimal("78.5"), 0]
    fields = samples.fields(hi_lo)
    assert fields["variant"] == "FO/8"
    assert fields["winnings"] == [0, Decimal("19.5"), Decimal("19.5")]  # the high pot and the low pot
    assert fields["time_zone_abbreviation"] == "CET"


def test_a_broken_hand_is_named_and_the_others_are_kept() -> None:
    hands, broken = samples.broken_hand(SITE, "cash-with-a-typo.txt")
    assert [type(hand) for hand in hands] == [Converted, Failed, Converted]
    assert (broken.hand_id, broken.first_line, broken.line) == ("33012345702", 26, 39)
    assert broken.reason == "`cals $0.20` is not a Full Tilt Poker action (in `kat_42 cals $0.20`)"
    last = hands[-1]
    assert isinstance(last, Converted) and samples.fields(last)["winnings"] == [Decimal("8.84"), 0, 0, 0]


def test_other_games_and_run_it_twice_are_refused_with_their_reason() -> None:
    stud, twice = convert_text(samples.text(SITE, "refused-games.txt")).hands
    assert isinstance(stud, Failed) and (stud.hand_id, stud.line) == ("29704400011", 1)
    assert stud.reason.startswith("PHH has no variant for Limit 5 Card Stud (Full Tilt Poker hands of no-limit hold'em")
    assert isinstance(twice, Failed) and (twice.hand_id, twice.first_line, twice.line) == ("35456700006", 27, 37)
    assert twice.reason == "PHH has no notation for run it twice (`Players agree to Run It Twice`)"


def test_a_history_that_does_not_add_up_is_a_problem_not_a_silent_fix() -> None:
    text = samples.text(SITE, "cash-uncalled-and-rake.txt")
    (hand, _) = convert_text(text.replace("Zoë wins the pot ($12.15)", "Zoë wins the pot ($10.15)")).converted
    assert hand.problems == ["the players who collected are 2.60 short of the replay's pots, but the rake is 0.60"]


def test_stud_and_draw_hands_convert_with_their_bring_in_up_cards_and_draws() -> None:
    stud, draw = samples.converted(SITE, "stud-and-draw.txt")
    assert [stud.problems, draw.problems] == [[], []]
    fields = samples.fields(stud)
    assert (fields["variant"], fields["bring_in"], fields["small_bet"]) == ("F7S", Decimal("0.75"), Decimal("2.50"))
    assert fields["players"] == ["Tina", "Gus", "Hero"]
    # Full Tilt shows the hero's third street as two cards down and one up
    dealt = ["d dh p1 ????5s", "d dh p2 ????Qs", "d dh p3 7dKh6d"]
    assert samples.actions(stud)[:6] == [*dealt, "p1 pb", "p2 cbr 2.50", "p3 cc"]
    assert "d dh p3 9c" in samples.actions(stud)
    fields = samples.fields(draw)
    assert fields["variant"] == "F2L3D" and fields["winnings"] == [0, Decimal("1.20"), 0]
    actions = samples.actions(draw)
    assert actions[actions.index("p2 sd 9dKd") : actions.index("p2 sd 9dKd") + 4] == [
        "p2 sd 9dKd",
        "p3 sd ??",
        "d dh p2 3d8c",
        "d dh p3 ??",
    ]
    assert actions[-2:] == ["p2 sm 2c4s7h3d8c", "p3 sm 6s5h4d3c9h"]


def test_a_hero_standing_pat_on_named_cards_and_a_single_draw_street_are_read() -> None:
    text = samples.text(SITE, "stud-and-draw.txt").split("\n\n\n\n")[1]
    pat = "Hero stands pat\nJan discards 1 card"
    text = text.replace(pat, pat.replace("pat", "pat on [2c 4s 7h 3d 8c]"))
    text = text.replace("*** THIRD DRAW *** (Pot: $1.05)", "*** DRAW *** (Pot: $1.05)")
    (hand,) = convert_text(text).converted
    assert hand.problems == [] and samples.actions(hand).count("p2 sd") == 2


def test_a_third_street_with_the_pot_noted_and_no_low_hand_qualified() -> None:
    """Full Tilt notes the pot on a stud street's line, the first one too
    (``*** 3RD STREET *** (Total Pot: 1.20, 3 Players)``), and says when no
    low hand qualified. Before: "a street this converter does not know (run
    twice?)" and "`No low hand qualified` is not a line this converter understands"."""
    stud = samples.text(SITE, "stud-and-draw.txt").split("\n\n\n")[0]
    for old, new in (
        ("*** 3RD STREET ***", "*** 3RD STREET *** (Total Pot: 1.20, 3 Players)"),
        ("*** SUMMARY ***", "No low hand qualified\n*** SUMMARY ***"),
    ):
        conversion = convert_text(stud.replace(old, new, 1))
        assert not conversion.failed, new
        assert conversion.converted[0].problems == [], new
        assert samples.actions(conversion.converted[0])[:4] == [
            "d dh p1 ????5s",
            "d dh p2 ????Qs",
            "d dh p3 7dKh6d",
            "p1 pb",
        ]


def test_a_stud_player_all_in_on_the_bring_in_shows_what_they_hold_then() -> None:
    """A razz player all in on the bring-in shows their three cards at once,
    and all seven at the end: PokerKit's showdown comes when the betting is
    over, with three cards held, and again once the last card is dealt. Before:
    "PokerKit refuses `p1 sm 2s9cQcKd5h9dAc` here: too many cards shown"."""
    (hand,) = samples.converted(SITE, "razz-all-in-on-the-bring-in.txt")
    assert hand.problems == []
    fields = samples.fields(hand)
    assert (fields["variant"], fields["bring_in"], fields["winnings"]) == ("FR", 10, [0, 60])
    actions = samples.actions(hand)
    assert actions[2:6] == ["p1 pb", "p2 cc", "p1 sm 2s9cQc", "p2 sm 4d8s3s"]
    assert actions[-4:] == ["d dh p1 Ac", "d dh p2 7h", "p1 sm 2s9cQcKd5h9dAc", "p2 sm 4d8s3sThJc4c7h"]


def test_the_big_bet_an_open_pair_allows_on_fourth_street_is_named() -> None:
    """Full Tilt lets a stud player bet the big bet on fourth street after
    an open pair (two of FPDB's Full Tilt stud hands), as PokerStars, Bovada
    and iPoker do; PHH's stud has no such rule. Before: "PokerKit refuses
    `p2 cbr 5` here: The amount 5 is above the maximum allowed 2.50"."""
    stud = samples.text(SITE, "stud-and-draw.txt").split("\n\n\n")[0]
    stud = stud.replace("Dealt to Gus [Qs] [2s]", "Dealt to Gus [Qs] [Qd]")
    stud = stud.replace("Gus bets $2.50\nHero calls $2.50", "Gus bets $5\nHero calls $5")
    (failed,) = convert_text(stud).failed
    assert (failed.line, failed.reason) == (
        20,
        "Gus bets the big bet on fourth street after an open pair: PHH's stud has no such rule",
    )
