"""``textDocument/codeLens``: the hand's result above its ``actions`` field.

One line per hand, from the replay: who wins how much
(``p3 (Tom Dwan) wins 556,000``: the net result, final stack minus
starting stack, which is what the other players lost; where the hand
records a rake, what the history says was collected, the rake and the net
win: ``p3 (Ann) collects 1.95 after 0.05 rake, a net win of 1.20``), or what
the hand still waits for (``hand in progress: it is p3's turn``), or
where the replay stopped (``replay stopped at action 8 (p3 cc): ...``).

A lens is informational, but a lens without a command is "unresolved"
and some clients hide it or ask to resolve it, and an empty command id
is rejected by others. Each lens therefore carries :data:`NOOP_COMMAND`,
which the server registers (``workspace/executeCommand``) to do nothing,
so clicking the line is harmless everywhere.
"""

from __future__ import annotations

from lsprotocol import types

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.telling.narration import result_summary
from phh_lsp.core.text import Encoding, Span
from phh_lsp.lsp.positions import to_range

NOOP_COMMAND = "phh.noop"


def code_lenses(analysis: Analysis, encoding: Encoding) -> list[types.CodeLens]:
    """A result lens on the ``actions`` key of every hand that has one.

    The ``actions`` key is found in the hand's fields as the checks read
    them (the diagnostics have read every hand already). In a ``.phhs``
    file the lenses come unresolved (``data`` names the hand) and
    :func:`resolve_code_lens` replays a hand, with the states its title
    reads, when the editor shows its lens: a screenful, not 1,000 hands.
    """
    lenses: list[types.CodeLens] = []
    for index, view in enumerate(analysis.hands):
        hand = view.hand
        if analysis.multi and hand.header is None:
            continue  # the comments before the first hand
        key = next((entry.key_span for entry in hand.entries if entry.key == "actions" and not entry.is_header), None)
        if key is None:
            continue
        span = Span(view.start + key.start, view.start + key.end)
        lens = types.CodeLens(range=to_range(analysis.lines, span, encoding), data={"hand": index})
        if analysis.multi:
            lenses.append(lens)
        elif (resolved := resolve_code_lens(analysis, lens)).command is not None:
            lenses.append(resolved)
    return lenses


def resolve_code_lens(analysis: Analysis, lens: types.CodeLens) -> types.CodeLens:
    """Fill in the lens's title (``codeLens/resolve``); unchanged when the
    hand was not replayed or the lens is not one of ours."""
    data = lens.data if isinstance(lens.data, dict) else {}
    index = data.get("hand")
    if not isinstance(index, int) or not 0 <= index < len(analysis.pieces):
        return lens
    title = result_summary(analysis.view(index).hand)
    if title is not None:
        lens.command = types.Command(title=title, command=NOOP_COMMAND)
    elif analysis.multi:
        lens.command = types.Command(title="not replayed: fix the problems in this hand first", command=NOOP_COMMAND)
    return lens
