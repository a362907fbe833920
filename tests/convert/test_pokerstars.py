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
