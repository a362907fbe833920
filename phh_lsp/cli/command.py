"""What each ``phh-lsp`` subcommand declares, so :func:`phh_lsp.cli.main` runs every one the same way.

A command's module (``cli/check.py``, ``cli/format.py``...) ends with one
``COMMAND``: the function that adds its arguments to its subparser and the
function that runs it on the parsed arguments. Its name and help line are
in the table of :mod:`phh_lsp.cli`, which lists every command without
importing its module: ``phh-lsp check`` imports the check command only.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO


@dataclass(frozen=True, slots=True)
class Streams:
    """Where a command reads and writes: the process's standard streams
    (``stdin`` is None when the process has none, as under pythonw)."""

    stdin: TextIO | None
    stdout: TextIO
    stderr: TextIO


@dataclass(frozen=True, slots=True)
class Command:
    """One subcommand: how it reads its arguments, and how it runs (its exit code)."""

    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Streams], int]
