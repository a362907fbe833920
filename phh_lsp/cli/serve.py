"""``phh-lsp [serve]``: the language server over stdio, the way editors start it.

The default command. With no arguments, ``--stdio`` alone (some clients,
such as vscode-languageclient, always append it) or ``serve`` first,
:func:`phh_lsp.cli.main` calls :func:`start` straight away, without
building the command line's parser, so the server answers as soon as
possible; the server itself is imported only then, never by the other
commands.
"""

from __future__ import annotations

import argparse

from phh_lsp.cli.command import Command, Streams


def start() -> int:
    """Run the language server until the client leaves; its exit code."""
    from phh_lsp.lsp.server import serve

    return serve()


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--stdio", action="store_true", help=argparse.SUPPRESS)


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return start()


COMMAND = Command(_add_arguments, _run)
