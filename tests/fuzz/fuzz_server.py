#!/usr/bin/env python3
"""Long fuzz run of phh-lsp's analysis, features and formatter.

Not collected by pytest (the short version is tests/hardening/). Every
input goes through ``tests.hardening.harness.exercise``: the analysis,
every LSP feature function discovered in ``phh_lsp/lsp/features`` (and the core modules they call) at several
positions and ranges, the formatter and its promises (invalid TOML
untouched, same values, idempotent, no comment lost, LSP edits that give
its output). Failures of already reported bugs (``harness.KNOWN_BUGS``)
are counted apart from new ones.

Families of input (see tests/fuzz/README.md):

* ``edit``: a corpus file with 1-3 random edits (the bulk: cheap mode, the
  features an editor asks for on every keystroke, plus the formatter);
* ``edit-full``: the same with every feature (every 20th input);
* ``noise``: random TOML-ish text and arbitrary code points;
* ``generated`` / ``generated-edit``: random legal hands of the 11 variants
  from the shared generator, as is (full) and edited (cheap);
* ``prefix``: every prefix of a few corpus hands (typing them);
* ``extreme``: every document of ``inputs.EXTREMES`` once, huge ones
  included (10 MB, 100,000 actions, 10,000 players, deep nesting...).

A hang guard (SIGALRM, ``--hang-seconds``) turns a stalled input into a
"hang" failure instead of a stalled run. The report (stdout and
``--out``/report.json) gives inputs/s, the slowest input and the slowest
single call, calls over 1 s on documents under 100 KB, and each distinct
failure with a reproducer file.

    .venv/bin/python tests/fuzz/fuzz_server.py --inputs 100000 --workers 2 \\
        --out /tmp/phh-fuzz --time-limit 3600
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import multiprocessing
import random
import signal
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.hardening import harness, inputs, synthetic  # noqa: E402

TYPING = (
    "completion.complete",
    "hover.hover",
    "diagnostics.lsp_diagnostics",
    "semantic_tokens.semantic_tokens",
    "inlay_hints.inlay_hints",
    "symbols.document_symbols",
)
SMALL = inputs.SMALL_KB * 1024


class Hang(BaseException):
    """Raised by the alarm inside a stalled input (not an Exception, so the
    harness's recorder lets it through)."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


@dataclass
class Tally:
    """What one worker measured."""

    inputs: int = 0
    seconds: float = 0.0
    per_family: Counter[str] = field(default_factory=Counter)
    family_seconds: Counter[str] = field(default_factory=Counter)
    slowest_input: tuple[float, str, int] = (0.0, "", 0)
    slowest_small_call: tuple[float, str, str, int] = (0.0, "", "", 0)
    slow_small: list[dict[str, Any]] = field(default_factory=list)
    failures: dict[str, dict[str, Any]] = field(default_factory=dict)
    failure_counts: Counter[str] = field(default_factory=Counter)
    known_counts: Counter[str] = field(default_factory=Counter)
    gave_up: Counter[str] = field(default_factory=Counter)
    valid_toml: int = 0
    formatted: int = 0
    extremes: list[dict[str, Any]] = field(default_factory=list)


def _save(out: Path, text: str, uri: str) -> str:
    digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    folder = out / "failures"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{digest}{Path(uri).suffix or '.phh'}"
    if not path.exists():
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return str(path)


def run_one(
    tally: Tally,
    out: Path,
    family: str,
    text: str,
    uri: str,
    seed: int,
    hang: int,
    *,
    only: tuple[str, ...] | None,
    positions: int = 3,
    label: str = "",
) -> harness.Outcome | None:
    signal.alarm(hang)
    start = time.perf_counter()
    try:
        outcome = harness.exercise(text, uri, seed=seed, positions_per_input=positions, only=only)
    except Hang:
        outcome = None
    except Exception:  # the harness itself must not stop the run
        outcome = harness.Outcome(len(text))
        outcome.failures.append(harness.Failure("exception", "harness", traceback.format_exc()))
    finally:
        signal.alarm(0)
    elapsed = time.perf_counter() - start
    tally.inputs += 1
    tally.seconds += elapsed
    tally.per_family[family] += 1
    tally.family_seconds[family] += elapsed
    name = label or f"{family}#{seed}"
    if elapsed > tally.slowest_input[0]:
        tally.slowest_input = (elapsed, name, len(text))
    if outcome is None:
        failures = [harness.Failure("hang", family, f"no answer within {hang} s")]
    else:
        failures = outcome.failures
        tally.valid_toml += outcome.valid_toml
        tally.formatted += bool(outcome.formatted)
        if outcome.gave_up:
            tally.gave_up[outcome.gave_up] += 1
        size = len(text.encode("utf-8", "surrogatepass"))
        if size < SMALL:
            if outcome.slowest[0] > tally.slowest_small_call[0]:
                tally.slowest_small_call = (outcome.slowest[0], outcome.slowest[1], name, size)
            if outcome.slowest[0] > 1.0:
                harness.clear_caches()
                again = harness.exercise(text, uri, seed=seed, positions_per_input=positions, only=only)
                if again.slowest[0] > 1.0:
                    tally.slow_small.append(
                        {
                            "input": name,
                            "bytes": size,
                            "call": again.slowest[1],
                            "seconds": round(again.slowest[0], 3),
                            "file": _save(out, text, uri),
                        }
                    )
    for failure in failures:
        known = harness.known_bug(failure)
        if known is not None:
            tally.known_counts[known] += 1
            continue
        key = failure.key()
        tally.failure_counts[key] += 1
        if key not in tally.failures:
            tally.failures[key] = {
                "kind": failure.kind,
                "where": failure.where,
                "family": family,
                "input": name,
                "uri": uri,
                "file": _save(out, text, uri),
                "detail": failure.detail[-4000:],
            }
    return outcome


def worker(job: dict[str, Any]) -> Tally:
    """One worker's share: inputs ``start, start + step, ...`` below ``count``."""
    signal.signal(signal.SIGALRM, _alarm)
    out, hang, deadline = Path(job["out"]), job["hang"], job["deadline"]
    tally = Tally()
    harness.exercise(inputs.NT)  # warm up (PokerKit's import)
    files = inputs.small_corpus()
    texts = {path: inputs.corpus_text(path) for path in files}
    generated_pool: list[str] = []
    for index in range(job["start"], job["count"], job["step"]):
        if time.time() > deadline:
            break
        rng = random.Random(f"{job['seed']}:{index}")
        roll = index % 100
        if roll < 10:
            family, text, uri = (
                "noise",
                inputs.random_text(rng, rng.randint(0, 2000)),
                rng.choice(["file:///f/n.phh", "file:///f/n.phhs"]),
            )
            only: tuple[str, ...] | None = TYPING
        elif roll < 18:
            if len(generated_pool) < 60 or rng.random() < 0.05:
                variant = rng.choice(synthetic.VARIANTS)
                with contextlib.suppress(Exception):
                    generated_pool.append(synthetic.hand(variant, f"fuzz-{job['seed']}", rng.randint(0, 10_000)))
            if not generated_pool:
                continue
            family, text, uri, only = (
                "generated-edit",
                inputs.mutate(rng.choice(generated_pool), rng),
                "file:///f/g.phh",
                TYPING,
            )
        else:
            path = rng.choice(files)
            text, uri = inputs.mutate(texts[path], rng), f"file:///f/e{path.suffix}"
            family, only = ("edit-full", None) if roll % 20 == 0 else ("edit", TYPING)
        run_one(tally, out, family, text, uri, index, hang, only=only)
        if tally.inputs % 2000 == 0:
            print(
                f"  worker {job['start']}: {tally.inputs:,} inputs, {tally.seconds:,.0f} s, slowest "
                f"{tally.slowest_input[0]:.2f} s, new failure kinds {len(tally.failures)}, known "
                f"{dict(tally.known_counts)}",
                flush=True,
            )
    return tally


def special(job: dict[str, Any]) -> Tally:
    """Generated hands (full), every prefix of a few hands, the extremes."""
    signal.signal(signal.SIGALRM, _alarm)
    out, hang, deadline = Path(job["out"]), job["hang"], job["deadline"]
    tally = Tally()
    harness.exercise(inputs.NT)
    for variant in synthetic.VARIANTS:
        for index in range(job["generated"]):
            if time.time() > deadline:
                break
            try:
                text = synthetic.hand(variant, f"fuzz-{job['seed']}", index)
            except Exception:
                continue
            outcome = run_one(
                tally,
                out,
                "generated",
                text,
                "file:///f/g.phh",
                index,
                hang,
                only=None,
                label=f"generated {variant} #{index}",
            )
            if outcome is not None and not outcome.formatted:
                tally.failure_counts[f"formatter gave up on a legal {variant} hand"] += 1
    prefixes = [inputs.CORPUS / "examples" / "dwan-ivey-2009.phh", inputs.CORPUS / "wsop-2023-43-5" / "10-00-34-43.phh"]
    for path in prefixes[: job["prefix_files"]]:
        if not path.exists():
            continue
        text = inputs.corpus_text(path)
        for end in range(len(text) + 1):
            if time.time() > deadline:
                break
            run_one(
                tally,
                out,
                "prefix",
                text[:end],
                f"file:///f/p{path.suffix}",
                end,
                hang,
                only=("completion.complete", "hover.hover", "diagnostics.lsp_diagnostics"),
                positions=1,
                label=f"{path.name}[:{end}]",
            )
    for name, build in inputs.EXTREMES.items():
        if time.time() > deadline:
            break
        if name in inputs.HUGE and not job["huge"]:
            continue
        text = build()
        harness.clear_caches()
        before = tally.seconds
        outcome = run_one(
            tally, out, "extreme", text, inputs.uri_for(name), 0, job["huge_hang"], only=None, positions=2, label=name
        )
        tally.extremes.append(
            {
                "name": name,
                "chars": len(text),
                "seconds": round(tally.seconds - before, 3),
                "slowest_call": (round(outcome.slowest[0], 3), outcome.slowest[1]) if outcome else None,
                "failures": sorted({f.key() for f in outcome.failures})[:5] if outcome else ["hang"],
                "formatted": outcome.formatted if outcome else None,
            }
        )
        print(
            f"  extreme {name!r}: {len(text):,} chars, {tally.extremes[-1]['seconds']} s, slowest call "
            f"{tally.extremes[-1]['slowest_call']}",
            flush=True,
        )
    return tally


def merge(tallies: list[Tally]) -> Tally:
    total = Tally()
    for t in tallies:
        total.inputs += t.inputs
        total.seconds += t.seconds
        total.per_family.update(t.per_family)
        total.family_seconds.update(t.family_seconds)
        total.slowest_input = max(total.slowest_input, t.slowest_input)
        total.slowest_small_call = max(total.slowest_small_call, t.slowest_small_call)
        total.slow_small += t.slow_small
        for key, value in t.failures.items():
            total.failures.setdefault(key, value)
        total.failure_counts.update(t.failure_counts)
        total.known_counts.update(t.known_counts)
        total.gave_up.update(t.gave_up)
        total.valid_toml += t.valid_toml
        total.formatted += t.formatted
        total.extremes += t.extremes
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="random inputs (edit/noise/generated-edit)")
    parser.add_argument("--generated", type=int, default=20, help="legal hands per variant run in full")
    parser.add_argument("--prefix-files", type=int, default=2, help="hands typed prefix by prefix")
    parser.add_argument("--no-huge", action="store_true", help="skip the 1-10 MB and 10,000+ extremes")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count() or 1)
    parser.add_argument("--seed", default="phh-fuzz-1")
    parser.add_argument("--hang-seconds", type=int, default=30, help="an input over this is a hang (small ones)")
    parser.add_argument("--huge-hang-seconds", type=int, default=900, help="the same for the extremes")
    parser.add_argument("--time-limit", type=float, default=3 * 3600, help="stop starting inputs after this")
    parser.add_argument("--out", type=Path, default=Path("/tmp/phh-fuzz"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    deadline = time.time() + args.time_limit
    common = {"out": str(args.out), "seed": args.seed, "hang": args.hang_seconds, "deadline": deadline}
    jobs = [dict(common, start=i, step=args.workers, count=args.inputs) for i in range(args.workers)]
    special_job = dict(
        common,
        generated=args.generated,
        prefix_files=args.prefix_files,
        huge=not args.no_huge,
        huge_hang=args.huge_hang_seconds,
    )
    features, skipped = harness.discover()
    print(
        f"phh-lsp fuzz: {args.inputs:,} random inputs on {args.workers} workers + generated/prefix/extremes; "
        f"{len(features)} feature functions: {', '.join(f.name for f in features)}",
        flush=True,
    )
    started = time.time()
    with multiprocessing.get_context("fork").Pool(args.workers + 1) as pool:
        special_result = pool.apply_async(special, (special_job,))
        tallies = pool.map(worker, jobs)
        tallies.append(special_result.get())
    wall = time.time() - started
    total = merge(tallies)
    report = {
        "inputs": total.inputs,
        "wall_seconds": round(wall, 1),
        "inputs_per_second": round(total.inputs / wall, 1) if wall else None,
        "cpu_seconds_per_input_mean_ms": round(1000 * total.seconds / max(1, total.inputs), 2),
        "per_family": dict(total.per_family),
        "per_family_mean_ms": {k: round(1000 * total.family_seconds[k] / v, 2) for k, v in total.per_family.items()},
        "slowest_input": {
            "seconds": round(total.slowest_input[0], 3),
            "input": total.slowest_input[1],
            "chars": total.slowest_input[2],
        },
        "slowest_call_under_100KB": {
            "seconds": round(total.slowest_small_call[0], 3),
            "call": total.slowest_small_call[1],
            "input": total.slowest_small_call[2],
            "bytes": total.slowest_small_call[3],
        },
        "calls_over_1s_under_100KB": total.slow_small,
        "valid_toml_inputs": total.valid_toml,
        "formatted_inputs": total.formatted,
        "formatter_gave_up_on_valid_toml": dict(total.gave_up),
        "known_bug_hits": dict(total.known_counts),
        "new_failures": {
            key: dict(total.failures.get(key, {}), count=count) for key, count in total.failure_counts.most_common()
        },
        "extremes": total.extremes,
        "features": [f.name for f in features],
        "skipped_functions": skipped,
    }
    (args.out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    short = {k: v for k, v in report.items() if k not in ("extremes", "new_failures", "skipped_functions", "features")}
    print(json.dumps(short, indent=2, ensure_ascii=False))
    print(f"new failures: {len(report['new_failures'])}")
    for key, value in list(report["new_failures"].items())[:30]:
        print(f"  {value.get('count')}x {key}\n     reproducer: {value.get('file')}")
    print(f"report: {args.out / 'report.json'}")
    return 1 if report["new_failures"] or total.slow_small else 0


if __name__ == "__main__":
    sys.exit(main())
