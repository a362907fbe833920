"""A hand's setup and the fresh PokerKit state it starts from.

Why a module of its own: the replay (:mod:`phh_lsp.core.engine.replay`),
the rules it applies each action with (:mod:`phh_lsp.core.engine.replay_rules`),
the field checks that build a :class:`Setup` and the converters that start a
state from one all need it, and none of them owns it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from phh_lsp.core.engine.evaluation import memoized

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
