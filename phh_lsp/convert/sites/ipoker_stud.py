"""What an iPoker stud hand (seven card stud, stud hi/lo, razz) says that a
hold'em hand does not: its streets, the cards each player is dealt on them,
and, in a tournament, the bets.

iPoker writes a stud street as a round (``no`` 2 is third street, 6 the
river) where each player's ``<cards type="Third Street">`` precede their
actions: ``X X DA`` (two cards face down nobody saw, an ace of diamonds up),
all three when they are the player's own, one card on each later street,
``X`` for a river card nobody saw. They become ``deal`` events, which the
shared converter deals when PokerKit deals them, as for PokerStars. The
bring-in is action type 16. A tournament's header names no stakes: the
small bet is the first completion or bet of third or fourth street, the
big bet twice it (the first bet of a later street tells it otherwise).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from decimal import Decimal
from typing import Final, Protocol

from phh_lsp.convert.history import ConversionError, Event
from phh_lsp.convert.sites.ipoker_amounts import cards_of

#: The stud streets by the number of their round.
STREETS: Final = {2: "Third Street", 3: "Fourth Street", 4: "Fifth Street", 5: "Sixth Street", 6: "River"}
#: Action type of the bring-in.
BRING_IN: Final = "16"
#: Action types of a bet and a raise (their sum: the street's total), an ante.
_BET: Final = "5"
_RAISE: Final = "23"
_ANTE: Final = "15"


class _Acted(Protocol):
    round: int
    kind: str
    sum: Decimal


def stud_deals(round_no: int, element: ET.Element, line_of: dict[int, int], first_line: int) -> list[Event]:
    """The cards a stud round deals each player, as ``deal`` events."""
    street = STREETS.get(round_no)
    deals = []
    for cards in element.iter("cards"):
        kind, line = cards.get("type"), line_of.get(id(cards), first_line)
        if kind != street:
            raise ConversionError(f'cards of type="{kind}" are not dealt in stud\'s round {round_no}', line)
        raw = (cards.text or "").split()
        wanted = 3 if round_no == 2 else 1
        if len(raw) != wanted:
            raise ConversionError(f"{street} deals {wanted} card(s) to a player, not `{cards.text}`", line)
        dealt = "".join(cards_of(token, line) or "??" for token in raw)
        deals.append(Event("deal", line, cards.get("player") or "", cards=dealt))
    return deals


def stud_stakes(
    actions: Sequence[_Acted], known: dict[tuple[Decimal, Decimal], tuple[Decimal, Decimal]], line: int
) -> tuple[Decimal, Decimal]:
    """A stud tournament's small and big bet, from the hand's bets, or, when
    nobody bets, from an earlier hand of the session at the same ante and
    bring-in (``known``, which this fills)."""
    ante = next((action.sum for action in actions if action.kind == _ANTE), Decimal(0))
    bring_in = next((action.sum for action in actions if action.kind == BRING_IN), None)
    small = next((action.sum for action in actions if action.kind == _BET and action.round in (2, 3)), None)
    big = next((action.sum for action in actions if action.kind == _BET and action.round >= 4), None)
    stakes = (small, 2 * small) if small is not None else (big / 2, big) if big is not None else None
    if stakes is None and bring_in is not None:
        stakes = known.get((ante, bring_in))
    if stakes is None:
        raise ConversionError(
            "nobody bets in this stud tournament hand and iPoker names no stakes for it: its limits are unknown", line
        )
    if bring_in is not None:
        known.setdefault((ante, bring_in), stakes)
    return stakes


def open_pair_big_bet(action: _Acted, small_bet: Decimal) -> bool:
    """Whether a fourth-street bet is the big bet an open pair allows,
    which PHH's stud (PokerKit's) has no rule for."""
    total = small_bet if action.kind == _BET else 2 * small_bet
    return action.round == 3 and action.kind in (_BET, _RAISE) and action.sum > total
