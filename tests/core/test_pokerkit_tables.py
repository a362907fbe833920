"""PokerKit's hand tables are built when first used, and hold what PokerKit builds.

Each test runs a fresh interpreter: whether the tables are deferred depends
on phh_lsp being imported before PokerKit, which a test process that has
imported PokerKit long ago cannot show.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pokerkit.lookups import Lookup, StandardLookup

from phh_lsp.core.engine import stored_tables
from phh_lsp.core.engine.pokerkit_tables import built_by_pokerkit, eager_build
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
        "    table = {k: v for k, v in vars(c.lookup).items() if not k.startswith('_phh_lsp')}\n"
        "    same[c.__name__] = len(fresh._Lookup__entries) > 0 and vars(fresh) == table\n"
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


def _entries(lookup: Lookup) -> list[tuple[tuple[int, bool], int, str]]:
    """A table as PokerKit holds it, labels and order included (an Entry's
    equality reads its index only)."""
    return [(key, entry.index, entry.label.name) for key, entry in vars(lookup)["_Lookup__entries"].items()]


def test_the_stored_holdem_table_is_the_one_this_pokerkit_builds() -> None:
    """Fails when PokerKit's table-making code changed: write the copy again
    with ``python -m tests.core.test_pokerkit_tables`` (until then PokerKit
    builds the table, as the next test shows)."""
    built = built_by_pokerkit(StandardLookup)
    assert stored_tables.FILE.read_bytes() == stored_tables.encode(built)
    loaded = StandardLookup()
    assert stored_tables.load(loaded)
    assert _entries(loaded) == _entries(built) and len(_entries(built)) == 7462
    assert vars(loaded)["_Lookup__entry_count"] == vars(built)["_Lookup__entry_count"] == 7482
    assert loaded.get_entry("AsKsQsJsTs") > loaded.get_entry("AhAdAcAsKs") > loaded.get_entry("7c5d4h3s2c")


@pytest.mark.parametrize("damage", ["another PokerKit", "cut short", "unknown label", "missing"])
def test_a_stored_table_not_of_this_pokerkit_is_not_used(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = stored_tables.FILE.read_bytes()
    form, stamp, count, names, columns = data.split(b"\n", 4)
    damaged = {
        "another PokerKit": b"\n".join([form, b"19836:00000000 27003:b66f5a17", count, names, columns]),
        "cut short": data[: len(data) - 5],
        "unknown label": b"\n".join([form, stamp, count, names.replace(b"FLUSH", b"FLUX"), columns]),
    }
    copy = tmp_path / "standard_table.bin"
    if damage in damaged:
        copy.write_bytes(damaged[damage])
    monkeypatch.setattr(stored_tables, "FILE", copy)
    lookup = StandardLookup()
    before = dict(vars(lookup))
    assert not stored_tables.load(lookup)
    assert vars(lookup) == before
    # PokerKit then builds it, as it would have
    eager_build(Lookup)(lookup)
    assert _entries(lookup) == _entries(built_by_pokerkit(StandardLookup))


def test_only_holdems_table_is_stored() -> None:
    from pokerkit.lookups import ShortDeckHoldemLookup

    lookup = ShortDeckHoldemLookup()
    before = dict(vars(lookup))
    assert not stored_tables.load(lookup)
    assert vars(lookup) == before


if __name__ == "__main__":  # after PokerKit changed: store the hold'em table it builds now
    stored_tables.FILE.write_bytes(stored_tables.encode(built_by_pokerkit(StandardLookup)))
    print(f"wrote {stored_tables.FILE}")
