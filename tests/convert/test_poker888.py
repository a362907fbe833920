"""888poker histories converted: PartyPoker's classic layout in 888's words
(what every site promises is checked in ``test_every_site``).

The sample ``samples/888poker/cash-and-tournament.txt`` is typed by hand in
888poker's exact layout (no real export under a licence that allows
committing it was found): a dollar cash hand whose uncalled turn bet 888
leaves out of what the bettor collected, and a tournament hand with antes,
thousands separators and an all-in shown down.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "888poker"


def test_a_cash_hand_with_its_uncalled_bet_and_rake() -> None:
    cash, _ = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(cash)
    assert (fields["venue"], fields["currency"], fields["table"], fields["seat_count"]) == (
        "888poker",
        "USD",
        "Lyon",
        6,
    )
    assert fields["players"] == ["RiverRat", "Grünfeld", "Zoë", "kat 42"]
    assert (fields["day"], fields["month"], fields["year"]) == (14, 5, 2023)  # `14 05 2023`: the day first
    assert samples.actions(cash)[4] == "p3 cbr 0.15"  # `raises [$0.15]`: the chips added
    assert fields["winnings"] == [0, 0, Decimal("0.70"), 0] and fields["_rake"] == Decimal("0.02")


def test_a_tournament_hand_with_antes_and_an_all_in() -> None:
    _, tournament = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(tournament)
    assert (fields["event"], fields["table"]) == ("888poker tournament #155000001", "7")
    assert fields["antes"] == [20, 20, 20] and fields["starting_stacks"] == [2000, 3000, 5250]
    assert fields["winnings"] == [0, 4020, 0]


def test_the_uncalled_bet_counted_in_what_was_collected_is_taken_out() -> None:
    # 888 counted it in for some years: the pot tells which, hand by hand
    text = samples.text(SITE, "cash-and-tournament.txt").replace("collected [ $0.70 ]", "collected [ $1.20 ]")
    (cash, _) = convert_text(text).converted
    assert cash.problems == [] and samples.fields(cash)["winnings"] == [0, 0, Decimal("0.70"), 0]


def test_a_game_phh_has_no_variant_for_is_named() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace(
        "No Limit Holdem - *** 14", "Pot Limit Holdem - *** 14"
    )
    failed = convert_text(text).failed[0]
    assert (failed.line, failed.reason) == (3, "PHH has no variant for Pot Limit Holdem")


def test_a_line_that_is_not_understood_is_named_in_the_hand() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("kat 42 folds", "kat 42 fodls", 1)
    failed = convert_text(text).failed[0]
    assert failed.line == 16 and "fodls" in failed.reason and "888poker" in failed.reason


@pytest.mark.parametrize(
    ("dealt", "flop", "cards", "board"),
    [
        ("[ 8Pik, QKaro ]", "[ 7Kreuz, 8Karo, KHerz ]", "8sQd", "7c8dKh"),  # German suits
        ("[ Hc, Bh ]", "[ 7c, 8d, Vh ]", "KcJh", "7c8dQh"),  # Dutch: heer, boer, vrouw
        ("[ Knh, Ec ]", "[ 7c, Dd, Kh ]", "JhAc", "7cQdKh"),  # Swedish: knekt, ess, dam
        ("[ \u0412h, \u0422c ]", "[ 7c, \u0414d, \u041ah ]", "JhAc", "7cQdKh"),  # Russian: валет, туз, дама, король
        ("[ Âh, Òc ]", "[ 7c, Äd, Êh ]", "JhAc", "7cQdKh"),  # the same, its cp1251 bytes read as Latin-1
        # Spanish suits: picas, tréboles, corazones (`c` is hearts), diamantes; the hand is Spanish
        # where any of its cards is `p` or `t` (`[ Ac, Kd ]` alone could be English)
        ("[ Ac, Kd ]", "[ 7t, 8d, Kc ]", "AhKd", "7c8dKh"),
        ("[ Ap, Kd ]", "[ 7c, 8d, Kc ]", "AsKd", "7h8dKh"),
    ],
)
def test_cards_named_in_the_client_s_language(dealt: str, flop: str, cards: str, board: str) -> None:
    """888's clients write the cards in the player's language; before,
    "`8Pik, QKaro` are not cards" (and "`7p, 8t` are not cards")."""
    text = samples.text(SITE, "cash-and-tournament.txt")
    text = text.replace("Dealt to Zoë [ Ah, Kd ]", f"Dealt to Zoë {dealt}").replace("[ 7c, 8d, Kh ]", flop)
    conversion = convert_text(text)
    assert not conversion.failed
    actions = samples.actions(conversion.hands[0])
    assert f"d dh p3 {cards}" in actions and f"d db {board}" in actions


def test_thousands_apart_by_a_no_break_space() -> None:
    """Swedish clients write ``[2\\u00a0250\\u00a0$]``: a no-break space between
    the thousands and before the currency; before, "`2 250 $` is not an amount"."""
    text = samples.text(SITE, "cash-and-tournament.txt")
    for plain in ("3,000", "1,880", "1,780", "4,020"):
        text = text.replace(plain, plain.replace(",", "\u00a0"))
    (_, tournament) = convert_text(text).converted
    assert tournament.problems == [] and samples.fields(tournament)["winnings"] == [0, 4020, 0]
    assert samples.fields(tournament)["starting_stacks"] == [2000, 3000, 5250]


@pytest.mark.parametrize("where", ["RiverRat posts small blind [$0.02]\n", "Grünfeld posts big blind [$0.05]\n"])
def test_a_fold_before_the_cards_are_dealt_is_a_seat_not_dealt_in(where: str) -> None:
    """888 writes ``Dora folds`` among the blinds for a seated player who is
    not dealt in. Before: "Grünfeld posts after the play has started", or,
    after both blinds, "Zoë acts, but it is Dora's turn"."""
    text = samples.text(SITE, "cash-and-tournament.txt").replace(
        "Seat 5: RiverRat", "Seat 3: Dora ( $0.04 )\nSeat 5: RiverRat", 1
    )
    conversion = convert_text(text.replace(where, where + "Dora folds\n", 1))
    assert not conversion.failed
    cash = conversion.converted[0]
    assert cash.problems == []
    fields = samples.fields(cash)
    assert fields["players"] == ["RiverRat", "Grünfeld", "Zoë", "kat 42"]
    assert fields["winnings"] == [0, 0, Decimal("0.70"), 0]


def test_a_dead_small_blind_alone_is_dead_money() -> None:
    """``posts dead blind [$0.02 + $0]``: a small blind owed, paid dead, and
    no big blind. Before: "PokerKit cannot set this hand up: Negative antes
    or bring-in was supplied" (read as a big blind with $-0.03 dead)."""
    text = samples.text(SITE, "cash-and-tournament.txt").replace(
        "Seat 6: Grünfeld ( $12.35 )\n", "Seat 6: Grünfeld ( $12.35 )\nSeat 8: Dora ( $3 )\n", 1
    )
    text = text.replace(
        "Grünfeld posts big blind [$0.05]\n",
        "Grünfeld posts big blind [$0.05]\nDora posts dead blind [$0.02 + $0]\n",
        1,
    )
    text = text.replace("Zoë raises", "Dora folds\nZoë raises", 1).replace("[ $0.70 ]", "[ $0.72 ]", 1)
    conversion = convert_text(text)
    assert [failed.reason for failed in conversion.failed] == []
    cash = conversion.converted[0]
    fields = samples.fields(cash)
    assert cash.problems == [] and fields["players"] == ["RiverRat", "Grünfeld", "Dora", "Zoë", "kat 42"]
    assert fields["antes"] == [0, 0, Decimal("0.02"), 0, 0] and fields["winnings"] == [0, 0, 0, Decimal("0.72"), 0]


def test_an_export_without_the_players_names_is_named() -> None:
    """Before: "`Seat 1:  ( $5 )` is not a line this converter understands"."""
    text = samples.text(SITE, "cash-and-tournament.txt")
    for name in ("Zoë", "kat 42", "RiverRat", "Grünfeld"):
        text = text.replace(name, "", 4)
    failed = convert_text(text).failed[0]
    assert failed.line == 7 and failed.reason.startswith("the export leaves out the players' names (`Seat 1:  ( $5 )`)")


def test_the_german_client_s_tens() -> None:
    """The German client writes a ten ``10`` (``[ JPik, 10Herz ]``,
    ``** Dealing river ** [ 10Pik ]``), amounts ``0,01 $`` with a no-break
    space. Before: "`JPik, 10Herz` are not cards" (971 of 2,878 real hands).
    The sample ``samples/888poker/german-client.txt`` is typed by hand."""
    (hand,) = samples.converted(SITE, "german-client.txt")
    assert hand.problems == []
    actions = samples.actions(hand)
    assert "d dh p3 JsTh" in actions and "d db Td4cKh" in actions and "d db Ts" in actions
    fields = samples.fields(hand)
    assert fields["players"] == ["Mo", "Ute", "Hanne", "Kalle_77"]
    assert fields["winnings"] == [0, 0, Decimal("0.68"), 0] and fields["_rake"] == Decimal("0.03")


def test_cards_mucked_in_the_summary_are_shown_and_win_what_they_collect() -> None:
    """888's summary writes ``X mucks [ Td, 9d ]`` for cards it shows, and
    such a player may collect (a real 888 tournament hand's side pot).
    Before: the cards were mucked in PHH, so PokerKit gave the pot to the
    other player ("p2 (Ute) ends the replay with 0.45; the history implies 1.13")."""
    text = samples.text(SITE, "german-client.txt")
    text = text.replace("Ute mucks [ AKreuz, 9Karo ]", "Ute mucks [ KKreuz, KKaro ]")
    text = text.replace("Hanne collected", "Ute collected")
    (hand,) = convert_text(text).converted
    assert hand.problems == []
    assert "p2 sm KcKd" in samples.actions(hand)
    assert samples.fields(hand)["winnings"] == [0, Decimal("0.68"), 0, 0]


def test_the_luckyace_skin_is_888poker() -> None:
    """``***** LuckyAcePoker.com Hand History for Game …`` is 888's layout.
    Before: no site was found in the file."""
    text = samples.text(SITE, "german-client.txt").replace("888poker Hand History", "LuckyAcePoker.com Hand History")
    conversion = convert_text(text)
    assert conversion.site is not None and conversion.site.key == SITE
    assert [failed.reason for failed in conversion.failed] == []


def test_cards_mucked_by_a_player_who_collects_nothing_stay_mucked() -> None:
    """A ``mucks [ KKreuz, KKaro ]`` whose player collects nothing is a muck,
    even of cards that would have won (HHSmithy's 888 ``StreetTests/River``
    fixture): shown, PokerKit would give them the pot the history gives
    another player ("p2 (Ute) ends the replay with 1.13; the history implies 0.45")."""
    text = samples.text(SITE, "german-client.txt").replace("Ute mucks [ AKreuz, 9Karo ]", "Ute mucks [ KKreuz, KKaro ]")
    (hand,) = convert_text(text).converted
    assert hand.problems == [] and "p2 sm" in samples.actions(hand)
    assert samples.fields(hand)["winnings"] == [0, 0, Decimal("0.68"), 0]


def _typed(body: str, game: str = "$0.01/$0.02 Blinds No Limit Holdem", table: str = "Table Lyon 9 Max") -> str:
    """A hand typed in 888's layout: its header, then ``body`` as written."""
    return (
        "#Game No : 500000001\n"
        "***** 888poker Hand History for Game 500000001 *****\n"
        f"{game} - *** 14 05 2023 21:02:26\n"
        f"{table} (Real Money)\n" + body
    )


def test_heads_up_only_the_small_blind_posts_and_the_other_folds() -> None:
    """888 names the button an empty seat, one player posts the small blind
    and the other folds without posting (a real 2020 session's hands).
    Heads up, the small blind's poster is the button, whatever seat 888
    names. Before: "Uma acts, but it is Ben's turn"."""
    body = (
        "Seat 6 is the button\nTotal number of players : 2\n"
        "Seat 7: Ben ( $2.79 )\nSeat 9: Uma ( $2.36 )\n"
        "Ben posts small blind [$0.01]\nUma folds\n"
        "** Summary **\nBen collected [ $0.01 ]\n"
    )
    conversion = convert_text(_typed(body))
    assert [failed.reason for failed in conversion.failed] == []
    (hand,) = conversion.converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["players"] == ["Uma", "Ben"] and samples.actions(hand)[-1] == "p1 f"
    assert fields["winnings"] == [0, 0]  # Ben's own blind, uncalled, comes back


def test_the_small_blind_posted_on_the_button() -> None:
    """888 may have the button's player post the small blind (the seat
    before left): the blinds' seats order the players. Before: "Ben acts,
    but it is Ute's turn"."""
    body = (
        "Seat 4 is the button\nTotal number of players : 3\n"
        "Seat 3: Ben ( $2.27 )\nSeat 4: Ute ( $2 )\nSeat 10: Mia ( $2 )\n"
        "Ute posts small blind [$0.01]\nMia posts big blind [$0.02]\n"
        "** Dealing down cards **\nBen folds\nUte folds\n"
        "** Summary **\nMia collected [ $0.03 ]\n"
    )
    conversion = convert_text(_typed(body))
    assert [failed.reason for failed in conversion.failed] == []
    (hand,) = conversion.converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["players"] == ["Ute", "Mia", "Ben"] and fields["winnings"] == [0, Decimal("0.02"), 0]


def test_a_call_of_the_full_big_blind_after_a_short_all_in_one() -> None:
    """A big blind all in for less than the small blind, and a player who
    calls the full blind while the small blind still has to act (a real
    888 tournament hand): PokerKit prices the call from the chips posted,
    and what nobody matched comes back, so every stack ends as the history
    says. Before: "PokerKit refuses `p3 cbr 200` here: The amount 200 is
    below the minimum allowed 300."."""
    body = (
        "Seat 7 is the button\nTotal number of players : 3\n"
        "Seat 7: Ben ( $905 )\nSeat 9: Uma ( $3,280 )\nSeat 10: Ida ( $33 )\n"
        "Uma posts small blind [$100]\nIda posts big blind [$33]\n"
        "** Dealing down cards **\nBen calls [$200]\nUma folds\n"
        "** Dealing flop ** [ Js, 4d, 8c ]\n** Dealing turn ** [ 6h ]\n** Dealing river ** [ 9d ]\n"
        "** Summary **\nBen shows [ Qh, 4h ]\nIda shows [ 8h, As ]\n"
        "Ida collected [ $99 ]\nBen collected [ $234 ]\n"
    )
    text = _typed(body, "$100/$200 Blinds No Limit Holdem", "Tournament #78669773 $0.01 - Table #4 9 Max")
    conversion = convert_text(text)
    assert [failed.reason for failed in conversion.failed] == []
    (hand,) = conversion.converted
    assert hand.problems == []
    assert samples.actions(hand)[3:5] == ["p3 cc", "p1 f"]
    fields = samples.fields(hand)
    assert fields["blinds_or_straddles"] == [100, 200, 0] and fields["starting_stacks"] == [3280, 33, 905]
    assert fields["winnings"] == [0, 99, 134]  # Ben's 100 nobody matched comes back, as the history's 234 says


def test_a_call_of_the_full_big_blind_matched_by_another_is_a_problem() -> None:
    """When the small blind calls the full blind too, the chips above the
    short blind make a side pot PokerKit never sees: the replay then differs
    from the history, and the hand says so (never a silent difference)."""
    body = (
        "Seat 7 is the button\nTotal number of players : 3\n"
        "Seat 7: Ben ( $905 )\nSeat 9: Uma ( $3,280 )\nSeat 10: Ida ( $33 )\n"
        "Uma posts small blind [$100]\nIda posts big blind [$33]\n"
        "** Dealing down cards **\nBen calls [$200]\nUma calls [$100]\n"
        "** Dealing flop ** [ Js, 4d, 8c ]\nUma checks\nBen checks\n** Dealing turn ** [ 6h ]\nUma checks\n"
        "Ben checks\n** Dealing river ** [ 9d ]\nUma checks\nBen checks\n"
        "** Summary **\nBen shows [ Qh, 4h ]\nUma shows [ 2c, 3d ]\nIda shows [ 8h, As ]\n"
        "Ida collected [ $99 ]\nBen collected [ $334 ]\n"
    )
    text = _typed(body, "$100/$200 Blinds No Limit Holdem", "Tournament #78669773 $0.01 - Table #4 9 Max")
    (hand,) = convert_text(text).converted
    assert hand.problems == [
        "p1 (Uma) ends the replay with 3,180; the history implies 3,080",
        "p3 (Ben) ends the replay with 939; the history implies 1,039",
    ]


def test_a_raise_measured_from_the_full_big_blind_after_a_short_one_is_named() -> None:
    """After a big blind all in for less, the sites measure the next raise
    from the full blind (Ben's 500 raises 300 over 200, so Uma may raise to
    800); PHH's rules (PokerKit's) measure it from the chips posted (400
    over 100, so 900 at least): a real Bovada tournament hand. Before:
    "PokerKit refuses `p1 cbr 800` here: The amount 800 is below the
    minimum allowed 900."."""
    body = (
        "Seat 7 is the button\nTotal number of players : 3\n"
        "Seat 7: Ben ( $905 )\nSeat 9: Uma ( $3,280 )\nSeat 10: Ida ( $33 )\n"
        "Uma posts small blind [$100]\nIda posts big blind [$33]\n"
        "** Dealing down cards **\nBen raises [$500]\nUma raises [$700]\nBen folds\n"
        "** Dealing flop ** [ Js, 4d, 8c ]\n** Dealing turn ** [ 6h ]\n** Dealing river ** [ 9d ]\n"
        "** Summary **\nUma shows [ Qh, 4h ]\nIda shows [ 8h, As ]\n"
        "Ida collected [ $99 ]\nUma collected [ $1,234 ]\n"
    )
    text = _typed(body, "$100/$200 Blinds No Limit Holdem", "Tournament #78669773 $0.01 - Table #4 9 Max")
    (failed,) = convert_text(text).failed
    assert (failed.line, failed.reason) == (
        14,
        "PHH has no rule for a raise after a short all-in big blind: Ida posts the big blind all in for 33, "
        "888poker measures the next raises from the full 200 blind, and Uma raises to 800, where PHH's rules "
        "(PokerKit's) measure them from the chips posted and allow a raise to 900 or more",
    )
