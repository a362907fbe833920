"""``phh-lsp schema``: the JSON schema of a PHH hand, on stdout.

For editors and tools that validate TOML against a JSON schema (the
schema itself is built in :mod:`phh_lsp.core.rules.json_schema`, from the
same field table the checks use). It takes no arguments and exits 0.
"""

from __future__ import annotations

import argparse

from phh_lsp.cli.command import Command, Streams
from phh_lsp.core.rules.json_schema import schema_text


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    """``schema`` has no arguments."""


def _run(args: argparse.Namespace, streams: Streams) -> int:
    streams.stdout.write(schema_text())
    return 0


COMMAND = Command(_add_arguments, _run)
