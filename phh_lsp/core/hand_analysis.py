"""``analyze_hand(text) -> HandAnalysis``: one hand, every check, once.

The pipeline per hand: the syntax tree and its TOML verdict
(:mod:`phh_lsp.core.syntax`), the fields read off it, field checks (2xx),
action notation (3xx), replay with PokerKit (4xx) and consistency with the
replayed result (5xx). A hand's analysis depends on its text alone and is
cached by it; its spans are relative to its first character
(:class:`HandView` says where the hand starts in its document). The whole
document's view is :mod:`phh_lsp.core.analysis`.
"""

from __future__ import annotations

import bisect
import logging
from dataclasses import dataclass, replace
from functools import lru_cache

from phh_lsp.core.engine.checks_result import check_result
from phh_lsp.core.engine.replay import Replay, replay
from phh_lsp.core.rules.actions import ParsedAction, parse_action
from phh_lsp.core.rules.array_slips import Slips, explain_slips
from phh_lsp.core.rules.checks_actions import check_actions_in_context
from phh_lsp.core.rules.checks_fields import FieldReport, check_fields
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.syntax import TomlError, parse
from phh_lsp.core.syntax import errors as toml_errors
from phh_lsp.core.syntax.entries import Entry, Value, read_entries
from phh_lsp.core.text import LineIndex, Span

log = logging.getLogger(__name__)


@dataclass(slots=True)
class HandAnalysis:
    """One hand, analysed in its own coordinates (offset 0 = its start)."""

    text: str
    entries: list[Entry]
    report: FieldReport
    actions: list[ParsedAction]
    actions_node: Value | None
    replay: Replay | None
    diagnostics: list[Diagnostic]
    header: Entry | None = None

    @property
    def name(self) -> str | None:
        """The hand's table name in a ``.phhs`` file (``"12"``), else None."""
        return self.header.key if self.header is not None else None

    def slim(self) -> HandAnalysis:
        """A copy with only what document-level checks read (diagnostics,
        header, and the entries of a header-less prelude) and the ``actions``
        key the code lenses point at (without its value): cheap to send
        between processes, and what a 50,000-hand document keeps of each hand
        after its whole check (a full analysis is about 55 KB a hand)."""
        if self.header is None:
            entries = self.entries
        else:
            entries = [replace(e, value=None) for e in self.entries if e.key == "actions" and not e.is_header]
        return HandAnalysis(self.text, entries, FieldReport(), [], None, None, self.diagnostics, self.header)

    def action_at(self, offset: int) -> ParsedAction | None:
        """The action whose string contains ``offset`` (hand coordinates).

        Found by bisection (the actions are in the text's order): a hover on
        a 5 MB line of actions looked through half a million."""
        actions = self.actions
        at = bisect.bisect_left(actions, offset, key=_span_end)
        for action in actions[at : at + 2]:  # a string ending at ``offset``, or the next one starting there
            if action.span.start <= offset <= action.span.end:
                return action
        return None


@dataclass(slots=True)
class HandView:
    """A hand and where it starts in the document."""

    start: int
    hand: HandAnalysis

    @property
    def end(self) -> int:
        """The offset just after the hand's text."""
        return self.start + len(self.hand.text)


def _toml_diagnostics(
    errors: list[TomlError], fields: list[Diagnostic], lines: LineIndex | None
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """The syntax tree's errors as PHH101, and the field checks' diagnostics
    kept; one mistake, one diagnostic.

    A field written twice is the field checks' PHH209 (a message about the
    field), kept where the tree found the key defined twice; the tree's own
    error for it is then dropped. A PHH209 the tree does not confirm is
    dropped: the fields are read without TOML's tables, and two ``[[a]]``
    tables each with a ``t`` look like one table with ``t`` twice. Of the
    other errors, the first on each line stands for the rest of the line
    (``min_bet = = 2`` is one mistake).
    """
    redefined = {(error.start, error.end) for error in errors if error.duplicate_key}
    kept = [d for d in fields if d.code != "PHH209" or (d.span.start, d.span.end) in redefined]
    explained = {(d.span.start, d.span.end) for d in kept if d.code == "PHH209"}
    seen: set[int] = set()
    found: list[Diagnostic] = []
    for error in errors:
        if (error.start, error.end) in explained:
            continue
        assert lines is not None
        line = lines.line_of(error.start)
        if line in seen:
            continue
        seen.add(line)
        found.append(diagnostic("PHH101", f"TOML syntax error: {error.message}", Span(error.start, error.end)))
    return found, kept


def _span_end(action: ParsedAction) -> int:
    return action.span.end


def _hand_entries(entries: list[Entry], multi: bool) -> tuple[Entry | None, list[Entry]]:
    if multi and entries and entries[0].is_header:
        header = entries[0]
        return header, [entry for entry in entries[1:] if entry.table == header.key and not entry.is_header]
    return None, entries


@lru_cache(maxsize=8192)
def analyze_hand(text: str, multi: bool, detail: bool = True) -> HandAnalysis:
    """Analyse one hand's text; cached by the text, never raises.

    ``detail`` records the replay's snapshots (the editor's hover and
    hints need them; the checker does not).
    """
    try:
        return _analyze_hand(text, multi, detail)
    except RecursionError:
        return _broken_hand(text, multi, "PHH101", "the document is nested too deeply to analyse")
    except Exception as error:  # a bug of ours must not take every feature down
        log.exception("analysing a hand failed")
        return _broken_hand(
            text,
            multi,
            "PHH901",
            f"phh-lsp failed on this hand (a bug, please report it): {type(error).__name__}: {error}",
        )


def with_snapshots(hand: HandAnalysis) -> HandAnalysis:
    """``hand``, analysed without snapshots (as the diagnostics analyse it),
    with its replay done again keeping them: hover and hints then pay for
    the replay alone, not for reading the hand again (a 5 MB line of
    actions is seconds of reading). The same as :func:`analyze_hand` with
    ``detail``: the reading depends on the text alone, and the replay on
    what was read (held to it by tests)."""
    setup = hand.report.setup
    if setup is None or hand.replay is None or hand.replay.initial is not None:
        return hand  # no replay to record, or recorded already
    recorded, _ = replay(setup, hand.actions, record=True)
    return HandAnalysis(
        hand.text, hand.entries, hand.report, hand.actions, hand.actions_node, recorded, hand.diagnostics, hand.header
    )


def _broken_hand(text: str, multi: bool, code: str, why: str) -> HandAnalysis:
    """A hand whose analysis failed: one error, on its header when it has one.

    The header is kept so that the hand is still a hand: counted by
    ``check``, reported where it starts, never mistaken for the text
    before the first hand of a ``.phhs`` (whose other problems are not shown).
    """
    header = _header_of(text) if multi else None
    span = header.key_span if header is not None else Span(0, min(len(text), 1))
    return HandAnalysis(text, [], FieldReport(), [], None, None, [diagnostic(code, why, span)], header)


def _header_of(text: str) -> Entry | None:
    """The hand's table header, read on its own (the full reading may be what failed)."""
    try:
        first = read_entries(parse(text[: text.find("\n") + 1 or len(text)], bom=False))
    except Exception:  # the reader is what failed: the hand is still counted by its text
        log.exception("reading a hand's header failed")
        return None
    return first[0] if first and first[0].is_header else None


def _analyze_hand(text: str, multi: bool, detail: bool) -> HandAnalysis:
    document = parse(text, bom=False)  # a file's mark is off already: another is stray
    errors = toml_errors(document)  # the verdict only: the fields are read off the tree
    header, entries = _hand_entries(read_entries(document), multi)
    lines = LineIndex(text) if errors else None  # only messages about errors need lines
    slips = explain_slips(text, lines, entries, errors) if lines is not None else Slips()
    if slips.explained:
        errors = [error for error in errors if error not in slips.explained]
    anchor = header.key_span if header is not None else (entries[0].key_span if entries else Span(0, 0))
    report = check_fields(entries, anchor, header.key if header is not None else None)
    diagnostics, fields = _toml_diagnostics(errors, report.diagnostics, lines)
    diagnostics.extend(slips.diagnostics)
    diagnostics.extend(fields)
    actions_entry = report.fields.get("actions")
    actions_node = actions_entry.value if actions_entry is not None else None
    actions: list[ParsedAction] = []
    if actions_node is not None and actions_node.kind == "array":
        actions = [parse_action(index, item) for index, item in enumerate(actions_node.items)]
        check_actions_in_context(actions, report.variant, report.player_count)
        for action in actions:
            if action.problems:
                diagnostics.extend(diagnostic(p.code, p.message, p.span) for p in action.problems)
    syntax = [d.span for d in diagnostics if d.code == "PHH101"]
    if syntax:
        # One error for one mistake: what the scanner read around a syntax
        # error (the `=` of `min_bet = = 2`) is not reported again.
        diagnostics = [d for d in diagnostics if d.code == "PHH101" or not any(_overlap(d.span, s) for s in syntax)]
    diagnostics.extend(slips.closing)  # on an element read right: nothing of it is hidden
    result: Replay | None = None
    if report.setup is not None:
        result, _ = replay(report.setup, actions, record=detail)
        verdicts = [diagnostic(d.code, d.message, anchor) if d.code == "PHH409" else d for d in result.diagnostics]
        if not syntax:
            diagnostics.extend(verdicts)
            diagnostics.extend(check_result(report, result))
        else:
            # With a syntax error the replay still gives hover its states, but
            # its verdicts rest on what was read: shown only for the actions
            # read for certain (see _read_for_certain), the result never.
            until = _read_for_certain(errors, actions_node)
            diagnostics.extend(d for d in verdicts if d.code != "PHH409" and d.span.start < until)
    return HandAnalysis(text, entries, report, actions, actions_node, result, diagnostics, header)


def _read_for_certain(errors: list[TomlError], actions: Value | None) -> int:
    """Up to where the actions were read for certain despite syntax errors.

    The slips :mod:`~phh_lsp.core.rules.array_slips` explains (an array left
    open, a missing comma, an action without quotes) leave every action
    readable; any other error inside the ``actions`` array (an unclosed
    string swallowing the line) leaves the actions before it. An error
    anywhere else may have changed a field the setup rests on: nothing.
    """
    if actions is None or actions.kind != "array":
        return -1
    inside = Span(actions.span.start, actions.span.end)
    if any(not inside.start <= error.start <= inside.end for error in errors):
        return -1
    return min((error.start for error in errors), default=inside.end + 1)


def _overlap(first: Span, second: Span) -> bool:
    return first.start < second.end and second.start < first.end
