"""Plain TOML: a subset so simple that a text written in it is valid.

Why: ``tomllib`` is the judge of validity (see
:mod:`phh_lsp.core.document`), and reading every hand of a dataset with
it was a tenth of ``phh-lsp check``'s time, though nearly every hand is
written in a tiny part of TOML: ``key = value`` lines with bare keys,
strings without escapes, plain numbers and ``inf``, booleans, times of day and flat
arrays of those, comments, at most one ``[table]`` header on top. One regular
expression recognises a whole text of that kind in a single pass of C
code; such a text needs no other syntax check (a key written twice is a
field problem, PHH209, which the field checks report).

The one direction that matters: :func:`is_plain_toml` may say False of
valid TOML (tomllib then decides), but never True of invalid TOML.
``tests/core/test_toml_subset.py`` holds it to that with generated texts
and their mutations, and with every hand of the corpus.
"""

from __future__ import annotations

import re

# Characters TOML forbids in strings and comments: the ASCII controls
# except tab (line breaks end a comment; they are never part of one).
_CONTROL = r"\x00-\x08\x0a-\x1f\x7f"
_NEWLINE = r"\r?\n"
_SPACE = r"[ \t]*+"
_COMMENT = rf"#[^{_CONTROL}]*+"
_KEY = r"[A-Za-z0-9_-]++"
_STRING = rf""""[^"\\{_CONTROL}]*+"|'[^'{_CONTROL}]*+'"""
_NUMBER = r"-?(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?(?![\w.+-])"
_BOOLEAN = r"(?:true|false)(?![\w.+-])"
# An unknown amount: real data writes unknown stacks as `inf` (iPoker's files do).
_INFINITY = r"[+-]?inf(?![\w.+-])"
# A local time of day, in range (the handhq dataset writes ``time = 00:00:00``).
_TIME = r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]++)?(?![\w.:+-])"
_SCALAR = rf"(?:{_STRING}|{_TIME}|{_NUMBER}|{_BOOLEAN}|{_INFINITY})"
_ARRAY_BLANKS = rf"(?:[ \t]++|{_NEWLINE}|{_COMMENT})*+"
_ARRAY = rf"\[{_ARRAY_BLANKS}(?:{_SCALAR}{_ARRAY_BLANKS},{_ARRAY_BLANKS})*+(?:{_SCALAR}{_ARRAY_BLANKS})?\]"
_LINE_END = rf"{_SPACE}(?:{_COMMENT})?+(?:{_NEWLINE}|\Z)"
_BLANK_LINE = rf"{_SPACE}(?:{_COMMENT})?+{_NEWLINE}"
_HEADER = rf"{_SPACE}\[{_SPACE}{_KEY}{_SPACE}\]{_LINE_END}"
_STATEMENT = rf"{_SPACE}{_KEY}{_SPACE}={_SPACE}(?:{_SCALAR}|{_ARRAY}){_LINE_END}"
_PLAIN_TOML = re.compile(
    rf"(?:{_BLANK_LINE})*+(?:{_HEADER})?+(?:{_BLANK_LINE}|{_STATEMENT})*+{_SPACE}(?:{_COMMENT})?+\Z"
)


def is_plain_toml(text: str) -> bool:
    """True when ``text`` is written wholly in the plain subset (so valid TOML,
    duplicate keys aside); False says nothing either way."""
    return _PLAIN_TOML.match(text) is not None
