"""What can legally come next in a hand, asked of PokerKit's live state.

Completion offers these as whole actions (``p3 cbr 600``), labelled for a
person (``call 200``, ``raise to 600 · 3 BB``). The engine decides what
is legal (``can_fold``, the min/max raise, the pot-size raise, who is due
cards); this module only names the options and picks common sizes.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import TYPE_CHECKING, Any

from phh_lsp.core.engine.state_view import bet_word, fmt_amount, street_names
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.hand_info import field_value, in_big_blinds, player_label
from phh_lsp.core.rules.schema import betting_structure

if TYPE_CHECKING:
    from pokerkit import State


@dataclass(frozen=True)
class Candidate:
    """One legal next action: its PHH text and how to present it."""

    text: str
    detail: str
    #: True when the action still needs an argument typed after it.
    open_ended: bool = False


def notation(amount: Any) -> str:
    """An amount as PHH writes it: ``7000``, ``2.5``, ``inf`` (no separators)."""
    if isinstance(amount, Decimal):
        if not amount.is_finite():
            return fmt_amount(amount)  # `inf`, as TOML writes it (Python would say "Infinity")
        return format(amount.normalize(), "f") if amount == amount.to_integral_value() else format(amount, "f")
    return str(amount)


def _sized(amount: Any, like: Any) -> Any:
    """Round a computed size down to the precision of the hand's chips."""
    if isinstance(like, int) and not isinstance(like, bool):
        return int(amount)
    if isinstance(like, Decimal) and isinstance(amount, Decimal):
        digits = like.as_tuple().exponent
        # Cents at least, and never finer than Decimal can hold (a blind of
        # 1e-308 would ask for 308 places).
        places = max(min(digits, -2), -12) if isinstance(digits, int) else -2
        try:
            return amount.quantize(Decimal(1).scaleb(places), rounding=ROUND_DOWN)
        except ArithmeticError:
            return amount
    return amount


def _sizes(state: State, hand: HandAnalysis) -> list[tuple[Any, str]]:
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    variant = hand.report.variant or ""
    structure = betting_structure(variant)
    if structure == "fixed-limit" or low is None or high is None:
        return [(low, "fixed size")] if low is not None else []
    facing = max(state.bets) if state.bets else 0
    call = state.checking_or_calling_amount or 0
    pot_after_call = state.total_pot_amount + call
    sizes: list[tuple[Any, str]] = [(low, "minimum")]
    half = _sized(facing + Decimal(pot_after_call) / 2, low)
    if low < half < high:
        sizes.append((half, "half pot"))
    pot = state.pot_completion_betting_or_raising_to_amount
    if pot is not None and low < pot < high:
        sizes.append((pot, "pot"))
    if high > low and Decimal(high).is_finite():  # an unknown (`inf`) stack has no all-in amount
        sizes.append((high, "all-in" if structure == "no-limit" else "pot (maximum)"))
    return sizes


def legal_next(state: State | None, hand: HandAnalysis) -> list[Candidate]:
    """Every action that PokerKit would accept next, most likely first."""
    if state is None or not state.status:
        return []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no reason to fold" is PokerKit's advice, not an error
        return _legal_next(state, hand)


def _legal_next(state: State, hand: HandAnalysis) -> list[Candidate]:
    while state.can_burn_card():
        state.burn_card("??")
    found: list[Candidate] = []
    if state.can_deal_hole() and state.hole_dealee_index is not None:
        index = state.hole_dealee_index
        due = len(state.hole_dealing_statuses[index])
        label = player_label(hand, index)
        found.append(Candidate(f"d dh p{index + 1} ", f"deal {due} hole card{'s' * (due != 1)} to {label}", True))
        found.append(Candidate(f"d dh p{index + 1} {'??' * due}", f"deal {label} {due} unknown card{'s' * (due != 1)}"))
    if state.can_deal_board() and state.board_dealing_count:
        count = state.board_dealing_count
        names = street_names(hand.report.variant or "")
        street = names[min((state.street_index or 0), len(names) - 1)]
        found.append(Candidate("d db ", f"deal the {street.lower()} ({count} card{'s' * (count != 1)})", True))
    drawer = state.stand_patter_or_discarder_index
    if drawer is not None:
        found.append(Candidate(f"p{drawer + 1} sd", f"{player_label(hand, drawer)} stands pat"))
        found.append(Candidate(f"p{drawer + 1} sd ", f"{player_label(hand, drawer)} discards: choose the cards", True))
    actor = state.actor_index
    if actor is not None:
        found.extend(_player_options(state, hand, actor))
    shower = state.showdown_index
    if shower is not None and state.can_show_or_muck_hole_cards(None, shower):
        label = player_label(hand, shower)
        cards = "".join(repr(card) for card in state.hole_cards[shower])
        if cards and "?" not in cards:
            found.append(Candidate(f"p{shower + 1} sm {cards}", f"{label} shows {cards}"))
        found.append(Candidate(f"p{shower + 1} sm -", f"{label} shows the cards dealt"))
        found.append(Candidate(f"p{shower + 1} sm", f"{label} mucks"))
    return found


def _player_options(state: State, hand: HandAnalysis, actor: int) -> list[Candidate]:
    name = f"p{actor + 1}"
    found: list[Candidate] = []
    if state.can_post_bring_in():
        found.append(Candidate(f"{name} pb", f"bring in {fmt_amount(state.effective_bring_in_amount)}"))
    if state.can_check_or_call():
        amount = state.checking_or_calling_amount or 0
        found.append(Candidate(f"{name} cc", "check" if not amount else f"call {fmt_amount(amount)}"))
    if state.can_fold() and (state.checking_or_calling_amount or not state.can_check_or_call()):
        # where checking is free a fold is a slip (the checker's PHH504), not an option
        found.append(Candidate(f"{name} f", "fold"))
    if state.can_complete_bet_or_raise_to():
        word = bet_word(state.bets, field_value(hand, "bring_in"), (state.street_index or 0) == 0)
        verb = {"bet": "bet", "raise": "raise to", "complete": "complete to"}[word]
        for amount, why in _sizes(state, hand):
            blinds = in_big_blinds(hand, amount)
            detail = f"{verb} {fmt_amount(amount)} ({why})" + (f" · {blinds}" if blinds else "")
            found.append(Candidate(f"{name} cbr {notation(amount)}", detail))
    return found
