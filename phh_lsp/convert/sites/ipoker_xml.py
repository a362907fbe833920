"""iPoker's XML as the reader needs it: a session's ``<general>``, the line
of each element, and a parse error said in a user's words.

ElementTree keeps no line numbers: the start tags are found again in the
text, in the same order, to name the lines. A session's ``<general>``
names the game, the stakes, the table and the currency of all its hands;
it is read once, the first time one of its hands needs it.
"""

from __future__ import annotations

import bisect
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError

_GENERAL: Final = re.compile(r"<general\b[^>]*>.*?</general\s*>", re.S)
#: Start tags, in document order; comments, CDATA and declarations are skipped.
_START_TAG: Final = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<[?!][^>]*>|<(?P<tag>[^\s/>]+)(?:[^>\"']|\"[^\"]*\"|'[^']*')*>", re.S
)


@dataclass(slots=True)
class Session:
    """What a session's ``<general>`` says about all its hands."""

    line: int
    fields: dict[str, str]
    lines: dict[str, int]
    #: A stud tournament's small and big bet by (ante, bring-in), as the
    #: session's hands with a bet showed them: the header names none.
    stud_stakes: dict[tuple[Decimal, Decimal], tuple[Decimal, Decimal]] = field(default_factory=dict)

    def get(self, tag: str) -> str:
        return self.fields.get(tag, "").strip()

    def line_of(self, tag: str) -> int:
        return self.lines.get(tag, self.line)

    @property
    def tournament(self) -> bool:
        return any(tag in self.fields for tag in ("tournamentname", "tournamentcode", "tourcode"))

    @property
    def win_without_uncalled(self) -> bool:
        """Whether this client leaves the uncalled bet out of ``win``."""
        if self.get("uncalled_bet_enabled").lower() == "true":
            return True
        major = self.get("client_version").split(".")[0]
        return major.isdigit() and int(major) >= 20


def session_of(
    text: str, start: int, line: int, sessions: list[int], read: dict[int, Session | ConversionError]
) -> Session:
    """The session the hand at ``start`` belongs to: the last one opened before it."""
    opened = bisect.bisect_right(sessions, start)
    if not opened:
        raise ConversionError("no <session> naming the game and the stakes comes before this hand", line)
    session = sessions[opened - 1]
    if session not in read:
        read[session] = _read_session(text, session, start)
    found = read[session]
    if isinstance(found, ConversionError):
        raise ConversionError(found.message, found.line)
    return found


def _read_session(text: str, start: int, end: int) -> Session | ConversionError:
    general = _GENERAL.search(text, start, end)
    line = text.count("\n", 0, start) + 1
    if general is None:
        return ConversionError("the session has no <general> naming the game and the stakes", line)
    line = text.count("\n", 0, general.start()) + 1
    try:
        root = ET.fromstring(general[0])
    except ET.ParseError as error:
        return ConversionError(
            f"the session's <general> is not well-formed XML ({xml_reason(error)})", xml_error_line(error, line)
        )
    lines = element_lines(general[0], root, line)
    return Session(
        line,
        {child.tag: child.text or "" for child in root},
        {child.tag: lines.get(id(child), line) for child in root},
    )


def xml_reason(error: ET.ParseError) -> str:
    return re.sub(r":? line \d+, column \d+$", "", str(error))


def xml_error_line(error: ET.ParseError, first_line: int) -> int:
    position = getattr(error, "position", None)
    return first_line + position[0] - 1 if position else first_line


def element_lines(fragment: str, root: ET.Element, first_line: int) -> dict[int, int]:
    """The line of each element: the start tags found in the text, in order."""
    tags = [(match["tag"], match.start()) for match in _START_TAG.finditer(fragment) if match["tag"]]
    elements = list(root.iter())
    if len(tags) != len(elements) or any(tag != element.tag for (tag, _), element in zip(tags, elements, strict=True)):
        return {}
    lines, line, position = {}, first_line, 0
    for (_, start), element in zip(tags, elements, strict=True):
        line += fragment.count("\n", position, start)
        position = start
        lines[id(element)] = line
    return lines
