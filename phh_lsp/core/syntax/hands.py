"""A ``.phhs`` cut into its hands: the syntax tree's fast path for many hands.

A ``.phhs`` file is cut into hands at its table headers (``[1]``,
``[2]``, ...) so that each hand can be parsed, checked and cached on its
own: a hand's text is its header line through the line before the next
header, and every span inside a hand is relative to the hand's first
character. Moving a hand down the file therefore changes nothing in its
analysis, and a keystroke re-reads one hand, not 1,000.

Why not parse the whole file and cut the tree: that costs ~70 ms for the
800 KB, 991-hand file on every keystroke, and the cut costs ~5 ms. The cut
only looks for the lines where a table header can start; where it says the
hands are independent tables, its cuts are exactly the tree's table
headers (a property test holds it to :func:`~phh_lsp.core.syntax.parse`),
and where it cannot be sure, it says so and the whole document is judged
by the tree (:func:`cut_hands`).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from phh_lsp.core.syntax.parser.document import parse
from phh_lsp.core.syntax.tree import TableHeader

_HEADER_LINE = re.compile(r"^\[[^\[\]\r\n]*\][ \t]*(?:#[^\r\n]*)?\r?$", re.M)


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
    candidates = []
    found = 0 if text.startswith("[") else text.find("\n[")
    while found >= 0:
        line = found + 1 if text[found] == "\n" else found
        if _HEADER_LINE.match(text, line):
            candidates.append(line)
        found = text.find("\n[", found + 1)
    return candidates


@dataclass(slots=True)
class Cut:
    """A ``.phhs`` cut into hands, and whether its hands are independent
    tables (see :func:`cut_hands`)."""

    hands: list[HandText]
    independent: bool
    #: Whether the text has triple quotes anywhere (multi-line strings may
    #: hide header-like lines): a 3 ms search of a 1,000-hand file.
    triple: bool = False


def cut_hands(text: str) -> Cut:
    """Cut a ``.phhs`` at its hands' table headers, in one pass of C-speed
    searches (it runs on every keystroke of a 1,000-hand file).

    A line that looks like a header but stands inside a value opened above
    it (a line ``[2]`` inside a multi-line string, a row ``[1, 2]`` of a
    nested array written at column 0) cuts nothing. Counting is enough: an
    odd number of triple quotes leaves a multi-line string open; an array
    left open above is this line's only if the text after the line closes
    it (an ``actions`` array whose ``]`` was forgotten, followed by the next
    hand, is ended by the header instead).

    Hands are cut as the TOML tree holds them: a hand is the table ``[N]``
    with every table below it, so ``[1.meta]`` and ``[[1.seats]]`` under
    ``[1]`` belong to hand 1 and cut nothing (they were read as hands of
    their own, every field missing). Their first key is read by the tree's
    own parser, on that line alone.

    ``independent``: each hand's text may be judged on its own (and cached),
    which is exact when the hands are independent tables: every line that
    opens with ``[`` is a simple hand header (``[12]``) where a hand starts,
    or a table inside the hand above it. Anything else (a hand opened by a
    dotted, quoted or array header, a hand's table reopened further down, an
    indented header, conservatively any other such line) can tie hands
    together (``[a]`` then ``[a.b]`` declared twice): the whole document is
    then judged at once.
    """
    triple = '"""' in text or "'''" in text
    independent = not (text[:1] in (" ", "\t") or _INDENTED_BRACKET.search(text))
    starts: list[int] = []
    current: str | None = None  # the table name of the hand being read
    names: set[str] = set()  # every hand's table name so far
    found = 0 if text.startswith("[") else text.find("\n[")
    while found >= 0:
        line = found + 1 if text[found] == "\n" else found
        found = text.find("\n[", found + 1)
        simple = _SIMPLE_HEADER_LINE.match(text, line)
        if simple:
            name: str | None = simple.group(1)
        else:
            name = _table_name(text, line)
            if name is not None and name == current:
                continue  # `[1.meta]`, `[[1.seats]]`: a table inside hand 1, which it belongs to
            independent = False
            if name is None or name in names:
                continue  # no header, or a hand's table reopened further down: the tree judges
        start = starts[-1] if starts else 0  # the text before the first hand may open a value too
        # inlined counts: the common case (brackets balanced above) costs two C calls
        opened = text.count("[", start, line) > text.count("]", start, line)
        if (opened or triple) and _inside_value(text, start, line, triple):
            independent = False
            continue
        starts.append(line)
        current = name
        if name is not None:
            names.add(name)
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = [*starts, len(text)]
    hands = [
        HandText(start, end, text[start:end]) for start, end in itertools.pairwise(bounds) if end > start or start == 0
    ]
    return Cut(hands, independent, triple)


def _inside_value(text: str, start: int, line: int, triple: bool) -> bool:
    """Whether the header-like ``line`` stands inside a value opened since
    the hand that starts at ``start`` (see :func:`cut_hands`)."""
    if triple and (text.count('"""', start, line) % 2 or text.count("'''", start, line) % 2):
        return True
    if text.count("[", start, line) <= text.count("]", start, line):
        return False
    following = next(iter(_header_candidates(text[line + 1 :])), None)
    end = len(text) if following is None else line + 1 + following
    return text.count("]", line, end) > text.count("[", line, end)


def split_hands(text: str, multi: bool) -> list[HandText]:
    """Cut the document into hand texts (the whole text for a ``.phh``).

    In a ``.phhs``, anything before the first header is a hand text of its
    own (usually only a header comment); the checks tell such a prelude
    from a real hand by the absence of a table header.
    """
    return cut_hands(text).hands if multi else [HandText(0, len(text), text)]


_INDENTED_BRACKET = re.compile(r"\n[ \t]+\[")
_SIMPLE_HEADER_LINE = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#[^\r\n]*)?\r?$", re.M)


def _table_name(text: str, line: int) -> str | None:
    """The first key of the table header on ``line`` (``"1"`` for
    ``[1.meta]``, ``[ "1" . a ]`` and ``[[1.seats]]``), read by the tree
    itself; None when the line is no table header. Only lines that are not
    simple hand headers come here: few in any real file."""
    end = text.find("\n", line)
    header = parse(text[line : len(text) if end < 0 else end])
    node = header.children[0] if header.children else None
    if not isinstance(node, TableHeader) or node.key is None or header.syntax_errors:
        return None
    return node.key.names()[0]
