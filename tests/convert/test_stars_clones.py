"""The PokerStars-format clients' histories converted: PokerMaster, PokerBros,
SupremaPoker, MPLPoker and Run It Once Poker write PokerStars' layout under
their own first line, with their quirks (what every site promises is
checked in ``test_every_site``).

The samples in ``samples/stars-clones/`` are typed by hand in each client's
exact layout (the real exports found are under the AGPL, not committed):
PokerMaster's straddle written as a second big blind, MPLPoker's rupees
with thousands separators, Run It Once's ``Table ID '…' 6-Max`` and its
clock time with no seconds.
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "stars-clones"


def test_a_pokermaster_straddle_written_as_a_second_big_blind_is_a_straddle() -> None:
    (hand,) = samples.converted(SITE, "pokermaster-straddle.txt")
    fields = samples.fields(hand)
    assert fields["venue"] == "PokerMaster" and fields["hand"] == 190105120000001
    assert fields["antes"] == [1, 1, 1, 1] and fields["blinds_or_straddles"] == [1, 2, 4, 0]
    assert fields["players"] == ["青龙", "Ann Lee", "kite77", "mo"]
    assert fields["winnings"] == [0, 0, 245, 0]
    assert hand.problems == []


def test_mplpoker_rupees_with_thousands_separators_and_its_rake_apart_from_the_pot() -> None:
    """MPLPoker writes a rake (``| Rake ₹120``) and gives the winner the whole
    pot: the rake is taken apart from it. Before: a problem ("the players who
    collected are 0 short of the replay's pots, but the rake is 120")."""
    (hand,) = samples.converted(SITE, "mplpoker-rupees.txt")
    fields = samples.fields(hand)
    assert fields["venue"] == "MPLPoker" and fields["currency_symbol"] == "₹"
    assert fields["starting_stacks"] == [Decimal("12500.50"), 10000, 8240]
    assert fields["winnings"] == [0, 2450, 0] and "_rake" not in fields
    assert hand.problems == []


def test_run_it_once_table_id_and_a_time_with_no_seconds() -> None:
    (hand,) = samples.converted(SITE, "runitonce-cash.txt")
    fields = samples.fields(hand)
    assert fields["venue"] == "Run It Once Poker" and fields["variant"] == "PO"
    assert fields["table"] == "44480001" and fields["seat_count"] == 6
    assert (fields["time"].hour, fields["time"].minute) == (22, 23)  # type: ignore[attr-defined]
    assert "d dh p3 9d9c4s3h" in samples.actions(hand)
    assert hand.problems == []


def test_five_cards_dealt_under_omaha_pot_limit_are_named_as_five_card_omaha() -> None:
    """PokerMaster heads its 5-card Omaha ``Omaha Pot Limit``: the cards dealt tell it."""
    text = samples.text(SITE, "runitonce-cash.txt").replace("[Ah Kh 7c 6d]", "[Ah Kh 7c 6d 2h]")
    failed = convert_text(text).failed[0]
    assert failed.line == 1 and failed.reason.startswith("PHH has no variant for 5 Card Omaha Pot Limit")


def test_mplpoker_s_omaha_5_cards_is_named() -> None:
    text = samples.text(SITE, "mplpoker-rupees.txt").replace("Hold'em No Limit", "Omaha 5 Cards Pot Limit")
    failed = convert_text(text).failed[0]
    assert failed.line == 1 and failed.reason.startswith("PHH has no variant for 5 Card Omaha Pot Limit")


def test_splash_the_pot_is_named_with_its_line() -> None:
    """Run It Once adds money of its own to a pot (``STP added``): no PHH action says it."""
    splash = "*** HOLE CARDS ***\nSTP added: €0.50"
    text = samples.text(SITE, "runitonce-cash.txt").replace("*** HOLE CARDS ***", splash)
    failed = convert_text(text).failed[0]
    assert failed.line == 9 and failed.reason.startswith("PHH has no notation for money the site adds to the pot")


def test_each_client_is_named_by_its_first_line() -> None:
    text = samples.text(SITE, "mplpoker-rupees.txt")
    for client in ("PokerBros", "SupremaPoker", "PokerMaster"):
        hand = convert_text(text.replace("MPLPoker", client, 1)).converted[0]
        assert samples.fields(hand)["venue"] == client


def test_pokerstars_french_client_header_over_english_lines_is_read() -> None:
    """``Main PokerStars n°… :`` with the date day first and a no-break space
    before each colon after a name: before, "no hand history of a supported site"."""
    (hand,) = samples.converted(SITE, "pokerstars-french-client.txt")
    fields = samples.fields(hand)
    assert fields["venue"] == "PokerStars" and fields["hand"] == 261400000001
    assert (fields["year"], fields["month"], fields["day"]) == (2026, 7, 12)
    assert fields["players"] == ["bruno_77", "Chloé M", "Aurélie"] and fields["winnings"] == [0, 0, 1300]
    assert hand.problems == []


def test_pokerstars_french_client_in_french_is_named_not_read_yet() -> None:
    text = samples.text(SITE, "pokerstars-french-client.txt").replace("*** HOLE CARDS ***", "*** CARTES FERMÉES ***")
    failed = convert_text(text).failed[0]
    assert failed.line == 8 and failed.reason.startswith("PokerStars' French client is not read yet")


def test_run_it_once_counts_the_uncalled_bet_in_what_the_winner_collects() -> None:
    """A Run It Once walk writes no ``Uncalled bet`` and the big blind collects
    the whole pot (``collected €0.15``): before, a problem ("ends the replay with
    10.05; the history implies 10.10")."""
    text = samples.text(SITE, "runitonce-cash.txt")
    text = text.replace("Uncalled bet (€0.60) returned to Otto\nOtto collected €0.72", "Otto collected €1.32")
    hand = convert_text(text).converted[0]
    assert samples.fields(hand)["winnings"] == [0, Decimal("0.72"), 0] and hand.problems == []


def test_run_it_once_s_side_pot_with_its_number() -> None:
    """``collected €20.98 from side pot 1``: before, "not a line this converter understands"."""
    text = samples.text(SITE, "runitonce-cash.txt")
    text = text.replace(
        "Otto collected €0.72 from pot", "Otto collected €0.02 from side pot 1\nOtto collected €0.70 from pot"
    )
    hand = convert_text(text).converted[0]
    assert samples.fields(hand)["winnings"] == [0, Decimal("0.72"), 0] and hand.problems == []


RUN_IT_ONCE_ALL_IN = """\
Run It Once Poker Hand #44500002:  Hold'em No Limit (€0.02/€0.04) - 2019/02/08 15:19 UTC [2019/02/08 16:19 CET]
Table ID '30698001' 6-Max Seat #3 is the button
Seat 1: Ivo N (€4.69 in chips)
Seat 2: Kas (€7.16 in chips)
Seat 3: Lia T (€5 in chips)
Ivo N: posts small blind €0.02
Kas: posts big blind €0.04
*** HOLE CARDS ***
Dealt to Ivo N [Ah Ad]
Dealt to Kas [Kc Kd]
Dealt to Lia T [7c 2h]
Lia T: folds
Ivo N: calls €0.02
Kas: checks
*** FLOP *** [2c 7d 9s]
Ivo N: bets €0.19
Kas: raises €0.39 to €0.58
Ivo N: raises €0.54 to €1.12
Kas: calls €0.73
*** TURN *** [2c 7d 9s] [Jh]
Ivo N: bets €3.34 and is all-in
Kas: calls €3.34
*** RIVER *** [2c 7d 9s Jh] [3s]
Ivo N: checks
Kas: checks
*** SHOWDOWN ***
Ivo N shows [Ah Ad] for a pair of Aces [Ah Ad Jh 9s 7d]
Kas shows [Kc Kd] for a pair of Kings [Kc Kd Jh 9s 7d]
Ivo N collected €8.91 from pot
*** SUMMARY ***
Total pot €9.38 | Rake €0.47
Board [2c 7d 9s Jh 3s]
Seat 3: Lia T (button) folded before Flop
Seat 1: Ivo N (small blind) showed [Ah Ad] and won €8.91 with a pair of Aces
Seat 2: Kas (big blind) showed [Kc Kd] and lost with a pair of Kings
"""


def test_run_it_once_s_re_raise_to_and_checks_after_an_all_in() -> None:
    """Run It Once writes a re-raise's ``to`` as the chips it adds (``raises €0.54
    to €1.12`` after a bet of €0.19: to €1.31, which Kas calls with €0.73), and
    the checks of players all in (before: PokerKit's "There is no player to act")."""
    (hand,) = convert_text(RUN_IT_ONCE_ALL_IN).converted
    assert "p1 cbr 1.31" in samples.actions(hand)
    assert samples.actions(hand)[-4:] == ["p2 cc", "p1 sm AhAd", "p2 sm KcKd", "d db 3s"]  # no check on the river
    assert samples.fields(hand)["winnings"] == [Decimal("8.91"), 0, 0] and hand.problems == []


def test_an_amount_that_is_only_a_separator_is_named_not_a_bug() -> None:
    """``raises €0.25 to €,`` (a garbled amount): before, "phh-lsp failed to
    read this hand (a bug …): InvalidOperation"; now "`,` is not an amount"
    at its line, as every other site says it (found by the garbled-history
    property test)."""
    text = samples.text(SITE, "runitonce-cash.txt").replace("raises €0.25 to €0.35", "raises €0.25 to €,", 1)
    (failed,) = convert_text(text).failed
    assert (failed.reason, failed.line) == ("`,` is not an amount", 12)
