"""Quick fixes and "Fix all": each fix, applied, removes the problem it fixes."""

from __future__ import annotations

import random

import pytest
from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import analyze
from phh_lsp.core.fixes.fix_all import compatible
from phh_lsp.core.text import LineIndex, Span
from phh_lsp.lsp.features.code_actions import FIX_ALL_KIND, code_actions
from phh_lsp.lsp.features.diagnostics import lsp_diagnostics
from tests.conftest import CORPUS

DWAN = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text()
STUD = (CORPUS / "wsop-2023-43-5" / "10-00-34-43.phh").read_text()
PHHS = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"
URI = "file:///hands/test.phh"


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """Apply LSP edits (UTF-16 positions) as a client does: last first."""
    lines = LineIndex(text)
    located = [
        (
            lines.offset(e.range.start.line, e.range.start.character, "utf-16"),
            lines.offset(e.range.end.line, e.range.end.character, "utf-16"),
            e.new_text,
        )
        for e in edits
    ]
    for start, end, new in reversed(located):
        text = text[:start] + new + text[end:]
    return text


def diagnostics(text: str, uri: str = URI) -> list[types.Diagnostic]:
    return lsp_diagnostics(analyze(text, uri), Settings(), "utf-16")


def fixes(text: str, code: str, uri: str = URI) -> tuple[types.Diagnostic, list[types.CodeAction]]:
    found = [d for d in diagnostics(text, uri) if d.code == code]
    assert found, f"{code} not reported"
    target = found[0]
    actions = code_actions(analyze(text, uri), target.range, [target], uri, "utf-16", only=["quickfix"])
    assert actions and all(action.diagnostics == [target] for action in actions)
    return target, actions


def fixed(text: str, action: types.CodeAction, uri: str = URI) -> str:
    assert action.edit is not None and action.edit.changes is not None
    return apply(text, action.edit.changes[uri])


def still_there(text: str, target: types.Diagnostic) -> bool:
    return any(d.code == target.code and d.range == target.range for d in diagnostics(text))


CASES = [
    # (code, broken text, title of the first fix, expected text after it or None)
    ("PHH201", DWAN.replace('"NT"', '"Nt"'), 'Change the variant to "NT" (no-limit Texas hold\'em)', DWAN),
    ("PHH202", DWAN.replace("min_bet = 2000\n", ""), "Add `min_bet = 2000`", DWAN),
    ("PHH202", DWAN.replace("antes = [500, 500, 500]\n", ""), "Add `antes = [0, 0, 0]`", None),
    ("PHH202", STUD.replace("bring_in = 50000\n", ""), "Add `bring_in = 50000`", STUD),
    ("PHH202", STUD.replace("big_bet = 400000\n", ""), "Add `big_bet = 400000`", STUD),
    (
        "PHH202",
        DWAN.replace("starting_stacks = [1125600, 2000000, 553500]\n", ""),
        "Add `starting_stacks = [inf, inf, inf]`",
        None,
    ),
    ("PHH202", DWAN.replace('variant = "NT"\n', ""), 'Add `variant = "NT"`', None),
    (
        "PHH202",
        DWAN.replace("blinds_or_straddles = [1000, 2000, 0]\n", ""),
        "Add `blinds_or_straddles = [1000, 2000, 0]`",
        DWAN,
    ),
    ("PHH203", DWAN.replace("min_bet = 2000\n", "min_bet = 2000\nsmall_bet = 1000\n"), "Remove `small_bet`", DWAN),
    ("PHH203", DWAN.replace("min_bet = 2000\n", "min_bet = 2000\nbring_in = [\n  1,\n]\n"), "Remove `bring_in`", None),
    (
        "PHH205",
        DWAN.replace("antes = [500, 500, 500]", "antes = [500, 500]"),
        "Add 0 to `antes` for 3 players",
        DWAN.replace("antes = [500, 500, 500]", "antes = [500, 500, 0]"),
    ),
    (
        "PHH205",
        DWAN.replace("antes = [500, 500, 500]", "antes = [500, 500, 500, 500]"),
        "Remove the last 1 entry of `antes`",
        DWAN,
    ),
    (
        "PHH205",
        DWAN.replace('"Patrik Antonius", "Tom Dwan"', '"Patrik Antonius"'),
        'Add "Player 3" to `players` for 3 players',
        None,
    ),
    ("PHH205", DWAN.replace('currency = "USD"', "seats = [4]"), "Add 5, 6 to `seats` for 3 players", None),
    ("PHH208", DWAN.replace("author =", "authr ="), "Rename to `author`", DWAN),
    (
        "PHH208",
        DWAN.replace("author =", "scribe ="),
        "Rename to `_scribe` (user-defined field)",
        DWAN.replace("author =", "_scribe ="),
    ),
    ("PHH401", DWAN.replace('"p3 cbr 7000"', '"p2 cbr 7000"'), "Replace p2 with p3, whose turn it is", DWAN),
    ("PHH401", DWAN.replace('"d dh p1 Ac2d"', '"d dh p2 Ac2d"'), "Replace p2 with p1, whose turn it is", DWAN),
    ("PHH402", DWAN.replace('"p1 cbr 23000"', '"p1 cbr 8000"'), "Bet the minimum: 12,000", None),
    ("PHH402", DWAN.replace('"p1 cbr 23000"', '"p1 cbr 2000000"'), "Go all-in: 1,125,100", None),
    (
        "PHH402",
        DWAN.replace("[1125600, 2000000, 553500]", "[inf, inf, inf]").replace("cbr 23000", "cbr 8000"),
        "Bet the minimum: 12,000",
        None,
    ),
    (
        "PHH502",
        DWAN + "finishing_stacks = [1, 2, 3]\n",
        "Use the replayed finishing stacks",
        DWAN + "finishing_stacks = [572100, 1997500, 1109500]\n",
    ),
]


@pytest.mark.parametrize(("code", "text", "title", "expected"), CASES)
def test_each_fix_removes_its_problem(code: str, text: str, title: str, expected: str | None) -> None:
    target, actions = fixes(text, code)
    assert actions[0].title == title
    after = fixed(text, actions[0])
    if expected is not None:
        assert after == expected
    assert not still_there(after, target)
    for other in actions[1:]:
        assert not still_there(fixed(text, other), target)


def test_unknown_field_offers_both_renames() -> None:
    _, actions = fixes(DWAN.replace("author =", "authr ="), "PHH208")
    assert [(a.title, a.is_preferred) for a in actions] == [
        ("Rename to `author`", True),
        ("Rename to `_authr` (user-defined field)", None),
    ]


def test_stale_or_foreign_diagnostics_get_no_fix() -> None:
    text = DWAN.replace("min_bet = 2000\n", "")
    analysis = analyze(text, URI)
    target = next(d for d in diagnostics(text) if d.code == "PHH202")
    moved = types.Diagnostic(
        range=types.Range(types.Position(30, 0), types.Position(30, 3)), message=target.message, code="PHH202"
    )
    foreign = types.Diagnostic(range=target.range, message="x", code="E501", source="ruff")
    assert code_actions(analysis, target.range, [moved, foreign], URI, "utf-16", only=["quickfix"]) == []
    assert code_actions(analysis, target.range, [], URI, "utf-16", only=["quickfix"]) == []


def test_crlf_line_removal_and_insertion() -> None:
    text = DWAN.replace("min_bet = 2000\n", "small_bet = 1\n").replace("\n", "\r\n")
    _, remove = fixes(text, "PHH203")
    _, add = fixes(text, "PHH202")
    assert fixed(text, remove[0]).count("small_bet") == 0 and "\n\n\n" not in fixed(text, remove[0])
    assert "min_bet = 2000\r\nstarting_stacks" in fixed(text, add[0])


def fix_all(text: str, uri: str = URI, only: list[str] | None = None) -> str | None:
    empty = types.Range(types.Position(0, 0), types.Position(0, 0))
    found = code_actions(analyze(text, uri), empty, [], uri, "utf-16", only=only)
    actions = [a for a in found if a.kind == FIX_ALL_KIND]
    return fixed(text, actions[0], uri) if actions else None


def test_fix_all_applies_every_safe_fix_and_no_unsafe_one() -> None:
    text = (
        DWAN.replace("min_bet = 2000\n", "small_bet = 1000\nbig_bet = 2000\n")
        .replace("author =", "scribe =")
        .replace('"p3 cbr 7000"', '"p2 cbr 7000"')
        .replace('"d db Jc3d5c"', '"d db Jc3d5c"'.replace("Jc", "jc"))
    )
    after = fix_all(text)
    assert after is not None
    codes = {d.code for d in diagnostics(after)}
    assert not codes & {"PHH202", "PHH203", "PHH208", "PHH307"}
    assert "PHH401" in codes  # changing who acted is left to the user
    assert "min_bet = 2000\n" in after and "_scribe =" in after and "Jc3d5c" in after
    assert fix_all(DWAN.replace("antes = [500, 500, 500]", "antes = [500, 500]")) is None  # p3's ante: a guess
    stacks = DWAN + "finishing_stacks = [1, 2, 3]\n"
    assert fix_all(stacks) is None  # the recorded result is never overwritten by "Fix all"
    assert fix_all(DWAN) is None
    assert fix_all(text, only=["quickfix"]) is None


def test_fix_all_never_guesses_the_variant() -> None:
    for written in ("NTX", "Hold'em", "PLO8"):
        assert fix_all(DWAN.replace('"NT"', f'"{written}"')) is None
    assert fix_all(DWAN.replace('"NT"', '"NLHE"')) == DWAN
    assert fix_all(DWAN.replace('"NT"', '"No Limit Hold\'em"')) == DWAN


def test_fix_all_in_a_phhs_only_when_asked() -> None:
    text = PHHS.read_text()
    lines = text.split("\n")
    broken = "\n".join([*lines[:5], "small_bet = 1", *lines[5:40]])
    uri = "file:///hands/x.phhs"
    assert fix_all(broken, uri) is None  # not computed when the cursor merely moves
    after = fix_all(broken, uri, only=[types.CodeActionKind.SourceFixAll.value])
    assert after == "\n".join(lines[:40])


def test_fix_all_writes_every_safe_fix_of_every_hand_at_once() -> None:
    """Several fixes in one hand are written in one round trip, in each hand
    of a ``.phhs``; two respellings of one action string are both made, the
    second on the next "Fix all" (each was computed from the old string)."""
    hand = DWAN.replace("antes = [500, 500, 500]\n", "").replace("author =", "scribe =")
    hand = hand.replace('"d dh p1 Ac2d"', '"d dh p1 aC2D"')
    hands = "".join(f"[{number}]\n{hand}\n" for number in (1, 2, 3))
    uri = "file:///hands/x.phhs"
    after = fix_all(hands, uri, only=[FIX_ALL_KIND])
    assert after is not None
    assert after.count("antes = [0, 0, 0]\n") == 3 and after.count("_scribe =") == 3
    assert after.count('"d dh p1 Ac2D"') == 3  # one respelling per action string per round
    assert [d.code for d in diagnostics(after, uri)] == ["PHH307"] * 3
    again = fix_all(after, uri, only=[FIX_ALL_KIND])
    assert again is not None and again.count('"d dh p1 Ac2d"') == 3
    assert not {d.code for d in diagnostics(again, uri)} & {"PHH202", "PHH208", "PHH307"}


def test_groups_of_edits_are_kept_by_the_plain_rule() -> None:
    """``compatible`` (bisect over the taken ranges) keeps exactly the groups
    the plain rule keeps: a group whose ranges touch no earlier kept one."""

    def plain(groups: list[tuple[list[tuple[Span, str]], int]]) -> tuple[list[tuple[Span, str]], int]:
        taken: list[Span] = []
        kept: list[tuple[Span, str]] = []
        count = 0
        for edits, made in sorted(groups, key=lambda group: min(span.start for span, _ in group[0])):
            if any(span.start <= other.end and other.start <= span.end for span, _ in edits for other in taken):
                continue
            taken += [span for span, _ in edits]
            kept += edits
            count += made
        return kept, count

    rng = random.Random(7)
    for _ in range(3000):
        groups = []
        for _ in range(rng.randint(1, 5)):
            edits, at = [], rng.randint(0, 30)
            for _ in range(rng.randint(1, 3)):
                end = at + rng.choice([0, 0, 1, 3])
                edits.append((Span(at, end), "x"))
                at = end + rng.randint(1, 4)
            groups.append((edits, len(edits)))
        assert compatible(groups) == plain(groups), groups
