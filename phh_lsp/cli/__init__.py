"""``phh-lsp [serve] | check | format | show | replay | equity | convert | export | schema | rule | completion | clean``

With no subcommand (or ``serve``) it runs the language server over stdio,
which is how editors start it; ``--stdio`` is accepted and ignored because
some clients (vscode-languageclient) always append it (``serve --help`` is
the serve command's help). Ctrl-C ends any command at once, with exit 130. Every command is
one module of this package, declared once in :data:`COMMANDS` (its name,
its help line, and where its :class:`~phh_lsp.cli.command.Command` is);
``check`` and ``format`` are thin wrappers over the same core the server
uses. Usage errors exit with 2 and a one-line message, never a traceback.
"""

from __future__ import annotations

import argparse
import platform
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from phh_lsp import __version__
from phh_lsp.cli.command import Command, Streams
from phh_lsp.cli.interrupt import end_on_interrupt, end_on_interrupt_in_any_thread

# Each command's module is imported only when that command runs (or when
# the whole command line is described), by one of these: `phh-lsp check`
# in a pre-commit hook does not pay for the converters, the equity
# calculator or the server.


def _serve() -> Command:
    from phh_lsp.cli.serve import COMMAND

    return COMMAND


def _check() -> Command:
    from phh_lsp.cli.check import COMMAND

    return COMMAND


def _format() -> Command:
    from phh_lsp.cli.format import COMMAND

    return COMMAND


def _schema() -> Command:
    from phh_lsp.cli.schema import COMMAND

    return COMMAND


def _equity() -> Command:
    from phh_lsp.cli.equity import COMMAND

    return COMMAND


def _show() -> Command:
    from phh_lsp.cli.show import COMMAND

    return COMMAND


def _replay() -> Command:
    from phh_lsp.cli.replay import COMMAND

    return COMMAND


def _clean() -> Command:
    from phh_lsp.cli.clean import COMMAND

    return COMMAND


def _convert() -> Command:
    from phh_lsp.cli.convert import COMMAND

    return COMMAND


def _export() -> Command:
    from phh_lsp.cli.export import COMMAND

    return COMMAND


def _rule() -> Command:
    from phh_lsp.cli.rule import COMMAND

    return COMMAND


def _completion() -> Command:
    from phh_lsp.cli.completion import command

    # The script is written from this command line's parser, given to the
    # command so that its module does not import this table.
    return command(_parser)


@dataclass(frozen=True, slots=True)
class Listed:
    """A command as the command line lists it: its help line, and its module's ``COMMAND``."""

    help: str
    load: Callable[[], Command]


#: Every command by name, in the order ``phh-lsp --help`` lists them.
COMMANDS: dict[str, Listed] = {
    "serve": Listed("run the language server over stdio (the default)", _serve),
    "check": Listed("report problems in .phh / .phhs files", _check),
    "format": Listed("format .phh / .phhs files to the PHH style guide", _format),
    "schema": Listed("print the JSON schema of a PHH hand", _schema),
    "equity": Listed("who was ahead at each point of a hand: equity and EHS", _equity),
    "show": Listed("a hand street by street: actions in words, pot, stacks, cards", _show),
    "replay": Listed("a hand as one self-contained HTML replayer, to open or share", _replay),
    "convert": Listed("convert poker-site hand histories to PHH, hand by hand", _convert),
    "export": Listed("write PHH hands as a poker site's hand histories (PokerStars)", _export),
    "rule": Listed("explain a diagnostic code: what it means, an example and its fix", _rule),
    "completion": Listed("print a shell completion script (bash, zsh or fish)", _completion),
    "clean": Listed("remove the results cache of check and format", _clean),
}


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser. Given the ``command`` being run, only that
    command's module is imported to add its arguments; the others are
    listed with their help line."""
    parser = argparse.ArgumentParser(
        prog="phh-lsp",
        description="Language server, checker and formatter for Poker Hand History (PHH) files.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"phh-lsp {__version__} (Python {platform.python_version()}: {sys.executable})",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, listed in COMMANDS.items():
        sub = commands.add_parser(name, help=listed.help)
        if command in (None, name):
            listed.load().add_arguments(sub)
    return parser


#: The command lines an editor starts the server with (vscode-languageclient appends ``--stdio``).
_SERVER_LINES: tuple[list[str], ...] = ([], ["--stdio"], ["serve"], ["serve", "--stdio"])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code.

    Without ``argv`` this is the process's own command line (the ``phh-lsp``
    script, ``python -m phh_lsp``), so Ctrl-C is ours to handle too; the
    tests, which call it with arguments inside pytest, keep pytest's.
    """
    if argv is None:
        end_on_interrupt()
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments in _SERVER_LINES:
        # The editor's path: start answering as soon as possible, without
        # building the parser (which imports the commands' modules).
        from phh_lsp.cli.serve import start

        if argv is None:
            end_on_interrupt_in_any_thread()  # its main thread sleeps in the event loop

        return start()
    if hasattr(signal, "SIGPIPE"):
        # `phh-lsp check big/ | head` should stop quietly, not with a traceback.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = _parser(arguments[0] if arguments[0] in COMMANDS else None)
    args = parser.parse_args(arguments)
    if args.command is None:
        parser.print_usage(sys.stderr)
        return 2
    return COMMANDS[args.command].load().run(args, Streams(sys.stdin, sys.stdout, sys.stderr))
