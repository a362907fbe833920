"""``phh-lsp format PATH... [--check] [--diff] [--line-width N]``, or ``format -``.

Ruff's conventions, so the command drops into CI and pre-commit the way
``ruff format`` does: without flags files are rewritten in place; with
``--check`` the files that would change are listed and the exit status is
1; with ``--diff`` a unified diff is printed instead. A file that is not
valid TOML is reported and left alone (exit 1); an unreadable path is
reported on stderr and the run goes on (exit 2 at the end). Each file keeps
its line endings and its UTF-8 encoding (a BOM too).

Each file's verdict (already formatted, would change, not valid TOML) is
kept in the results cache (:mod:`phh_lsp.cli.results_cache`) by its bytes
and the line width: a file known to be formatted is not formatted again,
and ``--check`` answers an unchanged file at once. ``--no-cache`` neither
reads nor writes it.
"""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from phh_lsp.cli.command import Command, Streams
from phh_lsp.cli.format_stream import format_streamed, write_aside
from phh_lsp.cli.hand_chunks import is_streamable
from phh_lsp.config.cli_flags import line_width_argument, options_from_flags
from phh_lsp.config.files import ConfigFinder
from phh_lsp.core.formatting.formatter import DEFAULT_LINE_WIDTH, describe_toml_error, format_text
from phh_lsp.core.syntax.encoding import decode
from phh_lsp.core.wording import counted
from phh_lsp.paths import collect, read_both

if TYPE_CHECKING:
    from phh_lsp.cli.results_cache import ResultsCache

_BOM = "\ufeff"


def _is_phhs(name: str) -> bool:
    """Whether ``name`` is laid out as a ``.phhs`` (every ``[n]`` a hand), in
    any case: a file named on the command line and the same name given to
    stdin are formatted alike."""
    return name.lower().endswith(".phhs")


def add_format_arguments(parser: argparse.ArgumentParser) -> None:
    """Register ``format``'s arguments on its subparser."""
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="files or folders (searched recursively for *.phh and *.phhs)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not write; list the files that would change (exit 1 if any)",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="do not write; print a unified diff of the changes (exit 1 if any)",
    )
    parser.add_argument(
        "--line-width",
        type=line_width_argument,
        default=None,
        metavar="N",
        help=f"widest one-line array (default: the configuration's line-width, else {DEFAULT_LINE_WIDTH})",
    )
    parser.add_argument(
        "--stdin-filename",
        metavar="NAME",
        help="with - : the name of the text on stdin (decides .phh or .phhs; shown in messages)",
    )
    parser.add_argument(
        "--no-cache", action="store_true", help="neither read nor write the results cache (format every file)"
    )


def format_stdin(
    data: bytes,
    name: str,
    *,
    check: bool,
    diff: bool,
    line_width: int | None,
    stdout: TextIO,
    stderr: TextIO,
) -> int:
    """``format -``: the text on stdin, formatted, on stdout (how editors
    such as conform.nvim, Helix and Zed run a formatter on a buffer).

    With ``--check`` or ``--diff`` nothing but the verdict or the diff is
    printed. A text that is not UTF-8 or not valid TOML prints nothing on
    stdout (the editor keeps its buffer), the reason on stderr, exit 1.
    """
    decoded = decode(data)
    if decoded.error is not None:
        stderr.write(f"{name}: cannot format: not UTF-8\n")
        return 1
    old = _BOM * decoded.bom + decoded.text  # the formatter keeps a byte order mark
    configs = ConfigFinder(flags=options_from_flags(line_width=line_width))
    width = configs.settings(Path(name) if name != "-" else Path("stdin.phh")).line_width
    new = format_text(old, multi=_is_phhs(name), line_width=width)
    if new is None:
        problem = describe_toml_error(old)
        stderr.write(f"{name}: cannot format: {f'not valid TOML ({problem})' if problem else 'internal error'}\n")
        return 1
    if diff:
        stdout.writelines(diff_lines(name, old, new))
    elif check:
        if new != old:
            stdout.write(f"Would reformat: {name}\n")
    else:
        stdout.write(new)
    return 1 if (check or diff) and new != old else 0


@dataclass
class _Tally:
    changed: int = 0
    unchanged: int = 0
    invalid: int = 0
    unreadable: int = 0
    #: Files formatted but not written back (read-only): a failed run.
    unwritten: int = 0


def diff_lines(path: str, old: str, new: str) -> Iterator[str]:
    """A unified diff of ``old`` to ``new`` (also ``check --diff``'s)."""

    def lines(text: str) -> list[str]:
        return [line + "\n" for line in text.split("\n")[:-1]] + (
            [text.rsplit("\n", 1)[-1]] if not text.endswith("\n") and text else []
        )

    for line in difflib.unified_diff(lines(old), lines(new), path, path):
        yield line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"


def _format_one(
    path: Path,
    *,
    check: bool,
    diff: bool,
    line_width: int,
    tally: _Tally,
    stdout: TextIO,
    stderr: TextIO,
    cache: ResultsCache | None = None,
) -> None:
    """Format one file; what happened is counted in ``tally``.

    From the cache: a file known to be formatted, or not valid TOML, and
    with ``--check`` one known to change (writing and ``--diff`` need the
    new text). What is found is stored; a file just written is stored as
    formatted, under its new bytes."""
    multi, width = _is_phhs(path.name), f"line-width={line_width}"
    if not diff and is_streamable(path):
        try:
            key = cache.file_key(path, multi, width) if cache is not None else None
        except OSError as error:
            stderr.write(f"{path}: cannot read ({error.strerror})\n")
            tally.unreadable += 1
            return
        if _known(cache, key, path, check, tally, stdout, stderr):
            return
        try:
            if _streamed(path, check, line_width, tally, stdout, cache, key):
                return
        except OSError as error:  # the file was just read whole to hash it, or stat'ed: writing failed
            stderr.write(f"{path}: cannot {'read' if check else 'write'} ({error.strerror})\n")
            if check:
                tally.unreadable += 1
            else:
                tally.unwritten += 1
            return
    try:
        data, decoded = read_both(path)
    except OSError as error:
        stderr.write(f"{path}: cannot read ({error.strerror})\n")
        tally.unreadable += 1
        return
    if decoded.error is not None:
        stderr.write(f"{path}: cannot read (not UTF-8)\n")
        tally.unreadable += 1
        return
    key = cache.key(data, multi, width) if cache is not None else None
    if _known(cache, key, path, check and not diff, tally, stdout, stderr):
        return
    old = _BOM * decoded.bom + decoded.text  # the formatter keeps a byte order mark
    new = format_text(old, multi=multi, line_width=line_width)
    if new is None:
        problem = describe_toml_error(old)
        reason = f"not valid TOML ({problem})" if problem else "internal error"
        stderr.write(f"{path}: cannot format: {reason}\n")
        tally.invalid += 1
        if cache is not None and key is not None and problem:
            cache.put(key, f"invalid:{reason}")
        return
    if new == old:
        tally.unchanged += 1
        if cache is not None and key is not None:
            cache.put(key, "unchanged")
        return
    if cache is not None and key is not None:
        cache.put(key, "changed")
    tally.changed += 1
    if diff:
        stdout.writelines(diff_lines(str(path), old, new))
    elif check:
        stdout.write(f"Would reformat: {path}\n")
    else:
        try:
            write_aside(path, [new])
            if cache is not None:
                cache.put(cache.key(new.encode("utf-8"), multi, width), "unchanged")
        except OSError as error:
            stderr.write(f"{path}: cannot write ({error.strerror})\n")
            tally.changed -= 1
            tally.unwritten += 1


def _known(
    cache: ResultsCache | None,
    key: str | None,
    path: Path,
    check: bool,
    tally: _Tally,
    stdout: TextIO,
    stderr: TextIO,
) -> bool:
    """Whether the cache's verdict on the file answers this run (then counted and printed)."""
    known = cache.get(key) if cache is not None and key is not None else None
    if known == "unchanged":
        tally.unchanged += 1
        return True
    if isinstance(known, str) and known.startswith("invalid:"):
        stderr.write(f"{path}: cannot format: {known.removeprefix('invalid:')}\n")
        tally.invalid += 1
        return True
    if known == "changed" and check:
        tally.changed += 1
        stdout.write(f"Would reformat: {path}\n")
        return True
    return False


def _streamed(
    path: Path,
    check: bool,
    line_width: int,
    tally: _Tally,
    stdout: TextIO,
    cache: ResultsCache | None,
    key: str | None,
) -> bool:
    """A large ``.phhs`` formatted (or checked) a chunk of hands at a time
    (:mod:`phh_lsp.cli.format_stream`); False when it must be formatted whole."""
    changed = format_streamed(path, line_width, write=not check)
    if changed is None:
        return False
    if cache is not None and key is not None:
        cache.put(key, "changed" if changed else "unchanged")
        if changed and not check:
            cache.put(cache.file_key(path, True, f"line-width={line_width}"), "unchanged")
    if not changed:
        tally.unchanged += 1
    else:
        tally.changed += 1
        if check:
            stdout.write(f"Would reformat: {path}\n")
    return True


def run_format(
    paths: list[str],
    *,
    check: bool,
    diff: bool,
    line_width: int | None,
    stdout: TextIO,
    stderr: TextIO,
    use_cache: bool = True,
) -> int:
    """Format, check or diff every PHH file under ``paths``; the exit code.

    0: nothing to report; 1: a file would change (``--check``/``--diff``)
    or is not valid TOML; 2: a path could not be read or written.
    """
    if "-" in paths:
        stderr.write("phh-lsp format: `-` (stdin) cannot be mixed with other paths\n")
        return 2
    found = collect(paths)
    tally = _Tally(unreadable=len(found.errors))
    for error in found.errors:
        stderr.write(f"{error}\n")
    configs = ConfigFinder(flags=options_from_flags(line_width=line_width))
    named = set(paths)
    cache = None
    if use_cache:
        from phh_lsp.cli.results_cache import ResultsCache, cache_folder

        cache = ResultsCache(cache_folder(), "format", stderr)
    for path in found.files:
        if str(path) not in named and configs.for_file(path).excludes(path.absolute()):
            continue  # excluded by the configuration (named files are formatted all the same)
        _format_one(
            path,
            check=check,
            diff=diff,
            line_width=configs.settings(path).line_width,
            tally=tally,
            stdout=stdout,
            stderr=stderr,
            cache=cache,
        )
    for problem in dict.fromkeys(configs.problems):
        stderr.write(f"phh-lsp format: configuration: {problem}\n")
        tally.unreadable += 1
    dry = check or diff
    changed, unchanged = counted(tally.changed, "file"), counted(tally.unchanged, "file")
    if dry:
        summary = f"{changed} would be reformatted, {unchanged} already formatted"
    else:
        summary = f"{changed} reformatted, {unchanged} left unchanged"
    if tally.invalid:
        summary += f", {counted(tally.invalid, 'file')} not valid TOML"
    if tally.unwritten:
        summary += f", {counted(tally.unwritten, 'file')} not written"
    if not found.files and not found.errors:
        stderr.write(f"phh-lsp format: no .phh or .phhs file found in {', '.join(paths)}\n")
        return 2
    (stderr if diff else stdout).write(summary + "\n")
    if tally.unreadable or tally.unwritten:
        return 2
    return 1 if tally.invalid or (dry and tally.changed) else 0


def _run(args: argparse.Namespace, streams: Streams) -> int:
    if args.paths == ["-"]:
        return format_stdin(
            streams.stdin.buffer.read() if streams.stdin is not None else b"",
            args.stdin_filename or "-",
            check=args.check,
            diff=args.diff,
            line_width=args.line_width,
            stdout=streams.stdout,
            stderr=streams.stderr,
        )
    return run_format(
        args.paths,
        check=args.check,
        diff=args.diff,
        line_width=args.line_width,
        stdout=streams.stdout,
        stderr=streams.stderr,
        use_cache=not args.no_cache,
    )


COMMAND = Command(add_format_arguments, _run)
