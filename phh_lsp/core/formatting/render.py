"""How the formatter writes one key/value: keys, strings, actions, arrays.

Kept apart from the document-level decisions (order, comments between
keys, tables) in :mod:`phh_lsp.core.formatting.formatter` so each rule of the style
lives in one small function. Every function returns lines without line
endings; numbers, dates, escaped strings and anything kept verbatim come
out exactly as the user wrote them.
"""

from __future__ import annotations

import re

from phh_lsp.core.formatting.statements import (
    Array,
    Blank,
    Comment,
    Element,
    KeyValue,
    Str,
    Value,
)

INDENT = "  "
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_NORMAL_ACTION = re.compile(r"[^\s#]+(?: [^\s#]+)*")
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def normalize_action(action: str) -> str:
    """An action string with single spaces between words and ``# comment``.

    ``"p1   cbr  7000#nice"`` becomes ``"p1 cbr 7000 # nice"``; a pure
    commentary becomes ``"# text"``; an empty string stays empty.
    """
    if _NORMAL_ACTION.fullmatch(action):
        return action
    notation, hash_sign, commentary = action.partition("#")
    parts = [" ".join(notation.split())] if notation.split() else []
    if hash_sign:
        words = commentary.split()
        parts.append("# " + " ".join(words) if words else "#")
    return " ".join(parts)


def render_key(key: tuple[str, ...], raw: str) -> str:
    """A bare key when the name allows it, else the key as written."""
    if len(key) == 1 and _BARE_KEY.fullmatch(key[0]):
        return key[0]
    return raw


def _escape_basic(content: str) -> str:
    def escape(found: re.Match[str]) -> str:
        char = found.group()
        return _ESCAPES.get(char, f"\\u{ord(char):04X}")

    return '"' + _NEEDS_ESCAPE.sub(escape, content) + '"'


def render_string(value: Str, *, action: bool) -> str:
    """A string as a basic string when its content allows, else as written.

    Literal strings whose content would need escapes (backslashes, double
    quotes, tabs) stay literal; basic strings with escapes stay untouched.
    Action strings are normalised first (:func:`normalize_action`).
    """
    content = value.content
    new = normalize_action(content) if action else content
    if new == content and not value.literal:
        return value.raw
    if not _NEEDS_ESCAPE.search(new):
        return '"' + new + '"'
    if value.literal and new == content:
        return value.raw
    if value.literal and "'" not in new and not re.search(r"[\x00-\x1f\x7f]", new):
        return "'" + new + "'"
    return _escape_basic(new)


def render_element(value: Value, *, action: bool = False) -> str:
    """An array element or scalar value; nested arrays are kept verbatim."""
    if isinstance(value, Str):
        return render_string(value, action=action)
    return value.raw


def _with_comment(line: str, comment: str | None) -> str:
    return f"{line}  {comment}" if comment else line


def _body_lines(array: Array, *, action: bool) -> list[str]:
    """The lines between the brackets of a multi-line array."""
    lines: list[str] = []
    for item in array.items:
        if isinstance(item, Blank):
            if lines and lines[-1]:
                lines.append("")
        elif isinstance(item, Comment):
            lines.append(INDENT + item.text)
        else:
            text = render_element(item.value, action=action)
            lines.append(_with_comment(f"{INDENT}{text},", item.comment))
    if lines and not lines[-1]:
        lines.pop()
    return lines


def render_array(head: str, array: Array, *, actions: bool, width: int, comment: str | None) -> list[str]:
    """``head`` + the array, on one line if allowed and it fits, else one
    element per line (two-space indent, trailing comma, ``]`` alone).

    ``actions`` is always multi-line; an array holding comments too.
    """
    elements: list[Element] = array.elements
    texts = [render_element(item.value, action=actions) for item in elements]
    if not array.has_comments and not any("\n" in text for text in texts):
        one_line = head + "[" + ", ".join(texts) + "]"
        if not texts or (not actions and len(one_line) <= width):
            return [_with_comment(one_line, comment)]
    return [
        _with_comment(head + "[", array.opening_comment),
        *_body_lines(array, action=actions),
        _with_comment("]", comment),
    ]


def render_key_value(entry: KeyValue, *, actions: bool, width: int) -> list[str]:
    """The lines of ``key = value  # comment``.

    Dotted keys keep their value exactly as written: such a key may belong
    to a table the style does not describe.
    """
    head = render_key(entry.key, entry.key_raw) + " = "
    value = entry.value
    if isinstance(value, Array) and len(entry.key) == 1:
        return render_array(head, value, actions=actions, width=width, comment=entry.comment)
    text = render_element(value) if len(entry.key) == 1 else value.raw
    return (head + _with_comment(text, entry.comment)).split("\n")
