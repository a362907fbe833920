"""iPoker histories converted: the site's facts kept (what every site
promises, every hand answered and good hands replaying clean, is checked
for all of them in ``test_every_site``).

The samples under ``samples/ipoker/`` are written as the iPoker clients
write their XML: old clients (``£0.05``, ``win`` including the uncalled bet)
and new ones (``0,10€``, ``client_version`` 22, ``win`` without it), actions
listed by player and ordered by their ``no``, several actions on one line,
side pots and a showdown, a muck (cards left hidden at the showdown), a new
player posting both blinds, a player sitting out, tournament antes and
chips with thousands separators, limit hold'em and pot-limit Omaha in two
sessions of one file, Unicode names, and one hand with a typo among good ones.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.history import ConversionError
from phh_lsp.convert.sites.ipoker_amounts import amount_of as _amount
from phh_lsp.convert.to_phh import Converted

SITE = "ipoker"


def _line(text: str, needle: str) -> int:
    """The 1-based line of the first occurrence of ``needle``."""
    return text[: text.index(needle)].count("\n") + 1


def _only_failure(text: str) -> Failed:
    (failed,) = convert_text(text, SITE).failed
    return failed


def test_an_uncalled_bet_the_rake_and_actions_in_the_order_of_their_numbers() -> None:
    first, _ = samples.converted(SITE, "nlhe-cash.xml")
    fields = samples.fields(first)
    assert fields["players"] == ["Zoë", "kat_42", "RiverRat", "Grünfeld", "Monty P", "ellie.b"]
    assert fields["seats"] == [1, 3, 5, 6, 8, 10]
    assert fields["starting_stacks"] == [10, Decimal("12.40"), Decimal("9.85"), 10, Decimal("4.10"), 15]
    assert fields["blinds_or_straddles"] == [Decimal("0.05"), Decimal("0.10"), 0, 0, 0, 0]
    # an old client's win of £1.51 holds the £0.60 nobody called
    assert fields["winnings"] == [0, 0, Decimal("0.91"), 0, 0, 0]
    assert fields["_rake"] == Decimal("0.04")
    assert (fields["currency"], fields["currency_symbol"], fields["table"]) == ("GBP", "£", "Brockwell, 781203345")
    actions = fields["actions"]
    assert isinstance(actions, list)
    assert actions[0] == "d dh p1 Kh9c"  # the player's own cards
    preflop = ["p3 cbr 0.30", "p4 f", "p5 f", "p6 cc", "p1 f", "p2 cc"]  # by their no, not as listed
    assert actions[6:] == [*preflop, "d db Ts7d2h", "p2 cc", "p3 cbr 0.60", "p6 f", "p2 f"]


def test_all_in_with_side_pots_and_the_showdown() -> None:
    _, hand = samples.converted(SITE, "nlhe-cash.xml")
    fields = samples.fields(hand)
    assert fields["players"] == ["kat_42", "RiverRat", "Grünfeld", "Monty P", "ellie.b", "Zoë"]
    assert fields["winnings"] == [0, 0, Decimal("11.45"), Decimal("12.05"), 0, 0]  # side pot, main pot
    assert fields["_rake"] == Decimal("0.75")
    actions = fields["actions"]
    assert isinstance(actions, list)
    # all-ins (type 7) are raises or calls by what they add; hands are shown before the board
    assert actions[6:9] == ["p3 cbr 0.35", "p4 cbr 4.10", "p5 cbr 14.70"]
    assert actions[12:] == ["p3 cc", "p5 sm 7c7d", "p3 sm KdKc", "p4 sm AsAh", "d db 5dJs9c", "d db 4h", "d db 2s"]


def test_a_new_client_a_dead_blind_and_a_player_sitting_out() -> None:
    first, walk = samples.converted(SITE, "new-client-dead-blind.xml")
    fields = samples.fields(first)
    assert fields["players"] == ["李雷", "Anouk", "Pérez", "Monty P"]
    assert fields["seats"] == [1, 2, 4, 6]  # "bob sits", with no cards and no action, is not dealt in
    assert fields["antes"] == [0, 0, Decimal("0.10"), 0]  # the small blind's part of Pérez's 0,30€
    assert fields["blinds_or_straddles"] == [Decimal("0.10"), Decimal("0.20"), Decimal("-0.20"), 0]
    assert fields["starting_stacks"] == [20, Decimal("8.50"), Decimal("31.25"), 25]
    # a new client's win (4,18€) leaves out the 2,40€ nobody called
    assert fields["winnings"] == [0, 0, 0, Decimal("4.18")]
    assert fields["_rake"] == Decimal("0.22")
    assert (fields["currency"], fields["currency_symbol"], fields["seat_count"]) == ("EUR", "€", 6)
    assert samples.fields(walk)["winnings"] == [0, Decimal("0.20"), 0, 0]
    assert samples.fields(walk)["_rake"] == 0


def test_tournament_antes_thousands_separators_and_unicode_names() -> None:
    first, second = samples.converted(SITE, "tournament-antes.xml")
    fields = samples.fields(first)
    assert fields["players"] == ["Ana-Maria", "x:y", "Łukasz", "bob"]
    assert fields["starting_stacks"] == [12450, 3175, 8000, 6840]
    assert fields["antes"] == [25, 25, 25, 25]
    assert fields["blinds_or_straddles"] == [100, 200, 0, 0]
    assert fields["event"] == "iPoker tournament #48120077"
    assert fields["winnings"] == [0, 0, 6500, 0]
    assert fields["_rake"] == 0
    assert "currency" not in fields
    actions = fields["actions"]
    assert isinstance(actions, list)
    assert actions[4:11] == ["p3 cbr 450", "p4 f", "p1 f", "p2 cbr 3150", "p3 cc", "p2 sm QsQh", "p3 sm AcKd"]
    assert samples.fields(second)["winnings"] == [0, 0, 1175]  # a win of 1,875 with the 700 nobody called


def test_limit_hold_em_with_a_muck_and_pot_limit_omaha_in_a_second_session() -> None:
    limit, omaha = samples.converted(SITE, "limit-and-omaha.xml")
    fields = samples.fields(limit)
    assert fields["variant"] == "FT"
    assert (fields["small_bet"], fields["big_bet"]) == (Decimal("0.10"), Decimal("0.20"))
    actions = fields["actions"]
    assert isinstance(actions, list)
    assert actions[-2:] == ["p3 sm AsQc", "p2 sm"]  # RiverRat's cards stay hidden: a muck
    fields = samples.fields(omaha)
    assert fields["variant"] == "PO"
    assert fields["table"] == "Ostrava, 670011452"
    assert "d dh p3 AsAh5d6c" in omaha.text
    assert fields["winnings"] == [0, 15, 0]


def test_a_broken_hand_is_named_and_the_others_are_kept() -> None:
    hands, broken = samples.broken_hand(SITE, "cash-with-a-typo.xml")
    assert [type(hand) for hand in hands] == [Converted, Failed, Converted]
    text = samples.text(SITE, "cash-with-a-typo.xml")
    assert (broken.hand_id, broken.first_line, broken.line) == ("3100000002", 43, 62)
    assert broken.first_line == _line(text, 'gamecode="3100000002"')
    assert broken.line == _line(text, 'sum="$0.O1"')
    assert broken.reason == "`$0.O1` is not an amount"


def test_lines_are_found_when_several_actions_share_one() -> None:
    text = samples.text(SITE, "limit-and-omaha.xml")
    broken = text.replace('player="RiverRat" type="5" sum="$0.10"', 'player="RiverRat" type="12" sum="$0.10"')
    failed = _only_failure(broken)
    assert failed.line == _line(text, 'player="RiverRat" type="5" sum="$0.10"')
    assert 'type="12" is not an iPoker action' in failed.reason


def test_a_history_that_does_not_add_up_is_a_problem_not_a_silent_fix() -> None:
    text = samples.text(SITE, "nlhe-cash.xml")
    (_, hand) = convert_text(text.replace('win="£12.05"', 'win="£13.05"')).converted
    assert hand.problems == ["p4 (Monty P) ends the replay with 12.45; the history implies 13.05"]
    (hand, _) = convert_text(text.replace('type="3" sum="£0.20"', 'type="3" sum="£0.15"')).converted
    assert "p2 (kat_42) ends the replay with 12.10; the history implies 12.15" in hand.problems
    failed = convert_text(text.replace('type="3" sum="£0.20"', 'type="3" sum="£0.25"')).hands[0]
    assert isinstance(failed, Failed) and failed.reason == "kat_42 calls 0.25, but it takes 0.20 to call"
    assert failed.line == _line(text, 'type="3" sum="£0.20"')
    tournament = samples.text(SITE, "tournament-antes.xml").replace('win="6,500"', 'win="6,400"')
    (hand, _) = convert_text(tournament).converted  # no rake in a tournament: the 100 are missing
    assert hand.problems == ["the players who collected are 100 short of the replay's pots, but the rake is 0"]


def test_a_partial_export_is_refused() -> None:
    text = samples.text(SITE, "tournament-antes.xml")
    first_hand = text[: text.index('<game gamecode="6620450012">')]
    partial = re.sub(r'<round no="[1-4]">.*?</round>', "", first_hand, flags=re.S)
    failed = _only_failure(partial)
    assert failed.reason == "the history stops after the blinds (a partial export): nothing to convert"


@pytest.mark.parametrize(
    ("gametype", "reason"),
    [
        ("Holdem PL £0.05/£0.10", "PHH has no variant for Holdem PL"),
        ("5 Card Stud L £0.05/£0.10", "PHH has no variant for 5 Card Stud L"),
        ("Six Plus Holdem NL £0.05/£0.10", "PHH has no variant for Six Plus Holdem NL"),
        ("PL £0.05/£0.10", "PHH has no variant for five-card Omaha (`PL £0.05/£0.10`)"),
        ("Holdem £0.05/£0.10", "`Holdem £0.05/£0.10` is not a game type this converter knows"),
    ],
)
def test_other_games_are_refused_with_the_reason(gametype: str, reason: str) -> None:
    text = samples.text(SITE, "nlhe-cash.xml").replace("Holdem NL £0.05/£0.10", gametype)
    conversion = convert_text(text)
    assert [failed.line for failed in conversion.failed] == [5, 5]
    assert all(failed.reason.startswith(reason) for failed in conversion.failed)


def test_a_hand_cut_off_at_the_end_of_the_file_fails_alone() -> None:
    text = samples.text(SITE, "tournament-antes.xml")
    cut = text[: text.rindex('<round no="2">')]
    first, second = convert_text(cut).hands
    assert isinstance(first, Converted) and first.problems == []
    assert isinstance(second, Failed) and second.reason == "the hand is cut off: its </game> is missing"


def test_a_player_sitting_out_who_posts_is_refused() -> None:
    text = samples.text(SITE, "new-client-dead-blind.xml").replace(
        '<action no="6" player="李雷" type="0" sum="0€"/>', '<action no="6" player="李雷" type="9" sum="0€"/>'
    )
    failed = convert_text(text).hands[0]
    assert isinstance(failed, Failed)
    assert failed.reason.startswith("李雷 sits out the hand but posts in it")
    assert failed.line == _line(text, '<action no="1" player="李雷" type="1"')


def test_broken_xml_and_declarations_are_refused_with_their_line() -> None:
    text = samples.text(SITE, "cash-with-a-typo.xml")
    broken = text.replace('<action no="3" player="ellie.b" type="23" sum="$0.06" cards="" />', '<action no="3"')
    failed = convert_text(broken).hands[0]
    assert isinstance(failed, Failed) and failed.reason.startswith("the hand is not well-formed XML")
    assert failed.line == _line(broken, '<action no="3"\n') + 1  # where the tag turns out unfinished
    declared = text.replace("<session ", '<!DOCTYPE session [<!ENTITY a "b">]>\n<session ', 1)
    assert {failed.reason for failed in convert_text(declared).failed} == {
        "the file declares a DOCTYPE or entities, which iPoker files never do"
    }


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("£0.05", "0.05"),
        ("0,02€", "0.02"),
        ("$1,855", "1855"),
        ("$2,504.66", "2504.66"),
        ("1.500", "1500"),
        ("€0,50", "0.50"),
        ("12 450", "12450"),
        ("1.234,56 €", "1234.56"),
        ("002€", "2"),
        ("100 RSD", "100"),
    ],
)
def test_amounts_as_the_clients_write_them(raw: str, value: str) -> None:
    assert _amount(raw, 1) == Decimal(value)


@pytest.mark.parametrize("raw", ["$0.O1", "1,24,50", "", "€", "1.2.3,4.5", "$-5"])
def test_what_is_not_an_amount_is_refused(raw: str) -> None:
    with pytest.raises(ConversionError):
        _amount(raw, 7)


def test_a_stud_tournament_converts_with_its_bring_in_up_cards_and_all_in_run_out() -> None:
    """iPoker's stud: each player's cards of a street (``X X DK`` up card
    only) before their actions, the bring-in as type 16, and, a tournament's
    header naming no stakes, the small bet read from the first completion."""
    hand, walk = samples.converted(SITE, "stud-tournament.xml")
    assert [hand.problems, walk.problems] == [[], []]
    fields = samples.fields(hand)
    assert (fields["variant"], fields["antes"], fields["bring_in"]) == ("F7S", [10, 10, 10], 20)
    assert (fields["small_bet"], fields["big_bet"]) == (80, 160)
    assert fields["players"] == ["Hero", "Nina", "Omar"]  # seat order: stud has no button
    assert fields["starting_stacks"] == [1500, 400, 1200]
    assert fields["winnings"] == [890, 0, 0]
    actions = samples.actions(hand)
    assert actions[:7] == ["d dh p1 Ah9d8s", "d dh p2 2s5h2c", "d dh p3 ????Kd", "p2 pb", "p3 cbr 80", "p1 cc", "p2 cc"]
    assert actions[7:14] == ["d dh p1 4h", "d dh p2 Qd", "d dh p3 3c", "p3 cc", "p1 cbr 80", "p2 cc", "p3 f"]
    # Nina all in on sixth street: the hands are shown, then the river is dealt
    assert actions[18:22] == ["d dh p1 6d", "d dh p2 3h", "p2 cbr 70", "p1 cc"]
    assert [action for action in actions[22:] if action.startswith("d dh")] == ["d dh p1 Td", "d dh p2 Kh"]
    walked = samples.fields(walk)
    # nobody bets: the stakes of the session's hand at the same ante and bring-in
    assert (walked["small_bet"], walked["big_bet"], walked["bring_in"]) == (80, 160, 20)
    assert samples.actions(walk) == ["d dh p1 3sJh2d", "d dh p2 ????Ac", "p1 pb", "p2 f"]
    assert walked["winnings"] == [20, 0]  # the 40 won holds the 20 bring-in nobody called


def test_a_stud_tournament_hand_without_a_bet_alone_is_refused_with_the_reason() -> None:
    text = samples.text(SITE, "stud-tournament.xml")
    first, second = text.index("<game "), text.index('<game gamecode="5100000002"')
    failed = _only_failure(text[:first] + text[second:])
    assert failed.reason.startswith("nobody bets in this stud tournament hand and iPoker names no stakes for it")


def test_a_big_bet_on_fourth_street_after_an_open_pair_is_refused() -> None:
    text = samples.text(SITE, "stud-tournament.xml").replace(
        '"Hero">H4</cards><action no="9" player="Hero" type="5" sum="80"',
        '"Hero">H8</cards><action no="9" player="Hero" type="5" sum="160"',
    )
    failed = convert_text(text).failed[0]
    assert failed.line == _line(text, '"Hero">H8</cards>')
    assert failed.reason == "Hero bets the big bet on fourth street after an open pair: PHH's stud has no such rule"


def test_a_heads_up_limit_table_named_by_its_bets() -> None:
    """iPoker's heads-up limit tables name the game by its bets, then its
    blinds: ``LH 0.10/0.20 x2 Limit $0.05/$0.10``. Before: "PHH has no
    variant for LH 0.10/0.20 x2 Limit"."""
    text = samples.text(SITE, "limit-and-omaha.xml")
    renamed = text.replace("Holdem L $0.10/$0.20", "LH 0.10/0.20 x2 Limit $0.05/$0.10", 1)
    assert renamed != text
    conversion = convert_text(renamed)
    assert not conversion.failed
    before = [hand.text for hand in convert_text(text).converted]
    assert [hand.text for hand in conversion.converted] == before
