"""Consistency with the replayed result (codes 5xx): finishing stacks, winnings.

A hand may declare how it ended (``finishing_stacks``, spec §VI.E.2;
``winnings``, spec 0.0.1). Once the replay reaches the end of the
actions, what it computed is compared with what the file says.
"""

from __future__ import annotations

from decimal import Decimal

from phh_lsp.core.engine.replay import Replay
from phh_lsp.core.engine.state_view import Amount, fmt_amount
from phh_lsp.core.rules.checks_fields import FieldReport
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.syntax.entries import Value


def check_result(report: FieldReport, result: Replay) -> list[Diagnostic]:
    """PHH502/PHH505/PHH503: declared finishing stacks and winnings vs the replay.

    Finishing stacks must equal the replay's, but for a rake (PHH505,
    information: see :func:`_raked`). Winnings are collected pots
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
        found.extend(_stacks_differ(node, declared, result.final_stacks, result.collected))
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


RAKE_SHARE = Decimal("0.10")
"""The largest rake believed, as a share of the pot.

The spec lets finishing stacks differ from a rake-free replay by the rake,
a rake cap, the currency's granularity and odd chips (§VI.E.2). Online
sites take 5 % or less, capped (the ONG hands of the corpus: 0.3 % to
7.1 % of the pot, 0.40 to 3.00 at 2/4, the 7.1 % a 3.00 cap on a 42
pot); 10 % leaves room for a high rake on a small pot and still tells a
rake from a mistake of a big blind or more.
"""


def _stacks_differ(
    node: Value, declared: list[Decimal], replayed: tuple[Amount, ...], collected: tuple[Amount, ...] | None
) -> list[Diagnostic]:
    """PHH502 where the declared finishing stacks differ from the replay,
    PHH505 instead when the difference can only be a rake."""
    wrong = [i for i, (a, b) in enumerate(zip(declared, replayed, strict=True)) if a != b]
    if not wrong:
        return []
    ends = ", ".join(fmt_amount(value) for value in replayed)
    if collected is not None and _raked(declared, replayed, collected, wrong):
        below = ", ".join(f"p{i + 1} ends {fmt_amount(Decimal(replayed[i]) - declared[i])}" for i in wrong)
        pot = sum((Decimal(value) for value in collected), Decimal(0))
        share = sum((Decimal(replayed[i]) - declared[i] for i in wrong), Decimal(0)) / pot * 100
        message = (
            f"{below} below the replay: the rake ({share:.1f} % of the {fmt_amount(pot)} pot)? "
            f"The replay, which takes none, ends with [{ends}]"
        )
        return [diagnostic("PHH505", message, node.span)]
    details = ", ".join(f"p{i + 1} {fmt_amount(declared[i])} (replay: {fmt_amount(replayed[i])})" for i in wrong)
    message = f"`finishing_stacks` disagrees with the replay for {details}; the replay ends with [{ends}]"
    return [diagnostic("PHH502", message, node.span)]


def _raked(
    declared: list[Decimal], replayed: tuple[Amount, ...], collected: tuple[Amount, ...], wrong: list[int]
) -> bool:
    """Whether only players who won a pot end below the replay, by at most
    :data:`RAKE_SHARE` of the pot in all (the house takes rake from the
    pot, so it lowers the winners' stacks and nobody else's)."""
    pot = sum((Decimal(value) for value in collected), Decimal(0))
    if not pot.is_finite() or pot <= 0:
        return False
    if any(not Decimal(collected[i]) > 0 or not declared[i] < Decimal(replayed[i]) for i in wrong):
        return False
    return sum((Decimal(replayed[i]) - declared[i] for i in wrong), Decimal(0)) <= pot * RAKE_SHARE


def _payoff(start: Decimal | int, final: Decimal | int) -> Decimal:
    """What a player won (negative: lost); 0 when the stack is unknown.

    Real data writes an unknown stack as ``inf`` (iPoker's files do for
    every player): ``inf - inf`` is no number, and such a player's payoff
    says nothing, so only the pots they collected count for them.
    """
    start, final = Decimal(start), Decimal(final)
    return final - start if start.is_finite() and final.is_finite() else Decimal(0)


def _declared(
    report: FieldReport, name: str, computed: tuple[object, ...] | None
) -> tuple[Value, list[Decimal]] | None:
    entry = report.fields.get(name)
    if entry is None or entry.value is None or computed is None or not report.typed_ok.get(name):
        return None
    values = [Decimal(value) for value in entry.value.plain()]
    return (entry.value, values) if len(values) == len(computed) else None
