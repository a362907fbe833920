#!/usr/bin/env python3
"""Where ``phh-lsp check`` spends its time: cProfile, grouped.

Run from the project root with the project's venv::

    .venv/bin/python tests/benchmarks/profile_check.py [PATH ...] [--top 25] [--save FILE.prof]

PATH defaults to the handhq ``.phhs`` (991 hands) and the stud/split-pot
folder ``synthetic/F7S_8``; each PATH (a file, or a folder whose
``.phh``/``.phhs`` files are profiled together) is one profile. For each, the
work ``check`` does per file, ``analyze(text, path, detail=False).diagnostics``,
runs under cProfile with a cold hand cache (``analyze_hand.cache_clear()``)
after PokerKit and phh_lsp are imported (imports are not profiled).

It prints:

* the wall time with and without the profiler, and hands/s;
* self time (tottime) summed per group: tomllib / our syntax tree
  (``core/syntax/``) / field checks / action parsing / our replay
  driver (``core/engine/replay.py``) / PokerKit split into state creation, dealing,
  betting, showdown & hand evaluation, other PokerKit / Python stdlib
  (decimal, dataclasses, re, warnings, ...) / other. Self times add up to the
  total, so these shares do not double count;
* the cumulative time of the pipeline's entry points (tomllib.loads, scan,
  check_fields, parse_action, replay, create_state, ...), which do overlap;
* the top functions by cumulative and by self time, each tagged with its group;
* without the profiler, the share of the wall time spent inside PokerKit's
  own methods (state creation and the State methods the replay calls, timed
  at the outermost call, tables already built): the part of ``check`` that
  PokerKit's rules cost, which no change of ours below PokerKit can shrink.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DEFAULTS = [
    str(SHARED / "corpus" / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"),
    str(SHARED / "corpus" / "synthetic" / "F7S_8"),
]

# (group, test on (filename, function name)); the first match wins
POKERKIT_SHOWDOWN = (
    "show_or_muck",
    "hand",
    "evaluat",
    "lookup",
    "get_hand",
    "_get_",
    "kill",
    "push_chips",
    "pull_chips",
    "distribute",
    "pots",
    "_end_",
    "showdown",
)
POKERKIT_DEAL = ("deal", "burn", "card", "deck", "shuffle")
POKERKIT_BET = (
    "bet",
    "raise",
    "fold",
    "check_or_call",
    "complete",
    "bring_in",
    "stand_pat",
    "discard",
    "actor",
    "betting",
    "call",
)


def group_of(filename: str, function: str) -> str:
    name = filename.replace("\\", "/")
    if "/tomllib/" in name:
        return "tomllib"
    if "phh_lsp/core/syntax/" in name:
        return "our syntax tree (core/syntax)"
    if name.endswith(("phh_lsp/core/rules/checks_fields.py", "phh_lsp/core/rules/schema.py")):
        return "field checks (checks_fields, schema)"
    if name.endswith(
        ("phh_lsp/core/rules/actions.py", "phh_lsp/core/rules/checks_actions.py", "phh_lsp/core/rules/cards.py")
    ):
        return "action parsing (actions, checks_actions, cards)"
    if name.endswith(("phh_lsp/core/engine/replay.py", "phh_lsp/core/engine/hand_setup.py")):
        return "our replay driver (core/engine/replay.py)"
    if name.endswith(
        (
            "phh_lsp/core/analysis.py",
            "phh_lsp/core/hand_analysis.py",
            "phh_lsp/core/document_diagnostics.py",
            "phh_lsp/core/text.py",
            "phh_lsp/core/rules/codes.py",
        )
    ):
        return "analysis glue (analysis, text, codes)"
    if "/pokerkit/" in name:
        lowered = function.lower()
        if (
            name.endswith("notation.py")
            or function == "create_state"
            or (name.endswith("state.py") and function in ("__init__", "__post_init__", "_begin", "_setup"))
        ):
            return "PokerKit state creation (HandHistory, State.__post_init__)"
        if name.endswith(("hands.py", "lookups.py")) or any(k in lowered for k in POKERKIT_SHOWDOWN[:8]):
            return "PokerKit showdown & hand evaluation"
        if any(k in lowered for k in POKERKIT_DEAL):
            return "PokerKit dealing"
        if any(k in lowered for k in POKERKIT_BET):
            return "PokerKit betting"
        if any(k in lowered for k in POKERKIT_SHOWDOWN[8:]):
            return "PokerKit showdown & hand evaluation"
        return "PokerKit other (utilities, state bookkeeping)"
    if "/phh_lsp/" in name:
        return "phh_lsp other"
    if name.startswith("~") or "/lib/python3" in name:
        return "Python stdlib & builtins (decimal, dataclasses, re, warnings...)"
    return "other"


ENTRY_POINTS = [
    ("syntax.parse", "phh_lsp/core/syntax/parser/document.py", "parse"),
    ("syntax.check (TOML rules)", "phh_lsp/core/syntax/check.py", "check"),
    ("syntax.entries.read_entries", "phh_lsp/core/syntax/entries.py", "read_entries"),
    ("checks_fields.check_fields", "phh_lsp/core/rules/checks_fields.py", "check_fields"),
    ("actions.parse_action", "phh_lsp/core/rules/actions.py", "parse_action"),
    ("checks_actions.check_actions_in_context", "phh_lsp/core/rules/checks_actions.py", "check_actions_in_context"),
    ("replay.replay (all PokerKit work)", "phh_lsp/core/engine/replay.py", "replay"),
    ("hand_setup.create_state", "phh_lsp/core/engine/hand_setup.py", "create_state"),
    ("replay._Replayer.apply", "phh_lsp/core/engine/replay.py", "apply"),
    ("replay._Replayer.complete", "phh_lsp/core/engine/replay.py", "complete"),
    ("replay._collected", "phh_lsp/core/engine/replay.py", "_collected"),
    ("pokerkit HandHistory.create_state", "pokerkit/notation.py", "create_state"),
    ("pokerkit State.__post_init__", "pokerkit/state.py", "__post_init__"),
    ("pokerkit State.deal_hole", "pokerkit/state.py", "deal_hole"),
    ("pokerkit State.deal_board", "pokerkit/state.py", "deal_board"),
    ("pokerkit State.show_or_muck_hole_cards", "pokerkit/state.py", "show_or_muck_hole_cards"),
    ("pokerkit State.complete_bet_or_raise_to", "pokerkit/state.py", "complete_bet_or_raise_to"),
    ("pokerkit State.check_or_call", "pokerkit/state.py", "check_or_call"),
    ("pokerkit State.fold", "pokerkit/state.py", "fold"),
    ("pokerkit State.get_hand / get_up_hand", "pokerkit/state.py", "get_hand"),
    ("pokerkit Hand.from_game (evaluation)", "pokerkit/hands.py", "from_game"),
    ("pokerkit lookups get_entry", "pokerkit/lookups.py", "get_entry"),
    ("analysis._consistency", "phh_lsp/core/analysis.py", "_consistency"),
    ("document_diagnostics.document_diagnostics", "phh_lsp/core/document_diagnostics.py", "document_diagnostics"),
    ("hands.split_hands", "phh_lsp/core/syntax/hands.py", "split_hands"),
]


def files_of(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*") if p.suffix in (".phh", ".phhs") and p.is_file())


def label(key: tuple[str, int, str]) -> str:
    filename, line, function = key
    short = filename
    for marker in ("/phh_lsp/", "/pokerkit/", "/tomllib/", "/lib/python3.11/"):
        if marker in filename:
            short = marker.strip("/") + "/" + filename.split(marker, 1)[1]
            break
    return f"{short}:{line}({function})" if line else function


def profile(target: Path, top: int, save: str | None) -> None:
    from phh_lsp.cli.check_processes import collector_tuned
    from phh_lsp.core.analysis import analyze
    from phh_lsp.core.hand_analysis import analyze_hand

    files = files_of(target)
    texts = [(str(path), path.read_text(encoding="utf-8")) for path in files]

    def work() -> int:
        hands = 0
        for path, text in texts:
            analysis = analyze(text, path, detail=False)
            analysis.diagnostics  # noqa: B018
            hands += sum(1 for view in analysis.hands if view.hand.header is not None or not analysis.multi)
        return hands

    # With the garbage collector tuned as `check` tunes it: untuned, every full
    # collection walks PokerKit's tables and the profile charges it to whatever
    # function allocated at that moment (the action parser's `finditer` took 2 s).
    with collector_tuned():
        analyze_hand.cache_clear()
        start = time.perf_counter()
        hands = work()
        plain = time.perf_counter() - start
        analyze_hand.cache_clear()
        profiler = cProfile.Profile()
        start = time.perf_counter()
        profiler.enable()
        work()
        profiler.disable()
        profiled = time.perf_counter() - start
        analyze_hand.cache_clear()
    if save:
        profiler.dump_stats(save)

    stats = pstats.Stats(profiler, stream=io.StringIO())
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(tt for (_, _, tt, _, _) in raw.values())
    print(f"\n=== {target} ({len(files)} files, {hands} hands)")
    print(
        f"wall without profiler {plain:.2f}s = {hands / plain:.0f} hands/s ({plain / hands * 1000:.2f} ms/hand); "
        f"with profiler {profiled:.2f}s (self times below sum to {total:.2f}s)"
    )

    groups: dict[str, float] = defaultdict(float)
    for (filename, _, function), (_, _, tt, _, _) in raw.items():
        groups[group_of(filename, function)] += tt
    print("\nself time by group (adds up to 100%):")
    for name, seconds in sorted(groups.items(), key=lambda item: -item[1]):
        print(f"  {seconds:7.2f}s {seconds / total:6.1%}  {name}")

    print("\ncumulative time of the pipeline's entry points (these overlap):")
    for name, file_end, function in ENTRY_POINTS:
        found = [(key, value) for key, value in raw.items() if key[0].endswith(file_end) and key[2] == function]
        if not found:
            continue
        calls = sum(value[1] for _, value in found)
        cumulative = sum(value[3] for _, value in found)
        print(f"  {cumulative:7.2f}s {cumulative / total:6.1%}  {calls:8d} calls  {name}")

    inside, outside = pokerkit_share(work)
    print(
        f"\nwithout the profiler, tables built: {inside + outside:.2f}s, of which inside PokerKit's own methods "
        f"{inside:.2f}s ({inside / (inside + outside):.0%}) and in ours {outside:.2f}s"
    )

    for title, index in (("cumulative", 3), ("self (tottime)", 2)):
        print(f"\ntop {top} by {title} time:")
        ranked = sorted(raw.items(), key=lambda item: -item[1][index])[:top]
        for key, (_, calls, tt, ct, _) in ranked:
            print(f"  cum {ct:6.2f}s self {tt:6.2f}s {calls:9d} calls  {label(key)}  [{group_of(key[0], key[2])}]")


#: PokerKit's entry points the replay calls: state creation and each action.
POKERKIT_METHODS = (
    "create_state",
    "deal_hole",
    "deal_board",
    "burn_card",
    "show_or_muck_hole_cards",
    "fold",
    "check_or_call",
    "complete_bet_or_raise_to",
    "post_bring_in",
    "stand_pat_or_discard",
)


def pokerkit_share(work: Callable[[], int]) -> tuple[float, float]:
    """Seconds of one cold-cache ``work()`` inside PokerKit's entry points
    (outermost calls only: PokerKit calling itself is not counted twice),
    and outside them, with the garbage collector tuned as ``check`` tunes it."""
    from pokerkit import HandHistory, State

    from phh_lsp.cli.check_processes import collector_tuned
    from phh_lsp.core.hand_analysis import analyze_hand

    spent = [0.0]
    depth = [0]
    originals: list[tuple[type, str, Any]] = []

    def timed(method: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            depth[0] += 1
            start = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                depth[0] -= 1
                if not depth[0]:
                    spent[0] += time.perf_counter() - start

        return wrapper

    owners: tuple[type, ...] = (State, HandHistory)
    for owner in owners:
        for name in POKERKIT_METHODS:
            if name in vars(owner):
                originals.append((owner, name, vars(owner)[name]))
                setattr(owner, name, timed(vars(owner)[name]))
    analyze_hand.cache_clear()
    try:
        with collector_tuned():
            start = time.perf_counter()
            work()
            total = time.perf_counter() - start
    finally:
        for owner, name, original in originals:
            setattr(owner, name, original)
        analyze_hand.cache_clear()
    return spent[0], total - spent[0]


def profile_keystroke(target: Path, top: int) -> None:
    """The server's work for one keystroke in a warm .phhs: a new version's
    Analysis (Documents.analysis) and its LSP diagnostics
    (features.diagnostics.lsp_diagnostics), as server._publish runs them."""
    import re

    from phh_lsp.config.settings import Settings
    from phh_lsp.lsp.documents import Documents
    from phh_lsp.lsp.features.diagnostics import lsp_diagnostics

    text = target.read_text(encoding="utf-8")
    uri = target.as_uri()
    documents = Documents()
    lsp_diagnostics(documents.analysis(uri, 1, text), Settings(), "utf-16")  # warm: every hand analysed
    match = list(re.finditer(r"cbr \d+\.\d*[1-9]'", text))[len(re.findall(r"cbr \d+\.\d*[1-9]'", text)) // 2]
    digit = match.end() - 2
    versions = [text[:digit] + text[digit + 1 :], text]  # 0.75 -> 0.7 -> 0.75
    timings = []
    profiler = cProfile.Profile()
    for version, edited in enumerate(versions * 5, start=2):
        start = time.perf_counter()
        profiler.enable()
        lsp_diagnostics(documents.analysis(uri, version, edited), Settings(), "utf-16")
        profiler.disable()
        timings.append((time.perf_counter() - start) * 1000)
    raw = pstats.Stats(profiler, stream=io.StringIO()).stats  # type: ignore[attr-defined]
    print(f"\n=== one keystroke in {target.name}: Documents.analysis + lsp_diagnostics, warm hand cache")
    print("per keystroke (profiled) ms: " + ", ".join(f"{t:.0f}" for t in timings))
    print(f"\ntop {top} by cumulative time (10 keystrokes):")
    for key, (_, calls, tt, ct, _) in sorted(raw.items(), key=lambda item: -item[1][3])[:top]:
        print(f"  cum {ct:6.3f}s self {tt:6.3f}s {calls:9d} calls  {label(key)}")
    print(f"\ntop {top} by self time (10 keystrokes):")
    for key, (_, calls, tt, ct, _) in sorted(raw.items(), key=lambda item: -item[1][2])[:top]:
        print(f"  cum {ct:6.3f}s self {tt:6.3f}s {calls:9d} calls  {label(key)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=DEFAULTS)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument(
        "--keystroke", action="store_true", help="also profile the server's re-check of the .phhs after one keystroke"
    )
    parser.add_argument("--save", help="dump the last profile's stats to this file (for snakeviz, pstats)")
    args = parser.parse_args(argv)
    import pokerkit  # noqa: F401  (import and table building are not profiled)

    import phh_lsp.core.analysis
    import phh_lsp.core.engine.replay  # noqa: F401

    load = os.getloadavg()
    print(f"profile_check: {os.cpu_count()} cores; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for path in args.paths:
        profile(Path(path), args.top, args.save)
    if args.keystroke:
        profile_keystroke(Path(DEFAULTS[0]), args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
