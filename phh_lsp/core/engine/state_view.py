"""What a PokerKit state looks like to a person: streets, amounts, snapshots.

Hover, inlay hints, completion and the replay's messages all describe a
hand's state in words ("it is p3's turn", "Flop", "1,102,600"); they take
those words from here so they always say the same thing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from phh_lsp.core.rules.schema import STUD_VARIANTS

if TYPE_CHECKING:
    from pokerkit import State

Amount = int | Decimal

_HOLDEM_STREETS = ("Pre-flop", "Flop", "Turn", "River")
_STUD_STREETS = ("Third street", "Fourth street", "Fifth street", "Sixth street", "Seventh street")
_STREETS: dict[str, tuple[str, ...]] = {
    "N2L1D": ("Pre-draw", "Post-draw"),
    "F2L3D": ("Pre-draw", "First draw", "Second draw", "Third draw"),
    "FB": ("Pre-draw", "First draw", "Second draw", "Third draw"),
}


def street_names(variant: str) -> tuple[str, ...]:
    """The names of the variant's betting rounds, in order."""
    if variant in STUD_VARIANTS:
        return _STUD_STREETS
    return _STREETS.get(variant, _HOLDEM_STREETS)


def bet_word(bets: Sequence[Amount], bring_in: Amount | None, first_street: bool) -> str:
    """What a ``cbr`` is, facing ``bets``: ``"bet"``, ``"raise"``, or in stud
    (``bring_in`` set) ``"complete"`` while only the bring-in stands on
    third street. Hover ("raises to") and completion ("raise to") say it
    from here, so they always agree."""
    facing = max(bets, default=0)
    if bring_in is not None and first_street and facing <= bring_in:
        return "complete"
    return "raise" if facing else "bet"


def fmt_amount(value: Any) -> str:
    """``1,102,600``, ``2.5``, ``inf``: amounts as a person reads them."""
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if not value.is_finite():
            return "inf" if value > 0 else "-inf"
        if value == value.to_integral_value():
            return f"{int(value):,}"
        return f"{value:,}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state after an action: what hover and inlay hints show."""

    street: str
    pot: Amount
    stacks: tuple[Amount, ...]
    bets: tuple[Amount, ...]
    board: tuple[str, ...]
    hole_cards: tuple[tuple[str, ...], ...]
    #: Per hole card, whether it is face up (stud's up cards, cards shown).
    hole_up: tuple[tuple[bool, ...], ...]
    folded: tuple[bool, ...]
    next_up: str
    actor: int | None
    in_progress: bool
    #: The pots (main, then side pots) of the chips already collected, as PokerKit splits them.
    pots: tuple[Amount, ...] = ()


def describe_pending(state: State, streets: tuple[str, ...] = ()) -> str:
    """What the hand waits for, in words: ``"it is p3's turn"``, ``"the
    dealer deals the flop (3 cards)"`` (naming the street from ``streets``,
    the variant's :func:`street_names`, when given)."""
    if not state.status:
        return "the hand is over"
    if state.can_deal_hole() and state.hole_dealee_index is not None:
        due = len(state.hole_dealing_statuses[state.hole_dealee_index])
        return f"the dealer deals {due} hole card{'s' * (due != 1)} to p{state.hole_dealee_index + 1}"
    if state.stand_patter_or_discarder_index is not None:
        return f"it is p{state.stand_patter_or_discarder_index + 1}'s turn to stand pat or discard"
    if state.actor_index is not None:
        return f"it is p{state.actor_index + 1}'s turn"
    if state.can_deal_board() and state.board_dealing_count:
        count = state.board_dealing_count
        cards = f"{count} card{'s' * (count != 1)}"
        index = state.street_index
        if streets and index is not None:
            return f"the dealer deals the {streets[min(index, len(streets) - 1)].lower()} ({cards})"
        return f"the dealer deals {cards} to the board"
    if state.showdown_index is not None:
        return f"it is p{state.showdown_index + 1}'s turn to show or muck"
    return "no action is pending"


def cards_text(cards: Any) -> tuple[str, ...]:
    return tuple(repr(card) for card in cards)


def snapshot(state: State, street: str, streets: tuple[str, ...] = ()) -> Snapshot:
    """Read what a user wants to see from the live state (``street``: the
    one in play; ``streets``: the variant's, to name what comes next)."""
    board = cards_text(state.get_board_cards(0)) if state.board_cards else ()
    actor = state.actor_index
    if actor is None:
        actor = state.stand_patter_or_discarder_index
    return Snapshot(
        street=street,
        pot=state.total_pot_amount,
        stacks=tuple(state.stacks),
        bets=tuple(state.bets),
        board=board,
        hole_cards=tuple(cards_text(cards) for cards in state.hole_cards),
        hole_up=tuple(tuple(bool(up) for up in statuses) for statuses in state.hole_card_statuses),
        folded=tuple(not status for status in state.statuses),
        next_up=describe_pending(state, streets),
        actor=actor,
        in_progress=bool(state.status),
        pots=tuple(pot.amount for pot in state.pots),
    )
