"""PartyPoker histories converted: the facts PartyPoker leaves unsaid
found (what every site promises, every hand answered and good hands
replaying clean, is checked for all of them in ``test_every_site``).

The samples under ``samples/partypoker/`` are written as PartyPoker writes
its files, in both its layouts: the classic one (amounts in brackets, the
chips a raise adds, uncalled bets counted in what the bettor wins, no rake,
tournament blinds often not posted) and the later one (``raises 0.85 to
0.85``, a summary with balances and the rake). They cover an uncalled bet
and rake, an all-in with side pots, a showdown and a muck, a dead blind, a
player sitting out and one with an empty stack, antes and tournament chips
with thousands separators, limit hold'em, pot-limit Omaha, limit Omaha
hi/lo with a split pot, Unicode names, and one hand with a typo among good
ones.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.to_phh import Converted

SITE = "partypoker"


def test_an_uncalled_bet_is_taken_out_of_the_win_and_the_rake_found() -> None:
    turn_bet, steal = samples.converted(SITE, "cash-uncalled-and-rake.txt")
    fields = samples.fields(turn_bet)
    assert fields["players"] == ["kat42", "Zoë", "李雷", "river_rat", "MontyP"]  # after the button round to it
    assert fields["seats"] == [6, 1, 2, 3, 4]
    assert fields["starting_stacks"] == [Decimal("23.1"), Decimal("52.4"), 48, Decimal("1050.25"), 50]
    assert fields["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.5"), 0, 0, 0]
    assert fields["min_bet"] == Decimal("0.5")
    # wins $17.75 with $7.50 of it the uncalled turn bet: 10.25 won, 0.50 rake
    assert fields["winnings"] == [0, 0, Decimal("10.25"), 0, 0]
    assert fields["_rake"] == Decimal("0.5")
    assert (fields["currency"], fields["currency_symbol"], fields["table"]) == ("USD", "$", "Lugano")
    assert samples.actions(turn_bet)[5:8] == ["p3 cbr 1.50", "p4 f", "p5 cc"]  # `raises [$1.50 USD]` adds 1.50
    assert samples.actions(turn_bet)[-2:] == ["p3 cbr 7.50", "p5 f"]
    fields = samples.fields(steal)
    assert fields["winnings"] == [0, 0, Decimal("1.25"), 0, 0]  # the blinds; the raise came back
    assert fields["_rake"] == 0


def test_side_pots_a_dead_blind_a_muck_and_players_not_dealt_in() -> None:
    (hand,) = samples.converted(SITE, "side-pots-and-dead-blind.txt")
    fields = samples.fields(hand)
    assert fields["players"] == ["kat42", "river_rat", "Zoë", "Grünfeld"]  # Monty P sits out, Ana-Maria has $0
    assert fields["seats"] == [2, 3, 4, 1]
    assert fields["antes"] == [0, 0, Decimal("0.1"), 0]  # the dead part of `big blind + dead`
    assert fields["blinds_or_straddles"] == [Decimal("0.1"), Decimal("0.25"), Decimal("-0.25"), 0]
    assert fields["winnings"] == [Decimal("24.85"), 0, 0, Decimal("32.55")]
    assert fields["_rake"] == Decimal("1.25")
    # `is all-In [$8.40 USD]` is a raise (to 8.50); Grünfeld's call of all of Zoë's raise
    assert samples.actions(hand)[6:10] == ["p1 cbr 8.50", "p2 f", "p3 cbr 24.90", "p4 cc"]
    # all in before the flop: the hands shown before the board, Zoë's `doesn't show` a muck
    assert samples.actions(hand)[10:] == [
        "p3 sm",
        "p4 sm KcKs",
        "p1 sm AhAd",
        "d db 2d5cJh",
        "d db Qc",
        "d db 3s",
    ]
    assert "d dh p3 8h8d" in samples.actions(hand)


def test_tournament_blinds_the_level_does_not_post_antes_and_thousands() -> None:
    unposted, posted = samples.converted(SITE, "tournament.txt")
    fields = samples.fields(unposted)
    assert fields["players"] == ["bob", "x_Wolf", "李雷", "Ana-Maria"]
    assert fields["antes"] == [75, 75, 75, 75]
    assert fields["blinds_or_straddles"] == [300, 600, 0, 0]  # from `Blinds-Antes(300/600 -75)`
    assert fields["starting_stacks"] == [3125, 12450, 8210, 15000]
    assert fields["winnings"] == [0, 0, 7000, 0]
    assert (fields["event"], fields["level"], fields["_rake"]) == ("PartyPoker tournament #301234567", 9, 0)
    assert "currency" not in fields
    # bob's all-in adds 2,750 to his 300
    assert samples.actions(unposted)[4:7] == ["p3 cbr 1500", "p4 f", "p1 cbr 3050"]
    fields = samples.fields(posted)
    assert fields["players"] == ["李雷", "Ana-Maria", "x_Wolf"]
    assert fields["winnings"] == [0, 0, 3165]  # 4,265 less the uncalled 1,100


def test_limit_hold_em_pot_limit_omaha_and_limit_omaha_hi_lo() -> None:
    limit, omaha, hi_lo = samples.converted(SITE, "limit-and-omaha.txt")
    fields = samples.fields(limit)
    assert (fields["variant"], fields["small_bet"], fields["big_bet"]) == ("FT", 2, 4)
    assert samples.actions(limit)[3:7] == ["p3 cbr 4", "p1 cbr 6", "p2 f", "p3 cc"]
    assert samples.actions(limit)[-2:] == ["p1 sm AdKc", "p3 sm"]  # `doesn't show [ Ac, Qd ]` mucks
    assert samples.fields(limit)["winnings"] == [41, 0, 0]
    fields = samples.fields(omaha)
    assert (fields["variant"], fields["players"]) == ("PO", ["Zoë", "river_rat"])  # heads up: big blind first
    assert fields["blinds_or_straddles"] == [Decimal("0.5"), 1]
    assert "d dh p1 JsJdKc2s" in omaha.text
    fields = samples.fields(hi_lo)
    assert fields["variant"] == "FO/8"
    assert fields["winnings"] == [Decimal("8.5"), 0, Decimal("8.5")]  # the high half and `wins Lo ($8.50 USD)`


def test_the_later_layout_with_its_summary() -> None:
    cash, tournament = samples.converted(SITE, "later-layout.txt")
    fields = samples.fields(cash)
    assert fields["players"] == ["kat42", "river_rat", "李雷", "Zoë"]
    assert fields["hand"] == "1789000000001abcdefghij"
    assert fields["_rake"] == 2  # `Rake: $2.00`
    assert fields["winnings"] == [0, 0, Decimal("38.5"), 0]
    assert "d dh p2 TcAcAd4c" in cash.text  # the cards of the summary
    assert samples.actions(cash)[4:8] == ["p3 cbr 0.85", "p4 f", "p1 f", "p2 cbr 2.65"]  # `raises 2.40 to 2.65`
    fields = samples.fields(tournament)
    assert fields["players"] == ["李雷", "Ana-Maria"]
    assert fields["blinds_or_straddles"] == [150, 300]
    assert fields["winnings"] == [0, 1250]  # collected 1950, the uncalled 700 apart
    assert fields["event"] == "PartyPoker tournament #304152365"


def test_a_broken_hand_is_named_and_the_others_are_kept() -> None:
    hands, broken = samples.broken_hand(SITE, "cash-with-a-typo.txt")
    assert [type(hand) for hand in hands] == [Converted, Failed, Converted]
    assert (broken.hand_id, broken.first_line, broken.line) == ("24050000002", 27, 40)
    assert "`cals [$0.15 USD].` is not a PartyPoker action" in broken.reason


def test_a_history_that_does_not_add_up_is_a_problem_not_a_silent_fix() -> None:
    text = samples.text(SITE, "tournament.txt")
    (hand, _) = convert_text(text.replace("wins 7,000 chips", "wins 7,500 chips")).converted
    assert hand.problems == ["p3 (李雷) ends the replay with 12,085; the history implies 12,585"]
    text = samples.text(SITE, "limit-and-omaha.txt")
    (_, hand, _) = convert_text(text.replace("river_rat calls [$6 USD]", "river_rat calls [$5 USD]")).converted
    assert hand.problems == ["p2 (river_rat) ends the replay with 131.20; the history implies 132.20"]


def test_what_cannot_be_converted_is_refused_with_its_reason() -> None:
    text = samples.text(SITE, "limit-and-omaha.txt")
    (stud,) = convert_text(text.replace("$2/$4 USD Texas Hold'em", "$2/$4 USD 7 Card Stud")).failed
    assert (stud.line, stud.reason) == (
        2,
        "PartyPoker's 7 Card Stud histories do not show the other players' up cards, which decide who brings in"
        " and who acts first: PHH cannot replay the hand without them",
    )
    (hi_lo,) = convert_text(text.replace("$100 USD PL Omaha -", "$100 USD PL Omaha Hi-Lo -")).failed
    assert hi_lo.reason.startswith("PHH has no variant for Pot Limit Omaha Hi-Lo (PartyPoker's")
    text = samples.text(SITE, "cash-uncalled-and-rake.txt")
    joined = text.replace("river_rat folds", "Newbie folds", 1)  # no seat and no post: nowhere to seat them
    (unseated,) = convert_text(joined).failed
    assert unseated.line == 19 and "Newbie plays but has no seat in this hand" in unseated.reason
    text = samples.text(SITE, "limit-and-omaha.txt")
    hidden = text.replace("Zoë shows [ Ad, Kc ]a pair of Aces.\n", "").replace("Dealt to Zoë [  Ad Kc ]\n", "")
    (unshown,) = convert_text(hidden).failed
    assert "Zoë wins at the showdown but the history never shows their cards" in unshown.reason


@pytest.mark.parametrize(
    "notice",
    [
        "Your computer is running with high memory use. Please close other applications.",
        "Zoë is disconnected. We will wait for Zoë to reconnect for a maximum of 30 seconds.",
    ],
)
def test_the_clients_notices_say_nothing_about_the_chips(notice: str) -> None:
    text = samples.text(SITE, "cash-uncalled-and-rake.txt")
    with_notice = text.replace("** Dealing Flop **", notice + "\n** Dealing Flop **", 1)
    assert with_notice != text
    before = [hand.text for hand in convert_text(text).converted]
    assert [hand.text for hand in convert_text(with_notice).converted] == before


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("kat42 posts small blind [$0.25 USD].", "Zoë posts big blind [$0.50 USD]."),
        ("MontyP folds", "李雷 does not show cards."),  # the Mac client's "sitting out" glue, on a fold's line
    ],
)
def test_two_lines_the_mac_client_wrote_as_one(first: str, second: str) -> None:
    """PartyPoker's Mac client may write two lines as one, the second glued
    to the first's end (``is sitting outPlayer4 posts big blind [$0,25
    USD].``, ``… Aces and Queens.Player4 wins …``). Before: "`…` is not a
    PartyPoker action"."""
    text = samples.text(SITE, "cash-uncalled-and-rake.txt")
    glued = text.replace(f"{first}\n{second}\n", f"{first}{second}\n", 1)
    assert glued != text
    before = [hand.text for hand in convert_text(text).converted]
    conversion = convert_text(glued)
    assert not conversion.failed
    assert [hand.text for hand in conversion.converted] == before


def test_a_player_who_joins_during_the_hand_plays_with_an_unknown_stack() -> None:
    """A player who joins the table as the hand starts and posts a blind has
    no chips in the seat list (no seat at all, or an empty one): PHH's
    ``inf``, an unknown stack, and the seat the post puts them in (the
    first free seat after the player who posted before them). Before: "Newbie
    plays but has no seat in this hand (joined the table during it?)"."""
    showdown, new_post = samples.converted(SITE, "joined-during-the-hand.txt")
    assert showdown.problems == [] and new_post.problems == []
    fields = samples.fields(showdown)
    assert fields["players"] == ["kat42", "Newbie", "Zoë", "李雷", "river_rat"]
    assert fields["seats"] == [4, 5, 1, 2, 3]
    assert fields["starting_stacks"] == [Decimal("23.1"), Decimal("inf"), Decimal("52.4"), 48, 60]
    assert fields["winnings"] == [0, 9, 0, 0, 0]
    assert fields["_rake"] == Decimal("0.25")
    fields = samples.fields(new_post)
    assert fields["players"] == ["李雷", "river_rat", "kat42", "Ana", "Zoë"]
    assert fields["starting_stacks"] == [Decimal("43.5"), 60, Decimal("22.85"), Decimal("inf"), Decimal("52.4")]
    assert fields["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.5"), 0, Decimal("-0.5"), 0]
    text = samples.text(SITE, "joined-during-the-hand.txt")
    (miscounted, _) = convert_text(text.replace("Newbie calls [$3 USD]", "Newbie calls [$2 USD]")).converted
    assert miscounted.problems == [
        "p2 (Newbie) ends the replay 0.75 short of what the history implies (stack unknown)",
        "p4 (李雷) ends the replay with 43.50; the history implies 44.50",
    ]


def test_a_seat_dealt_in_between_the_button_and_the_small_blind_folds_last_before_the_flop() -> None:
    """PartyPoker may deal in a seat between the button and the small blind
    (the button stayed where a player left); it acts after the button
    before the flop. PHH lists the small blind first, which puts that seat
    last: the same order before the flop, and, once it has folded, after.
    Before: "MontyP acts, but it is 李雷's turn"."""
    (hand,) = samples.converted(SITE, "seat-between-button-and-blinds.txt")
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["players"] == ["river_rat", "kat42", "MontyP", "Zoë", "李雷"]
    assert fields["seats"] == [3, 4, 5, 1, 2]
    assert fields["blinds_or_straddles"] == [Decimal("0.05"), Decimal("0.1"), 0, 0, 0]
    assert samples.actions(hand)[5:9] == ["p3 cc", "p4 cbr 0.40", "p5 f", "p1 f"]
    text = samples.text(SITE, "seat-between-button-and-blinds.txt")
    stays = text.replace("李雷 folds.", "李雷 calls [$0.40 USD].").replace(
        "MontyP folds.", "MontyP folds.\n李雷 folds."
    )
    (refused,) = convert_text(stays).failed  # playing on, it acts first after the flop: PHH cannot order it
    assert refused.line == 16 and refused.reason == "MontyP acts, but it is 李雷's turn"


def test_a_check_facing_a_bet_is_a_post_the_history_leaves_out() -> None:
    """A player who checks facing a bet has put chips in that the history
    does not show (PartyPoker's silent "post both" of a returning player):
    how many is not known, so the hand is refused at that line. Before: the
    check was replayed as a call, and the hand came out with two "ends the
    replay with" problems."""
    text = samples.text(SITE, "cash-uncalled-and-rake.txt")
    (refused,) = convert_text(text.replace("MontyP calls [$1.50 USD]", "MontyP checks", 1)).failed
    assert refused.line == 20
    assert refused.reason == (
        "MontyP checks facing a bet of 1.50: the history leaves out chips they put in"
        " (a post it does not print), so how many is not known"
    )
