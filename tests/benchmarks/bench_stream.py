#!/usr/bin/env python3
"""Memory and time of ``check`` on one big ``.phhs`` (issue #33): 10k, 50k, 200k hands.

Run from the project root with the project's venv::

    .venv/bin/python tests/benchmarks/bench_stream.py [--hands 10000 50000 200000]
        [--jobs 1] [--format]

Each file is built in a temporary folder by cycling the hands of the
corpus's 991-hand ``handhq/ps NLH handhq_1-OBFUSCATED.phhs``, renumbered
``[1]`` … ``[N]`` (never kept). Each run is a fresh
``python -m phh_lsp check --quiet --no-cache`` process; the script prints
its wall and CPU time, peak RSS (``ru_maxrss``, pool workers included),
the microseconds per hand (flat when time is linear) and PASS/FAIL against
the goal of 300 MB at 200,000 hands with ``--jobs 1``. ``--format`` also
runs ``format --check --no-cache`` (not streamed yet). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import DEFAULT_CORPUS, PYTHON, run_child

SOURCE = DEFAULT_CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


def build(path: Path, hands: int) -> None:
    """``hands`` hands cycled from :data:`SOURCE`, numbered from 1."""
    text = SOURCE.read_text(encoding="utf-8")
    pieces = re.split(r"(?m)^\[\d+\]\n", text if text.endswith("\n") else text + "\n")[1:]
    with path.open("w", encoding="utf-8") as out:
        for number in range(hands):
            out.write(f"[{number + 1}]\n{pieces[number % len(pieces)]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[10_000, 50_000, 200_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1])
    parser.add_argument("--format", action="store_true", help="also time format --check")
    args = parser.parse_args(argv)
    failures = 0
    print(f"{'run':<34}{'hands':>8}{'wall s':>9}{'cpu s':>8}{'µs/hand':>9}{'maxrss MB':>11}  rc")
    with tempfile.TemporaryDirectory() as folder:
        for hands in args.hands:
            path = Path(folder) / f"big-{hands}.phhs"
            build(path, hands)
            runs = {f"check --jobs {jobs}": ["check", "--quiet", "--jobs", str(jobs)] for jobs in args.jobs}
            if args.format:
                runs["format --check"] = ["format", "--check"]
            for name, command in runs.items():
                result = run_child([PYTHON, "-m", "phh_lsp", *command, "--no-cache", str(path)])
                wall, cpu, rss = float(result["wall_s"]), float(result["cpu_s"]), float(result["maxrss_mb"])  # type: ignore[arg-type]
                print(f"{name:<34}{hands:>8}{wall:9.1f}{cpu:8.1f}{cpu / hands * 1e6:9.0f}{rss:11.1f}  {result['rc']}")
                if result["rc"] not in (0, 1):
                    failures += 1
                    print(str(result["stderr"])[-500:])
                if hands >= 200_000 and name == "check --jobs 1":
                    print(
                        f"  {'PASS' if rss <= 300 else 'FAIL'} check --jobs 1 at {hands} hands <= 300 MB: {rss:.0f} MB"
                    )
            path.unlink()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
