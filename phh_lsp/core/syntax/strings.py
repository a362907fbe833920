"""Decoding strings and keys, and saying what is wrong with a bad one.

Why offsets: the product puts diagnostics on characters inside strings
(the ``7000`` of ``"p3 cbr 7000"``), and escapes, the first line break a
multi-line string drops and its line-ending backslashes make the content
index and the source offset drift apart. :func:`decode_string` returns the
offset of every content character only when they drift; a plain string
(nearly all of them) maps one to one and costs one slice.

Decoding is lenient (an invalid escape stays as written) because the tree
also serves broken text; the lexer has already recorded the error.
"""

from __future__ import annotations

import re

from phh_lsp.core.syntax.tokens import (
    BASIC_STRING,
    LITERAL_STRING,
    ML_BASIC_STRING,
    ML_LITERAL_STRING,
    Token,
)

_SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"""\\(?:([btnfr"\\])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|([ \t]*+\r?\n[ \t\r\n]*+))""")
_ONE_LINE_PROBLEM = re.compile(
    r"""\\(?:[btnfr"\\]|u(?P<u>[0-9A-Fa-f]{4})|U(?P<U>[0-9A-Fa-f]{8}))"""
    r"|(?P<escape>\\[\s\S]?)|(?P<control>[\x00-\x08\x0a-\x1f\x7f])"
)
_MULTI_LINE_PROBLEM = re.compile(
    r"""\\(?:[btnfr"\\]|u(?P<u>[0-9A-Fa-f]{4})|U(?P<U>[0-9A-Fa-f]{8})|[ \t]*+\r?\n)|\r\n"""
    r"|(?P<escape>\\[\s\S]?)|(?P<control>[\x00-\x08\x0b-\x1f\x7f])"
)
_BASIC_TERMINATED = re.compile(r'''"(?:[^"\\\r\n]++|\\[^\r\n])*+"''')
_CONTROL_ONE_LINE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_CONTROL_MULTI_LINE = re.compile(r"\r\n|(?P<control>[\x00-\x08\x0b-\x1f\x7f])")


def _is_scalar(code: int) -> bool:
    """True for a Unicode scalar value (what ``\\u`` and ``\\U`` may name)."""
    return 0 <= code <= 0xD7FF or 0xE000 <= code <= 0x10FFFF


def _quote_width(kind: str) -> int:
    return 3 if kind in (ML_BASIC_STRING, ML_LITERAL_STRING) else 1


def _body_bounds(token: Token, terminated: bool) -> tuple[int, int]:
    """Start and end (relative to the token) of the text between the quotes."""
    width = _quote_width(token.kind)
    length = len(token.text)
    if not terminated:
        return min(width, length), length
    return width, length - width


def decode_string(token: Token, terminated: bool) -> tuple[str, list[int] | None, int]:
    """The content of a string token, the source offset of each content
    character plus one past the end (None when content index ``i`` is at
    ``content_start + i``), and ``content_start``."""
    text = token.text
    kind = token.kind
    begin, finish = _body_bounds(token, terminated)
    multiline = kind in (ML_BASIC_STRING, ML_LITERAL_STRING)
    if multiline:  # a line break right after the opening quotes is not content
        if text.startswith("\n", begin):
            begin += 1
        elif text.startswith("\r\n", begin):
            begin += 2
    body = text[begin : max(begin, finish)]
    base = token.start + begin
    if kind in (BASIC_STRING, ML_BASIC_STRING):
        return (*_decode_escapes(body, base, multiline), base)
    if multiline and "\r\n" in body:
        return (*_normalize_newlines(body, base), base)
    return body, None, base


def _normalize_newlines(body: str, base: int) -> tuple[str, list[int]]:
    """Turn CRLF into LF as tomllib does, keeping each character's offset."""
    out: list[str] = []
    offsets: list[int] = []
    _append_plain(body, 0, len(body), base, out, offsets)
    offsets.append(base + len(body))
    return "".join(out), offsets


def _append_plain(body: str, start: int, stop: int, base: int, out: list[str], offsets: list[int]) -> None:
    """Copy ``body[start:stop]`` (no escapes in it), CRLF read as LF."""
    segment = body[start:stop]
    if "\r\n" not in segment:
        out.append(segment)
        offsets.extend(range(base + start, base + stop))
        return
    position = start
    for piece in segment.split("\r\n"):
        out.append(piece)
        offsets.extend(range(base + position, base + position + len(piece)))
        position += len(piece)
        if position < stop:
            out.append("\n")
            offsets.append(base + position)
            position += 2


def _decode_escapes(body: str, base: int, multiline: bool) -> tuple[str, list[int] | None]:
    if "\\" not in body and not (multiline and "\r" in body):
        return body, None
    out: list[str] = []
    offsets: list[int] = []
    index = 0
    length = len(body)
    while index < length:
        slash = body.find("\\", index)
        if slash < 0:
            slash = length
        if slash > index:
            _append_plain(body, index, slash, base, out, offsets)
        if slash >= length:
            break
        match = _ESCAPE.match(body, slash)
        index = slash + 1
        char = "\\"
        if match is not None:
            simple, four, eight, line_end = match.groups()
            if simple is not None:
                char = _SIMPLE_ESCAPES[simple]
                index = match.end()
            elif four is not None or eight is not None:
                code = int(four or eight, 16)
                char = chr(code) if _is_scalar(code) else "\ufffd"
                index = match.end()
            elif line_end is not None and multiline:
                index = match.end()
                continue
        out.append(char)
        offsets.append(base + slash)
    offsets.append(base + length)
    return "".join(out), offsets


def key_part_name(token: Token) -> str:
    """The name a key part stands for: bare as written, quoted decoded."""
    kind = token.kind
    if kind == BASIC_STRING:
        text = token.text
        if "\\" not in text:
            return text[1:-1] if len(text) > 1 and text.endswith('"') else text[1:]
        terminated = _BASIC_TERMINATED.fullmatch(text) is not None
        return decode_string(token, terminated)[0]
    if kind == LITERAL_STRING:
        text = token.text
        return text[1:-1] if len(text) > 1 and text.endswith("'") else text[1:]
    return token.text


def string_problem(token: Token, terminated: bool) -> tuple[str, int, int]:
    """Why a string token failed the strict pattern: a message and the
    source offsets of the first offending character or escape."""
    kind = token.kind
    text = token.text
    if not terminated:
        return "unterminated string: the closing quote is missing", token.start, token.end
    begin, finish = _body_bounds(token, terminated)
    multiline = kind in (ML_BASIC_STRING, ML_LITERAL_STRING)
    if kind in (LITERAL_STRING, ML_LITERAL_STRING):
        pattern = _CONTROL_MULTI_LINE if multiline else _CONTROL_ONE_LINE
        for match in pattern.finditer(text, begin, finish):
            if match.lastgroup == "control" or not multiline:
                return _control_message(match.group()), token.start + match.start(), token.start + match.end()
        return "invalid string", token.start, token.end
    problems = _MULTI_LINE_PROBLEM if multiline else _ONE_LINE_PROBLEM
    for match in problems.finditer(text, begin, finish):
        start = token.start + match.start()
        end = token.start + match.end()
        if match.lastgroup == "control":
            return _control_message(match.group()), start, end
        if match.lastgroup == "escape":
            return f"invalid escape sequence {match.group()!r}", start, end
        code = match.group("u") or match.group("U")
        if code is not None and not _is_scalar(int(code, 16)):
            return f"escape {match.group()!r} is not a Unicode scalar value", start, end
    return "invalid string", token.start, token.end


def _control_message(char: str) -> str:
    if char == "\r":
        return "a carriage return must be followed by a line feed"
    if char == "\n":
        return "a line break is not allowed in a one-line string"
    return f"control character U+{ord(char):04X} must be escaped"
