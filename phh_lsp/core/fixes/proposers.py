"""The quick fixes themselves: for a diagnostic, the ways to repair it.

One proposer per code (see :data:`PROPOSERS`), grouped by what they change
(:mod:`field_fixes`, :mod:`action_fixes`, :mod:`syntax_fixes`, :mod:`slip_fixes`). Each reads
the facts the check attached to the diagnostic
(:mod:`phh_lsp.core.rules.fix_data`), never its message, which is free to
change wording, and the hand's analysis; it states its fix as changes to
the hand's fields (a :class:`~phh_lsp.core.fixes.proposal.Proposal`), which
tomlkit writes (:mod:`phh_lsp.core.fixes.toml_write`) when the fix is
offered (:func:`fixes_for`) or applied
(:func:`~phh_lsp.core.fixes.fix_all.write_together`, one round trip for
all of a hand's fixes), so comments, quote styles and line endings survive
every fix the same way. A hand tomlkit cannot read gets no fix. The
editor's code actions match the client's diagnostics to ours and turn
fixes into LSP code actions; ``phh-lsp check --fix`` applies them to files
(:mod:`phh_lsp.core.fixes.rounds`).

Each fix is decided *safe* or *unsafe* where it is made, as ruff does: safe
when it has one right answer that keeps what the hand records (``10h`` →
``Th``, ``1,000`` → ``1000``, a game's name written as its code, removing a
field the variant forbids, a missing field whose value follows from the
rest of the hand, a field written ``startingstacks`` renamed, an amount
written ``"$200"`` written ``200``); unsafe when it is a guess or overwrites what the file
records (a variant or field name matched by spelling, the replayed
finishing stacks, whose turn it is, a bet size, a value made up for a
missing field). "Fix all" and ``check --fix`` apply the safe ones only;
``--unsafe-fixes`` the others too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from phh_lsp.core.fixes import action_fixes, field_fixes, slip_fixes, syntax_fixes
from phh_lsp.core.fixes.proposal import Fix, Offered, Proposal, hand_edits
from phh_lsp.core.hand_analysis import HandAnalysis
from phh_lsp.core.rules.codes import Diagnostic


def proposals(hand: HandAnalysis, found: Diagnostic) -> list[Proposal]:
    """The ways to fix ``found`` (a diagnostic of ``hand``), not yet written."""
    proposer = PROPOSERS.get(found.code)
    return proposer(hand, found) if proposer is not None else []


def fixes_for(hand: HandAnalysis, found: Diagnostic) -> list[Fix]:
    """The fixes of ``found`` that tomlkit can write, each with its edits."""
    written = []
    for proposal in proposals(hand, found):
        edits = hand_edits(hand, proposal.changes)
        if edits:
            written.append(Fix(proposal.title, edits, proposal.applicability, proposal.preferred))
    return written


def choose(offered: Sequence[Offered], unsafe: bool) -> Offered | None:
    """The proposal a diagnostic's fix is, when fixing without asking: its
    first safe one; with ``unsafe``, the editor's preferred one, else the first."""
    safe = next((proposal for proposal in offered if proposal.safe), None)
    if safe is not None or not unsafe:
        return safe
    return next((proposal for proposal in offered if proposal.preferred), offered[0] if offered else None)


PROPOSERS: dict[str, Callable[[HandAnalysis, Diagnostic], list[Proposal]]] = {
    "PHH101": syntax_fixes.fix_syntax,
    "PHH201": field_fixes.fix_variant,
    "PHH202": field_fixes.fix_missing,
    "PHH203": field_fixes.fix_forbidden,
    "PHH204": slip_fixes.fix_quoted_amount,
    "PHH205": field_fixes.fix_length,
    "PHH208": field_fixes.fix_unknown_field,
    "PHH213": slip_fixes.fix_misspelt_field,
    "PHH214": slip_fixes.fix_blinds_order,
    "PHH215": slip_fixes.fix_currency,
    "PHH301": action_fixes.fix_notation,
    "PHH303": action_fixes.fix_notation,
    "PHH306": action_fixes.fix_notation,
    "PHH307": action_fixes.fix_notation,
    "PHH312": action_fixes.fix_notation,
    "PHH313": action_fixes.fix_empty,
    "PHH314": action_fixes.fix_spacing,
    "PHH401": action_fixes.fix_turn,
    "PHH402": action_fixes.fix_amount,
    "PHH502": field_fixes.fix_finishing,
}
