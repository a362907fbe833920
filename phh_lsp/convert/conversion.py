"""A whole file converted hand by hand, and the converted hands written out.

A file is converted hand by hand, by the reader of the site that wrote it
(:mod:`phh_lsp.convert.registry`): a hand that fails is kept as a failure
with its line and reason, and the next hand is converted as if nothing
happened. The converted hands are then written as one ``.phhs`` text or
one ``.phh`` text each.
"""

from __future__ import annotations

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
    site = SITES.get(site_key) if site_key is not None else detect(text)
    conversion = Conversion(site)
    if site is None:
        return conversion
    for read in site.read_hands(text):
        if isinstance(read, ConversionError):
            conversion.hands.append(Failed(read.first_line, read.hand_id, read.message, read.line))
            continue
        try:
            conversion.hands.append(convert_hand(read))
        except ConversionError as error:
            conversion.hands.append(Failed(read.first_line, read.hand_id, error.message, error.line))
        except Exception as error:  # a bug of ours: the hand fails, the file goes on
            reason = f"phh-lsp failed on this hand (a bug, please report it): {type(error).__name__}: {error}"
            conversion.hands.append(Failed(read.first_line, read.hand_id, reason, read.first_line))
    return conversion


def decode_history(data: bytes) -> str:
    """A site's file as text, never an error: sites write UTF-8 (often with
    a byte order mark), UTF-16 (PokerStars on Windows) or an older Windows
    code page (the one decoder, :func:`phh_lsp.core.syntax.encoding.decode`)."""
    return decode(data, site_history=True).text


def as_phhs(hands: list[tuple[Converted, str]]) -> str:
    """Converted hands (each with the name of its file) as one ``.phhs``
    text, ``[1]``, ``[2]``, ... in order, formatted to the style guide, each
    under a comment naming the hand and where it came from."""
    parts = [f"{_origin(hand, source)}\n[{number}]\n{hand.text}" for number, (hand, source) in enumerate(hands, 1)]
    document = "\n".join(parts)
    return format_text(document, multi=True) or document


def _origin(hand: Converted, source: str) -> str:
    return f"# {hand.hand.site} hand #{hand.hand.hand_id}, {source} line {hand.hand.first_line}"


def as_phh(hand: Converted, source: str) -> str:
    """One converted hand as a ``.phh`` text, under a comment naming it."""
    return f"{_origin(hand, source)}\n{hand.text}"
