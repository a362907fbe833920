"""Winamax histories converted: PokerStars' layout in Winamax's words (what
every site promises is checked in ``test_every_site``).

The sample ``samples/winamax/cash-and-tournament.txt`` is typed by hand in
Winamax's exact layout (no real export under a licence that allows
committing it was found): a euro cash hand with names with spaces and
accents, and a tournament hand won by a bet nobody called, which Winamax
counts in what the bettor collected and never writes as returned.
"""

from __future__ import annotations

import re
from decimal import Decimal

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import convert_text

SITE = "winamax"


def test_a_euro_cash_hand() -> None:
    cash, _ = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(cash)
    assert (fields["venue"], fields["currency"], fields["currency_symbol"]) == ("Winamax", "EUR", "€")
    assert fields["players"] == ["Zoé", "kat 42", "RiverRat", "Grünfeld"]
    assert fields["starting_stacks"] == [Decimal("2.02"), 2, Decimal("1.70"), Decimal("2.33")]
    assert fields["winnings"] == [Decimal("3.02"), 0, 0, 0] and fields["_rake"] == Decimal("0.34")
    assert samples.actions(cash)[12:14] == ["d db Jc", "p1 cc"]  # `[Ad 7d 6h][Jc]`, no space between


def test_the_uncalled_bet_winamax_counts_in_what_was_collected() -> None:
    _, tournament = samples.converted(SITE, "cash-and-tournament.txt")
    fields = samples.fields(tournament)
    assert fields["winnings"] == [0, 0, 260]  # "collected 460": 200 of it was gpelle's own bet, uncalled
    assert (fields["level"], fields["event"]) == (3, "Winamax tournament #5142226")


def test_a_line_that_is_not_understood_is_named_in_the_hand() -> None:
    text = samples.text(SITE, "cash-and-tournament.txt").replace("kat 42 folds", "kat 42 fodls")
    failed = convert_text(text).failed[0]
    assert failed.line == 15 and "fodls" in failed.reason


#: A cash hand as Winamax wrote them in 2010: every seat of the table listed,
#: two of them (seats 5 and 7) not dealt in, with no line in the hand and
#: "folded" with no street in the summary. Typed by hand.
_IDLE_SEATS = """\
Winamax Poker - CashGame - HandId: #270777-1-1284847510 - Omaha pot limit (0.02€/0.05€) - 2010/09/19 00:05:10 UTC
Table: 'Petit-Bourg' 9-max (real money) Seat #3 is the button
Seat 1: Anna (5€)
Seat 3: Bert (4.66€)
Seat 4: Cleo (4.85€)
Seat 5: Dora (1€)
Seat 7: Emil (5€)
Seat 8: Finn (11.12€)
*** ANTE/BLINDS ***
Cleo posts small blind 0.02€
Finn posts big blind 0.05€
*** PRE-FLOP ***
Anna folds
Bert raises 0.05€ to 0.10€
Cleo folds
Finn calls 0.05€
*** FLOP *** [5c Tc 6c]
Finn checks
Bert bets 0.20€
Finn folds
Bert collected 0.42€ from pot
*** SUMMARY ***
Total pot 0.22€ | No rake
Board: [5c Tc 6c]
Seat 1: Anna folded on the pre-flop
Seat 3: Bert (button) won 0.42€
Seat 4: Cleo (small blind) folded on the pre-flop
Seat 5: Dora folded
Seat 7: Emil folded
Seat 8: Finn (big blind) folded on the flop
"""


def test_seats_listed_but_not_dealt_in_are_left_out() -> None:
    """Winamax lists every seat of the table; one with no line in the hand
    was not dealt in (before: "Anna acts, but it is Dora's turn")."""
    conversion = convert_text(_IDLE_SEATS)
    assert not conversion.failed
    fields = samples.fields(conversion.hands[0])
    assert fields["players"] == ["Cleo", "Finn", "Anna", "Bert"]
    assert fields["starting_stacks"] == [Decimal("4.85"), Decimal("11.12"), 5, Decimal("4.66")]
    preflop, flop = ["p3 f", "p4 cbr 0.10", "p1 f", "p2 cc"], ["d db 5cTc6c", "p2 cc", "p4 cbr 0.20", "p2 f"]
    assert samples.actions(conversion.hands[0])[4:] == [*preflop, *flop]
    assert fields["winnings"] == [0, 0, 0, Decimal("0.22")]  # "collected 0.42": 0.20 of it Bert's bet, uncalled


def test_a_tournament_summary_is_named_as_one() -> None:
    """Winamax writes a tournament's result in a file of its own, beside its
    hands; it holds no hand (before: "the first line is not a PokerStars
    hand header"). Typed by hand in Winamax's layout."""
    summary = (
        "Winamax Poker - Tournament summary : Expresso(193493816)\n"
        "Player : Anna\nBuy-In : 23.25€ + 1.75€\nRegistered players : 3\nMode : sng\n"
        "You played 5min 12s \nYou finished in 2nd place\n"
    )
    failed = convert_text(summary).failed
    assert [(item.line, item.reason) for item in failed] == [
        (1, "this is a Winamax tournament summary (the tournament's result), not a hand history: it holds no hand")
    ]


def test_the_table_line_s_variants_and_a_denied_big_blind() -> None:
    """Winamax's 2021 table line has no colon (``Table 'X'``), its 2012 one
    writes the button's seat padded (``Seat 0000003``), and a player back at
    the table may deny the big blind (``Dora denies big blind``, ``Dora deny
    BB 0``) and sit out: before, "the second line does not name the table
    and the button's seat" and "not a line this converter understands"."""
    for table, button in (("Table 'Petit-Bourg'", "Seat #3"), ("Table: 'Petit-Bourg'", "Seat 0000003")):
        for denies in ("Dora denies big blind", "Dora deny BB 0"):
            text = _IDLE_SEATS.replace("Table: 'Petit-Bourg'", table).replace("Seat #3", button)
            text = text.replace("*** ANTE/BLINDS ***\n", f"*** ANTE/BLINDS ***\n{denies}\n")
            conversion = convert_text(text)
            assert not conversion.failed, (table, button, denies)
            fields = samples.fields(conversion.hands[0])
            assert (fields["table"], fields["players"]) == ("Petit-Bourg", ["Cleo", "Finn", "Anna", "Bert"])


#: A 2-7 triple draw hand in Winamax's layout of 2016: its betting rounds
#: headed ``*** FIRST-BET ***`` … ``*** FOURTH-BET ***`` between the draws
#: ``*** FIRST-DRAW ***`` …, the other player's cards written ``[X X X X X]``,
#: a draw ``discard N cards`` (``discard 0 card`` to stand pat) or ``stands
#: pat [cards]``. Our own hand, typed in that layout.
_TRIPLE_DRAW = """\
Winamax Poker - CashGame - HandId: #5551-12-1478989461 - 2-7 Triple Draw fixed limit (2€/4€) - 2016/11/12 22:24:21 UTC
Table: 'Lyon' 6-max (real money) Seat #4 is the button
Seat 1: Anna (100€)
Seat 4: Bert (80€)
*** ANTE/BLINDS ***
Bert posts small blind 1€
Anna posts big blind 2€
*** FIRST-BET ***
Dealt to Bert [X X X X X]
Dealt to Anna [2h Td 8c 7c 3s]
Bert raises 2€ to 4€
Anna calls 2€
*** FIRST-DRAW ***
Anna stands pat [2h Td 8c 7c 3s]
Bert discard 2 cards
*** SECOND-BET ***
Anna checks
Bert bets 2€
Anna calls 2€
*** SECOND-DRAW ***
Anna stands pat [2h Td 8c 7c 3s]
Bert discard 0 card
*** THIRD-BET ***
Anna bets 4€
Bert calls 4€
*** THIRD-DRAW ***
Anna stands pat [2h Td 8c 7c 3s]
Bert discard 1 card
*** FOURTH-BET ***
Anna bets 4€
Bert folds
Anna collected 23.50€ from pot
*** SUMMARY ***
Total pot 23.50€ | Rake 0.50€
Seat 1: Anna (big blind) won 23.50€
"""


def test_a_triple_draw_hand_with_winamax_s_street_names() -> None:
    """Before: "`*** FIRST-BET ***` is a street this converter does not know";
    and a 2016 export naming the game ``Lowball27 fixed limit``: "names no
    game Winamax deals alone"."""
    for game in ("2-7 Triple Draw fixed limit", "Lowball27 fixed limit"):
        conversion = convert_text(_TRIPLE_DRAW.replace("2-7 Triple Draw fixed limit", game))
        assert not conversion.failed, game
        (hand,) = conversion.converted
        assert hand.problems == [], game
        fields = samples.fields(hand)
        assert (fields["variant"], fields["small_bet"], fields["big_bet"]) == ("F2L3D", 2, 4)
        assert samples.actions(hand) == [
            *["d dh p1 2hTd8c7c3s", "d dh p2 ??????????", "p2 cbr 4", "p1 cc"],
            *["p1 sd", "p2 sd ????", "d dh p2 ????", "p1 cc", "p2 cbr 2", "p1 cc"],
            *["p1 sd", "p2 sd", "p1 cbr 4", "p2 cc"],
            *["p1 sd", "p2 sd ??", "d dh p2 ??", "p1 cbr 4", "p2 f"],
        ]
        assert fields["winnings"] == [Decimal("19.50"), 0] and fields["_rake"] == Decimal("0.50")


#: A seven card stud hand in Winamax's layout of 2016: the stakes written
#: ante first (``(1€/4€/8€)``), no button, the other player's cards
#: ``[X X 2h]``, the bring-in ``brings in 2€``, the last street ``*** 7th
#: STREET ***``. Our own hand, typed.
_STUD = """\
Winamax Poker - CashGame - HandId: #5552-7-1478990787 - 7-Card Stud fixed limit (1€/4€/8€) - 2016/11/12 22:46:27 UTC
Table: 'Lyon' 6-max (real money)
Seat 1: Anna (100€)
Seat 4: Bert (80€)
*** ANTE/BLINDS ***
Anna posts ante 1€
Bert posts ante 1€
*** 3rd STREET ***
Dealt to Anna [4h Ac Qd]
Dealt to Bert [X X 2h]
Bert brings in 2€
Anna raises 4€ to 4€
Bert calls 2€
*** 4th STREET ***
Dealt to Anna [4h Ac Qd] [3h]
Dealt to Bert [X X 2h] [Kh]
Bert checks
Anna checks
*** 5th STREET ***
Dealt to Anna [4h Ac Qd 3h] [Qh]
Dealt to Bert [X X 2h Kh] [7d]
Anna bets 8€
Bert calls 8€
*** 6th STREET ***
Dealt to Anna [4h Ac Qd 3h Qh] [5h]
Dealt to Bert [X X 2h Kh 7d] [9c]
Anna checks
Bert checks
*** 7th STREET ***
Dealt to Anna [4h Ac Qd 3h Qh 5h] [Th]
Dealt to Bert [X X 2h Kh 7d 9c] [X]
Anna bets 8€
Bert folds
Anna collected 33.50€ from pot
*** SUMMARY ***
Total pot 33.50€ | Rake 0.50€
Seat 1: Anna won 33.50€
"""


def test_a_stud_hand_s_bring_in_and_hidden_cards() -> None:
    """Before: "`brings in 2` is not a Winamax action", and "`*** 7th STREET
    ***` is a street this converter does not know"."""
    conversion = convert_text(_STUD)
    assert not conversion.failed
    (hand,) = conversion.converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert (fields["variant"], fields["antes"], fields["bring_in"]) == ("F7S", [1, 1], 2)
    assert (fields["small_bet"], fields["big_bet"]) == (4, 8)
    assert samples.actions(hand)[:4] == ["d dh p1 4hAcQd", "d dh p2 ????2h", "p2 pb", "p1 cbr 4"]
    assert samples.actions(hand)[-4:] == ["d dh p1 Th", "d dh p2 ??", "p1 cbr 8", "p2 f"]
    assert fields["winnings"] == [Decimal("25.50"), 0]


def test_the_2021_board_line_with_a_colon() -> None:
    """Winamax's 2021 board lines put a colon after the street
    (``*** FLOP ***: [5c Tc 6c]``); before: "a street this converter does not know"."""
    conversion = convert_text(_IDLE_SEATS.replace("*** FLOP *** [", "*** FLOP ***: ["))
    assert not conversion.failed
    assert samples.actions(conversion.hands[0])[8] == "d db 5cTc6c"


#: A player back at the table posting both blinds, as Winamax writes it:
#: the two blinds' sum as a small blind, then a big blind of nothing. Our
#: own hand, typed in Winamax's 2016 layout.
_POSTS_BOTH = """\
Winamax Poker - CashGame - HandId: #5553-5-1479198677 - Omaha pot limit (1€/2€) - 2016/11/15 08:31:17 UTC
Table: 'Lyon' 5-max (real money) Seat #2 is the button
Seat 1: Anna (100€)
Seat 2: Bert (80€)
Seat 3: Cleo (60€)
Seat 4: Dora (50€)
*** ANTE/BLINDS ***
Cleo posts small blind 1€
Dora posts big blind 2€
Anna posts small blind 3€ out of position
Anna posts big blind 0€ out of position
*** PRE-FLOP ***
Anna checks
Bert calls 2€
Cleo folds
Dora checks
*** FLOP *** [3c 4s 9h]
Dora checks
Anna bets 8€
Bert folds
Dora folds
Anna collected 15.48€ from pot
*** SUMMARY ***
Total pot 15.48€ | Rake 0.52€
Board: [3c 4s 9h]
Seat 1: Anna won 15.48€
"""


def test_both_blinds_posted_as_one_small_blind() -> None:
    """``posts small blind 3€`` then ``posts big blind 0€``: 1€ dead and the
    big blind live, so Anna may check (before: read as a live small blind of
    3€, the replay ended off the history: "p2 (Dora) ends the replay with
    47; the history implies 48")."""
    conversion = convert_text(_POSTS_BOTH)
    assert not conversion.failed
    (hand,) = conversion.converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert fields["players"] == ["Cleo", "Dora", "Anna", "Bert"]
    assert fields["winnings"] == [0, 0, Decimal("7.48"), 0]


def test_a_stud_hi_lo_pot_collected_in_halves() -> None:
    """Winamax writes a hi/lo pot's halves ``collected 16.75€ from pot(HI)``
    and ``… from pot(LO)``; before: "not a line this converter understands"."""
    halves = "Anna collected 16.75€ from pot(HI)\nAnna collected 16.75€ from pot(LO)\n"
    text = _STUD.replace("7-Card Stud fixed limit", "7-Card Stud Hi/Lo fixed limit")
    conversion = convert_text(text.replace("Anna collected 33.50€ from pot\n", halves))
    assert not conversion.failed
    (hand,) = conversion.converted
    assert hand.problems == []
    fields = samples.fields(hand)
    assert (fields["variant"], fields["winnings"]) == ("F7S/8", [Decimal("25.50"), 0])


def test_a_stud_export_that_shows_nobody_s_cards_is_named() -> None:
    """The play-money client's export of a stud hand shows no card at all,
    and the up cards decide who brings in and who acts first. Before: "Bert
    acts, but it is Anna's turn"."""
    text = re.sub(r"Dealt to .*\n", "", _STUD).replace("7-Card Stud fixed limit", "7stud fixed limit")
    (failed,) = convert_text(text).failed
    assert (failed.line, failed.reason) == (
        1,
        "this Winamax stud hand shows nobody's cards as they are dealt, and the up cards decide who brings in"
        " and who acts first: PHH cannot replay the hand without them",
    )


#: A tournament hand chopped three ways, 140 chips: Winamax gives the odd
#: chips to two players, PokerKit both to a third (typed by hand).
_THREE_WAY_CHOP = (
    'Winamax Poker - Tournament "Freeroll" buyIn: Free level: 2 - HandId: #5142226-53-1299355300'
    " - Holdem no limit (5/10/20) - 2011/03/05 20:05:00 UTC\n"
    """\
Table: 'Freeroll 150€(5142226)#052' 9-max (real money) Seat #2 is the button
Seat 1: Dora (1000)
Seat 2: gpelle (1000)
Seat 5: elo_7 (1000)
Seat 9: MALBAKONE (1000)
*** ANTE/BLINDS ***
Dora posts ante 5
gpelle posts ante 5
elo_7 posts ante 5
MALBAKONE posts ante 5
elo_7 posts small blind 10
MALBAKONE posts big blind 20
*** PRE-FLOP ***
Dora folds
gpelle raises 20 to 40
elo_7 calls 30
MALBAKONE calls 20
*** FLOP *** [Tc Td Qd]
elo_7 checks
MALBAKONE checks
gpelle checks
*** TURN *** [Tc Td Qd][Qh]
elo_7 checks
MALBAKONE checks
gpelle checks
*** RIVER *** [Tc Td Qd Qh][Ac]
elo_7 checks
MALBAKONE checks
gpelle checks
*** SHOW DOWN ***
elo_7 shows [4s 5h] (Two pairs : Queens and Tens)
MALBAKONE shows [6c 7h] (Two pairs : Queens and Tens)
gpelle shows [2c 3h] (Two pairs : Queens and Tens)
gpelle collected 47 from pot
MALBAKONE collected 47 from pot
elo_7 collected 46 from pot
*** SUMMARY ***
Total pot 140 | No rake
Board: [Tc Td Qd Qh Ac]
"""
)


def test_a_pot_chopped_with_odd_chips_given_otherwise_than_pokerkit_gives_them() -> None:
    """Before: "p2 (MALBAKONE) ends the replay with 1,001; the history
    implies 1,002" (and gpelle's likewise): which winner gets the odd chip
    is the site's rule, not a stack the history gets wrong."""
    (hand,) = convert_text(_THREE_WAY_CHOP).converted
    assert hand.problems == [] and samples.fields(hand)["winnings"] == [46, 47, 0, 47]
