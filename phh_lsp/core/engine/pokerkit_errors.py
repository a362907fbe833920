"""Tell PokerKit's verdict on a hand from a bug of ours, by where the exception was raised.

PokerKit says that an action or a setup breaks the rules by raising
``ValueError``, ``KeyError``, ``IndexError``, ``TypeError``,
``decimal.InvalidOperation`` or ``AssertionError`` from its own code: the
user's hand is wrong, and the replay reports it as a rule (PHH408, PHH409).
The same types raised by our own code, or any other exception, are a bug of
phh-lsp: reporting them as "PokerKit rejects this action" would send the user
hunting for a mistake that is not in the file, and hide the bug from us. The
replay reports those as PHH901 and logs the traceback (:func:`log_bug`).

Where: the innermost frame of the traceback that belongs to PokerKit or to
phh-lsp (the standard library's frames, between them, say nothing), read by
its module's name, so that no file path is involved.
"""

from __future__ import annotations

import logging
import re
from decimal import InvalidOperation
from typing import Final

#: What PokerKit raises on input it refuses (see docs/architecture.md, "PokerKit is the rules engine").
VERDICT_TYPES = (ValueError, KeyError, IndexError, TypeError, InvalidOperation, AssertionError)

log = logging.getLogger(__name__)


def _raised_in_pokerkit(error: BaseException) -> bool:
    """Whether the last frame of PokerKit or ours that the exception went through is PokerKit's."""
    owner = ""
    traceback = error.__traceback__
    while traceback is not None:
        module = str(traceback.tb_frame.f_globals.get("__name__", ""))
        package = module.split(".", 1)[0]
        if package in ("pokerkit", "phh_lsp"):
            owner = package
        traceback = traceback.tb_next
    return owner == "pokerkit"


def is_pokerkit_verdict(error: BaseException) -> bool:
    """Whether ``error`` is PokerKit refusing the hand (a rule), not a failure of phh-lsp."""
    return isinstance(error, VERDICT_TYPES) and _raised_in_pokerkit(error)


def log_bug(what: str) -> None:
    """Log the exception being handled, traceback included, as a bug of phh-lsp (call inside ``except``)."""
    log.exception("phh-lsp failed %s (a bug, please report it)", what)


def bug_message(what: str, error: BaseException) -> str:
    """The PHH901 message: what failed, that it is ours, and the exception as Python names it."""
    name = type(error).__name__
    return f"phh-lsp failed {what} (a bug, please report it): " + (f"{name}: {error}" if str(error) else name)


#: How Python prints PokerKit's values (``<Rank.UNKNOWN: '?'>``,
#: ``Decimal('2.5')``): what no message shows.
_ENUM_REPR: Final = re.compile(r"<\w+\.(\w+): '([^']*)'>")
_DECIMAL_REPR: Final = re.compile(r"Decimal\('([^']*)'\)")


def verdict_text(error: BaseException) -> str:
    """PokerKit's reason in a player's words: its own sentence with Python's
    reprs of cards and amounts written as the notation writes them, or the
    exception's name when PokerKit gave no sentence (never an empty reason)."""
    text = _ENUM_REPR.sub(lambda match: match.group(2) or match.group(1).lower(), str(error))
    text = _DECIMAL_REPR.sub(r"\1", text).strip("'\"").strip()
    return text or f"PokerKit raised {type(error).__name__} without a reason"


def rejection_text(error: BaseException) -> str:
    """The PHH408 message for an action PokerKit refuses.

    PokerKit raises a ``KeyError`` of its unknown rank when it must rank a
    ``??`` card, at a showdown: the card, not the action, is what to change.
    """
    if "UNKNOWN" in str(error) and _ENUM_REPR.search(str(error)):
        return (
            "PokerKit cannot settle the showdown: a card it must compare is unknown (`??`); "
            "deal the board's cards by name"
        )
    return "PokerKit rejects this action: " + verdict_text(error)
