"""Replay a hand with PokerKit, one action at a time, and explain failures.

PokerKit is the rules engine: this module never decides what is legal, it
asks the :class:`pokerkit.State` (``actor_index``, ``can_*``, the min/max
amounts) and applies each action through the State's own methods, with
the same automations ``HandHistory`` uses (antes, blinds, bet collection,
burning, hand killing, chips pushing and pulling). Unlike
``HandHistory.__iter__`` it does not repair: an action that does not fit
stops the replay with a diagnostic that says what was expected instead.

What the spec forbids but PokerKit lets through (cards shown that differ
from the ones dealt, hole cards dealt out of order, fixed-limit sizing in
FO/8, which PokerKit plays pot-limit) is checked here before the action
is applied. After the last action, the steps ``HandHistory`` would still
take on its own (mucking hands, dealing unknown hole cards) are applied
too, so the final stacks equal PokerKit's, and reported as information.
"""

from __future__ import annotations

import warnings
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from phh_lsp.core.actions import ParsedAction
from phh_lsp.core.codes import Diagnostic, diagnostic
from phh_lsp.core.schema import FIXED_LIMIT_VARIANTS, STUD_VARIANTS
from phh_lsp.core.text import Span

if TYPE_CHECKING:
    from pokerkit import State

Amount = int | Decimal

_HOLDEM_STREETS = ("Pre-flop", "Flop", "Turn", "River")
_STUD_STREETS = ("Third street", "Fourth street", "Fifth street", "Sixth street", "Seventh street")
_STREETS: dict[str, tuple[str, ...]] = {
    "N2L1D": ("Pre-draw", "Post-draw"),
    "F2L3D": ("Pre-draw", "First draw", "Second draw", "Third draw"),
    "FB": ("Pre-draw", "First draw", "Second draw", "Third draw"),
}
#: The automations HandHistory uses, less card burning, which the replay
#: does itself (PHH never records burns).
_AUTOMATIONS = (
    "ANTE_POSTING",
    "BET_COLLECTION",
    "BLIND_OR_STRADDLE_POSTING",
    "RUNOUT_COUNT_SELECTION",
    "HAND_KILLING",
    "CHIPS_PUSHING",
    "CHIPS_PULLING",
)
#: The fixed-limit cap: a bet and three raises per betting round.
FIXED_LIMIT_CAP = 4


def street_names(variant: str) -> tuple[str, ...]:
    """The names of the variant's betting rounds, in order."""
    if variant in STUD_VARIANTS:
        return _STUD_STREETS
    return _STREETS.get(variant, _HOLDEM_STREETS)


def fmt_amount(value: Any) -> str:
    """``1,102,600``, ``2.5``, ``inf``: amounts as a person reads them."""
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if not value.is_finite():
            return "inf" if value > 0 else "-inf"
        if value == value.to_integral_value():
            return f"{int(value):,}"
        return f"{value:,}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state after an action: what hover and inlay hints show."""

    street: str
    pot: Amount
    stacks: tuple[Amount, ...]
    bets: tuple[Amount, ...]
    board: tuple[str, ...]
    hole_cards: tuple[tuple[str, ...], ...]
    folded: tuple[bool, ...]
    next_up: str
    actor: int | None
    in_progress: bool


@dataclass(slots=True)
class Replay:
    """The outcome of replaying a hand's actions."""

    snapshots: dict[int, Snapshot] = field(default_factory=dict)
    initial: Snapshot | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: Index (in the actions array) of the action that stopped the replay.
    stopped_at: int | None = None
    final_stacks: tuple[Amount, ...] | None = None
    #: Chips pushed to each player from the pots (before any rake).
    collected: tuple[Amount, ...] | None = None
    #: The street each action belongs to (by action index).
    streets: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Setup:
    """The required fields, validated enough for PokerKit to start a hand."""

    variant: str
    fields: dict[str, Any]

    @property
    def player_count(self) -> int:
        """How many players the hand has (the length of starting_stacks)."""
        return len(self.fields["starting_stacks"])


def create_state(setup: Setup) -> State:
    """A fresh PokerKit state for the hand (raises what PokerKit raises).

    PokerKit is imported here, not at the top: building its hand tables
    takes half a second, which the language server should not spend
    before answering ``initialize``.
    """
    from pokerkit import Automation, HandHistory

    history = HandHistory(
        automations=tuple(Automation[name] for name in _AUTOMATIONS),
        **{**setup.fields, "variant": setup.variant, "actions": []},
    )
    return history.create_state()


def describe_pending(state: State) -> str:
    """What the hand waits for, in words: ``"it is p3's turn"``."""
    if not state.status:
        return "the hand is over"
    if state.can_deal_hole() and state.hole_dealee_index is not None:
        due = len(state.hole_dealing_statuses[state.hole_dealee_index])
        return f"the dealer must deal {due} hole card{'s' * (due != 1)} to p{state.hole_dealee_index + 1}"
    if state.stand_patter_or_discarder_index is not None:
        return f"it is p{state.stand_patter_or_discarder_index + 1}'s turn to stand pat or discard"
    if state.actor_index is not None:
        return f"it is p{state.actor_index + 1}'s turn"
    if state.can_deal_board() and state.board_dealing_count:
        count = state.board_dealing_count
        return f"the dealer must deal {count} board card{'s' * (count != 1)}"
    if state.showdown_index is not None:
        return f"it is p{state.showdown_index + 1}'s turn to show or muck"
    return "no action is pending"


def _cards_text(cards: Any) -> tuple[str, ...]:
    return tuple(repr(card) for card in cards)


def snapshot(state: State, street: str) -> Snapshot:
    """Read what a user wants to see from the live state."""
    board = _cards_text(state.get_board_cards(0)) if state.board_cards else ()
    actor = state.actor_index
    if actor is None:
        actor = state.stand_patter_or_discarder_index
    return Snapshot(
        street=street,
        pot=state.total_pot_amount,
        stacks=tuple(state.stacks),
        bets=tuple(state.bets),
        board=board,
        hole_cards=tuple(_cards_text(cards) for cards in state.hole_cards),
        folded=tuple(not status for status in state.statuses),
        next_up=describe_pending(state),
        actor=actor,
        in_progress=bool(state.status),
    )


class _Stop(Exception):
    """An action does not fit the state: carries the diagnostic."""

    def __init__(self, found: Diagnostic) -> None:
        super().__init__(found.message)
        self.diagnostic = found


def _fail(code: str, message: str, span: Span) -> _Stop:
    return _Stop(diagnostic(code, message, span))


def _name(action: ParsedAction) -> str:
    """``p3``: how the action names its player."""
    return f"p{(action.player or 0) + 1}"


def _player_span(action: ParsedAction) -> Span:
    token = action.player_token or action.actor
    return token.span if token is not None else action.span


class _Replayer:
    """Applies parsed actions to a state, checking what PokerKit does not."""

    def __init__(self, setup: Setup, state: State) -> None:
        self.setup = setup
        self.state = state
        self.names = street_names(setup.variant)
        self.street = self.names[0]
        self.raises_this_street = 0
        self.street_index: int | None = None
        #: Problems that do not stop the replay (warnings).
        self.notes: list[Diagnostic] = []

    def burn(self) -> None:
        # The flag, not can_burn_card(): that also re-checks the deck before
        # every action, a cost HandHistory only pays when an action fails.
        while self.state.card_burning_status and self.state.can_burn_card():
            self.state.burn_card("??")

    def track_street(self) -> None:
        index = self.state.street_index
        if index is not None and index != self.street_index:
            self.street_index = index
            self.street = self.names[min(index, len(self.names) - 1)]
            self.raises_this_street = 0

    def apply(self, action: ParsedAction) -> None:
        self.burn()
        self.track_street()
        handler = getattr(self, "_" + action.kind)
        handler(action)
        self.track_street()

    def _noop(self, action: ParsedAction) -> None:
        del action

    def _out_of_turn(self, action: ParsedAction, expected: int | None, doing: str) -> _Stop:
        state = self.state
        name = _name(action)
        if expected is None:
            return _fail("PHH408", f"{name} cannot {doing} now: {describe_pending(state)}", _player_span(action))
        repair = ""
        if state.actor_index is not None and expected == state.actor_index:
            implied = "check" if not state.checking_or_calling_amount else "fold"
            repair = f" (PokerKit's loader would silently make p{expected + 1} {implied} here)"
        return _fail(
            "PHH401",
            f"{name} acted out of turn: it is p{expected + 1}'s turn, not {name}'s{repair}",
            _player_span(action),
        )

    def _deal_hole(self, action: ParsedAction) -> None:
        state = self.state
        dealee = state.hole_dealee_index  # None unless a hole deal is due
        if dealee is None:
            raise _fail(
                "PHH404",
                f"no hole cards are due: {describe_pending(state)}",
                action.verb.span if action.verb else action.span,
            )
        if action.player != dealee:
            raise _fail(
                "PHH401",
                f"hole cards go to p{dealee + 1} next, not {_name(action)}: "
                "the dealer deals from the first player to the last",
                _player_span(action),
            )
        due = len(state.hole_dealing_statuses[dealee])
        if len(action.cards) > due:
            raise _fail(
                "PHH405",
                f"p{dealee + 1} is due {due} hole card{'s' * (due != 1)} here, not {len(action.cards)}",
                action.cards_token.span if action.cards_token else action.span,
            )
        state.deal_hole(action.card_texts, dealee)

    def _deal_board(self, action: ParsedAction) -> None:
        state = self.state
        due = state.board_dealing_count  # None unless a board deal is due
        if not due:
            raise _fail(
                "PHH404",
                f"no board cards are due: {describe_pending(state)}",
                action.verb.span if action.verb else action.span,
            )
        if len(action.cards) != due:
            raise _fail(
                "PHH405",
                f"the dealer must deal {due} board card{'s' * (due != 1)} here, not {len(action.cards)}",
                action.cards_token.span if action.cards_token else action.span,
            )
        state.deal_board(action.card_texts)

    def _stand_pat_or_discard(self, action: ParsedAction) -> None:
        state = self.state
        expected = state.stand_patter_or_discarder_index
        if expected is None or expected != action.player:
            raise self._out_of_turn(action, expected, "stand pat or discard")
        held = Counter(_cards_text(state.hole_cards[expected]))
        unknown_held = held.pop("??", 0)
        for card in action.cards:
            if card.text == "??":
                if unknown_held:
                    unknown_held -= 1
                    continue
            elif held[card.text]:
                held[card.text] -= 1
                continue
            elif unknown_held and card.text not in _cards_text(state.hole_cards[expected]):
                unknown_held -= 1
                continue
            hand = "".join(_cards_text(state.hole_cards[expected]))
            raise _fail("PHH406", f"p{expected + 1} discards {card.text} but holds {hand}", card.span)
        state.stand_pat_or_discard(action.card_texts)

    def _check_actor(self, action: ParsedAction, doing: str) -> None:
        if self.state.actor_index != action.player:
            raise self._out_of_turn(action, self.state.actor_index, doing)

    def _bring_in(self, action: ParsedAction) -> None:
        self._check_actor(action, "post the bring-in")
        if not self.state.can_post_bring_in():
            raise _fail(
                "PHH408",
                "the bring-in can only be posted as the first action of third street",
                action.verb.span if action.verb else action.span,
            )
        self.state.post_bring_in()

    def _fold(self, action: ParsedAction) -> None:
        self._check_actor(action, "fold")
        if not self.state.checking_or_calling_amount:
            self.notes.append(
                diagnostic(
                    "PHH504",
                    f"{_name(action)} folds where checking was free: legal, but `cc` keeps the hand alive",
                    Span(
                        action.actor.span.start if action.actor else action.span.start,
                        action.verb.span.end if action.verb else action.span.end,
                    ),
                )
            )
        self.state.fold()

    def _check_or_call(self, action: ParsedAction) -> None:
        self._check_actor(action, "check or call")
        self.state.check_or_call()

    def _complete_bet_or_raise(self, action: ParsedAction) -> None:
        state = self.state
        self._check_actor(action, "bet or raise")
        span = action.amount.span if action.amount else action.span
        fixed = self.setup.variant in FIXED_LIMIT_VARIANTS
        if not state.can_complete_bet_or_raise_to():
            reason = (
                "nobody left to raise against" if state.checking_or_calling_amount is not None else "no bet is possible"
            )
            if fixed and self.raises_this_street >= FIXED_LIMIT_CAP:
                raise _fail(
                    "PHH403",
                    f"the betting is capped at {FIXED_LIMIT_CAP} bets this round: "
                    f"{_name(action)} can only call or fold",
                    span,
                )
            raise _fail("PHH408", f"{_name(action)} cannot bet or raise now ({reason}): call or fold instead", span)
        amount = action.amount_value
        assert amount is not None
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if low is None or high is None:
            raise _fail("PHH408", f"{_name(action)} cannot bet or raise now: call or fold instead", span)
        if fixed:
            if self.raises_this_street >= FIXED_LIMIT_CAP:
                raise _fail(
                    "PHH403",
                    f"the betting is capped at {FIXED_LIMIT_CAP} bets this round: only calls and folds remain",
                    span,
                )
            if amount != low:
                raise _fail(
                    "PHH403",
                    f"in fixed-limit games this bet or raise is to exactly {fmt_amount(low)}, not {fmt_amount(amount)}",
                    span,
                )
        elif amount < low or amount > high:
            side = "below the minimum" if amount < low else "above the maximum"
            raise _fail(
                "PHH402",
                f"{fmt_amount(amount)} is {side}: {_name(action)} may bet or raise to "
                f"{fmt_amount(low)} at least and {fmt_amount(high)} at most (all-in)",
                span,
            )
        # PokerKit types amounts as int but computes with Decimal chips too.
        state.complete_bet_or_raise_to(cast(int, amount))
        self.raises_this_street += 1

    def _show_or_muck(self, action: ParsedAction) -> None:
        state = self.state
        player = action.player
        assert player is not None
        argument: bool | str = True if action.show_dash else (action.card_texts or False)
        if not state.can_show_or_muck_hole_cards(argument, player):
            expected = state.showdown_index
            if expected is None:
                raise _fail(
                    "PHH408", f"p{player + 1} cannot show or muck now: {describe_pending(state)}", _player_span(action)
                )
            raise _fail(
                "PHH401", f"it is p{expected + 1}'s turn to show or muck, not p{player + 1}'s", _player_span(action)
            )
        if action.cards:
            mismatch = self._check_shown(action, player)
            if mismatch is not None:
                self.notes.append(mismatch)
        state.show_or_muck_hole_cards(argument, player)

    def _check_shown(self, action: ParsedAction, player: int) -> Diagnostic | None:
        """PHH407 when the shown cards contradict the dealt ones.

        A warning, not a stop: PokerKit replays with the shown cards, and
        generated datasets (the corpus's razz hands) contain such shows.
        """
        dealt = _cards_text(self.state.hole_cards[player])
        if len(action.cards) != len(dealt):
            return diagnostic(
                "PHH407",
                f"p{player + 1} holds {len(dealt)} cards ({''.join(dealt)}) but shows {len(action.cards)}",
                action.cards_token.span if action.cards_token else action.span,
            )
        remaining = Counter(card for card in dealt if card != "??")
        unknown = len(dealt) - sum(remaining.values())
        for card in action.cards:
            if card.text == "??":
                continue
            if remaining[card.text]:
                remaining[card.text] -= 1
            elif unknown:
                unknown -= 1
            else:
                missing = "".join(sorted(remaining.elements()))
                hint = f" ({missing} not shown)" if missing else ""
                return diagnostic(
                    "PHH407",
                    f"p{player + 1} shows {card.text}, which was not dealt to p{player + 1}: "
                    f"the cards dealt were {''.join(dealt)}{hint}",
                    card.span,
                )
        return None

    def complete(self) -> list[str]:
        """Take the steps HandHistory takes after the last action; say which."""
        state = self.state
        steps: list[str] = []
        for _ in range(1000):
            if not state.status:
                break
            if state.can_burn_card():
                state.burn_card("??")
            elif state.can_deal_hole():
                dealee = state.hole_dealee_index
                state.deal_hole("??")
                steps.append(f"deals an unknown hole card to p{(dealee or 0) + 1}")
            elif state.can_show_or_muck_hole_cards(()):
                index = state.showdown_index
                operation = state.show_or_muck_hole_cards(())
                verb = "shows" if getattr(operation, "hole_cards", ()) else "mucks"
                steps.append(f"p{(index or 0) + 1} {verb}")
            else:
                break
        return steps


def _merge_steps(steps: list[str]) -> list[str]:
    counts = Counter(steps)
    merged: list[str] = []
    for step in steps:
        if step in counts:
            count = counts.pop(step)
            merged.append(step if count == 1 else f"{step} ({count} times)")
    return merged


def replay(
    setup: Setup,
    actions: list[ParsedAction],
    stop_before: int | None = None,
    record: bool = True,
) -> tuple[Replay, State | None]:
    """Replay ``actions`` in order; stop at the first one that does not fit.

    Actions with notation problems stop the replay silently (their problem
    is already reported). ``stop_before`` (an action index) ends the replay
    early and returns the live state there, for completion. ``record``
    keeps a :class:`Snapshot` after each action, for hover and hints; the
    command-line checker, which shows none, skips that cost.
    """
    result = Replay()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            state = create_state(setup)
        except Exception as error:
            result.diagnostics.append(diagnostic("PHH409", f"PokerKit cannot set up this hand: {error}", Span(0, 0)))
            return result, None
        replayer = _Replayer(setup, state)
        replayer.burn()
        replayer.track_street()
        if record:
            result.initial = snapshot(state, replayer.street)
        last: ParsedAction | None = None
        for action in actions:
            if stop_before is not None and action.index >= stop_before:
                return result, state
            if action.kind == "invalid" or any(problem.code != "PHH312" for problem in action.problems):
                result.stopped_at = action.index
                return result, None if stop_before is not None else state
            try:
                replayer.apply(action)
            except _Stop as stop:
                result.diagnostics.append(stop.diagnostic)
                result.stopped_at = action.index
                return result, None
            except Exception as error:
                message = str(error) or type(error).__name__
                result.diagnostics.append(diagnostic("PHH408", f"PokerKit rejects this action: {message}", action.span))
                result.stopped_at = action.index
                return result, None
            result.diagnostics.extend(replayer.notes)
            replayer.notes.clear()
            result.streets[action.index] = replayer.street
            if record:
                result.snapshots[action.index] = snapshot(state, replayer.street)
            if action.kind != "noop":
                last = action
        if stop_before is not None:
            return result, state
        try:
            steps = replayer.complete()
        except Exception:
            steps = []
        if steps and last is not None:
            result.diagnostics.append(
                diagnostic(
                    "PHH501",
                    "the history ends here; PokerKit completes it on its own: " + ", ".join(_merge_steps(steps)),
                    last.span,
                )
            )
        result.final_stacks = tuple(state.stacks)
        result.collected = _collected(state)
    return result, state


def _collected(state: State) -> tuple[Amount, ...]:
    """What the pots paid each player (PokerKit's chips pushing)."""
    totals: list[Amount] = [0] * state.player_count
    for operation in state.operations:
        amounts = getattr(operation, "amounts", None)
        if type(operation).__name__ == "ChipsPushing" and amounts is not None:
            for index, amount in enumerate(amounts):
                totals[index] += amount
    return tuple(totals)
