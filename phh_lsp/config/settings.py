"""Settings shared by the CLI and the language server: frozen and defaulted.

Editors send options as camelCase JSON (``initializationOptions`` and the
``phh`` configuration section); :func:`settings_from_options` converts
them, and anything invalid is reported once and replaced by its default,
never raised. Severity overrides accept a code (``PHH504``) or its name
(``needless-fold``) so a renamed rule never breaks a user's settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from phh_lsp.core.rules.codes import CODES, NAME_TO_CODE, Severity

INLAY_MODES = ("off", "pot", "full")
LOG_LEVELS = ("error", "warning", "info", "debug")
_SEVERITY_WORDS = {
    "error": Severity.ERROR,
    "warning": Severity.WARNING,
    "information": Severity.INFORMATION,
    "info": Severity.INFORMATION,
    "hint": Severity.HINT,
}


@dataclass(frozen=True)
class Settings:
    """Every option the server reads, with its default."""

    #: Per code: the severity to use, or None to hide the code ("off").
    severity: Mapping[str, Severity | None] = field(default_factory=dict)
    inlay_hints: str = "full"
    big_blinds: bool = False
    line_width: int = 88
    log_level: str = "warning"

    def severity_of(self, code: str) -> Severity | None:
        """The effective severity of a code (None when turned off)."""
        if code in self.severity:
            return self.severity[code]
        return CODES[code].severity if code in CODES else Severity.ERROR


def _get(options: Mapping[str, Any], *path: str) -> Any:
    value: Any = options
    for key in path:
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value


def settings_from_options(options: Any) -> tuple[Settings, list[str]]:
    """Settings from an editor's options, and a message per invalid value."""
    problems: list[str] = []
    if options is None:
        return Settings(), problems
    if not isinstance(options, Mapping):
        return Settings(), [f"phh settings must be an object, not {type(options).__name__}"]
    for section in ("diagnostics", "inlayHints", "format"):
        value = options.get(section)
        if value is not None and not isinstance(value, Mapping):
            problems.append(f"phh.{section} must be an object, not {value!r}")
    severity: dict[str, Severity | None] = {}
    raw = _get(options, "diagnostics", "severity")
    if isinstance(raw, Mapping):
        for key, value in raw.items():
            code = NAME_TO_CODE.get(str(key), str(key).upper())
            if code not in CODES:
                problems.append(f"phh.diagnostics.severity: unknown code {key!r}")
            elif value == "off":
                severity[code] = None
            elif isinstance(value, str) and value.lower() in _SEVERITY_WORDS:
                severity[code] = _SEVERITY_WORDS[value.lower()]
            else:
                problems.append(
                    f"phh.diagnostics.severity.{key}: {value!r} is not error, warning, information, hint or off"
                )
    elif raw is not None:
        problems.append('phh.diagnostics.severity must be an object such as {"PHH504": "off"}')
    defaults = Settings()
    inlay = _get(options, "inlayHints", "mode")
    if inlay is not None and inlay not in INLAY_MODES:
        problems.append(f"phh.inlayHints.mode: {inlay!r} is not one of {', '.join(INLAY_MODES)}")
        inlay = None
    big_blinds = _get(options, "inlayHints", "bigBlinds")
    if big_blinds is not None and not isinstance(big_blinds, bool):
        problems.append(f"phh.inlayHints.bigBlinds: {big_blinds!r} is not true or false")
        big_blinds = None
    width = _get(options, "format", "lineWidth")
    if width is not None and (not isinstance(width, int) or isinstance(width, bool) or not 20 <= width <= 1000):
        problems.append(f"phh.format.lineWidth: {width!r} is not a whole number from 20 to 1000")
        width = None
    level = _get(options, "logLevel")
    if level is not None and level not in LOG_LEVELS:
        problems.append(f"phh.logLevel: {level!r} is not one of {', '.join(LOG_LEVELS)}")
        level = None
    return Settings(
        severity=severity,
        inlay_hints=inlay if inlay is not None else defaults.inlay_hints,
        big_blinds=big_blinds if big_blinds is not None else defaults.big_blinds,
        line_width=width if width is not None else defaults.line_width,
        log_level=level if level is not None else defaults.log_level,
    ), problems
