"""Finding PHH files under the paths a user names on the command line.

Folders are walked recursively for ``*.phh`` and ``*.phhs``; symbolic
links to folders are followed once each (by real path), so a link loop
cannot make a run endless; only regular files are read (a named pipe
would block forever), and a path that cannot be read is reported
without stopping the run.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

SUFFIXES = (".phh", ".phhs")


@dataclass
class FileList:
    """The files found, in a stable order, and the paths that failed."""

    files: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def collect(paths: list[str]) -> FileList:
    """Every PHH file named or found below ``paths``, sorted per folder."""
    found = FileList()
    seen: set[str] = set()
    for name in paths:
        path = Path(name)
        if path.is_dir():
            _walk(path, found, seen)
        elif path.is_file():
            real = os.path.realpath(path)
            if real not in seen:
                seen.add(real)
                found.files.append(path)
        elif path.exists():
            found.errors.append(f"{name}: not a regular file (a pipe or a device would never end)")
        else:
            found.errors.append(f"{name}: no such file or folder")
    return found


def _walk(root: Path, found: FileList, seen: set[str]) -> None:
    visited: set[str] = set()

    def on_error(error: OSError) -> None:
        found.errors.append(f"{error.filename}: cannot read folder ({error.strerror})")

    for folder, dirs, files in os.walk(root, followlinks=True, onerror=on_error):
        real = os.path.realpath(folder)
        if real in visited:
            dirs[:] = []
            continue
        visited.add(real)
        dirs.sort()
        for name in sorted(files):
            if name.endswith(SUFFIXES):
                path = Path(folder, name)
                if path.exists() and not path.is_file():  # a named pipe would block the run forever
                    found.errors.append(f"{path}: not a regular file")
                    continue
                real_file = os.path.realpath(path)
                if real_file not in seen:
                    seen.add(real_file)
                    found.files.append(path)


def read_text(path: Path) -> str:
    """The file as text: UTF-8 (a BOM is dropped), undecodable bytes replaced."""
    return read_decoded(path).text


def read_decoded(path: Path) -> Decoded:
    """The file as text, and where its first byte that is not UTF-8 was."""
    return decode(path.read_bytes())


@dataclass(frozen=True)
class Decoded:
    """A file's text and, when it is not UTF-8, where its first bad byte was."""

    text: str
    #: Offset in ``text`` of the replacement character that stands for the
    #: first byte that is not UTF-8 (None when every byte was).
    bad_byte_at: int | None = None
    bad_byte: int | None = None


def decode(data: bytes) -> Decoded:
    """Decode a file as TOML requires (UTF-8; a BOM is dropped).

    Undecodable bytes are replaced so that the rest of the file is still
    checked, but TOML 1.0 says such a file is not TOML at all: the caller
    reports the first bad byte (a replacement character on its own would
    pass inside a string or a comment).
    """
    try:
        return Decoded(data.decode("utf-8-sig"))
    except UnicodeDecodeError as error:
        bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        before = data[bom : error.start].decode("utf-8")
        return Decoded(data.decode("utf-8-sig", errors="replace"), len(before), data[error.start])
