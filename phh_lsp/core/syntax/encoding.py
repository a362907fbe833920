"""Bytes to text: the one decoder of every file the product reads.

Why one: ``check``, ``format``, ``check --fix`` and ``convert`` once each
had their own, and only this one was held to the official toml-test suite
(``tests/core/test_syntax_suite.py``, ``../shared/tools/toml-test``). A
TOML document must be valid UTF-8, so a bad byte is a TOML error like any
other: decoding goes on past it (replaced by U+FFFD) so the rest of the
file can still be parsed and checked, and the error's offsets are
character offsets in the returned text, as every other span of the tree.
A UTF-8 byte order mark is dropped and remembered, so that a writer puts
it back and no reader has to skip it.

A poker site's history (``site_history``) is no TOML: sites write UTF-8
(often with a byte order mark), UTF-16 (PokerStars on Windows, little or
big endian by its mark, or with no mark at all: then told by where the
zero bytes of its ASCII letters fall), or an older Windows code page
(Windows-1252, or Latin-1 where a byte is not Windows-1252), and reading
one never fails: a stray last byte or a character cut in half becomes
U+FFFD and the rest of the file is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from phh_lsp.core.syntax.tokens import TomlError

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


@dataclass(frozen=True, slots=True)
class Decoded:
    """A file's text, whether it opened with a byte order mark, and its
    first byte that is not UTF-8 (None when every byte was)."""

    text: str
    bom: bool = False
    error: TomlError | None = None


def decode(data: bytes, *, site_history: bool = False) -> Decoded:
    """The text of ``data``: UTF-8, a leading byte order mark dropped (and
    ``bom`` set). When a byte is not UTF-8, the text has U+FFFD in place of
    each bad byte and ``error`` stands on the first one; a ``site_history``
    is then read as Windows-1252 instead, and one opening with a UTF-16 mark
    as UTF-16, never with an error."""
    if site_history and (utf16 := _utf16(data)) is not None:
        return Decoded(data.decode(utf16, errors="replace"))  # an odd last byte becomes U+FFFD
    bom = data.startswith(_UTF8_BOM)
    body = data[len(_UTF8_BOM) :] if bom else data
    try:
        return Decoded(body.decode("utf-8"), bom)
    except UnicodeDecodeError as problem:
        if site_history:
            return Decoded(_windows_text(body), bom)
        good = body[: problem.start].decode("utf-8")
        text = good + body[problem.start :].decode("utf-8", errors="replace")
        offset = len(good)
        message = (
            f"the file is not UTF-8 text: byte 0x{body[problem.start]:02x} here cannot be read; save the file as UTF-8"
        )
        return Decoded(text, bom, TomlError(message, offset, min(offset + 1, len(text))))


def _utf16(data: bytes) -> str | None:
    """The codec of a UTF-16 history: by its byte order mark, or, with none,
    by its zero bytes (ASCII letters in UTF-16 have one, on the high side:
    odd offsets little endian, even ones big endian); None for any other."""
    if data.startswith(_UTF16_BOMS):
        return "utf-16"
    sample = data[:4096]
    pairs = len(sample) // 2
    if pairs < 2 or sample.count(0) * 4 < pairs:  # mostly letters with no zero byte: not UTF-16
        return None
    odd, even = sample[1::2].count(0), sample[0::2].count(0)
    if odd * 4 >= pairs * 3 and even * 4 < pairs:
        return "utf-16-le"
    if even * 4 >= pairs * 3 and odd * 4 < pairs:
        return "utf-16-be"
    return None


def _windows_text(data: bytes) -> str:
    """A history in an older Windows code page: Windows-1252, or Latin-1
    (where every byte is a character) when a byte is none of Windows-1252's."""
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")
