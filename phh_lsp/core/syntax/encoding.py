"""Bytes to text, with the first invalid UTF-8 byte reported as a TOML error.

Why here: a TOML document must be valid UTF-8, so a bad byte is a TOML
error like any other, and the CLI reads files as bytes. Decoding goes on
past the bad byte (replaced by U+FFFD) so the rest of the file can still
be parsed and checked; the error's offsets are character offsets in the
returned text, as every other span of the tree.
"""

from __future__ import annotations

from phh_lsp.core.syntax.tokens import TomlError


def decode(data: bytes) -> tuple[str, TomlError | None]:
    """The text of ``data`` and, when it is not valid UTF-8, an error at the
    first invalid byte (the text then has U+FFFD in place of bad bytes)."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as problem:
        good = data[: problem.start].decode("utf-8")
        text = good + data[problem.start :].decode("utf-8", errors="replace")
        offset = len(good)
        bad = data[problem.start : problem.end]
        message = f"invalid UTF-8: byte 0x{bad[0]:02X} at byte offset {problem.start}"
        return text, TomlError(message, offset, offset + 1)
