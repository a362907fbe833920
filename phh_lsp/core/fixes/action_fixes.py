"""The fixes inside an action string: a word rewritten in place.

Whose turn it is, a bet size brought within bounds, and the one right
spelling of a word the action parser could not read (an actor, a verb,
an amount, a card, a commentary's ``#``). Each rewrites the action's
element of the ``actions`` array, so the rest of the string stays.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from phh_lsp.core.engine.state_view import fmt_amount
from phh_lsp.core.fixes.proposal import SAFE, UNSAFE, Proposal, propose
from phh_lsp.core.fixes.toml_write import Change, RemoveElement, SetElement
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.rules.actions import spaced
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.rules.fix_data import BetOutOfRange, OutOfTurn
from phh_lsp.core.rules.respell import respell_actor, respell_amount, respell_card, respell_commentary, respell_verb
from phh_lsp.core.syntax.entries import StringInfo
from phh_lsp.core.text import Span


def _element(hand: HandAnalysis, offset: int) -> tuple[int, str] | None:
    """The index and text of the action string at ``offset``, when it is a closed string."""
    action = hand.action_at(offset)
    array = hand.actions_node
    if action is None or array is None or action.index >= len(array.items):
        return None
    node = array.items[action.index]
    if node.kind != "string" or node.string is None or not node.string.terminated:
        return None
    return action.index, node.value


def fix_empty(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH313: remove the empty action (it records nothing, so nothing is lost)."""
    element = _element(hand, found.span.start)
    if element is None or element[1].strip():
        return []
    return propose("Remove the empty action", [RemoveElement("actions", element[0])], SAFE)


def fix_spacing(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH314: the same words, one space apart (one right answer: safe)."""
    element = _element(hand, found.span.start)
    new = spaced(element[1]) if element is not None else None
    if element is None or new is None:
        return []
    return propose(f"Write `{new}`", [SetElement("actions", element[0], new)], SAFE)


def _content_index(info: StringInfo, length: int, offset: int) -> int | None:
    """The index in a string's content of the character at source ``offset``."""
    return next((index for index in range(length + 1) if info.offset_of(index) == offset), None)


def _in_action(hand: HandAnalysis, span: Span, new: str) -> list[Change]:
    """Replace the word at ``span`` in its action string: the element, rewritten."""
    action = hand.action_at(span.start)
    array = hand.actions_node
    if action is None or array is None or action.index >= len(array.items):
        return []
    node = array.items[action.index]
    if node.kind != "string" or node.string is None or not node.string.terminated:
        return []
    content: str = node.value
    start = _content_index(node.string, len(content), span.start)
    end = _content_index(node.string, len(content), span.end)
    if start is None or end is None:
        return []
    return [SetElement("actions", action.index, content[:start] + new + content[end:])]


def fix_turn(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, OutOfTurn):
        return []
    player = f"p{data.player + 1}"
    changes = _in_action(hand, found.span, player)
    written = hand.text[found.span.start : found.span.end]
    return propose(f"Replace {written} with {player}, whose turn it is", changes, UNSAFE) if changes else []


def fix_amount(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    data = found.data
    if not isinstance(data, BetOutOfRange):
        return []
    low = data.amount < data.low
    target = data.low if low else data.high
    if not target.is_finite():
        return []
    changes = _in_action(hand, found.span, fmt_amount(target).replace(",", ""))
    title = f"{'Bet the minimum' if low else 'Go all-in'}: {fmt_amount(target)}"
    return propose(title, changes, UNSAFE) if changes else []


def fix_notation(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """PHH301/303/306/307/312: the word's one right spelling (:mod:`phh_lsp.core.rules.respell`).

    These problems are found by the action parser, which attaches no data;
    the word at the diagnostic's range is what the fix needs, and the
    respelling is certain, so the fix is safe.
    """
    written = hand.text[found.span.start : found.span.end]
    action = hand.action_at(found.span.start)
    if action is None:
        return []
    dealer = action.actor is not None and action.actor.text == "d"
    respellers: dict[str, Callable[[str], str | None]] = {
        "PHH301": respell_actor,
        "PHH306": respell_amount,
        "PHH307": respell_card,
        "PHH303": partial(respell_verb, dealer=dealer),
        "PHH312": respell_commentary,
    }
    new = respellers[found.code](written)
    changes = _in_action(hand, found.span, new) if new is not None else []
    title = "Put a space before the `#` of the commentary" if found.code == "PHH312" else f"Write `{new}`"
    return propose(title, changes, SAFE) if changes else []
