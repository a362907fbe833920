"""Counts written as a player reads them: "1 hand", "2 hands".

One place for it, so that the command line's summaries (``check``,
``format``, ``convert``, ``export``) and the editors' convert message, which
the server words, never say "1 hands" in one of them.
"""

from __future__ import annotations


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, the noun in the plural (an ``s``) unless the count is one."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
