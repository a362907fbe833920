"""The checker's fast paths must give exactly what the slow paths give.

Three shortcuts make ``phh-lsp check`` fast on datasets (issue #7); each
is held here to the path it short-cuts, on the corpus and on generated
near-miss texts (the texts most likely to fool a shortcut):

* the syntax tree leaves plain lines unbuilt, and their fields are read
  from their text: the entries must equal those of the built nodes (the
  tree's own tests hold the lazy tree to the eager one and to tomllib);
* PokerKit's hand types, memoised: the replayed stacks and pots must
  equal those of the plain types (the corpus test compares final stacks
  with PokerKit's own loader; here hands are built to hit the caches).
"""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from phh_lsp.core import hand_analysis as analysis_module
from phh_lsp.core.analysis import analyze
from phh_lsp.core.syntax import LazyKeyValue, TomlError, check, errors, parse
from phh_lsp.core.syntax.entries import read_entries
from phh_lsp.core.syntax.hands import split_hands
from phh_lsp.paths import read_text
from tests.conftest import corpus_files
from tests.core.test_syntax_properties import _DOCUMENT, _SEMANTIC

# ---------------------------------------------------------------------------
# generated near-plain TOML

_ATOMS = [
    "variant",
    "antes",
    "a",
    "1",
    "-",
    "a.b",
    '"q"',
    "'q'",
    " ",
    "\t",
    "=",
    " = ",
    ",",
    ", ",
    "[",
    "]",
    "[1]",
    "\n",
    "\r\n",
    "\r",
    "#",
    "# note",
    "#\x01",
    '"p1 cc"',
    "'p2 f'",
    '"a\\"b"',
    '"\\n"',
    "'it''s'",
    '"x',
    "'x",
    '"\x00"',
    '"\x7f"',
    '"\t"',
    "0",
    "-0",
    "01",
    "1_000",
    "1.5",
    "1.",
    ".5",
    "1e3",
    "-1.25",
    "+1",
    "0x1F",
    "inf",
    "-inf",
    "+inf",
    "infinity",
    "nan",
    "true",
    "false",
    "truex",
    "00:00:00",
    "23:59:59.5",
    "24:00:00",
    "12:60:00",
    "1:00:00",
    "12:00",
    "2009-07-01",
    "{}",
    "{a = 1}",
    '"""x"""',
    "\ufeff",
    "é",
    "\u2028",
    '"\ud800"',
]


def _line() -> st.SearchStrategy[str]:
    scalar = st.sampled_from(['"p1 cc"', "'d db AcKs'", "0", "-3", "1.25", "true", "false", "00:00:00", '""', "inf"])
    one_line = st.lists(scalar, max_size=4).map(lambda items: "[" + ", ".join(items) + "]")
    many_lines = st.lists(scalar, max_size=4).map(lambda items: "[\n  " + ",  # c\n  ".join(items) + ",\n]")
    array = st.one_of(one_line, many_lines)
    key = st.sampled_from(["variant", "antes", "actions", "a", "1", "x-y", "a_b"])
    statement = st.builds(
        lambda k, v, c: f"{k} = {v}{c}", key, st.one_of(scalar, array), st.sampled_from(["", " # c", "\t#"])
    )
    return st.one_of(statement, st.sampled_from(["", "# comment", "[1]", "  "]))


_plain_texts = st.lists(_line(), max_size=8).map(lambda lines: "\n".join(lines))


@st.composite
def _near_plain(draw: st.DrawFn) -> str:
    """A plain text with a few atoms inserted, replaced or deleted."""
    text = draw(_plain_texts)
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        atom = draw(st.sampled_from(_ATOMS))
        match draw(st.sampled_from(["insert", "replace", "delete"])):
            case "insert":
                text = text[:at] + atom + text[at:]
            case "replace":
                text = text[:at] + atom + text[at + len(atom) :]
            case _:
                text = text[:at] + text[at + draw(st.integers(1, 3)) :]
    return text


_random_texts = st.lists(st.sampled_from(_ATOMS), max_size=30).map("".join)


def _entries(text: str, lazy: bool) -> str:
    # compared as text: a `nan` value is never equal to itself
    return repr(read_entries(parse(text, lazy=lazy)))


@settings(max_examples=1500, deadline=None)
@given(st.one_of(_near_plain(), _random_texts))
def test_plain_lines_read_as_their_built_nodes_read(text: str) -> None:
    """The fields of plain lines are read from their text (no nodes built):
    exactly the entries the eagerly built tree gives."""
    assert _entries(text, lazy=True) == _entries(text, lazy=False)


def test_corpus_hands_take_the_fast_path_and_read_the_same() -> None:
    lines = plain = 0
    for path in corpus_files():
        text = read_text(path)
        for piece in split_hands(text, path.suffix == ".phhs"):
            assert _entries(piece.text, lazy=True) == _entries(piece.text, lazy=False), path
            statements = list(parse(piece.text).statements())
            lines += len(statements)
            plain += sum(type(node) is LazyKeyValue for node in statements)
    assert plain > 0.9 * lines, f"only {plain} of {lines} statements are plain"


def test_plain_array_values() -> None:
    (entry,) = read_entries(parse("a = [ 'x', \"y\" , 0.50, -0, 7 # seven\n, ]"))
    assert entry.value is not None
    assert entry.value.plain() == ["x", "y", Decimal("0.50"), 0, 7]
    assert [item.kind for item in entry.value.items] == ["string", "string", "float", "integer", "integer"]


# ---------------------------------------------------------------------------
# the TOML verdict without the values: the analysis asks only for the errors


def _verdicts(text: str) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """The errors the analysis reads (no plain value built), and :func:`check`'s."""

    def seen(found: list[TomlError]) -> list[tuple[object, ...]]:
        return [(e.message, e.start, e.end, e.duplicate_key, e.slip) for e in found]

    return seen(errors(parse(text, bom=False))), seen(check(parse(text, bom=False))[1])


@settings(max_examples=1500, deadline=None)
@given(st.one_of(_near_plain(), _random_texts, _DOCUMENT, _SEMANTIC))
@example("a = [1]\n[a.b]")
@example("a = 1\n[[a]]")
@example("a = []\n[[a]]")
@example("a = 'x'\na.b = 1")
@example("[t]\na = [1]\n[t.a]")
def test_the_verdict_without_the_values_is_checks_verdict(text: str) -> None:
    """Plain values are left unbuilt when only the errors are asked for
    (``hand_analysis``): the rules about keys and tables must meet the
    placeholder exactly as they meet the value."""
    without_values, with_values = _verdicts(text)
    assert without_values == with_values


def test_the_verdict_without_the_values_on_the_corpus_and_the_suite() -> None:
    from tests.core.test_syntax_suite import SUITE, suite_names

    texts = [read_text(path) for path in corpus_files()]
    texts += [(SUITE / name).read_text(encoding="utf-8", errors="replace") for name in suite_names("")]
    for text in texts:
        without_values, with_values = _verdicts(text)
        assert without_values == with_values, text[:200]


# ---------------------------------------------------------------------------
# remembered hand evaluation

_STUD_SHOWDOWN = """variant = "F7S"
ante_trimming_status = true
antes = [1, 1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100, 100]
actions = [
  "d dh p1 AsKs7h", "d dh p2 QdQc5s", "d dh p3 9h8h2c", "d dh p4 TcTd4s",
  "p3 pb", "p4 cc", "p1 cc", "p2 cc",
  "d dh p1 Qs", "d dh p2 5d", "d dh p3 7d", "d dh p4 Jc",
  "p2 cc", "p3 cc", "p4 cc", "p1 cc",
  "d dh p1 Js", "d dh p2 5h", "d dh p3 6h", "d dh p4 Jd",
  "p2 cc", "p3 cc", "p4 cc", "p1 cc",
  "d dh p1 Ts", "d dh p2 6c", "d dh p3 Kd", "d dh p4 2d",
  "p2 cc", "p3 cc", "p4 cc", "p1 cc",
  "d dh p1 3s", "d dh p2 8c", "d dh p3 5c", "d dh p4 3d",
  "p2 cc", "p3 cc", "p4 cc", "p1 cc",
  "p2 sm QdQc5s5d5h6c8c", "p3 sm 9h8h2c7d6hKd5c", "p4 sm TcTd4sJcJd2d3d", "p1 sm AsKs7hQsJsTs3s",
]
"""


def test_memoised_evaluation_gives_pokerkits_result(monkeypatch: pytest.MonkeyPatch) -> None:
    from phh_lsp.core.engine import hand_setup

    def stacks() -> tuple[object, ...] | None:
        analysis_module.analyze_hand.cache_clear()
        (view,) = analyze(_STUD_SHOWDOWN, "hand.phh", detail=False).hands
        assert view.hand.replay is not None
        return view.hand.replay.final_stacks

    remembered_twice = (stacks(), stacks())  # the second replay is served by the caches
    with monkeypatch.context() as patch:
        patch.setattr(hand_setup, "memoized", lambda hand_type: hand_type)
        plain = stacks()
    assert remembered_twice == (plain, plain)
    # p1's royal flush beats fives full: 4 antes and the three bring-in calls
    assert plain == (109, 97, 97, 97)


# ---------------------------------------------------------------------------
# PokerKit's own cards, the deck stacked, unknown cards dealt from the top


def _final_state(text: str, multi: bool) -> list[str]:
    """Everything PokerKit knows at the end of each hand, as text."""
    from phh_lsp.core.engine.replay import replay

    found = []
    for piece in split_hands(text, multi):
        hand = analysis_module._analyze_hand(piece.text, multi, False)
        if hand.report.setup is None:
            continue
        _, state = replay(hand.report.setup, hand.actions, record=False)
        assert state is not None
        found.append(
            repr(
                (
                    state.stacks,
                    state.bets,
                    state.hole_cards,
                    state.board_cards,
                    state.burn_cards,
                    state.mucked_cards,
                    state.discarded_cards,
                    sorted(map(repr, state.deck_cards)),
                    state.statuses,
                    state.operations,
                )
            )
        )
    return found


def _plainly(text: str, multi: bool, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The same, with PokerKit parsing card text and searching a shuffled deck."""
    from phh_lsp.core.engine import replay as replay_module
    from phh_lsp.core.engine import replay_rules

    with monkeypatch.context() as patch:
        patch.setattr(replay_module, "stack_deck", lambda _state, _actions: None)
        patch.setattr(replay_rules, "deal_unknown_on_top", lambda _state, deal, cards, *more: deal(cards, *more))
        patch.setattr(replay_rules, "pokerkit_cards", lambda _state, texts: "".join(texts))
        return _final_state(text, multi)


def _generated_hands() -> list[str]:
    from tests.hardening import synthetic

    hands = [synthetic.hand(variant, "fast-paths", index) for variant in synthetic.VARIANTS for index in range(6)]
    return [hand for hand in hands if hand]


def test_pokerkits_own_cards_change_nothing_on_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    for path in corpus_files():
        text = read_text(path)
        multi = path.suffix == ".phhs"
        assert _final_state(text, multi) == _plainly(text, multi, monkeypatch), path


def test_pokerkits_own_cards_change_nothing_on_generated_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = _generated_hands()
    assert len(hands) >= 50
    for text in hands:
        assert _final_state(text, False) == _plainly(text, False, monkeypatch), text


# ---------------------------------------------------------------------------
# cutting a .phhs into hands, looking only where a line opens with `[`

_HEADER_ATOMS = ["[1]", "[2] # c", "[", "]", "\n", "\r\n", "\r", "a = [1, 2]", " ", "\t", "#", "x", "[[a]]", "[a]]"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_HEADER_ATOMS), max_size=16).map("".join))
def test_header_starts_are_the_header_expressions_matches(text: str) -> None:
    from phh_lsp.core.syntax import hands as document

    assert document._header_candidates(text) == [match.start() for match in document._HEADER_LINE.finditer(text)]


# the cut is the tree's fast path: where it calls the hands independent, it
# cuts exactly at the tree's table headers

_DOCUMENT_ATOMS = [
    "[1]\n",
    "[2] # the river\n",
    "[12]\r\n",
    'variant = "NT"\n',
    "a = 1\n",
    "# [5]\n",
    'note = """\n[3]\nnot a hand\n"""\n',
    "note = '''\n[4]\n'''\n",
    'q = """ "" [6] """\n',
    "rows = [\n[1, 2],\n[7],\n]\n",
    'u = "[8]"\n',
    "[x.y]\n",
    '["quoted key"]\n',
    "[[z]]\n",
    "  [9]\n",
    "\n",
    "actions = [\n",  # an array left open: the next header ends it
    "[1.meta]\n",  # dotted headers: a table inside hand 1, not a hand
    "[2.a.b] # deeper\n",
    "[[1.seats]]\n",
    '["1".note]\n',
    "[ 2 . x ]\n",
]


def _tree_hand_starts(text: str) -> list[int]:
    """Where the tree's hands start: a hand is the table ``[N]`` with
    every table below it (``[N.meta]``, ``[[N.seats]]``), so a header
    starts a hand when its first key is not the hand above's, or when it
    is ``[N]`` itself (written twice, it is a duplicate hand)."""
    from phh_lsp.core.syntax import ArrayTableHeader, TableHeader, parse

    starts, current = [], None
    for node in parse(text).children:
        if isinstance(node, TableHeader) and node.key is not None:
            names = node.key.names()
            whole = len(names) == 1 and not isinstance(node, ArrayTableHeader)
            if names[0] != current or whole:
                starts.append(node.start)
            current = names[0]
    return starts


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_DOCUMENT_ATOMS), max_size=12).map("".join))
def test_independent_hands_are_cut_at_the_trees_headers(text: str) -> None:
    from phh_lsp.core.syntax.hands import cut_hands

    cut = cut_hands(text)
    assert "".join(hand.text for hand in cut.hands) == text
    hands = _tree_hand_starts(text)
    starts = [hand.start for hand in cut.hands]
    assert set(starts) - {0} <= set(hands)  # never a cut inside one of the tree's hands
    if not cut.independent:
        return  # judged as one document by the tree
    assert [start for start in starts if start or hands[:1] == [0]] == hands


def test_features_walking_the_hands_at_once_analyse_each_hand_once() -> None:
    """Diagnostics, outline, folding and lenses walk a document's hands at once
    when it opens (each in a worker thread): they share one analysis of each
    hand instead of each analysing what the others are analysing."""
    import threading

    from phh_lsp.core.analysis import analyze
    from phh_lsp.core.hand_analysis import analyze_hand
    from tests.core.test_diagnostic_codes import NT

    text = "".join(f"[{n}]\n{NT}\n" for n in range(1, 201))
    analyze_hand.cache_clear()
    analysis = analyze(text, "x.phhs")
    walkers = [threading.Thread(target=lambda: analysis.hands) for _ in range(3)]
    for walker in walkers:
        walker.start()
    for walker in walkers:
        walker.join()
    assert analyze_hand.cache_info().misses == len(analysis.pieces) == 200


# ---------------------------------------------------------------------------
# the action parser's single-spaced shortcut

#: Pieces of actions, blanks and commentary included: what fools a shortcut on spacing.
_ACTION_ATOMS = [
    "p1", "p12", "d", "dh", "db", "cc", "f", "cbr", "7000", "2.5", "sm", "sd", "pb", "AcAd", "??", "Jc3d5c", "-",
    " ", "  ", "\t", "\u00a0", "\u3000", "\n", "#", " # ", "x", "1,000", "10h", "é",
]  # fmt: skip


def _action_nodes(element: str) -> list[object]:
    """The element of an ``actions`` array written as ``element`` (TOML source)."""
    (entry,) = read_entries(parse(f"actions = [{element}]\n"))
    assert entry.value is not None and entry.value.kind == "array"
    return list(entry.value.items)


@settings(max_examples=300, deadline=None)
@given(content=st.lists(st.sampled_from(_ACTION_ATOMS), max_size=7).map("".join), escaped=st.booleans())
def test_single_spaced_actions_read_as_the_general_path_reads_them(content: str, escaped: bool) -> None:
    """The parser reads an action of single-spaced words (nearly every one) by
    ``split(" ")``; it must read exactly what the general path (``\\S+``, the
    commentary, the spacing slips) reads, with escapes (``\\u0041``) or without."""
    from phh_lsp.core.rules import actions

    if escaped:
        element = json.dumps(content, ensure_ascii=True)
    elif "'" in content or "\n" in content:
        return
    else:
        element = f"'{content}'"
    (node,) = _action_nodes(element)
    fast = actions.parse_action(0, node)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(actions, "_single_spaced", lambda _content: False)
        general = actions.parse_action(0, node)
    assert fast == general


def test_corpus_actions_take_the_single_spaced_path() -> None:
    """Nearly every action of the corpus is read by the shortcut (read here by
    ``tomllib``, the cheapest reading of the whole corpus)."""
    from phh_lsp.core.rules.actions import _single_spaced

    texts = []
    for path in corpus_files():
        data = tomllib.loads(read_text(path))
        hands = [value for value in data.values() if isinstance(value, dict)] if path.suffix == ".phhs" else [data]
        texts += [action for hand in hands for action in hand.get("actions", []) if isinstance(action, str)]
    assert len(texts) > 30_000
    assert sum(map(_single_spaced, texts)) > 0.95 * len(texts)


# ---------------------------------------------------------------------------
# hover's snapshots: the diagnostics' reading of the hand, replayed again

_MISTAKES = [
    # out of turn: the replay stops at p1's second action
    "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    "starting_stacks = [200, 200]\nactions = ['d dh p1 AcAd', 'd dh p2 ????', 'p2 cc', 'p2 cc', 'p1 cc']\n",
    # a syntax error inside the actions: the replay still gives hover its states
    "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    "starting_stacks = [200, 200]\nactions = ['d dh p1 AcAd', 'd dh p2 ????', 'p2 cc' 'p1 cc']\n",
    # no setup at all: nothing to replay
    "variant = 'NT'\nactions = ['p1 cc']\n",
]


def _replayed(view: object) -> tuple[object, ...]:
    hand = view.hand  # type: ignore[attr-defined]
    replay = hand.replay
    if replay is None:
        return (None, hand.diagnostics)
    return (replay.initial, replay.snapshots, replay.streets, replay.final_stacks, replay.diagnostics, hand.diagnostics)


def test_hover_replays_the_hand_the_diagnostics_read_and_sees_what_a_fresh_reading_sees() -> None:
    """After the diagnostics, a hover's hand is the diagnostics' reading
    replayed with snapshots (not read again: a 5 MB line of actions took
    seconds); its states are those of a fresh detailed analysis."""
    from phh_lsp.core.hand_analysis import analyze_hand
    from tests.conftest import BIG_PHHS

    texts = [(text, False) for text in _generated_hands() + _MISTAKES]
    texts += [(read_text(path), False) for path in corpus_files()[::4] if path.suffix == ".phh"]
    texts.append(("\n".join(read_text(BIG_PHHS).split("\n")[:600]), True))  # a .phhs's first hands
    reused = 0
    for text, multi in texts:
        analysis = analyze(text, "x.phhs" if multi else "x.phh")
        assert analysis.diagnostics is not None  # the hands read without snapshots, as the server's check reads them
        checked = [view.hand for view in analysis.hands]
        for index, piece in enumerate(analysis.pieces):
            view = analysis.view(index)
            fresh = analyze_hand(piece.text, multi, detail=True)
            assert _replayed(view) == _replayed(type(view)(piece.start, fresh)), piece.text[:200]
            reused += view.hand.entries is checked[index].entries
    assert reused > 150  # the hands were not read a second time
