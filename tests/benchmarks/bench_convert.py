"""``phh-lsp convert`` on 5,000 and 50,000 PokerStars hands: linear time, bounded memory.

Why: the converter once counted a file's lines from the top for every hand
and wrote nothing before the end, so 10,000 hands took 71.5 s and a stopped
run kept nothing (#33). Each size is one file built in a temporary folder by
repeating a sample hand, converted by the CLI as users run it (a fresh
subprocess, ``-o`` a file); printed: wall and CPU seconds, hands per
CPU-second and the peak RSS of the process (``ru_maxrss``). PASS when the
larger file takes at most 10x the smaller one's CPU time (10x the hands: the
wall clock of a shared machine moves with its load, which once made it 22x)
and its peak memory grew by less than twice the file's growth. Asserts nothing: a benchmark, not a test.

    .venv/bin/python tests/benchmarks/bench_convert.py               # 5,000 and 50,000 hands
    .venv/bin/python tests/benchmarks/bench_convert.py --hands 500 5000
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "convert" / "samples" / "pokerstars" / "side-pots-and-dead-blind.txt"


def measure(hands: int, folder: Path) -> tuple[float, float, int, int]:
    """Wall and CPU seconds, peak RSS (KiB) and the file's size (bytes) of
    converting ``hands`` copies of the sample."""
    source = folder / f"stars-{hands}.txt"
    hand = SAMPLE.read_text(encoding="utf-8").rstrip() + "\n\n\n"
    source.write_text(hand * hands, encoding="utf-8")
    out = folder / f"stars-{hands}.phhs"
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "phh_lsp", "convert", str(source), "-o", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"convert of {hands} hands failed")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, source.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", nargs=2, type=int, default=[5000, 50000], metavar=("SMALL", "LARGE"))
    args = parser.parse_args()
    print(f"cores {os.cpu_count()}, load {os.getloadavg()[0]:.2f}")
    small, large = args.hands
    with tempfile.TemporaryDirectory() as folder:
        figures: dict[int, tuple[float, float, int, int]] = {}
        for hands in (small, large):
            figures[hands] = wall, cpu, peak, _size = measure(hands, Path(folder))
            print(
                f"{hands:>7} hands  wall {wall:8.1f} s  CPU {cpu:8.1f} s  {hands / cpu:7.0f} hands per CPU-s  "
                f"peak RSS {peak / 1024:.0f} MiB  (load {os.getloadavg()[0]:.2f})"
            )
    # CPU time, not the wall clock: on a shared machine the load alone moved the wall ratio to 22x.
    ratio = figures[large][1] / figures[small][1]
    grown = (figures[large][2] - figures[small][2]) * 1024 / max(figures[large][3] - figures[small][3], 1)
    print(f"CPU time x{ratio:.1f} for x{large / small:.0f} the hands: {'PASS' if ratio <= large / small else 'FAIL'}")
    print(f"peak memory grew {grown:.2f} bytes per byte of file: {'PASS' if grown <= 2 else 'FAIL'}")


if __name__ == "__main__":
    main()
