"""``textDocument/documentSymbol`` and ``textDocument/foldingRange``.

The outline reads like a hand replayer's timeline: each hand of a
``.phhs`` file (``[12] hand 59937794410``) holds its fields, and the
``actions`` field holds one symbol per betting round (Pre-flop, Flop...,
Third street..., First draw...) with the actions played on it. In a
``.phh`` file, which is one hand, the fields are the top level. Editors
ask for symbols to fill the outline view, breadcrumbs and "go to symbol".

Folding ranges cover each hand of a ``.phhs`` file, every array written
over several lines, the rounds inside ``actions`` and blocks of comment
lines. A server that answers folding requests replaces the editor's
indentation-based folding, so arrays are included on purpose.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from lsprotocol import types
from lsprotocol.converters import get_converter

from phh_lsp.core.analysis import LARGE_DOCUMENT, Analysis
from phh_lsp.core.engine.state_view import fmt_amount, street_names
from phh_lsp.core.hand_analysis import HandAnalysis, HandView
from phh_lsp.core.hand_info import field_value, player_name
from phh_lsp.core.syntax.entries import Entry
from phh_lsp.core.text import Encoding, LineIndex, Span
from phh_lsp.lsp.features import hand_outline
from phh_lsp.lsp.plain_answers import PlainAnswer, PlainJson
from phh_lsp.lsp.positions import to_range

_PREVIEW = 40
#: A ``.phhs`` of more hands has an outline of its hands and folds its hands and
#: comments only: every field and action of 50,000 hands is two million symbols
#: (minutes to build and send), and each hand's would need its replay first
#: (such a document keeps its hands slim after its check: see LARGE_DOCUMENT).
LARGE_HANDS = LARGE_DOCUMENT
#: A line whose first non-blank character is ``#`` (after ``\\n``, ``\\r\\n`` or a lone ``\\r``).
_COMMENT_LINE = re.compile(r"(?:^|(?<=\r))[^\S\r\n]*#", re.M)
#: lsprotocol's converter: a large document's plain outline and folds as objects, for callers other than the server.
_LSP = get_converter()


def action_streets(hand: HandAnalysis) -> list[str | None]:
    """The betting round each action is played on (None without a replay).

    ``Replay.streets`` records each replayed action's own round; actions
    after a replay stopped stay in the last round reached.
    """
    replay = hand.replay
    if replay is None or hand.report.variant is None or any(d.code == "PHH409" for d in replay.diagnostics):
        return [None] * len(hand.actions)
    current = replay.initial.street if replay.initial is not None else street_names(hand.report.variant)[0]
    result: list[str | None] = []
    for action in hand.actions:
        current = replay.streets.get(action.index, current)
        result.append(current)
    return result


def street_openers(hand: HandAnalysis) -> dict[int, str]:
    """Action index -> round name, for each action that opens a round."""
    openers: dict[int, str] = {}
    previous: str | None = None
    for action, street in zip(hand.actions, action_streets(hand), strict=True):
        if street is not None and action.kind != "noop" and street != previous:
            openers[action.index] = street
            previous = street
    return openers


def document_symbols(analysis: Analysis, encoding: Encoding) -> list[types.DocumentSymbol]:
    """The outline: hands (``.phhs``) or fields (``.phh``), rounds, actions."""
    if is_large(analysis):
        return _LSP.structure(json.loads(hand_outline.outline(analysis, encoding)), list[types.DocumentSymbol])
    symbols: list[types.DocumentSymbol] = []
    # One hand: with snapshots (each round shows its pot). Many: without,
    # which keeps a 1,000-hand outline cheap.
    views = analysis.hands if analysis.multi else [analysis.view(i) for i in range(len(analysis.pieces))]
    for view in views:
        hand = view.hand
        fields = [_field_symbol(analysis, view, entry, encoding) for entry in hand.report.fields.values()]
        if not analysis.multi:
            symbols.extend(fields)
        elif hand.header is not None:
            symbols.append(_hand_symbol(analysis, view, fields, encoding))
    return symbols


def is_large(analysis: Analysis) -> bool:
    """Whether the document has more than LARGE_HANDS hands (see there)."""
    return analysis.is_large


def outline(analysis: Analysis, encoding: Encoding) -> list[types.DocumentSymbol] | PlainJson:
    """The server's answer to ``documentSymbol``: a large document's hands as
    plain data (see hand_outline), else :func:`document_symbols`."""
    return hand_outline.outline(analysis, encoding) if is_large(analysis) else document_symbols(analysis, encoding)


def folds(analysis: Analysis) -> list[types.FoldingRange] | PlainAnswer:
    """The server's answer to ``foldingRange``: a large document's as plain
    data (see hand_outline), else :func:`folding_ranges`."""
    return _large_folds(analysis) if is_large(analysis) else folding_ranges(analysis)


def hand_title(hand: HandAnalysis) -> str:
    """``[12] hand 59937794410``: the table name and the ``hand`` field."""
    number = field_value(hand, "hand")
    title = f"[{hand.name}]" if hand.name is not None else "hand"
    return f"{title} hand {number}" if number is not None and hand.name is not None else title


def _hand_symbol(
    analysis: Analysis, view: HandView, children: list[types.DocumentSymbol], encoding: Encoding
) -> types.DocumentSymbol:
    hand = view.hand
    assert hand.header is not None
    detail = [hand.report.variant or ""]
    if hand.report.player_count:
        detail.append(f"{hand.report.player_count} players")
    end = view.start + max(len(hand.text.rstrip()), hand.header.span.end)
    return types.DocumentSymbol(
        name=hand_title(hand),
        detail=" · ".join(part for part in detail if part),
        kind=types.SymbolKind.Module,
        range=to_range(analysis.lines, Span(view.start, end), encoding),
        selection_range=to_range(analysis.lines, hand.header.span.shifted(view.start), encoding),
        children=children,
    )


def _preview(hand: HandAnalysis, entry: Entry) -> str:
    node = entry.value
    if node is None:
        return ""
    raw = hand.text[node.span.start : node.span.end]
    if node.kind == "array" and ("\n" in raw or "\r" in raw or len(raw) > _PREVIEW):
        return f"{len(node.items)} item{'s' * (len(node.items) != 1)}"
    raw = " ".join(raw.split())
    return raw if len(raw) <= _PREVIEW else raw[: _PREVIEW - 1] + "…"


def _field_symbol(analysis: Analysis, view: HandView, entry: Entry, encoding: Encoding) -> types.DocumentSymbol:
    hand, lines = view.hand, analysis.lines
    children = _action_symbols(analysis, view, encoding) if entry.key == "actions" else None
    return types.DocumentSymbol(
        name=entry.key,
        detail=_preview(hand, entry),
        kind=types.SymbolKind.Array if entry.value and entry.value.kind == "array" else types.SymbolKind.Field,
        range=to_range(lines, entry.span.shifted(view.start), encoding),
        selection_range=to_range(lines, entry.key_span.shifted(view.start), encoding),
        children=children,
    )


def _action_symbols(analysis: Analysis, view: HandView, encoding: Encoding) -> list[types.DocumentSymbol]:
    hand, lines = view.hand, analysis.lines
    actions: list[types.DocumentSymbol] = []
    for action in hand.actions:
        name = action.text.strip() or "(empty)"
        label = player_name(hand, action.player) if action.player is not None else None
        actions.append(
            types.DocumentSymbol(
                name=" ".join(name.split()),
                detail=label or "",
                kind=types.SymbolKind.Event,
                range=to_range(lines, action.span.shifted(view.start), encoding),
                selection_range=to_range(lines, action.span.shifted(view.start), encoding),
            )
        )
    groups = _groups(hand)
    if not groups:
        return actions
    streets: list[types.DocumentSymbol] = []
    for street, indexes in groups:
        first, last = hand.actions[indexes[0]], hand.actions[indexes[-1]]
        span = Span(first.span.start, last.span.end).shifted(view.start)
        snapshot = hand.replay.snapshots.get(indexes[-1]) if hand.replay is not None else None
        streets.append(
            types.DocumentSymbol(
                name=street,
                detail=f"pot {fmt_amount(snapshot.pot)}" if snapshot is not None and snapshot.in_progress else "",
                kind=types.SymbolKind.Namespace,
                range=to_range(lines, span, encoding),
                selection_range=to_range(lines, first.span.shifted(view.start), encoding),
                children=[actions[index] for index in indexes],
            )
        )
    return streets


def _groups(hand: HandAnalysis) -> list[tuple[str, list[int]]]:
    """Consecutive actions on the same round, as (round, action indexes)."""
    groups: list[tuple[str, list[int]]] = []
    for action, street in zip(hand.actions, action_streets(hand), strict=True):
        if street is None:
            return []
        if groups and groups[-1][0] == street:
            groups[-1][1].append(action.index)
        else:
            groups.append((street, [action.index]))
    return groups


def folding_ranges(analysis: Analysis) -> list[types.FoldingRange]:
    """Hands of a ``.phhs``, multi-line arrays, rounds and comment blocks."""
    lines = analysis.lines
    found: dict[int, types.FoldingRange] = {}

    def add(start: int, end: int, kind: types.FoldingRangeKind | None = None) -> None:
        if end > start and start not in found:
            found[start] = types.FoldingRange(start_line=start, end_line=end, kind=kind)

    if is_large(analysis):
        return _LSP.structure(_large_folds(analysis), list[types.FoldingRange])
    for view in analysis.hands:
        hand = view.hand
        if analysis.multi and hand.header is not None:
            add(lines.line_of(view.start), lines.line_of(view.start + len(hand.text.rstrip())))
        for entry in hand.report.fields.values():
            node = entry.value
            if node is not None and node.kind == "array":
                end = _array_end_line(lines, view.start, node.span, node.closed)
                add(lines.line_of(entry.span.start + view.start), end)
        for _, indexes in _groups(hand):
            first, last = hand.actions[indexes[0]], hand.actions[indexes[-1]]
            add(lines.line_of(first.span.start + view.start), lines.line_of(last.span.end + view.start))
    _comment_blocks(lines, add)
    return sorted(found.values(), key=lambda item: item.start_line)


def _large_folds(analysis: Analysis) -> PlainAnswer:
    """The hands and comment blocks of a large ``.phhs``, in their JSON shape."""
    found: dict[int, dict[str, int | str]] = {}

    def add(start: int, end: int, kind: types.FoldingRangeKind | None = None) -> None:
        if end > start and start not in found:
            found[start] = {"startLine": start, "endLine": end}
            if kind is not None:
                found[start]["kind"] = kind.value

    hand_outline.hand_folds(analysis, add)
    _comment_blocks(analysis.lines, add)
    return PlainAnswer(found[start] for start in sorted(found))


def _array_end_line(lines: LineIndex, delta: int, span: Span, closed: bool) -> int:
    """The last line to hide: the one before a ``]`` that opens its line."""
    close = span.end - 1 + delta
    line = lines.line_of(close)
    if closed and not lines.text[lines.line_start(line) : close].strip():
        return line - 1
    return line


def _comment_marks(text: str) -> list[int]:
    """Where each line whose first non-blank character is ``#`` has it. Without
    a carriage return, found from each ``#`` (few in a dataset, and a search of
    every line's start took seconds in a 42 MB file)."""
    if "\r" in text:
        return [match.end() - 1 for match in _COMMENT_LINE.finditer(text)]
    marks = []
    found = text.find("#")
    while found >= 0:
        if not text[text.rfind("\n", 0, found) + 1 : found].strip():
            marks.append(found)
        found = text.find("#", found + 1)
    return marks


def _comment_blocks(lines: LineIndex, add: Callable[[int, int, types.FoldingRangeKind | None], None]) -> None:
    """Runs of comment lines, found by one search of the text (a 50,000-hand
    file has a million lines, and few comments)."""
    found = sorted({lines.line_of(offset) for offset in _comment_marks(lines.text)})
    start = previous = None
    for number in found:
        if previous is None or number != previous + 1:
            if start is not None and previous is not None:
                add(start, previous, types.FoldingRangeKind.Comment)
            start = number
        previous = number
    if start is not None and previous is not None:
        add(start, previous, types.FoldingRangeKind.Comment)
