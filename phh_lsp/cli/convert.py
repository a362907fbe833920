"""``phh-lsp convert PATH...``: poker-site hand histories to PHH.

Every hand is accounted for: written (and checked by the product's own
analysis), written with problems (its replay does not match the history,
or the check finds an error), or not converted, with its first line,
the line at fault and why. Exit 0 when every hand of every file was
converted without a problem, 1 otherwise, 2 when a path cannot be read,
its site is not recognised, or nothing was found to convert.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TextIO

from phh_lsp.cli.command import Command, Streams
from phh_lsp.convert.conversion import as_phh, as_phhs, convert_text, decode_history
from phh_lsp.convert.registry import SITES
from phh_lsp.convert.to_phh import Converted


def add_convert_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="hand history files written by a poker site")
    parser.add_argument(
        "--from", dest="site", choices=[*SITES], help="the site that wrote the files (default: detected)"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--output", "-o", default="-", metavar="FILE", help="one .phhs file for every hand (- for stdout)"
    )
    where.add_argument("--output-dir", metavar="DIR", help="one .phh file per hand in DIR")


def run_convert(
    paths: list[str], site: str | None, output: str, output_dir: str | None, stdout: TextIO, stderr: TextIO
) -> int:
    status, counts = 0, {"converted": 0, "problems": 0, "failed": 0}
    written: list[tuple[Converted, str]] = []
    taken: set[str] = set()  # the files written by this run, in --output-dir
    for path in paths:
        try:
            text = decode_history(Path(path).read_bytes())
        except OSError as error:
            stderr.write(f"{path}: cannot be read: {error.strerror or error}\n")
            status = 2
            continue
        conversion = convert_text(text, site)
        if conversion.site is None:
            stderr.write(f"{path}: no hand history of a supported site ({', '.join(SITES)}) was found\n")
            status = 2
            continue
        if not conversion.hands:
            stderr.write(f"{path}: no {conversion.site.name} hand was found\n")
            status = 2
            continue
        for hand in conversion.hands:
            if isinstance(hand, Converted):
                kind = "problems" if hand.problems else "converted"
                for problem in hand.problems:
                    stderr.write(f"{path}:{hand.hand.first_line}: hand #{hand.hand.hand_id}: {problem}\n")
            else:
                kind = "failed"
                which = f"hand #{hand.hand_id}" if hand.hand_id else "a hand"
                stderr.write(
                    f"{path}:{hand.line}: {which} (from line {hand.first_line}) not converted: {hand.reason}\n"
                )
            counts[kind] += 1
        name = Path(path).name
        if output_dir is not None:
            _write_each(conversion.converted, name, Path(output_dir), taken)
        else:
            written.extend((hand, name) for hand in conversion.converted)
    if output_dir is None and written:
        document = as_phhs(written)
        if output == "-":
            stdout.write(document)
        else:
            Path(output).write_text(document, encoding="utf-8")
    total = sum(counts.values())
    stderr.write(
        f"Converted {counts['converted'] + counts['problems']} of {total} hands "
        f"({counts['problems']} with problems, {counts['failed']} failed)\n"
    )
    if status == 0 and (counts["problems"] or counts["failed"]):
        status = 1
    return status


def _write_each(hands: list[Converted], source: str, directory: Path, taken: set[str]) -> None:
    """One ``.phh`` per hand, named after the site and hand id; a second hand
    with the same id in this run gets ``-2``, ``-3``..., never overwriting."""
    directory.mkdir(parents=True, exist_ok=True)
    for hand in hands:
        stem = re.sub(r"[^\w.-]+", "-", f"{hand.hand.site}-{hand.hand.hand_id}").lower()
        name, copy = stem, 1
        while name in taken:
            copy += 1
            name = f"{stem}-{copy}"
        taken.add(name)
        (directory / f"{name}.phh").write_text(as_phh(hand, source), encoding="utf-8")


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return run_convert(args.paths, args.site, args.output, args.output_dir, streams.stdout, streams.stderr)


COMMAND = Command(add_convert_arguments, _run)
