"""The regular expressions the parser lexes with, and scalar classification.

Why two master patterns: TOML's tokens depend on where they stand. In a
key, ``1.5`` is the two parts ``1`` and ``5`` and ``true`` is a name; in a
value, ``1.5`` is a float and ``1979-05-27 07:32:00`` (space included) one
date-time. The parser asks :data:`KEY_TOKEN` or :data:`VALUE_TOKEN` for the
next token depending on what it expects, and ``match.lastgroup`` names the
token's kind, so each token costs one call into the C regex engine.

Each string kind has two alternatives: the strict one first (only what TOML
allows: escapes, no control characters) and a lenient one that catches the
rest and runs at most to the line's end (a multi-line string to the end of
the text). A string that matches the strict form needs no further check,
which is how validation costs nothing on the common path. Value
characters are taken as a whole run (``bare``) and classified afterwards
with :data:`SCALAR`, written after ``tomllib``'s own expressions so that
both accept exactly the same numbers and dates.

All quantifiers are possessive (``*+``, ``++``): a token either matches in
one pass or falls through to the next alternative without backtracking.
"""

from __future__ import annotations

import re
from typing import Final

_CONTROL_NO_TAB = r"\x00-\x08\x0a-\x1f\x7f"  # forbidden in strings and comments
_CONTROL_NO_TAB_LF = r"\x00-\x08\x0b-\x1f\x7f"  # forbidden in multi-line strings (CRLF aside)
_HEX4_SCALAR = r"(?![dD][89a-fA-F])[0-9A-Fa-f]{4}"  # \u: not a surrogate
_HEX8_SCALAR = r"(?:0000(?![dD][89a-fA-F])[0-9A-Fa-f]{4}|000[1-9A-Fa-f][0-9A-Fa-f]{4}|0010[0-9A-Fa-f]{4})"
_ESCAPE = rf"""\\(?:[btnfr"\\]|u{_HEX4_SCALAR}|U{_HEX8_SCALAR})"""

_BASIC = rf"""(?P<basic_string>"(?:[^"\\{_CONTROL_NO_TAB}]++|{_ESCAPE})*+")"""
_BASIC_BAD = r"""(?P<basic_bad>"(?:[^"\\\r\n]++|\\[^\r\n]?+)*+(?P<basic_close>")?+)"""
_LITERAL = rf"(?P<literal_string>'[^'{_CONTROL_NO_TAB}]*+')"
_LITERAL_BAD = r"(?P<literal_bad>'[^'\r\n]*+(?P<literal_close>')?+)"
_ML_BASIC = (
    rf'(?P<ml_basic_string>"""(?:[^"\\{_CONTROL_NO_TAB_LF}]++|\r\n|"(?!"")|{_ESCAPE}|\\[ \t]*+\r?\n)*+"""(?:""?+)?+)'
)
_ML_BASIC_BAD = r'(?P<ml_basic_bad>"""(?:[^"\\]++|\\[\s\S]?+|"(?!""))*+(?P<ml_basic_close>"""(?:""?+)?+)?+)'
_ML_LITERAL = rf"(?P<ml_literal_string>'''(?:[^'{_CONTROL_NO_TAB_LF}]++|\r\n|'(?!''))*+'''(?:''?+)?+)"
_ML_LITERAL_BAD = r"(?P<ml_literal_bad>'''(?:[^']++|'(?!''))*+(?P<ml_literal_close>'''(?:''?+)?+)?+)"
_COMMENT = rf"(?P<comment>#[^{_CONTROL_NO_TAB}]*+(?![^\r\n]))|(?P<comment_bad>#[^\r\n]*+)"
_TRIVIA = r"(?P<whitespace>[ \t]++)|(?P<newline>\r?\n)"
_PUNCTUATION = r"(?P<l_bracket>\[)|(?P<r_bracket>\])|(?P<l_brace>\{)|(?P<r_brace>\})|(?P<comma>,)|(?P<equals>=)"

#: The next token where a key (or a header's key) is expected.
KEY_TOKEN: Final = re.compile(
    "|".join(
        (
            _TRIVIA,
            r"(?P<bare_key>[A-Za-z0-9_-]++)",
            r"(?P<dot>\.)",
            _PUNCTUATION,
            _BASIC,
            _BASIC_BAD,
            _LITERAL,
            _LITERAL_BAD,
            _COMMENT,
            r"(?P<cr>\r)",
            r"""(?P<error>[^\s\[\]{}=,.#"'A-Za-z0-9_-]++|[\s\S])""",
        )
    )
)

#: The next token where a value is expected (or inside an array).
VALUE_TOKEN: Final = re.compile(
    "|".join(
        (
            _TRIVIA,
            # A date, a space and a digit: one date-time ("1979-05-27 07:32:00").
            r"(?P<bare>[0-9]{4}-[0-9]{2}-[0-9]{2} (?=[0-9])[A-Za-z0-9_+.:-]*+|[A-Za-z0-9_+.:-]++)",
            _PUNCTUATION,
            _ML_BASIC,
            _ML_BASIC_BAD,
            _BASIC,
            _BASIC_BAD,
            _ML_LITERAL,
            _ML_LITERAL_BAD,
            _LITERAL,
            _LITERAL_BAD,
            _COMMENT,
            r"(?P<cr>\r)",
            r"""(?P<error>[^\s\[\]{}=,#"'A-Za-z0-9_+.:-]++|[\s\S])""",
        )
    )
)

_TIME = r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]++)?+"
_DATE = r"[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])"
_OFFSET = r"(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])"
_DEC_INT = r"[+-]?+(?:0|[1-9](?:_?+[0-9])*+)"
_DIGITS = r"[0-9](?:_?+[0-9])*+"

#: A bare value run, classified (``fullmatch``; ``lastgroup`` is the token kind).
SCALAR: Final = re.compile(
    "|".join(
        (
            rf"(?P<integer>{_DEC_INT}|0x[0-9A-Fa-f](?:_?+[0-9A-Fa-f])*+|0o[0-7](?:_?+[0-7])*+|0b[01](?:_?+[01])*+)",
            rf"(?P<float>{_DEC_INT}(?:\.{_DIGITS}(?:[eE][+-]?+{_DIGITS})?+|[eE][+-]?+{_DIGITS})|[+-]?+(?:inf|nan))",
            r"(?P<boolean>true|false)",
            rf"(?P<offset_date_time>{_DATE}[Tt ]{_TIME}{_OFFSET})",
            rf"(?P<local_date_time>{_DATE}[Tt ]{_TIME})",
            rf"(?P<local_date>{_DATE})",
            rf"(?P<local_time>{_TIME})",
        )
    )
)

#: Where a line, seen from inside an unclosed array, starts a new statement:
#: ``key =`` or a lone ``[header]``. The array is cut before such a line.
_ANY_KEY = (
    r"""(?:[A-Za-z0-9_-]++|"[^"\r\n]*+"|'[^'\r\n]*+')"""
    r"""(?:[ \t]*+\.[ \t]*+(?:[A-Za-z0-9_-]++|"[^"\r\n]*+"|'[^'\r\n]*+'))*+"""
)
STATEMENT_START: Final = re.compile(
    rf"[ \t]*+(?:{_ANY_KEY}[ \t]*+=|\[\[?+[ \t]*+{_ANY_KEY}[ \t]*+\]\]?+[ \t]*+(?:#[^\r\n]*+)?+(?:\r?\n|\Z))"
)

# The plain line (see LazyKeyValue): valid by construction, so the parser
# can skip building its tokens. Numbers are bounded (31 digits) so that
# int() never meets a string too long for it, and every scalar must end
# where the value lexer would end its run.
_PLAIN_END = r"(?![A-Za-z0-9_+.:-])"
_PLAIN_SCALAR = (
    r"""(?:'[^'\x00-\x08\x0a-\x1f\x7f]*+'|"[^"\\\x00-\x08\x0a-\x1f\x7f]*+\""""
    rf"|-?+(?:0|[1-9][0-9]{{0,30}}+)(?:\.[0-9]{{1,30}}+)?+{_PLAIN_END}"
    rf"|(?:true|false){_PLAIN_END}|(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]{_PLAIN_END})"
)
_PLAIN_BLANKS = r"(?:[ \t]++|\r?\n|#[^\x00-\x08\x0a-\x1f\x7f]*+(?=\r?\n))*+"
_PLAIN_ARRAY = (
    rf"\[{_PLAIN_BLANKS}(?:{_PLAIN_SCALAR}{_PLAIN_BLANKS},{_PLAIN_BLANKS})*+(?:{_PLAIN_SCALAR}{_PLAIN_BLANKS})?+\]"
)
#: ``key = value`` in the plain form, to the line's end. Groups: 1 key,
#: 2 value, 3 blanks after it, 4 a comment.
PLAIN_PAIR: Final = re.compile(
    rf"([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+({_PLAIN_SCALAR}|{_PLAIN_ARRAY})([ \t]*+)"
    r"(#[^\x00-\x08\x0a-\x1f\x7f]*+)?+(?=\r?\n|\Z)"
)

#: A whole plain array, from its ``[`` (see ``PLAIN_PAIR``).
PLAIN_ARRAY: Final = re.compile(_PLAIN_ARRAY)
#: The pieces of a plain array, once PLAIN_ARRAY has matched it.
PLAIN_ARRAY_PART: Final = re.compile(
    r"(?P<whitespace>[ \t]++)|(?P<comma>,)|(?P<literal_string>'[^']*+')|(?P<bare>[^\s,\]#'\"]++)"
    r"""|(?P<newline>\r?\n)|(?P<comment>#[^\r\n]*+)|(?P<basic_string>"[^"]*+")"""
)
