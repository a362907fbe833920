"""``phh-lsp equity PATH [--hand N]``: who was ahead at each point of a hand.

The hover's "Who is ahead" lines, for every spot where the known cards
change (each deal, each show) and where the chips go all in, street by
street; computed on the spot rather than in the background, since a
command line can wait. Exit 1 when a hand could not be replayed to the
end (its diagnostics say why: ``phh-lsp check``), 2 for a path that
cannot be read.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from phh_lsp.cli.command import Command, Streams
from phh_lsp.cli.hand_choice import add_hand_arguments, chosen_hands
from phh_lsp.core.engine.state_view import Snapshot
from phh_lsp.core.strength.spot_strength import all_in
from phh_lsp.core.strength.strength_text import strength_lines


def add_equity_arguments(parser: argparse.ArgumentParser) -> None:
    add_hand_arguments(parser)


def run_equity(path: str, hand_number: int | None, stdout: TextIO, stderr: TextIO) -> int:
    hands = chosen_hands(path, hand_number, stderr)
    if hands is None:
        return 2
    status = 0
    for title, hand in hands:
        stdout.write(f"{title}\n")
        variant, replay = hand.report.variant, hand.replay
        if variant is None or replay is None or replay.stopped_at is not None:
            stdout.write("  not replayed to the end: `phh-lsp check` says why\n\n")
            status = 1
            continue
        texts = {action.index: action.text for action in hand.actions}
        shown: tuple[object, ...] | None = None
        for index in sorted(replay.snapshots):
            state: Snapshot = replay.snapshots[index]
            cards = (state.board, state.hole_cards, state.folded, all_in(state))
            if cards == shown:
                continue
            shown = cards
            lines = strength_lines(variant, state, wait=True)
            if any(not line.startswith("no equity until") for line in lines):
                board = f" · board {' '.join(state.board)}" if state.board else ""
                stdout.write(f"  {state.street}{board} · after {texts.get(index, '')!r}\n")
                stdout.writelines(f"    {line}\n" for line in lines)
        stdout.write("\n")
    return status


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return run_equity(args.path, args.hand, streams.stdout, streams.stderr)


COMMAND = Command(add_equity_arguments, _run)
