"""One configuration for the command line and the server: a repository's file.

A repository commits its choices once, in ``[tool.phh-lsp]`` of its
``pyproject.toml`` or in a ``phh-lsp.toml`` / ``.phh-lsp.toml`` (top-level
keys there), and ``phh-lsp check`` in CI and the editor then agree. The
file that applies to a hand is the nearest one found from the hand's
folder upward, as ruff finds its own (a ``pyproject.toml`` without a
``[tool.phh-lsp]`` table is passed over). Keys::

    select = ["PHH1", "PHH2", "PHH4"]      # codes, code prefixes or names; the rest is off
    ignore = ["needless-fold"]              # off, whatever select says
    severity = { PHH502 = "information" }   # as the editor's diagnostics.severity
    line-width = 100                        # the formatter's (format.lineWidth)
    exclude = ["drafts/**"]                 # paths check and format skip (globs, from the file's folder)

The file becomes editor options (the ``phh`` section's shape,
:meth:`Config.options`), and the editor's own settings are laid over them
(:func:`layered`); the command line's ``--select`` replaces the file's,
``--ignore`` adds to it. One conversion,
:func:`phh_lsp.config.settings.settings_from_options`, serves both.
Reading files stays in :mod:`phh_lsp.config.files`; this module is pure.
"""

from __future__ import annotations

import fnmatch
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from phh_lsp.core.rules.codes import CODES, NAME_TO_CODE

#: The names a configuration file may have, in the order they are preferred in one folder.
CONFIG_NAMES = (".phh-lsp.toml", "phh-lsp.toml", "pyproject.toml")
_KEYS = ("select", "ignore", "severity", "line-width", "exclude")


@dataclass(frozen=True)
class Config:
    """A configuration file, read."""

    #: Where it was read from (None: no file applies).
    path: str | None = None
    #: The codes ``select`` names (None: every code).
    select: frozenset[str] | None = None
    #: The codes ``ignore`` names.
    ignore: frozenset[str] = frozenset()
    #: ``severity``, as written (code or name -> word).
    severity: Mapping[str, Any] = field(default_factory=dict)
    line_width: Any = None
    #: Globs of paths to skip, relative to the file's folder.
    exclude: tuple[str, ...] = ()

    def options(self, select: frozenset[str] | None = None, ignore: frozenset[str] = frozenset()) -> dict[str, Any]:
        """The ``phh`` editor options this file stands for; ``select`` (the
        command line's) replaces the file's, ``ignore`` adds to it."""
        chosen = select if select is not None else self.select
        off = self.ignore | ignore
        severity = dict(self.severity)
        for code in CODES:
            if code in off or (chosen is not None and code not in chosen):
                severity[code] = "off"
        options: dict[str, Any] = {"diagnostics": {"severity": severity}} if severity else {}
        if self.line_width is not None:
            options["format"] = {"lineWidth": self.line_width}
        return options

    def excludes(self, path: PurePath) -> bool:
        """Whether ``path`` (absolute) matches one of the ``exclude`` globs."""
        if self.path is None or not self.exclude:
            return False
        try:
            relative = path.relative_to(PurePath(self.path).parent).as_posix()
        except ValueError:
            return False
        return any(fnmatch.fnmatch(relative, glob) or fnmatch.fnmatch(path.name, glob) for glob in self.exclude)


def table_of(name: str, text: str) -> Mapping[str, Any] | None:
    """The phh-lsp table of a configuration file's text (None: it has none).

    Raises ``tomllib.TOMLDecodeError`` for a file that is not TOML.
    """
    data = tomllib.loads(text)
    if name == "pyproject.toml":
        tool = data.get("tool")
        table = tool.get("phh-lsp") if isinstance(tool, Mapping) else None
        return table if isinstance(table, Mapping) else None
    return data


def config_from_table(path: str, table: Mapping[str, Any]) -> tuple[Config, list[str]]:
    """The configuration a table stands for, and a message per invalid key
    (values are checked again, with the editor's, when they become settings)."""
    problems = [
        f"{path}: unknown key {key!r} (expected one of {', '.join(_KEYS)})" for key in table if key not in _KEYS
    ]
    selected = _codes(path, "select", table.get("select"), problems)
    ignored = _codes(path, "ignore", table.get("ignore"), problems)
    severity = table.get("severity", {})
    if not isinstance(severity, Mapping):
        problems.append(f'{path}: severity must be a table such as {{ PHH502 = "information" }}')
        severity = {}
    exclude = table.get("exclude", [])
    if not isinstance(exclude, list) or not all(isinstance(glob, str) for glob in exclude):
        problems.append(f'{path}: exclude must be a list of globs such as ["drafts/**"]')
        exclude = []
    config = Config(
        path,
        selected,
        ignored or frozenset(),
        {str(key): value for key, value in severity.items()},
        table.get("line-width"),
        tuple(exclude),
    )
    return config, problems


def _codes(path: str, key: str, value: Any, problems: list[str]) -> frozenset[str] | None:
    """The codes a ``select`` / ``ignore`` list names (codes, prefixes, names)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        problems.append(f'{path}: {key} must be a list such as ["PHH504", "PHH2"]')
        return None
    return frozenset(codes_named(value, lambda item: problems.append(f"{path}: {key}: no code matches {item!r}")))


def codes_named(items: Iterable[str], unknown: Any = None) -> Iterable[str]:
    """Every code that an item names: itself, its name, or a code prefix (``PHH5``)."""
    for item in items:
        code = NAME_TO_CODE.get(item, item.upper())
        matched = [known for known in CODES if known.startswith(code)] if code.startswith("PHH") else []
        if not matched and unknown is not None:
            unknown(item)
        yield from matched


def layered(base: Mapping[str, Any], over: Mapping[str, Any] | None) -> dict[str, Any]:
    """``over`` laid on ``base``: nested tables merged, the rest replaced
    (the editor's settings, or the command line's flags, over the file's)."""
    merged = dict(base)
    for key, value in (over or {}).items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = layered(merged[key], value)
        else:
            merged[key] = value
    return merged
