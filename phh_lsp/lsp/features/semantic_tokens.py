"""``textDocument/semanticTokens/full`` and ``/range``: colour inside actions.

A TOML grammar sees ``"p3 cbr 7000 # shove"`` as one string; these tokens
colour its words the way a reader parses them. Standard token types keep
every theme working without configuration:

========================  ===============  ==========================
word                      token type       modifiers
========================  ===============  ==========================
``d`` (the dealer)        ``namespace``    ``dealer``
``pN`` (actor or dealee)  ``variable``
verb (``cbr``, ``db``)    ``keyword``      ``dealer`` for dh / db
amount                    ``number``
each card                 ``enumMember``   ``unknown`` for ``??``
commentary (``# ...``)    ``comment``
========================  ===============  ==========================

Only words that parse are coloured (an unknown verb or a malformed card
keeps the string's colour, next to its diagnostic). Editors request the
whole document, or the visible range of a large ``.phhs`` file.

Colour needs no replay: each hand's actions are read and parsed on
their own (cached by the hand's text), so the full tokens of a 1,000-hand
file costs a reading of its syntax tree, not a replay of every hand.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Callable, Iterator
from functools import lru_cache

from lsprotocol import types

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.rules.actions import DEALER_VERBS, PLAYER_VERBS, ParsedAction, parse_action
from phh_lsp.core.syntax import parse
from phh_lsp.core.syntax.entries import read_entries
from phh_lsp.core.text import Encoding, LineIndex, Span
from phh_lsp.lsp.features.hand_outline import hand_lines
from phh_lsp.lsp.features.semantic_legend import TOKEN_MODIFIERS, TOKEN_TYPES
from phh_lsp.lsp.positions import to_offset

_TYPE = {name: index for index, name in enumerate(TOKEN_TYPES)}
_DEALER = 1 << TOKEN_MODIFIERS.index("dealer")
_UNKNOWN = 1 << TOKEN_MODIFIERS.index("unknown")


def semantic_tokens(analysis: Analysis, encoding: Encoding) -> types.SemanticTokens:
    """The tokens of every action of the document (see :func:`token_data`)."""
    return types.SemanticTokens(data=token_data(analysis, encoding).tolist())


def token_data(analysis: Analysis, encoding: Encoding) -> array[int]:
    """The encoded tokens of every action of the document: each hand's,
    encoded once and kept by its text (a keystroke changes one hand's),
    joined with the first token of each hand made relative to the last of
    the hand before (a hand starts a line, so only that token depends on
    the others)."""
    data = array("I")
    previous_line = previous_column = 0
    for line, text in hand_lines(analysis):
        encoded = _hand_tokens(text, analysis.multi, encoding)
        if encoded is None:
            continue
        first_line, first_column, last_line, last_column, hand_data = encoded
        delta_line = line + first_line - previous_line
        at = len(data)
        data.extend(hand_data)  # in C; then its first token made relative to the hand before
        data[at] = delta_line
        data[at + 1] = first_column - previous_column if delta_line == 0 else first_column
        previous_line, previous_column = line + last_line, last_column
    return data


@lru_cache(maxsize=1 << 16)
def _hand_tokens(text: str, multi: bool, encoding: Encoding) -> tuple[int, int, int, int, array[int]] | None:
    """One hand's tokens encoded as if the document were the hand alone,
    with its first and last token's (line, column); None without tokens.
    Kept as an array (4 bytes an integer: a 50,000-hand file has millions)."""
    lines = LineIndex(text)
    data = array("I")
    previous_line = previous_column = 0
    first: tuple[int, int] | None = None
    pieces = _ascii_pieces(lines) if text.isascii() and "\r" not in text else _pieces
    for action in hand_actions(text, multi):
        for local, kind, modifiers in action_tokens(action):
            for line, column, length in pieces(lines, local, encoding):
                delta_line = line - previous_line
                data.extend(
                    (delta_line, column - previous_column if delta_line == 0 else column, length, kind, modifiers)
                )
                previous_line, previous_column = line, column
                first = first or (line, column)
    if first is None:
        return None
    return first[0], first[1], previous_line, previous_column, data


def semantic_tokens_range(analysis: Analysis, range: types.Range, encoding: Encoding) -> types.SemanticTokens:
    """The tokens of the actions overlapping ``range`` (positions relative to
    the document's start, as in the full response)."""
    start = to_offset(analysis.lines, range.start, encoding)
    end = to_offset(analysis.lines, range.end, encoding)
    return types.SemanticTokens(data=_encode(analysis, start, end, encoding))


@lru_cache(maxsize=4096)
def hand_actions(text: str, multi: bool) -> tuple[ParsedAction, ...]:
    """The parsed ``actions`` of one hand's text (its own coordinates)."""
    entries = read_entries(parse(text))
    table = None
    if multi:
        if not entries or not entries[0].is_header:
            return ()
        table = entries[0].key
    for entry in entries:
        node = entry.value
        if entry.key == "actions" and entry.table == table and not entry.is_header and node and node.kind == "array":
            return tuple(parse_action(index, item) for index, item in enumerate(node.items))
    return ()


def action_tokens(action: ParsedAction) -> Iterator[tuple[Span, int, int]]:
    """(span, token type, modifier bits) for the words of one action, in order."""
    actor = action.actor
    dealer = actor is not None and actor.text == "d"
    if actor is not None and (dealer or actor is action.player_token):
        yield actor.span, _TYPE["namespace" if dealer else "variable"], _DEALER if dealer else 0
        verb = action.verb
        if verb is not None and verb.text in (DEALER_VERBS if dealer else PLAYER_VERBS):
            yield verb.span, _TYPE["keyword"], _DEALER if dealer else 0
        if dealer and action.player_token is not None:
            yield action.player_token.span, _TYPE["variable"], 0
        if action.amount is not None and action.amount_value is not None:
            yield action.amount.span, _TYPE["number"], 0
        for card in action.cards:
            if card.error is None:
                yield card.span, _TYPE["enumMember"], _UNKNOWN if card.text == "??" else 0
    if action.commentary is not None:
        yield action.commentary.span, _TYPE["comment"], 0


def _encode(analysis: Analysis, start: int, end: int, encoding: Encoding) -> list[int]:
    lines, pieces = analysis.lines, analysis.pieces
    first = max(0, bisect.bisect_right(pieces.starts, start) - 1)
    data: list[int] = []
    previous_line = previous_column = 0
    for index in range(first, len(pieces)):  # a range's hands only: a 50,000-hand file asks for its visible lines
        piece = pieces[index]
        if piece.start > end:
            break
        for action in hand_actions(piece.text, analysis.multi):
            span = action.span.shifted(piece.start)
            if span.end < start or span.start > end:
                continue
            for local, kind, modifiers in action_tokens(action):
                for line, column, length in _pieces(lines, local.shifted(piece.start), encoding):
                    delta_line = line - previous_line
                    delta_column = column - previous_column if delta_line == 0 else column
                    data += [delta_line, delta_column, length, kind, modifiers]
                    previous_line, previous_column = line, column
    return data


def _ascii_pieces(lines: LineIndex) -> Callable[[LineIndex, Span, Encoding], Iterator[tuple[int, int, int]]]:
    """:func:`_pieces` for an ASCII text with ``\\n`` line breaks only, where a
    column is an offset in every encoding: a span on one line (nearly every
    token) is one search of the line starts, not two encoded positions."""
    starts = lines.line_starts
    count = len(starts)

    def pieces(lines: LineIndex, span: Span, encoding: Encoding) -> Iterator[tuple[int, int, int]]:
        line = bisect.bisect_right(starts, span.start) - 1
        if line + 1 < count and span.end >= starts[line + 1]:
            yield from _pieces(lines, span, encoding)  # a multi-line commentary
        elif span.end > span.start:
            yield line, span.start - starts[line], span.end - span.start

    return pieces


def _pieces(lines: LineIndex, span: Span, encoding: Encoding) -> Iterator[tuple[int, int, int]]:
    """(line, column, length) of each one-line piece of ``span`` (tokens never span lines)."""
    first, last = lines.line_of(span.start), lines.line_of(span.end)
    for line in range(first, last + 1):
        piece_start = span.start if line == first else lines.line_start(line)
        piece_end = span.end if line == last else lines.line_end(line)
        if piece_end <= piece_start:
            continue
        _, column = lines.position(piece_start, encoding)
        _, end_column = lines.position(piece_end, encoding)
        if end_column > column:
            yield line, column, end_column - column
