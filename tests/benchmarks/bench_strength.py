"""How long "who is ahead" takes: the evaluators, per spot, ``phh-lsp equity``, per hover.

Run from the project root: ``.venv/bin/python tests/benchmarks/bench_strength.py``.
Prints the hand evaluators compared on the same random seven-card hands
(ours, PokerKit's, and the native eval7 and phevaluator where installed:
``pip install eval7 phevaluator`` to compare; neither is a dependency), and
an exact flop EHS counted ours and with phevaluator one call per hand;
``phh-lsp equity`` against ``phh-lsp check`` on Dwan-Ivey 2009 (medians of
interleaved runs, one process each, and their ratio: issue 30 asks <= 3x);
then, for a spot of each variant family, the time the background thread
spends on it (equity, EHS or the made hand) and whether the figures are
exact; then the hover latency on the flop of Dwan-Ivey 2009 with the
numbers computed (the usual case) and before (the first hover of a spot:
it puts the spot first and waits for it, up to ``hover.STRENGTH_WAIT``),
and on a hand of the 991-hand ``.phhs``. Asserts
nothing; the hover goal is 30 ms p95 (issue 14).
"""

from __future__ import annotations

import importlib
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

from phh_lsp.core.analysis import analyze
from phh_lsp.core.strength import fast_ranks, holdem
from phh_lsp.core.strength import spot_strength as strength
from phh_lsp.core.strength.equity import Spot
from phh_lsp.core.strength.spot_cache import PROCESS_CACHE
from phh_lsp.lsp.features.hover import hover

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"


def cards(text: str) -> tuple[str, ...]:
    return tuple(text[i : i + 2] for i in range(0, len(text), 2))


SPOTS = {
    "NT pre-flop, 2 players": Spot("NT", (cards("Ac2d"), cards("7h6h")), (False, False), ()),
    "NT flop, 3 players": Spot("NT", (cards("Ac2d"), cards("KsKd"), cards("7h6h")), (False,) * 3, cards("Jc3d5c")),
    "NT turn, 2 players": Spot("NT", (cards("Ac2d"), cards("7h6h")), (False, False), cards("Jc3d5c4h")),
    "NS flop": Spot("NS", (cards("AhKh"), cards("9c9d")), (False, False), cards("6h7hTs")),
    "PO flop": Spot("PO", (cards("AhAdKcQs"), cards("JhTh9c8c")), (False, False), cards("2h3h7c")),
    "FO/8 pre-flop": Spot("FO/8", (cards("As2sKdKc"), cards("3h4hQcJd")), (False, False), ()),
    "F7S/8 third street": Spot("F7S/8", (cards("As2d3c"), cards("KhKd5s")), (False, False), ()),
    "FR fifth street": Spot("FR", (cards("As2d3c8h9d"), cards("KhQd5s4c6h")), (False, False), ()),
    "FB": Spot("FB", (cards("As2d3c4h"), cards("KhKd5s5c")), (False, False), ()),
}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def hover_ms(text: str, offset: int, rounds: int = 30) -> list[float]:
    analysis = analyze(text, "file:///bench.phh")
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        hover(analysis, offset, "utf-16")
        times.append((time.perf_counter() - start) * 1000)
    return times


def optional(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def per_call_us(function: Callable[[list[int]], object], hands: list[list[int]], rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for hand in hands:
            function(hand)
        times.append(time.perf_counter() - start)
    return statistics.median(times) / len(hands) * 1e6


def evaluators() -> None:
    """Microseconds per seven-card hand, the same hands for each."""
    rng = random.Random(7)
    hands = [rng.sample(range(52), 7) for _ in range(20_000)]
    found = {"ours (remembered tables)": per_call_us(fast_ranks.standard_high, hands)}
    from pokerkit import Card, StandardHighHand

    pokerkit_cards = [next(iter(Card.parse(fast_ranks.card_text(card)))) for card in range(52)]
    found["PokerKit StandardHighHand"] = per_call_us(
        lambda hand: StandardHighHand.from_game([pokerkit_cards[card] for card in hand]), hands[:300], rounds=3
    )
    phevaluator = optional("phevaluator._pheval")
    if phevaluator is not None:
        found["phevaluator (C)"] = per_call_us(lambda hand: phevaluator.evaluate_7cards(*hand), hands)
    eval7 = optional("eval7")
    if eval7 is not None:
        objects = [eval7.Card(fast_ranks.card_text(card)) for card in range(52)]
        found["eval7 (C, cards made)"] = per_call_us(lambda hand: eval7.evaluate([objects[c] for c in hand]), hands)
    print("\nhand evaluators, one seven-card hand per call (median of rounds):")
    for name, micros in found.items():
        print(f"  {name:28} {micros:8.2f} µs")
    if phevaluator is None or eval7 is None:
        print("  (pip install eval7 phevaluator to compare the native ones)")


def enumeration() -> None:
    """An exact flop EHS (Ac2d on Jc3d5c): 1,081 opponent hands x 990 run-outs."""
    hole, board = [48, 1], [38, 5, 12]
    deck = [card for card in range(52) if card not in hole and card not in board]
    start = time.perf_counter()
    holdem.strength_counts(fast_ranks.standard_high, hole, board, deck)
    ours = time.perf_counter() - start
    print(f"\nexact flop EHS, one player (1.07 million pairs): ours {ours * 1000:.0f} ms (rank pairs tallied)")
    phevaluator = optional("phevaluator._pheval")
    if phevaluator is None:
        return
    evaluate = phevaluator.evaluate_7cards
    start = time.perf_counter()
    counts = [0, 0, 0]
    for more in combinations(deck, 2):
        final = (*board, *more)
        mine = evaluate(*hole, *final)
        rest = [card for card in deck if card not in more]
        for a, b in combinations(rest, 2):
            theirs = evaluate(a, b, *final)  # phevaluator: lower is better
            counts[0 if mine < theirs else 1 if mine == theirs else 2] += 1
    native = time.perf_counter() - start
    print(f"  the same count with phevaluator, one call per hand: {native * 1000:.0f} ms")


def command_ratio(rounds: int = 5) -> None:
    """``phh-lsp equity`` and ``phh-lsp check`` on Dwan-Ivey 2009, interleaved, one process each."""
    path = str(CORPUS / "examples" / "dwan-ivey-2009.phh")
    times: dict[str, list[float]] = {"check": [], "equity": []}
    for _ in range(rounds):
        for command in times:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "phh_lsp", command, path], capture_output=True, check=False)
            times[command].append(time.perf_counter() - start)
    check, equity = statistics.median(times["check"]), statistics.median(times["equity"])
    verdict = "PASS" if equity <= 3 * check else "FAIL"
    print(f"\nDwan-Ivey 2009, medians of {rounds} interleaved runs: check {check:.2f} s, equity {equity:.2f} s,")
    print(f"  equity / check = {equity / check:.2f} ({verdict} <= 3)")


def main() -> None:
    print(f"cores {os.cpu_count()}, load {os.getloadavg()[0]:.2f}")
    evaluators()
    enumeration()
    command_ratio()
    print("\nbackground work per spot (cold):")
    for name, spot in SPOTS.items():
        start = time.perf_counter()
        found = strength.compute(spot)
        elapsed = time.perf_counter() - start
        assert found is not None  # nothing asked it to give way
        exact = found.equity is not None and all(e.exact for e in found.equity.values())
        kind = "made hand" if found.made else "exact" if exact else "sampled"
        print(f"  {name:24} {elapsed * 1000:8.0f} ms  {kind}")

    dwan = (CORPUS / "examples" / "dwan-ivey-2009.phh").read_text()
    flop = dwan.index('"d db Jc3d5c"') + 2
    PROCESS_CACHE.forget()  # cold, as a server just started
    analysis = analyze(dwan, "file:///first.phh")
    start = time.perf_counter()
    said = str(hover(analysis, flop, "utf-16"))
    first = (time.perf_counter() - start) * 1000  # the spot put first and waited for (hover.STRENGTH_WAIT)
    while "being computed" in str(hover(analyze(dwan, "file:///b.phh"), flop, "utf-16")):
        time.sleep(0.05)
    warm = hover_ms(dwan, flop)
    said = "figures shown" if "is ahead" in said else "still computing"
    print(f"\nhover, flop of Dwan-Ivey: first {first:.1f} ms, cold cache ({said});")
    print(f"  computed: median {statistics.median(warm):.1f} ms,")
    print(f"  p95 {percentile(warm, 0.95):.1f} ms ({'PASS' if percentile(warm, 0.95) <= 30 else 'FAIL'} <= 30 ms)")

    phhs = (CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs").read_text()
    offset = phhs.index("d db", len(phhs) // 2) + 2
    times = hover_ms(phhs, offset)
    print(f"hover, a flop in the 991-hand .phhs: median {statistics.median(times):.1f} ms, ")
    print(f"  p95 {percentile(times, 0.95):.1f} ms ({'PASS' if percentile(times, 0.95) <= 30 else 'FAIL'} <= 30 ms)")


if __name__ == "__main__":
    main()
