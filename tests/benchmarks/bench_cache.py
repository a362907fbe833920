#!/usr/bin/env python3
"""The results cache (issue #30): a second ``check`` of unchanged hands vs ``check --no-cache``.

Run from the project root with the project's venv::

    .venv/bin/python tests/benchmarks/bench_cache.py [--repeat 5]

The dataset is built in a temporary folder: the shared corpus
(``../shared/corpus``, 1,632 hands) and a second copy of every file but
the 991-hand ``.phhs`` (641 hands), 2,273 hands in all. Each measurement
is a fresh ``python -m phh_lsp`` process (start-up included, as a user
runs it), the rounds interleaved, medians reported:

* ``check --no-cache``: every hand analysed, the cache neither read nor written;
* ``check, cold``: an empty cache, every hand analysed and its entry written;
* ``check, warm``: the same files again, every one answered from the cache;
* ``format --check`` cold (``--no-cache``) and warm.

It prints wall and CPU time and peak RSS, the speed-up of the warm
``check`` over ``--no-cache`` against the goal (>= 10x), the cost of
writing the cache on a cold run, and PASS/FAIL on the outputs being
identical (stdout, stderr and exit status). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import DEFAULT_CORPUS, PYTHON, run_child

BIG = "ps NLH handhq_1-OBFUSCATED.phhs"


def build(folder: Path) -> Path:
    """The corpus and a second copy of its files but the big one, in ``folder/data``."""
    data = folder / "data"
    shutil.copytree(DEFAULT_CORPUS, data / "corpus")
    for path in sorted(DEFAULT_CORPUS.rglob("*")):
        if path.suffix in (".phh", ".phhs") and path.name != BIG:
            target = data / "again" / path.relative_to(DEFAULT_CORPUS)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        data = build(folder)
        cache = folder / "cache"
        env = {**os.environ, "PHH_LSP_CACHE_DIR": str(cache)}
        os.environ.update(env)  # run_child's processes inherit it
        check = [PYTHON, "-m", "phh_lsp", "check", str(data)]
        fmt = [PYTHON, "-m", "phh_lsp", "format", "--check", str(data)]
        plan = {
            "check --no-cache": ([*check, "--no-cache"], False),
            "check, cold": (check, True),
            "check, warm": (check, False),
            "format --check --no-cache": ([*fmt, "--no-cache"], False),
            "format --check, cold": (fmt, True),
            "format --check, warm": (fmt, False),
        }
        load = os.getloadavg()
        print(f"bench_cache: {data}; {os.cpu_count()} cores; load average {load[0]:.2f}; repeat {args.repeat}")
        runs: dict[str, list[dict[str, object]]] = {name: [] for name in plan}
        for round_ in range(args.repeat):
            for name, (argv_, empty_first) in plan.items():
                if empty_first:
                    shutil.rmtree(cache, ignore_errors=True)
                result = run_child(argv_)
                runs[name].append(result)
                print(
                    f"  round {round_ + 1} {name:<28} wall {result['wall_s']:6.2f}s cpu {result['cpu_s']:6.2f}s "
                    f"maxrss {result['maxrss_mb']:6.1f} MB rc {result['rc']}",
                    flush=True,
                )
        failures = 0
        print(f"\n{'measurement':<30}{'wall s':>8}{'cpu s':>8}{'maxrss MB':>10}  (medians of {args.repeat})")
        wall: dict[str, float] = {}
        for name, results in runs.items():
            wall[name] = statistics.median(float(r["wall_s"]) for r in results)  # type: ignore[arg-type]
            cpu = statistics.median(float(r["cpu_s"]) for r in results)  # type: ignore[arg-type]
            rss = max(float(r["maxrss_mb"]) for r in results)  # type: ignore[arg-type]
            print(f"{name:<30}{wall[name]:8.2f}{cpu:8.2f}{rss:10.1f}")
        print()
        pairs = (
            ("check --no-cache", ("check, cold", "check, warm")),
            ("format --check --no-cache", ("format --check, cold", "format --check, warm")),
        )
        for base, names in pairs:
            reference = [(r["rc"], r["stdout"], r["stderr"]) for r in runs[base]]
            for name in names:
                same = all((r["rc"], r["stdout"], r["stderr"]) == reference[0] for r in runs[name])
                failures += not same
                print(f"  {'PASS' if same else 'FAIL'} {name}: output identical to {base}")
        speedup = wall["check --no-cache"] / wall["check, warm"]
        print(f"  {'PASS' if speedup >= 10 else 'FAIL'} warm check >= 10x check --no-cache: {speedup:.1f}x")
        print(f"  format --check warm: {wall['format --check --no-cache'] / wall['format --check, warm']:.1f}x")
        cost = wall["check, cold"] / wall["check --no-cache"]
        print(f"  cold check / --no-cache (the cost of writing entries): {cost:.2f}x")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
