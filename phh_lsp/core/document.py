"""The located PHH document: one hand (``.phh``) or many (``.phhs``).

A ``.phhs`` file is cut into hands at its table headers (``[1]``,
``[2]``, ...) so that each hand can be checked, and cached, on its own: a
hand's text is its header line through the line before the next header,
and every span inside a hand is relative to the hand's first character.
Moving a hand down the file therefore changes nothing in its analysis.

Validity is judged by ``tomllib`` on each hand's text, which gives one
error per mistake at the position the parser reports; positions and
values for the features come from :mod:`phh_lsp.core.toml_scan`, which
keeps going where ``tomllib`` stops.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from phh_lsp.core.codes import Diagnostic, diagnostic
from phh_lsp.core.text import LineIndex, Span

_HEADER_LINE = re.compile(r"^\[[^\[\]\r\n]*\][ \t]*(?:#[^\r\n]*)?\r?$", re.M)
_ERROR_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_ERROR_AT_END = re.compile(r"\s*\(at end of document\)$")


@dataclass(slots=True)  # not frozen, for speed (a keystroke re-cuts a 1,000-hand file)
class HandText:
    """Where one hand's text stands in the document."""

    start: int
    end: int
    text: str


def is_multi_hand(uri_or_path: str, text: str) -> bool:
    """True for ``.phhs`` files: by extension, else by a leading table header."""
    lowered = uri_or_path.lower()
    if lowered.endswith(".phhs"):
        return True
    if lowered.endswith(".phh"):
        return False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return bool(_HEADER_LINE.match(stripped))
    return False


def _header_candidates(text: str) -> list[int]:
    """``_HEADER_LINE``'s matches, found by looking only where a line opens
    with ``[`` (a keystroke in a 1,000-hand file re-cuts it, and the regular
    expression alone tried every character)."""
    candidates = [0] if _HEADER_LINE.match(text) else []
    found = text.find("\n[")
    while found >= 0:
        if _HEADER_LINE.match(text, found + 1):
            candidates.append(found + 1)
        found = text.find("\n[", found + 1)
    return candidates


def _header_starts(text: str) -> list[int]:
    """Where the hands' table headers start: the header-like lines, less
    those that stand inside a value (see :func:`_inside_value`)."""
    candidates = _header_candidates(text)
    starts: list[int] = []
    for index, candidate in enumerate(candidates):
        following = candidates[index + 1] if index + 1 < len(candidates) else len(text)
        if not starts or not _inside_value(text, starts[-1], candidate, following):
            starts.append(candidate)
    return starts


def _inside_value(text: str, start: int, candidate: int, following: int) -> bool:
    """Whether the header-like line at ``candidate`` belongs to a value
    opened between ``start`` and it: a line ``[2]`` inside a multi-line
    string, or a row ``[1, 2]`` of a nested array written at column 0.

    Counting is enough here (it runs on every keystroke of a 1,000-hand
    file): an odd number of triple quotes leaves a multi-line string open;
    an array left open above is this line's only if the text after the line
    closes it (an ``actions`` array whose ``]`` was forgotten, followed by
    the next hand, is ended by the header instead).
    """
    if text.count('"""', start, candidate) % 2 or text.count("'''", start, candidate) % 2:
        return True
    depth = text.count("[", start, candidate) - text.count("]", start, candidate)
    return depth > 0 and text.count("]", candidate, following) > text.count("[", candidate, following)


def split_hands(text: str, multi: bool) -> list[HandText]:
    """Cut the document into hand texts (the whole text for a ``.phh``).

    In a ``.phhs``, anything before the first header is a hand text of its
    own (usually only a header comment); the checks tell such a prelude
    from a real hand by the absence of a table header.
    """
    if not multi:
        return [HandText(0, len(text), text)]
    starts = _header_starts(text)
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = [*starts, len(text)]
    return [
        HandText(start, end, text[start:end]) for start, end in itertools.pairwise(bounds) if end > start or start == 0
    ]


_INDENTED_BRACKET = re.compile(r"\n[ \t]+\[")
_SIMPLE_HEADER = re.compile(r"\[[ \t]*[A-Za-z0-9_-]+[ \t]*\]")


def needs_whole_document_check(text: str, hands: list[HandText]) -> bool:
    """Whether judging each hand of a ``.phhs`` alone could miss a TOML error.

    Each hand's text is judged on its own (and cached), which is exact when
    the hands are independent tables: every line that opens with ``[`` is
    a simple hand header (``[12]``) where a hand starts. Anything else
    (dotted or quoted headers, ``[[arrays of tables]]``, an indented
    header, conservatively any other such line) can tie hands together
    (``[a]`` then ``[a.b]`` declared twice): then the whole document is
    judged at once. Runs on every keystroke: two passes of C code.
    """
    if _INDENTED_BRACKET.search(text) or text[:1] in (" ", "\t"):
        return True
    starts = {hand.start for hand in hands}
    found = 0 if text.startswith("[") else text.find("\n[")
    while found >= 0:
        line = found + 1 if text[found] == "\n" else found
        if line not in starts or not _SIMPLE_HEADER.match(text, line):
            return True
        found = text.find("\n[", found + 1)
    return False


#: A bare dotted key of more parts than this (PHH has none at all) makes
#: tomllib quadratic: 8,000 parts take a second.
MAX_KEY_PARTS = 64
_LONG_DOTTED_KEY = re.compile(
    rf"^[ \t]*[A-Za-z0-9_-]+(?:[ \t]*\.[ \t]*[A-Za-z0-9_-]+){{{MAX_KEY_PARTS},}}(?=[ \t]*=)", re.M
)


def has_long_dotted_key(text: str) -> bool:
    """Whether a key has so many dotted parts that parsing it would stall."""
    return "." in text and _LONG_DOTTED_KEY.search(text) is not None


def _tame_long_keys(text: str) -> str:
    """The same text with long dotted keys fused into one bare key each.

    Same length, same lines: errors elsewhere keep their positions.
    """
    return _LONG_DOTTED_KEY.sub(lambda match: re.sub(r"[ \t.]", "_", match.group()), text)


def toml_error(text: str) -> Diagnostic | None:
    """The first TOML syntax error of ``text`` as PHH101, located on its token."""
    if has_long_dotted_key(text):
        text = _tame_long_keys(text)
    try:
        tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        return _syntax_diagnostic(text, str(error))
    except RecursionError:
        return diagnostic("PHH101", "arrays nest too deeply to read (PHH arrays are flat)", Span(0, min(1, len(text))))
    except (InvalidOperation, ValueError) as error:
        return diagnostic("PHH101", f"invalid TOML value: {error}", Span(0, min(1, len(text))))
    return None


def _syntax_diagnostic(text: str, message: str) -> Diagnostic:
    position = _ERROR_POSITION.search(message)
    if position:
        index = LineIndex(text)
        offset = index.offset(int(position.group(1)) - 1, int(position.group(2)) - 1)
        message = message[: position.start()]
    else:
        offset = len(text)
        message = _ERROR_AT_END.sub("", message)
    span = _open_string(text, offset) or _token_span(text, offset)
    return diagnostic("PHH101", _explain_syntax(message, text, span), span)


def _open_string(text: str, offset: int) -> Span | None:
    """The string left open on the line of ``offset``, quote to line end.

    tomllib reports an unterminated string at the line break; the user
    needs to see which string it is.
    """
    start = text.rfind("\n", 0, offset) + 1
    end = offset
    while end < len(text) and text[end] not in "\r\n":
        end += 1
    opened: int | None = None
    quote = ""
    index = start
    while index < end:
        char = text[index]
        if opened is None:
            if char == "#":
                break
            if char in "\"'":
                opened, quote = index, char
        elif char == "\\" and quote == '"':
            index += 1
        elif char == quote:
            opened = None
        index += 1
    return Span(opened, end) if opened is not None else None


def _token_span(text: str, offset: int) -> Span:
    """The word at ``offset`` (at least one character when there is one).

    tomllib points at a character; underlining the whole word there (an
    unquoted value, a stray token) reads better than a one-character mark.
    At the end of a line or of the file, the previous character is marked
    so that the diagnostic stays visible on the line it concerns.
    """
    if offset >= len(text) or text[offset] in "\r\n":
        start = offset
        while start > 0 and text[start - 1] in " \t\r\n":
            start -= 1
        return Span(max(0, start - 1), start) if start > 0 else Span(0, 0)
    end = offset
    while end < len(text) and text[end] not in " \t\r\n,[]{}=#\"'":
        end += 1
    return Span(offset, max(end, offset + 1))


def _explain_syntax(message: str, text: str, span: Span) -> str:
    """tomllib's message, with what the user most likely meant."""
    lowered = message.lower()
    token = text[span.start : span.end]
    hint = ""
    if "unclosed array" in lowered:
        hint = ": add the closing `]`"
    elif "unterminated string" in lowered or ("illegal character" in lowered and '"' in text):
        hint = ': close the string with `"` on the same line'
    elif "invalid value" in lowered and token:
        hint = f': `{token}` is not a TOML value (quote text as "{token}")'
    elif "cannot overwrite a value" in lowered or "cannot declare" in lowered:
        hint = ": a key may be defined only once"
    return f"TOML syntax error: {message}{hint}"
