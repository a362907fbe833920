"""The one TOML syntax tree of the product: lossless, error tolerant, strict.

Why one reader: the features need positions (the checker's diagnostics,
hover, formatting) and a verdict on validity, on text that is often broken.
This package gives all three from one parse:

- :func:`parse` turns any ``str`` into a :class:`Document` whose tokens
  give back the text exactly, every node and token with its offsets; it
  never raises, and recovers at the next statement;
- :func:`check` adds TOML 1.0's rules on keys and tables to the grammar's
  errors, and builds the values;
- :func:`to_python` / :func:`loads` give the values exactly as
  ``tomllib.loads(text, parse_float=Decimal)`` does, or raise;
- :func:`decode` turns bytes into text, reporting bad UTF-8 as a TOML error.

Plain ``key = value`` lines (nearly all of PHH) are parsed as
:class:`LazyKeyValue` nodes: proved valid by one regular expression, their
nodes are built on first access, so that re-checking an 800 KB ``.phhs`` on
a keystroke costs less than ``tomllib.loads`` of it.
"""

from __future__ import annotations

from typing import Any

from phh_lsp.core.syntax.check import check, errors_only
from phh_lsp.core.syntax.encoding import decode
from phh_lsp.core.syntax.parser.document import parse
from phh_lsp.core.syntax.parser.plain import LazyKeyValue
from phh_lsp.core.syntax.parser.values import MAX_DEPTH
from phh_lsp.core.syntax.tokens import Token, TomlError
from phh_lsp.core.syntax.tree import (
    ArrayTableHeader,
    ArrayValue,
    Document,
    ErrorNode,
    InlineTable,
    Key,
    KeyValue,
    Node,
    ScalarValue,
    StringValue,
    TableHeader,
)

__all__ = [
    "MAX_DEPTH",
    "ArrayTableHeader",
    "ArrayValue",
    "Document",
    "ErrorNode",
    "InlineTable",
    "InvalidToml",
    "Key",
    "KeyValue",
    "LazyKeyValue",
    "Node",
    "ScalarValue",
    "StringValue",
    "TableHeader",
    "Token",
    "TomlError",
    "check",
    "decode",
    "errors",
    "loads",
    "parse",
    "to_python",
]


class InvalidToml(ValueError):
    """Raised by :func:`to_python` on invalid text; carries every error."""

    def __init__(self, errors: list[TomlError]) -> None:
        first = errors[0]
        super().__init__(f"{first.message} (at offset {first.start})")
        self.errors = errors


def errors(document: Document) -> list[TomlError]:
    """Every error of the document, grammar and rules, in source order
    (:func:`check`'s, without building the values)."""
    return errors_only(document)


def to_python(document: Document) -> dict[str, Any]:
    """The document's values as ``tomllib.loads(text, parse_float=Decimal)``
    gives them; raises :class:`InvalidToml` when the text is not valid."""
    value, found = check(document)
    if found:
        raise InvalidToml(found)
    return value


def loads(text: str) -> dict[str, Any]:
    """Parse and convert in one call (what ``tomllib.loads`` does)."""
    return to_python(parse(text))
