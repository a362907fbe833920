"""``phh-lsp check PATH...``: lint hands on the command line and in CI.

The same :func:`phh_lsp.core.analysis.analyze` the editor uses, rendered
in one of ruff's output formats (:mod:`phh_lsp.cli.report`); ``-``
reads the text from stdin (editors and pre-commit pipe buffers). Exit status: 0 when no
error-level diagnostic was found, 1 when one was or a fixed file could not
be written, 2 on usage errors or unreadable paths (the other files are
still checked). ``--jobs`` spreads
the files, and a large ``.phhs`` a chunk of hands at a time, over processes
(:mod:`phh_lsp.cli.check_spread`); the output is identical either way.

``--fix`` applies the safe fixes in place (``--unsafe-fixes``: the unsafe
ones too, see :mod:`phh_lsp.cli.fixing`) and reports what is left;
``--diff`` prints what fixing would change instead, and exits 1 when it
would change something. From stdin, ``--fix`` prints the fixed text on
stdout and the problems left on stderr, as ruff does.

Each file's findings are kept in the results cache
(:mod:`phh_lsp.cli.results_cache`), keyed by its bytes and the settings
that change them: an unchanged file is not analysed again, and prints
exactly what a fresh run prints. ``--no-cache`` neither reads nor writes
it; ``--fix`` and ``--diff``, which need each file's analysis, do not use it.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING

from phh_lsp.cli.check_findings import Cached, Document, Read, Streamed, findings_of
from phh_lsp.cli.check_processes import collector_tuned
from phh_lsp.cli.command import Command, Streams
from phh_lsp.cli.hand_chunks import is_streamable
from phh_lsp.cli.report import FORMATS, STREAMED_TEXT, Finding, render_end, render_file, render_statistics
from phh_lsp.config.cli_flags import FlagError, options_from_flags
from phh_lsp.config.files import ConfigFinder
from phh_lsp.config.settings import Settings
from phh_lsp.core.analysis import analyze
from phh_lsp.core.hand_analysis import analyze_hand
from phh_lsp.core.rules.codes import Severity
from phh_lsp.core.syntax.encoding import decode
from phh_lsp.core.wording import counted
from phh_lsp.paths import collect, read_both

if TYPE_CHECKING:
    from phh_lsp.cli.results_cache import ResultsCache
    from phh_lsp.core.fixes.rounds import Fixed

# What only some runs need is imported where it is used: the fixes and
# tomlkit (--fix, --diff, the JSON formats) and the process pool (--jobs)
# are a fifth of the start-up a pre-commit run on one file pays.


def add_check_arguments(parser: argparse.ArgumentParser) -> None:
    """Register ``check``'s arguments on its subparser."""
    parser.add_argument(
        "paths", nargs="+", metavar="PATH", help="files or folders (searched for *.phh and *.phhs); - for stdin"
    )
    parser.add_argument(
        "--output-format",
        choices=FORMATS,
        default="full",
        help="full (default: with the source line), concise, json, json-lines, github (annotations), sarif or junit",
    )
    parser.add_argument(
        "--stdin-filename",
        metavar="NAME",
        help="the name of the text read from stdin: decides .phh or .phhs and is printed as its path",
    )
    parser.add_argument(
        "--jobs", "-j", type=int, default=1, metavar="N", help="worker processes (0: one per core; default 1)"
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the problems, no summary")
    parser.add_argument(
        "--config", metavar="PATH", help="the configuration file for every file (default: the nearest one above each)"
    )
    parser.add_argument(
        "--select",
        metavar="CODES",
        help="report only these codes, prefixes or names (comma-separated; replaces the file's)",
    )
    parser.add_argument(
        "--ignore",
        metavar="CODES",
        help="never report these codes, prefixes or names (comma-separated; adds to the file's)",
    )
    parser.add_argument(
        "--statistics", action="store_true", help="print how many of each code were found, not each one"
    )
    parser.add_argument(
        "--fix", action="store_true", help="apply the safe fixes to the files (stdin: print the fixed text)"
    )
    parser.add_argument(
        "--unsafe-fixes", action="store_true", help="with --fix or --diff: apply the unsafe fixes (guesses) too"
    )
    parser.add_argument(
        "--diff", action="store_true", help="do not write: print the fixes as a unified diff (exit 1 if any)"
    )
    parser.add_argument(
        "--no-cache", action="store_true", help="neither read nor write the results cache (analyse every file)"
    )


def _finder(args: argparse.Namespace) -> ConfigFinder:
    """The configuration of each file, with ``--config`` / ``--select`` / ``--ignore``."""
    try:
        flags = options_from_flags(select=args.select, ignore=args.ignore)
    except FlagError as error:
        raise _UsageError(str(error)) from None
    return ConfigFinder(Path(args.config) if args.config else None, flags=flags)


def _documents(
    paths: list[Path], configured: ConfigFinder, stderr: IO[str], cache: _CacheUse | None, stream: bool, spread: bool
) -> Iterator[Read | Cached | Streamed | None]:
    """Each file read, then served from the cache or left to analyse (None:
    unreadable); ``stream``: a large ``.phhs`` is left to be streamed
    (``spread``: over the workers, from a smaller size on)."""
    for path in paths:
        if stream and is_streamable(path, spread):
            yield _streamed_or_cached(path, configured.settings(path), cache, stderr)
            continue
        try:
            data, decoded = read_both(path)
        except OSError as error:
            stderr.write(f"phh-lsp check: {path}: cannot read ({error.strerror})\n")
            yield None
            continue
        settings = configured.settings(path)
        if cache is None:
            yield Read(str(path), decoded, settings)
            continue
        from phh_lsp.cli.results_cache import findings_from, severities
        from phh_lsp.core.syntax.hands import is_multi_hand

        key = cache.store.key(data, is_multi_hand(str(path), decoded.text), severities(settings, cache.with_fixes))
        found = findings_from(cache.store.get(key), str(path))
        if found is not None:
            yield Cached(str(path), *found)
        else:
            yield Read(str(path), decoded, settings, key)


def _streamed_or_cached(
    path: Path, settings: Settings, cache: _CacheUse | None, stderr: IO[str]
) -> Streamed | Cached | None:
    """A large ``.phhs``: from the cache (its bytes hashed as they are read), else to stream."""
    if cache is None:
        return Streamed(str(path), settings, None)
    from phh_lsp.cli.results_cache import findings_from, severities

    try:
        key = cache.store.file_key(path, True, severities(settings, cache.with_fixes))
    except OSError as error:
        stderr.write(f"phh-lsp check: {path}: cannot read ({error.strerror})\n")
        return None
    found = findings_from(cache.store.get(key), str(path))
    return Cached(str(path), *found) if found is not None else Streamed(str(path), settings, key)


@dataclass
class _CacheUse:
    """The results cache as this run uses it."""

    store: ResultsCache
    #: The findings carry their fixes (the JSON formats): another entry than without.
    with_fixes: bool


def _cache_use(args: argparse.Namespace, stderr: IO[str]) -> _CacheUse | None:
    """The cache for this run, or None: ``--no-cache``, or ``--fix`` / ``--diff``
    (which analyse every file to fix it)."""
    if args.no_cache or args.fix or args.diff or args.paths == ["-"]:
        return None
    from phh_lsp.cli.results_cache import ResultsCache, cache_folder

    store = ResultsCache(cache_folder(Path(args.config) if args.config else None), "check", stderr)
    return _CacheUse(store, args.output_format in ("json", "json-lines") and not args.statistics)


def run_check(args: argparse.Namespace, stdout: IO[str], stderr: IO[str], stdin: IO[bytes] | None = None) -> int:
    """Check every file (or the text on ``stdin`` for ``-``); print the
    problems and a summary; return the exit code."""
    with collector_tuned():
        return _run_check(args, stdout, stderr, stdin)


def _inputs(
    args: argparse.Namespace,
    configured: ConfigFinder,
    stderr: IO[str],
    stdin: IO[bytes] | None,
    cache: _CacheUse | None,
) -> tuple[Iterable[Read | Cached | Streamed | None], int]:
    """The documents to check and how many named paths could not be found.

    Files a configuration excludes are skipped when a folder is walked,
    not when they are named (ruff's rule)."""
    if "-" in args.paths:
        if args.paths != ["-"]:
            raise _UsageError("`-` (stdin) cannot be mixed with other paths")
        if stdin is None:
            raise _UsageError("no standard input to read")
        name = args.stdin_filename or "-"
        return [Read(name, decode(stdin.read()), configured.settings(Path(name)))], 0
    found = collect(args.paths)
    for error in found.errors:
        stderr.write(f"phh-lsp check: {error}\n")
    named = set(args.paths)
    files = [
        path for path in found.files if str(path) in named or not configured.for_file(path).excludes(path.absolute())
    ]
    if not files and not found.errors:
        raise _UsageError(f"no .phh or .phhs file found in {', '.join(args.paths)}")
    with_fixes = args.output_format in ("json", "json-lines") and not args.statistics
    stream = not (args.fix or args.diff or with_fixes)
    return _documents(files, configured, stderr, cache, stream, args.jobs != 1), len(found.errors)


class _UsageError(Exception):
    """A mistake in the command line: one line on stderr, exit 2."""


def _run_check(args: argparse.Namespace, stdout: IO[str], stderr: IO[str], stdin: IO[bytes] | None) -> int:
    if args.jobs < 0:
        stderr.write("phh-lsp check: --jobs must be 0 (all cores) or more\n")
        return 2
    try:
        configured = _finder(args)
        cache = _cache_use(args, stderr)
        documents, unreadable = _inputs(args, configured, stderr, stdin, cache)
    except _UsageError as error:
        stderr.write(f"phh-lsp check: {error}\n")
        return 2
    fixing = args.fix or args.diff
    if args.jobs == 1 or fixing:  # fixing re-analyses each text as it goes: one process
        return _report(documents, args, configured, cache, unreadable, stdout, stderr)
    from phh_lsp.cli.check_processes import Workers
    from phh_lsp.cli.check_spread import spread

    workers = Workers(args.jobs)
    try:
        spread_out = spread(documents, workers, _with_fixes(args), stderr)
        return _report(spread_out, args, configured, cache, unreadable, stdout, stderr)
    finally:
        workers.close()


def _with_fixes(args: argparse.Namespace) -> bool:
    """The findings carry their fixes (the JSON formats)."""
    return args.output_format in ("json", "json-lines") and not args.statistics


def _report(
    documents: Iterable[Read | Cached | Streamed | Document | None],
    args: argparse.Namespace,
    configured: ConfigFinder,
    cache: _CacheUse | None,
    unreadable: int,
    stdout: IO[str],
    stderr: IO[str],
) -> int:
    """Each document's findings printed as it comes; the summary; the exit code."""
    fixing = args.fix or args.diff
    every: list[Finding] = []
    checked: list[str] = []
    hands = 0
    tally = _FixTally()
    stdin_fix = args.fix and not args.diff and args.paths == ["-"]
    out = stderr if stdin_fix else stdout  # stdout carries the fixed text
    for document in documents:
        if isinstance(document, Streamed):
            from phh_lsp.cli.check_stream import streamed

            document = streamed(document, stderr)
        elif isinstance(document, Read):
            document = document.analysed()
        if document is None:
            unreadable += 1
            continue
        checked.append(document.path)
        if isinstance(document, Cached):
            findings, count = document.findings, document.hands
            if document.key is not None and cache is not None:
                from phh_lsp.cli.results_cache import findings_record

                cache.store.put(document.key, findings_record(findings, count))
        else:
            if fixing:
                document = _fixed(document, args, tally, stdout, stderr)
                if args.diff:
                    analyze_hand.cache_clear()
                    continue
            findings, count = findings_of(document, _with_fixes(args))
            analyze_hand.cache_clear()  # a dataset has no repeated hands: keep memory flat
            if document.key is not None and cache is not None:
                from phh_lsp.cli.results_cache import findings_record

                cache.store.put(document.key, findings_record(findings, count))
        hands += count
        every.extend(findings)
        if not args.statistics:
            out.write(render_file(args.output_format, findings))
    for problem in dict.fromkeys(configured.problems):
        stderr.write(f"phh-lsp check: configuration: {problem}\n")
    if args.diff:
        if not args.quiet:
            stderr.write(tally.would_fix() + "\n")
        return 2 if unreadable or configured.problems else 1 if tally.applied else 0
    out.write(render_statistics(every) if args.statistics else render_end(args.output_format, every, checked))
    counts = Counter(finding.severity for finding in every)
    if (args.output_format in STREAMED_TEXT or args.statistics) and not args.quiet:
        if args.fix:
            out.write(tally.fixed(len(every)) + "\n")
        out.write(_summary(counts, len(checked), hands, unreadable, tally.unwritten) + "\n")
    if unreadable or configured.problems:
        return 2
    return 1 if counts[Severity.ERROR.label] or tally.unwritten else 0


@dataclass
class _FixTally:
    """What ``--fix`` / ``--diff`` did over all files."""

    applied: int = 0
    files: int = 0
    unsafe_left: int = 0
    #: Files whose fixes could not be written: a failed run (exit 1).
    unwritten: int = 0

    def add(self, fixed: Fixed) -> None:
        """Count one file's fixing."""
        self.applied += fixed.applied
        self.files += fixed.applied > 0
        self.unsafe_left += fixed.unsafe_left

    def _unsafe(self) -> str:
        many = self.unsafe_left != 1
        return f"; {self.unsafe_left} more fix{'es' * many} with --unsafe-fixes" if self.unsafe_left else ""

    def fixed(self, remaining: int) -> str:
        """``--fix``'s line: how many were fixed and how many remain."""
        files = f" in {self.files} file{'s' * (self.files != 1)}" if self.applied else ""
        return f"Fixed {_problems(self.applied)}{files}, {remaining} remaining{self._unsafe()}"

    def would_fix(self) -> str:
        """``--diff``'s line."""
        if not self.applied:
            return f"No fixes available{self._unsafe()}"
        return f"Would fix {_problems(self.applied)} in {self.files} file{'s' * (self.files != 1)}{self._unsafe()}"


def _problems(count: int) -> str:
    return f"{count} problem{'s' * (count != 1)}"


def _fixed(
    document: Document, args: argparse.Namespace, tally: _FixTally, stdout: IO[str], stderr: IO[str]
) -> Document:
    """Fix one document: print its diff (``--diff``), print the fixed text
    (stdin), or write the file; the document as it now reads.

    A file that is not UTF-8 is left alone: writing it back would replace
    its unreadable bytes.
    """
    if document.extra:
        if args.paths == ["-"] and not args.diff:
            stdout.write(document.analysis.text)
        return document

    def wanted(code: str) -> bool:  # a code turned off is neither reported nor fixed
        return document.settings.severity_of(code) is not None

    from phh_lsp.cli.format import diff_lines
    from phh_lsp.core.fixes.rounds import fix_text

    fixed = fix_text(document.analysis, document.path, wanted, args.unsafe_fixes)
    old, new = document.analysis.text, fixed.text
    if args.diff:
        tally.add(fixed)
        stdout.writelines(diff_lines(document.path, old, new))
        return document
    if args.paths == ["-"]:
        stdout.write(new)
    elif new != old:
        path = Path(document.path)
        try:
            path.write_bytes(("\ufeff" * document.bom + new).encode("utf-8"))
        except OSError as error:  # nothing was fixed: the file's problems are all still there
            stderr.write(f"phh-lsp check: {path}: cannot write ({error.strerror})\n")
            tally.unwritten += 1
            return document
    tally.add(fixed)
    return dataclasses.replace(document, analysis=analyze(new, document.path, detail=False))


def _summary(counts: Counter[str], files: int, hands: int, unreadable: int, unwritten: int = 0) -> str:
    """The last line: "All good" only when every path was read (and every
    fix written) and nothing was found."""
    parts = [f"{counts[label]} {label}{'s' if counts[label] != 1 else ''}" for label in ("error", "warning")]
    extra = [f"{counts[label]} {label}" for label in ("information", "hint") if counts[label]]
    if unreadable:
        extra.append(f"{counted(unreadable, 'path')} not read")
    if unwritten:
        extra.append(f"{counted(unwritten, 'file')} not written")
    checked = f"{counted(files, 'file')}, {counted(hands, 'hand')} checked"
    failed = sum(counts.values()) or unreadable or unwritten
    verdict = "Found " + ", ".join(parts + extra) if failed else "All good: no problems"
    return f"{verdict} ({checked})"


def _run(args: argparse.Namespace, streams: Streams) -> int:
    return run_check(args, streams.stdout, streams.stderr, streams.stdin.buffer if streams.stdin is not None else None)


COMMAND = Command(add_check_arguments, _run)
