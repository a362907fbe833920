"""Card notation (spec §V.D): ranks, suits, decks per variant, names.

A known card is two characters, rank then suit (``Ah``, ``Tc``); ``??`` is
an unknown card; several cards are concatenated without separators. The
short-deck variant (NS) has no deuces to fives, and the spec calls a card
outside the variant's deck a violation, which PokerKit only warns about.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from phh_lsp.core.text import Span

RANK_NAMES: dict[str, str] = {
    "A": "Ace",
    "2": "Deuce",
    "3": "Trey",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
}
SUIT_NAMES: dict[str, str] = {
    "c": "clubs",
    "d": "diamonds",
    "h": "hearts",
    "s": "spades",
}
RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNKNOWN = "??"

STANDARD_DECK: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)
SHORT_DECK: tuple[str, ...] = tuple(card for card in STANDARD_DECK if card[0] not in "2345")


def deck_for(variant: str | None) -> tuple[str, ...]:
    """The cards of the variant's deck, in rank then suit order."""
    return SHORT_DECK if variant == "NS" else STANDARD_DECK


@dataclass(slots=True, unsafe_hash=True)  # not frozen, for speed: see text.Span
class CardToken:
    """One card written in an action, with where it stands in the source (never mutated)."""

    text: str
    span: Span
    error: str | None = None

    @property
    def known(self) -> bool:
        """A well-formed card other than ``??``."""
        return self.error is None and "?" not in self.text


def card_name(card: str) -> str:
    """``"Ace of clubs"`` for ``Ac``; ``"an unknown card"`` for ``??``."""
    if card == UNKNOWN:
        return "an unknown card"
    if len(card) == 2 and card[0] in RANK_NAMES and card[1] in SUIT_NAMES:
        return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"
    return card


_TEN = "`10` is not a rank: write a ten as `T` (e.g. `Th` for the ten of hearts)"


@lru_cache(maxsize=1024)
def _card_error(text: str) -> str | None:
    """Why a two-character card is malformed, or None (remembered: the same
    few dozen pieces come back in every hand)."""
    if text == UNKNOWN:
        return None
    rank, suit = text[0], text[1]
    rank_ok = rank in RANK_NAMES or rank == "?"
    suit_ok = suit in SUIT_NAMES or suit == "?"
    if rank_ok and suit_ok:
        return None
    problems = []
    if not rank_ok:
        hint = " (ranks are upper case)" if rank.upper() in RANK_NAMES else ""
        problems.append(f"`{rank}` is not a rank{hint}: use one of 23456789TJQKA or ?")
    if not suit_ok:
        hint = " (suits are lower case)" if suit.lower() in SUIT_NAMES else ""
        problems.append(f"`{suit}` is not a suit{hint}: use one of c, d, h, s or ?")
    return "; ".join(problems)


def split_cards(text: str, offset_of: list[int] | None, base: int) -> list[CardToken]:
    """Split a card word into two-character cards, marking malformed ones.

    ``base`` is the word's start offset in the source; ``offset_of`` maps
    a character index of the word to its source offset when the string
    held escapes (None when characters map one to one). A word of odd
    length yields a last one-character token carrying the error.
    """
    if offset_of is None and not len(text) % 2 and "10" not in text:  # the usual word: AcAd, ????
        pieces = [(text[index : index + 2], base + index) for index in range(0, len(text), 2)]
        return [CardToken(piece, Span(start, start + 2), _card_error(piece)) for piece, start in pieces]

    def span(start: int, end: int) -> Span:
        if offset_of is None:
            return Span(base + start, base + end)
        return Span(offset_of[start], offset_of[end - 1] + 1)

    tokens: list[CardToken] = []
    index = 0
    while index < len(text):
        if text.startswith("10", index) and index + 2 < len(text):
            tokens.append(CardToken(text[index : index + 3], span(index, index + 3), _TEN))
            index += 3
        elif index + 1 < len(text):
            piece = text[index : index + 2]
            tokens.append(CardToken(piece, span(index, index + 2), _card_error(piece)))
            index += 2
        else:
            message = (
                f"incomplete card `{text[index]}`: every card is two characters, a rank and a suit (e.g. `Ah`), or `??`"
            )
            tokens.append(CardToken(text[index], span(index, index + 1), message))
            index += 1
    return tokens
