"""The checker's fast paths must give exactly what the slow paths give.

Three shortcuts make ``phh-lsp check`` fast on datasets (issue #7); each
is held here to the path it short-cuts, on the corpus and on generated
near-miss texts (the texts most likely to fool a shortcut):

* ``is_plain_toml`` lets a hand skip tomllib: it must never say True of
  a text tomllib rejects (a key defined twice aside, which is a field
  problem and no syntax error in our pipeline either);
* the scanner reads a plain text statement by statement and simple
  arrays in one match: the entries must equal the general reader's;
* PokerKit's hand types, memoised: the replayed stacks and pots must
  equal those of the plain types (the corpus test compares final stacks
  with PokerKit's own loader; here hands are built to hit the caches).
"""

from __future__ import annotations

import tomllib
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phh_lsp.core import analysis as analysis_module
from phh_lsp.core import toml_scan
from phh_lsp.core.analysis import analyze
from phh_lsp.core.document import split_hands
from phh_lsp.core.toml_subset import is_plain_toml
from phh_lsp.paths import read_text
from tests.conftest import corpus_files

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


def _syntax_errors_the_slow_way(text: str) -> list[object]:
    errors, redefinitions = analysis_module._syntax_errors(text, plain=False)
    return [*errors, *redefinitions]


def _assert_plain_is_valid(text: str) -> None:
    if not is_plain_toml(text):
        return
    keys = [entry.key for entry in toml_scan.scan(text) if not entry.is_header]
    if len(keys) == len(set(keys)):
        tomllib.loads(text)  # raises if the subset let an invalid text through
        assert _syntax_errors_the_slow_way(text) == [], repr(text)
    else:  # a key defined twice is all tomllib may object to (PHH209 reports it)
        with pytest.raises(tomllib.TOMLDecodeError, match=analysis_module._REDEFINITION):
            tomllib.loads(text)


@settings(max_examples=1500, deadline=None)
@given(_near_plain())
def test_plain_toml_is_never_invalid_toml(text: str) -> None:
    _assert_plain_is_valid(text)


@settings(max_examples=1500, deadline=None)
@given(_random_texts)
def test_random_atoms_are_never_wrongly_plain(text: str) -> None:
    _assert_plain_is_valid(text)


@pytest.mark.parametrize(
    "text",
    [
        'a = "x\x01"',  # control character in a string
        "# \x7f\na = 1",  # in a comment
        "a = 1\rb = 2",  # a lone CR is no line break in TOML
        "a = 01",
        "a = 1.",
        "a = 1_000",  # valid TOML, but not plain: tomllib decides
        "a = 24:00:00",
        "a = [1, 2",
        "a = [1 2]",
        "a = 1 2",
        "a.b = 1",
        "[1]\n[2]\na = 1",
        "a = 1\n[1]",
        'a = "\\n"',
        "\ufeffa = 1",
    ],
)
def test_texts_outside_the_subset(text: str) -> None:
    assert not is_plain_toml(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "# only a comment",
        "[12]\nvariant = 'NT'\nantes = [0, 0]  # none\nactions = [\n  'd dh p1 AcAd',  # AA\n  \"p1 f\",\n]\n",
        "a = true\r\nb = 00:00:00\r\nc = -0.50\r\n",
        "a = [\n]\n",
    ],
)
def test_texts_inside_the_subset(text: str) -> None:
    assert is_plain_toml(text)
    tomllib.loads(text)


def test_corpus_hands_take_the_fast_path_and_tomllib_agrees() -> None:
    hands = []
    for path in corpus_files():
        text = read_text(path)
        hands += [piece.text for piece in split_hands(text, path.suffix == ".phhs")]
    plain = [text for text in hands if is_plain_toml(text)]
    for text in plain:
        tomllib.loads(text)
    # the 991-hand dataset, with its `time = 00:00:00`, is all plain
    assert len(plain) >= len(hands) - 5, f"only {len(plain)} of {len(hands)} hands are plain"


# ---------------------------------------------------------------------------
# the scanner's simple arrays


def _scan_slowly(text: str, monkeypatch: pytest.MonkeyPatch) -> list[toml_scan.Entry]:
    """The general reader: character by character, every array item by item."""
    with monkeypatch.context() as patch:
        patch.setattr(toml_scan._Scanner, "_simple_array", lambda _self, _pos: None)
        return toml_scan._Scanner(text).entries()


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(_near_plain(), _random_texts))
def test_the_scanners_shortcuts_read_what_the_general_reader_reads(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    # compared as text: a `nan` value is never equal to itself
    assert repr(toml_scan.scan(text)) == repr(_scan_slowly(text, monkeypatch))


def test_the_scanners_shortcuts_on_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = 0
    for path in corpus_files():
        text = read_text(path)
        for piece in split_hands(text, path.suffix == ".phhs"):
            assert repr(toml_scan.scan(piece.text)) == repr(_scan_slowly(piece.text, monkeypatch)), path
            plain += is_plain_toml(piece.text)
    assert plain > 1300  # the shortcuts were taken, not only the general path


def test_simple_array_values() -> None:
    (entry,) = toml_scan.scan("a = [ 'x', \"y\" , 0.50, -0, 7 # seven\n, ]")
    assert entry.value is not None
    assert entry.value.plain() == ["x", "y", Decimal("0.50"), 0, 7]
    assert [item.span.start for item in entry.value.items] == [6, 11, 17, 23, 27]


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
    from phh_lsp.core import replay as replay_module

    def stacks() -> tuple[object, ...] | None:
        analysis_module.analyze_hand.cache_clear()
        (view,) = analyze(_STUD_SHOWDOWN, "hand.phh", detail=False).hands
        assert view.hand.replay is not None
        return view.hand.replay.final_stacks

    remembered_twice = (stacks(), stacks())  # the second replay is served by the caches
    with monkeypatch.context() as patch:
        patch.setattr(replay_module, "memoized", lambda hand_type: hand_type)
        plain = stacks()
    assert remembered_twice == (plain, plain)
    # p1's royal flush beats fives full: 4 antes and the three bring-in calls
    assert plain == (109, 97, 97, 97)


# ---------------------------------------------------------------------------
# PokerKit's own cards, the deck stacked, unknown cards dealt from the top


def _final_state(text: str, multi: bool) -> list[str]:
    """Everything PokerKit knows at the end of each hand, as text."""
    from phh_lsp.core.replay import replay

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
    from contextlib import nullcontext

    from phh_lsp.core import replay as replay_module
    from phh_lsp.core import replay_rules

    with monkeypatch.context() as patch:
        patch.setattr(replay_module, "stack_deck", lambda _state, _actions: None)
        patch.setattr(replay_rules, "unknown_on_top", lambda _state, _cards: nullcontext())
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
    from phh_lsp.core import document

    assert document._header_candidates(text) == [match.start() for match in document._HEADER_LINE.finditer(text)]
