"""A repository's configuration file: its phh-lsp table, read into a :class:`Config`.

A repository commits its choices once, in ``[tool.phh-lsp]`` of its
``pyproject.toml`` or in a ``phh-lsp.toml`` / ``.phh-lsp.toml`` (top-level
keys there), and ``phh-lsp check`` in CI and the editor then agree (which
file applies to a hand: :mod:`phh_lsp.config.files`). Keys::

    select = ["PHH1", "PHH2", "PHH4"]      # codes, code prefixes or names; the rest is off
    ignore = ["needless-fold"]              # off, whatever select says
    severity = { PHH502 = "information" }   # as the editor's diagnostics.severity
    line-width = 100                        # the formatter's (format.lineWidth)
    exclude = ["drafts/**"]                 # paths check and format skip (globs, from the file's folder)
    cache-dir = ".phh-lsp-cache"            # check's and format's results cache (from the file's folder)

The table becomes the file's layer of :class:`~phh_lsp.config.settings.Options`
(laid under the editor's settings and the command line's flags by
:func:`~phh_lsp.config.settings.resolve`); a mistake in it is reported
with the file's path and under the file's own key names (``line-width``).
This module is pure: reading files stays in :mod:`phh_lsp.config.files`.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from phh_lsp.config.settings import Options
from phh_lsp.config.values import codes_named, line_width_problem, read_severity
from phh_lsp.core.rules.codes import Severity

_KEYS = ("select", "ignore", "severity", "line-width", "exclude", "cache-dir")


@dataclass(frozen=True)
class Config:
    """A configuration file, read."""

    #: Where it was read from (None: no file applies).
    path: str | None = None
    #: What it sets (``select``, ``ignore``, ``severity``, ``line-width``).
    options: Options = field(default_factory=Options)
    #: Globs of paths to skip, relative to the file's folder.
    exclude: tuple[str, ...] = ()

    def excludes(self, path: PurePath) -> bool:
        """Whether ``path`` (absolute) matches one of the ``exclude`` globs."""
        if self.path is None or not self.exclude:
            return False
        try:
            relative = path.relative_to(PurePath(self.path).parent).as_posix()
        except ValueError:
            return False
        return any(fnmatch.fnmatch(relative, glob) or fnmatch.fnmatch(path.name, glob) for glob in self.exclude)


def config_from_table(path: str, table: Mapping[str, Any]) -> tuple[Config, list[str]]:
    """The configuration a table stands for, and a message per invalid key
    or value (left unset), each naming the file and its key."""
    problems = [
        f"{path}: unknown key {key!r} (expected one of {', '.join(_KEYS)})" for key in table if key not in _KEYS
    ]
    selected = _codes(path, "select", table.get("select"), problems)
    ignored = _codes(path, "ignore", table.get("ignore"), problems)
    raw_severity = table.get("severity", {})
    if not isinstance(raw_severity, Mapping):
        problems.append(f'{path}: severity must be a table such as {{ PHH502 = "information" }}')
        raw_severity = {}
    exclude = table.get("exclude", [])
    if not isinstance(exclude, list) or not all(isinstance(glob, str) for glob in exclude):
        problems.append(f'{path}: exclude must be a list of globs such as ["drafts/**"]')
        exclude = []
    severity: dict[str, Severity | None] = read_severity(raw_severity, f"{path}: severity", problems)
    width = table.get("line-width")
    if width is not None and (problem := line_width_problem(width)) is not None:
        problems.append(f"{path}: line-width: {problem}")
        width = None
    cache_dir = table.get("cache-dir")
    if cache_dir is not None and (not isinstance(cache_dir, str) or not cache_dir):
        problems.append(f'{path}: cache-dir must be a folder such as ".phh-lsp-cache"')
        cache_dir = None
    if cache_dir is not None:
        cache_dir = str(PurePath(path).parent / cache_dir)  # relative to the file's folder
    options = Options(severity=severity or None, select=selected, ignore=ignored, line_width=width, cache_dir=cache_dir)
    return Config(path, options, tuple(exclude)), problems


def _codes(path: str, key: str, value: Any, problems: list[str]) -> frozenset[str] | None:
    """The codes a ``select`` / ``ignore`` list names (codes, prefixes, names)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        problems.append(f'{path}: {key} must be a list such as ["PHH504", "PHH2"]')
        return None
    return frozenset(codes_named(value, lambda item: problems.append(f"{path}: {key}: no code matches {item!r}")))
