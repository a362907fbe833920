"""``phh-lsp convert`` on 5,000 and 50,000 PokerStars hands: linear time, bounded memory.

Why: the converter once counted a file's lines from the top for every hand
and wrote nothing before the end, so 10,000 hands took 71.5 s and a stopped
run kept nothing (#33). Each size is one file built in a temporary folder by
repeating a sample hand, converted by the CLI as users run it (a fresh
subprocess, ``-o`` a file); printed: wall seconds, hands per second and the
peak RSS of the process (``ru_maxrss``). PASS when the larger file takes at
most 10x the smaller one's time (10x the hands) and its peak memory is less
than twice the smaller one's. Asserts nothing: a benchmark, not a test.

    .venv/bin/python tests/benchmarks/bench_convert.py               # 5,000 and 50,000 hands
    .venv/bin/python tests/benchmarks/bench_convert.py --hands 500 5000
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "convert" / "samples" / "pokerstars" / "side-pots-and-dead-blind.txt"


def measure(hands: int, folder: Path) -> tuple[float, int, int]:
    """Seconds, peak RSS (KiB) and the file's size (bytes) of converting
    ``hands`` copies of the sample."""
    source = folder / f"stars-{hands}.txt"
    hand = SAMPLE.read_text(encoding="utf-8").rstrip() + "\n\n\n"
    source.write_text(hand * hands, encoding="utf-8")
    out = folder / f"stars-{hands}.phhs"
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "phh_lsp", "convert", str(source), "-o", str(out)], check=True, capture_output=True
    )
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before), source.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", nargs=2, type=int, default=[5000, 50000], metavar=("SMALL", "LARGE"))
    args = parser.parse_args()
    print(f"cores {os.cpu_count()}, load {os.getloadavg()[0]:.2f}")
    small, large = args.hands
    with tempfile.TemporaryDirectory() as folder:
        figures: dict[int, tuple[float, int, int]] = {}
        for hands in (small, large):  # the larger run second: ru_maxrss of children only grows
            seconds, peak, size = measure(hands, Path(folder))
            figures[hands] = (seconds, peak, size)
            print(f"{hands:>7} hands  {seconds:8.1f} s  {hands / seconds:7.0f} hands/s  peak RSS {peak / 1024:.0f} MiB")
    ratio = figures[large][0] / figures[small][0]
    grown = (figures[large][1] - figures[small][1]) * 1024 / max(figures[large][2] - figures[small][2], 1)
    print(f"time x{ratio:.1f} for x{large / small:.0f} the hands: {'PASS' if ratio <= large / small else 'FAIL'}")
    print(f"peak memory grew {grown:.2f} bytes per byte of file: {'PASS' if grown <= 2 else 'FAIL'}")


if __name__ == "__main__":
    main()
