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
    information: see :func:`_raked`). Winnings must be what each player
    collects in the replay (see :func:`_winnings_differ`).
    """
    found: list[Diagnostic] = []
    if result.stopped_at is not None:
        return found
    stacks = _declared(report, "finishing_stacks", result.final_stacks)
    if stacks is not None and result.final_stacks is not None:
        node, declared = stacks
        found.extend(_stacks_differ(node, declared, result.final_stacks, result.collected))
    winnings = _declared(report, "winnings", result.collected)
    if winnings is not None and result.collected is not None and result.pulled is not None:
        node, declared = winnings
        found.extend(_winnings_differ(node, declared, result.collected, result.pulled))
    return found


def _winnings_differ(
    node: Value, declared: list[Decimal], collected: tuple[Amount, ...], pulled: tuple[Amount, ...]
) -> list[Diagnostic]:
    """PHH503 on each element of ``winnings`` the replay contradicts.

    A player's winnings are the pots they collect (PokerKit's chips
    pushing), or up to what they take back from the table when the sites
    count their own bet nobody called the rest of (PokerKit hands such a
    bet back whole); a player who collects no pot wins 0. The spec makes
    winnings post-rake, so winners a little below the replay (the rake,
    at most :data:`RAKE_SHARE` of what was on the table) are what the
    field means, not a mistake. All zeros is a record left empty (the
    HandHQ sites write it for uncontested pots), not a claim.
    """
    if not any(declared):
        return []
    got = [Decimal(value) for value in collected]
    back = [Decimal(value) if got[i] > 0 else got[i] for i, value in enumerate(pulled)]
    table = sum((value for value in back if value.is_finite()), Decimal(0))
    below = [i for i, value in enumerate(declared) if 0 < value < got[i]]
    rake = sum((got[i] - declared[i] for i in below), Decimal(0))
    raked = bool(below) and rake <= table * RAKE_SHARE
    found: list[Diagnostic] = []
    for index, value in enumerate(declared):
        if got[index] <= value <= back[index] or (raked and index in below):
            continue
        name = f"p{index + 1}"
        if not got[index] > 0:
            replayed = "nothing"
        elif back[index] > got[index] and value > got[index]:
            replayed = f"{fmt_amount(got[index])} ({fmt_amount(back[index])} with their own uncalled bet back)"
        elif 0 < value < got[index]:
            replayed = f"{fmt_amount(got[index])} (a rake takes at most {RAKE_SHARE * 100:.0f} % of the pot)"
        else:
            replayed = fmt_amount(got[index])
        message = f"`winnings` gives {name} {fmt_amount(value)}, but in the replay {name} collects {replayed}"
        span = node.items[index].span if index < len(node.items) else node.span
        found.append(diagnostic("PHH503", message, span))
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
    wrong = [i for i, (a, b) in enumerate(zip(declared, replayed, strict=True)) if a != b and _known(b)]
    if not wrong:
        return []
    ends = ", ".join(fmt_amount(value) if _known(value) else "unknown" for value in replayed)
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


def _known(stack: Amount) -> bool:
    """Whether the replay knows a stack: one that started as ``inf`` (unknown)
    ends unknown, and no recorded finishing stack can be held to it."""
    return Decimal(stack).is_finite()


def _declared(
    report: FieldReport, name: str, computed: tuple[object, ...] | None
) -> tuple[Value, list[Decimal]] | None:
    entry = report.fields.get(name)
    if entry is None or entry.value is None or computed is None or not report.typed_ok.get(name):
        return None
    values = [Decimal(value) for value in entry.value.plain()]
    return (entry.value, values) if len(values) == len(computed) else None
