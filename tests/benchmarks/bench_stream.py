#!/usr/bin/env python3
"""Memory and time of ``check`` on one big ``.phhs`` (issue #33): 10k, 50k, 200k hands.

Run from the project root with the project's venv::

    .venv/bin/python tests/benchmarks/bench_stream.py [--hands 10000 50000 200000]
        [--jobs 1 2] [--format]
    .venv/bin/python tests/benchmarks/bench_stream.py --folder 10000 --rounds 3

Each file is built in a temporary folder by cycling the hands of the
corpus's 991-hand ``handhq/ps NLH handhq_1-OBFUSCATED.phhs``, renumbered
``[1]`` … ``[N]`` (never kept). Each run is a fresh
``python -m phh_lsp check --quiet --no-cache`` process; the script prints
its wall and CPU time, peak RSS (``ru_maxrss``, pool workers included),
the parent's own peak RSS (sampled from ``/proc`` every 0.1 s: with
``--jobs`` the workers' memory is theirs), the microseconds per hand (flat
when time is linear) and PASS/FAIL against the goal of 300 MB at 200,000
hands with ``--jobs 1``. ``--format`` also runs ``format --check
--no-cache``. ``--folder N`` instead writes N one-hand ``.phh`` files (the
same hands) and times ``check --jobs 1`` against ``--jobs 2`` on the
folder, interleaved ``--rounds`` times, medians printed (``--jobs 2`` must
never be slower). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import DEFAULT_CORPUS, PYTHON

SOURCE = DEFAULT_CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


def build(path: Path, hands: int) -> None:
    """``hands`` hands cycled from :data:`SOURCE`, numbered from 1."""
    text = SOURCE.read_text(encoding="utf-8")
    pieces = re.split(r"(?m)^\[\d+\]\n", text if text.endswith("\n") else text + "\n")[1:]
    with path.open("w", encoding="utf-8") as out:
        for number in range(hands):
            out.write(f"[{number + 1}]\n{pieces[number % len(pieces)]}")


def build_folder(folder: Path, files: int) -> None:
    """``files`` one-hand ``.phh`` files, the hands of :data:`SOURCE` cycled."""
    text = SOURCE.read_text(encoding="utf-8")
    pieces = re.split(r"(?m)^\[\d+\]\n", text if text.endswith("\n") else text + "\n")[1:]
    folder.mkdir()
    for number in range(files):
        (folder / f"hand-{number:05}.phh").write_text(pieces[number % len(pieces)], encoding="utf-8")


def run_sampled(argv: list[str]) -> tuple[float, float, float, float, int]:
    """Wall and CPU seconds (workers included), peak RSS in MB of the whole
    tree (``ru_maxrss``) and of the parent alone (sampled), and the exit code."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    parent = 0
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        try:
            found = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{process.pid}/status").read_text())
            parent = max(parent, int(found[1]) if found else 0)
        except OSError:
            pass
        time.sleep(0.1)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, parent / 1024, code


def folder_runs(files: int, rounds: int) -> None:
    """``check --jobs 1`` against ``--jobs 2`` on a folder of small files, interleaved."""
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "hands"
        build_folder(folder, files)
        walls: dict[int, list[float]] = {1: [], 2: []}
        for round_ in range(rounds):
            for jobs in (1, 2):
                command = [PYTHON, "-m", "phh_lsp", "check", "--quiet", "--no-cache", "-j", str(jobs), str(folder)]
                wall, cpu, _, parent, code = run_sampled(command)
                walls[jobs].append(wall)
                load = os.getloadavg()[0]
                print(
                    f"round {round_ + 1} -j{jobs}: wall {wall:6.1f} s  cpu {cpu:6.1f} s  parent {parent:4.0f} MB",
                    end="",
                )
                print(f"  rc {code}  load {load:.2f}", flush=True)
        one, two = statistics.median(walls[1]), statistics.median(walls[2])
        print(f"{files} files: --jobs 1 {one:.1f} s, --jobs 2 {two:.1f} s (medians): x{one / two:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[10_000, 50_000, 200_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1])
    parser.add_argument("--format", action="store_true", help="also time format --check")
    parser.add_argument("--folder", type=int, metavar="N", help="instead: a folder of N one-hand files, -j1 vs -j2")
    parser.add_argument("--rounds", type=int, default=3, help="with --folder: interleaved rounds")
    args = parser.parse_args(argv)
    if args.folder:
        folder_runs(args.folder, args.rounds)
        return 0
    failures = 0
    print(f"{'run':<34}{'hands':>8}{'wall s':>9}{'cpu s':>8}{'µs/hand':>9}{'maxrss MB':>11}{'parent MB':>11}  rc")
    with tempfile.TemporaryDirectory() as folder:
        for hands in args.hands:
            path = Path(folder) / f"big-{hands}.phhs"
            build(path, hands)
            runs = {f"check --jobs {jobs}": ["check", "--quiet", "--jobs", str(jobs)] for jobs in args.jobs}
            if args.format:
                runs["format --check"] = ["format", "--check"]
            for name, command in runs.items():
                wall, cpu, rss, parent, code = run_sampled([PYTHON, "-m", "phh_lsp", *command, "--no-cache", str(path)])
                figures = f"{wall:9.1f}{cpu:8.1f}{cpu / hands * 1e6:9.0f}{rss:11.1f}{parent:11.1f}"
                print(f"{name:<34}{hands:>8}{figures}  {code}")
                if code not in (0, 1):
                    failures += 1
                if hands >= 200_000 and name == "check --jobs 1":
                    print(
                        f"  {'PASS' if rss <= 300 else 'FAIL'} check --jobs 1 at {hands} hands <= 300 MB: {rss:.0f} MB"
                    )
            path.unlink()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
