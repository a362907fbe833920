"""Finding PHH files under the paths a user names on the command line.

Folders are walked recursively for ``*.phh`` and ``*.phhs`` in any case
(``HANDS.PHHS`` is a hand file too), or for the files another test picks
(``convert`` walks a folder of a site's histories the same way); symbolic links to folders are
followed once each (by real path), so a link loop cannot make a run endless; only regular files are read (a named pipe
would block forever), and a path that cannot be read is reported
without stopping the run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from phh_lsp.core.syntax.encoding import Decoded, decode

SUFFIXES = (".phh", ".phhs")


@dataclass
class FileList:
    """The files found, in a stable order, and the paths that failed."""

    files: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def collect(paths: list[str], wanted: Callable[[str], bool] | None = None) -> FileList:
    """Every PHH file named or found below ``paths``, sorted per folder:
    in a folder, the files whose name ``wanted`` accepts (PHH files by default)."""
    found = FileList()
    seen: set[str] = set()
    for name in paths:
        path = Path(name)
        if path.is_dir():
            _walk(path, found, seen, wanted or is_hand_file)
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


def _walk(root: Path, found: FileList, seen: set[str], wanted: Callable[[str], bool]) -> None:
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
            if wanted(name):
                path = Path(folder, name)
                if path.exists() and not path.is_file():  # a named pipe would block the run forever
                    found.errors.append(f"{path}: not a regular file")
                    continue
                real_file = os.path.realpath(path)
                if real_file not in seen:
                    seen.add(real_file)
                    found.files.append(path)


def is_hand_file(name: str) -> bool:
    """A ``.phh`` or ``.phhs`` file, in any case (``HANDS.PHHS`` too)."""
    return name.lower().endswith(SUFFIXES)


def read_text(path: Path) -> str:
    """The file as text: UTF-8 (a BOM is dropped), undecodable bytes replaced."""
    return read_decoded(path).text


def read_decoded(path: Path) -> Decoded:
    """The file as text, with its byte order mark and its first byte that
    is not UTF-8 (the one decoder, :func:`phh_lsp.core.syntax.encoding.decode`)."""
    return read_both(path)[1]


def read_both(path: Path) -> tuple[bytes, Decoded]:
    """The file's bytes (what the results cache keys on) and its text, as :func:`read_decoded`."""
    data = path.read_bytes()
    return data, decode(data)
