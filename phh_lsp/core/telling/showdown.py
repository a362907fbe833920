"""The hands shown at the end, named in the variant's words by PokerKit.

A replayer's last step must say why the pot went where it did: "p3 (Tom
Dwan) shows a straight, seven high" beside "p1 (Phil Ivey) shows a
straight, five high". PokerKit judges the hands: the variant's hand types
(``State.hand_types``: one for hold'em, a high and a low for hi/lo games,
a low for razz and deuce-to-seven, a badugi) each build the best hand from
the player's cards and the board (``Hand.from_game``), and their label
(``Straight``, ``One pair``, ``High card``) and cards are what is printed
here. Nothing here ranks hands; it only words what PokerKit chose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from phh_lsp.core.rules.cards import RANK_NAMES

if TYPE_CHECKING:
    from phh_lsp.core.hand_analysis import HandAnalysis

#: Ranks high to low, as players read them (the ace low in ace-to-five and badugi lows:
#: PokerKit's ``RegularLowHand``, the ``EightOrBetterLowHand`` family and ``BadugiHand``).
_HIGH_ORDER = "AKQJT98765432"
_ACE_LOW_ORDER = "KQJT98765432A"
_ACE_LOW_MARKS = ("Regular", "EightOrBetter", "Badugi")


def hand_types(hand: HandAnalysis) -> tuple[Any, ...]:
    """The variant's PokerKit hand types (empty when the hand sets up no game)."""
    setup = hand.report.setup
    if setup is None:
        return ()
    from phh_lsp.core.engine.hand_setup import create_state

    try:
        return tuple(create_state(setup).hand_types)
    except (ValueError, TypeError):
        return ()


def named_hands(types: tuple[Any, ...], hole: list[str], board: list[str]) -> list[str]:
    """Each of the variant's hands the cards make, in words: ``["straight, seven
    high"]``, or for a hi/lo game ``["high: flush, ace high", "low: 8-6-4-3-A"]``
    (``"low: none"`` when no low qualifies). Empty when a card is unknown."""
    if not hole or any("?" in card for card in [*hole, *board]):
        return []
    from pokerkit import Card

    cards = list(Card.parse("".join(hole)))
    table = list(Card.parse("".join(board)))
    names = []
    for hand_type in types:
        kind = _kind(hand_type)
        try:
            made = hand_type.from_game(cards, table)
        except ValueError:  # no hand of this type (no qualifying low)
            made = None
        words = "none" if made is None else _words(made, kind, _base_name(hand_type))
        names.append(words if len(types) == 1 else f"{kind}: {words}")
    return names


def _base_name(hand_type: Any) -> str:
    """The PokerKit class a (remembering) hand type stands for."""
    for klass in hand_type.__mro__:
        if klass.__module__.startswith("pokerkit"):
            return str(klass.__name__)
    return str(hand_type.__name__)


def _kind(hand_type: Any) -> str:
    name = _base_name(hand_type)
    if "Badugi" in name:
        return "badugi"
    return "low" if "Low" in name else "high"


def _words(made: Any, kind: str, type_name: str) -> str:
    """``straight, seven high``, ``one pair of jacks (J-J-7-6-5)``, ``8-6-4-3-A low``."""
    ranks = [str(card.rank.value) for card in made.cards]
    order = _ACE_LOW_ORDER if any(mark in type_name for mark in _ACE_LOW_MARKS) else _HIGH_ORDER
    # pairs and sets first, as players say them: two pair (T-T-6-6-A)
    counts = {rank: ranks.count(rank) for rank in ranks}
    ranks.sort(key=lambda rank: (-counts[rank], order.index(rank)))
    spelled = "-".join(ranks)
    if kind == "badugi":
        return f"{len(ranks)}-card badugi {spelled}"
    label = str(made.entry.label.value).lower()
    if kind == "low":
        return f"{spelled} low" if label == "high card" else f"{label} ({spelled})"
    if label in ("straight", "straight flush"):
        top = "5" if set(ranks) == set("A2345") else ranks[0]
        return f"{label}, {RANK_NAMES[top].lower()} high"
    if label in ("flush", "high card"):
        return f"{label}, {RANK_NAMES[ranks[0]].lower()} high ({spelled})"
    return f"{label} ({spelled})"
