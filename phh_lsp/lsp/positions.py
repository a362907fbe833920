"""Offsets to LSP positions and back, in the encoding the client chose.

The core speaks in character offsets; LSP speaks in (line, character)
where "character" counts UTF-16 code units unless the client negotiated
UTF-8 or UTF-32. Everything that crosses the boundary goes through here.
"""

from __future__ import annotations

from lsprotocol import types

from phh_lsp.core.text import Encoding, LineIndex, Span

_ENCODINGS: dict[str, Encoding] = {"utf-8": "utf-8", "utf-16": "utf-16", "utf-32": "utf-32"}


def encoding_of(kind: object) -> Encoding:
    """The core's name for a negotiated ``PositionEncodingKind``."""
    value = getattr(kind, "value", kind)
    return _ENCODINGS.get(str(value), "utf-16")


def to_position(lines: LineIndex, offset: int, encoding: Encoding) -> types.Position:
    """An LSP position for an offset."""
    line, column = lines.position(offset, encoding)
    return types.Position(line=line, character=column)


def to_range(lines: LineIndex, span: Span, encoding: Encoding) -> types.Range:
    """An LSP range for a span."""
    return types.Range(
        start=to_position(lines, span.start, encoding),
        end=to_position(lines, span.end, encoding),
    )


def to_offset(lines: LineIndex, position: types.Position, encoding: Encoding) -> int:
    """The offset of an LSP position, clamped into the text."""
    return lines.offset(position.line, position.character, encoding)
