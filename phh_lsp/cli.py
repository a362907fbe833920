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


def _parser() -> argparse.ArgumentParser:
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
    serve = commands.add_parser("serve", help="run the language server over stdio (the default)")
    serve.add_argument("--stdio", action="store_true", help=argparse.SUPPRESS)
    check = commands.add_parser("check", help="report problems in .phh / .phhs files")
    from phh_lsp.commands.check import add_check_arguments

    add_check_arguments(check)
    try:
        from phh_lsp.commands.format import add_format_arguments
    except ImportError:  # pragma: no cover - the formatter is optional at build time
        pass
    else:
        formatting = commands.add_parser("format", help="format .phh / .phhs files to the PHH style guide")
        add_format_arguments(formatting)
    commands.add_parser("schema", help="print the JSON schema of a PHH hand")
    from phh_lsp.commands.equity import add_equity_arguments

    add_equity_arguments(commands.add_parser("equity", help="who was ahead at each point of a hand: equity and EHS"))
    from phh_lsp.commands.show import add_show_arguments

    add_show_arguments(
        commands.add_parser("show", help="a hand street by street: actions in words, pot, stacks, cards")
    )
    from phh_lsp.commands.replay import add_replay_arguments

    add_replay_arguments(
        commands.add_parser("replay", help="a hand as one self-contained HTML replayer, to open or share")
    )
    from phh_lsp.commands.convert import add_convert_arguments

    add_convert_arguments(commands.add_parser("convert", help="convert poker-site hand histories to PHH, hand by hand"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or arguments == ["--stdio"] or arguments[0] == "serve":
        # The editor's path: start answering as soon as possible, without
        # building the parser (which imports the check and format commands).
        from phh_lsp.server import serve

        return serve()
    if hasattr(signal, "SIGPIPE"):
        # `phh-lsp check big/ | head` should stop quietly, not with a traceback.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = _parser()
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
