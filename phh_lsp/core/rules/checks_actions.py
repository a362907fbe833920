"""Action checks that need the hand's context (codes 3xx).

The notation parser knows one action at a time; these checks know the
hand: how many players there are (``p7`` in a 3-handed hand), which deck
the variant uses (no deuces to fives in short-deck), which cards were
already dealt (the spec forbids a card twice; PokerKit only warns), and
whether the variant draws (``sd``) or brings in (``pb``). Their problems
are added to the actions themselves, so the replay stops there too.
"""

from __future__ import annotations

from typing import Final

from phh_lsp.core.rules.actions import ActionKind, ParsedAction, Problem
from phh_lsp.core.rules.cards import deck_for
from phh_lsp.core.rules.schema import DRAW_VARIANTS, STUD_VARIANTS, VARIANT_NAMES

#: Bound once: on Python 3.11 looking a member up on its enum costs a
#: microsecond, and these are asked of every action.
_DISCARD: Final = ActionKind.STAND_PAT_OR_DISCARD
_BRING_IN: Final = ActionKind.BRING_IN
_DEALS: Final = frozenset({ActionKind.DEAL_HOLE, ActionKind.DEAL_BOARD})


def check_actions_in_context(actions: list[ParsedAction], variant: str | None, player_count: int | None) -> None:
    """Add context problems to each action's ``problems``."""
    deck = frozenset(deck_for(variant)) if variant else None
    dealt: dict[str, int] = {}
    for action in actions:
        problems = action.problems
        if player_count is not None and action.player is not None and action.player >= player_count:
            token = action.player_token
            assert token is not None
            problems.append(
                Problem(
                    "PHH302",
                    f"there is no {token.text}: this hand has {player_count} players (p1 to p{player_count})",
                    token.span,
                )
            )
        if variant is not None and action.verb is not None:
            if action.kind == _DISCARD and variant not in DRAW_VARIANTS:
                problems.append(
                    Problem(
                        "PHH310",
                        "`sd` (stand pat or discard) only exists in draw games, "
                        f"not in {variant} ({VARIANT_NAMES[variant]})",
                        action.verb.span,
                    )
                )
            if action.kind == _BRING_IN and variant not in STUD_VARIANTS:
                problems.append(
                    Problem(
                        "PHH311",
                        f"`pb` (bring-in) only exists in stud games, not in {variant} ({VARIANT_NAMES[variant]})",
                        action.verb.span,
                    )
                )
        for card in action.cards:
            if not card.known:
                continue
            if deck is not None and card.text not in deck:
                problems.append(
                    Problem(
                        "PHH308",
                        f"{card.text} is not in the {variant} deck (short-deck has no deuces to fives)",
                        card.span,
                    )
                )
            elif action.kind in _DEALS:
                if card.text in dealt:
                    problems.append(
                        Problem(
                            "PHH309",
                            f"{card.text} was already dealt (action {dealt[card.text] + 1}): "
                            "a card appears once per hand",
                            card.span,
                        )
                    )
                else:
                    dealt[card.text] = action.index
