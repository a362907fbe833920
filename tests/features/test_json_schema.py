"""The JSON schema: generated from the field table, committed, and true to the corpus."""

from __future__ import annotations

import datetime
import json
import re
import tomllib
from typing import Any

import pytest

from phh_lsp import cli
from phh_lsp.core.rules.json_schema import schema, schema_text
from tests.conftest import CORPUS, ROOT, manifest_totals

DWAN = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text()
_TYPES = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def errors(value: Any, rule: Any, root: dict[str, Any], where: str = "") -> list[str]:
    """A validator for the subset of draft 2020-12 the schema uses."""
    if rule is True:
        return []
    if rule is False:
        return [f"{where}: not allowed"]
    if "$ref" in rule:
        return errors(value, root if rule["$ref"] == "#" else None, root, where)
    found: list[str] = []
    kinds = rule.get("type")
    if kinds is not None and not any(_TYPES[k](value) for k in ([kinds] if isinstance(kinds, str) else kinds)):
        return [f"{where}: {value!r} is not {kinds}"]
    if "enum" in rule and value not in rule["enum"]:
        found.append(f"{where}: {value!r} not in enum")
    if "const" in rule and value != rule["const"]:
        found.append(f"{where}: {value!r} != {rule['const']!r}")
    if "pattern" in rule and isinstance(value, str) and not re.search(rule["pattern"], value):
        found.append(f"{where}: {value!r} does not match")
    for key, test in (
        ("minimum", lambda a, b: a >= b),
        ("maximum", lambda a, b: a <= b),
        ("exclusiveMinimum", lambda a, b: a > b),
        ("minLength", lambda a, b: len(a) >= b),
        ("maxLength", lambda a, b: len(a) <= b),
        ("minItems", lambda a, b: len(a) >= b),
    ):
        if key in rule and not test(value, rule[key]):
            found.append(f"{where}: fails {key}")
    if isinstance(value, list) and "items" in rule:
        for index, item in enumerate(value):
            found += errors(item, rule["items"], root, f"{where}[{index}]")
    if isinstance(value, dict):
        found += [f"{where}: missing {name}" for name in rule.get("required", []) if name not in value]
        for name, item in value.items():
            if name in rule.get("properties", {}):
                found += errors(item, rule["properties"][name], root, f"{where}.{name}")
            elif any(re.search(p, name) for p in rule.get("patternProperties", {})):
                continue
            elif "additionalProperties" in rule:
                found += errors(item, rule["additionalProperties"], root, f"{where}.{name}")
    for part in rule.get("allOf", []):
        found += errors(value, part, root, where)
    if "if" in rule and not errors(value, rule["if"], root, where):
        found += errors(value, rule["then"], root, where)
    return found


def plain(value: Any) -> Any:
    """tomllib values as a TOML schema tool sees them (times become strings)."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, datetime.time):
        return value.isoformat()
    return value


def validate(text: str) -> list[str]:
    return errors(plain(tomllib.loads(text)), schema(), schema())


def test_committed_file_is_the_generated_schema() -> None:
    assert (ROOT / "docs" / "schema" / "phh.schema.json").read_text() == schema_text()
    assert json.loads(schema_text()) == schema()


def test_cli_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["schema"]) == 0
    assert capsys.readouterr().out == schema_text()


def test_every_corpus_hand_validates() -> None:
    paths = sorted(CORPUS.rglob("*.phh"))
    totals = manifest_totals()
    assert len(paths) == totals.phh_files
    for path in paths:
        assert validate(path.read_text()) == [], path
    root = schema()
    collected = 0
    for path in CORPUS.rglob("*.phhs"):
        hands = plain(tomllib.loads(path.read_text()))
        collected += len(hands)
        assert errors(hands, root["$defs"]["hand_collection"], root) == [], path  # each hand through {"$ref": "#"}
    assert collected + len(paths) == totals.hands
    assert errors({"1": {"variant": "NT"}}, root["$defs"]["hand_collection"], root) != []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("min_bet = 2000", "min_bet = 2000\nsmall_bet = 1000"), ".small_bet: not allowed"),
        (("min_bet = 2000\n", ""), ": missing min_bet"),
        (('variant = "NT"', 'variant = "XX"'), ".variant: 'XX' not in enum"),
        (("antes = [500, 500, 500]", "antes = [500, -1, 500]"), ".antes[1]: fails minimum"),
        (("starting_stacks = [1125600, 2000000, 553500]", "starting_stacks = [0]"), ".starting_stacks: fails minItems"),
        (('currency = "USD"', "currency = 1"), ".currency: 1 is not string"),
        (('currency = "USD"', "time = 20:15:00"), None),
        (('currency = "USD"', "_my_notes = {a = 1}"), None),
    ],
)
def test_violations_are_caught(change: tuple[str, str], problem: str | None) -> None:
    found = validate(DWAN.replace(*change))
    assert (problem in found) if problem else found == []
