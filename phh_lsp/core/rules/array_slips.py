"""The TOML slips people make in a hand's arrays, said in a player's words.

The syntax tree reports what TOML expected ("expected ',' between array
elements", "invalid value 'p3'"); a person typing a hand made one slip and
should read one diagnostic about it, on the thing to change, with the fix:

* an action typed without quotes, ``p3 cbr 7000,``: one error over the
  whole action ("write "p3 cbr 7000""), not one per word, and the action
  is read as if quoted, so the hand is still replayed and checked;
* a comma missing between two elements: said on the element it must follow;
* an array never closed: "`]` is missing after this action: `actions = [`
  opened on line 7 is never closed", once, on its last element, where the
  ``]`` belongs and the fix goes (on the ``[`` when it has no element, or
  its last one is a string left open, which has a diagnostic of its own).

Each comes with the text to insert (:class:`~phh_lsp.core.rules.fix_data.MissingText`).
The slips above leave the actions readable, so the analysis keeps checking
the hand's legality while they are there (a document being typed in an
editor without auto-pairs has its ``actions`` array open all the time).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.rules.fix_data import MissingText
from phh_lsp.core.syntax import TomlError
from phh_lsp.core.syntax.entries import Entry, StringInfo, Value
from phh_lsp.core.text import LineIndex, Span, line_ending

#: What ends an action typed without quotes, on its line.
_ENDS = ",]#\r\n"


@dataclass(slots=True)
class Slips:
    """The slips found: their diagnostics, and the tree errors they stand for.

    ``closing`` says where an array's missing ``]`` belongs, on its last
    element: that element is read right, so its own problems stand too
    (unlike the text under the other diagnostics, which was misread).
    """

    diagnostics: list[Diagnostic] = field(default_factory=list)
    explained: list[TomlError] = field(default_factory=list)
    closing: list[Diagnostic] = field(default_factory=list)


def explain_slips(text: str, lines: LineIndex, entries: list[Entry], errors: list[TomlError]) -> Slips:
    """Find the slips in the hand's top-level arrays (``lines``: the text's index).

    Reads the actions typed without quotes as strings: the ``actions``
    entry's items are replaced in place, so every later step (field checks,
    the action parser, the replay) sees the action the user meant.
    """
    slips = Slips()
    for entry in entries:
        node = entry.value
        if node is None or node.kind != "array" or entry.is_header:
            continue
        if entry.key == "actions":
            node.items = _quote_bare_actions(text, node.items, errors, slips)
        _missing_commas(text, lines, entry.key, node, errors, slips)
        _unclosed(text, lines, entry.key, node, errors, slips)
    return slips


def _quote_bare_actions(text: str, items: list[Value], errors: list[TomlError], slips: Slips) -> list[Value]:
    """The items with each action typed without quotes read as one string."""
    merged: list[Value] = []
    covered = -1
    for item in items:
        if item.span.start < covered:
            continue
        stretch = _bare_stretch(text, item, merged[-1] if merged else None) if item.kind == "invalid" else None
        if stretch is None:
            merged.append(item)
            continue
        start, end = stretch
        # the words before this one on the stretch were taken as values (`7000 p3`): take them back
        while merged and merged[-1].span.start >= start:
            merged.pop()
        covered = end
        words = text[start:end]
        merged.append(Value("string", words, Span(start, end), string=StringInfo(start, None, True)))
        slips.explained.extend(error for error in errors if start <= error.start < end)
        fix = MissingText(((start, '"'), (end, '"')), f'quotes around "{words}"') if "\\" not in words else None
        slips.diagnostics.append(
            diagnostic("PHH101", f'an action is text in quotes: write "{words}"', Span(start, end), fix)
        )
    return merged


def _bare_stretch(text: str, item: Value, previous: Value | None) -> tuple[int, int] | None:
    """Where the action holding the bare word ``item`` stands: from the
    previous comma, ``[`` or element on its line to the next comma, ``]``,
    comment or line end; None when quotes stand in it (not a bare action)."""
    line_start = text.rfind("\n", 0, item.span.start) + 1
    start = max(
        line_start, text.rfind(",", line_start, item.span.start) + 1, text.rfind("[", line_start, item.span.start) + 1
    )
    if previous is not None and line_start <= previous.span.end <= item.span.start:
        start = max(start, previous.span.end)
    end = item.span.end
    while end < len(text) and text[end] not in _ENDS:
        end += 1
    while start < end and text[start] in " \t":
        start += 1
    while end > start and text[end - 1] in " \t":
        end -= 1
    words = text[start:end]
    if '"' in words or "'" in words or start >= end:
        return None
    return start, end


def _missing_commas(text: str, lines: LineIndex, key: str, node: Value, errors: list[TomlError], slips: Slips) -> None:
    """A comma missing between two elements: said on the element it must follow."""
    starts = {error.start: error for error in errors if error.slip == "missing-comma" and error not in slips.explained}
    if not starts:
        return
    for previous, item in zip(node.items, node.items[1:], strict=False):
        error = starts.get(item.span.start)
        if error is None:
            continue
        slips.explained.append(error)
        before = text[previous.span.start : previous.span.end]
        after = text[item.span.start : item.span.end]
        line = lines.line_of(item.span.start)
        if line == lines.line_of(previous.span.end):
            message = f"a `,` is missing between {before} and {after}"
        else:
            message = f"a `,` is missing after {before}: the next {_element(key)}, {after}, starts on line {line + 1}"
        slips.diagnostics.append(
            diagnostic(
                "PHH101",
                message,
                previous.span,
                MissingText(((previous.span.end, ","),), f"a `,` after {before}"),
            )
        )


def _unclosed(text: str, lines: LineIndex, key: str, node: Value, errors: list[TomlError], slips: Slips) -> None:
    """An array never closed: said where its ``]`` belongs, with the ``]`` to add."""
    if node.closed:
        return
    error = next((e for e in errors if e.slip == "unclosed-array" and e.start == node.span.start), None)
    if error is None:
        return
    slips.explained.append(error)
    line = lines.line_of(error.start) + 1
    last = node.items[-1] if node.items else None
    fix = None
    if last is None or last.string is None or last.string.terminated:
        end = lines.line_end(lines.line_of(last.span.end if last is not None else error.end))
        newline = line_ending(text)
        fix = MissingText(((end, f"{newline}]"),), f"the `]` that closes `{key}`")
    if fix is not None and last is not None:
        # said where the `]` belongs, where the fix goes: on the last element,
        # which is read right (its own problems stand)
        message = f"`]` is missing after this {_element(key)}: `{key} = [` opened on line {line} is never closed"
        slips.closing.append(diagnostic("PHH101", message, last.span, fix))
        return
    message = f"`{key} = [` opened on line {line} is never closed: add `]` after its last {_element(key)}"
    slips.diagnostics.append(diagnostic("PHH101", message, error.span, fix))


def _element(key: str) -> str:
    """What an element of the array ``key`` is called in a message."""
    return "action" if key == "actions" else "entry"
