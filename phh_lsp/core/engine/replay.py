"""Replay a hand with PokerKit, one action at a time, and explain failures.

PokerKit is the rules engine: this module never decides what is legal, it
asks the :class:`pokerkit.State` (``actor_index``, ``can_*``, the min/max
amounts) and applies each action through the State's own methods, with
the same automations ``HandHistory`` uses (antes, blinds, bet collection,
burning, hand killing, chips pushing and pulling). Unlike
``HandHistory.__iter__`` it does not repair: an action that does not fit
stops the replay with a diagnostic that says what was expected instead.

Each action goes through :mod:`phh_lsp.core.engine.replay_rules`, which also
checks what the spec forbids but PokerKit lets through. After the last
action, the steps ``HandHistory`` would still take on its own (mucking
hands, dealing unknown hole cards) are applied too, so the final stacks
equal PokerKit's, and reported as information.
"""

from __future__ import annotations

import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from phh_lsp.core.engine.evaluation import memoized
from phh_lsp.core.engine.pokerkit_cards import stack_deck
from phh_lsp.core.engine.replay_rules import Replayer, Stop
from phh_lsp.core.engine.state_view import Amount, Snapshot, snapshot
from phh_lsp.core.rules.actions import ParsedAction
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.text import Span

if TYPE_CHECKING:
    from pokerkit import State

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

    PokerKit is imported here, not at the top: the language server answers
    ``initialize`` before it loads the rules engine (a quarter of a second).
    """
    from pokerkit import Automation, HandHistory

    history = HandHistory(
        automations=tuple(Automation[name] for name in _AUTOMATIONS),
        **{**setup.fields, "variant": setup.variant, "actions": []},
    )
    state = history.create_state()
    # Same hand types, their evaluations remembered (see core/engine/evaluation.py):
    # the showdown asks for the same hands n² times.
    state.hand_types = tuple(memoized(hand_type) for hand_type in state.hand_types)
    return state


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
        stack_deck(state, actions)
        replayer = Replayer(setup, state)
        replayer.burn()
        replayer.track_street()
        if record:
            result.initial = snapshot(state, replayer.street, replayer.names)
        last: ParsedAction | None = None
        for action in actions:
            if stop_before is not None and action.index >= stop_before:
                return result, state
            if action.kind == "invalid" or any(problem.code != "PHH312" for problem in action.problems):
                result.stopped_at = action.index
                return result, None if stop_before is not None else state
            try:
                replayer.apply(action)
            except Stop as stop:
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
                result.snapshots[action.index] = snapshot(state, replayer.street, replayer.names)
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
