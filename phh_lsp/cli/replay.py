"""``phh-lsp replay PATH [--hand N] --output FILE.html``: a hand to share.

Writes one self-contained HTML file (see :mod:`phh_lsp.replayer.page`)
that steps through the hand as the editor's replayer does: the same state
feed, the same renderer. Every hand of a ``.phhs`` without ``--hand`` (a
picker chooses among them), up to :data:`MAX_HANDS`: a file of a thousand
hands is named hand by hand. Exit 1 when a hand was not replayed to the
end (the page shows where it stopped), 2 for a path that cannot be read,
a hand that does not exist, or too many hands.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from phh_lsp.cli.command import Command, Streams
from phh_lsp.cli.hand_choice import add_hand_arguments, chosen_hands
from phh_lsp.core.telling.hand_states import hand_states

#: The most hands one page holds (each is some 50 KB of states).
MAX_HANDS = 100


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    add_hand_arguments(parser)
    parser.add_argument(
        "-o", "--output", metavar="FILE.html", required=True, help="the HTML file to write (- for stdout)"
    )


def run_replay(path: str, hand_number: int | None, output: str, stdout: TextIO, stderr: TextIO) -> int:
    from phh_lsp.replayer.page import replay_page

    hands = chosen_hands(path, hand_number, stderr)
    if hands is None:
        return 2
    feeds: list[dict[str, Any]] = []
    for title, hand in hands:
        if len(feeds) == MAX_HANDS:
            stderr.write(f"{path}: more than {MAX_HANDS} hands: choose one with --hand N\n")
            return 2
        # the file (and hand number) names it; the all-in equities are waited for
        feeds.append(hand_states(hand, untitled=Path(title).name, wait=True))
    page = replay_page(feeds, Path(path).name)
    if output == "-":
        stdout.write(page)
    else:
        try:
            Path(output).write_text(page, encoding="utf-8")
        except OSError as error:
            stderr.write(f"{output}: cannot be written: {error.strerror or error}\n")
            return 2
        stderr.write(f"{output}: {len(feeds)} hand{'s' * (len(feeds) != 1)}\n")
    broken = [feed for feed in feeds if feed["error"] is not None]
    return 1 if broken else 0


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return run_replay(args.path, args.hand, args.output, streams.stdout, streams.stderr)


COMMAND = Command(add_replay_arguments, _run)
