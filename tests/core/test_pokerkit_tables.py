"""PokerKit's hand tables are built when first used, and hold what PokerKit builds.

Each test runs a fresh interpreter: whether the tables are deferred depends
on phh_lsp being imported before PokerKit, which a test process that has
imported PokerKit long ago cannot show.
"""

from __future__ import annotations

import json
import subprocess
import sys

from phh_lsp.core.analysis import analyze

TABLES = """
import json, sys
import phh_lsp
import pokerkit
from pokerkit import hands
from pokerkit.lookups import Lookup
classes = [c for c in vars(hands).values() if isinstance(c, type) and isinstance(getattr(c, "lookup", None), Lookup)]
report = {"empty_after_import": {c.__name__: len(c.lookup._Lookup__entries) == 0 for c in classes}}
"""


def _run(code: str) -> dict[str, object]:
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_importing_pokerkit_after_phh_lsp_builds_no_table() -> None:
    report = _run(TABLES + "print(json.dumps(report))")
    empty = report["empty_after_import"]
    assert isinstance(empty, dict)
    assert len(empty) >= 10  # every hand type of PokerKit's: standard, low, short-deck, Badugi, ...
    assert all(empty.values()), empty


def test_every_table_built_on_first_use_equals_pokerkits_own() -> None:
    code = TABLES + (
        "from phh_lsp.core.engine.pokerkit_tables import eager_build\n"
        "same = {}\n"
        "for c in classes:\n"
        "    c.lookup.has_entry('As')  # the first look builds it\n"
        "    fresh = type(c.lookup)()\n"
        "    eager_build(Lookup)(fresh)\n"
        "    same[c.__name__] = (len(fresh._Lookup__entries) > 0\n"
        "        and fresh._Lookup__entries == c.lookup._Lookup__entries)\n"
        "report['same'] = same\n"
        "print(json.dumps(report))\n"
    )
    same = _run(code)["same"]
    assert isinstance(same, dict) and len(same) >= 10
    assert all(same.values()), same


def test_a_showdown_is_judged_as_with_eager_tables() -> None:
    """The hand that needs the tables (a showdown in every evaluation the
    spec's variants use) gives the same verdict in a fresh process as here."""
    code = (
        "import json, phh_lsp\n"
        "from phh_lsp.core.analysis import analyze\n"
        f"text = {SHOWDOWN!r}\n"
        "hand = analyze(text, 'x.phh', detail=False).hands[0].hand\n"
        "print(json.dumps({'stacks': [str(s) for s in hand.replay.final_stacks],"
        " 'codes': [d.code for d in hand.diagnostics]}))\n"
    )
    fresh = _run(code)
    hand = analyze(SHOWDOWN, "x.phh", detail=False).hands[0].hand
    assert hand.replay is not None and hand.replay.final_stacks is not None
    assert fresh == {"stacks": [str(s) for s in hand.replay.final_stacks], "codes": [d.code for d in hand.diagnostics]}
    assert fresh["stacks"] == ["190", "210"]  # p2's flush beats p1's straight


SHOWDOWN = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = [
  "d dh p1 9c8d",
  "d dh p2 AhKh",
  "p2 cbr 10",
  "p1 cc",
  "d db 7h6h5s",
  "p1 cc",
  "p2 cc",
  "d db 2h",
  "p1 cc",
  "p2 cc",
  "d db Tc",
  "p1 cc",
  "p2 cc",
  "p1 sm 9c8d",
  "p2 sm AhKh",
]
"""
