"""``phh-lsp export --to pokerstars PATH... [-o FILE]``: PHH hands as a poker site's text.

The other direction of ``phh-lsp convert``, so trackers and replayers that
read PokerStars open PHH datasets. Every hand of every file is accounted
for: written, or named with why the site's text cannot say it, and the
run goes on; where the text says otherwise than the PHH (``winnings``
that do not match the pots PokerKit pays), a note says so. Exit 0 when
every hand was written without a note, 1 when a hand was not or has a
note, 2 when a path cannot be read or no hand at all could be written.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from phh_lsp.cli.command import Command, Streams
from phh_lsp.convert.writers.exporting import HAND_SEPARATOR, WRITERS, export_text
from phh_lsp.core.wording import counted
from phh_lsp.paths import collect, read_text


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help=".phh / .phhs files, or folders of them")
    parser.add_argument("--to", dest="site", required=True, choices=[*WRITERS], help="the site whose text to write")
    parser.add_argument(
        "--output", "-o", default="-", metavar="FILE", help="one file for every hand written (- for stdout)"
    )


def run_export(paths: list[str], site: str, output: str, stdout: TextIO, stderr: TextIO) -> int:
    found = collect(paths)
    status = 2 if found.errors else 0
    for error in found.errors:
        stderr.write(f"{error}\n")
    written: list[str] = []
    total = noted = 0
    for path in found.files:
        try:
            text = read_text(path)
        except OSError as error:
            stderr.write(f"{path}: cannot be read: {error.strerror or error}\n")
            status = 2
            continue
        hands = export_text(text, str(path), site)
        total += len(hands)
        for hand in hands:
            which = f"{path} · hand {hand.number}" if len(hands) > 1 or path.suffix.lower() == ".phhs" else str(path)
            if hand.text is None:
                stderr.write(f"{which}: not exported: {hand.reason}\n")
                continue
            written.append(hand.text)
            noted += bool(hand.notes)
            stderr.writelines(f"{which}: {note}\n" for note in hand.notes)
    if written:
        document = HAND_SEPARATOR.join(written)
        if output == "-":
            stdout.write(document)
        else:
            Path(output).write_text(document, encoding="utf-8")
    stderr.write(
        f"Exported {len(written)} of {counted(total, 'hand')} "
        f"({noted} with notes, {total - len(written)} not exported)\n"
    )
    if not written:
        return 2
    return status or (1 if noted or len(written) < total else 0)


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return run_export(args.paths, args.site, args.output, streams.stdout, streams.stderr)


COMMAND = Command(add_export_arguments, _run)
