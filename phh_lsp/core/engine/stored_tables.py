"""PokerKit's hold'em hand table, stored with phh-lsp as PokerKit builds it.

Why: the table every hold'em and Omaha showdown looks in (PokerKit's
``StandardLookup``: 7,462 hand classes) takes PokerKit 36-90 ms to build,
once per process, and it is the largest single part of a server's path
from opening a file to its first diagnostics (and of every ``check``
process's start). The stored copy loads in 6-20 ms.

It is PokerKit's own output, not a table of ours: :func:`encode` gives a
``StandardLookup`` built by PokerKit's code, as it holds it,
and :func:`load` is used only when PokerKit's code that makes the table
is byte for byte the code the copy was written from (the sizes and checksums of
``pokerkit/lookups.py``, whose hashing and entries make it, and
``pokerkit/utilities.py``, whose ranks it orders). Another PokerKit, a
patched one, or an install without its sources: PokerKit builds the
table, as before. Held to PokerKit's own build by
``tests/core/test_pokerkit_tables.py``, which also says when to write it
again (``python -m tests.core.test_pokerkit_tables``, from the project's root).

The file: a header of text lines (format, fingerprint, PokerKit's entry
count, the hand labels by name, in PokerKit's order), then the entries in PokerKit's order as
three little-endian columns: the ranks' hash (4 bytes), the hand's index
(2 bytes), its suitedness and label (1 byte).
"""

from __future__ import annotations

import binascii
import sys
from array import array
from pathlib import Path
from typing import Any

#: The stored copy, beside this module (installed with the package).
FILE = Path(__file__).with_name("standard_table.bin")
FORMAT = b"phh-lsp PokerKit StandardLookup 1"
#: PokerKit's modules whose code makes the table.
SOURCES = ("lookups.py", "utilities.py")
#: The flag byte: suitedness in the top bit, the label's number below it.
SUITED = 0x80
#: The lookup class the copy is of, by module and name.
LOOKUP = ("pokerkit.lookups", "StandardLookup")
#: A flag byte to its suitedness (0 or 1), and to its label's number.
_SUITEDNESS = bytes(flag >> 7 for flag in range(256))
_LABEL = bytes(flag & ~SUITED for flag in range(256))


def fingerprint() -> bytes | None:
    """The size and CRC-32 of each of PokerKit's sources that make the
    table; None when they cannot be read (then PokerKit builds it). A
    check against another version or a patch, not against tampering: who
    can write PokerKit's files runs their code anyway (and hashlib's
    import would cost the first diagnostics 4 ms; binascii is loaded)."""
    import pokerkit

    folder = Path(pokerkit.__file__).parent
    try:
        sources = [(folder / name).read_bytes() for name in SOURCES]
    except OSError:
        return None
    return b" ".join(b"%d:%08x" % (len(source), binascii.crc32(source)) for source in sources)


def load(lookup: Any) -> bool:
    """Fill ``lookup`` (a ``StandardLookup`` whose building was deferred)
    with the stored copy, as PokerKit's own building would; False, and
    nothing changed, when the copy is not for this PokerKit or this class."""
    kind = type(lookup)
    if (kind.__module__, kind.__name__) != LOOKUP:
        return False
    read = _read()
    if read is None:
        return False
    entries, count = read
    # what PokerKit's __post_init__ leaves: the table and the count of entries added
    vars(lookup).update({"_Lookup__entries": entries, "_Lookup__entry_count": count})
    return True


def _read() -> tuple[dict[tuple[int, bool], Any], int] | None:
    from pokerkit.lookups import Entry, Label

    try:
        data = FILE.read_bytes()
        form, stamp, count, names, columns = data.split(b"\n", 4)
    except (OSError, ValueError):
        return None
    labels = list(Label)
    if form != FORMAT or stamp != fingerprint() or names != _names(labels):
        return None
    size = len(columns) // 7
    hashes, indices = array("I"), array("H")
    if hashes.itemsize != 4 or indices.itemsize != 2 or len(columns) != 7 * size:
        return None
    hashes.frombytes(columns[: 4 * size])
    indices.frombytes(columns[4 * size : 6 * size])
    if sys.byteorder == "big":
        hashes.byteswap()
        indices.byteswap()
    flags = columns[6 * size :]
    suited = map(bool, flags.translate(_SUITEDNESS))
    named = map(labels.__getitem__, flags.translate(_LABEL))
    try:
        # in C: the entries as PokerKit's Entry(index, label), keyed by (hash, suited)
        return dict(zip(zip(hashes, suited, strict=True), map(Entry, indices, named), strict=True)), int(count)
    except (IndexError, ValueError):  # a label's number out of range, columns or count damaged
        return None


def encode(lookup: Any) -> bytes:
    """The stored form of a built ``StandardLookup`` (see the module's docstring)."""
    from pokerkit.lookups import Label

    entries: dict[tuple[int, bool], Any] = vars(lookup)["_Lookup__entries"]
    labels = list(Label)
    hashes = array("I", (key for key, _ in entries))
    indices = array("H", (entry.index for entry in entries.values()))
    if sys.byteorder == "big":
        hashes.byteswap()
        indices.byteswap()
    flags = bytes(labels.index(entry.label) | (SUITED if suited else 0) for (_, suited), entry in entries.items())
    stamp = fingerprint()
    if stamp is None:
        raise OSError("PokerKit's sources cannot be read: no table is stored without them")
    header = [FORMAT, stamp, b"%d" % vars(lookup)["_Lookup__entry_count"], _names(labels)]
    return b"\n".join([*header, hashes.tobytes() + indices.tobytes() + flags])


def _names(labels: list[Any]) -> bytes:
    """PokerKit's hand labels, in its order: the flag byte's label numbers."""
    return b" ".join(label.name.encode("ascii") for label in labels)
