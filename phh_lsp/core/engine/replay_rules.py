"""Applying one parsed action to a PokerKit state, with what the spec adds.

PokerKit decides what is legal: each handler asks the State (``actor_index``,
``hole_dealee_index``, the min/max raise, ``can_*``) and applies the action
through the State's own method. Before that it checks what the spec
forbids but PokerKit lets through (hole cards dealt out of order, too many
cards, fixed-limit sizing and the four-bet cap in FO/8, which PokerKit
plays pot-limit, shown cards that contradict the dealt ones) and, when an
action does not fit, raises :class:`Stop` with a message that says what
was expected instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, cast

from phh_lsp.core.engine.pokerkit_cards import UNKNOWN, deal_unknown_on_top, pokerkit_cards
from phh_lsp.core.engine.state_view import cards_text, describe_pending, fmt_amount, street_names
from phh_lsp.core.rules.actions import ParsedAction
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.rules.fix_data import BetOutOfRange, FixData, OutOfTurn
from phh_lsp.core.rules.schema import FIXED_LIMIT_VARIANTS
from phh_lsp.core.text import Span

if TYPE_CHECKING:
    from pokerkit import Card, State

    from phh_lsp.core.engine.hand_setup import Setup

#: The fixed-limit cap: a bet and three raises per betting round.
FIXED_LIMIT_CAP = 4


class Stop(Exception):
    """An action does not fit the state: carries the diagnostic."""

    def __init__(self, found: Diagnostic) -> None:
        super().__init__(found.message)
        self.diagnostic = found


def _fail(code: str, message: str, span: Span, data: FixData | None = None) -> Stop:
    return Stop(diagnostic(code, message, span, data))


def _name(action: ParsedAction) -> str:
    """``p3``: how the action names its player."""
    return f"p{(action.player or 0) + 1}"


def _player_span(action: ParsedAction) -> Span:
    token = action.player_token or action.actor
    return token.span if token is not None else action.span


class Replayer:
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
        self._unknown = pokerkit_cards(state, [UNKNOWN])

    def _cards(self, action: ParsedAction) -> tuple[Card, ...] | str:
        """The action's cards as PokerKit's own objects (see pokerkit_cards)."""
        return pokerkit_cards(self.state, [card.text for card in action.cards])

    def _deal(self, operation: Callable[..., object], cards: tuple[Card, ...] | str, *more: object) -> None:
        """Deal or burn ``cards`` through PokerKit, any ``??`` laid on top of the deck first."""
        deal_unknown_on_top(self.state, operation, cards, *more)

    def burn(self) -> None:
        # The flag, not can_burn_card(): that also re-checks the deck before
        # every action, a cost HandHistory only pays when an action fails.
        while self.state.card_burning_status and self.state.can_burn_card():
            self._deal(self.state.burn_card, self._unknown)

    def track_street(self) -> None:
        index = self.state.street_index
        if index is not None and index != self.street_index:
            self.street_index = index
            self.street = self.names[min(index, len(self.names) - 1)]
            self.raises_this_street = 0

    def apply(self, action: ParsedAction) -> None:
        """Apply one action. The street is read before it (the call that
        closes the pre-flop betting is a pre-flop action, and the state after
        it is still pre-flop until the flop is dealt), and the card burnt
        before the next deal is burnt right after it, so the state after it
        says what comes next ("the dealer deals the flop"), not a burn."""
        state = self.state
        if state.card_burning_status:  # burn()'s own first test, asked here: most actions burn nothing
            self.burn()
        if state.street_index != self.street_index:
            self.track_street()
        handler = getattr(self, "_" + action.kind)
        handler(action)
        if state.card_burning_status:
            self.burn()

    def _noop(self, action: ParsedAction) -> None:
        del action

    def _out_of_turn(self, action: ParsedAction, expected: int | None, doing: str) -> Stop:
        state = self.state
        name = _name(action)
        if expected is None:
            return _fail(
                "PHH408", f"{name} cannot {doing} now: {describe_pending(state, self.names)}", _player_span(action)
            )
        repair = ""
        if state.actor_index is not None and expected == state.actor_index:
            implied = "check" if not state.checking_or_calling_amount else "fold"
            repair = f" (PokerKit's loader would silently make p{expected + 1} {implied} here)"
        return _fail(
            "PHH401",
            f"{name} acted out of turn: it is p{expected + 1}'s turn, not {name}'s{repair}",
            _player_span(action),
            OutOfTurn(expected),
        )

    def _deal_hole(self, action: ParsedAction) -> None:
        state = self.state
        dealee = state.hole_dealee_index  # None unless a hole deal is due
        if dealee is None:
            raise _fail(
                "PHH404",
                f"no hole cards are due: {describe_pending(state, self.names)}",
                action.verb.span if action.verb else action.span,
            )
        if action.player != dealee:
            raise _fail(
                "PHH401",
                f"hole cards go to p{dealee + 1} next, not {_name(action)}: "
                "the dealer deals from the first player to the last",
                _player_span(action),
                OutOfTurn(dealee),
            )
        due = len(state.hole_dealing_statuses[dealee])
        if len(action.cards) != due:
            # the spec (paper §V.C.2): "the correct number of hole cards must be
            # dealt to each player"; PokerKit would take a short deal and leave
            # the rest due, so the mistake would surface at a later action
            unknown = " (write `??` for each card nobody saw)" if len(action.cards) < due else ""
            raise _fail(
                "PHH405",
                f"p{dealee + 1} is due {due} hole card{'s' * (due != 1)} here, not {len(action.cards)}{unknown}",
                action.cards_token.span if action.cards_token else action.span,
            )
        self._deal(state.deal_hole, self._cards(action), dealee)

    def _deal_board(self, action: ParsedAction) -> None:
        state = self.state
        due = state.board_dealing_count  # None unless a board deal is due
        if not due:
            raise _fail(
                "PHH404",
                f"no board cards are due: {describe_pending(state, self.names)}",
                action.verb.span if action.verb else action.span,
            )
        if len(action.cards) != due:
            raise _fail(
                "PHH405",
                f"the dealer must deal {due} board card{'s' * (due != 1)} here, not {len(action.cards)}",
                action.cards_token.span if action.cards_token else action.span,
            )
        self._deal(state.deal_board, self._cards(action))

    def _stand_pat_or_discard(self, action: ParsedAction) -> None:
        state = self.state
        expected = state.stand_patter_or_discarder_index
        if expected is None or expected != action.player:
            raise self._out_of_turn(action, expected, "stand pat or discard")
        held = Counter(cards_text(state.hole_cards[expected]))
        unknown_held = held.pop("??", 0)
        for card in action.cards:
            if card.text == "??":
                if unknown_held:
                    unknown_held -= 1
                    continue
            elif held[card.text]:
                held[card.text] -= 1
                continue
            elif unknown_held and card.text not in cards_text(state.hole_cards[expected]):
                unknown_held -= 1
                continue
            hand = "".join(cards_text(state.hole_cards[expected]))
            raise _fail("PHH406", f"p{expected + 1} discards {card.text} but holds {hand}", card.span)
        state.stand_pat_or_discard(self._cards(action))

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
        fixed = self.setup.variant in FIXED_LIMIT_VARIANTS
        if not fixed and action.amount_value is not None:
            # PokerKit's own bounds are the spec's here (min to all-in), and it
            # verifies before it changes anything: try first, explain after.
            try:
                state.complete_bet_or_raise_to(cast(int, action.amount_value))
            except ValueError:
                pass
            else:
                self.raises_this_street += 1
                return
        span = action.amount.span if action.amount else action.span
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
            most = (
                f"and {fmt_amount(high)} at most (all-in)"
                if Decimal(high).is_finite()
                else f"({_name(action)}'s stack is unknown: no most)"
            )
            raise _fail(
                "PHH402",
                f"{fmt_amount(amount)} is {side}: "
                f"{_name(action)} may bet or raise to {fmt_amount(low)} at least {most}",
                span,
                BetOutOfRange(Decimal(amount), Decimal(low), Decimal(high)),
            )
        # PokerKit types amounts as int but computes with Decimal chips too.
        state.complete_bet_or_raise_to(cast(int, amount))
        self.raises_this_street += 1

    def _show_or_muck(self, action: ParsedAction) -> None:
        state = self.state
        player = action.player
        assert player is not None
        argument: bool | str | tuple[Card, ...] = True if action.show_dash else (self._cards(action) or False)
        if not state.can_show_or_muck_hole_cards(argument, player):
            expected = state.showdown_index
            if expected is None:
                raise _fail(
                    "PHH408",
                    f"p{player + 1} cannot show or muck now: {describe_pending(state, self.names)}",
                    _player_span(action),
                )
            raise _fail(
                "PHH401",
                f"it is p{expected + 1}'s turn to show or muck, not p{player + 1}'s",
                _player_span(action),
                OutOfTurn(expected),
            )
        if action.cards:
            mismatch = self._check_shown(action, player)
            if mismatch is not None:
                self.notes.append(mismatch)
        state.show_or_muck_hole_cards(argument, player)

    def _check_shown(self, action: ParsedAction, player: int) -> Diagnostic | None:
        """PHH407 when the shown cards contradict the dealt ones.

        An error that does not stop the replay: PokerKit replays with the
        shown cards, so the rest of the hand can still be checked. (It was a
        warning while three generated razz hands of the corpus showed the
        wrong up cards; they are corrected.)
        """
        dealt = cards_text(self.state.hole_cards[player])
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
                self._deal(state.burn_card, self._unknown)
            elif state.can_deal_hole():
                dealee = state.hole_dealee_index
                self._deal(state.deal_hole, self._unknown)
                steps.append(f"deals an unknown hole card to p{(dealee or 0) + 1}")
            elif state.can_show_or_muck_hole_cards(()):
                index = state.showdown_index
                operation = state.show_or_muck_hole_cards(())
                verb = "shows" if getattr(operation, "hole_cards", ()) else "mucks"
                steps.append(f"p{(index or 0) + 1} {verb}")
            else:
                break
        return steps
