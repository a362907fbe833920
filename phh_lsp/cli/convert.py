"""``phh-lsp convert PATH...``: poker-site hand histories to PHH.

Every hand is accounted for: written (and checked by the product's own
analysis), written with problems (its replay does not match the history,
or the check finds an error), or not converted, with its first line,
the line at fault and why. Folders are walked as ``check`` walks them
(:func:`phh_lsp.paths.collect`), for every file but PHH ones and hidden
ones; a file found there that holds no hand of a supported site is named
("passed over") and counted, never skipped without a word. Each hand is
written as soon as it is converted, so a run stopped midway keeps the
hands it did, and a file of 50,000 hands is held one hand at a time.
Exit 0 when every hand of every file was converted without a problem, 1
otherwise (a hand failed or has problems, a file was passed over), 2
when a path cannot be read, a file named on the command line holds no
hand history of a supported site, or no hand was found at all.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from phh_lsp.cli.command import Command, Streams
from phh_lsp.convert.conversion import Failed, as_phh, convert_each, decode_history, phhs_part, site_of
from phh_lsp.convert.registry import SITES
from phh_lsp.convert.summary import conversion_summary
from phh_lsp.convert.to_phh import Converted
from phh_lsp.core.wording import counted
from phh_lsp.paths import collect, is_hand_file


def add_convert_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths", nargs="+", metavar="PATH", help="hand history files written by a poker site, or folders of them"
    )
    parser.add_argument(
        "--from", dest="site", choices=[*SITES], help="the site that wrote the files (default: detected)"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--output", "-o", default="-", metavar="FILE", help="one .phhs file for every hand (- for stdout)"
    )
    where.add_argument("--output-dir", metavar="DIR", help="one .phh file per hand in DIR")


def is_history_file(name: str) -> bool:
    """A file of a folder that may be a site's history: any but a hidden
    one and the PHH a conversion writes (.phh, .phhs)."""
    return not name.startswith(".") and not is_hand_file(name)


@dataclass
class _Writer:
    """Where the converted hands go, each as soon as it is converted: one
    ``.phhs`` (opened at the first hand, so a run that converts nothing
    leaves no file) or one ``.phh`` per hand."""

    output: str
    output_dir: str | None
    stdout: TextIO
    number: int = 0
    taken: set[str] = field(default_factory=set)  # the files written by this run, in --output-dir
    phhs: TextIO | None = None

    def write(self, hand: Converted, source: str) -> None:
        self.number += 1
        if self.output_dir is not None:
            self._write_phh(hand, source, Path(self.output_dir))
            return
        if self.phhs is None:
            self.phhs = self.stdout if self.output == "-" else open(self.output, "w", encoding="utf-8")  # noqa: SIM115
        self.phhs.write(("\n" if self.number > 1 else "") + phhs_part(self.number, hand, source))
        self.phhs.flush()

    def close(self) -> None:
        if self.phhs is not None and self.phhs is not self.stdout:
            self.phhs.close()

    def _write_phh(self, hand: Converted, source: str, directory: Path) -> None:
        """One ``.phh`` per hand, named after the site and hand id; a second hand
        with the same id in this run gets ``-2``, ``-3``..., never overwriting."""
        directory.mkdir(parents=True, exist_ok=True)
        stem = re.sub(r"[^\w.-]+", "-", f"{hand.hand.site}-{hand.hand.hand_id}").lower()
        name, copy = stem, 1
        while name in self.taken:
            copy += 1
            name = f"{stem}-{copy}"
        self.taken.add(name)
        (directory / f"{name}.phh").write_text(as_phh(hand, source), encoding="utf-8")


def run_convert(
    paths: list[str], site: str | None, output: str, output_dir: str | None, stdout: TextIO, stderr: TextIO
) -> int:
    status, counts = 0, {"converted": 0, "problems": 0, "failed": 0}
    passed_over = 0  # files of a folder that hold no hand of a supported site
    found = collect(paths, is_history_file)
    for error in found.errors:
        stderr.write(f"{error}\n")
        status = 2
    named = set(paths)
    writer = _Writer(output, output_dir, stdout)
    try:
        for path in found.files:
            try:
                text = decode_history(path.read_bytes())
            except OSError as error:
                stderr.write(f"{path}: cannot be read: {error.strerror or error}\n")
                status = 2
                continue
            file_site = site_of(text, site)
            if file_site is None:
                if str(path) in named:  # a named file must be a history; a folder's file is named and counted
                    stderr.write(f"{path}: no hand history of a supported site ({', '.join(SITES)}) was found\n")
                    status = 2
                else:
                    stderr.write(f"{path}: passed over: no hand history of a supported site was found in it\n")
                    passed_over += 1
                continue
            hands = 0
            for hand in convert_each(text, file_site):
                hands += 1
                counts[_report(hand, path, stderr)] += 1
                if isinstance(hand, Converted):
                    writer.write(hand, path.name)
            if not hands and str(path) in named:
                stderr.write(f"{path}: no {file_site.name} hand was found\n")
                status = 2
            elif not hands:
                stderr.write(f"{path}: passed over: no {file_site.name} hand was found in it\n")
                passed_over += 1
    finally:
        writer.close()
    total = sum(counts.values())
    if not total and status == 0:
        stderr.write(f"no hand history of a supported site was found in {', '.join(paths)}\n")
    summary = conversion_summary(counts["converted"] + counts["problems"], counts["problems"], counts["failed"])
    over = f", {counted(passed_over, 'file')} passed over" if passed_over else ""
    stderr.write(f"{summary.capitalize()}{over}\n")
    if not total:
        return 2
    if status == 0 and (counts["problems"] or counts["failed"] or passed_over):
        status = 1
    return status


def _report(hand: Converted | Failed, path: Path, stderr: TextIO) -> str:
    """What is wrong with the hand, on stderr; which count it goes to."""
    if isinstance(hand, Converted):
        for problem in hand.problems:
            stderr.write(f"{path}:{hand.hand.first_line}: hand #{hand.hand.hand_id}: {problem}\n")
        return "problems" if hand.problems else "converted"
    which = f"hand #{hand.hand_id}" if hand.hand_id else "a hand"
    stderr.write(f"{path}:{hand.line}: {which} (from line {hand.first_line}) not converted: {hand.reason}\n")
    return "failed"


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return run_convert(args.paths, args.site, args.output, args.output_dir, streams.stdout, streams.stderr)


COMMAND = Command(add_convert_arguments, _run)
