"""``textDocument/definition``, ``/references`` and ``/documentHighlight``.

A player is declared by their position in the per-player arrays: ``p3``
is the third name of ``players`` (or, without names, the third of
``starting_stacks``). "Go to definition" on ``p3`` in an action jumps
there; "find references" and the highlight the editor draws when the
cursor rests on ``p3`` list every action of the same hand that names the
player, as actor or as the dealee of ``d dh p3 ...``. The same works from
the declaration: on the third name of ``players``, references list p3's
actions. Each hand of a ``.phhs`` file has its own players.
"""

from __future__ import annotations

from lsprotocol import types

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.hand_analysis import HandView
from phh_lsp.core.text import Encoding, Span
from phh_lsp.lsp.positions import to_range

DECLARING_FIELDS = ("players", "starting_stacks")


def _declaration(view: HandView, player: int) -> Span | None:
    """The element that declares ``player`` (hand coordinates)."""
    for name in DECLARING_FIELDS:
        entry = view.hand.report.fields.get(name)
        node = entry.value if entry is not None else None
        if node is not None and node.kind == "array" and 0 <= player < len(node.items):
            return node.items[player].span
    return None


def player_at(analysis: Analysis, offset: int) -> tuple[HandView, int] | None:
    """The hand and the zero-based player under ``offset``: on a ``pN``
    token of an action, or on the player's element of a declaring array."""
    view = analysis.hand_at(offset, snapshots=False)
    if view is None or not view.start <= offset <= view.end:
        return None
    local = offset - view.start
    action = view.hand.action_at(local)
    if action is not None:
        token = action.player_token
        if token is not None and action.player is not None and token.span.contains(local):
            return view, action.player
        return None
    for name in DECLARING_FIELDS:
        entry = view.hand.report.fields.get(name)
        node = entry.value if entry is not None else None
        if node is not None and node.kind == "array":
            for index, item in enumerate(node.items):
                if item.span.contains(local):
                    return view, index
    return None


def _occurrences(view: HandView, player: int) -> list[Span]:
    """Every ``pN`` token naming ``player`` in the hand (hand coordinates)."""
    return [
        action.player_token.span
        for action in view.hand.actions
        if action.player == player and action.player_token is not None
    ]


def definition(analysis: Analysis, offset: int, uri: str, encoding: Encoding) -> types.Location | None:
    """Where the player under the cursor is declared."""
    found = player_at(analysis, offset)
    if found is None:
        return None
    view, player = found
    span = _declaration(view, player)
    if span is None:
        return None
    return types.Location(uri=uri, range=to_range(analysis.lines, span.shifted(view.start), encoding))


def references(
    analysis: Analysis, offset: int, uri: str, encoding: Encoding, include_declaration: bool = False
) -> list[types.Location]:
    """Every action token naming the player under the cursor (and the
    declaration when the client's ``context.includeDeclaration`` asks)."""
    found = player_at(analysis, offset)
    if found is None:
        return []
    view, player = found
    spans = _occurrences(view, player)
    declaration = _declaration(view, player)
    if include_declaration and declaration is not None:
        spans.insert(0, declaration)
    return [types.Location(uri=uri, range=to_range(analysis.lines, s.shifted(view.start), encoding)) for s in spans]


def highlights(analysis: Analysis, offset: int, encoding: Encoding) -> list[types.DocumentHighlight]:
    """The player's ``pN`` tokens (Read) and their declaration (Text)."""
    found = player_at(analysis, offset)
    if found is None:
        return []
    view, player = found
    marks = [(span, types.DocumentHighlightKind.Read) for span in _occurrences(view, player)]
    declaration = _declaration(view, player)
    if declaration is not None:
        marks.insert(0, (declaration, types.DocumentHighlightKind.Text))
    return [
        types.DocumentHighlight(range=to_range(analysis.lines, span.shifted(view.start), encoding), kind=kind)
        for span, kind in marks
    ]
