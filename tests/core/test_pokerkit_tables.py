"""PokerKit's hand tables are built when first used, and hold what PokerKit builds.

Each test runs a fresh interpreter: whether the tables are deferred depends
on phh_lsp being imported before PokerKit, which a test process that has
imported PokerKit long ago cannot show.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.core.test_diagnostic_codes import SHOWDOWN_NT

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
    """A hand that needs a table (a showdown) gives the same verdict with
    PokerKit imported first (its tables built on import, as PokerKit does)
    and with phh_lsp imported first (built on first use)."""
    analyse = (
        "from phh_lsp.core.analysis import analyze\n"
        f"hand = analyze({SHOWDOWN_NT!r}, 'x.phh', detail=False).hands[0].hand\n"
        "report['stacks'] = [str(s) for s in hand.replay.final_stacks]\n"
        "report['codes'] = [d.code for d in hand.diagnostics]\n"
        "print(json.dumps(report))\n"
    )
    built_on_import = (
        "lookup = pokerkit.StandardHighHand.lookup\nreport = {'built': len(lookup._Lookup__entries) > 0}\n"
    )
    eager = _run("import json, pokerkit, phh_lsp\n" + built_on_import + analyse)
    deferred = _run("import json, phh_lsp, pokerkit\n" + built_on_import + analyse)
    assert eager["built"] and not deferred["built"]
    assert eager["stacks"] == deferred["stacks"] == ["200", "0"]  # aces hold against kings
    assert eager["codes"] == deferred["codes"] == []
