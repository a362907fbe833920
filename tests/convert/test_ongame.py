"""Ongame histories converted: the site's facts kept (what every site
promises, every hand answered and good hands replaying clean, is checked
for all of them in ``test_every_site``).

The samples under ``samples/ongame/`` are written as the Ongame Network
writes its files: raises as ``raises <added> to <total>``, no line for an
uncalled bet (the reader derives it), the board written again when
players are all in, a dead blind, side pots, a split pot, a hi/lo pot,
tournament antes, thousands separators, showdown cards only in the
summary (a loser without cards there mucked), Unicode names and names
with spaces; and one hand with a typo among good ones.
"""

from __future__ import annotations

from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.to_phh import Converted

SITE = "ongame"


def _actions(hand: Converted) -> list[str]:
    """The hand's actions but the hole cards dealt."""
    return [action for action in samples.actions(hand) if not action.startswith("d dh")]


def test_an_uncalled_bet_the_site_does_not_write_is_returned() -> None:
    raised, _, walk = samples.converted(SITE, "cash-uncalled-and-dead-blind.txt")
    fields = samples.fields(raised)
    assert fields["players"] == ["Zoë", "李雷", "kat_42", "Grünfeld", "RiverRat"]  # small blind round to the button
    assert fields["seats"] == [4, 5, 6, 1, 3]
    assert fields["starting_stacks"] == [10, Decimal("12.35"), Decimal("4.87"), Decimal("10.12"), Decimal("8.4")]
    assert fields["winnings"] == [Decimal("4.1"), 0, 0, 0, 0]
    assert fields["_rake"] == Decimal("0.2")
    assert (fields["currency"], fields["currency_symbol"], fields["table"]) == ("USD", "$", "Lyon")
    assert (fields["seat_count"], fields["hand"], fields["time_zone_abbreviation"]) == (6, "R5-301122334-11", "CET")
    assert _actions(raised)[3] == "p1 cbr 0.90"  # "raises $0.85 to $0.90": the total, after her small blind
    assert _actions(raised)[-2:] == ["p1 cbr 3", "p4 f"]  # the $3 comes back to her: she ends with $12
    returned = [event for event in raised.hand.events if event.kind == "returned"]
    assert [(event.name, event.amount) for event in returned] == [("Zoë", Decimal(3))]
    assert samples.fields(walk)["winnings"] == [0, Decimal("0.1"), 0, 0, 0, 0]  # the big blind's walk


def test_a_dead_blind_and_a_big_blind_posted_out_of_position() -> None:
    hand = samples.converted(SITE, "cash-uncalled-and-dead-blind.txt")[1]
    fields = samples.fields(hand)
    assert fields["players"] == ["李雷", "kat_42", "Grünfeld", "Monty P", "RiverRat", "Zoë"]
    assert fields["antes"] == [0, 0, 0, Decimal("0.05"), 0, 0]  # the dead small blind
    assert fields["blinds_or_straddles"] == [Decimal("0.05"), Decimal("0.1"), 0, Decimal("-0.1"), 0, 0]
    assert _actions(hand)[:2] == ["p3 f", "p4 cc"]  # Monty P checks his own big blind


def test_side_pots_a_showdown_and_a_muck() -> None:
    side_pots, muck = samples.converted(SITE, "side-pots-and-muck.txt")
    fields = samples.fields(side_pots)
    assert fields["players"] == ["Ana-Maria", "bob", "Zoë", "Hiroshi"]
    assert fields["starting_stacks"] == [Decimal("1523.85"), 150, Decimal("412.4"), 96]  # "$1,523.85"
    assert fields["winnings"] == [Decimal("684.8"), 0, 0, 383]  # both side pots to Ana-Maria
    assert fields["_rake"] == 3
    # all in on the flop: the hands are shown before the turn, in PokerKit's order; the flop written twice is dealt once
    assert _actions(side_pots)[-6:] == ["p1 sm KsKc", "p2 sm QsQd", "p3 sm JcTs", "p4 sm AhAd", "d db 9s", "d db 3h"]
    assert [event.kind for event in side_pots.hand.events].count("board") == 3
    assert _actions(muck)[-2:] == ["p1 sm QdTc", "p3 sm"]  # Ana-Maria's summary line shows no cards: she mucks


def test_tournament_antes_chips_and_a_split_pot() -> None:
    first, split = samples.converted(SITE, "tournament-antes.txt")
    fields = samples.fields(first)
    assert fields["players"] == ["marie_c", "李雷", "x Diabolo", "Pedro", "Ana-Maria"]
    assert fields["antes"] == [20, 20, 20, 20, 20]
    assert fields["blinds_or_straddles"] == [100, 200, 0, 0, 0]
    assert fields["event"] == "Ongame tournament #R-301-27"
    assert "currency" not in fields and "_rake" in fields and fields["_rake"] == 0
    assert fields["winnings"] == [0, 0, 0, 1200, 0]
    assert samples.fields(split)["winnings"] == [0, 2755, 2755, 0, 0]  # "won by x Diabolo (2755), Pedro (2755)"


def test_limit_hold_em_pot_limit_omaha_and_limit_omaha_hi_lo() -> None:
    limit, omaha, hi_lo = samples.converted(SITE, "limit-and-omaha.txt")
    assert samples.fields(limit)["variant"] == "FT"
    assert (samples.fields(limit)["small_bet"], samples.fields(limit)["big_bet"]) == (Decimal("0.5"), 1)
    assert samples.fields(limit)["blinds_or_straddles"] == [Decimal("0.25"), Decimal("0.5"), 0]
    assert samples.fields(omaha)["variant"] == "PO"
    assert samples.fields(omaha)["currency"] == "EUR"
    assert "d dh p1 AhAsKdQd" in omaha.text
    assert samples.fields(hi_lo)["variant"] == "FO/8"
    assert samples.fields(hi_lo)["winnings"] == [Decimal("0.43"), Decimal("0.43"), 0]  # the high half and the low half


def test_a_broken_hand_is_named_and_the_others_are_kept() -> None:
    hands, broken = samples.broken_hand(SITE, "cash-with-a-typo.txt")
    assert [type(hand) for hand in hands] == [Converted, Failed, Converted]
    assert (broken.hand_id, broken.first_line, broken.line) == ("R5-301122400-2", 27, 43)
    assert "`cals €0.40` is not an Ongame action" in broken.reason


def test_a_summary_that_does_not_add_up_fails_the_hand_on_its_line() -> None:
    text = samples.text(SITE, "side-pots-and-muck.txt")
    text = text.replace("Seat 1: Hiroshi ($383), net: +$287", "Seat 1: Hiroshi ($384)")
    failed = convert_text(text).hands[0]
    assert isinstance(failed, Failed)
    assert failed.line == 36 and "leaves Hiroshi with 384, but the hand's lines leave them 383" in failed.reason
    text = samples.text(SITE, "cash-with-a-typo.txt").replace("raises €1.70 to €1.80", "raises €1.60 to €1.80")
    failed = convert_text(text).hands[0]
    assert isinstance(failed, Failed) and failed.line == 16 and "had 0.10 in on this street" in failed.reason


def test_a_history_pokerkit_cannot_play_is_a_problem_not_a_silent_fix() -> None:
    text = samples.text(SITE, "cash-with-a-typo.txt")
    text = text.replace("€1.40 won by Grünfeld (€1.40)", "€1.40 won by Grünfeld (€1.30)")
    text = text.replace("Grünfeld (€20.80), net: +€0.80", "Grünfeld (€20.70), net: +€0.70")
    hand = convert_text(text).hands[0]
    assert isinstance(hand, Converted)
    assert hand.problems == ["the players who collected are 0.10 short of the replay's pots, but the rake is 0"]


def test_games_phh_has_no_variant_for_are_refused_with_the_reason() -> None:
    text = samples.text(SITE, "limit-and-omaha.txt").replace("LIMIT OMAHA_HI_LO", "POT_LIMIT OMAHA_HI_LO")
    refused = convert_text(text).hands[-1]
    assert isinstance(refused, Failed) and refused.line == 72
    assert refused.reason.startswith("PHH has no variant for Omaha Hi/Lo Pot Limit (Ongame hands of Hold'em No Limit")
    text = samples.text(SITE, "limit-and-omaha.txt").replace(
        "LIMIT TEXAS_HOLDEM $0.50/$1", "LIMIT FIVE_CARD_DRAW $0.50/$1"
    )
    refused = convert_text(text).hands[0]
    assert isinstance(refused, Failed) and refused.reason.startswith("PHH has no variant for 5 Card Draw Limit")


def test_lines_outside_any_hand_are_reported_not_dropped() -> None:
    text = samples.text(SITE, "cash-with-a-typo.txt").replace(
        "***** History for hand R5-301122400-2 *****", "***** Histroy for hand R5-301122400-2 *****"
    )
    conversion = convert_text(text)
    assert [type(hand).__name__ for hand in conversion.hands] == ["Converted", "Failed", "Converted"]
    stray = conversion.hands[1]
    assert isinstance(stray, Failed) and stray.line == 27 and "not part of any Ongame hand" in stray.reason


def test_stud_converts_with_its_bring_in_up_cards_streets_and_showdown() -> None:
    """Ongame's stud: no button, ``Dealing to Bo: [-, -, Qs]`` (the face-down
    cards nobody saw), ``Dealing 4th street`` opening each later street,
    ``small bring in``, and ``big bring in`` when the lowest card completes."""
    hand, completed = samples.converted(SITE, "stud.txt")
    assert [hand.problems, completed.problems] == [[], []]
    fields = samples.fields(hand)
    assert (fields["variant"], fields["bring_in"], fields["small_bet"], fields["big_bet"]) == (
        "F7S",
        Decimal("0.05"),
        Decimal("0.10"),
        Decimal("0.20"),
    )
    assert fields["players"] == ["Hero", "Ann", "Bo"]  # seat order: stud has no button
    assert fields["starting_stacks"] == [2, 3, Decimal("1.50")]
    assert fields["winnings"] == [Decimal("1.15"), 0, 0]
    actions = samples.actions(hand)
    assert actions[:6] == ["d dh p1 AhKd9c", "d dh p2 ????2d", "d dh p3 ????Qs", "p2 pb", "p3 cc", "p1 cc"]
    assert actions[6:12] == ["d dh p1 Kh", "d dh p2 7d", "d dh p3 3s", "p1 cbr 0.10", "p2 f", "p3 cc"]
    assert actions[21:] == [
        "d dh p1 Ks",
        "d dh p3 ??",
        "p3 cc",
        "p1 cbr 0.20",
        "p3 cc",
        "p1 sm AhKd9cKh2c5sKs",
        "p3 sm JcJdQs3sQh4h8c",
    ]
    # the lowest card completes at once: a bet, its uncalled part back
    assert samples.actions(completed)[2:] == ["p1 cbr 0.10", "p2 f"]
    assert samples.fields(completed)["winnings"] == [Decimal("0.04"), 0]


_EQUAL_BLINDS = """\
***** History for hand R5-361926000-2 *****
Start hand: Mon Jan 06 08:42:00 CET 2014
Table: Lima [361926000] (POT_LIMIT OMAHA_HI $0.25/$0.25, Real money)
Button: seat 8
Players in round: 2
Seat 3: Ida ($25.00)
Seat 8: Ben ($25.00)
Ben posts small blind ($0.25)
Ida posts big blind ($0.25)
---
Dealing pocket cards
Ben checks
Ida raises $0.50 to $0.75
Ben calls $0.50
--- Dealing flop [Qc, Ah, Ks]
Ida bets $1.50
Ben folds
---
Summary:
Main pot: $1.50 won by Ida ($1.43)
Rake taken: $0.07
Seat 3: Ida ($25.68), net: +$0.68
Seat 8: Ben ($24.25), net: -$0.75
***** End of hand R5-361926000-2 *****
"""


def test_heads_up_with_the_small_blind_equal_to_the_big_blind() -> None:
    """Ongame's ``$0.25/$0.25`` tables: heads up the button posts a small
    blind as large as the big blind and acts first before the flop, as
    heads up it always does (two of HHSmithy's Ongame fixtures). Before:
    "Ben acts, but it is Ida's turn" (PokerKit, seeing two equal blinds,
    opened with the player after the later one)."""
    conversion = convert_text(_EQUAL_BLINDS)
    assert [failed.reason for failed in conversion.failed] == []
    (hand,) = conversion.converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["players"] == ["Ida", "Ben"] and fields["min_bet"] == Decimal("0.25")
    assert _actions(hand)[:3] == ["p2 cc", "p1 cbr 0.75", "p2 cc"]
    assert fields["winnings"] == [Decimal("1.43"), 0] and fields["_rake"] == Decimal("0.07")
