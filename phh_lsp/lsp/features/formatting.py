"""``textDocument/formatting`` and ``rangeFormatting``: the core formatter.

Whole-document formatting returns minimal line edits (nothing when the
text is already formatted, nothing for a document that is not valid
TOML). Range formatting formats the whole document and keeps only the
edits that lie inside the selected lines; because the formatter may move
a field from one place to another, the kept edits are applied and the
result must still hold every value of the original, or nothing is sent:
formatting a selection never drops a field.
"""

from __future__ import annotations

from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core import syntax
from phh_lsp.core.analysis import Analysis
from phh_lsp.core.fixes.text_edits import TextEdit, apply_edits, minimal_edits
from phh_lsp.core.formatting.formatter import format_text, same_values
from phh_lsp.core.text import Encoding, Span
from phh_lsp.lsp.positions import to_offset, to_range


def _edits(analysis: Analysis, settings: Settings) -> list[TextEdit]:
    formatted = format_text(analysis.text, multi=analysis.multi, line_width=settings.line_width)
    if formatted is None:
        return []
    return minimal_edits(analysis.text, formatted)


def _anchored(text: str, edit: TextEdit) -> TextEdit:
    """Move an insertion at the very end of the text inside the last line.

    After a final line break the LSP position is on a line editors do not
    have; Neovim 0.11 then appends an extra empty line. Inserting the same
    lines just before that final line break gives the same text.
    """
    end = len(text)
    if edit.start == edit.end == end and text.endswith("\n") and edit.new_text.endswith("\n"):
        at = end - 2 if text.endswith("\r\n") else end - 1
        newline = text[at:end]
        return TextEdit(at, at, newline + edit.new_text[: -len(newline)])
    return edit


def _lsp(analysis: Analysis, edits: list[TextEdit], encoding: Encoding) -> list[types.TextEdit]:
    return [
        types.TextEdit(range=to_range(analysis.lines, Span(edit.start, edit.end), encoding), new_text=edit.new_text)
        for edit in (_anchored(analysis.text, edit) for edit in edits)
    ]


def format_document(analysis: Analysis, settings: Settings, encoding: Encoding) -> list[types.TextEdit]:
    """The edits that format the whole document (empty when nothing changes)."""
    return _lsp(analysis, _edits(analysis, settings), encoding)


def format_range(
    analysis: Analysis, selection: types.Range, settings: Settings, encoding: Encoding
) -> list[types.TextEdit]:
    """The formatting edits that fall inside the selected (whole) lines."""
    lines = analysis.lines
    start = lines.line_start(min(selection.start.line, lines.line_count - 1))
    end_line = selection.end.line
    if selection.end.character == 0 and end_line > selection.start.line:
        end_line -= 1
    end = lines.offset(end_line + 1, 0, encoding) if end_line + 1 < lines.line_count else len(analysis.text)
    end = max(end, to_offset(lines, selection.end, encoding))
    kept = [edit for edit in _edits(analysis, settings) if start <= edit.start and edit.end <= end]
    if not kept or not _keeps_values(analysis.text, apply_edits(analysis.text, kept)):
        return []
    return _lsp(analysis, kept, encoding)


def _keeps_values(before: str, after: str) -> bool:
    old, old_errors = syntax.check(syntax.parse(before, bom=False))
    new, new_errors = syntax.check(syntax.parse(after, bom=False))
    return not old_errors and not new_errors and same_values(old, new)
