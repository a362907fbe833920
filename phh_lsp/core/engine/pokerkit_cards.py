"""PokerKit's own card objects, and its deck in the order the hand deals it.

Why: PokerKit finds every card it deals, burns or takes back by a linear
search of its deck and piles, comparing cards in Python; with the card
parsing that precedes it, dealing was the largest single cost of a replay.
Two changes, neither of which alters what PokerKit decides:

* :func:`pokerkit_cards` hands PokerKit the deck's own ``Card`` objects
  (and ``Card.UNKNOWN`` for ``??``) instead of text to parse. Cards are
  immutable values and PokerKit compares them by value, never by identity,
  so equal objects and the same object behave alike; the same object is
  only found sooner (Python's ``in`` tries identity first).
* :func:`stack_deck` puts the cards the history deals on top of the deck,
  in the order they are dealt. PokerKit shuffles the deck at random when a
  state is made, so any order is one it could have drawn; this one puts
  each card first where it is looked for. Nothing reads the order otherwise.
* :func:`deal_unknown_on_top` does the same for ``??``, which PokerKit never
  finds in its deck: each unknown card cost two searches of the whole deck
  (a fifth of ``check``'s time on a dataset whose hole cards are all
  unknown). Put on top just before it is dealt, it is found first and
  taken off again by PokerKit itself: the deck is then what it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from phh_lsp.core.rules.actions import ActionKind, ParsedAction

if TYPE_CHECKING:
    from pokerkit import Card, Deck, State

UNKNOWN = "??"
#: The kinds that deal cards (bound once: an enum member's lookup is slow on Python 3.11).
_DEALS: Final = frozenset({ActionKind.DEAL_HOLE, ActionKind.DEAL_BOARD})


#: Per deck (by identity: a Deck is a tuple, and hashing one hashes its 52
#: cards), the deck and its cards by notation.
_decks: dict[int, tuple[Deck, dict[str, Card]]] = {}


def _cards_by_text(deck: Deck) -> dict[str, Card]:
    """The deck's own card objects by their notation (``As``), and ``??``."""
    known = _decks.get(id(deck))
    if known is not None and known[0] is deck:
        return known[1]
    from pokerkit import Card

    cards = {repr(card): card for card in deck}
    cards[UNKNOWN] = Card.UNKNOWN
    _decks[id(deck)] = (deck, cards)
    return cards


def pokerkit_cards(state: State, texts: list[str]) -> tuple[Card, ...] | str:
    """The cards written as ``texts``, as PokerKit's objects of this deck.

    A card outside the deck (a deuce in short-deck, a malformed card) is
    left to PokerKit to parse and judge: the text is returned as it is.
    """
    by_text = _cards_by_text(state.deck)
    try:  # not `None in found`: that compares None with every card by Card.__eq__, in Python
        return tuple([by_text[text] for text in texts])
    except KeyError:
        return "".join(texts)


def stack_deck(state: State, actions: list[ParsedAction]) -> None:
    """Put the known cards the actions deal on top of the deck, in order."""
    by_text = _cards_by_text(state.deck)
    on_top: list[Card] = []
    placed: set[str] = set()
    for action in actions:
        if action.kind in _DEALS:
            for card in action.cards:
                found = by_text.get(card.text)
                if found is not None and card.text != UNKNOWN and card.text not in placed:
                    placed.add(card.text)
                    on_top.append(found)
    if not on_top:
        return
    ids = {id(card) for card in on_top}
    rest = [card for card in state.deck_cards if id(card) not in ids]
    if len(rest) + len(on_top) != len(state.deck_cards):
        return  # a card of the history is no longer in the deck: leave it as it is
    state.deck_cards.clear()
    state.deck_cards.extend(on_top)
    state.deck_cards.extend(rest)


def deal_unknown_on_top(
    state: State, deal: Callable[..., object], cards: tuple[Card, ...] | str, *more: object
) -> None:
    """``deal(cards, *more)`` (a deal or a burn), the ``??`` among ``cards`` laid on top of the deck.

    PokerKit takes each dealt card out of its deck when it finds it there,
    so the cards put on top are gone again once the deal is done; a deal
    PokerKit refuses leaves them behind, and they are removed here. Left
    alone when the deck could run short (no more cards in it than known
    ones dealt): PokerKit then refills it from the muck and must see its
    true size. A plain call, not a context manager: it runs for every
    card dealt, and a deal without ``??`` (most of them) then costs one
    scan of its few cards.
    """
    from pokerkit import Card

    unknown = Card.UNKNOWN
    count = 0 if isinstance(cards, str) else sum(card is unknown for card in cards)
    deck = state.deck_cards
    if not count or len(deck) <= len(cards) - count:
        deal(cards, *more)
        return
    deck.extendleft([unknown] * count)
    try:
        deal(cards, *more)
    finally:
        while deck and deck[0] is unknown:
            deck.popleft()
