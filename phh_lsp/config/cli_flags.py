"""The command line's flags (``--select``, ``--ignore``, ``--line-width``), read into :class:`Options`.

``check`` and ``format`` take the same options as the configuration file,
as flags that win over it (see :func:`phh_lsp.config.settings.resolve`).
A wrong flag is a usage error named by the flag itself: one line, exit 2.
"""

from __future__ import annotations

import argparse

from phh_lsp.config.settings import Options
from phh_lsp.config.values import codes_named, line_width_problem


class FlagError(ValueError):
    """A flag given a value it does not take (its message names the flag)."""


def line_width_argument(text: str) -> int:
    """``--line-width N``'s argparse type: the range the settings allow, or a usage error."""
    try:
        value: object = int(text)
    except ValueError:
        value = text
    problem = line_width_problem(value)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return int(text)


def options_from_flags(
    *, select: str | None = None, ignore: str | None = None, line_width: int | None = None
) -> Options:
    """What the flags set: ``--select`` / ``--ignore`` as written (comma-separated
    codes, prefixes or names), ``--line-width`` as :func:`line_width_argument` read it.

    Raises :class:`FlagError` for a code that matches nothing."""
    return Options(select=_codes(select, "--select"), ignore=_codes(ignore, "--ignore"), line_width=line_width)


def _codes(value: str | None, flag: str) -> frozenset[str] | None:
    if value is None:
        return None
    unknown: list[str] = []
    codes = frozenset(codes_named([item.strip() for item in value.split(",") if item.strip()], unknown.append))
    if unknown:
        raise FlagError(f"{flag}: no code matches {', '.join(map(repr, unknown))}")
    return codes
