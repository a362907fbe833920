"""``phh-lsp clean``: remove the results cache of ``check`` and ``format``.

The folder is the one those commands use from the current folder
(``PHH_LSP_CACHE_DIR``, the configuration's ``cache-dir``, else
``.phh-lsp-cache`` beside the configuration file; see
:mod:`phh_lsp.cli.results_cache`), as ``ruff clean`` removes its own. Only
a folder holding the cache's ``CACHEDIR.TAG`` is removed: a variable
pointing at a folder of one's own never costs its files. Exit status 0
when the cache is gone (or there was none), 1 when it could not be
removed, 2 when the folder named is not a phh-lsp cache.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from phh_lsp.cli.command import Command, Streams
from phh_lsp.cli.results_cache import TAG_NAME, cache_folder


def add_clean_arguments(parser: argparse.ArgumentParser) -> None:
    """Register ``clean``'s arguments on its subparser."""
    parser.add_argument(
        "--config", metavar="PATH", help="the configuration file whose cache to remove (default: the nearest one)"
    )


def _run(args: argparse.Namespace, streams: Streams) -> int:
    folder = cache_folder(Path(args.config) if args.config else None)
    if not folder.exists():
        streams.stdout.write(f"No cache to remove at {folder}\n")
        return 0
    if not (folder / TAG_NAME).is_file():
        streams.stderr.write(f"phh-lsp clean: {folder} is not a phh-lsp cache (no {TAG_NAME}): left alone\n")
        return 2
    try:
        shutil.rmtree(folder)
    except OSError as error:
        streams.stderr.write(f"phh-lsp clean: cannot remove {folder} ({error.strerror or error})\n")
        return 1
    streams.stdout.write(f"Removed the cache at {folder}\n")
    return 0


COMMAND = Command(add_clean_arguments, _run)
