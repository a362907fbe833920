"""What each option's values mean, read alike from every source.

The configuration file, the editor and the command line spell their keys
differently (``line-width``, ``phh.format.lineWidth``, ``--line-width``) but
accept the same values; the checks here are shared so that a value means
the same wherever it is written, and each source names the key in its
own words when a value is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from phh_lsp.core.rules.codes import CODES, NAME_TO_CODE, Severity

INLAY_MODES = ("off", "pot", "full")
LOG_LEVELS = ("error", "warning", "info", "debug")
#: The narrowest and the widest line the formatter may be given.
LINE_WIDTHS = (20, 1000)
_SEVERITY_WORDS = {
    "error": Severity.ERROR,
    "warning": Severity.WARNING,
    "information": Severity.INFORMATION,
    "info": Severity.INFORMATION,
    "hint": Severity.HINT,
}


def line_width_problem(value: Any) -> str | None:
    """Why ``value`` is no line width (None: it is one), without the key's name."""
    if isinstance(value, int) and not isinstance(value, bool) and LINE_WIDTHS[0] <= value <= LINE_WIDTHS[1]:
        return None
    return f"{value!r} is not a whole number from {LINE_WIDTHS[0]} to {LINE_WIDTHS[1]}"


def read_severity(raw: Mapping[Any, Any], key: str, problems: list[str]) -> dict[str, Severity | None]:
    """Severity overrides (code or name -> word) per code, None for ``off``;
    each unknown code or word is reported under ``key``, the source's name
    for the table, and left out."""
    severity: dict[str, Severity | None] = {}
    for name, value in raw.items():
        code = NAME_TO_CODE.get(str(name), str(name).upper())
        if code not in CODES:
            problems.append(f"{key}: unknown code {name!r}")
        elif value == "off":
            severity[code] = None
        elif isinstance(value, str) and value.lower() in _SEVERITY_WORDS:
            severity[code] = _SEVERITY_WORDS[value.lower()]
        else:
            problems.append(f"{key}.{name}: {value!r} is not error, warning, information, hint or off")
    return severity


def codes_named(items: Iterable[str], unknown: Callable[[str], object] | None = None) -> Iterable[str]:
    """Every code that an item names: itself, its name, or a code prefix (``PHH5``)."""
    for item in items:
        code = NAME_TO_CODE.get(item, item.upper())
        matched = [known for known in CODES if known.startswith(code)] if code.startswith("PHH") else []
        if not matched and unknown is not None:
            unknown(item)
        yield from matched
