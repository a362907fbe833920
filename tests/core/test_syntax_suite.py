"""The syntax tree against the official toml-test suite and the corpus.

Why both: the suite is TOML 1.0's own verdict on 709 texts (each valid file
must give no error and values equal to its expected JSON, which ``tomllib``
meets; each invalid file at least one error), and the corpus is what the
product reads every day (no error, the same values as ``tomllib``, and a
lossless tree).

One documented difference with ``tomllib``: TOML allows a UTF-8 byte order
mark at the start (``valid/utf8-bom-*``), which ``tomllib.loads`` rejects;
values are compared with ``tomllib`` on the text without it.
"""

from __future__ import annotations

import datetime
import json
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from phh_lsp.core.syntax import check, decode, errors, parse
from phh_lsp.core.syntax.encoding import Decoded

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
SUITE = SHARED / "toml-test"
CORPUS = SHARED / "corpus"


def suite_names(prefix: str) -> list[str]:
    """The TOML 1.0 files of the suite under ``prefix`` (valid/ or invalid/)."""
    listed = (SUITE / "files-toml-1.0.0").read_text(encoding="utf-8").splitlines()
    return [name for name in (line.strip() for line in listed) if name.startswith(prefix) and name.endswith(".toml")]


VALID = suite_names("valid/")
INVALID = suite_names("invalid/")
CORPUS_FILES = sorted(path for path in CORPUS.rglob("*") if path.suffix in (".phh", ".phhs"))


def normalized(value: Any) -> Any:
    """A value with its exact type kept (1 is not True nor 1.0) and NaN
    comparable, so that equality means "the same TOML value"."""
    if isinstance(value, dict):
        return {key: normalized(item) for key, item in value.items()}
    if isinstance(value, list):
        return [normalized(item) for item in value]
    if isinstance(value, Decimal):
        return ("decimal", str(value))
    if isinstance(value, datetime.datetime):
        return ("datetime", value.isoformat(), value.utcoffset())
    return (type(value).__name__, value)


def tomllib_value(text: str) -> Any:
    return normalized(tomllib.loads(text.removeprefix("\ufeff"), parse_float=Decimal))


def test_suite_is_there() -> None:
    assert len(VALID) == 210
    assert len(INVALID) == 499


@pytest.mark.parametrize("name", VALID)
def test_valid_suite_file(name: str) -> None:
    decoded = decode((SUITE / name).read_bytes())
    text, encoding_error = decoded.text, decoded.error
    assert encoding_error is None
    document = parse(text, bom=False)  # the decoder took the mark off: another is stray
    assert "".join(token.text for token in document.tokens()) == text
    assert errors(document) == []
    assert normalized(check(document)[0]) == tomllib_value(text)


def _json_value(tagged: Any) -> Any:
    """The suite's typed JSON ({"type": ..., "value": ...}) as comparable values."""
    if isinstance(tagged, list):
        return [_json_value(item) for item in tagged]
    if set(tagged) == {"type", "value"} and isinstance(tagged["value"], str):
        kind, raw = tagged["type"], tagged["value"]
        if kind == "integer":
            return int(raw)
        if kind == "float":
            return {"inf": "inf", "+inf": "inf", "-inf": "-inf"}.get(raw, "nan" if "nan" in raw else float(raw))
        if kind == "bool":
            return raw == "true"
        return (kind, raw) if kind != "string" else raw
    return {key: _json_value(item) for key, item in tagged.items()}


def _ours_as_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _ours_as_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_ours_as_json(item) for item in value]
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        return float(value)
    if isinstance(value, datetime.datetime):
        return ("datetime" if value.tzinfo else "datetime-local", value)
    if isinstance(value, datetime.date):
        return ("date-local", value)
    if isinstance(value, datetime.time):
        return ("time-local", value)
    return value


def _json_dates(value: Any) -> Any:
    """Parse the suite's date strings so that formatting differences vanish."""
    if isinstance(value, dict):
        return {key: _json_dates(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_json_dates(item) for item in value]
    if isinstance(value, tuple):
        kind, raw = value
        if kind in ("datetime", "datetime-local"):
            return (kind, datetime.datetime.fromisoformat(raw.replace("z", "Z").replace(" ", "T")))
        if kind == "date-local":
            return (kind, datetime.date.fromisoformat(raw))
        if kind == "time-local":
            return (kind, datetime.time.fromisoformat(raw[:15]))
    return value


@pytest.mark.parametrize("name", VALID)
def test_valid_suite_file_matches_expected_json(name: str) -> None:
    """The suite's own expected values, not only tomllib's."""
    text = decode((SUITE / name).read_bytes()).text
    expected = json.loads((SUITE / name).with_suffix(".json").read_text(encoding="utf-8"))
    assert _ours_as_json(check(parse(text, bom=False))[0]) == _json_dates(_json_value(expected))


@pytest.mark.parametrize("name", INVALID)
def test_invalid_suite_file(name: str) -> None:
    decoded = decode((SUITE / name).read_bytes())
    text, encoding_error = decoded.text, decoded.error
    document = parse(text, bom=False)
    assert "".join(token.text for token in document.tokens()) == text
    found = errors(document) + ([encoding_error] if encoding_error else [])
    assert found, "an invalid file must give at least one error"
    for error in found:
        assert 0 <= error.start <= error.end <= len(text)
        assert error.message


def test_every_invalid_file_names_a_line_of_its_own() -> None:
    """The first error stands inside the text (an editor can show it)."""
    for name in INVALID:
        decoded = decode((SUITE / name).read_bytes())
        text, encoding_error = decoded.text, decoded.error
        first = encoding_error or errors(parse(text, bom=False))[0]
        assert first.start <= len(text), name


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda path: path.name)
def test_corpus_file(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    document = parse(text)
    assert "".join(token.text for token in document.tokens()) == text
    assert errors(document) == []
    assert normalized(check(document)[0]) == tomllib_value(text)


def test_decode_reports_the_first_bad_byte() -> None:
    decoded = decode(b'a = "\xc3\xa9"\nb = "\xff"\n')
    text, error = decoded.text, decoded.error
    assert error is not None
    assert text[error.start] == "\ufffd"
    assert error.start == text.index("\ufffd")
    assert "byte 0xff here cannot be read" in error.message
    assert decode("é".encode()) == Decoded("é")
    assert decode("\ufeffé".encode()) == Decoded("é", bom=True)
