"""Winamax histories converted: PokerStars' layout in Winamax's words (what
every site promises is checked in ``test_every_site``).

The sample ``samples/winamax/cash-and-tournament.txt`` is typed by hand in
Winamax's exact layout (no real export under a licence that allows
committing it was found): a euro cash hand with names with spaces and
accents, and a tournament hand won by a bet nobody called, which Winamax
counts in what the bettor collected and never writes as returned.
"""

from __future__ import annotations

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
