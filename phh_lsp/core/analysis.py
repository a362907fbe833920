"""``analyze(text) -> Analysis``: everything the front ends need, once.

The pipeline per hand: the syntax tree and its TOML verdict
(:mod:`phh_lsp.core.syntax`), the fields read off it, field checks (2xx),
action notation (3xx), replay with PokerKit (4xx) and consistency with the
replayed result (5xx). A hand's
analysis depends on its text alone and is cached by it, so in a
``.phhs`` file of a thousand hands an edit re-analyses one hand; spans
inside a hand are relative to its first character and shifted by the
hand's position when the document-level view is built.
"""

from __future__ import annotations

import bisect
import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache, partial

from phh_lsp.core.engine.checks_result import check_result
from phh_lsp.core.engine.replay import Replay, replay
from phh_lsp.core.rules.actions import ParsedAction, parse_action
from phh_lsp.core.rules.array_slips import Slips, explain_slips
from phh_lsp.core.rules.checks_actions import check_actions_in_context
from phh_lsp.core.rules.checks_fields import FieldReport, check_fields
from phh_lsp.core.rules.codes import Diagnostic, diagnostic
from phh_lsp.core.syntax import TomlError, check, parse
from phh_lsp.core.syntax.entries import Entry, Value, read_entries
from phh_lsp.core.syntax.hands import Cut, HandText, cut_hands, is_multi_hand
from phh_lsp.core.text import Edit, LineIndex, Span


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
        header, and the entries of a header-less prelude): cheap to send
        between processes."""
        entries = self.entries if self.header is None else []
        return HandAnalysis(self.text, entries, FieldReport(), [], None, None, self.diagnostics, self.header)

    def action_at(self, offset: int) -> ParsedAction | None:
        """The action whose string contains ``offset`` (hand coordinates)."""
        for action in self.actions:
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


class Analysis:
    """The analysis of a whole document (one or many hands), built lazily.

    Features that look at one place (hover, completion, inlay hints) ask
    for :meth:`view`, which analyses that hand with replay snapshots.
    Diagnostics and features that walk every hand (outline, folding) use
    :attr:`hands`, which analyses the remaining hands without snapshots
    (cheaper, and far less memory for a 1,000-hand file), through
    ``mapper`` (``map`` by default; the checker passes a process pool's).
    Hands are cached by their text, so this object is cheap to rebuild
    after every edit.
    """

    def __init__(
        self,
        text: str,
        multi: bool,
        detail: bool = True,
        mapper: HandMapper | None = None,
        cut: Cut | None = None,
    ) -> None:
        self.text = text
        self.multi = multi
        self.detail = detail
        if multi and cut is None:
            cut = cut_hands(text)
        self.pieces = cut.hands if cut is not None else [HandText(0, len(text), text)]
        #: Whether the hands may be judged one by one (see cut_hands).
        self.independent = cut is None or cut.independent
        self._triple = cut is not None and cut.triple
        self._detailed = partial(analyze_hand, multi=multi, detail=detail)
        self._checked = partial(analyze_hand, multi=multi, detail=False)
        self._mapper = mapper
        self._hands: list[HandAnalysis | None] = [None] * len(self.pieces)
        self._views: list[HandAnalysis | None] = [None] * len(self.pieces)
        self._diagnostics: list[Diagnostic] | None = None
        #: Where each hand's diagnostics start in ``_diagnostics`` (and its end):
        #: an edit inside one hand replaces that hand's only.
        self._bounds: list[int] | None = None
        #: What an edit of the previous text left to do lazily (see after_edit).
        self._edited: _Edited | None = None
        self._lines: LineIndex | None = None
        #: One walk over the hands at a time: the server's diagnostics, outline,
        #: folding and lenses ask for them at once when a file opens, and each
        #: would otherwise analyse the hands the others are analysing.
        self._walking = threading.Lock()

    @property
    def lines(self) -> LineIndex:
        """The document's line index, built on first use."""
        if self._lines is None:
            edited = self._edited
            if edited is not None and edited.lines is not None:
                self._lines = LineIndex.after_edit(edited.lines, self.text, edited.edit)
            else:
                self._lines = LineIndex(self.text)
            self._release_edit()
        return self._lines

    @property
    def analysed_count(self) -> int:
        """How many hands have been analysed so far (features that look at a
        few hands must not analyse them all)."""
        return sum(hand is not None or view is not None for hand, view in zip(self._hands, self._views, strict=True))

    def provide(self, index: int, hand: HandAnalysis) -> None:
        """Record the ``index``-th hand, analysed elsewhere (a worker process)."""
        self._hands[index] = hand

    def view(self, index: int) -> HandView:
        """The ``index``-th hand, analysed with snapshots on first use."""
        hand = self._views[index]
        if hand is None:
            hand = self._views[index] = self._detailed(self.pieces[index].text)
        return HandView(self.pieces[index].start, hand)

    @property
    def hands(self) -> list[HandView]:
        """Every hand, analysed (through the mapper, for those not yet done)."""
        with self._walking:
            missing = [i for i in range(len(self.pieces)) if self._hands[i] is None and self._views[i] is None]
            if missing:
                done = (self._mapper or map)(self._checked, [self.pieces[i].text for i in missing])
                for index, hand in zip(missing, done, strict=True):
                    self._hands[index] = hand
        views = []
        for index, piece in enumerate(self.pieces):
            found = self._views[index] or self._hands[index]
            assert found is not None
            views.append(HandView(piece.start, found))
        return views

    def hand_at(self, offset: int, snapshots: bool = True) -> HandView | None:
        """The hand whose text holds ``offset`` (the last hand for the end).

        Without ``snapshots`` (completion, navigation need none) the hand
        the diagnostics already analysed is reused when there is one.
        """
        if not self.pieces:
            return None
        index = self.index_at(offset)
        if snapshots:
            return self.view(index)
        hand = self._views[index] or self._hands[index]
        if hand is None:
            hand = self._hands[index] = self._checked(self.pieces[index].text)
        return HandView(self.pieces[index].start, hand)

    def index_at(self, offset: int) -> int:
        """The number (from 0) of the piece whose text holds ``offset``."""
        starts = [piece.start for piece in self.pieces]
        return max(0, bisect.bisect_right(starts, offset) - 1)

    @property
    def has_prelude(self) -> bool:
        """Whether the first piece of a ``.phhs`` is the text before its first
        hand (a comment heading the file, as ``phh-lsp convert`` writes one):
        no hand, so not hand 1. Only the first piece can be one: the cut
        starts every other at a header."""
        if not self.multi or not self.pieces:
            return False
        first = self.hand_at(0, snapshots=False)
        return first is not None and first.hand.header is None

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic of the document, in document coordinates."""
        if self._diagnostics is None:
            edited = self._edited
            if edited is not None and edited.bounds is not None:
                self._diagnostics, self._bounds = self._spliced(edited)
            else:
                self._diagnostics, self._bounds = _document_diagnostics(self.multi, self.hands)
            if not self.independent:
                self._diagnostics = _judged_as_one_document(self.text, self._diagnostics)
                self._bounds = None
            self._release_edit()
        return self._diagnostics

    def _release_edit(self) -> None:
        """Let the previous version's lines and diagnostics go once this
        version has its own."""
        if self._lines is not None and self._diagnostics is not None:
            self._edited = None

    def first_diagnostics(self, count: int) -> list[Diagnostic]:
        """The diagnostics of the first ``count`` hands only: what an editor
        shows first (the top of the file) while the rest of a 1,000-hand file
        is checked. Those hands are then kept for :attr:`diagnostics`."""
        views = [self.hand_at(piece.start, snapshots=False) for piece in self.pieces[:count]]
        return _document_diagnostics(self.multi, [view for view in views if view is not None])[0]

    @classmethod
    def after_edit(
        cls,
        previous: Analysis,
        text: str,
        edit: Edit,
        mapper: HandMapper | None = None,
        lines: LineIndex | None = None,
    ) -> Analysis:
        """The analysis of ``text``, which is ``previous.text`` after ``edit``.

        A keystroke in a 1,000-hand ``.phhs`` changes one hand: when the edit
        lies inside one hand's body (not its header line) and leaves it one
        hand whose brackets do not reach into the next, the other hands'
        cut, analyses, diagnostics and lines are the previous ones, shifted.
        Anything else (an edit across hands, a header typed, triple quotes)
        is cut and judged afresh, as if the text were new. ``lines``: the
        new text's line index, when the caller has it already.
        ``tests/core/test_incremental.py`` holds this to the full path.
        """
        cut = _cut_after_edit(previous, text, edit)
        if cut is None:
            return cls(text, previous.multi, previous.detail, mapper)
        pieces, index = cut
        analysis = cls(text, True, previous.detail, mapper, Cut(pieces, independent=True, triple=False))
        analysis._hands = [*previous._hands]
        analysis._views = [*previous._views]
        analysis._hands[index] = analysis._views[index] = None
        bounds = previous._bounds if previous._diagnostics is not None else None
        analysis._edited = _Edited(edit, index, previous._lines, previous._diagnostics, bounds)
        if lines is not None and lines.text is text:
            analysis._lines = lines
        return analysis

    def _spliced(self, edited: _Edited) -> tuple[list[Diagnostic], list[int]]:
        """The previous diagnostics with the edited hand's replaced and those of
        the hands after it shifted (names and headers are unchanged)."""
        index, bounds, previous = edited.index, edited.bounds, edited.diagnostics
        assert previous is not None and bounds is not None
        piece = self.pieces[index]
        found = self._views[index] or self._hands[index]
        if found is None:
            found = self._hands[index] = self._checked(piece.text)
        # a duplicate hand name is the document's finding, on the header, which the edit did not touch
        named = [d for d in previous[bounds[index] : bounds[index + 1]] if d.code == "PHH102"]
        own = [*named, *(d.shifted(piece.start) for d in sorted(found.diagnostics, key=lambda d: d.span.start))]
        before, after = previous[: bounds[index]], previous[bounds[index + 1] :]
        delta = edited.edit.delta
        diagnostics = [*before, *own, *(d.shifted(delta) for d in after)]
        change = len(own) - (bounds[index + 1] - bounds[index])
        return diagnostics, [*bounds[: index + 1], *(bound + change for bound in bounds[index + 1 :])]


log = logging.getLogger(__name__)


@dataclass(slots=True)
class _Edited:
    """What an analysis made by an edit inside hand ``index`` keeps of the
    previous one (its lines and diagnostics, when they were made: not the
    analysis itself, or every version would keep the one before alive)."""

    edit: Edit
    index: int
    lines: LineIndex | None
    diagnostics: list[Diagnostic] | None
    bounds: list[int] | None


def _cut_after_edit(previous: Analysis, text: str, edit: Edit) -> tuple[list[HandText], int] | None:
    """The hands of ``text`` from those of ``previous`` and the hand the
    edit is in, or None when the cut must be made afresh (see after_edit)."""
    old = previous.text
    if not (previous.multi and previous.independent and previous.pieces) or len(text) != len(old) + edit.delta:
        return None
    index = previous.index_at(edit.start)
    piece = previous.pieces[index]
    if not old.startswith("[", piece.start) or edit.old_end > piece.end - (index + 1 < len(previous.pieces)):
        return None  # the prelude, or the line break before the next header
    header_end = old.find("\n", piece.start)
    if header_end < 0 or edit.start <= header_end:
        return None  # the header's line: names, duplicates and the cut may change
    around = text[max(0, edit.start - 2) : edit.new_end + 2]
    if previous._triple or '"""' in around or "'''" in around:
        return None
    body = text[piece.start : piece.end + edit.delta]
    if body.count("[") > body.count("]"):
        return None  # an array left open here might swallow the next header
    before = previous.pieces[index - 1].text if index else ""
    if before.count("[") > before.count("]"):
        return None  # an array left open above: this hand's own brackets decide whether its header is one
    alone = cut_hands(body)
    if len(alone.hands) != 1 or not alone.independent:
        return None
    delta = edit.delta
    pieces = [
        *previous.pieces[:index],
        HandText(piece.start, piece.end + delta, body),
        *(HandText(p.start + delta, p.end + delta, p.text) for p in previous.pieces[index + 1 :]),
    ]
    return pieces, index


HandMapper = Callable[[Callable[[str], HandAnalysis], list[str]], Iterable[HandAnalysis]]


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
    _, errors = check(document)
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
            diagnostics.extend(diagnostic(p.code, p.message, p.span) for p in action.problems)
    syntax = [d.span for d in diagnostics if d.code == "PHH101"]
    if syntax:
        # One error for one mistake: what the scanner read around a syntax
        # error (the `=` of `min_bet = = 2`) is not reported again.
        diagnostics = [d for d in diagnostics if d.code == "PHH101" or not any(_overlap(d.span, s) for s in syntax)]
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


def analyze(
    text: str,
    uri_or_path: str = "",
    detail: bool = True,
    mapper: HandMapper | None = None,
) -> Analysis:
    """Analyse a document; ``uri_or_path`` tells ``.phh`` from ``.phhs``."""
    return Analysis(text, is_multi_hand(uri_or_path, text), detail, mapper)


#: The codes of TOML-level errors: the text is not a valid TOML document.
_TOML_CODES = frozenset({"PHH101", "PHH102", "PHH209"})


def _judged_as_one_document(text: str, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
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


def _document_diagnostics(multi: bool, views: list[HandView]) -> tuple[list[Diagnostic], list[int]]:
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
