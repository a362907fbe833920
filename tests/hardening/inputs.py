"""Inputs for the hardening tests and the fuzz run.

Three families, all deterministic in a ``random.Random``:

* ``random_text``: TOML-ish noise (keys, brackets, quotes, numbers, action
  words) mixed with arbitrary code points, control characters and lone
  surrogates;
* ``mutate``: a valid hand with a few random edits (characters deleted,
  quotes and brackets inserted, truncated, lines duplicated, swapped or
  re-ended with CRLF / a lone CR, a number replaced by an extreme value);
* ``EXTREMES``: named builders of the hostile documents the issue lists
  (amounts of 10**30, inf, nan, -0.0, 10,000 players, 100,000 actions, a
  10 MB document, arrays nested thousands deep, NUL, CRLF, lone CR, ...).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
SMALL_KB = 100  # the "must answer within 1 s" limit applies below this size

NT = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AcAd",
  "d dh p2 KcKd",
  "d dh p3 QcQd",
  "p3 cbr 6",  # open
  "p1 cc",
  "p2 cc",
  "d db Jc3d5c",
  "p1 cc",
  "p2 cbr 10",
  "p3 f",
  "p1 cc",
  "d db 4h",
  "p1 cc",
  "p2 cc",
  "d db 9s",
  "p1 cc",
  "p2 cc",
  "p1 sm AcAd",
  "p2 sm KcKd",
]
players = ["Ann", "Bo", "Cy"]  # who sat
"""


@cache
def corpus_files() -> tuple[Path, ...]:
    """Every .phh / .phhs of the shared corpus, sorted."""
    return tuple(sorted(p for p in CORPUS.rglob("*") if p.suffix in (".phh", ".phhs")))


@cache
def corpus_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def small_corpus() -> list[Path]:
    """Corpus files under 100 KB (every one but the big .phhs)."""
    return [p for p in corpus_files() if p.stat().st_size < SMALL_KB * 1024]


# ----------------------------------------------------------------- noise

TOKENS = (
    '"',
    "'",
    '"""',
    "'''",
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    "=",
    ",",
    ".",
    "#",
    "\\",
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    "actions",
    "variant",
    "starting_stacks",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "[1]",
    "[2]",
    '"NT"',
    '"FO/8"',
    '"F7S"',
    "p1",
    "p2",
    "p10",
    "d",
    "dh",
    "db",
    "cbr",
    "cc",
    "f",
    "sm",
    "sd",
    "pb",
    "AcAd",
    "??",
    "Tc",
    "0",
    "1",
    "-1",
    "1.5",
    "1e9",
    "10" * 15,
    "inf",
    "nan",
    "-0.0",
    "true",
    "1979-05-27",
    "\x00",
    "\x7f",
    "\u2028",
    "\ufeff",
    "é",
    "😀",
    "\ud800",
    "\udc00",
    "\uff10",
)


def random_text(rng: random.Random, size: int = 200) -> str:
    """TOML-ish noise with arbitrary code points in it."""
    parts: list[str] = []
    while sum(map(len, parts)) < size:
        roll = rng.random()
        if roll < 0.7:
            parts.append(rng.choice(TOKENS))
        elif roll < 0.85:
            parts.append(chr(rng.randint(0, 0x7F)))
        else:
            parts.append(chr(rng.randint(0, 0x10FFFF)))
    return "".join(parts)


# ----------------------------------------------------------------- edits

EXTREME_NUMBERS = (
    "10" + "0" * 29,
    "inf",
    "-inf",
    "nan",
    "+nan",
    "-0.0",
    "1e308",
    "1e-308",
    "0x7fffffff",
    "99999999999999999999999999999999999999.5",
    "-5",
    "0",
    "1_000",
    "1E+400",
)
INSERTS = ('"', "'", '"""', "'''", "[", "]", "{", "}", ",", "=", "#", "\\", "\n", "\r", "\x00", "[1]")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def _delete(text: str, rng: random.Random) -> str:
    if not text:
        return text
    start = rng.randrange(len(text))
    return text[:start] + text[start + rng.randint(1, 3) :]


def _insert(text: str, rng: random.Random) -> str:
    at = rng.randint(0, len(text))
    return text[:at] + rng.choice(INSERTS) + text[at:]


def _truncate(text: str, rng: random.Random) -> str:
    return text[: rng.randint(0, len(text))]


def _duplicate_line(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    index = rng.randrange(len(lines))
    lines.insert(index, lines[index])
    return "".join(lines)


def _swap_lines(text: str, rng: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    if len(lines) < 2:
        return text
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "".join(lines)


def _line_endings(text: str, rng: random.Random) -> str:
    ending = rng.choice(("\r\n", "\r", "\n\r"))
    if rng.random() < 0.5:
        return text.replace("\n", ending)
    lines = text.split("\n")
    index = rng.randrange(len(lines))
    return "\n".join(lines[:index]) + ending + "\n".join(lines[index:])


def _extreme_number(text: str, rng: random.Random) -> str:
    found = list(_NUMBER.finditer(text))
    if not found:
        return text
    match = rng.choice(found)
    return text[: match.start()] + rng.choice(EXTREME_NUMBERS) + text[match.end() :]


def _odd_character(text: str, rng: random.Random) -> str:
    at = rng.randint(0, len(text))
    char = rng.choice(("\x00", "\x01", "\x1b", "\x7f", "\u200b", "\u2028", "\ufeff", "é", "😀", "\ud83d", "\t"))
    return text[:at] + char + text[at:]


EDITS: tuple[Callable[[str, random.Random], str], ...] = (
    _delete,
    _delete,
    _insert,
    _insert,
    _truncate,
    _duplicate_line,
    _swap_lines,
    _line_endings,
    _extreme_number,
    _odd_character,
)


def mutate(text: str, rng: random.Random, edits: int | None = None) -> str:
    """``text`` with 1-3 random edits."""
    for _ in range(edits if edits is not None else rng.randint(1, 3)):
        text = rng.choice(EDITS)(text, rng)
    return text


# ----------------------------------------------------------------- extremes


def _hand(**fields: str) -> str:
    base = {
        "variant": '"NT"',
        "antes": "[0, 0]",
        "blinds_or_straddles": "[1, 2]",
        "min_bet": "2",
        "starting_stacks": "[200, 200]",
        "actions": '["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 6", "p1 cc"]',
    }
    base.update(fields)
    return "".join(f"{key} = {value}\n" for key, value in base.items())


def _amounts(value: str) -> str:
    return _hand(
        antes=f"[{value}, {value}]",
        blinds_or_straddles=f"[1, {value}]",
        min_bet=value,
        starting_stacks=f"[{value}, {value}]",
        actions=f'["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr {value}", "p1 cbr {value}", "p2 cc"]',
    )


def _players(count: int) -> str:
    zeros = ", ".join(["0"] * count)
    deals = ", ".join(f'"d dh p{i} ????"' for i in range(1, min(count, 30) + 1))
    return _hand(
        antes=f"[{zeros}]",
        blinds_or_straddles="[1, 2" + ", 0" * (count - 2) + "]",
        starting_stacks="[" + ", ".join(["200"] * count) + "]",
        actions=f'[{deals}, "p{count} f", "p3 cc"]',
        players="[" + ", ".join(f'"P{i}"' for i in range(count)) + "]",
    )


def _actions(count: int) -> str:
    words = ("p1 cc", "p2 cbr 4", "d db AhKh2c", "p3 f", "p1 sm ????", "p2 xx", "# note")
    lines = ",\n  ".join(f'"{words[i % len(words)]}"' for i in range(count))
    return _hand(actions=f'[\n  "d dh p1 AcAd",\n  "d dh p2 KcKd",\n  {lines},\n]')


def _legal_long(count: int) -> str:
    """A legal hand with ``count`` raises (big stacks, min-raises)."""
    actions = ['"d dh p1 AcAd"', '"d dh p2 KcKd"']
    bet = 2
    for i in range(count):
        bet += 2
        actions.append(f'"p{2 - i % 2} cbr {bet}"')
    return _hand(starting_stacks=f"[{10**12}, {10**12}]", actions="[\n  " + ",\n  ".join(actions) + ",\n]")


def _many_hands(megabytes: float) -> str:
    hands = []
    size, index = 0, 0
    while size < megabytes * 1_000_000:
        index += 1
        body = NT.replace("p3 cbr 6", f"p3 cbr {6 + index % 150}")
        hand = f"[{index}]\nhand = {index}\n{body}\n"
        hands.append(hand)
        size += len(hand)
    return "".join(hands)


def _huge_comment(megabytes: float) -> str:
    return NT + "# " + "x" * int(megabytes * 1_000_000) + "\n"


def _huge_string(megabytes: float) -> str:
    return NT.replace('"Cy"', '"' + "é" * int(megabytes * 500_000) + '"')


def _huge_line(megabytes: float) -> str:
    """Every action on one line of megabytes."""
    return _actions(int(megabytes * 1_000_000 / 12)).replace("\n  ", " ")


def _nested(depth: int, where: str = "x") -> str:
    return NT + f"{where} = " + "[" * depth + "]" * depth + "\n"


def _nested_actions(depth: int) -> str:
    return _hand(actions="[" * depth + '"p1 f"' + "]" * depth)


def _nested_tables(depth: int) -> str:
    return NT + "x = " + "{ a = " * depth + "1" + " }" * depth + "\n"


def _dotted(depth: int) -> str:
    return NT + ".".join(["k"] * depth) + " = 1\n"


def _controls() -> str:
    return NT.replace("Ann", "A\x00n\x1bn").replace("# open", "# op\x00en\x7f") + "\x00\n\x0b\x0c\n"


def _non_ascii() -> str:
    return (
        NT.replace("Ann", "Анна 😀 مرحبا \u0301")
        .replace("# open", "# ouverture — 開く 𝄞")
        .replace('"p1 cc",\n  "p2 cc",', '"p1 cc # 😀😀",\n  "p\uff12 cc",', 1)
        + '"ключ" = "значение"\n'
    )


def _lone_surrogates() -> str:
    return NT.replace("Ann", "A\ud800n") + "# \udfff\n"


def _phhs(text: str) -> str:
    return "[1]\n" + text + "\n[2]\n" + text


EXTREMES: dict[str, Callable[[], str]] = {
    "amount 10**30": lambda: _amounts(str(10**30)),
    "amount 10**400 float": lambda: _amounts("1e400"),
    "amount inf": lambda: _amounts("inf"),
    "amount -inf": lambda: _amounts("-inf"),
    "amount nan": lambda: _amounts("nan"),
    "amount -0.0": lambda: _amounts("-0.0"),
    "amount 1e-300": lambda: _amounts("1e-300"),
    "amount huge decimal": lambda: _amounts("1" * 300 + ".5"),
    "amount negative": lambda: _amounts("-100"),
    "amount int64 overflow": lambda: _amounts(str(2**63)),
    "10,000 players": lambda: _players(10_000),
    "100 players": lambda: _players(100),
    "100,000 actions": lambda: _actions(100_000),
    "10,000 actions": lambda: _actions(10_000),
    "5,000 legal raises": lambda: _legal_long(5_000),
    "nested arrays 5,000 deep": lambda: _nested(5_000),
    "nested arrays 999 deep": lambda: _nested(999),
    "nested actions 3,000 deep": lambda: _nested_actions(3_000),
    "nested inline tables 2,000 deep": lambda: _nested_tables(2_000),
    "dotted key 1,000 parts": lambda: _dotted(1_000),
    "dotted key 8,000 parts": lambda: _dotted(8_000),
    "unclosed brackets 10,000": lambda: NT + "x = " + "[" * 10_000,
    "control characters and NUL": _controls,
    "NUL only": lambda: "\x00" * 1000,
    "non-ASCII": _non_ascii,
    "lone surrogates": _lone_surrogates,
    "CRLF": lambda: NT.replace("\n", "\r\n"),
    "lone CR": lambda: NT.replace("\n", "\r"),
    "mixed line endings": lambda: NT.replace("\n", "\r\n", 5).replace("\n", "\r", 5),
    "BOM": lambda: "\ufeff" + NT,
    "BOM twice": lambda: "\ufeff\ufeff" + NT,
    "empty": lambda: "",
    "only whitespace": lambda: " \t\n\r\n" * 100,
    "phhs CRLF": lambda: _phhs(NT).replace("\n", "\r\n"),
    "phhs duplicate hands": lambda: _phhs(NT) + "\n[1]\n" + NT,
    "phhs prelude": lambda: "variant = 1\n" + _phhs(NT),
    "phhs 1,000 empty tables": lambda: "".join(f"[{i}]\n" for i in range(1000)),
    "1 MB comment": lambda: _huge_comment(1),
    "10 MB comment": lambda: _huge_comment(10),
    "10 MB string value": lambda: _huge_string(10),
    "10 MB one-line actions": lambda: _huge_line(10),
    "10 MB phhs (many hands)": lambda: _many_hands(10),
    "1 MB phhs (many hands)": lambda: _many_hands(1),
}
#: Which extremes are ``.phhs`` documents.
MULTI = {name for name in EXTREMES if name.startswith("phhs") or "phhs" in name}
#: Extremes too slow for the test suite (run by the fuzz script).
HUGE = {
    name
    for name in EXTREMES
    if "10 MB" in name or "1 MB" in name or "100,000" in name or "10,000" in name or "5,000 legal" in name
}


def uri_for(name: str) -> str:
    return "file:///fuzz/extreme.phhs" if name in MULTI else "file:///fuzz/extreme.phh"
