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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import overload

from phh_lsp.core.syntax.parser.document import parse
from phh_lsp.core.syntax.tree import TableHeader
from phh_lsp.core.text import Text

_HEADER_LINE = re.compile(r"^\[[^\[\]\r\n]*\][ \t]*(?:#[^\r\n]*)?\r?$", re.M)
#: The same line where a slice of the text would begin (no line break before it).
_HEADER_AT = re.compile(r"\[[^\[\]\r\n]*\][ \t]*(?:#[^\r\n]*)?\r?$", re.M)


@dataclass(slots=True)  # not frozen, for speed (a keystroke re-cuts a 1,000-hand file)
class HandText:
    """Where one hand's text stands in the document."""

    start: int
    end: int
    text: str


class Pieces(Sequence[HandText]):
    """A document's hands as two lists, their starts and their texts (each
    hand runs to the next one's start): an edit in a 50,000-hand file
    shifts the starts after it as integers, where shifting 50,000
    :class:`HandText` objects would take the time of the keystroke."""

    __slots__ = ("length", "starts", "texts")

    def __init__(self, starts: list[int], texts: list[str], length: int) -> None:
        self.starts = starts
        self.texts = texts
        self.length = length

    @classmethod
    def of(cls, hands: list[HandText], length: int) -> Pieces:
        return cls([hand.start for hand in hands], [hand.text for hand in hands], length)

    def __len__(self) -> int:
        return len(self.starts)

    @overload
    def __getitem__(self, index: int) -> HandText: ...
    @overload
    def __getitem__(self, index: slice) -> list[HandText]: ...
    def __getitem__(self, index: int | slice) -> HandText | list[HandText]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self.starts)))]
        if index < 0:
            index += len(self.starts)
        start = self.starts[index]
        end = self.starts[index + 1] if index + 1 < len(self.starts) else self.length
        return HandText(start, end, self.texts[index])

    def __iter__(self) -> Iterator[HandText]:
        return (self[i] for i in range(len(self.starts)))


def is_multi_hand(uri_or_path: str, text: Text) -> bool:
    """True for ``.phhs`` files: by extension, else by a leading table header."""
    lowered = uri_or_path.lower()
    if lowered.endswith(".phhs"):
        return True
    if lowered.endswith(".phh"):
        return False
    for line in str(text).splitlines():
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
    starts, independent, _ = _scan(text, 0, triple, independent)
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = [*starts, len(text)]
    hands = [
        HandText(start, end, text[start:end]) for start, end in itertools.pairwise(bounds) if end > start or start == 0
    ]
    return Cut(hands, independent, triple)


def recut(
    text: str, begin: int, settled: int, meets: Callable[[int], bool], offset: int = 0
) -> tuple[list[int], int] | None:
    """The hands' starts of ``text`` from ``begin`` on, cut again after an
    edit, until the cut meets the one before it: the first start at or after
    ``settled`` (the edit's new end) for which ``meets`` says it was a start
    before the edit. Past it the text and the cut's state are the previous
    ones, so the previous cut holds (shifted) and a keystroke in a 50,000-hand
    file looks at a hand or two, not the file.

    ``begin`` is a start the edit cannot move: 0, or a hand's header whose
    line, and the next header's line, lie before the edit (whether a header
    is one may depend on the next one, see :func:`cut_hands`). Returns the
    starts from ``begin`` (included) to the one met (excluded) and the one
    met (``len(text)`` at the end of the text); None when the cut text is
    not independent tables (the whole document is then judged at once).
    Multi-line strings are looked for in the cut text only (the whole
    file's search is the time of a keystroke).

    ``text`` may be a window of the document, from ``offset`` (a hand's
    start) on, to a hand's start after the edit: every position above is
    then the window's, and the cut is the document's as long as it meets
    the previous one inside the window (what it reads before the start met
    lies before that start); a cut that runs to the window's end says
    ``len(text)``, and the caller tries a larger window.
    """
    if begin == 0 and offset == 0:
        found = 0
        if text[:1] in (" ", "\t"):
            return None
        starts: list[int] = []
        current = None
    else:
        simple = _SIMPLE_HEADER_LINE.match(text, begin)
        if simple is None:
            return None
        found = text.find("\n[", begin)
        starts, current = [begin], simple.group(1)
    starts, independent, met = _scan(text, found, True, True, starts, current, settled, meets)
    if not independent or _INDENTED_BRACKET.search(text, max(0, begin - 1), met + 1):
        return None
    if not starts or (starts[0] != 0 and begin == 0 and offset == 0):
        starts.insert(0, 0)
    return starts, met


def _scan(
    text: str,
    found: int,
    triple: bool,
    independent: bool,
    starts: list[int] | None = None,
    current: str | None = None,
    settled: int = -1,
    meets: Callable[[int], bool] | None = None,
) -> tuple[list[int], bool, int]:
    """The loop of :func:`cut_hands` from ``found`` (a ``\\n[`` or 0), with
    the hands accepted so far (``starts``, the last one's table name
    ``current``); stops at a start ``meets`` accepts (see :func:`recut`).
    Returns the starts, whether the hands are independent and where it
    stopped."""
    starts = [] if starts is None else starts
    names: set[str] = set()  # every hand's table name so far
    counted_from = counted_to = -1
    opens = closes = quotes = 0
    if found == 0 and not text.startswith("["):
        found = text.find("\n[")
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
            if meets is not None:
                return starts, False, line  # a window stops: the whole document is cut instead
            if name is None or name in names:
                continue  # no header, or a hand's table reopened further down: the tree judges
        start = starts[-1] if starts else 0  # the text before the first hand may open a value too
        if start != counted_from:  # counts from the hand's start, kept as lines are passed: a value
            counted_from, counted_to, opens, closes, quotes = start, start, 0, 0, 0  # left open is not n²
        # counted by pieces that end at a line's `[`, which no quote or bracket run crosses
        opens += text.count("[", counted_to, line)
        closes += text.count("]", counted_to, line)
        if triple:
            quotes ^= text.count('"""', counted_to, line) % 2 | (text.count("'''", counted_to, line) % 2) << 1
        counted_to = line
        if (opens > closes or triple) and _inside_value(text, line, opens > closes, triple and quotes != 0):
            independent = False
            continue
        if meets is not None and line >= settled and meets(line):
            return starts, independent, line
        starts.append(line)
        current = name
        if name is not None:
            names.add(name)
    return starts, independent, len(text)


def _inside_value(text: str, line: int, opened: bool, quoted: bool) -> bool:
    """Whether the header-like ``line`` stands inside a value opened since
    the hand above it began (see :func:`cut_hands`): a multi-line string
    left open (``quoted``), or an array (``opened``) that the text after the
    line closes."""
    if quoted:
        return True
    if not opened:
        return False
    end = _next_candidate(text, line + 1)
    return text.count("]", line, end) > text.count("[", line, end)


def _next_candidate(text: str, after: int) -> int:
    """Where the first header-like line after ``after`` starts (the end of
    the text when none), as :func:`_header_candidates` finds it in
    ``text[after:]``, without copying or searching the rest of the file."""
    if text.startswith("[", after) and _HEADER_AT.match(text, after):
        return after
    found = text.find("\n[", after)
    while found >= 0:
        if _HEADER_LINE.match(text, found + 1):
            return found + 1
        found = text.find("\n[", found + 1)
    return len(text)


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


def header_name(hand: str) -> str | None:
    """The table name on a hand's first line (``"12"`` for ``[12]``), read
    without parsing the hand: what a 50,000-hand file's outline shows of
    each hand. None for the text before the first hand."""
    simple = _SIMPLE_HEADER_LINE.match(hand)
    return simple.group(1) if simple else _table_name(hand, 0) if hand.startswith("[") else None


def first_hands_end(text: str, count: int) -> int | None:
    """Where the header-like line after the first ``count`` ones starts (None
    when there are no more): the text of a large file's first hands, which
    the editor shows checked before the whole file is cut (a 42 MB file's
    cut takes seconds). Provisional: :func:`cut_hands` of the whole text
    decides, and a header-like line inside a value is told only there."""
    seen = 0
    found = 0 if text.startswith("[") else text.find("\n[")
    while found >= 0:
        line = found + 1 if text[found] == "\n" else found
        if _HEADER_LINE.match(text, line):
            if seen == count:
                return line
            seen += 1
        found = text.find("\n[", found + 1)
    return None
