"""The settings a hand file is checked, formatted and shown with, and where they come from.

Every source of settings is read into one :class:`Options` in its own
words, its mistakes reported there: the repository's configuration file
(:mod:`phh_lsp.config.file_table`), the editor's ``phh`` options
(:mod:`phh_lsp.config.editor_options`) and the command line's flags
(:mod:`phh_lsp.config.cli_flags`). :func:`resolve` lays them over each
other in one named order, lowest precedence first (:data:`PRECEDENCE`):

1. the defaults: each code's own severity, and :class:`Settings`' fields;
2. the configuration file: its ``severity``, then its ``select`` and
   ``ignore``, which turn the codes they leave out off whatever
   ``severity`` says;
3. the editor's settings (the server): a code's severity there wins even
   over the file's ``select`` / ``ignore`` (a code the file turned off comes
   back when the editor sets its severity);
4. the command line's flags (``check``, ``format``): ``--select`` replaces
   the file's ``select``, ``--ignore`` adds to its ``ignore`` (the codes
   they turn off stay off, whatever severity a layer below gives them);
   ``--line-width`` wins over the file's ``line-width``.

The file's ``cache-dir`` (where ``check`` and ``format`` keep their
results) is laid the same way, though only the file sets it.

The server has no flags and the command line no editor settings. An
option a source sets to an invalid value is reported by that source and
left unset there, so the layer below (at last the default) applies: the
result is always a whole :class:`Settings`, never an error.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from phh_lsp.core.rules.codes import CODES, Severity


@dataclass(frozen=True)
class Settings:
    """Every option the server reads, with its default."""

    #: Per code: the severity to use, or None to hide the code ("off").
    severity: Mapping[str, Severity | None] = field(default_factory=dict)
    inlay_hints: str = "full"
    big_blinds: bool = False
    line_width: int = 88
    log_level: str = "warning"
    #: Where ``check`` and ``format`` keep their results cache (None: the
    #: default place, see :mod:`phh_lsp.cli.results_cache`).
    cache_dir: str | None = None

    def severity_of(self, code: str) -> Severity | None:
        """The effective severity of a code (None when turned off)."""
        if code in self.severity:
            return self.severity[code]
        return CODES[code].severity if code in CODES else Severity.ERROR


@dataclass(frozen=True)
class Options:
    """What one source of settings sets, read and checked; None: not set by it."""

    #: Per code: its severity, or None to turn it off.
    severity: Mapping[str, Severity | None] | None = None
    #: The codes to report (every other code is off).
    select: frozenset[str] | None = None
    #: Codes to turn off, added to those of the layers below.
    ignore: frozenset[str] | None = None
    inlay_hints: str | None = None
    big_blinds: bool | None = None
    line_width: int | None = None
    log_level: str | None = None
    cache_dir: str | None = None


#: The sources, lowest precedence first (the defaults lie under them all).
PRECEDENCE = ("file", "editor", "flags")


@dataclass(frozen=True)
class Layers:
    """The options of each source for one file; a source that does not apply sets nothing."""

    #: The repository's configuration file (``[tool.phh-lsp]``, ``phh-lsp.toml``).
    file: Options = field(default_factory=Options)
    #: The editor's ``phh`` settings (the server only).
    editor: Options = field(default_factory=Options)
    #: The command line's flags (``check`` and ``format`` only).
    flags: Options = field(default_factory=Options)

    def in_order(self) -> Iterator[Options]:
        """The layers, lowest precedence first."""
        return (getattr(self, name) for name in PRECEDENCE)


_T = TypeVar("_T")


def _last(values: Iterable[_T | None], default: _T) -> _T:
    """The value of the highest layer that sets one, else the default."""
    found = default
    for value in values:
        if value is not None:
            found = value
    return found


def resolve(layers: Layers) -> Settings:
    """The settings the layers make together, in the order of :data:`PRECEDENCE`."""
    #: Per code: the rank of the layer that set its severity last, and that severity.
    chosen: dict[str, tuple[int, Severity | None]] = {}
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()
    selection_rank = -1  # the highest layer that set select or ignore
    ordered = list(layers.in_order())
    for rank, options in enumerate(ordered):
        for code, value in (options.severity or {}).items():
            chosen[code] = (rank, value)
        if options.select is not None:
            select, selection_rank = options.select, rank
        if options.ignore is not None:
            ignore, selection_rank = ignore | options.ignore, rank
    severity: dict[str, Severity | None] = {}
    for code in CODES:
        off = code in ignore or (select is not None and code not in select)
        rank, chosen_severity = chosen.get(code, (-1, None))
        if off and rank <= selection_rank:
            severity[code] = None  # a layer's select / ignore win over its own severity and those below
        elif rank >= 0:
            severity[code] = chosen_severity
    defaults = Settings()
    return Settings(
        severity=severity,
        inlay_hints=_last((options.inlay_hints for options in ordered), defaults.inlay_hints),
        big_blinds=_last((options.big_blinds for options in ordered), defaults.big_blinds),
        line_width=_last((options.line_width for options in ordered), defaults.line_width),
        log_level=_last((options.log_level for options in ordered), defaults.log_level),
        cache_dir=_last((options.cache_dir for options in ordered), defaults.cache_dir),
    )
