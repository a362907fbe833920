"""``phh-lsp show PATH [--hand N]``: a hand street by street, in the terminal.

For each street: the pot and the board, the actions in words (the hover's
words), and the table of stacks, bets and cards at its end; then the
result (the code lens's line). The same narration and table as the
editor's hover, so the terminal and the editor never tell a hand two ways.
Colour (bold streets and players, red hearts and diamonds) on a terminal
only, and never with ``NO_COLOR`` set or when piped. Exit 1 when a hand
was not replayed to the end (``phh-lsp check`` says why), 2 for a path
that cannot be read or a hand that does not exist.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable
from typing import TextIO

from phh_lsp.cli.command import Command, Streams
from phh_lsp.cli.hand_choice import add_hand_arguments, chosen_hands
from phh_lsp.core.engine.state_view import Snapshot, fmt_amount
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.rules.schema import VARIANT_NAMES
from phh_lsp.core.telling.narration import action_in_words, result_summary, state_rows, state_summary, why_stopped

_RED_CARD = re.compile(r"\b([2-9TJQKA][hd])\b")
#: The actions that put chips in: their line ends with the pot.
_CHIPS = frozenset({"check_or_call", "complete_bet_or_raise", "bring_in"})


def add_show_arguments(parser: argparse.ArgumentParser) -> None:
    add_hand_arguments(parser)
    parser.add_argument(
        "--color", choices=["auto", "always", "never"], default="auto", help="colour (auto: on a terminal only)"
    )


def run_show(path: str, hand_number: int | None, color: str, stdout: TextIO, stderr: TextIO) -> int:
    hands = chosen_hands(path, hand_number, stderr)
    if hands is None:
        return 2
    colored = color == "always" or (color == "auto" and stdout.isatty() and not os.environ.get("NO_COLOR"))
    status = 0
    for title, hand in hands:
        variant = VARIANT_NAMES.get(hand.report.variant or "", hand.report.variant or "unknown variant")
        stdout.write(f"{_bold(title, colored)} · {variant}\n")
        if not _show(hand, stdout, colored):
            status = 1
        stdout.write("\n")
    return status


def _show(hand: HandAnalysis, out: TextIO, colored: bool) -> bool:
    """Print the hand; False when it was not replayed to the end."""
    replay = hand.replay
    if replay is None or replay.initial is None:
        out.write("  not replayed: the hand's fields have errors (`phh-lsp check` says why)\n")
        return False
    strong: Callable[[str], str] = (lambda text: _bold(text, True)) if colored else (lambda text: text)
    street: str | None = None
    last: Snapshot = replay.initial
    for action in hand.actions:
        after = replay.snapshots.get(action.index)
        if after is None:
            out.write(f"  {action_in_words(hand, action, strong)}\n")
            out.write(f"  replay stopped here: {why_stopped(hand, action.index) or 'see `phh-lsp check`'}\n")
            _table(hand, last, out, colored)
            return False
        if after.street != street:
            if street is not None:
                _table(hand, last, out, colored)
            street = after.street
            if after.in_progress:
                header = state_summary(hand, after, strong)
            else:  # the chips are pushed already: a pot of 0 would mislead
                header = f"{strong(after.street)} · board {' '.join(after.board)} · the hand is over"
            out.write(f"\n{_cards(header, colored)}\n")
        pot = f" · pot {fmt_amount(after.pot)}" if after.in_progress and action.kind in _CHIPS else ""
        out.write(f"  {_cards(action_in_words(hand, action, strong), colored)}{pot}\n")
        last = after
    _table(hand, last, out, colored)
    result = result_summary(hand)
    if result is not None:
        out.write(f"\n{strong('Result')}: {result}\n")
    return replay.stopped_at is None


def _table(hand: HandAnalysis, state: Snapshot, out: TextIO, colored: bool) -> None:
    out.writelines(f"    {_cards(row, colored)}\n" for row in state_rows(hand, state))


def _bold(text: str, colored: bool) -> str:
    return f"\033[1m{text}\033[0m" if colored else text


def _cards(text: str, colored: bool) -> str:
    return _RED_CARD.sub("\033[31m\\1\033[0m", text) if colored else text


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return run_show(args.path, args.hand, args.color, streams.stdout, streams.stderr)


COMMAND = Command(add_show_arguments, _run)
