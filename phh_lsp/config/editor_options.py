"""The editor's settings: its ``phh`` options (camelCase JSON), read into :class:`Options`.

Editors send the options as ``initializationOptions`` and as the ``phh``
configuration section (see docs/settings.md). Anything invalid is reported
once under the editor's own key names (``phh.format.lineWidth``) and left
unset, never raised. Severity overrides accept a code (``PHH504``) or its
name (``needless-fold``) so a renamed rule never breaks a user's settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from phh_lsp.config.settings import Options
from phh_lsp.config.values import INLAY_MODES, LOG_LEVELS, line_width_problem, read_severity
from phh_lsp.core.rules.codes import Severity


def _get(options: Mapping[str, Any], *path: str) -> Any:
    value: Any = options
    for key in path:
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value


def options_from_editor(options: Any) -> tuple[Options, list[str]]:
    """What the editor's options set, and a message per invalid value."""
    problems: list[str] = []
    if options is None:
        return Options(), problems
    if not isinstance(options, Mapping):
        return Options(), [f"phh settings must be an object, not {type(options).__name__}"]
    for section in ("diagnostics", "inlayHints", "format"):
        value = options.get(section)
        if value is not None and not isinstance(value, Mapping):
            problems.append(f"phh.{section} must be an object, not {value!r}")
    severity: dict[str, Severity | None] | None = None
    raw = _get(options, "diagnostics", "severity")
    if isinstance(raw, Mapping):
        severity = read_severity(raw, "phh.diagnostics.severity", problems)
    elif raw is not None:
        problems.append('phh.diagnostics.severity must be an object such as {"PHH504": "off"}')
    inlay = _get(options, "inlayHints", "mode")
    if inlay is not None and inlay not in INLAY_MODES:
        problems.append(f"phh.inlayHints.mode: {inlay!r} is not one of {', '.join(INLAY_MODES)}")
        inlay = None
    big_blinds = _get(options, "inlayHints", "bigBlinds")
    if big_blinds is not None and not isinstance(big_blinds, bool):
        problems.append(f"phh.inlayHints.bigBlinds: {big_blinds!r} is not true or false")
        big_blinds = None
    width = _get(options, "format", "lineWidth")
    if width is not None and (problem := line_width_problem(width)) is not None:
        problems.append(f"phh.format.lineWidth: {problem}")
        width = None
    level = _get(options, "logLevel")
    if level is not None and level not in LOG_LEVELS:
        problems.append(f"phh.logLevel: {level!r} is not one of {', '.join(LOG_LEVELS)}")
        level = None
    return Options(
        severity=severity, inlay_hints=inlay, big_blinds=big_blinds, line_width=width, log_level=level
    ), problems
