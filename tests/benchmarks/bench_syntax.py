#!/usr/bin/env python3
"""Speed of the TOML syntax tree vs ``tomllib`` and ``tomlkit``.

Run from the project root with the project's venv::

    .venv/bin/python tests/benchmarks/bench_syntax.py [--repeat 5] [--no-tomlkit]

Why: the tree is rebuilt on every keystroke of an 800 KB, 991-hand
``.phhs`` and on every file of 100,000-hand datasets, so it must cost about
what ``tomllib`` costs (the floor of any Python TOML reader), not what
``tomlkit`` costs. Prints the median of ``--repeat`` runs, in one process,
of each of these on the big ``.phhs`` and on the whole corpus
(``../shared/corpus``, every ``.phh`` and ``.phhs``):

* ``tree: parse + validate``: ``check(parse(text))``, the verdict with
  every error and the values (plain lines stay lazy: no tokens built);
* ``tree: + all tokens``: the same, then every token of the tree walked
  (what a formatter or a full semantic-token pass would touch);
* ``tree: eager parse + validate``: ``parse(text, lazy=False)`` then
  ``check``, every node built up front;
* ``tree: general grammar only``: ``parse_general`` then ``check``, the
  same tree without the shortcuts for plain lines and arrays (the
  reference the tests compare the shortcuts with);
* ``tomllib.loads`` (``parse_float=Decimal``, as the product calls it);
* ``tomlkit.parse``.

Nothing is asserted: it is a report.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
import tomllib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from phh_lsp.core.syntax import check, parse  # noqa: E402
from phh_lsp.core.syntax.parser.document import parse_general  # noqa: E402

SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
BIG = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


def median_time(function: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def tree_validate(texts: list[str]) -> None:
    for text in texts:
        check(parse(text))


def tree_all_tokens(texts: list[str]) -> None:
    for text in texts:
        document = parse(text)
        check(document)
        for _ in document.tokens():
            pass


def tree_eager(texts: list[str]) -> None:
    for text in texts:
        check(parse(text, lazy=False))


def tree_general(texts: list[str]) -> None:
    for text in texts:
        check(parse_general(text))


def with_tomllib(texts: list[str]) -> None:
    for text in texts:
        tomllib.loads(text, parse_float=Decimal)


def with_tomlkit(texts: list[str]) -> None:
    import tomlkit

    for text in texts:
        tomlkit.parse(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-tomlkit", action="store_true", help="skip tomlkit (the slow one)")
    args = parser.parse_args()
    corpus = [
        path.read_text(encoding="utf-8")
        for path in sorted(CORPUS.rglob("*"))
        if path.suffix in (".phh", ".phhs") and path.is_file()
    ]
    big = [BIG.read_text(encoding="utf-8")]
    readers: list[tuple[str, Callable[[list[str]], None]]] = [
        ("tree: parse + validate", tree_validate),
        ("tree: + all tokens", tree_all_tokens),
        ("tree: eager parse + validate", tree_eager),
        ("tree: general grammar only", tree_general),
        ("tomllib.loads", with_tomllib),
    ]
    if not args.no_tomlkit:
        readers.append(("tomlkit.parse", with_tomlkit))
    for label, texts in (
        (f"{BIG.name} ({len(big[0]) / 1000:.0f} KB)", big),
        (f"corpus ({len(corpus)} files, {sum(map(len, corpus)) / 1e6:.1f} MB)", corpus),
    ):
        print(label, f"median of {args.repeat}:")
        floor = None
        results = []
        for name, reader in readers:
            seconds = median_time(functools.partial(reader, texts), args.repeat)
            results.append((name, seconds))
            if name == "tomllib.loads":
                floor = seconds
        for name, seconds in results:
            ratio = f"  ({seconds / floor:.2f}x tomllib)" if floor else ""
            print(f"  {name:<32} {seconds:8.3f} s{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
