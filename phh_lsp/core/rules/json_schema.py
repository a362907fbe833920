"""A JSON Schema (draft 2020-12) for one PHH hand, built from the field table.

TOML tools that validate with JSON Schema (taplo / Even Better TOML, for
instance) can use it to check ``.phh`` files without this server; the
schema of a ``.phhs`` file is ``$defs/hand_collection``. It is generated
from :mod:`phh_lsp.core.rules.schema`, so it cannot drift from the checker:
``phh-lsp schema`` prints it and ``docs/schema/phh.schema.json`` is the
committed copy (a test keeps the two equal).

What JSON Schema cannot say is left to the checker: TOML local times are
checked as strings of the form ``HH:MM:SS``, and unknown fields stay
allowed (the spec makes them a warning, PHH208), with ``_``-prefixed
user-defined fields documented through ``patternProperties``.
"""

from __future__ import annotations

import json
from typing import Any

from phh_lsp.core.rules.schema import (
    ALWAYS_REQUIRED,
    FIELD_SPECS,
    REQUIRED_BY_VARIANT,
    VARIANT_NAMES,
    FieldSpec,
    ValueKind,
    forbidden_fields,
)

SCHEMA_ID = "https://raw.githubusercontent.com/phh-lsp/phh-lsp/main/docs/schema/phh.schema.json"
_POSITIVE = {"bring_in", "small_bet", "big_bet", "min_bet"}

_KIND_SCHEMAS: dict[ValueKind, dict[str, Any]] = {
    ValueKind.STRING: {"type": "string"},
    ValueKind.INTEGER: {"type": "integer"},
    ValueKind.NUMBER: {"type": "number"},
    ValueKind.BOOLEAN: {"type": "boolean"},
    ValueKind.LOCAL_TIME: {"type": "string", "pattern": r"^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$"},
    ValueKind.STRING_OR_INTEGER: {"type": ["string", "integer"]},
    ValueKind.NUMBER_ARRAY: {"type": "array", "items": {"type": "number"}},
    ValueKind.STACK_ARRAY: {"type": "array", "items": {"type": "number"}},
    ValueKind.INTEGER_ARRAY: {"type": "array", "items": {"type": "integer"}},
    ValueKind.STRING_ARRAY: {"type": "array", "items": {"type": "string"}},
}


def _property(spec: FieldSpec) -> dict[str, Any]:
    result: dict[str, Any] = {"title": spec.title, "description": f"{spec.description} ({spec.section})"}
    result.update(json.loads(json.dumps(_KIND_SCHEMAS[spec.kind])))
    if spec.name == "variant":
        result["enum"] = list(VARIANT_NAMES)
    elif spec.name in _POSITIVE:
        result["exclusiveMinimum"] = 0
    elif spec.name == "antes":
        result["items"]["minimum"] = 0
    elif spec.name == "starting_stacks":
        result["items"]["exclusiveMinimum"] = 0
        result["minItems"] = 2
    elif spec.name == "currency_symbol":
        result.update(minLength=1, maxLength=1)
    elif spec.name in ("day", "month"):
        result.update(minimum=1, maximum=31 if spec.name == "day" else 12)
    return result


def _variant_rule(variant: str) -> dict[str, Any]:
    return {
        "if": {"properties": {"variant": {"const": variant}}, "required": ["variant"]},
        "then": {
            "required": list(REQUIRED_BY_VARIANT[variant]),
            "properties": {name: False for name in forbidden_fields(variant)},
        },
    }


def schema() -> dict[str, Any]:
    """The schema of one hand (the top level of a ``.phh`` file)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Poker Hand History (PHH) hand",
        "description": (
            "One hand in the PHH format (a .phh file). Which of the required fields apply depends on "
            "the variant; a .phhs file is an object of such hands, see $defs/hand_collection."
        ),
        "type": "object",
        "properties": {name: _property(spec) for name, spec in FIELD_SPECS.items()},
        "required": list(ALWAYS_REQUIRED),
        "allOf": [_variant_rule(variant) for variant in VARIANT_NAMES],
        "patternProperties": {
            "^_": {"description": "A user-defined field (spec §VII): any name starting with `_`, any value."}
        },
        "$comment": (
            "Unknown fields without a leading `_` are only a warning in PHH (PHH208), "
            "so additionalProperties stays open."
        ),
        "additionalProperties": True,
        "$defs": {
            "hand_collection": {
                "title": "Poker Hand History collection (.phhs)",
                "description": "Hands as tables named [1], [2], ...; each is a PHH hand.",
                "type": "object",
                "additionalProperties": {"$ref": "#"},
            }
        },
    }


def schema_text() -> str:
    """The schema as indented JSON ending with a newline (the committed file)."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
