"""The results cache of ``check`` and ``format``: a file's verdict, kept by its bytes.

A second ``phh-lsp check`` of a dataset whose files did not change reads
each file, hashes it and prints what was found last time, as ruff, mypy
and ESLint do. An entry's key is the SHA-256 of everything its verdict
depends on: the file's bytes, whether it is a ``.phhs``, the versions of
phh-lsp and PokerKit, the command and the effective settings that change
the verdict (each code's severity for ``check``, the line width for
``format``). So a changed file, a fixed file (new bytes), another
configuration or an upgrade is never served an old verdict: it simply
misses, and its new verdict is written.

Where: ``PHH_LSP_CACHE_DIR`` if set, else the configuration's
``cache-dir``, else ``.phh-lsp-cache`` beside the configuration file that
applies to the current folder (``--config``'s, else the nearest above),
else in the current folder. The folder holds a ``.gitignore`` of ``*``
(git ignores it without being told) and a ``CACHEDIR.TAG`` (backup tools
skip it); ``phh-lsp clean`` removes it, and only a folder holding that tag.

An entry is one JSON file (never pickle: a cache folder may come from
anyone's repository). One that cannot be read, is damaged, truncated or
holds another key is a miss, and is rewritten. Entries are written to a
temporary file in the same folder and moved into place (``os.replace``),
so two runs at once never see half an entry. A cache that cannot be
written is reported once on stderr and the run goes on uncached: the
cache changes the speed of a run, never its verdict or exit code.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import IO, Any

from phh_lsp import __version__
from phh_lsp.cli.report import Finding, FixRecord
from phh_lsp.config.files import ConfigFinder
from phh_lsp.config.settings import Settings

#: The environment variable that names the cache folder (it wins over the configuration).
CACHE_DIR_ENV = "PHH_LSP_CACHE_DIR"
#: The folder's name when neither the environment nor the configuration names it.
DEFAULT_NAME = ".phh-lsp-cache"
#: The tag that marks a folder as a cache (https://bford.info/cachedir/); ``clean`` removes only such folders.
TAG_NAME = "CACHEDIR.TAG"
TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# A cache made by phh-lsp: `phh-lsp clean` removes it.\n"
#: Bumped when the shape of an entry changes.
_LAYOUT = "1"


def _pokerkit_version() -> str:
    try:
        return version("pokerkit")
    except PackageNotFoundError:  # pragma: no cover - PokerKit is a dependency
        return "unknown"


def cache_folder(explicit: Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The run's cache folder (see the module's docstring for the order);
    ``explicit``: the ``--config`` file. The configuration is read on its
    own here: a mistake in the one above the current folder is not the
    run's (the run reports those of its files' configurations)."""
    environ = os.environ if environ is None else environ
    named = environ.get(CACHE_DIR_ENV)
    if named:
        return Path(named)
    anchor = Path.cwd() / DEFAULT_NAME
    configured = ConfigFinder(explicit)
    config = configured.for_file(anchor)
    chosen = configured.settings(anchor).cache_dir
    if chosen is not None:
        return Path(chosen)
    return (Path(config.path).parent if config.path is not None else Path.cwd()) / DEFAULT_NAME


class ResultsCache:
    """One command's entries in the cache folder; ``get`` and ``put`` by key."""

    def __init__(self, folder: Path, command: str, stderr: IO[str]) -> None:
        self.folder = folder
        self._entries = folder / command
        self._stderr = stderr
        self._salt = f"{_LAYOUT}\0{command}\0{__version__}\0{_pokerkit_version()}\0"
        self._broken = False
        self._prepared = False

    def _digest(self, multi: bool, settings: str) -> hashlib._Hash:
        """A key's hash, fed everything but the file's bytes."""
        return hashlib.sha256(f"{self._salt}{multi}\0{settings}\0".encode())

    def key(self, data: bytes, multi: bool, settings: str) -> str:
        """The key of a file's verdict: its bytes, its kind and the settings that matter."""
        digest = self._digest(multi, settings)
        digest.update(data)
        return digest.hexdigest()

    def file_key(self, path: Path, multi: bool, settings: str) -> str:
        """:meth:`key` of a file's bytes, read a megabyte at a time (a file too large to hold)."""
        digest = self._digest(multi, settings)
        with path.open("rb") as stream:
            while block := stream.read(1 << 20):
                digest.update(block)
        return digest.hexdigest()

    def _path(self, key: str) -> Path:
        return self._entries / key[:2] / f"{key}.json"

    def get(self, key: str) -> Any:
        """The value stored under ``key``, or None (no entry, or one not to be trusted)."""
        try:
            with self._path(key).open("rb") as stored:
                entry = json.load(stored)
        except (OSError, ValueError):
            return None
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        return entry.get("value")

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` (plain JSON data) under ``key``, atomically."""
        if self._broken:
            return
        path = self._path(key)
        try:
            self._prepare()
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".entry-", suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump({"key": key, "value": value}, out, ensure_ascii=False, separators=(",", ":"))
                os.replace(temporary, path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError as error:
            self._broken = True
            self._stderr.write(
                f"phh-lsp: warning: cannot write the cache in {self.folder} ({error.strerror or error}); "
                "going on without it\n"
            )

    def _prepare(self) -> None:
        """Create the folder with its ``.gitignore`` and tag, once."""
        if self._prepared:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", "# Made by phh-lsp: the whole folder is a cache.\n*\n"), (TAG_NAME, TAG)):
            marker = self.folder / name
            if not marker.exists():
                with marker.open("w", encoding="utf-8") as out:
                    out.write(text)
        self._prepared = True


# ------------------------------------------------------------- check's entries


def severities(settings: Settings, with_fixes: bool) -> str:
    """What of the settings changes ``check``'s findings: each code's
    severity (or off), and whether the findings carry their fixes."""
    chosen = sorted((code, level.label if level is not None else "off") for code, level in settings.severity.items())
    return json.dumps([chosen, with_fixes])


def findings_record(findings: list[Finding], hands: int) -> Any:
    """A file's findings and hand count as plain JSON data (without the path:
    the same bytes elsewhere give the same findings)."""
    rows = []
    for found in findings:
        fix = found.fix
        fixed = None if fix is None else [fix.applicability, fix.message, [list(edit) for edit in fix.edits]]
        located = [found.line, found.column, found.end_line, found.end_column]
        rows.append([*located, found.code, found.name, found.severity, found.message, list(found.source), fixed])
    return {"hands": hands, "findings": rows}


def findings_from(value: Any, path: str) -> tuple[list[Finding], int] | None:
    """The findings a record holds, for ``path``; None when it is not one."""
    try:
        hands = value["hands"]
        findings = [_finding(row, path) for row in value["findings"]]
    except (KeyError, TypeError, ValueError):
        return None
    return (findings, hands) if isinstance(hands, int) else None


def _finding(row: Any, path: str) -> Finding:
    line, column, end_line, end_column, code, name, severity, message, source, fixed = row
    if not all(isinstance(number, int) for number in (line, column, end_line, end_column)):
        raise ValueError("not a position")
    if not all(isinstance(text, str) for text in (code, name, severity, message, *source)):
        raise ValueError("not a text")
    fix = None
    if fixed is not None:
        applicability, title, edits = fixed
        fix = FixRecord(str(applicability), str(title), tuple(_edit(edit) for edit in edits))
    return Finding(path, line, column, end_line, end_column, code, name, severity, message, tuple(source), fix)


def _edit(edit: Any) -> tuple[int, int, int, int, str]:
    line, column, end_line, end_column, content = edit
    if not all(isinstance(number, int) for number in (line, column, end_line, end_column)) or not isinstance(
        content, str
    ):
        raise ValueError("not an edit")
    return line, column, end_line, end_column, content
