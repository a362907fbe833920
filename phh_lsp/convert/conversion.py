"""A whole file converted hand by hand, and the converted hands written out.

A file is converted hand by hand, by the reader of the site that wrote it
(:mod:`phh_lsp.convert.registry`): a hand that fails is kept as a failure
with its line and reason, and the next hand is converted as if nothing
happened. The converted hands are then written as one ``.phhs`` text or
one ``.phh`` text each.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from phh_lsp.convert.history import ConversionError
from phh_lsp.convert.registry import SITES, Site, detect
from phh_lsp.convert.to_phh import Converted, convert_hand
from phh_lsp.core.formatting.formatter import format_text
from phh_lsp.core.syntax.encoding import decode


@dataclass(slots=True)
class Failed:
    """A hand that could not be converted: where it starts and why."""

    first_line: int
    hand_id: str | None
    reason: str
    line: int


@dataclass(slots=True)
class Conversion:
    """A file converted: each hand in order, converted or failed."""

    site: Site | None
    hands: list[Converted | Failed] = field(default_factory=list)

    @property
    def converted(self) -> list[Converted]:
        return [hand for hand in self.hands if isinstance(hand, Converted)]

    @property
    def failed(self) -> list[Failed]:
        return [hand for hand in self.hands if isinstance(hand, Failed)]


def convert_text(text: str, site_key: str | None = None) -> Conversion:
    """Every hand of a site's file, converted or failed, in order."""
    site = site_of(text, site_key)
    return Conversion(site, list(convert_each(text, site)) if site is not None else [])


def site_of(text: str, site_key: str | None = None) -> Site | None:
    """The site named by ``site_key``, or else the one whose hands the text holds."""
    return SITES.get(site_key) if site_key is not None else detect(text)


def convert_each(text: str, site: Site) -> Iterator[Converted | Failed]:
    """Each hand of the file as it is converted (or fails), in order, so a
    caller can write it before the next is read: a long run stopped midway
    keeps what it did, and memory holds one hand, not the file's."""
    for read in site.read_hands(text):
        if isinstance(read, ConversionError):
            yield Failed(read.first_line, read.hand_id, read.message, read.line)
            continue
        try:
            yield convert_hand(read)
        except ConversionError as error:
            yield Failed(read.first_line, read.hand_id, error.message, error.line)
        except Exception as error:  # a bug of ours: the hand fails, the file goes on
            reason = f"phh-lsp failed on this hand (a bug, please report it): {type(error).__name__}: {error}"
            yield Failed(read.first_line, read.hand_id, reason, read.first_line)


def decode_history(data: bytes) -> str:
    """A site's file as text, never an error: sites write UTF-8 (often with
    a byte order mark), UTF-16 (PokerStars on Windows) or an older Windows
    code page (the one decoder, :func:`phh_lsp.core.syntax.encoding.decode`)."""
    return decode(data, site_history=True).text


def as_phhs(hands: list[tuple[Converted, str]]) -> str:
    """Converted hands (each with the name of its file) as one ``.phhs``
    text, ``[1]``, ``[2]``, ... in order, formatted to the style guide, each
    under a comment naming the hand and where it came from."""
    return "\n".join(phhs_part(number, hand, source) for number, (hand, source) in enumerate(hands, 1))


def phhs_part(number: int, hand: Converted, source: str) -> str:
    """The ``number``-th hand of a ``.phhs`` text, its table ``[number]``
    under a comment naming the hand, formatted to the style guide: a
    ``.phhs`` is written part by part as its hands are converted."""
    part = f"{_origin(hand, source)}\n[{number}]\n{hand.text}"
    return format_text(part, multi=True) or part


def _origin(hand: Converted, source: str) -> str:
    return f"# {hand.hand.site} hand #{hand.hand.hand_id}, {source} line {hand.hand.first_line}"


def as_phh(hand: Converted, source: str) -> str:
    """One converted hand as a ``.phh`` text, under a comment naming it."""
    return f"{_origin(hand, source)}\n{hand.text}"
