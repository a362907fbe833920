"""WPN (ACR) histories converted: PokerStars' layout in WPN's words (what
every site promises is checked in ``test_every_site``).

The sample ``samples/wpn/cash-and-tournament.txt`` is typed by hand in the
clients' exact layout (no real export under a licence that allows
committing it was found): a cash hand where a returning player posts dead
and the pot's rake stands on the street's ``Main pot`` line, and a
tournament hand whose first line is run into the last line of the hand
before it, as the clients now and then write it. The other typed samples
follow real exports gathered for #27 (kept outside the repository): a
2020-21 tournament writing the blinds after the hole cards, a 2019 cash hand
with a player waiting for the big blind, a 2019 stud hand; one real ACR stud
hi/lo hand under the MIT licence is committed (``samples/SOURCES``).
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "wpn"


def test_a_cash_hand_with_a_dead_blind_and_its_rake() -> None:
    cash, _ = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(cash)
    assert (fields["venue"], fields["currency"], fields["table"]) == ("WPN", "USD", "Fort Lupton")
    assert fields["players"] == ["Monty P", "Zoë", "RiverRat", "Grünfeld"]  # kat 42 sits out
    # `posts dead $0.07`: the big blind live (out of the blinds' seats), the small blind dead
    assert fields["antes"] == [0, 0, Decimal("0.02"), 0]
    assert fields["blinds_or_straddles"] == [Decimal("0.02"), Decimal("0.05"), Decimal("-0.05"), 0]
    assert fields["winnings"] == [0, 0, Decimal("0.42"), 0] and fields["_rake"] == Decimal("0.02")


def test_a_tournament_hand_run_into_the_line_before_it() -> None:
    _, tournament = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(tournament)
    assert tournament.hand.first_line == 31
    assert (fields["event"], fields["level"], fields["table"]) == ("WPN tournament #27099516", 10, "99")
    assert fields["antes"] == [900, 900, 900] and fields["winnings"] == [231506, 0, 0]


def test_a_hand_won_with_no_collected_line_takes_the_summary_s_win() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("RiverRat collected $0.42 from main pot\n", "\n")
    cash = convert_text(text).converted[0]
    assert cash.problems == [] and samples.fields(cash)["winnings"] == [0, 0, Decimal("0.42"), 0]


def test_a_hand_won_only_in_the_summary_keeps_its_rake() -> None:
    """WPN writes no ``collected`` line for a pot nobody contested at the
    showdown (``RiverRat does not show``, then only the summary's ``did not
    show and won $0.42``; 4 real hands of 2022-23). Before: the rake was
    dropped with the summary's pot line, so the hand kept no ``_rake`` and
    what the winner collected was never held to it."""
    text = samples.text(SITE, "cash-and-tournament.txt").replace("RiverRat collected $0.42 from main pot\n", "")
    cash = convert_text(text).converted[0]
    fields = samples.fields(cash)
    assert cash.problems == [] and fields["winnings"] == [0, 0, Decimal("0.42"), 0]
    assert fields["_rake"] == Decimal("0.02")
    short = convert_text(text.replace("did not show and won $0.42", "did not show and won $0.40")).converted[0]
    assert short.problems == ["the players who collected are 0.04 short of the replay's pots, but the rake is 0.02"]


def test_a_game_phh_has_no_variant_for_is_named() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Holdem(No Limit) - $", "Omaha H/L(No Limit) - $")
    failed = convert_text(text).failed[0]
    assert failed.line == 1 and failed.reason.startswith("PHH has no variant for Omaha Hi/Lo No Limit")


def test_a_line_that_is_not_understood_is_named_in_the_hand() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("Grünfeld folds", "Grünfeld fodls")
    failed = convert_text(text).failed[0]
    assert failed.line == 14 and "fodls" in failed.reason


def test_a_tournament_s_blinds_written_after_the_hole_cards_are_its_blinds() -> None:
    """WPN's 2020-21 tournaments write the blinds after ``*** HOLE CARDS ***``
    and its ``Main pot``/``Side pot(1)`` lines: still the hand's blinds."""
    side_pot, _ = samples.converted(SITE, "tournament-blinds-after-cards.txt")
    fields = samples.fields(side_pot)
    assert side_pot.problems == []
    assert fields["players"] == ["Cy", "Ed.Rocks", "Di", "Ana Belle", "Bo_77"]
    assert fields["blinds_or_straddles"] == [2500, 5000, 0, 0, 0]
    assert fields["antes"] == [500, 500, 500, 500, 500]
    assert fields["winnings"] == [0, 0, 13400, 0, 4400]


def test_the_button_posting_the_small_blind_acts_as_the_small_blind() -> None:
    _, dead_button = samples.converted(SITE, "tournament-blinds-after-cards.txt")
    fields = samples.fields(dead_button)
    assert dead_button.problems == []
    assert fields["players"] == ["Gus", "Bo_77", "Hal", "Ana Belle", "Fay"]
    assert fields["blinds_or_straddles"] == [1000, 2000, 0, 0, 0]
    assert fields["winnings"] == [0, 0, 10000, 0, 0]


def test_a_player_waiting_for_the_big_blind_is_not_dealt_in_and_a_new_player_s_post_is_live() -> None:
    (cash,) = samples.converted(SITE, "cash-2019-waits-and-posts.txt")
    fields = samples.fields(cash)
    assert cash.problems == []
    assert fields["players"] == ["Quin", "Ray", "Mo", "Lou Lou", "Pia"]  # Sol waits for the big blind
    assert fields["blinds_or_straddles"] == [Decimal("0.01"), Decimal("0.02"), 0, Decimal("-0.02"), 0]
    assert fields["winnings"] == [Decimal("0.20"), 0, 0, 0, 0]


def test_seven_card_stud_converts() -> None:
    (stud,) = samples.converted(SITE, "stud.txt")
    fields = samples.fields(stud)
    assert stud.problems == []
    assert (fields["variant"], fields["table"], fields["bring_in"]) == ("F7S", "Gorham", Decimal("0.02"))
    assert fields["players"] == ["Zoë", "Tam", "Uma K", "Vic", "Wes"]
    assert fields["winnings"] == [0, 0, 0, Decimal("0.36"), 0]


def test_stud_hi_lo_is_read_as_stud_hi_lo() -> None:
    text = samples.text(SITE, "stud.txt").replace("7Stud(Fixed Limit)", "7Stud H/L(Fixed Limit)")
    conversion = convert_text(text)
    assert conversion.failed == [] and samples.fields(conversion.converted[0])["variant"] == "F7S/8"


def test_a_player_who_sits_out_before_the_cards_is_not_dealt_in() -> None:
    text = samples.text(SITE, "cash-2019-waits-and-posts.txt").replace("Sol waits for big blind", "Sol sits out")
    (cash,) = convert_text(text).converted
    assert cash.problems == [] and "Sol" not in samples.fields(cash)["players"]  # type: ignore[operator]


def test_a_capped_table_s_stacks_are_the_cap_its_caps_line_reaches() -> None:
    """A capped table (``Miramar (Cap)``) writes no cap: ``caps $0.55`` puts the
    player's chips in the hand at it, so every stack counts up to that cap."""
    text = """Hand #151588000 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC
Miramar (Cap) 9-max Seat #1 is the button
Seat 2: Ann ($0.90)
Seat 3: Ben ($1.40)
Seat 9: Cat ($2.66)
Ann posts the small blind $0.01
Ben posts the big blind $0.02
*** HOLE CARDS ***
Cat raises $0.05 to $0.05
Ann calls $0.04
Ben calls $0.03
*** FLOP *** [Qh 5c 4d]
Main pot $0.15 | Rake $0.00
Ann checks
Ben bets $0.11
Cat caps $0.55
Ann folds
Ben calls $0.44
*** TURN *** [Qh 5c 4d] [As]
Main pot $1.19 | Rake $0.06
*** RIVER *** [Qh 5c 4d As] [6c]
Main pot $1.19 | Rake $0.06
*** SHOW DOWN ***
Main pot $1.19 | Rake $0.06
Ben shows [9c Qd] (a pair of Queens [Qh Qd As 9c 6c])
Cat shows [7d 6d] (a pair of Sixs [6d 6c As Qh 7d])
Ben collected $1.19 from main pot
*** SUMMARY ***
Total pot $1.19 | Rake $0.04 | JP Fee $0.02
Board [Qh 5c 4d As 6c]
Seat 2: Ann (small blind) folded on the Flop
Seat 3: Ben (big blind) showed [9c Qd] and won $1.19 with a pair of Queens [Qh Qd As 9c 6c]
Seat 9: Cat showed [7d 6d] and lost with a pair of Sixs [6d 6c As Qh 7d]
"""
    (capped,) = convert_text(text).converted
    fields = samples.fields(capped)
    assert capped.problems == [] and fields["starting_stacks"] == [Decimal("0.60")] * 3
    assert "p3 cbr 0.55" in samples.actions(capped)  # `caps $0.55`: a raise to the cap
    assert fields["winnings"] == [0, Decimal("1.19"), 0]


def test_a_real_acr_stud_hi_lo_hand_splits_its_pots() -> None:
    """A real ACR export (2023, an MIT-licensed parser's fixture, listed in
    ``samples/SOURCES``): eight players, a side pot, the high and the low
    hand splitting both pots."""
    (stud,) = samples.converted(SITE, "poker-apprentice-acr-stud-hilo.txt")
    fields = samples.fields(stud)
    assert stud.problems == [] and (fields["variant"], fields["table"]) == ("F7S/8", "Crainville")
    assert fields["winnings"] == [Decimal("4.48"), 0, 0, 0, 0, 0, Decimal("4.48"), 0]
    assert fields["_rake"] == Decimal("0.10")  # the rake and the jackpot's fee
