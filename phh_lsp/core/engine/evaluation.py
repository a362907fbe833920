"""Hand evaluation remembered: PokerKit's hand types, memoised.

Why: at a showdown PokerKit's hand killing asks, for every player still
in, whether that player can still win (``State.can_win_now``), and each
of those questions evaluates the hand of *every* player again: n² full
evaluations of the same cards. Each evaluation of a seven-card stud hand
builds 21 five-card hands and compares them, and every comparison looks
both hands up in the tables again (``Hand.entry`` is recomputed on each
access). Profiled on the corpus, that was a third of the checker's time.

The remedy changes no rule: a hand's value is a pure function of its
cards, so the values PokerKit computes are kept and handed back when the
same cards come again. :func:`memoized` derives, from each PokerKit hand
type, a subclass whose ``from_game`` remembers its result (or its
``ValueError``) by the cards it was given, whose lookup remembers each
five-card entry, and whose instances keep their entry once computed.
Every value still comes from PokerKit's own ``from_game`` and lookup
tables. Caches are bounded and may be shared by threads (a lost race
only computes a value twice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerkit import Hand
    from pokerkit.lookups import Entry, Lookup

#: Entries kept per cache before it is emptied and starts again: plenty
#: for one hand's showdown, and a few megabytes at most.
MAX_CACHED = 50_000

_memoized_types: dict[type[Hand], type[Hand]] = {}


_KEYABLE = (str, tuple)


def _identity(cards: str | tuple[Any, ...]) -> str | tuple[int, ...]:
    """A cache key for cards: text as it is, card objects by identity.

    Hashing a tuple of PokerKit cards runs Python code for every card; the
    replay hands PokerKit the same card objects throughout (see
    pokerkit_cards), so their identities are key enough. The caches keep
    the cards themselves beside each entry, so no identity can be reused
    by another object while its entry lives; equal cards that are other
    objects merely miss the cache.
    """
    return cards if isinstance(cards, str) else tuple(map(id, cards))


class _NoHand:
    """A remembered ``ValueError``: no hand of this type from these cards.

    The message is kept rather than the exception, which would gather a
    traceback each time it is raised again.
    """

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message


class _RememberingLookup:
    """A PokerKit lookup that remembers the entry of each card tuple."""

    def __init__(self, lookup: Lookup) -> None:
        self._lookup = lookup
        self._entries: dict[Any, tuple[Any, Entry | None]] = {}

    def _entry_or_none(self, cards: Any) -> Entry | None:
        if not isinstance(cards, _KEYABLE):
            cards = tuple(cards)
        key = _identity(cards)
        try:
            return self._entries[key][1]
        except KeyError:
            pass
        entry = self._lookup.get_entry_or_none(cards)
        if len(self._entries) >= MAX_CACHED:
            self._entries.clear()
        self._entries[key] = (cards, entry)
        return entry

    def has_entry(self, cards: Any) -> bool:
        """As :meth:`pokerkit.lookups.Lookup.has_entry`."""
        return self._entry_or_none(cards) is not None

    def get_entry(self, cards: Any) -> Entry:
        """As :meth:`pokerkit.lookups.Lookup.get_entry` (``ValueError`` if none)."""
        entry = self._entry_or_none(cards)
        if entry is None:
            raise ValueError(f"The cards {cards!r} form an invalid hand.")
        return entry

    def get_entry_or_none(self, cards: Any) -> Entry | None:
        """As :meth:`pokerkit.lookups.Lookup.get_entry_or_none`."""
        return self._entry_or_none(cards)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._lookup, name)


def memoized(hand_type: type[Hand]) -> type[Hand]:
    """The remembering subclass of a PokerKit hand type (one per type)."""
    found = _memoized_types.get(hand_type)
    if found is not None:
        return found
    results: dict[tuple[Any, Any], tuple[Any, Any, Any]] = {}
    original_from_game = hand_type.from_game.__func__  # type: ignore[attr-defined]

    def from_game(cls: type[Hand], hole_cards: Any, board_cards: Any = ()) -> Hand:
        hole = hole_cards if isinstance(hole_cards, _KEYABLE) else tuple(hole_cards)
        board = board_cards if isinstance(board_cards, _KEYABLE) else tuple(board_cards)
        key = (_identity(hole), _identity(board))
        try:
            result = results[key][2]
        except KeyError:
            try:
                result = original_from_game(cls, hole, board)
            except ValueError as error:
                result = _NoHand(str(error))
            if len(results) >= MAX_CACHED:
                results.clear()
            results[key] = (hole, board, result)
        if type(result) is _NoHand:
            raise ValueError(result.message)
        return result  # type: ignore[no-any-return]

    def entry(self: Hand) -> Entry:
        cache = self.__dict__
        value: Entry | None = cache.get("_phh_entry")
        if value is None:
            value = cache["_phh_entry"] = self.lookup.get_entry(self.cards)
        return value

    namespace = {
        "from_game": classmethod(from_game),
        "entry": property(entry, doc=hand_type.entry.__doc__),
        "lookup": _RememberingLookup(hand_type.lookup),
        "__module__": __name__,
        "__doc__": f"{hand_type.__qualname__}, with its evaluations remembered.",
    }
    metaclass: Any = type(hand_type)  # ABCMeta: PokerKit's hand types are abstract-based
    remembering: type[Hand] = metaclass(hand_type.__name__, (hand_type,), namespace)
    remembering.__qualname__ = hand_type.__qualname__
    _memoized_types[hand_type] = remembering
    return remembering
