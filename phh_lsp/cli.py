"""``phh-lsp [serve] | check | format | show | replay | equity | convert | schema``: the command-line entry point.

With no subcommand (or ``serve``) it runs the language server over stdio,
which is how editors start it; ``--stdio`` is accepted and ignored because
some clients (vscode-languageclient) always append it. ``check`` and
``format`` are thin wrappers over the same core the server uses. Usage
errors exit with 2 and a one-line message, never a traceback.
"""

from __future__ import annotations

import argparse
import platform
import signal
import sys
from collections.abc import Sequence

from phh_lsp import __version__

#: Each command and its help line.
_COMMANDS: dict[str, str] = {
    "serve": "run the language server over stdio (the default)",
    "check": "report problems in .phh / .phhs files",
    "format": "format .phh / .phhs files to the PHH style guide",
    "schema": "print the JSON schema of a PHH hand",
    "equity": "who was ahead at each point of a hand: equity and EHS",
    "show": "a hand street by street: actions in words, pot, stacks, cards",
    "replay": "a hand as one self-contained HTML replayer, to open or share",
    "convert": "convert poker-site hand histories to PHH, hand by hand",
}


def _add_arguments(name: str, sub: argparse.ArgumentParser) -> None:
    """The arguments of command ``name``, from its module (imported only now)."""
    if name == "serve":
        sub.add_argument("--stdio", action="store_true", help=argparse.SUPPRESS)
    elif name == "check":
        from phh_lsp.commands.check import add_check_arguments

        add_check_arguments(sub)
    elif name == "format":
        from phh_lsp.commands.format import add_format_arguments

        add_format_arguments(sub)
    elif name == "equity":
        from phh_lsp.commands.equity import add_equity_arguments

        add_equity_arguments(sub)
    elif name == "show":
        from phh_lsp.commands.show import add_show_arguments

        add_show_arguments(sub)
    elif name == "replay":
        from phh_lsp.commands.replay import add_replay_arguments

        add_replay_arguments(sub)
    elif name == "convert":
        from phh_lsp.commands.convert import add_convert_arguments

        add_convert_arguments(sub)


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser. Given the ``command`` being run, only that
    command's module is imported to add its arguments (``check`` in a
    pre-commit hook does not pay for the converters' and the equity
    calculator's imports); the others are listed with their help line."""
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
    for name, help_line in _COMMANDS.items():
        sub = commands.add_parser(name, help=help_line)
        if command in (None, name):
            _add_arguments(name, sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or arguments == ["--stdio"] or arguments[0] == "serve":
        # The editor's path: start answering as soon as possible, without
        # building the parser (which imports the check and format commands).
        from phh_lsp.lsp.server import serve

        return serve()
    if hasattr(signal, "SIGPIPE"):
        # `phh-lsp check big/ | head` should stop quietly, not with a traceback.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = _parser(arguments[0] if arguments[0] in _COMMANDS else None)
    args = parser.parse_args(arguments)
    if args.command == "check":
        from phh_lsp.commands.check import run_check

        return run_check(args, sys.stdout, sys.stderr, sys.stdin.buffer if sys.stdin is not None else None)
    if args.command == "format" and args.paths == ["-"]:
        from phh_lsp.commands.format import format_stdin

        return format_stdin(
            sys.stdin.buffer.read() if sys.stdin is not None else b"",
            args.stdin_filename or "-",
            check=args.check,
            diff=args.diff,
            line_width=args.line_width,
            stdout=sys.stdout,
            stderr=sys.stderr,
        )
    if args.command == "format":
        from phh_lsp.commands.format import run_format

        return run_format(
            args.paths,
            check=args.check,
            diff=args.diff,
            line_width=args.line_width,
            stdout=sys.stdout,
            stderr=sys.stderr,
        )
    if args.command == "equity":
        from phh_lsp.commands.equity import run_equity

        return run_equity(args.path, args.hand, sys.stdout, sys.stderr)
    if args.command == "show":
        from phh_lsp.commands.show import run_show

        return run_show(args.path, args.hand, args.color, sys.stdout, sys.stderr)
    if args.command == "replay":
        from phh_lsp.commands.replay import run_replay

        return run_replay(args.path, args.hand, args.output, sys.stdout, sys.stderr)
    if args.command == "convert":
        from phh_lsp.commands.convert import run_convert

        return run_convert(args.paths, args.site, args.output, args.output_dir, sys.stdout, sys.stderr)
    if args.command == "schema":
        from phh_lsp.core.rules.json_schema import schema_text

        sys.stdout.write(schema_text())
        return 0
    parser.print_usage(sys.stderr)
    return 2
