"""``textDocument/completion``: the next legal action, cards, fields.

Inside ``actions`` the hand is replayed up to the cursor and the legal
next actions are offered (:mod:`completion_actions`), then, word by word,
verbs, amounts, players and the cards still in the deck. Outside it:
field names (the variant's required ones first) and values (variant
codes, booleans). It works on text mid-edit: an unterminated ``"p3 c``
or an ``actions`` array without its ``]`` are read by the tolerant
scanner. Each item replaces exactly the word being typed (``textEdit``),
and its ``newText`` starts at that word, so clients that ignore the
range and replace the keyword before the cursor (Neovim 0.7's omnifunc)
insert the same text.

A client that takes snippets gets every item as one: Neovim 0.11 keeps a
plain-text item's ``newText`` only up to its first space (``"p2 cc"``
became ``"p2``) and inserts whole only snippets. Snippets also give a
field its value's skeleton (``starting_stacks = [${1}]``) and an empty
file a new hand to fill in; a client without them (Neovim 0.7) gets the
same text plain.
"""

from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from lsprotocol import types

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.engine.replay import state_before
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.hand_info import player_label
from phh_lsp.core.rules.cards import card_name, deck_for
from phh_lsp.core.rules.schema import (
    FIELD_ORDER,
    FIELD_SPECS,
    REQUIRED_BY_VARIANT,
    REQUIRED_FIELD_NAMES,
    VARIANT_NAMES,
    ValueKind,
)
from phh_lsp.core.syntax import Document, KeyValue, Node, StringValue, Token, parse
from phh_lsp.core.syntax.entries import Value
from phh_lsp.core.telling.next_actions import Candidate, legal_next
from phh_lsp.core.text import Encoding, Span
from phh_lsp.lsp.positions import to_range

if TYPE_CHECKING:
    from pokerkit import State


@dataclass
class _Site:
    """Where the cursor is inside ``actions``: typed text and its place."""

    index: int
    typed: str
    word_start: int
    in_string: bool
    close: bool
    #: characters after the cursor the items replace: the closing quote an editor
    #: typed by itself (VS Code closes a `"` as it is typed), so that the item ends
    #: the action with `",` as it does where the string is still open
    replaces: int = 0


def takes_snippets(capabilities: types.ClientCapabilities) -> bool:
    """Whether the client said it inserts snippets (Neovim 0.11 and VS Code
    do, Neovim 0.7 does not)."""
    text_document = capabilities.text_document
    completion = text_document.completion if text_document is not None else None
    item = completion.completion_item if completion is not None else None
    return bool(item is not None and item.snippet_support)


def snippet_text(text: str) -> str:
    """Plain text as a snippet that inserts exactly it: ``\\``, ``$`` and
    ``}`` escaped."""
    return text.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}")


def complete(
    analysis: Analysis, offset: int, encoding: Encoding, snippets: bool = False
) -> types.CompletionList | None:
    """Completion items at a document offset, as snippets for a client that
    takes them (see :func:`takes_snippets`)."""
    view = analysis.hand_at(offset, snapshots=False)
    if view is None:
        return None
    hand, local = view.hand, offset - view.start
    site = _action_site(hand, local)
    items: list[Item] | None
    if site is not None and site.in_string:
        # typing an action: no comment can hold the cursor, and the hand's
        # tree is not built (a 5 MB line of actions is seconds of nodes)
        items = _action_items(hand, site)
    else:
        before = _before(parse(hand.text), local)
        if isinstance(before[-1], Token) and before[-1].kind == "comment":
            return None
        items = _action_items(hand, site) if site is not None else _field_items(hand, local, before)
    if items is None:
        return None
    replaced = offset + (site.replaces if site is not None else 0)
    edit_end = to_range(analysis.lines, Span(replaced, replaced), encoding).end
    result = []
    for rank, (label, new_text, detail, kind, start, snippet) in enumerate(items):
        edit_range = types.Range(
            start=to_range(analysis.lines, Span(start + view.start, offset), encoding).start, end=edit_end
        )
        inserted = (snippet if snippet is not None else snippet_text(new_text)) if snippets else new_text
        result.append(
            types.CompletionItem(
                label=label,
                kind=kind,
                detail=detail,
                sort_text=f"{rank:04d}",
                filter_text=new_text,
                text_edit=types.TextEdit(range=edit_range, new_text=inserted),
                insert_text_format=types.InsertTextFormat.Snippet if snippets else None,
            )
        )
    return types.CompletionList(is_incomplete=False, items=result)


class Item(NamedTuple):
    """One item: what the menu shows, the text inserted from ``start`` (the
    hand's offset) and, where it differs from that text escaped, the
    snippet a client that takes them inserts instead."""

    label: str
    new_text: str
    detail: str
    kind: types.CompletionItemKind
    start: int
    snippet: str | None = None


def _before(tree: Document, local: int) -> list[Node | Token]:
    """The tree's path to the character just before the cursor (the one
    being typed), or the bare document at its very start.

    That character says where the cursor is: in a comment (a ``#`` in an
    action string is part of the string's token, not a comment), in a key,
    or in a field's value.
    """
    return tree.covering(local - 1) if local > 0 else [tree]


def _action_site(hand: HandAnalysis, local: int) -> _Site | None:
    node = hand.actions_node
    if node is None or node.kind != "array" or local <= node.span.start:
        return None
    if node.closed and local >= node.span.end:
        return None
    if not node.closed and _after_array(hand, node, local):
        return None
    # the items before the cursor, skipped by bisection (a 5 MB line holds half a million)
    index = bisect.bisect_left(node.items, local, key=_value_end)
    for item in itertools.islice(node.items, index, None):
        if item.span.end < local or (item.span.end == local and item.string is not None and item.string.terminated):
            index += 1
            continue
        if item.span.start < local and item.string is not None:
            info = item.string
            typed = hand.text[info.content_start : local]
            if "\n" in typed or "\r" in typed:
                break
            word = len(typed) - (len(typed.split()[-1]) if typed and not typed[-1].isspace() else 0)
            at_end = local >= len(hand.text) or hand.text[local] in "\r\n"
            line_end = min(
                (end for end in (hand.text.find("\n", local), hand.text.find("\r", local)) if end >= 0),
                default=len(hand.text),
            )
            if info.terminated and hand.text[local:line_end].strip() == '"':  # only the closing quote follows
                return _Site(index, typed, info.content_start + word, True, True, 1)
            return _Site(index, typed, info.content_start + word, True, not info.terminated and at_end)
        if item.span.start <= local and item.kind == "invalid":
            return _Site(index, hand.text[item.span.start : local], item.span.start, False, True)
        break
    return _Site(index, "", local, False, True)


def _value_end(item: Value) -> int:
    return item.span.end


def _after_array(hand: HandAnalysis, node: Value, local: int) -> bool:
    """For an unclosed array: the cursor is past it once another field starts."""
    later = [entry.key_span.start for entry in hand.entries if entry.key_span.start > node.span.start]
    return bool(later) and local >= min(later)


def _state_at(hand: HandAnalysis, index: int) -> State | None:
    setup = hand.report.setup
    if setup is None:
        return None
    return state_before(setup, hand.actions, index)


def _action_items(hand: HandAnalysis, site: _Site) -> list[Item]:
    typed = site.typed
    if "#" in typed:
        return []
    words = typed.split()
    current = "" if not typed or typed[-1].isspace() else words[-1]
    position = len(words) - (1 if current else 0)
    done = words[:position]
    state = _state_at(hand, site.index)
    candidates = legal_next(state, hand)
    items: list[Item] = []

    def add(label: str, rest: str, detail: str, kind: types.CompletionItemKind, finished: bool) -> None:
        text = rest
        if not site.in_string:
            text = f'"{rest}",' if finished else f'"{rest}'
        elif finished and site.close:
            text = f'{rest}",'
        items.append(Item(label, text, detail, kind, site.word_start))

    for candidate in candidates:
        parts = candidate.text.split(" ")
        if parts[: len(done)] != done or len(parts) <= position:
            continue
        rest = " ".join(parts[position:])
        if not rest.strip():
            continue
        kind = types.CompletionItemKind.Event if candidate.text.startswith("d ") else types.CompletionItemKind.Function
        add(candidate.text.strip(), rest, candidate.detail, kind, not candidate.open_ended)
    items.extend(_argument_items(hand, site, done, current, candidates))
    if position == 0 and not any(candidate.text.startswith("d ") for candidate in candidates):
        # the players still in the hand; none while the dealer is due to deal
        count = hand.report.player_count or 0
        for index in range(count):
            if state is not None and index < len(state.statuses) and not state.statuses[index]:
                continue
            add(f"p{index + 1}", f"p{index + 1} ", player_label(hand, index), types.CompletionItemKind.Variable, False)
    return items


def _argument_items(
    hand: HandAnalysis, site: _Site, done: list[str], current: str, candidates: list[Candidate]
) -> list[Item]:
    """Players after ``d dh``, cards after verbs that take them."""
    items: list[Item] = []
    if done[:2] == ["d", "dh"] and len(done) == 2:
        count = hand.report.player_count or 0
        for index in range(count):
            text = f"p{index + 1} "
            items.append(
                Item(
                    f"p{index + 1}", text, player_label(hand, index), types.CompletionItemKind.Variable, site.word_start
                )
            )
    takes_cards = (
        (done[:2] == ["d", "db"] and len(done) == 2)
        or (done[:2] == ["d", "dh"] and len(done) == 3)
        or (len(done) == 2 and done[1] in ("sm", "sd") and done[0].startswith("p"))
    )
    if not takes_cards:
        return items
    whole = current[: len(current) - len(current) % 2]
    typed_cards = [whole[i : i + 2] for i in range(0, len(whole), 2)]
    own: list[str] = []
    if done[0].startswith("p") and done[0][1:].isdigit():
        own = [card for card in _cards_dealt_to(hand, site.index, int(done[0][1:]) - 1) if card not in typed_cards]
    used = _cards_used(hand, site.index) | set(typed_cards)
    for card in own + [card for card in deck_for(hand.report.variant) if card not in used]:
        detail = card_name(card) + (" (dealt to this player)" if card in own else "")
        items.append(Item(card, whole + card, detail, types.CompletionItemKind.EnumMember, site.word_start))
    return items


def _cards_dealt_to(hand: HandAnalysis, index: int, player: int) -> list[str]:
    return [
        card.text
        for action in hand.actions[:index]
        if action.kind == "deal_hole" and action.player == player
        for card in action.cards
        if card.known
    ]


def _cards_used(hand: HandAnalysis, index: int) -> set[str]:
    return {
        card.text
        for action in hand.actions[:index]
        if action.kind in ("deal_hole", "deal_board", "show_or_muck")
        for card in action.cards
        if card.known
    }


def _field_items(hand: HandAnalysis, local: int, before: list[Node | Token]) -> list[Item] | None:
    """Field names on a fresh line or a half-typed key; the variant codes
    and ``true``/``false`` in a value; None elsewhere (a header, a value
    already finished)."""
    text = hand.text
    pair = next((node for node in before if isinstance(node, KeyValue)), None)
    if pair is None:
        line_start = text.rfind("\n", 0, local) + 1
        return _field_names(hand, local) if not text[line_start:local].strip() else None
    key = pair.key
    equals = next((child for child in pair.children if isinstance(child, Token) and child.kind == "="), None)
    if equals is None or local < equals.end:
        # in the key: only a plain one-word key is a field name being typed
        if len(key.names()) != 1 or key.children[0].kind != "bare_key" or local > key.end:
            return None
        return _field_names(hand, key.start)
    return _value_items(text, local, key.names(), pair.value)


def _value_items(text: str, local: int, names: tuple[str, ...], value: Node | None) -> list[Item] | None:
    """Values of ``names = ``: ``typed`` is the value's text up to the cursor
    (inside its quotes for a basic string, which may be unterminated)."""
    quoted = isinstance(value, StringValue)
    if value is None or local <= value.start:
        typed, start = "", local
    elif isinstance(value, StringValue) and value.kind == "basic_string":
        if value.terminated and local >= value.end:
            return None
        typed, start = text[value.start + 1 : local], value.start
    elif quoted or local > value.end:
        return []
    else:
        typed, start = text[value.start : local], value.start
    if len(names) != 1:
        return []
    name, quote = names[0], '"' if quoted else ""
    if name == "variant":
        line_end = text.find("\n", local)
        closing = "" if '"' in text[local : len(text) if line_end < 0 else line_end] else '"'
        return [
            Item(
                code,
                f'"{code}"' if not quote else code + closing,
                title,
                types.CompletionItemKind.EnumMember,
                start if not quote else local - len(typed),
            )
            for code, title in VARIANT_NAMES.items()
        ]
    spec = FIELD_SPECS.get(name)
    if spec is not None and spec.kind is ValueKind.BOOLEAN and not quote:
        return [Item(word, word, spec.title, types.CompletionItemKind.Value, start) for word in ("true", "false")]
    return []


def _field_names(hand: HandAnalysis, start: int) -> list[Item]:
    present = set(hand.report.fields)
    variant = hand.report.variant
    required = REQUIRED_BY_VARIANT.get(variant, ()) if variant else ("variant",)
    ordered = [name for name in required if name not in present]
    ordered += [
        name
        for name in FIELD_ORDER
        if name not in present
        and name not in ordered
        and (variant is None or name not in REQUIRED_FIELD_NAMES or name in required)
    ]
    items: list[Item] = []
    if not hand.text.strip():
        items.append(_new_hand(start))
    for name in ordered:
        spec = FIELD_SPECS[name]
        status = "required" if name in required else "optional"
        detail = f"{spec.title} ({status}): {spec.kind.value}"
        skeleton = _SKELETONS.get(spec.kind, "${1}")
        items.append(Item(name, f"{name} = ", detail, types.CompletionItemKind.Field, start, f"{name} = {skeleton}"))
    return items


#: A value's skeleton by its shape, the cursor where the value goes.
_SKELETONS = {
    ValueKind.STRING: '"${1}"',
    ValueKind.NUMBER_ARRAY: "[${1}]",
    ValueKind.STACK_ARRAY: "[${1}]",
    ValueKind.INTEGER_ARRAY: "[${1}]",
    ValueKind.STRING_ARRAY: '["${1}"]',
}

#: A heads-up no-limit hold'em hand: the fields the spec requires, in its style guide's order,
#: each value a placeholder to type over (a snippet) or a sample to change (plain text).
_NEW_HAND = (
    ("variant", '"NT"', None),
    ("antes", "[{}]", "0, 0"),
    ("blinds_or_straddles", "[{}]", "1, 2"),
    ("min_bet", "{}", "2"),
    ("starting_stacks", "[{}]", "200, 200"),
)


def _new_hand(start: int) -> Item:
    """The "new hand" item an empty file offers first."""
    plain, snippet = [], []
    for number, (name, shape, sample) in enumerate(_NEW_HAND):
        if sample is None:
            plain.append(f"{name} = {shape}")
            snippet.append(f"{name} = {snippet_text(shape)}")
        else:
            plain.append(f"{name} = {shape.format(sample)}")
            snippet.append(f"{name} = {shape.format('${' + str(number) + ':' + sample + '}')}")
    plain.append("actions = [\n  \n]")  # no line break after: the editor's last line has its own
    snippet.append("actions = [\n  $0\n]")
    return Item(
        "new hand (no-limit hold'em)",
        "\n".join(plain),
        "variant, blinds, stacks and actions to fill in",
        types.CompletionItemKind.Snippet,
        start,
        "\n".join(snippet),
    )
