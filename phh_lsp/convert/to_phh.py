"""A site's hand made PHH, played by PokerKit and held to the history.

The fields come from the seats and the posts (players in PHH order: the
first seat after the button first, the button last); the actions from
the site's lines, applied one by one to a PokerKit state as they are
written, so that PokerKit, the rules engine, says where a line does not
fit and where the showdown falls (players all in show before the rest of
the board, in the order PokerKit asks for them, whatever order the site
printed). The text is written with the product's one value writer and
formatted to the style guide.

Then the hand is held to the history: every player must end with the
stack the history implies (starting stack, minus what their lines put in,
plus what came back and what they collected), except for the rake, which
only the players who collected may be short of, by the rake in the
summary altogether. The text is also checked by the product's analysis.
A difference is a problem reported with the hand, not a silent fix.
"""

from __future__ import annotations

import datetime
import warnings
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from phh_lsp.convert.hand_facts import amount as _amount
from phh_lsp.convert.hand_facts import amounts as _amounts
from phh_lsp.convert.hand_facts import site_facts
from phh_lsp.convert.held_to_history import held_to_history, stand_in_stack
from phh_lsp.convert.history import ConversionError, Event, SiteHand
from phh_lsp.convert.short_all_ins import (
    calls_the_full_blind,
    limit_raise_refused,
    raise_after_short_blind_refused,
)
from phh_lsp.core.analysis import analyze
from phh_lsp.core.engine.hand_setup import Setup, create_state
from phh_lsp.core.fixes.toml_write import render
from phh_lsp.core.formatting.formatter import format_text
from phh_lsp.core.rules.codes import Severity
from phh_lsp.core.rules.schema import FIXED_LIMIT_VARIANTS, STUD_VARIANTS

if TYPE_CHECKING:
    from pokerkit import State

#: The hole cards of the games whose every card is dealt at the start. A
#: stud or draw game's cards come with the hand's ``deal`` events instead
#: (a street's cards, a draw's new cards), ``??`` for each card nobody saw (``6c??``: one shown).
_HOLE_CARDS = {"NT": 2, "FT": 2, "PO": 4, "FO/8": 4, "NS": 2}


@dataclass(slots=True)
class Converted:
    """One hand's PHH text (its fields, no table header) and what does not
    match the history (empty when the replay agrees with every line)."""

    hand: SiteHand
    text: str
    problems: list[str] = field(default_factory=list)


def convert_hand(hand: SiteHand) -> Converted:
    """The hand as PHH; raises ConversionError when it cannot be played."""
    if len(hand.seats) < 2:
        raise ConversionError("fewer than two players are dealt in", hand.first_line)
    names = _ordered_names(hand)
    fields = _fields(hand, names)
    played = _actions(hand, names, fields)
    fields["actions"] = played.actions
    fields.update(site_facts(hand, names))
    text = _write(fields)
    problems = held_to_history(hand, names, played.state, played.streets)
    problems += [
        f"{diagnostic.code} {diagnostic.message}"
        for diagnostic in analyze(text, "converted.phh", detail=False).diagnostics
        if diagnostic.severity == Severity.ERROR
    ]
    return Converted(hand, text, problems)


def _ordered_names(hand: SiteHand) -> list[str]:
    """PHH order: from the first seat after the button round to the button.

    The small blind's poster decides where the site's button does not fit
    the posts (888 names an empty seat, or has the button's player post the
    small blind when the seat before left): heads up, the small blind's
    poster is the button, last; a small blind posted on the button, with
    the big blind in the next seat, comes first. PokerKit then holds the
    rest of the hand to that order."""
    seats = sorted(hand.seats, key=lambda seat: seat.number)
    first = next((i for i, seat in enumerate(seats) if seat.number > hand.button), 0)
    names = [seat.name for seat in seats[first:] + seats[:first]]
    smalls = [post.name for post in hand.posts if post.kind == "small_blind" and post.name in names]
    if len(smalls) != 1:
        return names
    at = names.index(smalls[0])
    if len(names) == 2:
        return [names[1 - at], names[at]]
    bigs = {post.name for post in hand.posts if post.kind == "big_blind"}
    if at == len(names) - 1 and names[0] in bigs:
        return names[at:] + names[:at]
    return names


def _fields(hand: SiteHand, names: list[str]) -> dict[str, Any]:
    index = {name: i for i, name in enumerate(names)}
    antes = [Decimal(0)] * len(names)
    blinds = [Decimal(0)] * len(names)
    lone = not any(post.kind == "small_blind" for post in hand.posts)
    straddles = _straddle_seats(hand, index)
    for post in hand.posts:
        if post.name not in index:
            raise ConversionError(f"{post.name} posts but is not dealt in", hand.first_line)
        i = index[post.name]
        if post.kind in ("ante", "dead"):
            antes[i] += post.amount
        elif _in_its_seat(post.kind, i, len(names), lone, straddles):
            blinds[i] += post.amount
        else:
            blinds[i] -= post.amount  # a post out of the blinds' seats: PokerKit's negative entry
    _short_big_blind(hand, index, antes, blinds)
    stud = hand.variant in STUD_VARIANTS
    if len(names) == 2 and not stud and 0 < blinds[0] == blinds[1]:
        # heads up with the small blind as large as the big (Ongame's $0.25/$0.25): PokerKit opens
        # after the larger blind, the later one on a tie; the button's blind written as PokerKit's
        # negative entry, posted in full but not counted, leaves the button to act first, as heads up it does
        blinds[1] = -blinds[1]
    if len(names) == 2 and not stud:  # heads up, PokerKit lists the button's small blind first
        antes.reverse()
        blinds.reverse()
    fields: dict[str, Any] = {"variant": hand.variant, "antes": _amounts(antes)}
    if stud:
        fields["bring_in"] = _amount(_bring_in(hand))
    else:
        fields["blinds_or_straddles"] = _amounts(blinds)
    small, big = hand.stakes
    if hand.variant in FIXED_LIMIT_VARIANTS:
        fields["small_bet"], fields["big_bet"] = _amount(small), _amount(big)
    else:
        fields["min_bet"] = _amount(big)
    stacks = {seat.name: seat.stack for seat in hand.seats}
    fields["starting_stacks"] = _amounts([stacks[name] for name in names])
    return fields


def _short_big_blind(hand: SiteHand, index: dict[str, int], antes: list[Decimal], blinds: list[Decimal]) -> None:
    """A big blind posted all in for less than the small blind, written as
    the game's big blind: PokerKit posts what the stack holds, and a big
    blind below the small blind reads as the blinds out of order (PHH214)."""
    big = hand.stakes[0] if hand.variant in FIXED_LIMIT_VARIANTS else hand.stakes[1]
    small = max((blinds[index[post.name]] for post in hand.posts if post.kind == "small_blind"), default=Decimal(0))
    stacks = {seat.name: seat.stack for seat in hand.seats}
    for post in hand.posts:
        i = index[post.name]
        if post.kind == "big_blind" and 0 < blinds[i] < small and antes[i] + blinds[i] == stacks[post.name]:
            blinds[i] = big


def _straddle_seats(hand: SiteHand, index: dict[str, int]) -> set[int]:
    """The seats whose straddle is in its place: the one after the big blind
    and each next one in turn, as long as every seat before it straddled."""
    posted = {index[post.name] for post in hand.posts if post.kind == "straddle" and post.name in index}
    seats, seat = set(), 2
    while seat in posted:
        seats.add(seat)
        seat += 1
    return seats


def _bring_in(hand: SiteHand) -> Decimal:
    """A stud hand's bring-in: what the player who brings in puts in. Sites
    name it only in that line; when the lowest card completes instead, the
    bring-in is never played, and half the small bet stands for it."""
    brought = next((event.amount for event in hand.events if event.kind == "bring_in"), None)
    return brought if brought is not None else hand.stakes[0] / 2


def _in_its_seat(kind: str, index: int, count: int, lone: bool, straddles: set[int]) -> bool:
    """Whether a blind is posted where the game puts it (PHH order; heads up
    the button, second, posts the small blind), rather than a new player's post.

    ``lone``: nobody posts a small blind (its player busted or left). A big
    blind posted by the first seat after the button is then the hand's first
    blind, in the first seat, and the player after it opens the betting, as
    PokerKit reads a blind there; anywhere else it would read as a new
    player's post (a big blind in the second seat stays in its seat).
    ``straddles``: the seats whose straddle is in its place (:func:`_straddle_seats`)."""
    if kind == "small_blind":
        return index == (1 if count == 2 else 0)
    if kind == "big_blind":
        return index == 0 if count == 2 else index == 1 or (lone and index == 0)
    return kind == "straddle" and index in straddles


def _with_unseen(cards: str, variant: str) -> str:
    """A hold'em or Omaha player's hole cards, ``??`` for each the history
    does not show (none known, or some shown: ``6c??``, ``[Ah As]`` of four)."""
    return cards.ljust(2 * _HOLE_CARDS[variant], "?")


def _actions(hand: SiteHand, names: list[str], fields: dict[str, Any]) -> _Played:
    """Each line applied to PokerKit's state as it is written."""
    setup = {key: list(value) if isinstance(value, tuple) else value for key, value in fields.items()}
    del setup["variant"]  # PokerKit's setup takes the variant on its own
    stand_in = stand_in_stack(hand)
    setup["starting_stacks"] = [
        stand_in if not Decimal(stack).is_finite() else stack for stack in setup["starting_stacks"]
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            state = create_state(Setup(hand.variant, setup))
        except Exception as error:
            raise ConversionError(f"PokerKit cannot set this hand up: {error}", hand.first_line) from None
        player = {name: f"p{i + 1}" for i, name in enumerate(names)}
        played = _Played(hand, names, state)
        if hand.variant in _HOLE_CARDS:
            for name in names:
                cards = _with_unseen(hand.known_cards.get(name, ""), hand.variant)
                deal = partial(state.deal_hole, cards)
                played.apply(f"d dh {player[name]} {cards}", deal, hand.first_line)
        for event in hand.events:
            played.event(event)
        played.finish(hand.first_line)
    return played


class _Played:
    """The actions written so far and the PokerKit state they led to."""

    def __init__(self, hand: SiteHand, names: list[str], state: State) -> None:
        self.hand = hand
        self.names = names
        self.state = state
        self.actions: list[str] = []
        self.shown = {event.name: event for event in hand.events if event.kind in ("show", "muck")}
        #: The cards the history tells a player is dealt next (a stud street's,
        #: a draw's), dealt when PokerKit deals them.
        self.told: dict[str, list[str]] = {}
        #: The boards the history tells without saying when (``board_due``), in order.
        self.boards = [event for event in hand.events if event.kind == "board_due"]
        #: The events (their index) before which PokerKit dealt such a board: a street begins there.
        self.streets: set[int] = set()
        self.seen = 0

    def apply(self, action: str, step: Any, line: int) -> None:
        try:
            step()
        except Exception as error:  # PokerKit may say nothing of why: never an empty reason
            why = str(error) or "by the rules, nothing of the kind is due at this point of the hand"
            raise ConversionError(f"PokerKit refuses `{action}` here: {why}", line) from None
        self.actions.append(action)

    def event(self, event: Event) -> None:
        state, kind = self.state, event.kind
        self.seen += 1
        if kind in ("returned", "collected", "show", "muck", "street", "board_due"):
            return  # chips PokerKit moves itself; shows wait for the showdown
        if kind == "deal":
            self.told.setdefault(event.name, []).append(event.cards)
            return
        self.unwritten_checks(event.name if kind != "board" else "", event.line)
        self.deal_due(event.line)
        if kind == "discard":
            self.discard(event)
            return
        if kind == "board":
            self.showdown(event.line)
            if state.can_burn_card():
                state.burn_card("??")  # the burnt card is no action of PHH
            self.apply(f"d db {event.cards}", lambda: state.deal_board(event.cards), event.line)
            return
        seat = f"p{self.names.index(event.name) + 1}"
        if state.actor_index is not None and self.names[state.actor_index] != event.name:
            actor = self.names[state.actor_index]
            raise ConversionError(f"{event.name} acts, but it is {actor}'s turn", event.line)
        if kind == "fold":
            self.apply(f"{seat} f", state.fold, event.line)
        elif kind == "bring_in":
            self.apply(f"{seat} pb", state.post_bring_in, event.line)
        elif kind in ("check", "call") or self.nobody_can_answer(event.name) or self.calls(event):
            # a bet or raise nobody can answer (the others folded, all in or short
            # of the bet) is a call: the sites write its excess, which nobody can
            # call, as returned (or leave it to be worked out), PokerKit returns it too
            self.apply(f"{seat} cc", state.check_or_call, event.line)
        else:
            to = event.amount if kind == "raise_to" else state.bets[self.names.index(event.name)] + event.amount
            if calls_the_full_blind(state, self.hand, self.names.index(event.name), Decimal(to)):
                self.apply(f"{seat} cc", state.check_or_call, event.line)
                return
            self.open_pair_big_bet(event.name, Decimal(to), event.line)
            refused = limit_raise_refused(state, self.hand, self.names, event.name, Decimal(to))
            if refused := refused or raise_after_short_blind_refused(state, self.hand, event.name, Decimal(to)):
                raise ConversionError(refused, event.line)
            amount = _amount(Decimal(to))
            self.apply(
                f"{seat} cbr {render(amount)}", lambda: state.complete_bet_or_raise_to(cast(Any, amount)), event.line
            )

    def open_pair_big_bet(self, name: str, to: Decimal, line: int) -> None:
        """Refuse the big bet on a stud hand's fourth street after an open pair,
        which the sites allow and PHH's stud (PokerKit's) does not; the sites
        that write no ``Pair on board`` line (Full Tilt) are told by the up
        cards PokerKit dealt."""
        state = self.state
        if self.hand.variant not in STUD_VARIANTS or state.street_index != 1 or to != self.hand.stakes[1]:
            return
        if (
            not state.can_complete_bet_or_raise_to()
            or Decimal(state.max_completion_betting_or_raising_to_amount or 0) >= to
        ):
            return
        ups = [[card.rank for card in state.get_up_cards(i)] for i, active in enumerate(state.statuses) if active]
        if any(len(set(ranks)) < len(ranks) for ranks in ups):
            reason = "bets the big bet on fourth street after an open pair: PHH's stud has no such rule"
            raise ConversionError(f"{name} {reason}", line)

    def deal_due(self, line: int) -> None:
        """The hole cards PokerKit deals now (a stud street, a draw's new
        cards), in its order: the cards the history told for that player, or
        ``??`` for each card nobody saw; and a board told without when
        (``board_due``), when PokerKit deals one."""
        state = self.state
        while state.can_burn_card() or state.can_deal_hole():
            if state.can_burn_card():
                state.burn_card("??")  # the burnt card is no action of PHH
            if not state.can_deal_hole() and self.boards and state.can_deal_board():
                board = self.boards.pop(0)
                self.streets.add(self.seen - 1)
                self.apply(f"d db {board.cards}", partial(state.deal_board, board.cards), board.line)
                continue
            if not state.can_deal_hole():
                return  # a board's burn: the board is dealt by its own line
            index = state.hole_dealee_index
            assert index is not None
            told = self.told.get(self.names[index])
            cards = told.pop(0) if told else "??" * len(state.hole_dealing_statuses[index])
            self.apply(f"d dh p{index + 1} {cards}", lambda cards=cards: state.deal_hole(cards), line)

    def finish(self, line: int) -> None:
        """The cards still due once the betting is over, and the showdown. A
        stud hand whose players are all in shows down before its last
        streets are dealt (PokerKit's order, as a hold'em board runs out
        after the hands are shown): deal and show until neither is due."""
        while True:
            written = len(self.actions)
            self.unwritten_checks("", line)
            self.deal_due(line)
            self.showdown(line)
            if len(self.actions) == written:
                return

    def unwritten_checks(self, name: str, line: int) -> None:
        """The checks no site writes: a player PokerKit asks to act whose only
        move is a check (nothing to call, nobody left to answer a raise: a
        big blind all in for less than the small blind), or who could check
        where the site at times writes none (``checks_unwritten``), when the
        history goes on with another player (``name``) or a board."""
        state = self.state
        while (
            (index := state.actor_index) is not None
            and self.names[index] != name
            and state.checking_or_calling_amount == 0
            and (self.hand.checks_unwritten or not state.can_complete_bet_or_raise_to())
        ):
            self.apply(f"p{index + 1} cc", state.check_or_call, line)

    def calls(self, event: Event) -> bool:
        """Whether a bet's chips do not top the bet to call: a call (Bovada
        writes an all-in as the chips added, whatever it is)."""
        index = self.names.index(event.name)
        return event.kind == "bet" and self.state.bets[index] + event.amount <= max(self.state.bets)

    def nobody_can_answer(self, name: str) -> bool:
        """Whether no player but ``name`` still in the hand has more chips
        than the bet to call (each all in, or short of covering it), read off
        PokerKit's state as PokerKit rules it: then no bet or raise can be
        answered, and PokerKit refuses one."""
        state, index = self.state, self.names.index(name)
        others = [i for i, active in enumerate(state.statuses) if active and i != index]
        top = max(state.bets)
        return (
            bool(others) and state.can_check_or_call() and all(state.stacks[i] + state.bets[i] <= top for i in others)
        )

    def discard(self, event: Event) -> None:
        """A player's discards (``??`` for each card nobody saw), or standing pat."""
        state = self.state
        index = state.stand_patter_or_discarder_index
        if index is not None and self.names[index] != event.name:
            raise ConversionError(f"{event.name} draws, but it is {self.names[index]}'s turn to", event.line)
        cards = event.cards or "??" * int(event.amount)
        seat = f"p{self.names.index(event.name) + 1}"
        self.apply(f"{seat} sd {cards}".rstrip(), lambda: state.stand_pat_or_discard(cards), event.line)

    def showdown(self, line: int) -> None:
        """Show or muck for everyone PokerKit asks, in its order (a player whose
        cards nobody saw mucks: PokerKit cannot show unknown cards, and asked
        whether it may, says no, which would leave the showdown half done)."""
        state = self.state
        while state.can_show_or_muck_hole_cards(False):
            index = state.showdown_index
            assert index is not None
            name = self.names[index]
            told = self.shown.get(name)
            seat = f"p{index + 1}"
            if told is not None and told.kind == "muck" and not self._shown_early(name):
                self.apply(f"{seat} sm", lambda: state.show_or_muck_hole_cards(False), told.line)
            else:
                cards = told.cards if told is not None and told.kind == "show" else ""
                cards = cards or self.hand.known_cards.get(name, "") or self._all_known(index)
                # a stud player all in before the last street shows now the cards dealt so
                # far: the history's show at the end names the later ones too, dealt after
                cards = cards[: 2 * len(state.hole_cards[index])] if self.hand.variant not in _HOLE_CARDS else cards
                if cards and self.hand.variant in _HOLE_CARDS:
                    cards = _with_unseen(cards, self.hand.variant)
                if cards:
                    self.apply(f"{seat} sm {cards}", lambda cards=cards: state.show_or_muck_hole_cards(cards), line)
                else:
                    self.apply(f"{seat} sm", lambda: state.show_or_muck_hole_cards(False), line)

    def _shown_early(self, name: str) -> bool:
        """A last opponent all in shows the summary's cards (``mucked [Th 8h]``): a muck would end the hand."""
        early = (street := self.state.street_index) is not None and street < len(self.state.streets) - 1
        return early and sum(self.state.statuses) <= 2 and bool(self.hand.known_cards.get(name))

    def _all_known(self, index: int) -> str:
        """A stud or draw player's cards as dealt, when the history told them
        all (the hero's): what they hold at the showdown."""
        if self.hand.variant in _HOLE_CARDS:
            return ""
        cards = "".join(repr(card) for card in self.state.hole_cards[index])
        return "" if "?" in cards else cards


def _write(fields: dict[str, Any]) -> str:
    """The fields as PHH text, laid out as the style guide says (values by the
    core's one writer, ``render``; a time as TOML's local time)."""
    lines = [
        f"{name} = {value.isoformat() if isinstance(value, datetime.time) else render(_value(value))}"
        for name, value in fields.items()
    ]
    text = "\n".join(lines) + "\n"
    return format_text(text, multi=False) or text


def _value(value: Any) -> Any:
    """A field as :func:`render` takes it: arrays (the actions) as tuples."""
    return tuple(value) if isinstance(value, list) else value
