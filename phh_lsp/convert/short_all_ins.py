"""What the sites let a player do around a short all-in, held to what
PHH's rules (PokerKit's) allow: written as PokerKit plays it where the
chips come out the same, named with why where PHH has no such rule.

Why a module of its own: the sites agree on most of the betting, but a
blind or a bet posted all in for less than the full amount is where their
rules and PokerKit's part. The conversion (:mod:`phh_lsp.convert.to_phh`)
asks here before it writes a bet or raise PokerKit would refuse, so the
player reads what happened rather than PokerKit's bare "below the minimum".
No betting rule is decided here: PokerKit's state says what it allows.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from phh_lsp.convert.history import SiteHand
from phh_lsp.core.engine.state_view import fmt_amount
from phh_lsp.core.rules.schema import FIXED_LIMIT_VARIANTS

if TYPE_CHECKING:
    from pokerkit import State


def calls_the_full_blind(state: State, hand: SiteHand, index: int, to: Decimal) -> bool:
    """Whether a bet before the flop to no more than the game's big blind,
    after a big blind posted all in for less, is the call of the full blind
    the sites write (888, Absolute): PokerKit prices a call from the chips
    posted, and the part of the full blind nobody else matches comes back to
    the caller either way (held to the history, as every hand is, a part
    another player matched shows as a problem)."""
    big = hand.stakes[0] if hand.variant in FIXED_LIMIT_VARIANTS else hand.stakes[1]
    short = any(post.kind == "big_blind" and post.amount < big for post in hand.posts)
    return (
        short
        and state.street_index == 0
        and to <= big
        and state.can_complete_bet_or_raise_to()
        and Decimal(state.min_completion_betting_or_raising_to_amount or 0) > to
        and Decimal(state.stacks[index] + state.bets[index]) > to
    )


def limit_raise_refused(state: State, hand: SiteHand, names: list[str], name: str, to: Decimal) -> str | None:
    """Why a fixed-limit raise over a short all-in cannot be written, or
    None when PokerKit allows it (or the bet on top is nobody's all-in). The
    sites complete a bet an all-in left short, or reopen the betting after
    an all-in raise of half a bet (PokerStars' limit rules); PokerKit prices
    the next raise from the all-in and never reopens."""
    if hand.variant not in FIXED_LIMIT_VARIANTS:
        return None
    top = max(state.bets)
    all_in = [i for i, bet in enumerate(state.bets) if bet == top and state.statuses[i] and state.stacks[i] == 0]
    if not all_in:
        return None
    if state.can_complete_bet_or_raise_to():
        low = Decimal(state.min_completion_betting_or_raising_to_amount or 0)
        high = Decimal(state.max_completion_betting_or_raising_to_amount or 0)
        if low <= to <= high:
            return None
        allowed = f"a raise to {fmt_amount(low)} only"
        if low != high:
            allowed = f"a raise to {fmt_amount(low)} to {fmt_amount(high)}"
    else:
        allowed = "a call only"
    return (
        f"PHH has no rule for a short all-in as {hand.site} plays fixed-limit: {names[all_in[0]]} is all in for "
        f"{fmt_amount(Decimal(top))}, less than a full bet or raise, and {name} raises to {fmt_amount(to)}, "
        f"where PHH's limit rules (PokerKit's) allow {allowed}"
    )


def raise_after_short_blind_refused(state: State, hand: SiteHand, name: str, to: Decimal) -> str | None:
    """Why a raise before the flop, after a big blind posted all in for less,
    cannot be written, or None when PokerKit allows it: the sites measure
    the next raises from the full blind, PokerKit from the chips posted, so
    its minimum raise is higher (a fixed-limit game: see
    :func:`limit_raise_refused`)."""
    if hand.variant in FIXED_LIMIT_VARIANTS or state.street_index != 0 or not state.can_complete_bet_or_raise_to():
        return None
    big = hand.stakes[1]
    short = next((post for post in hand.posts if post.kind == "big_blind" and post.amount < big), None)
    low = Decimal(state.min_completion_betting_or_raising_to_amount or 0)
    index = state.actor_index
    if short is None or index is None or to >= low or Decimal(state.stacks[index] + state.bets[index]) <= to:
        return None
    return (
        f"PHH has no rule for a raise after a short all-in big blind: {short.name} posts the big blind all in for "
        f"{fmt_amount(short.amount)}, {hand.site} measures the next raises from the full {fmt_amount(big)} blind, "
        f"and {name} raises to {fmt_amount(to)}, where PHH's rules (PokerKit's) measure them from the chips posted "
        f"and allow a raise to {fmt_amount(low)} or more"
    )
