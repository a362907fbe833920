"""Consistency with the replayed result (codes 5xx): finishing stacks, winnings.

A hand may declare how it ended (``finishing_stacks``, spec §VI.E.2;
``winnings``, spec 0.0.1). Once the replay reaches the end of the
actions, what it computed is compared with what the file says.
"""

from __future__ import annotations

from decimal import Decimal

from phh_lsp.core.checks_fields import FieldReport
from phh_lsp.core.codes import Diagnostic, diagnostic
from phh_lsp.core.replay import Replay
from phh_lsp.core.state_view import fmt_amount
from phh_lsp.core.toml_scan import Node


def check_result(report: FieldReport, result: Replay) -> list[Diagnostic]:
    """PHH502/PHH503: declared finishing stacks and winnings vs the replay.

    Finishing stacks must equal the replay's. Winnings are collected pots
    after a rake the file does not record, and real data leaves
    uncontested pots at 0, so the only sound check is that nobody is
    credited with winnings who won no pot in the replay.
    """
    found: list[Diagnostic] = []
    if result.stopped_at is not None:
        return found
    stacks = _declared(report, "finishing_stacks", result.final_stacks)
    if stacks is not None and result.final_stacks is not None:
        node, declared = stacks
        wrong = [i for i, (a, b) in enumerate(zip(declared, result.final_stacks, strict=True)) if a != b]
        if wrong:
            details = ", ".join(
                f"p{i + 1} {fmt_amount(declared[i])} (replay: {fmt_amount(result.final_stacks[i])})" for i in wrong
            )
            replayed = ", ".join(fmt_amount(value) for value in result.final_stacks)
            found.append(
                diagnostic(
                    "PHH502",
                    f"`finishing_stacks` disagrees with the replay for {details}; the replay ends with [{replayed}]",
                    node.span,
                )
            )
    winnings = _declared(report, "winnings", result.collected)
    if winnings is not None and result.collected is not None:
        node, declared = winnings
        payoffs = [
            _payoff(start, final)
            for final, start in zip(
                result.final_stacks or (), report.setup.fields["starting_stacks"] if report.setup else (), strict=False
            )
        ]
        wrong = [
            i
            for i, value in enumerate(declared)
            if value > 0 and not result.collected[i] > 0 and not (i < len(payoffs) and payoffs[i] > 0)
        ]
        if wrong:
            names = ", ".join(f"p{i + 1} ({fmt_amount(declared[i])})" for i in wrong)
            found.append(
                diagnostic(
                    "PHH503",
                    f"`winnings` credits {names} but in the replay "
                    f"{'they win' if len(wrong) > 1 else 'this player wins'} no pot",
                    node.span,
                )
            )
    return found


def _payoff(start: Decimal | int, final: Decimal | int) -> Decimal:
    """What a player won (negative: lost); 0 when the stack is unknown.

    Real data writes an unknown stack as ``inf`` (iPoker's files do for
    every player): ``inf - inf`` is no number, and such a player's payoff
    says nothing, so only the pots they collected count for them.
    """
    start, final = Decimal(start), Decimal(final)
    return final - start if start.is_finite() and final.is_finite() else Decimal(0)


def _declared(report: FieldReport, name: str, computed: tuple[object, ...] | None) -> tuple[Node, list[Decimal]] | None:
    entry = report.fields.get(name)
    if entry is None or entry.value is None or computed is None or not report.typed_ok.get(name):
        return None
    values = [Decimal(value) for value in entry.value.plain()]
    return (entry.value, values) if len(values) == len(computed) else None
