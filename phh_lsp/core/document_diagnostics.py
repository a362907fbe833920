"""The diagnostics of a whole document, from those of its hands.

Why apart from the hands: a hand's analysis sees its own text only. What
the document adds is here: each hand's findings shifted to where it
starts, a hand number given twice (PHH102), text before the first hand of
a ``.phhs`` (PHH103), and the TOML verdict on a ``.phhs`` whose hands must
be judged as one document.
"""

from __future__ import annotations

from phh_lsp.core.hand_analysis import HandView
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.syntax import check, parse
from phh_lsp.core.text import Span

#: The codes of TOML-level errors: the text is not a valid TOML document.
_TOML_CODES = frozenset({"PHH101", "PHH102", "PHH209"})


def judged_as_one_document(text: str, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The TOML verdict on a ``.phhs`` whose hands are not independent tables
    (see :func:`~phh_lsp.core.syntax.hands.cut_hands`): its hands judged one by one
    would be wrong both ways (``[[a]]`` split from its ``[a.b]``), so their
    TOML-level errors give way to the whole document's first one."""
    kept = [d for d in diagnostics if d.code not in _TOML_CODES]
    document = parse(text, bom=False)  # a file's mark is off already: another is stray
    errors = check(document)[1]
    if not errors:
        return kept
    first = errors[0]
    found = diagnostic("PHH101", f"TOML syntax error: {first.message}", Span(first.start, first.end))
    return sorted([*kept, found], key=lambda d: d.span.start)


def document_diagnostics(multi: bool, views: list[HandView]) -> tuple[list[Diagnostic], list[int]]:
    """Every hand's diagnostics in document coordinates, and where each
    hand's start in the list (with the list's end last)."""
    diagnostics: list[Diagnostic] = []
    bounds: list[int] = []
    seen: set[str] = set()
    names = {view.hand.header.key for view in views if view.hand.header is not None}
    for view in views:
        hand = view.hand
        bounds.append(len(diagnostics))
        if multi and hand.header is None:
            diagnostics.extend(_prelude(view, names))
            continue
        if hand.header is not None:
            name = hand.header.key
            if name in seen:
                diagnostics.append(
                    diagnostic(
                        "PHH102",
                        f"hand [{name}] is already defined above: give each hand its own number",
                        hand.header.key_span.shifted(view.start),
                    )
                )
            seen.add(name)
        if hand.diagnostics:
            diagnostics.extend(d.shifted(view.start) for d in sorted(hand.diagnostics, key=lambda d: d.span.start))
    bounds.append(len(diagnostics))
    return diagnostics, bounds


def _prelude(view: HandView, hand_names: set[str]) -> list[Diagnostic]:
    """Text before the first hand table of a ``.phhs`` file.

    A key there is legal TOML but belongs to no hand (a warning); a key
    whose name is also a hand's table (``1 = 5`` above ``[1]``) makes the
    file invalid TOML: the name is defined twice.
    """
    own = [d for d in view.hand.diagnostics if d.code in ("PHH101", "PHH209", "PHH901")]
    found = [d.shifted(view.start) for d in own]
    twice = {d.span for d in own if d.code == "PHH209"}
    for entry in view.hand.entries:
        first = entry.key.split(".", 1)[0]
        if entry.key_span in twice:
            continue
        if first in hand_names:
            found.append(
                diagnostic(
                    "PHH102",
                    f"`{first}` is defined here and again as hand [{first}] below: "
                    "remove this line or give the hand another number",
                    entry.key_span.shifted(view.start),
                )
            )
            continue
        found.append(
            diagnostic(
                "PHH103",
                f"`{entry.key}` stands before the first hand table: "
                "in a .phhs file every field belongs to a hand such as [1]",
                entry.key_span.shifted(view.start),
            )
        )
    return found
