"""ACPC match logs converted: each actor named by the dealer's rules, and
the replay held to the log's results (what every site promises, every hand
line answered and good hands replaying clean, is checked for all of them in
``test_every_site``).

The samples under ``samples/acpc/`` are written as the ACPC dealer writes
its logs (the ``# name/game/hands/seed`` header, one ``STATE:`` line per
hand with the players rotating, the final ``SCORE:`` line), as DeepStack's
logs add a time stamp, and as PokerKit reads them with the players first:
heads-up no-limit with an uncalled bet, an all-in run out and a split
pot; heads-up and three-player limit; six-player Pluribus-style hands;
Unicode names; and one line with a typo among good ones.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.to_phh import Converted

SITE = "acpc"


def _failure(text: str) -> Failed:
    (failed,) = convert_text(text, SITE).failed
    return failed


def test_heads_up_no_limit_an_uncalled_bet_and_whole_hand_raise_amounts() -> None:
    hand = samples.converted(SITE, "heads-up-no-limit.log")[0]
    fields = samples.fields(hand)
    assert fields["players"] == ["Zoë", "quasar_bot"]  # the big blind first, the button last
    assert fields["seats"] == [1, 2]
    assert fields["starting_stacks"] == [20000, 20000]
    assert fields["blinds_or_straddles"] == [50, 100]  # PokerKit's heads-up order: p1 posts the big blind
    assert fields["antes"] == [0, 0]
    assert fields["min_bet"] == 100
    assert fields["hand"] == 0
    assert fields["venue"] == "ACPC"
    # r900 and r1800 are chips in the whole hand: a 600 bet on the flop, a 900 bet on the river
    assert fields["actions"] == [
        "d dh p1 9s8h",
        "d dh p2 Tc6c",
        "p2 cbr 300",
        "p1 cc",
        "d db 7d5h2s",
        "p1 cc",
        "p2 cbr 600",
        "p1 cc",
        "d db Jc",
        "p1 cc",
        "p2 cc",
        "d db 6d",
        "p1 cbr 900",
        "p2 f",
    ]
    assert fields["winnings"] == [1800, 0]  # the pot; the uncalled 900 came back
    assert fields["_rake"] == 0
    returned = [event for event in hand.hand.events if event.kind == "returned"]
    assert [(event.name, event.amount) for event in returned] == [("Zoë", Decimal(900))]


def test_an_all_in_run_out_shows_before_the_board_and_a_split_pot() -> None:
    hands = samples.converted(SITE, "heads-up-no-limit.log")
    all_in = samples.fields(hands[2])
    assert all_in["actions"] == [
        "d dh p1 QsQc",
        "d dh p2 AhKd",
        "p2 cbr 250",
        "p1 cbr 20000",
        "p2 cc",
        "p1 sm QsQc",
        "p2 sm AhKd",
        "d db 2c7d9h",
        "d db Kc",
        "d db 3s",
    ]
    assert all_in["winnings"] == [0, 40000]
    chopped = samples.fields(hands[3])
    assert chopped["players"] == ["quasar_bot", "Zoë"]  # the players rotate from hand to hand
    assert chopped["winnings"] == [100, 100]
    assert samples.actions(hands[3])[-2:] == ["p1 sm 8c3d", "p2 sm 9h2c"]


def test_heads_up_limit_uses_the_reverse_blinds_game() -> None:
    capped, folded, _, _ = samples.converted(SITE, "heads-up-limit.log")
    fields = samples.fields(capped)
    assert fields["variant"] == "FT"
    assert (fields["small_bet"], fields["big_bet"]) == (10, 20)
    assert fields["blinds_or_straddles"] == [5, 10]
    assert fields["starting_stacks"] == [2**31 - 1, 2**31 - 1]  # a limit game has no stack: the dealer's "unlimited"
    assert fields["players"] == ["Ærøskøbing", "limitless"]
    actions = fields["actions"]
    assert isinstance(actions, list)
    assert actions[2:6] == ["p2 cbr 20", "p1 cbr 30", "p2 cbr 40", "p1 cc"]  # three raises: the cap before the flop
    assert actions[7:12] == ["p1 cbr 10", "p2 cbr 20", "p1 cbr 30", "p2 cbr 40", "p1 cc"]
    assert fields["winnings"] == [0, 200]
    # the small blind folds: the big blind takes back its 5 and wins 5
    assert samples.fields(folded)["winnings"] == [10, 0]


def test_three_player_limit_order_and_results() -> None:
    first, _, third = samples.converted(SITE, "three-player-limit.log")
    fields = samples.fields(first)
    assert fields["players"] == ["Grünfeld", "李雷", "bot-c"]  # small blind, big blind, button
    assert fields["blinds_or_straddles"] == [5, 10, 0]
    assert samples.actions(first)[3:6] == ["p3 cbr 20", "p1 cc", "p2 cc"]
    assert fields["winnings"] == [0, 190, 0]
    assert samples.fields(third)["players"] == ["bot-c", "Grünfeld", "李雷"]
    assert samples.fields(third)["winnings"] == [0, 90, 0]


def test_six_player_pluribus_hands_without_a_header() -> None:
    hands = samples.converted(SITE, "pluribus-six-max.log")
    fields = samples.fields(hands[1])
    assert fields["starting_stacks"] == [10000] * 6
    assert fields["blinds_or_straddles"] == [50, 100, 0, 0, 0, 0]
    assert fields["players"] == ["Basil", "Pluto", "Otto", "Wren", "Noor", "Iris"]
    actions = fields["actions"]
    assert isinstance(actions, list)
    assert actions[6:14] == ["p3 f", "p4 cbr 250", "p5 f", "p6 cbr 700", "p1 cbr 10000", "p2 cc", "p4 f", "p6 cc"]
    assert actions[14:17] == ["p1 sm AhAc", "p2 sm Qh2s", "p6 sm AdKh"]
    assert fields["winnings"] == [30250, 0, 0, 0, 0, 0]
    river = samples.fields(hands[2])["actions"]
    assert isinstance(river, list)
    assert river[-3:] == ["p2 cc", "p6 cbr 900", "p2 f"]  # r1425: 525 in before the river, a 900 bet


def test_deepstack_time_stamps_and_pokerkits_players_first_lines() -> None:
    first = samples.fields(samples.converted(SITE, "deepstack-timestamps.log")[0])
    assert (first["year"], first["month"], first["day"]) == (2016, 11, 14)
    assert first["time"] == datetime.time(13, 26, 40)
    assert first["time_zone_abbreviation"] == "UTC"
    assert first["players"] == ["Ana", "李雷"]
    seven, eight = samples.converted(SITE, "pokerkit-order.log")
    assert samples.fields(seven)["hand"] == 7 and samples.fields(seven)["players"] == ["Ana", "Zoë"]
    assert samples.fields(eight)["winnings"] == [200, 0]  # the 200 no one called came back


def test_a_broken_hand_is_named_and_the_others_are_kept() -> None:
    hands, broken = samples.broken_hand(SITE, "match-with-a-typo.log")
    assert [type(hand) for hand in hands] == [Converted, Failed, Converted]
    assert (broken.hand_id, broken.first_line, broken.line) == ("1", 6, 6)
    assert "`q` is not an ACPC action (f, c or r), in `cr500q`" in broken.reason


def test_results_that_do_not_match_the_showdown_are_a_problem_not_a_silent_fix() -> None:
    line = "STATE:5:r300c/cc/r700c/cr1500c:KdQd|8s8d/Qh9c3c/2d/7s:-1500|1500:quasar_bot|Zoë\n"
    (hand,) = convert_text(line).converted
    assert hand.problems == [
        "p1 (quasar_bot) ends the replay with 21,500; the history implies 18,500",
        "p2 (Zoë) ends the replay with 18,500; the history implies 21,500",
    ]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("STATE:0:cr300c:AhKh|2c2d:0|0:a|b", "the betting `cr300c` stops before the hand is over"),
        ("STATE:0:r300c/f:AhKh|2c2d/3c4c5c:100|-100:a|b", "a folds where checking costs nothing"),
        ("STATE:0:r150:AhKh|2c2d:0|0:a|b", "b raises to 150 chips in the hand, less than the minimum raise to 200"),
        ("STATE:0:rc/cc:AhKh|2c2d/2c3c4c:0|0:a|b", "2c is dealt twice"),
        ("STATE:0:r300f:AhKh|2c2d:100|-90:a|b", "do not add up to zero"),
        ("STATE:0:r300fff:AhKh|2c2d|3c3d|4c4d:150|-50|-100|0:a|b|c|d", "no standard 4-player no-limit hold'em game"),
        ("STATE:0:ccc:AhKh|2c2d|3c3d:0|0|0:a|b|c", "no hand of this log raises, so it does not say whether"),
        ("STATE:0:r300c/cc:AhKh|2c2d/3c4c:0|0:a|b", "`3c4c` is not 3 cards for the flop board"),
        (
            "STATE:0:r300c/cc/cc/cc:AhKh|2c2d:0|0:a|b",
            "the betting reaches the flop, but the cards have no board for it",
        ),
        ("STATE:0:r300rr:AhKh|2c2d:0|0:a|b", "the hand has raises with an amount and raises without one"),
        ("STATE:zero:f:AhKh|2c2d:0|0:a|b", "`zero` is not a hand number"),
        ("STATE:0:f:AhKh|2c2d:-50|50:a|a", "a player is named twice"),
        ("STATE:0:f:AhKh|2c2d:50|-50", "does not have its five fields"),
        ("STATE:0:r300f:AhKh|2c2d:-160|160:a|b", "the results have a lose 160, more than the 100 they put in"),
    ],
)
def test_a_line_the_dealer_could_not_have_written_is_refused_with_why(line: str, reason: str) -> None:
    failed = _failure(line + "\n")
    assert reason in failed.reason
    assert failed.line == 1 and "a bug" not in failed.reason


def test_the_game_comes_from_the_dealers_header() -> None:
    limit = "# name/game/hands/seed m holdem.limit.2p.reverse_blinds.game 2 1\n"
    capped = limit + "STATE:0:rrrrc/cc/cc/cc:AhKh|2c2d/3c4c5c/6c/7c:0|0:a|b\n"
    assert "a raises after the pre-flop raises are capped at 3" in _failure(capped).reason
    unknown = "# name/game/hands/seed m kuhn.limit.3p.game 1 1\nSTATE:0:ccc:Ks|Qs|Js:0|0|0:a|b|c\n"
    assert "the log's game `kuhn.limit.3p` is not one phh-lsp knows" in _failure(unknown).reason
    checked = "# name/game/hands/seed m holdem.nolimit.2p.reverse_blinds.game 1 1\nSTATE:0:cc/cc/cc/cc:"
    (hand,) = convert_text(checked + "AhKh|2c2d/Kd8s3d/7c/4h:100|-100:a|b\n").converted  # no raise: still no-limit
    assert hand.problems == [] and samples.fields(hand)["starting_stacks"] == [20000, 20000]


def test_a_split_pots_fractional_chip_is_refused() -> None:
    header = "# name/game/hands/seed m holdem.limit.3p.game 1 1\n"
    line = "STATE:0:rfc/cc/cc/cc:2c2d|AhKh|AdKd/3c4c9s/Ts/8h:-5|2.5|2.5:a|b|c\n"  # the dealer's own split
    failed = _failure(header + line)
    assert "share a split pot's odd chip in fractions" in failed.reason and failed.line == 2


def test_repeated_hand_numbers_get_their_line() -> None:
    line = "STATE:3:r300f:AhKh|2c2d:-100|100:a|b\n"
    ids = [hand.hand.hand_id for hand in convert_text(line + line).converted]
    assert ids == ["3 (line 1)", "3 (line 2)"]


def test_a_six_player_log_under_the_dealers_header() -> None:
    """The dealer heads a six-player match `holdem.nolimit.6p.game`: the Pluribus game."""
    text = samples.text(SITE, "pluribus-six-max.log")
    header = "# name/game/hands/seed six.match holdem.nolimit.6p.game 3 7\n"
    with_header = convert_text(header + text)
    assert with_header.failed == []
    assert [hand.text for hand in with_header.converted] == [hand.text for hand in convert_text(text).converted]


def test_another_file_read_as_acpc_holds_no_hand() -> None:
    assert convert_text("my notes\nabout last night\n", SITE).hands == []
