"""What PartyPoker leaves unsaid, derived from what a hand's lines say.

A replay needs facts PartyPoker does not write: the stakes of a classic
cash table (named by its buy-in), a classic tournament level's blinds,
whether a classic all-in is a call or a raise, the uncalled bet (counted
in what the bettor ``wins``), the big blind's option, the rake of the
classic layout. The reader (:mod:`phh_lsp.convert.sites.partypoker`) keeps
what the lines say in :class:`HandFacts`; its :meth:`~HandFacts.finish`
derives the rest and makes the hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.sites.partypoker_amounts import amount_of
from phh_lsp.convert.street_chips import add_to_street, less_returned, live_posts, uncalled
from phh_lsp.core.engine.state_view import fmt_amount

_STAKES: Final = re.compile(r"[$€£]?\s*(?P<small>[\d.,]+)\s*/\s*[$€£]?\s*(?P<big>[\d.,]+)")


@dataclass(slots=True)
class RawPost:
    """A post as written, read before the stakes it is measured by are known."""

    name: str
    what: str
    amount: Decimal
    line: int


@dataclass(slots=True)
class HandFacts:
    """What a hand's lines said, kept as they are read; :meth:`finish` then
    makes the hand of them, with what the site left unsaid."""

    lines: list[str]
    first_line: int
    summary_layout: bool = False
    names: list[str] = field(default_factory=list)
    posts: list[RawPost] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    known_cards: dict[str, str] = field(default_factory=dict)
    #: Players with a line of play (a post, an action, a card, a win).
    playing: set[str] = field(default_factory=set)
    sitting_out: set[str] = field(default_factory=set)
    #: Players who join the table in this hand's lines (``has joined the table``).
    joined: set[str] = field(default_factory=set)
    #: The seats as listed, and those of players who join and post.
    seats: list[Seat] = field(default_factory=list)
    summary_collected: list[Event] = field(default_factory=list)
    level_stakes: re.Match[str] | None = None
    tournament: str | None = None
    level: str | None = None
    rake: Decimal | None = None
    #: Whether the site counts an uncalled bet in what the bettor wins, as
    #: PartyPoker does; None: told hand by hand by the pot (888poker has
    #: written it both ways over the years).
    returns_in_wins: bool | None = True

    def finish(self, hand: SiteHand) -> None:
        """The hand completed: what the lines said, and what was left unsaid."""
        if self.tournament is not None:
            hand.tournament = self.tournament or None
            hand.level = self.level
            hand.currency = hand.currency_symbol = None
        for seat in hand.seats:
            if seat.stack == 0 and seat.name in self.joined:
                seat.stack = Decimal("Infinity")  # bought in as the hand starts: PHH's unknown stack
        for raw in self.posts:
            self._seated_with_chips(hand, raw.name, raw.line)
        hand.stakes = self._stakes(hand)
        hand.posts = self._posts(hand)
        hand.seats = self._dealt_in(hand)
        _button_before_the_blinds(hand, self.events)
        for event in self.events:
            if event.name:
                self._seated_with_chips(hand, event.name, event.line)
        hand.events = _with_option(_with_amounts(self.events, hand.posts), hand)
        hand.known_cards = self.known_cards
        self._collected(hand)
        _showdown(hand)

    def _stakes(self, hand: SiteHand) -> tuple[Decimal, Decimal]:
        """Blinds (no- and pot-limit) or bets (limit): the level's line in a
        tournament, the game line when it has them, else the blinds posted
        (a classic cash table is named by its buy-in, ``$25 USD NL``)."""
        game = re.sub(r"\s+", " ", self.lines[1])
        found = self.level_stakes or _STAKES.match(game)
        if found is not None:
            small, big = amount_of(found["small"], self.first_line + 1), amount_of(found["big"], self.first_line + 1)
            if hand.variant in ("FT", "FO/8") and self.level_stakes is not None and self.level_stakes[0][0] == "B":
                return big, big * 2  # a limit level given as blinds: the small bet is the big blind
            return small, big
        bigs = [post.amount for post in self.posts if post.what == "big blind"]
        if not bigs:
            raise ConversionError(
                "the stakes cannot be told: the game line names none and nobody posts a big blind", self.first_line + 1
            )
        smalls = [post.amount for post in self.posts if post.what == "small blind"]
        return (max(smalls) if smalls else max(bigs) / 2), max(bigs)

    def _posts(self, hand: SiteHand) -> list[Post]:
        big = hand.stakes[0] if hand.variant in ("FT", "FO/8") else hand.stakes[1]
        posts: list[Post] = []
        for raw in self.posts:
            if raw.what in ("ante", "ante of"):
                posts.append(Post(raw.name, "ante", raw.amount))
            elif raw.what == "big blind + dead":  # the big blind is live, the small blind part dead money
                posts.append(Post(raw.name, "dead", raw.amount - big))
                posts.append(Post(raw.name, "big_blind", big))
            elif raw.what == "dead blind":
                posts.append(Post(raw.name, "dead", raw.amount))
            else:
                posts.append(Post(raw.name, raw.what.replace(" ", "_"), raw.amount))
        if self.tournament is not None and not any(post.kind.endswith("blind") for post in posts):
            posts += self._level_blinds(hand, posts)
        return posts

    def _level_blinds(self, hand: SiteHand, posts: list[Post]) -> list[Post]:
        """The blinds a classic tournament hand does not print: the level's,
        each at most what the player has left after the ante. They are
        posted by the two players before the first to act (heads up, the
        first to act is the small blind), or, when nobody acts, the two
        seats after the button: a player just moved to the table has a
        seat there but no cards yet, so the seats alone can mislead."""
        if self.level_stakes is None:
            return []
        small = amount_of(self.level_stakes["small"], self.first_line)
        big = amount_of(self.level_stakes["big"], self.first_line)
        if hand.variant in ("FT", "FO/8") and self.level_stakes[0].startswith("Stakes"):
            small, big = small / 2, small  # a limit level given as bets: the blinds are half and one small bet
        seats = sorted(
            (seat for seat in hand.seats if seat.stack > 0 and seat.name not in self.sitting_out),
            key=lambda seat: seat.number,
        )
        if len(seats) < 2:
            return []
        first = next((event.name for event in self.events if event.kind != "board"), None)
        if first is not None and first in (names := [seat.name for seat in seats]):
            at = names.index(first)
            blinds = [seats[at - 2], seats[at - 1]]
            if blinds[0].name == first:  # heads up: the first to act posts the small blind
                blinds = [seats[at], seats[at - 1]]
        else:
            after = next((i for i, seat in enumerate(seats) if seat.number > hand.button), 0)
            order = seats[after:] + seats[:after]
            blinds = [order[-1], order[0]] if len(seats) == 2 else order[:2]
        antes = {post.name: post.amount for post in posts}
        return [
            Post(seat.name, kind, min(amount, seat.stack - antes.get(seat.name, Decimal(0))))
            for seat, kind, amount in zip(blinds, ("small_blind", "big_blind"), (small, big), strict=True)
        ]

    def _dealt_in(self, hand: SiteHand) -> list[Seat]:
        """The players dealt in: those with a line of play (a post, the
        level's blinds, cards, an action, a win; in the later layout, a
        summary line other than ``sits out``). PartyPoker lists every seat,
        the empty stacks and those sitting out too, and every player dealt
        in has a line: the play reaches each one but the big blind, who
        posts, unless all but one fold."""
        playing = self.playing | {post.name for post in hand.posts}
        return [seat for seat in hand.seats if seat.name in playing]

    def joiner_seat(self, name: str, seat_count: int | None, button: int, line: int) -> None:
        """Seat a player who posts with no seat in the list (they join the
        table as the hand starts, said or not): PartyPoker writes the posts
        in seat order, so theirs is the first seat after the last poster's
        (the button's, when they post first) that no player with chips
        holds; their stack, bought in as the hand starts, is unknown (PHH's
        ``inf``). A player who plays with no seat and no post is refused."""
        if seat_count is None:
            raise ConversionError(
                f"{name} plays but has no seat in this hand (joined the table during it?), so their stack is not known",
                line,
            )
        held = {seat.number for seat in self.seats if seat.stack > 0}
        before = {seat.name: seat.number for seat in self.seats}.get(self.posts[-1].name) if self.posts else button
        start = before or button
        number = next(
            (
                number
                for step in range(1, seat_count + 1)
                if (number := (start + step - 1) % seat_count + 1) not in held
            ),
            None,
        )
        if number is None:
            raise ConversionError(f"{name} joins the table, but no seat is free for them", line)
        self.seats[:] = [seat for seat in self.seats if seat.number != number]  # an empty seat they take
        self.seats.append(Seat(number, name, Decimal("Infinity")))

    def _seated_with_chips(self, hand: SiteHand, name: str, line: int) -> None:
        seat = next((seat for seat in hand.seats if seat.name == name), None)
        if seat is None or seat.stack <= 0:
            raise ConversionError(
                f"{name} plays with no chips in the seat list (joined the table during the hand?), "
                "so their stack is not known",
                line,
            )

    def _collected(self, hand: SiteHand) -> None:
        """What each player won, less the uncalled bet the site counts in it,
        and the rake: as the summary gives it, none in a tournament, else
        what went into the pot less what came back and what was won."""
        collected = [event for event in hand.events if event.kind == "collected"] + self.summary_collected
        hand.events = [event for event in hand.events if event.kind != "collected"]
        returned = uncalled(hand.events, hand.posts)
        in_wins = self.returns_in_wins
        if in_wins is None:  # counted in the wins where they are more than the called pot could pay
            put_in = sum((post.amount for post in hand.posts), Decimal(0)) + _chips_in(hand.events, hand.posts)
            in_wins = sum((event.amount for event in collected), Decimal(0)) > put_in - sum(returned.values())
        for name, amount in returned.items():
            line = next((event.line for event in collected if event.name == name), None)
            hand.events.append(Event("returned", line or self.first_line, name, amount))
            if line is not None and in_wins:  # counted in what they win; else given back unsaid
                collected = less_returned(collected, name, amount, line)
        hand.events += collected
        if self.rake is not None:
            hand.rake = self.rake
        elif hand.tournament is not None or self.tournament is not None:
            hand.rake = Decimal(0)
        else:
            put_in = sum((post.amount for post in hand.posts), Decimal(0)) + _chips_in(hand.events, hand.posts)
            won = sum((event.amount for event in hand.events if event.kind in ("returned", "collected")), Decimal(0))
            if put_in >= won:
                hand.rake = put_in - won


def _button_before_the_blinds(hand: SiteHand, events: list[Event]) -> None:
    """Move the button to the seat before the small blind's when PartyPoker
    deals in seats between them (the button stayed where a player left)
    that post nothing and fold before the flop: PHH lists the small blind
    first, so those seats come last, where they act before the flop, as
    after the button; having folded, they never act again. Seats that play
    on keep the button where it is, and PokerKit refuses the hand."""
    small = next((post.name for post in hand.posts if post.kind == "small_blind"), None)
    seats = sorted(hand.seats, key=lambda seat: seat.number)
    after = next((i for i, seat in enumerate(seats) if seat.number > hand.button), 0)
    order = seats[after:] + seats[:after]
    if small is None or small not in (names := [seat.name for seat in order]):
        return
    between = order[: names.index(small)]
    first: dict[str, str] = {}
    for event in events:
        if event.kind == "board":
            break
        first.setdefault(event.name, event.kind)
    posted = {post.name for post in hand.posts}
    if between and all(seat.name not in posted and first.get(seat.name) == "fold" for seat in between):
        hand.button = between[-1].number


def _with_amounts(events: list[Event], posts: list[Post]) -> list[Event]:
    """The events with each classic all-in made a call or a raise by what was
    bet before it on its street (the site writes only the chips added). A
    check facing a bet tells of chips put in that no line shows (a post the
    site does not print): refused, as how many is not known."""
    street = live_posts(posts)
    read: list[Event] = []
    for event in events:
        if event.kind == "board":
            street = {}
        elif event.kind == "check" and street.get(event.name, Decimal(0)) < (top := max(street.values(), default=0)):
            raise ConversionError(
                f"{event.name} checks facing a bet of {fmt_amount(top)}: the history leaves out chips they put in"
                " (a post it does not print), so how many is not known",
                event.line,
            )
        elif event.kind in ("all_in", "call"):
            # A call of more than the bet: the big blind was all in for less, and
            # the site has the others call the full blind, which raises the bet.
            top = max(street.values(), default=Decimal(0))
            kind = "bet" if street.get(event.name, Decimal(0)) + event.amount > top else "call"
            event = Event(kind, event.line, event.name, event.amount)
        add_to_street(street, event)
        read.append(event)
    return read


def _chips_in(events: list[Event], posts: list[Post]) -> Decimal:
    """Every chip the actions put in (the posts apart)."""
    total = Decimal(0)
    street = live_posts(posts)
    for event in events:
        if event.kind == "board":
            street = {}
        before = street.get(event.name, Decimal(0))
        add_to_street(street, event)
        total += street.get(event.name, Decimal(0)) - before if event.name else 0
    return total


def _with_option(events: list[Event], hand: SiteHand) -> list[Event]:
    """The events with the big blind's check PartyPoker leaves out: when
    everyone else before the flop folds or is all in for no more than the
    big blind, the site deals on, but the rules (PokerKit's) still give the
    big blind their option, which they can only take by checking."""
    remaining = {seat.name: seat.stack for seat in hand.seats}
    for post in hand.posts:
        remaining[post.name] -= post.amount
    street = live_posts(hand.posts)
    acted: set[str] = set()
    folded: set[str] = set()
    for index, event in enumerate(events):
        if event.kind == "board":
            waiting = [name for name in remaining if name not in folded and remaining[name] > 0]
            top = max(street.values(), default=Decimal(0))
            if len(waiting) == 1 and (name := waiting[0]) not in acted and street.get(name, Decimal(0)) >= top > 0:
                return [*events[:index], Event("check", event.line, name), *events[index:]]
            return events
        before = street.get(event.name, Decimal(0))
        add_to_street(street, event)
        if event.name in remaining:
            remaining[event.name] -= street.get(event.name, Decimal(0)) - before
        acted.add(event.name)
        if event.kind == "fold":
            folded.add(event.name)
    return events


def _showdown(hand: SiteHand) -> None:
    """Refuse a showdown won by a player whose cards the history never
    shows (PartyPoker may say only ``wins ... with a pair of Aces``): the
    replay cannot show unknown cards, so it would muck them and give the
    pot to another player."""
    folded = {event.name for event in hand.events if event.kind == "fold"}
    still_in = [seat.name for seat in hand.seats if seat.name not in folded]
    if len(still_in) < 2:
        return
    shown = {event.name for event in hand.events if event.kind == "show"} | set(hand.known_cards)
    for event in hand.events:
        if event.kind == "collected" and event.name in still_in and event.name not in shown:
            raise ConversionError(
                f"{event.name} wins at the showdown but the history never shows their cards, "
                "which the replay needs to give them the pot",
                event.line,
            )
