"""``textDocument/codeAction``: quick fixes for diagnostics, and "Fix all".

Each fix is computed from the current analysis, for a diagnostic the
client sends back in the request's context (matched by code and range):

* PHH201 unknown variant: use the nearest valid code;
* PHH202 missing field: add it with a default taken from the hand
  (``min_bet`` = the big blind, ``antes`` = one 0 per player...);
* PHH203 forbidden field: delete its line(s);
* PHH205 wrong length: pad with 0 (``""`` in ``players``), or trim;
* PHH208 unknown field: rename it to the field it resembles, or prefix
  it with ``_`` to make it a user-defined field;
* PHH401 out of turn: give the action to the player whose turn it is;
* PHH402 bet out of range: bet the minimum (or the maximum, all-in);
* PHH502 finishing stacks: write the replayed stacks;
* PHH301/303/306/307/312 notation: ``P2`` → ``p2``, ``CC`` → ``cc``,
  ``1,000`` → ``1000``, ``10h`` → ``Th``, ``f#note`` → ``f #note``.

``source.fixAll.phh`` (the editor's "Fix all" and ``codeActionsOnSave``)
applies the *safe* fixes only (see :mod:`phh_lsp.core.fixes.proposers`): never a
guess by spelling, a made-up value, whose turn it is, a bet size, nor the
replayed stacks over the recorded ones; those stay quick fixes for the
user to choose.
"""

from __future__ import annotations

from lsprotocol import types

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.fixes.fix_all import compatible, fix_hand
from phh_lsp.core.fixes.proposers import PROPOSERS, fixes_for
from phh_lsp.core.hand_analysis import HandView
from phh_lsp.core.rules.codes import Diagnostic
from phh_lsp.core.text import Encoding, Span
from phh_lsp.lsp.positions import to_offset, to_range

FIX_ALL_KIND = f"{types.CodeActionKind.SourceFixAll.value}.phh"
#: For ``CodeActionOptions(code_action_kinds=...)``.
CODE_ACTION_KINDS = [types.CodeActionKind.QuickFix, FIX_ALL_KIND]


def _wants(only: list[str] | None, kind: str) -> bool:
    return only is None or any(kind == want or kind.startswith(want + ".") for want in only)


def code_actions(
    analysis: Analysis,
    range: types.Range,
    context_diagnostics: list[types.Diagnostic],
    uri: str,
    encoding: Encoding,
    only: list[str] | None = None,
) -> list[types.CodeAction]:
    """Quick fixes for the context's diagnostics, then "Fix all".

    "Fix all" covers the whole document; in a ``.phhs`` file it is only
    computed when the client asks for it by kind (``only``), so moving
    the cursor in a 1,000-hand file never replays every hand.
    """
    actions: list[types.CodeAction] = []
    if _wants(only, types.CodeActionKind.QuickFix.value):
        for wanted in context_diagnostics:
            found = _match(analysis, wanted, encoding)
            if found is None:
                continue
            view, local = found
            found_fixes = fixes_for(view.hand, local)
            for fix in found_fixes:
                preferred = fix.preferred if fix.preferred is not None else fix.safe or len(found_fixes) == 1
                actions.append(
                    types.CodeAction(
                        title=fix.title,
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[wanted],
                        is_preferred=preferred or None,
                        edit=_workspace_edit(analysis, uri, encoding, _shift(fix.edits, view.start)),
                    )
                )
    if _wants(only, FIX_ALL_KIND) if only is not None else not analysis.multi:
        edits = fix_all_edits(analysis)
        if edits:
            actions.append(
                types.CodeAction(
                    title="Fix all auto-fixable PHH problems",
                    kind=FIX_ALL_KIND,
                    edit=_workspace_edit(analysis, uri, encoding, edits),
                )
            )
    return actions


def _match(analysis: Analysis, wanted: types.Diagnostic, encoding: Encoding) -> tuple[HandView, Diagnostic] | None:
    """The core diagnostic (hand coordinates) the client's diagnostic stands for."""
    code = str(wanted.code) if wanted.code is not None else ""
    if code not in PROPOSERS:
        return None
    view = analysis.hand_at(to_offset(analysis.lines, wanted.range.start, encoding))
    if view is None:
        return None
    same = [
        found
        for found in view.hand.diagnostics
        if found.code == code and to_range(analysis.lines, found.span.shifted(view.start), encoding) == wanted.range
    ]
    same.sort(key=lambda found: found.message != wanted.message)
    return (view, same[0]) if same else None


def _shift(edits: list[tuple[Span, str]], delta: int) -> list[tuple[Span, str]]:
    return [(span.shifted(delta), text) for span, text in edits]


def _workspace_edit(
    analysis: Analysis, uri: str, encoding: Encoding, edits: list[tuple[Span, str]]
) -> types.WorkspaceEdit:
    return types.WorkspaceEdit(
        changes={
            uri: [types.TextEdit(range=to_range(analysis.lines, span, encoding), new_text=text) for span, text in edits]
        }
    )


def fix_all_edits(analysis: Analysis) -> list[tuple[Span, str]]:
    """The edits of every safe fix (document coordinates): one round of
    ``check --fix`` (:func:`fix_hand` per hand, :func:`compatible` across
    hands; what is left waits for the next "Fix all"), sorted by position
    with insertions before a replacement at the same offset, as LSP requires.
    """
    groups = []
    for kept in analysis.hands:
        if (analysis.multi and kept.hand.header is None) or not kept.hand.diagnostics:
            continue
        view = analysis.complete(kept)  # a large document keeps its hands slim
        edits, made = fix_hand(view.hand)
        if edits:
            groups.append((_shift(edits, view.start), made))
    return sorted(compatible(groups)[0], key=lambda edit: (edit[0].start, edit[0].end))
