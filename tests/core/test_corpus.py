"""The corpus is the ground truth: every file in it is valid PHH.

The checker must report no error on any of them, compute the same final
stacks as PokerKit's own loader, and the fields it reads must hold the
same values as tomllib reads.
"""

from __future__ import annotations

import tomllib
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory

from phh_lsp.core.analysis import analyze
from phh_lsp.core.rules.codes import Severity
from phh_lsp.core.syntax import parse
from phh_lsp.core.syntax.entries import read_entries
from phh_lsp.paths import read_text
from tests.conftest import corpus_files, manifest_totals

FILES = corpus_files()


def test_corpus_is_there() -> None:
    totals = manifest_totals()
    assert sum(path.suffix == ".phh" for path in FILES) == totals.phh_files
    assert sum(path.suffix == ".phhs" for path in FILES) == totals.phhs_files


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_error_and_pokerkit_final_stacks(path: Path) -> None:
    text = read_text(path)
    analysis = analyze(text, str(path), detail=False)
    errors = [d for d in analysis.diagnostics if d.severity is Severity.ERROR]
    assert errors == []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = list(HandHistory.loads_all(text)) if analysis.multi else [HandHistory.loads(text)]
        expected = [tuple(list(history)[-1].stacks) for history in histories]
    hands = [view.hand for view in analysis.hands if view.hand.header is not None or not analysis.multi]
    computed = [hand.replay.final_stacks if hand.replay else None for hand in hands]
    assert computed == expected


def _read(text: str) -> dict[str, object]:
    values: dict[str, object] = {}
    for entry in read_entries(parse(text)):
        if entry.is_header:
            values.setdefault(entry.key, {})
        elif entry.value is not None:
            target = values.setdefault(entry.table, {}) if entry.table else values
            assert isinstance(target, dict)
            target[entry.key] = entry.value.plain()
    return values


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_fields_read_are_what_tomllib_reads(path: Path) -> None:
    text = read_text(path)
    assert _read(text) == tomllib.loads(text, parse_float=Decimal)
