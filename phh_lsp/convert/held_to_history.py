"""A converted hand held to its history: the stacks the replay ends with
against those the history's lines imply.

Why a module of its own: the one comparison every site's hand goes
through after PokerKit replayed it (see :mod:`phh_lsp.convert.to_phh`),
with what it must forgive (a site's odd cent or chip in a split pot, a
stack the history does not know) and nothing more.
"""

from __future__ import annotations

from collections.abc import Container
from decimal import Decimal
from typing import TYPE_CHECKING

from phh_lsp.convert.history import SiteHand
from phh_lsp.core.engine.state_view import fmt_amount

if TYPE_CHECKING:
    from pokerkit import State


def stand_in_stack(hand: SiteHand) -> Decimal:
    """The stack the replay gives a player whose stack the history does not
    know (``inf`` in the text: one who joined during the hand): more than
    every chip the hand's lines name, so it plays as ``inf`` does, and the
    replay's final stacks can be held to the history's like any other."""
    amounts = [seat.stack for seat in hand.seats if seat.stack.is_finite()] + [post.amount for post in hand.posts]
    return sum(amounts + [event.amount for event in hand.events], Decimal(1))


def smallest_unit(hand: SiteHand) -> Decimal:
    """The smallest amount the history writes (a cent, a chip): the finest
    its pots can be split."""
    amounts = [seat.stack for seat in hand.seats if seat.stack.is_finite()] + [post.amount for post in hand.posts]
    amounts += [event.amount for event in hand.events if event.amount]
    exponent = min((int(amount.normalize().as_tuple().exponent) for amount in amounts), default=0)
    return Decimal(1).scaleb(min(exponent, 0))


def held_to_history(hand: SiteHand, names: list[str], state: State, streets: Container[int]) -> list[str]:
    """Where the replay's final stacks differ from what the history implies
    (a street begins at a board, or at the ``streets`` events where PokerKit
    dealt one the history tells without saying when)."""
    unknown_stack = stand_in_stack(hand)
    unknown = {seat.name for seat in hand.seats if not seat.stack.is_finite()}
    implied = {seat.name: unknown_stack if seat.name in unknown else seat.stack for seat in hand.seats}
    on_street = {name: Decimal(0) for name in names}
    for post in hand.posts:
        implied[post.name] -= post.amount
        if post.kind != "ante" and post.kind != "dead":
            on_street[post.name] += post.amount
    collectors = set()
    for index, event in enumerate(hand.events):
        if event.kind in ("board", "street") or index in streets:
            on_street = dict.fromkeys(names, Decimal(0))
        if event.kind in ("call", "bet", "bring_in"):
            implied[event.name] -= event.amount
            on_street[event.name] += event.amount
        elif event.kind == "raise_to":
            implied[event.name] -= event.amount - on_street[event.name]
            on_street[event.name] = event.amount
        elif event.kind in ("returned", "collected"):
            implied[event.name] += event.amount
            if event.kind == "collected":
                collectors.add(event.name)
    problems = []
    short = Decimal(0)
    odd_chip = smallest_unit(hand)
    for index, name in enumerate(names):
        final = Decimal(state.stacks[index])
        difference = final - implied[name]
        # A pot split in equal parts leaves the site an odd cent to give one of
        # the winners (3.49 and 3.48 of 6.97), where PokerKit gives 3.485 each,
        # or, in whole chips, gives the odd chips to another winner than PokerKit does.
        odd = abs(difference) < odd_chip or (len(collectors) > 1 and abs(difference) == odd_chip)
        chop = name in collectors and odd
        wrong = difference and not chop and (name not in collectors or difference < 0)
        if wrong and name in unknown:
            ways = "short of" if difference < 0 else "over"
            problems.append(
                f"p{index + 1} ({name}) ends the replay {fmt_amount(abs(difference))} {ways} what the history implies"
                " (stack unknown)"
            )
        elif wrong:
            problems.append(
                f"p{index + 1} ({name}) ends the replay with {fmt_amount(final)}; "
                f"the history implies {fmt_amount(implied[name])}"
            )
        elif name in collectors:
            short += difference
    if hand.rake is not None and short != hand.rake and not problems:
        problems.append(
            f"the players who collected are {fmt_amount(short)} short of the replay's pots, "
            f"but the rake is {fmt_amount(hand.rake)}"
        )
    return problems
