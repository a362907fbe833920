"""PokerStars hand histories read into :class:`SiteHand`, line by line.

Why not PokerKit's ``PokerStarsParser`` as it is: it reads no-limit
hold'em only, ends the whole run on one hand it cannot repair, drops
lines it does not know (a typo such as ``cals`` silently becomes a fold),
misses ``collected`` at the start of a line (so ``winnings`` of a
showdown are lost) and the rake. Here every line of a hand is either
understood, or known to say nothing about the chips (chat, timeouts,
seats joining), or the hand is refused with that line's number.

Players are found by their seat names, longest first, so names with
spaces, colons or any Unicode letters read as they were written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from functools import partial
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.reader import (
    dealt_now,
    drop_idle,
    guarded,
    hands_at,
    id_on,
    longest_first,
    numbered,
    player_at,
    read_amount,
    read_date_time,
    read_each,
    says_nothing,
    seated,
)
from phh_lsp.convert.street_chips import less_returned, uncalled
from phh_lsp.core.rules.schema import DRAW_VARIANTS, FIXED_LIMIT_VARIANTS, STUD_VARIANTS

SITE: Final = "PokerStars"

#: The games read, by the header's name and betting: the PHH variant.
_GAMES: Final = {
    "Hold'em No Limit": "NT",
    "Hold'em Limit": "FT",
    "Hold'em Fixed Limit": "FT",
    "Omaha Pot Limit": "PO",
    "Omaha Hi/Lo Limit": "FO/8",
    "Omaha Hi/Lo Fixed Limit": "FO/8",
    "7 Card Stud Limit": "F7S",
    "7 Card Stud Hi/Lo Limit": "F7S/8",
    "Razz Limit": "FR",
    "Triple Draw 2-7 Lowball Limit": "F2L3D",
    "Single Draw 2-7 Lowball No Limit": "N2L1D",
    "Badugi Limit": "FB",
}
#: A game's name and its betting, wherever the header writes them
#: (``Hold'em No Limit (...)``, ``8-Game (Razz Limit)``, ``5 Card Omaha Pot Limit``); GGPoker's
#: ``PLO (``, never a mixed game's name (``Mixed NLH/PLO (Hold'em No Limit, ...)``).
_GAME: Final = re.compile(
    r"(?P<game>(?:\d Card )?Omaha Hi/Lo|(?:\d Card )?Omaha|6\+ Hold'em|Hold'em|7 Card Stud Hi/Lo|7 Card Stud|Razz"
    r"|Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball|5 Card Draw|Badugi|Courchevel Hi/Lo|Courchevel|ShortDeck)"
    r" (?P<betting>Pot Limit Pre-Flop, No Limit Post-Flop|No Limit|Pot Limit|Fixed Limit|Limit|\(NL postflop\))"
    r"|(?<!/)(?P<plo>PLO)(?:-(?P<cards>\d))? \("
)
#: The year from which every PokerStars hand writes its uncalled bets.
_RETURNS_WRITTEN: Final = 2009
_AMOUNT: Final = r"(?:Rs\. |[^\d\s]*)([\d,]+(?:\.\d+)?)"
_START: Final = re.compile(r"^\ufeff?PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #", re.M)
#: Where a hand starts: a line opening with one, or a header written on
#: after a hand cut off mid-line (``*** RIVER *** [4d Kh JPokerStars Hand #…``).
_HAND_AT: Final = re.compile(_START.pattern + r"|(?<=[^\n])PokerStars (?:Zoom )?(?:Hand|Game) #(?=\d+: )", re.M)
#: A header wherever it is, found fast (a literal first): whether any is written on after a line.
_ANY_HEADER: Final = re.compile(r"PokerStars (?:Zoom )?(?:Hand|Game) #\d+: ")
_HAND_ID: Final = re.compile(r"\ufeff?PokerStars [^#]*#(\d+)")
_HEADER: Final = re.compile(
    r"\ufeff?(?:PokerStars (?:Zoom |Home Game )?|Poker )(?:Hand|Game) #(?P<id>[\w-]+): +(?:\{[^}]*\} +)?"
    r"(?:(?:Zoom )?Tournament #(?P<tournament>\d+),? )?(?P<rest>.*)"
)
#: The date and clock time, with or without a dash between them (the old
#: layout, before 2008 and in trackers' re-writes, which writes no uncalled bet).
_WHEN: Final = re.compile(
    r" - (?P<date>\d{4}/\d{1,2}/\d{1,2})(?P<old> -)? (?P<time>\d{1,2}:\d{2}:\d{2})(?: \(?(?P<zone>[A-Za-z]+)\)?)?"
)
_LEVEL: Final = re.compile(r"Level ?(?P<level>[IVXLC\d]+) ?\((?P<stakes>[^)]*)\)")
#: Cash stakes in brackets after the game, a cap of no-limit included
#: (``($0.25/$0.50 - $10 Cap -  USD)``), after the game in a mixed game's
#: (``8-Game (Razz Limit, $400/$800 USD)``); a tournament's old header writes them too.
_CASH_STAKES: Final = re.compile(r" \((?:[^(),]*, )?(?P<stakes>[^()]*\d[^()]*/[^()]*)\)")
_STAKES: Final = re.compile(
    r"(?P<symbol>[^\d\s/]*) ?(?P<small>[\d,.]+)/[^\d\s/]* ?(?P<big>[\d,.]+)"
    r"(?: - [^\d\s]*(?P<cap>[\d,.]+) Cap -)?(?: +(?P<currency>[A-Z]{3}))?"
)
_TABLE: Final = re.compile(
    r"Table '(?P<table>.*)'(?:\(\d+\))? (?:(?P<max>\d+)-max(?: |$))?(?:\((?:Play|Real) Money\) )?"
    r"(?:Seat #(?P<button>\d+) is the button)?"
)
_SEAT: Final = re.compile(
    r"Seat (?P<number>\d+): (?P<name>.+?) \((?P<chips>(?:[^\d\s]|Rs\. )?[\d,]+(?:\.\d+)?) in chips(?:,[^)]*)?\)"
    r"(?P<rest>.*)"
)
_ALL_IN: Final = r"(?: and is all-in| and has reached the [^\d\s]*[\d,.]+ cap)?"
_POST: Final = re.compile(
    r"(?:posts )?(?P<what>the ante|small blind|big blind|small & big blinds|straddle|missed blind) " + _AMOUNT + _ALL_IN
)
_ACTIONS: Final = (
    ("fold", re.compile(r"folds(?: \(disconnect\))?(?: \[[^\]]*\])?")),
    ("bring_in", re.compile(r"brings in for " + _AMOUNT + _ALL_IN)),
    ("discard", re.compile(r"discards (?P<count>\d) cards?(?: \[(?P<cards>[^\]]*)\])?")),
    ("stand_pat", re.compile(r"stands pat(?: on \[[^\]]*\])?")),
    ("check", re.compile(r"checks")),
    ("call", re.compile(r"calls " + _AMOUNT + _ALL_IN)),
    ("bet", re.compile(r"bets " + _AMOUNT + _ALL_IN)),
    ("raise_to", re.compile(r"raises " + _AMOUNT + r" to " + _AMOUNT + _ALL_IN)),
    ("show", re.compile(r"shows \[(?P<cards>[^\]]*)\](?: \(.*\))?")),
    ("muck", re.compile(r"mucks hand(?: \[[^\]]*\])?")),
)
#: Lines that say nothing about the chips or cards: a player's news, the
#: cap of a limit street, bounties (paid outside the pot), the client's notices,
#: a stud table's open pair, a draw's reshuffle (of cards nobody sees), a
#: player leaving or adding chips for the next hand in trackers' conversions.
_SAYS_NOTHING: Final = says_nothing(
    r"doesn't show hand|has timed out while (?:being )?disconnected|is (?:sitting out|connected|disconnected)"
    r"|wins (?:the )?\S+ bounty.*|wins \S+ for eliminating.*|wins an entry to tournament.*|is eliminated.*"
    r"|finished the tournament.*|receives \S+ for eliminating.*|Table deposit \S+",
    r"Betting is capped|The deck is reshuffled|Pair on board - a double bet is allowed"
    r"|.+ split the \S+ bounty for eliminating .+|.+ wins the \S+ bounty for eliminating .+"
    r"|Hand was run (?:twice|two times|three times)|No low hand qualified|Table leave user",
)
#: A stud table's open pair on fourth street, after which PokerStars allows
#: the big bet there; PHH's stud (PokerKit's) has no such rule.
_OPEN_PAIR: Final = "Pair on board - a double bet is allowed"
_BOARD: Final = re.compile(r"\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]")
_RETURNED: Final = re.compile(r"Uncalled bet \(" + _AMOUNT + r"\) returned to (?P<name>.+)")
_COLLECTED: Final = re.compile(r"(?P<name>.+?) collected " + _AMOUNT + r" from (?:side |main )?pot(?:-\d+)?")
#: A player's cards: all of them so far, or (from a stud street's second, a
#: draw's) those held before in a first bracket and the new ones in a second.
_DEALT: Final = re.compile(r"Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?(?: \[(?P<new>[^\]]*)\])?")
_DEALT_CARDS: Final = re.compile(r"(?: \[(?P<cards>[^\]]*)\])?(?: \[(?P<new>[^\]]*)\])?")
#: The streets of stud and the draws of draw games: a new betting round, no board.
_ROUND: Final = re.compile(r"\*\*\* (?:[4-6]th STREET|RIVER|(?:FIRST|SECOND|THIRD) DRAW) \*\*\*")
#: The summary's pot line: the rake, and GGPoker's other cuts of the pot.
_RAKE: Final = re.compile(r"Total pot .*?\| Rake .*")
_CUT: Final = re.compile(r"\| (?:Rake|Jackpot|Bingo|Fortune|Tax) " + _AMOUNT)
#: Chips paid outside the pot, which no PHH action can say.
_OUTSIDE: Final = re.compile(
    r".+?(?::)? (?:cashed out the hand for .+|Chooses to EV Cashout|Pays Cashout Risk .+|Receives Cashout .+"
    r"|pay premium of all-in insurance .+|get an all-in insurance .+)|Cash Drop to Pot : .+|Hold-up to Pot: .+"
)
_SUMMARY_CARDS: Final = re.compile(r"Seat \d+: (?P<rest>.+?) (?:showed|mucked) \[(?P<cards>[^\]]*)\]")


def is_pokerstars(text: str) -> bool:
    """Whether the text holds PokerStars hands (a line opening with one)."""
    return _START.search(text) is not None


def read_hands(text: str) -> Iterator[SiteHand | ConversionError]:
    """Every hand of the file, read, or the reason it cannot be, in order.
    A hand written on after one cut off mid-line is cut there too (the line
    numbers stay the file's), and the hand cut off is named so."""
    glued = {
        text.count("\n", 0, at) + 1
        for found in _ANY_HEADER.finditer(text)
        if (at := found.start()) and text[at - 1] not in "\n\ufeff"
    }
    if not glued:  # every hand starts a line, as nearly every file's do
        yield from read_layout(text, _START, _HAND_ID, SITE, _RETURNS_WRITTEN)
        return
    read = partial(read_hand, site=SITE, returns_from=_RETURNS_WRITTEN, returns_collected=False)
    hands = hands_at(text, _HAND_AT)
    here = next(hands, None)
    while here is not None:
        first_line, lines = here
        after = next(hands, None)
        if after is not None and after[0] in glued:  # the next hand starts on this one's last line
            reason = f"the hand is cut off at `{lines[-1].strip()}`: the next hand starts on the same line"
            reading = partial(_refused, ConversionError(reason, after[0]))
        else:
            reading = partial(read, lines, first_line)
        yield guarded(reading, first_line, id_on(_HAND_ID, lines[0]))
        here = after


def read_layout(
    text: str,
    start: re.Pattern[str],
    hand_id: re.Pattern[str],
    site: str,
    returns_from: int | None = None,
    returns_collected: bool = False,
) -> Iterator[SiteHand | ConversionError]:
    """Every hand of a file in PokerStars' layout, which other sites write
    too (GGPoker, the PokerStars-format clients, Winamax once its lines are
    put in PokerStars' words): cut where ``start`` matches, each hand's id
    ``hand_id``'s first group, the site named ``site``. ``returns_from``:
    the year from which the site writes every uncalled bet returned (before
    it, or always when None, a hand that writes none gets them worked out,
    and with ``returns_collected`` taken out of what the bettor collected,
    where the site counts them)."""
    read = partial(read_hand, site=site, returns_from=returns_from, returns_collected=returns_collected)
    yield from read_each(text, start, read, hand_id)


def _refused(error: ConversionError) -> SiteHand:
    raise error


def _cards(raw: str) -> str:
    """Cards as PHH writes them: no spaces, and a card nobody saw, which
    trackers re-writing the site's hands write ``XX``, as ``??``."""
    return raw.replace(" ", "").replace("XX", "??")


def _game(rest: str, first_line: int, site: str) -> str:
    """The PHH variant of the game the header names, or the hand refused
    with the game's name and why: PHH has no variant for it, or it is one
    this reader does not read yet."""
    found = _GAME.search(rest)
    if found is None:
        mixed = rest.split(" (")[0].split(", ")[-1].strip()
        raise ConversionError(
            f"the first line names no game {site} deals alone (`{mixed}`): "
            f"{site} hands of {', '.join(_GAMES)} are read",
            first_line,
        )
    if found["plo"]:  # GGPoker's short name, ``PLO-5`` for five cards
        name = f"{found['cards'] + ' Card ' if found['cards'] else ''}Omaha Pot Limit"
    else:
        name = f"{found['game']} {found['betting']}"
    if name in _GAMES:
        return _GAMES[name]
    raise ConversionError(f"PHH has no variant for {name} ({site} hands of {', '.join(_GAMES)} are read)", first_line)


def read_hand(
    lines: list[str], first_line: int, site: str, returns_from: int | None, returns_collected: bool
) -> SiteHand:
    """One hand in PokerStars' layout (:func:`read_layout`), for a site that puts its lines in its words first."""
    header = _HEADER.match(lines[0])
    when = _WHEN.search(lines[0])
    if header is None or when is None:
        raise ConversionError("the first line is not a PokerStars hand header", first_line)
    rest = header["rest"][: when.start() - header.start("rest")] if header.start("rest") <= when.start() else ""
    variant = _game(rest, first_line, site)
    level = _LEVEL.search(rest)
    cash = _CASH_STAKES.search(rest)
    stakes = _STAKES.fullmatch((level["stakes"] if level else cash["stakes"] if cash else "").strip())
    if stakes is None:
        raise ConversionError("the stakes in the first line cannot be read", first_line)
    if len(lines) < 2:
        raise ConversionError("the hand ends after its first line", first_line)
    table = _TABLE.match(lines[1])
    if table is None or (table["button"] is None and variant not in STUD_VARIANTS):
        raise ConversionError("the second line does not name the table and the button's seat", first_line + 1)
    date, time = read_date_time(when["date"], when["time"], "/", first_line)
    hand = SiteHand(
        site=site,
        first_line=first_line,
        hand_id=header["id"],
        variant=variant,
        seats=[],
        button=int(table["button"] or 0),  # stud has no button: its players in seat order
        posts=[],
        events=[],
        stakes=(read_amount(stakes["small"], first_line), read_amount(stakes["big"], first_line)),
        table=table["table"],
        seat_count=int(table["max"]) if table["max"] else None,
        currency=stakes["currency"] if not header["tournament"] else None,
        # PHH's currency_symbol is one character: `Rs.` is left to `currency` (INR)
        currency_symbol=stakes["symbol"] if len(stakes["symbol"]) == 1 and not header["tournament"] else None,
        date=date,
        time=time,
        time_zone_abbreviation=when["zone"],
        tournament=header["tournament"],
        level=level["level"] if level else None,
    )
    try:
        _read_body(hand, lines, first_line)
    except ConversionError as error:
        raise _cut_off(lines, first_line, error) from None
    _posted_stakes(hand)
    written = returns_from is not None and date.year >= returns_from and not when["old"]
    if not written and not any(event.kind == "returned" for event in hand.events):
        _unsaid_returns(hand, returns_collected)
    if stakes["cap"]:  # a capped no-limit table: nobody puts in more than the cap
        cap = read_amount(stakes["cap"], first_line)
        for seat in hand.seats:
            seat.stack = min(seat.stack, cap)
    return hand


def _cut_off(lines: list[str], first_line: int, error: ConversionError) -> ConversionError:
    """Why a hand is refused: a hand whose lines stop before its summary
    (PokerStars writes one to every hand), refused at its last line, is cut
    off, whatever that line's half says; else the refusal as it was."""
    *_, (number, text) = numbered(lines, first_line, 0)
    if error.line != number or any(line.startswith("*** SUMMARY ***") for line in lines):
        return error
    return ConversionError(f"the hand is cut off at `{text}`: its lines stop before the summary", number)


def _posted_stakes(hand: SiteHand) -> None:
    """The blinds the players posted where the header names others: GGPoker's
    tournaments may head a hand with the next level's blinds while the
    players still post this level's. A pair of blinds posted (the big twice
    the small) is the hand's stakes; bets are measured by them."""
    if hand.variant in FIXED_LIMIT_VARIANTS:
        return
    small = [post.amount for post in hand.posts if post.kind == "small_blind"]
    big = [post.amount for post in hand.posts if post.kind == "big_blind"]
    if len(small) == 1 and len(big) == 1 and big[0] == 2 * small[0] and (small[0], big[0]) != hand.stakes:
        hand.stakes = (small[0], big[0])


def _unsaid_returns(hand: SiteHand, in_collected: bool) -> None:
    """The uncalled bets of an old hand that writes none: PokerStars wrote
    no ``Uncalled bet (…) returned`` line in its early years and left the
    chips out of the pot it gave; they went back to the bettor all the
    same, and the old layout (trackers re-write hands in it) never writes
    one. In the new layout from 2009 a missing line is the history's fault,
    held as such.
    Winamax counts them in what the bettor collected (``in_collected``)."""
    last = max((event.line for event in hand.events), default=hand.first_line)
    collected = [event for event in hand.events if event.kind == "collected"]
    for name, amount in uncalled(hand.events, hand.posts).items():
        line = next((event.line for event in collected if event.name == name), None)
        hand.events.append(Event("returned", line or last, name, amount))
        if in_collected and line is not None:
            collected = less_returned(collected, name, amount, line)
    if in_collected:
        hand.events = [event for event in hand.events if event.kind != "collected"] + collected


def _read_body(hand: SiteHand, lines: list[str], first_line: int) -> None:
    """Seats, posts, actions and the summary, each line understood or refused."""
    section = "seats"
    names: list[str] = []
    sitting_out: set[str] = set()
    open_pair = False  # a stud fourth street's open pair: PokerStars allows the big bet
    for number, text in numbered(lines, first_line, 2):
        if text.startswith("*** "):
            section, open_pair = _section(hand, text, number), False
            continue
        if section == "summary":
            _summary_line(hand, text, number)
            continue
        if section == "seats" and (seat := _SEAT.fullmatch(text)):
            chips = read_amount(re.sub(r"^[^\d]+", "", seat["chips"]), number)
            if "out of hand" not in seat["rest"] and chips > 0:  # a seat with no chips is not dealt in
                hand.seats.append(Seat(int(seat["number"]), seat["name"], chips))
                if "sitting out" in seat["rest"]:
                    sitting_out.add(seat["name"])
                names = longest_first(hand.seats)
            continue
        _action_line(hand, text, number, names, section)
        open_pair = open_pair or text == _OPEN_PAIR
        if open_pair and hand.events and _double_bet(bet := hand.events[-1], number, hand.stakes[0]):
            reason = "bets the big bet on fourth street after an open pair: PHH's stud has no such rule"
            raise ConversionError(f"{bet.name} {reason}", number)
    # A player sitting out is dealt in only where the site still has them post
    # (tournaments); at a cash table they have no line in the hand.
    drop_idle(hand, sitting_out)


def _double_bet(event: Event, number: int, small_bet: Decimal) -> bool:
    """Whether the event is a bet on this line of more than the small bet."""
    return event.line == number and event.kind == "bet" and event.amount > small_bet


def _section(hand: SiteHand, text: str, number: int) -> str:
    """The section a ``*** ... ***`` line opens; a board is dealt there too."""
    if text.startswith(("*** HOLE CARDS ***", "*** SHOW DOWN ***", "*** SHOWDOWN ***", "*** DEALING HANDS ***")):
        return "actions"
    if text.startswith("*** 3rd STREET ***"):
        return "actions"
    if hand.variant in STUD_VARIANTS | DRAW_VARIANTS and _ROUND.fullmatch(text):
        hand.events.append(Event("street", number))
        return "actions"
    if text.startswith("*** SUMMARY ***"):
        return "summary"
    board = _BOARD.fullmatch(text)
    if board is not None and hand.variant in STUD_VARIANTS:
        raise ConversionError(
            f"PHH has no notation for a stud card dealt face up to every player (the deck ran out: `{text}`)", number
        )
    if board is None:
        if re.match(r"\*\*\* (?:FIRST|SECOND|THIRD) ", text):
            raise ConversionError(f"PHH has no notation for run it twice (`{text}`)", number)
        raise ConversionError(f"`{text}` is a street this converter does not know", number)
    hand.events.append(Event("board", number, cards=_cards(board["cards"])))
    return "actions"


def _action_line(hand: SiteHand, text: str, number: int, names: list[str], section: str) -> None:
    if dealt := _dealt_to(text, names):
        if hand.variant in STUD_VARIANTS | DRAW_VARIANTS:
            _dealt(hand, seated(dealt[0], names, number), dealt[1], number)
        elif dealt[1]["cards"]:  # GGPoker names every player dealt in, the cards only of the hero
            hand.known_cards[seated(dealt[0], names, number)] = _cards(dealt[1]["cards"])
        return
    if _OUTSIDE.fullmatch(text):
        raise ConversionError(
            f"PHH has no notation for a cash-out or an insurance, chips paid outside the pot (`{text}`)", number
        )
    if found := _RETURNED.fullmatch(text):
        hand.events.append(
            Event("returned", number, seated(found["name"], names, number), read_amount(found[1], number))
        )
        return
    if _SAYS_NOTHING.fullmatch(text):
        return
    if text == "Hand cancelled":
        raise ConversionError("PokerStars cancelled this hand: its chips went back, nothing was played", number)
    name = player_at(text, names, ": ")
    if name is None:
        if found := _COLLECTED.fullmatch(text):
            who = seated(found["name"], names, number)
            hand.events.append(Event("collected", number, who, read_amount(found[2], number)))
            return
        raise ConversionError(f"`{text}` is not a line this converter understands", number)
    rest = text[len(name) + 2 :]
    if post := _POST.fullmatch(rest):
        _post(hand, name, post["what"], read_amount(post[2], number), number, section)
        return
    for kind, pattern in _ACTIONS:
        if found := pattern.fullmatch(rest):
            if kind == "show":
                hand.known_cards[name] = _cards(found["cards"])
                hand.events.append(Event(kind, number, name, cards=_cards(found["cards"])))
            elif kind == "discard":
                cards = _cards(found["cards"] or "")
                hand.events.append(Event(kind, number, name, Decimal(found["count"]), cards))
            elif kind == "stand_pat":
                hand.events.append(Event("discard", number, name))
            elif kind == "fold" and _all_in_posting(hand, name):
                return  # a player sitting out, all in by their post, "folds": they show nothing, and lose
            elif kind in ("fold", "check", "muck"):
                hand.events.append(Event(kind, number, name))
            else:
                hand.events.append(Event(kind, number, name, read_amount(found[found.lastindex or 1], number)))
            return
    raise ConversionError(f"`{rest}` is not a {hand.site} action (in `{text}`)", number)


def _dealt_to(text: str, names: list[str]) -> tuple[str, re.Match[str]] | None:
    """Who a ``Dealt to`` line names, and its cards: a seated name, longest first
    (one may hold a bracket, ``PC [Mittel]``), else the words before its brackets."""
    if not text.startswith("Dealt to "):
        return None
    rest = text[len("Dealt to ") :]
    for name in names:
        if rest.startswith(name) and (cards := _DEALT_CARDS.fullmatch(rest[len(name) :])):
            return name, cards
    found = _DEALT.fullmatch(text)
    return (found["name"], found) if found else None


def _all_in_posting(hand: SiteHand, name: str) -> bool:
    """Whether the player put every chip in by their posts and has not
    acted: PokerStars has such a player sitting out "fold", which PokerKit
    cannot (nobody is to act); they muck at the showdown instead."""
    posted = sum((post.amount for post in hand.posts if post.name == name), Decimal(0))
    stack = next((seat.stack for seat in hand.seats if seat.name == name), None)
    return stack is not None and posted >= stack and not any(event.name == name for event in hand.events)


def _dealt(hand: SiteHand, name: str, found: re.Match[str], number: int) -> None:
    """A stud or draw player's cards as the site shows them (:func:`dealt_now`)."""
    opening = not any(event.kind == "street" for event in hand.events)
    held, new = _cards(found["cards"] or ""), found["new"] and _cards(found["new"])
    if cards := dealt_now(hand.variant in STUD_VARIANTS, opening, held, new):
        hand.events.append(Event("deal", number, name, cards=cards))


def _post(hand: SiteHand, name: str, what: str, amount: Decimal, number: int, section: str) -> None:
    if section != "seats":
        raise ConversionError(f"{name} posts after the cards are dealt", number)
    if what == "the ante":
        hand.posts.append(Post(name, "ante", amount))
    elif what == "missed blind":  # GGPoker: the small blind missed, paid dead on coming back
        hand.posts.append(Post(name, "dead", amount))
    elif what == "small & big blinds":  # the small blind is dead money, the big blind live
        big = hand.stakes[1] if hand.variant not in FIXED_LIMIT_VARIANTS else hand.stakes[0]
        hand.posts.append(Post(name, "dead", amount - big))
        hand.posts.append(Post(name, "big_blind", big))
    else:
        hand.posts.append(Post(name, what.replace(" ", "_"), amount))


def _summary_line(hand: SiteHand, text: str, number: int) -> None:
    if _RAKE.fullmatch(text):
        hand.rake = sum((read_amount(cut[1], number) for cut in _CUT.finditer(text)), Decimal(0))
    elif cards := _SUMMARY_CARDS.match(text):
        rest = cards["rest"]
        name = next((seat.name for seat in hand.seats if rest == seat.name or rest.startswith(seat.name + " (")), None)
        if name is not None:
            hand.known_cards.setdefault(name, _cards(cards["cards"]))
