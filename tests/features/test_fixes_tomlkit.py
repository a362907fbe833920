"""Every quick fix, written by tomlkit, on hands a person really writes:
comments around and inside arrays, single-quoted strings, CRLF line
endings, a ``.phhs`` file of several hands. Each fix must change exactly
the values it means to, leave every other line byte for byte, and remove
its problem; and it must come from the diagnostic's data, not its words."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import tomllib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from phh_lsp.core.analysis import analyze
from phh_lsp.core.fixes.proposal import Fix
from phh_lsp.core.fixes.proposers import fixes_for
from phh_lsp.core.fixes.text_edits import TextEdit, apply_edits
from phh_lsp.core.rules.codes import Diagnostic
from tests.conftest import CORPUS

DWAN = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text()

#: The Dwan-Ivey hand as people annotate it: comments everywhere, both quote styles.
BASE = (
    DWAN.replace('variant = "NT"', "variant = 'NT'  # no-limit hold'em")
    .replace(
        "antes = [500, 500, 500]", "antes = [  # one per player\n  500,  # Ivey\n  500,  # Antonius\n  500  # Dwan\n]"
    )
    .replace("blinds_or_straddles = [1000, 2000, 0]", "blinds_or_straddles = [1000, 2000, 0]  # SB, BB")
    .replace("min_bet = 2000\n", "# the big blind\nmin_bet = 2000  # chips\n")
    .replace('"p3 cbr 7000",', "'p3 cbr 7000',")
    .replace('"p1 cbr 23000",', "'p1 cbr 23000',")
    .replace('author = "Juho Kim"', "author = 'Juho Kim'  # who wrote it down")
    .replace(
        'players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]',
        "players = ['Phil Ivey', 'Patrik Antonius', 'Tom Dwan']  # seat order",
    )
    + "finishing_stacks = [\n  572100,  # Ivey\n  1,  # Antonius: wrong\n  1109500  # Dwan\n]  # after the hand\n"
)
#: The same hand without a problem: the other hands of the ``.phhs`` file.
CLEAN = BASE.replace("  1,  # Antonius: wrong", "  1997500,  # Antonius")
HAND_URI, HANDS_URI = "file:///hands/x.phh", "file:///hands/x.phhs"

Values = dict[str, Any]


def _set(**values: Any) -> Callable[[Values], None]:
    def change(fields: Values) -> None:
        fields.update(values)

    return change


def _drop(name: str) -> Callable[[Values], None]:
    def change(fields: Values) -> None:
        del fields[name]

    return change


def _rename(old: str, new: str) -> Callable[[Values], None]:
    def change(fields: Values) -> None:
        fields[new] = fields.pop(old)

    return change


def _action(index: int, text: str) -> Callable[[Values], None]:
    def change(fields: Values) -> None:
        fields["actions"][index] = text

    return change


def _break(old: str, new: str) -> Callable[[str], str]:
    def broken(text: str) -> str:
        assert old in text
        return text.replace(old, new, 1)

    return broken


#: (id, break the base hand, code, fix title, the values the fix changes, what the changed old lines contain)
CASES: list[tuple[str, Callable[[str], str], str, str, Callable[[Values], None], tuple[str, ...]]] = [
    (
        "variant",
        _break("'NT'", "'Nt'"),
        "PHH201",
        'Change the variant to "NT" (no-limit Texas hold\'em)',
        _set(variant="NT"),
        ("variant",),
    ),
    (
        "alias",
        _break("'NT'", "'NLHE'"),
        "PHH201",
        'Change the variant to "NT" (no-limit Texas hold\'em)',
        _set(variant="NT"),
        ("variant",),
    ),
    (
        "guess",
        _break("'NT'", "'NTX'"),
        "PHH201",
        'Change the variant to "NT" (no-limit Texas hold\'em)',
        _set(variant="NT"),
        ("variant",),
    ),
    (
        "missing-min-bet",
        _break("min_bet = 2000  # chips\n", ""),
        "PHH202",
        "Add `min_bet = 2000`",
        _set(min_bet=2000),
        (),
    ),
    (
        "missing-antes",
        _break("antes = [  # one per player\n  500,  # Ivey\n  500,  # Antonius\n  500  # Dwan\n]\n", ""),
        "PHH202",
        "Add `antes = [0, 0, 0]`",
        _set(antes=[0, 0, 0]),
        (),
    ),
    (
        "missing-variant",
        _break("variant = 'NT'  # no-limit hold'em\n", ""),
        "PHH202",
        'Add `variant = "NT"`',
        _set(variant="NT"),
        (),
    ),
    (
        "forbidden",
        _break("min_bet = 2000  # chips\n", "min_bet = 2000  # chips\nsmall_bet = [  # no\n  1,\n]\n"),
        "PHH203",
        "Remove `small_bet`",
        _drop("small_bet"),
        ("small_bet", "  1,", "]"),
    ),
    (
        "short-multiline",
        _break("  500  # Dwan\n", ""),
        "PHH205",
        "Add 0 to `antes` for 3 players",
        _set(antes=[500, 500, 0]),
        ("# Antonius",),
    ),
    (
        "short-single-line",
        _break("[1000, 2000, 0]", "[1000, 2000]"),
        "PHH205",
        "Add 0 to `blinds_or_straddles` for 3 players",
        _set(blinds_or_straddles=[1000, 2000, 0]),
        ("SB, BB",),
    ),
    (
        "short-quoted",
        _break(", 'Tom Dwan'", ""),
        "PHH205",
        'Add "Player 3" to `players` for 3 players',
        _set(players=["Phil Ivey", "Patrik Antonius", "Player 3"]),
        ("seat order",),
    ),
    (
        "long",
        _break("  500  # Dwan\n", "  500,  # Dwan\n  500  # nobody\n"),
        "PHH205",
        "Remove the last 1 entry of `antes`",
        _set(antes=[500, 500, 500]),
        ("# Dwan", "# nobody"),
    ),
    ("typo", _break("author = ", "authr = "), "PHH208", "Rename to `author`", _rename("authr", "author"), ("authr",)),
    (
        "user-field",
        _break("author = ", "'scribe' = "),
        "PHH208",
        "Rename to `_scribe` (user-defined field)",
        _rename("scribe", "_scribe"),
        ("scribe",),
    ),
    (
        "turn",
        _break("'p3 cbr 7000'", "'p2 cbr 7000'"),
        "PHH401",
        "Replace p2 with p3, whose turn it is",
        _action(3, "p3 cbr 7000"),
        ("p2 cbr 7000",),
    ),
    (
        "deal-order",
        _break('"d dh p1 Ac2d"', '"d dh p2 Ac2d"'),
        "PHH401",
        "Replace p2 with p1, whose turn it is",
        _action(0, "d dh p1 Ac2d"),
        ("d dh p2 Ac2d",),
    ),
    (
        "escaped",
        _break("'p3 cbr 7000'", '"p2 cbr\\u00207000"'),
        "PHH401",
        "Replace p2 with p3, whose turn it is",
        _action(3, "p3 cbr 7000"),
        ("p2 cbr",),
    ),
    (
        "minimum",
        _break("'p1 cbr 23000'", "'p1 cbr 8000'"),
        "PHH402",
        "Bet the minimum: 12,000",
        _action(4, "p1 cbr 12000"),
        ("p1 cbr 8000",),
    ),
    (
        "all-in",
        _break("'p1 cbr 23000'", "'p1 cbr 2000000'"),
        "PHH402",
        "Go all-in: 1,125,100",
        _action(4, "p1 cbr 1125100"),
        ("p1 cbr 2000000",),
    ),
    ("ten", _break('"d db 4h"', '"d db 10h"'), "PHH307", "Write `Th`", _action(10, "d db Th"), ("10h",)),
    ("card-case", _break('"d db 4h"', '"d db 4H"'), "PHH307", "Write `4h`", _action(10, "d db 4h"), ("4H",)),
    (
        "separator",
        _break("'p1 cbr 23000'", "'p1 cbr 23,000'"),
        "PHH306",
        "Write `23000`",
        _action(4, "p1 cbr 23000"),
        ("23,000",),
    ),
    (
        "actor-case",
        _break("'p3 cbr 7000'", "'P3 cbr 7000'"),
        "PHH301",
        "Write `p3`",
        _action(3, "p3 cbr 7000"),
        ("P3",),
    ),
    ("verb-case", _break('"p2 f"', '"p2 F"'), "PHH303", "Write `f`", _action(5, "p2 f"), ("p2 F",)),
    (
        "glued-commentary",
        _break('"p2 f"', '"p2 f#tanks"'),
        "PHH312",
        "Put a space before the `#` of the commentary",
        _action(5, "p2 f #tanks"),
        ("p2 f#tanks",),
    ),
    (
        "finishing",
        lambda text: text,
        "PHH502",
        "Use the replayed finishing stacks",
        _set(finishing_stacks=[572100, 1997500, 1109500]),
        ("Antonius: wrong",),
    ),
]

#: Each case's fix: safe ("Fix all", ``check --fix``) or unsafe (a guess, or it overwrites a record).
APPLICABILITY = {
    "variant": "safe",  # `Nt`: the code in other case
    "alias": "safe",  # `NLHE`: a name of that very game
    "guess": "unsafe",  # `NTX`: nearest by spelling
    "missing-min-bet": "safe",  # the big blind
    "missing-antes": "safe",  # no ante
    "missing-variant": "unsafe",  # which game: a guess
    "forbidden": "safe",
    "short-multiline": "unsafe",  # the third player's ante: a guess
    "short-single-line": "unsafe",
    "short-quoted": "unsafe",  # a missing name is a placeholder to replace, never invented by a safe fix
    "long": "unsafe",  # drops a value
    "typo": "unsafe",  # a field matched by spelling
    "user-field": "safe",  # nothing looks like it: keep it as the user's own
    "turn": "unsafe",
    "deal-order": "unsafe",
    "escaped": "unsafe",
    "minimum": "unsafe",
    "all-in": "unsafe",
    "ten": "safe",
    "card-case": "safe",
    "separator": "safe",
    "actor-case": "safe",
    "verb-case": "safe",
    "glued-commentary": "safe",
    "finishing": "unsafe",  # the record may be right (a rake)
}

#: The codes whose fixes read the word at the diagnostic's range, not its data (see action_fixes.fix_notation).
NOTATION_CODES = ("PHH301", "PHH303", "PHH306", "PHH307", "PHH312")

FORMS = ["phh", "phh-crlf", "phhs", "phhs-crlf"]


def _document(hand: str, form: str) -> tuple[str, str]:
    """The hand as a .phh, or as the second of three hands of a .phhs."""
    text = hand if form.startswith("phh-") or form == "phh" else f"[1]\n{CLEAN}\n[2]\n{hand}\n[3]\n{CLEAN}"
    if form.endswith("crlf"):
        text = text.replace("\n", "\r\n")
    return text, HANDS_URI if form.startswith("phhs") else HAND_URI


def _fixes(text: str, uri: str, code: str) -> list[tuple[Fix, Diagnostic]]:
    """Every fix of the document's ``code`` diagnostics, its edits in document coordinates."""
    found = []
    for view in analyze(text, uri).hands:
        for diagnostic in view.hand.diagnostics:
            if diagnostic.code == code:
                for fix in fixes_for(view.hand, diagnostic):
                    edits = [(span.shifted(view.start), new) for span, new in fix.edits]
                    found.append((dataclasses.replace(fix, edits=edits), diagnostic))
    return found


def _apply(text: str, fix: Fix) -> str:
    return apply_edits(text, [TextEdit(span.start, span.end, new) for span, new in fix.edits])


def _values(text: str) -> Values:
    return tomllib.loads(text, parse_float=Decimal)


def _codes(text: str, uri: str) -> list[str]:
    return [found.code for found in analyze(text, uri).diagnostics]


def test_the_base_hand_is_clean_but_for_its_finishing_stacks() -> None:
    for form in FORMS:
        text, uri = _document(CLEAN, form)
        assert _codes(text, uri) == []


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    ("broken", "code", "title", "intended", "touched"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_each_fix_changes_exactly_what_it_means_to(
    broken: Callable[[str], str],
    code: str,
    title: str,
    intended: Callable[[Values], None],
    touched: tuple[str, ...],
    form: str,
) -> None:
    before, uri = _document(broken(BASE), form)
    assert _codes(before, uri).count(code) == 1
    fix = next(fix for fix, _ in _fixes(before, uri, code) if fix.title == title)
    after = _apply(before, fix)

    expected = _values(before)
    intended(expected["2"] if form.startswith("phhs") else expected)
    assert _values(after) == expected

    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    gone = [line for line in old if old.count(line) > new.count(line)]
    assert all(any(mark in line for mark in touched) for line in gone), gone
    if form.startswith("phhs"):  # the other hands, byte for byte
        assert after.startswith(before[: before.index("[2]")])
        assert after.endswith(before[before.index("[3]") :])
    newline = "\r\n" if form.endswith("crlf") else "\n"
    assert after.count("\n") == after.count(newline)  # no bare \n slipped into a CRLF file
    assert code not in _codes(after, uri)


@pytest.mark.parametrize(("broken", "code"), [(case[1], case[2]) for case in CASES], ids=[case[0] for case in CASES])
def test_fixes_read_the_data_not_the_message(broken: Callable[[str], str], code: str) -> None:
    view = analyze(broken(BASE), HAND_URI).hands[0]
    found = next(d for d in view.hand.diagnostics if d.code == code)
    fixes = fixes_for(view.hand, found)
    assert fixes
    reworded = dataclasses.replace(found, message="something else entirely: it is p9's turn, the hand has 7 players")
    assert fixes_for(view.hand, reworded) == fixes
    if code != "PHH502" and code not in NOTATION_CODES:  # these need the replay, or the word at the range
        assert fixes_for(view.hand, dataclasses.replace(found, data=None)) == []


def test_a_hand_tomlkit_cannot_read_gets_no_fix() -> None:
    text = BASE.replace("min_bet = 2000  # chips\n", "").replace('event = "', 'event = "unterminated\n"')
    view = analyze(text, HAND_URI).hands[0]
    found = [d for d in view.hand.diagnostics if d.code == "PHH202"]
    assert found and "PHH101" in [d.code for d in view.hand.diagnostics]
    assert fixes_for(view.hand, found[0]) == []


def test_the_data_leaves_equality_hashing_and_json_alone(tmp_path: Path) -> None:
    found = next(d for d in analyze(BASE, HAND_URI).diagnostics if d.code == "PHH502")
    missing = next(
        d for d in analyze(BASE.replace("min_bet = 2000  # chips\n", ""), HAND_URI).diagnostics if d.code == "PHH202"
    )
    assert missing.data is not None
    bare = dataclasses.replace(missing, data=None)
    assert bare == missing and hash(bare) == hash(missing) and repr(bare) == repr(missing)
    assert missing.shifted(3).data == missing.data and found.data is None
    path = tmp_path / "x.phh"
    path.write_text(BASE.replace("min_bet = 2000  # chips\n", ""))
    result = subprocess.run(
        [sys.executable, "-m", "phh_lsp", "check", "--output-format", "json", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    rows = json.loads(result.stdout)
    # the data itself is never printed: the JSON shows the fix it makes (ruff's `fix` object)
    assert {key for row in rows for key in row} == {
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "code",
        "name",
        "severity",
        "message",
        "fix",
    }
    assert {key for row in rows for key in row["fix"]} == {"applicability", "message", "edits"}


def test_every_case_says_whether_its_fix_is_safe() -> None:
    assert set(APPLICABILITY) == {case[0] for case in CASES}


@pytest.mark.parametrize(("name", "broken", "code", "title"), [case[:4] for case in CASES], ids=[c[0] for c in CASES])
def test_each_fix_is_safe_or_unsafe_as_decided(name: str, broken: Callable[[str], str], code: str, title: str) -> None:
    text, uri = _document(broken(BASE), "phh")
    fix = next(fix for fix, _ in _fixes(text, uri, code) if fix.title == title)
    assert fix.applicability == APPLICABILITY[name]
    assert fix.safe == (APPLICABILITY[name] == "safe")
