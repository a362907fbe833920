"""The hands a per-hand command (``show``, ``equity``) looks at: ``PATH [--hand N]``.

One reading for both, so ``--hand N`` means the same hand everywhere: the
N-th hand of the file, counting its hands only. The text before the first
``[1]`` of a ``.phhs`` (a comment heading the file, as ``phh-lsp convert``
writes one) is no hand: it is neither shown, nor counted, nor hand 1.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from phh_lsp.core.analysis import analyze
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.paths import read_text


def add_hand_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="a .phh or .phhs file")
    parser.add_argument("--hand", type=int, metavar="N", help="only the N-th hand of a .phhs file (from 1)")


def chosen_hands(path: str, hand_number: int | None, stderr: TextIO) -> Iterator[tuple[str, HandAnalysis]] | None:
    """Each chosen hand with its title (``PATH · hand N``), analysed with its
    states; None, said on ``stderr``, when the path cannot be read or has no
    hand ``N`` (the commands exit 2 then)."""
    try:
        text = read_text(Path(path))
    except OSError as error:
        stderr.write(f"{path}: cannot be read: {error.strerror or error}\n")
        return None
    analysis = analyze(text, path)
    first = 1 if analysis.has_prelude else 0
    count = len(analysis.pieces) - first
    if hand_number is not None and not 1 <= hand_number <= count:
        stderr.write(f"{path}: there is no hand {hand_number} (the file has {count})\n")
        return None
    numbers = [hand_number] if hand_number is not None else range(1, count + 1)
    return (
        (path + (f" · hand {number}" if analysis.multi else ""), analysis.view(first + number - 1).hand)
        for number in numbers
    )
