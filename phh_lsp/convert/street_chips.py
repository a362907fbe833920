"""What a hand's lines put in, street by street: the uncalled bet a site
leaves unsaid.

Some sites never write the part of a bet nobody matched as returned
(PartyPoker counts it in what the bettor ``wins``; PokerStars before 2007
left it out of the pot): the readers work it out from the lines, in one
place, the same way for every site.
"""

from __future__ import annotations

from decimal import Decimal

from phh_lsp.convert.history import ConversionError, Event, Post


def live_posts(posts: list[Post]) -> dict[str, Decimal]:
    """Each player's bet on the first street from the blinds and straddles
    (antes and dead blinds are in the pot, no bet)."""
    street: dict[str, Decimal] = {}
    for post in posts:
        if post.kind not in ("ante", "dead"):
            street[post.name] = street.get(post.name, Decimal(0)) + post.amount
    return street


def add_to_street(street: dict[str, Decimal], event: Event) -> None:
    """The chips the event puts in, added to the player's bet on the street."""
    if event.kind in ("call", "bet", "bring_in"):
        street[event.name] = street.get(event.name, Decimal(0)) + event.amount
    elif event.kind == "raise_to":
        street[event.name] = event.amount


def uncalled(events: list[Event], posts: list[Post]) -> dict[str, Decimal]:
    """Per player, the part of a street's highest bet that nobody matched
    (everyone else folded or was all in for less): it goes back to them."""
    returned: dict[str, Decimal] = {}
    street = live_posts(posts)
    for event in [*events, Event("board", 0)]:
        if event.kind in ("board", "street"):
            bets = sorted(street.items(), key=lambda item: item[1], reverse=True)
            if bets and bets[0][1] > (bets[1][1] if len(bets) > 1 else Decimal(0)):
                name = bets[0][0]
                returned[name] = returned.get(name, Decimal(0)) + bets[0][1] - (bets[1][1] if len(bets) > 1 else 0)
            street = {}
        add_to_street(street, event)
    return returned


def less_returned(collected: list[Event], name: str, amount: Decimal, line: int) -> list[Event]:
    """What the player collected, less their uncalled bet (taken from their
    wins in order); the history must show them winning at least that."""
    left = amount
    kept: list[Event] = []
    for event in collected:
        if event.name == name and left > 0:
            taken = min(left, event.amount)
            left -= taken
            event = Event("collected", event.line, name, event.amount - taken)
            if event.amount == 0:
                continue
        kept.append(event)
    if left > 0:
        raise ConversionError(f"{name}'s uncalled bet of {amount} is not in what the history shows them winning", line)
    return kept
