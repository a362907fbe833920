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
from typing import TYPE_CHECKING, Final

from phh_lsp.core.engine.hand_setup import Setup, create_state
from phh_lsp.core.engine.pokerkit_cards import stack_deck
from phh_lsp.core.engine.pokerkit_errors import bug_message, is_pokerkit_verdict, log_bug, rejection_text, verdict_text
from phh_lsp.core.engine.replay_rules import Replayer, Stop
from phh_lsp.core.engine.state_view import Amount, Snapshot, snapshot
from phh_lsp.core.rules.actions import ActionKind, ParsedAction
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.text import Span

if TYPE_CHECKING:
    from pokerkit import State

#: Bound once: on Python 3.11 looking a member up on its enum costs a
#: microsecond, and these are asked of every action.
_NOOP: Final = ActionKind.NOOP
_INVALID: Final = ActionKind.INVALID
#: Notation problems that leave the action's meaning certain, so the replay
#: goes on: a commentary glued to it (PHH312), an empty action (PHH313,
#: nothing to play), blanks other than single spaces (PHH314).
_READABLE: Final = frozenset({"PHH312", "PHH313", "PHH314"})


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
    #: Chips each player took back from the table at the end: the pots
    #: pushed to them and their own bet nobody called (PokerKit hands a
    #: bet back whole when everyone folds to it; sites count the part that
    #: was matched as collected).
    pulled: tuple[Amount, ...] | None = None
    #: The street each action belongs to (by action index).
    streets: dict[int, str] = field(default_factory=dict)


def _merge_steps(steps: list[str]) -> list[str]:
    counts = Counter(steps)
    merged: list[str] = []
    for step in steps:
        if step in counts:
            count = counts.pop(step)
            merged.append(step if count == 1 else f"{step} ({count} times)")
    return merged


def replay(setup: Setup, actions: list[ParsedAction], *, record: bool = True) -> tuple[Replay, State | None]:
    """Replay ``actions`` in order; stop at the first one that does not fit.

    Actions with notation problems stop the replay silently (their problem
    is already reported), and the state stays the one before them; an
    action the rules reject leaves no state. ``record`` keeps a
    :class:`Snapshot` after each action, for hover and hints; the
    command-line checker, which shows none, skips that cost.
    """
    result = Replay()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        replayer = _start(setup, actions, result)
        if replayer is None:
            return result, None
        state = replayer.state
        if record:
            result.initial = snapshot(state, replayer.street, replayer.names)
        last: ParsedAction | None = None
        streets = result.streets
        for action in actions:
            if (action.problems or action.kind == _INVALID) and not _readable(action):
                result.stopped_at = action.index
                return result, state
            if not _apply(replayer, action, result):
                return result, None
            streets[action.index] = replayer.street
            if record:
                result.snapshots[action.index] = snapshot(state, replayer.street, replayer.names)
            if action.kind != _NOOP:
                last = action
        try:
            steps = replayer.complete()
        except Exception as error:
            # PokerKit cannot always finish a hand the history left early (in stud,
            # who opens a street dealt unknown cards): the hand stays where it ended.
            if not is_pokerkit_verdict(error):
                return _finishing_failed(result, error, last)
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
        result.pulled = _pulled(state)
    return result, state


def _finishing_failed(result: Replay, error: Exception, last: ParsedAction | None) -> tuple[Replay, None]:
    """A bug of ours while finishing the hand: PHH901 on its last action, the traceback logged."""
    log_bug("finishing the hand")
    where = last.span if last is not None else Span(0, 0)
    result.diagnostics.append(diagnostic("PHH901", bug_message("finishing the hand after this action", error), where))
    return result, None


def state_before(setup: Setup, actions: list[ParsedAction], index: int) -> State | None:
    """The live state just before the action numbered ``index`` (after the
    last action when there are fewer), for completion and hover: None when
    PokerKit cannot set the hand up or an earlier action does not fit."""
    result = Replay()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        replayer = _start(setup, actions, result)
        if replayer is None:
            return None
        for action in actions:
            if action.index >= index:
                return replayer.state
            if not _readable(action):
                return None
            if not _apply(replayer, action, result):
                return None
        return replayer.state


def _start(setup: Setup, actions: list[ParsedAction], result: Replay) -> Replayer | None:
    """The replayer at the start of the hand, its deck stacked and its first
    cards burnt; None (with the PHH409 diagnostic) when PokerKit cannot set
    the hand up."""
    try:
        state = create_state(setup)
    except Exception as error:
        if is_pokerkit_verdict(error):
            message = "PokerKit cannot set up this hand: " + verdict_text(error)
            result.diagnostics.append(diagnostic("PHH409", message, Span(0, 0)))
        else:
            log_bug("setting up the hand")
            result.diagnostics.append(diagnostic("PHH901", bug_message("setting up this hand", error), Span(0, 0)))
        return None
    stack_deck(state, actions)
    replayer = Replayer(setup, state)
    replayer.burn()
    replayer.track_street()
    return replayer


def _readable(action: ParsedAction) -> bool:
    """Whether the action was read without a notation problem that stops the
    replay (see :data:`_READABLE`)."""
    return action.kind != _INVALID and all(problem.code in _READABLE for problem in action.problems)


def _apply(replayer: Replayer, action: ParsedAction, result: Replay) -> bool:
    """Apply one action and take its notes; False (with the diagnostic, and
    ``stopped_at`` set) when it does not fit."""
    try:
        replayer.apply(action)
    except Stop as stop:
        result.diagnostics.append(stop.diagnostic)
        result.stopped_at = action.index
        return False
    except Exception as error:
        if is_pokerkit_verdict(error):
            result.diagnostics.append(diagnostic("PHH408", rejection_text(error), action.span))
        else:
            log_bug("replaying an action")
            result.diagnostics.append(diagnostic("PHH901", bug_message("on this action", error), action.span))
        result.stopped_at = action.index
        return False
    if replayer.notes:
        result.diagnostics.extend(replayer.notes)
        replayer.notes.clear()
    return True


def _collected(state: State) -> tuple[Amount, ...]:
    """What the pots paid each player (PokerKit's chips pushing)."""
    totals: list[Amount] = [0] * state.player_count
    for operation in state.operations:
        amounts = getattr(operation, "amounts", None)
        if type(operation).__name__ == "ChipsPushing" and amounts is not None:
            for index, amount in enumerate(amounts):
                totals[index] += amount
    return tuple(totals)


def _pulled(state: State) -> tuple[Amount, ...]:
    """What each player took back from the table (PokerKit's chips pulling)."""
    totals: list[Amount] = [0] * state.player_count
    for operation in state.operations:
        if type(operation).__name__ == "ChipsPulling":
            totals[operation.player_index] += operation.amount  # type: ignore[attr-defined]
    return tuple(totals)
