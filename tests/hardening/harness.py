"""Drive every part of phh-lsp over one input and record what goes wrong.

Shared by the hardening tests (``tests/hardening/test_*.py``) and the long
fuzz run (``tests/fuzz/fuzz_server.py``). For one document it runs what an
editor session would: the analysis, every LSP feature function found in
``phh_lsp/lsp/features`` and in the core modules those features call for their
work (``EDITOR_CORE``) at several positions (inside the text, past the end of
a line, past the end of the file, between the halves of a surrogate pair),
whole-document and range formatting, and checks the formatter's promises:

* a document that is not valid TOML is never touched (``None``);
* the output parses to the same values (``same_values``, with floats read
  as ``Decimal`` so that no digit may change);
* formatting twice changes nothing (idempotent);
* every comment of the input is still in the output.

Features are discovered, not listed: every public function defined in a
``phh_lsp.lsp.features`` or ``EDITOR_CORE`` module whose parameters are all known here
(``analysis``, ``offset``, ``range``, ...) is called, so features added
later are exercised without editing this file; missing modules are skipped.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
import time
import tomllib
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from lsprotocol import types

from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import Analysis, analyze
from phh_lsp.core.formatting.formatter import format_text, same_values
from phh_lsp.lsp.positions import to_offset

ENCODING = "utf-16"
SETTINGS = (Settings(), Settings(inlay_hints="pot", big_blinds=True, line_width=20))
#: Known parameter names of feature functions; anything else means "skip".
KNOWN = {
    "analysis",
    "offset",
    "encoding",
    "settings",
    "range",
    "selection",
    "uri",
    "context_diagnostics",
    "only",
    "include_declaration",
    "lens",
    "hand",
}
BIG = 10**9  # a column or line far past any real one


# ----------------------------------------------------------------- features


@dataclass(frozen=True)
class Feature:
    """A feature function and the names of its parameters."""

    name: str
    function: Callable[..., Any]
    params: tuple[str, ...]


#: The core modules whose functions the editor's features call on every
#: request (the fixes behind code actions, the strength behind hover and
#: hints, the next actions behind completion): fuzzed like the features.
EDITOR_CORE = (
    "phh_lsp.core.fixes.fix_all",
    "phh_lsp.core.strength.spot_cache",
    "phh_lsp.core.telling.next_actions",
)


def discover() -> tuple[list[Feature], list[str]]:
    """Every callable feature, and what was skipped (with why)."""
    import phh_lsp.lsp.features

    found: list[Feature] = []
    skipped: list[str] = []
    modules = [
        (phh_lsp.lsp.features.__name__, info.name) for info in pkgutil.iter_modules(phh_lsp.lsp.features.__path__)
    ]
    modules += [tuple(name.rsplit(".", 1)) for name in EDITOR_CORE]  # type: ignore[misc]
    for package_name, module_name in sorted(modules, key=lambda m: m[1]):
        name = f"{package_name}.{module_name}"
        try:
            module = importlib.import_module(name)
        except Exception as error:  # a module being written right now
            skipped.append(f"{name}: import failed ({error!r})")
            continue
        for attr, value in sorted(vars(module).items()):
            if attr.startswith("_") or not inspect.isfunction(value) or value.__module__ != name:
                continue
            try:
                signature = inspect.signature(value)
            except (TypeError, ValueError):
                continue
            required = [
                p.name
                for p in signature.parameters.values()
                if p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
            ]
            unknown = [p for p in required if p not in KNOWN]
            if unknown:
                skipped.append(f"{name}.{attr}: needs {', '.join(unknown)}")
                continue
            params = tuple(p for p in signature.parameters if p in KNOWN)
            found.append(Feature(f"{module_name}.{attr}", value, params))
    return found, skipped


_FEATURES: tuple[list[Feature], list[str]] | None = None


def features() -> list[Feature]:
    """The discovered features (discovered once per process)."""
    global _FEATURES
    if _FEATURES is None:
        _FEATURES = discover()
    return _FEATURES[0]


def skipped_features() -> list[str]:
    features()
    assert _FEATURES is not None
    return _FEATURES[1]


# ----------------------------------------------------------------- records


@dataclass
class Failure:
    """One thing that went wrong on one input."""

    kind: str  # "exception", "formatter", "slow"
    where: str
    detail: str

    def key(self) -> str:
        """What makes two failures "the same bug" (for counting)."""
        if self.kind == "exception":
            last = [line for line in self.detail.strip().splitlines() if line.strip()]
            frames = [line.strip() for line in last if line.strip().startswith("File ")]
            where = self.where.split("[")[0]
            return f"{where}: {last[-1][:160] if last else '?'} @ {frames[-1] if frames else '?'}"
        return f"{self.kind} {self.where}: {self.detail.splitlines()[0][:160]}"


@dataclass
class Outcome:
    """Everything measured on one input."""

    length: int
    seconds: float = 0.0
    calls: int = 0
    failures: list[Failure] = field(default_factory=list)
    valid_toml: bool = False
    formatted: bool | None = None  # None: not valid TOML; False: formatter gave up
    gave_up: str | None = None  # why the formatter returned None for valid TOML
    per_stage: dict[str, float] = field(default_factory=dict)
    # The costliest single call (one LSP request), in this thread's CPU seconds: the
    # work it did, which a machine busy with other processes does not inflate (wall
    # time under a load of 6 on 2 cores doubled it, and the guard failed CI).
    slowest: tuple[float, str] = (0.0, "")


class Recorder:
    """Runs calls, catching and recording any exception."""

    def __init__(self, outcome: Outcome) -> None:
        self.outcome = outcome

    def call(self, where: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.outcome.calls += 1
        start = time.perf_counter()
        worked_from = time.thread_time()
        try:
            result = function(*args, **kwargs)
            if isinstance(result, Iterator):
                result = list(result)
            return result
        except Exception:
            self.outcome.failures.append(Failure("exception", where, traceback.format_exc()))
            return None
        finally:
            elapsed = time.perf_counter() - start
            worked = time.thread_time() - worked_from
            stage = where.split("[")[0]
            self.outcome.per_stage[stage] = self.outcome.per_stage.get(stage, 0.0) + elapsed
            if worked > self.outcome.slowest[0]:
                self.outcome.slowest = (worked, where)


# ----------------------------------------------------------------- positions


def positions(analysis: Analysis, rng: random.Random, count: int = 4) -> list[types.Position]:
    """LSP positions worth asking about: start, end, past the end of a line
    and of the file, the middle of a line, and a few random ones."""
    lines = analysis.lines
    last = lines.line_count - 1
    chosen = [
        types.Position(0, 0),
        types.Position(last, BIG),  # past the end of the last line
        types.Position(last + 5, 0),  # past the end of the file
        types.Position(0, BIG),
    ]
    for _ in range(count):
        line = rng.randint(0, last)
        width = len(lines.line_text(line))
        chosen.append(types.Position(line, rng.randint(0, width + 2)))
    # a column between the two UTF-16 units of a character outside the BMP
    for index, char in enumerate(analysis.text[:100_000]):
        if ord(char) > 0xFFFF:
            line, column = lines.position(index, "utf-16")
            chosen.append(types.Position(line, column + 1))
            break
    return chosen


def ranges(analysis: Analysis, points: list[types.Position]) -> list[types.Range]:
    """The whole document, a range past the end, a reversed one, one per point."""
    last = analysis.lines.line_count
    found = [
        types.Range(types.Position(0, 0), types.Position(last + 1, 0)),
        types.Range(types.Position(last + 3, 0), types.Position(last + 9, BIG)),
        types.Range(types.Position(last, 0), types.Position(0, 0)),  # end before start
    ]
    for point in points[4:7]:
        found.append(types.Range(types.Position(max(0, point.line - 1), 0), types.Position(point.line + 1, 0)))
    return found


# ----------------------------------------------------------------- one input


def run_features(
    recorder: Recorder,
    analysis: Analysis,
    uri: str,
    rng: random.Random,
    positions_per_input: int = 4,
    only: Iterable[str] | None = None,
) -> None:
    """Every discovered feature, at every chosen position and range."""
    points = positions(analysis, rng, positions_per_input)
    offsets = sorted(
        {to_offset(analysis.lines, point, ENCODING) for point in points}
        | {0, len(analysis.text), len(analysis.text) // 2}
    )
    spans = ranges(analysis, points)
    settings = SETTINGS[rng.randrange(len(SETTINGS))]
    diagnostics = recorder.call("diagnostics.lsp_diagnostics", _lsp_diagnostics, analysis, settings) or []
    bogus = types.Diagnostic(
        range=types.Range(types.Position(BIG, BIG), types.Position(BIG, BIG + 1)),
        message="?",
        code="PHH401",
    )
    context = [*diagnostics[:20], bogus]
    hands = [view.hand for view in recorder.call("analysis.view", _first_hands, analysis, 3) or []]
    wanted = set(only) if only is not None else None
    for feature in features():
        if wanted is not None and feature.name not in wanted:
            continue
        for kwargs in _argument_sets(feature, analysis, uri, settings, offsets, spans, context, hands, recorder):
            recorder.call(f"{feature.name}[{_describe(kwargs)}]", feature.function, **kwargs)


def _lsp_diagnostics(analysis: Analysis, settings: Settings) -> list[types.Diagnostic]:
    from phh_lsp.lsp.features.diagnostics import lsp_diagnostics

    return lsp_diagnostics(analysis, settings, ENCODING)


def _first_hands(analysis: Analysis, count: int) -> list[Any]:
    views = []
    for index in range(min(count, len(analysis.pieces))):
        views.append(analysis.view(index))
    return views


def _lenses(analysis: Analysis, recorder: Recorder) -> list[Any]:
    try:
        from phh_lsp.lsp.features.code_lens import code_lenses
    except ImportError:
        return []
    return recorder.call("code_lens.code_lenses", code_lenses, analysis, ENCODING) or []


def _argument_sets(
    feature: Feature,
    analysis: Analysis,
    uri: str,
    settings: Settings,
    offsets: list[int],
    spans: list[types.Range],
    context: list[types.Diagnostic],
    hands: list[Any],
    recorder: Recorder,
) -> Iterable[dict[str, Any]]:
    given = {
        "analysis": analysis,
        "encoding": ENCODING,
        "settings": settings,
        "uri": uri,
        "include_declaration": True,
        "context_diagnostics": context,
    }
    base: dict[str, Any] = {name: given[name] for name in feature.params if name in given}
    variants: list[dict[str, Any]] = [base]

    def expand(name: str, values: Iterable[Any]) -> None:
        nonlocal variants
        values = list(values)
        variants = [dict(v, **{name: value}) for v in variants for value in values]

    if "offset" in feature.params:
        expand("offset", offsets)
    for name in ("range", "selection"):
        if name in feature.params:
            expand(name, spans if "offset" not in feature.params else spans[:1])
    if "only" in feature.params:
        expand("only", [None, ["quickfix"], ["source.fixAll"], ["source"]])
    if "hand" in feature.params:
        expand("hand", hands)
    if "lens" in feature.params:
        expand("lens", _lenses(analysis, recorder)[:10])
    return variants


def _describe(kwargs: dict[str, Any]) -> str:
    parts = []
    for key, value in kwargs.items():
        if key in ("offset", "only"):
            parts.append(f"{key}={value!r}")
        elif key in ("range", "selection"):
            parts.append(f"{key}={value.start.line}:{value.start.character}-{value.end.line}:{value.end.character}")
    return ",".join(parts)


# ----------------------------------------------------------------- formatter


def comments(text: str) -> list[str]:
    """The TOML comments of a valid document, right-stripped, in order.

    A small lexer of its own (strings of the four kinds, escapes), so the
    check does not trust the formatter's scanner.
    """
    text = text.replace("\r\n", "\n")
    found: list[str] = []
    index, length = 0, len(text)
    while index < length:
        char = text[index]
        if char == "#":
            end = text.find("\n", index)
            end = length if end < 0 else end
            found.append(text[index:end].rstrip())
            index = end
        elif text.startswith('"""', index) or text.startswith("'''", index):
            quote = text[index : index + 3]
            index += 3
            while index < length:
                if quote == '"""' and text[index] == "\\":
                    index += 2
                    continue
                if text.startswith(quote, index):
                    index += 3
                    while index < length and text[index] == quote[0]:  # up to 2 quotes may end the body
                        index += 1
                    break
                index += 1
        elif char in "\"'":
            index += 1
            while index < length and text[index] != char and text[index] != "\n":
                index += 2 if char == '"' and text[index] == "\\" else 1
            index += 1
        else:
            index += 1
    return found


def _parse(text: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(text.removeprefix("\ufeff"), parse_float=Decimal)
    except (tomllib.TOMLDecodeError, ValueError, ArithmeticError, RecursionError):
        return None


def check_formatter(recorder: Recorder, text: str, multi: bool, line_width: int = 88) -> str | None:
    """The formatter's promises on ``text``; returns its output."""
    outcome = recorder.outcome
    before = _parse(text)
    outcome.valid_toml = before is not None
    out = recorder.call("format_text", format_text, text, multi=multi, line_width=line_width)
    if before is None:
        if out is not None:
            outcome.failures.append(Failure("formatter", "touches invalid TOML", f"returned {len(out)} chars"))
        return None
    outcome.formatted = out is not None
    if out is None:
        outcome.gave_up = _why_gave_up(text, multi, line_width)
        return None
    after = _parse(out)
    if after is None:
        outcome.failures.append(Failure("formatter", "output is not valid TOML", out[:2000]))
        return out
    if not same_values(before, after):
        outcome.failures.append(Failure("formatter", "values changed", f"{before!r:.1000}\n---\n{after!r:.1000}"))
    again = recorder.call("format_text(again)", format_text, out, multi=multi, line_width=line_width)
    if again != out:
        outcome.failures.append(Failure("formatter", "not idempotent", _first_difference(out, again)))
    lost = Counter(comments(text)) - Counter(comments(out))
    if lost:
        outcome.failures.append(Failure("formatter", "dropped a comment", repr(list(lost))[:1000]))
    return out


def apply_lsp_edits(text: str, edits: list[types.TextEdit]) -> str:
    """``text`` with LSP edits (UTF-16 positions) applied, as a client would."""
    from phh_lsp.core.text import LineIndex

    lines = LineIndex(text)
    spans = [
        (
            lines.offset(e.range.start.line, e.range.start.character, ENCODING),
            lines.offset(e.range.end.line, e.range.end.character, ENCODING),
            e.new_text,
        )
        for e in edits
    ]
    for start, end, new in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        text = text[:start] + new + text[end:]
    return text


def check_format_edits(recorder: Recorder, analysis: Analysis, formatted: str | None) -> None:
    """``textDocument/formatting`` edits, applied as a client applies them,
    give exactly the formatter's output; none at all for invalid TOML."""
    from phh_lsp.lsp.features.formatting import format_document, format_range

    edits = recorder.call("formatting.format_document(check)", format_document, analysis, SETTINGS[0], ENCODING)
    if edits is None:
        return
    whole = types.Range(types.Position(0, 0), types.Position(analysis.lines.line_count + 1, 0))
    if formatted is None:
        ranged = recorder.call("formatting.format_range(check)", format_range, analysis, whole, SETTINGS[0], ENCODING)
        if edits or ranged:
            recorder.outcome.failures.append(
                Failure(
                    "formatter", "edits for a document it cannot format", f"{len(edits)} + {len(ranged or [])} edits"
                )
            )
        return
    result = apply_lsp_edits(analysis.text, edits)
    if result != formatted:
        recorder.outcome.failures.append(
            Failure("formatter", "LSP edits do not give the formatted text", _first_difference(formatted, result))
        )


def _why_gave_up(text: str, multi: bool, line_width: int) -> str:
    """Why ``format_text`` returned None for valid TOML: the exception it
    swallowed, or its own values check refusing the result."""
    from phh_lsp.core.formatting import formatter as formatting

    inner = getattr(formatting, "_format", None)
    if inner is None:
        return "unknown"
    try:
        inner(text, multi=multi, line_width=line_width)
    except Exception:
        return "crashed: " + traceback.format_exc().strip().splitlines()[-1][:200]
    return "refused its own output (values check)"


def _first_difference(left: str, right: str | None) -> str:
    if right is None:
        return "the second run gave up (None)"
    index = next((i for i, (a, b) in enumerate(zip(left, right, strict=False)) if a != b), min(len(left), len(right)))
    return f"at {index}: {left[max(0, index - 60) : index + 60]!r} vs {right[max(0, index - 60) : index + 60]!r}"


# ----------------------------------------------------------------- entry point


def exercise(
    text: str,
    uri: str = "file:///fuzz/hand.phh",
    *,
    seed: int = 0,
    positions_per_input: int = 4,
    formatter: bool = True,
    only: Iterable[str] | None = None,
) -> Outcome:
    """Run everything on ``text``; never raises for a failure of phh-lsp."""
    outcome = Outcome(len(text))
    recorder = Recorder(outcome)
    rng = random.Random(seed)
    start = time.perf_counter()
    analysis = recorder.call("analyze", analyze, text, uri)
    if analysis is not None:
        recorder.call("analysis.diagnostics", lambda: analysis.diagnostics)
        recorder.call("analysis.hands", lambda: analysis.hands)
        for offset in (0, len(text) // 2, len(text), len(text) + 10):
            recorder.call(f"analysis.hand_at[offset={offset}]", analysis.hand_at, offset)
        run_features(recorder, analysis, uri, rng, positions_per_input, only)
        if formatter:
            formatted = check_formatter(recorder, text, analysis.multi)
            check_format_edits(recorder, analysis, formatted)
    outcome.seconds = time.perf_counter() - start
    return outcome


def report(outcome: Outcome) -> str:
    """The failures of an outcome, for an assertion message."""
    return "\n\n".join(f"[{f.kind}] {f.where}\n{f.detail}" for f in outcome.failures)


CHEAP = (
    "completion.complete",
    "hover.hover",
    "diagnostics.lsp_diagnostics",
    "symbols.document_symbols",
    "semantic_tokens.semantic_tokens",
    "inlay_hints.inlay_hints",
)


def clear_caches() -> None:
    """Empty every ``functools`` cache in phh_lsp (for a fair re-timing)."""
    import sys

    for name, module in list(sys.modules.items()):
        if not name.startswith("phh_lsp") or module is None:
            continue
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def slow_call(text: str, uri: str, outcome: Outcome, limit: float = 1.0, **options: Any) -> tuple[float, str] | None:
    """The costliest call if it took over ``limit`` CPU seconds twice (re-run
    from cold caches, so a one-off hiccup is not reported), else None."""
    if outcome.slowest[0] <= limit:
        return None
    clear_caches()
    again = exercise(text, uri, **options)
    return again.slowest if again.slowest[0] > limit else None


# ----------------------------------------------------------------- known bugs
# Failures already reported and still open (each has a strict xfail
# reproducer in tests/hardening/test_known_bugs.py). The property tests and the fuzz
# run set them apart so that a new bug is not drowned by a known one; when
# a bug is fixed, its xfail test passes, fails as XPASS(strict), and the
# entry here must go.

KNOWN_BUGS: dict[str, Callable[[Failure], bool]] = {}


def known_bug(failure: Failure) -> str | None:
    """The id of the known bug this failure is, or None for a new one."""
    for name, matches in KNOWN_BUGS.items():
        if matches(failure):
            return name
    return None


def new_failures(outcome: Outcome) -> list[Failure]:
    return [failure for failure in outcome.failures if known_bug(failure) is None]
