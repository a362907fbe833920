"""``phh-lsp [serve]``: the language server over stdio, the way editors start it.

The default command. With no arguments, ``--stdio`` alone (some clients,
such as vscode-languageclient, always append it), ``serve`` or
``serve --stdio``, :func:`phh_lsp.cli.main` calls :func:`start` straight away, without
building the command line's parser, so the server answers as soon as
possible; the server itself is imported only then, never by the other
commands.
"""

from __future__ import annotations

import argparse
import sys

from phh_lsp.cli.command import Command, Streams

#: Said on stderr when a person, not an editor, started the server: it would otherwise
#: wait in silence for a client that never comes, looking like a command that hangs.
ON_A_TERMINAL = (
    "phh-lsp: the PHH language server, waiting for an editor on stdin/stdout. For the command line: phh-lsp --help"
)


def start() -> int:
    """Run the language server until the client leaves; its exit code.

    Editors start it with stdin a pipe: nothing is printed then (stdout is
    the protocol's, and stderr ends up in the editor's log).
    """
    if sys.stdin is not None and sys.stdin.isatty():
        print(ON_A_TERMINAL, file=sys.stderr, flush=True)
    from phh_lsp.lsp.server import serve

    return serve()


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run the language server over stdio (the default): editors start it, and talk to it on stdin/stdout."
    )
    parser.add_argument("--stdio", action="store_true", help=argparse.SUPPRESS)


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return start()


COMMAND = Command(_add_arguments, _run)
