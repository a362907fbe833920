"""The skeleton every site's reader shares, so that a site's module holds
only its patterns and its quirks.

Every site's file is read the same way: cut into hands where the site's
hand opening matches (:func:`hands_at`), each hand read on its own behind
one guard (:func:`guarded`), so a hand the reader refuses, or a bug of the
reader, fails that hand alone, with its first line and its id, and the
next hand is read as if nothing happened. Inside a hand, the lines are
taken stripped and numbered, blank ones left out (:func:`numbered`); a
line is a player's when it opens with a seated player's name, the longest
names tried first (:func:`player_at`), so names with spaces, colons or
any Unicode letters read as they were written; a player who has no line
in the hand is not dealt in (:func:`drop_idle`). The amounts, currencies
and dates most sites write alike are read here too.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Container, Iterator
from decimal import Decimal, InvalidOperation
from functools import partial
from typing import Final

from phh_lsp.convert.history import ConversionError, Seat, SiteHand

#: What a line may say about a player, seated in this hand or not (one
#: who joins mid-hand, or sits out and is left out of the seats), without
#: moving chips or cards: the English most sites' clients write alike.
#: Each site adds its own words (:func:`says_nothing`).
PLAYER_NEWS: Final = (
    r"(?::)? (?:sits out|is sitting out|has returned|is connected|is disconnected|is (?:not )?connected"
    r"|has timed out.*|leaves the table|joins the table.*|will be allowed to play after the button"
    r"|was removed from the table.*|stands up|sits down.*|has (?:left|joined) the table.*|is back"
    r"|finished the tournament.*|wins the tournament.*|re-buys.*|takes the add-on.*|said, \".*\")"
)

#: The currencies the sites write as a symbol before an amount.
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}


def hands_at(text: str, start: re.Pattern[str]) -> Iterator[tuple[int, list[str]]]:
    """Each hand of a site's file, cut where ``start`` matches: its first
    line's number (1-based) and its lines, up to the next hand. The lines
    are counted once, from one hand to the next, never from the top again:
    a file of 50,000 hands takes ten times one of 5,000."""
    starts = [match.start() for match in start.finditer(text)]
    line, counted = 1, 0
    for index, begin in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        line += text.count("\n", counted, begin)
        counted = begin
        yield line, text[begin:end].splitlines()


def read_each(
    text: str,
    start: re.Pattern[str],
    read: Callable[[list[str], int], SiteHand],
    hand_id: re.Pattern[str],
) -> Iterator[SiteHand | ConversionError]:
    """Every hand of a site's file (cut where ``start`` matches), read by
    ``read(lines, first_line)``, or the reason it cannot be, in order. A
    failed hand's id is ``hand_id``'s first group on the hand's first line."""
    for first_line, lines in hands_at(text, start):
        yield guarded(partial(read, lines, first_line), first_line, id_on(hand_id, lines[0]))


def id_on(hand_id: re.Pattern[str], line: str) -> str | None:
    """A hand's id: ``hand_id``'s first group where it matches the line."""
    found = hand_id.match(line)
    return found[1] if found else None


def guarded(read: Callable[[], SiteHand], first_line: int, hand_id: str | None) -> SiteHand | ConversionError:
    """The hand ``read()`` reads, or why it was not read (:func:`failed_hand`):
    whatever goes wrong with one hand fails that hand, never the file."""
    try:
        return read()
    except Exception as error:  # a reader's bug fails the hand, not the file
        return failed_hand(error, first_line, hand_id)


def failed_hand(error: Exception, first_line: int, hand_id: str | None) -> ConversionError:
    """Why a hand was not read: the reader's refusal as it is, and any other
    exception (a bug of the reader) said as one; a bug fails the hand, never
    the file. Both say where the hand starts and which it is."""
    if not isinstance(error, ConversionError):
        reason = f"phh-lsp failed to read this hand (a bug, please report it): {type(error).__name__}: {error}"
        error = ConversionError(reason, first_line)
    error.first_line = first_line
    error.hand_id = hand_id
    return error


def numbered(lines: list[str], first_line: int, skip: int) -> Iterator[tuple[int, str]]:
    """A hand's lines after its first ``skip``, each stripped, with its
    number in the file; blank lines say nothing and are left out."""
    for offset, line in enumerate(lines[skip:], start=skip):
        text = line.strip()
        if text:
            yield first_line + offset, text


def says_nothing(own: str = "", lines: str = "") -> re.Pattern[str]:
    """The pattern of a site's lines known to say nothing about the chips
    or the cards: a player's news (:data:`PLAYER_NEWS`, and the site's
    ``own`` words after a name), and whole ``lines`` of the site's (a
    client's notices); matched on the whole line, whoever it names."""
    news = PLAYER_NEWS if not own else PLAYER_NEWS[:-1] + "|" + own + ")"
    return re.compile(r".+?" + news + (f"|{lines}" if lines else ""))


def longest_first(seats: list[Seat]) -> list[str]:
    """The seated players' names, longest first: a line is matched against
    them in this order, so ``Ann Lee`` is never read as ``Ann``."""
    return sorted((seat.name for seat in seats), key=len, reverse=True)


def player_at(text: str, names: list[str], after: str) -> str | None:
    """The player whose name opens the line, followed by ``after``, if any."""
    return next((name for name in names if text.startswith(name + after)), None)


def seated(name: str, names: Container[str], number: int) -> str:
    """The name, which must be one of the players seated in this hand."""
    if name not in names:
        raise ConversionError(f"{name} has no seat in this hand", number)
    return name


def drop_idle(hand: SiteHand, idle: Container[str] | None = None) -> None:
    """The seats dealt in: a player with no line in the hand (no post, no
    action) is not, of every seat or, given ``idle``, of those it names
    (the seats the site says sit out)."""
    active = {post.name for post in hand.posts} | {event.name for event in hand.events}
    hand.seats = [seat for seat in hand.seats if seat.name in active or (idle is not None and seat.name not in idle)]


def dealt_now(stud: bool, opening: bool, held: str, new: str | None) -> str:
    """The cards a stud or draw ``Dealt to`` line deals now, as PHH deals
    them: the sites write the cards held before in a first bracket and the
    new ones in a second (PokerStars writes the start's all in one; Full
    Tilt, on stud's third street, the two face down, then the one face
    up). On that street the table sees each other player's face-up card
    alone, dealt after two nobody saw (``????5s``)."""
    if new is not None:
        return held + new if stud and opening else new
    return "????" + held if stud and len(held) == 2 else held


def read_amount(raw: str, line: int) -> Decimal:
    """An amount written as a number with thousands separators (``1,250.50``),
    as most sites write them once the currency symbol is off."""
    try:
        return Decimal(raw.replace(",", ""))
    except InvalidOperation:
        raise ConversionError(f"`{raw}` is not an amount", line) from None


def read_date_time(date: str, time: str, separator: str, line: int) -> tuple[datetime.date, datetime.time]:
    """A date written year first (``2024/03/15``, ``separator`` between its
    parts) and a clock time (``9:05:07``), as PokerStars and Absolute head a hand."""
    try:
        return datetime.date(*(int(part) for part in date.split(separator))), datetime.time.fromisoformat(time.zfill(8))
    except ValueError:
        raise ConversionError(f"`{date} {time}` is not a date and time", line) from None
