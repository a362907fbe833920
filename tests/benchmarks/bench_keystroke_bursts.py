#!/usr/bin/env python3
"""A keystroke's core work when the editor sends keystrokes in bursts, in-process.

Run from the project root with the project's venv::

    .venv/bin/python tests/benchmarks/bench_keystroke_bursts.py [--file FILE]

Neovim sends the keystrokes of its debounce window (150 ms) as one
``didChange`` of several changes; pygls gives the document the new version
after the first of them. This types ``, 'p1 f'`` before the closing ``]``
of three hands' actions of the 991-hand ``.phhs`` in two such bursts, three
times each, through pygls's ``Workspace`` and the server's documents (as
the server does), and prints the CPU milliseconds of each version's
analysis and diagnostics (median, max): what the server's part of a
keystroke costs, without the process's scheduling. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.workspace import Workspace

from phh_lsp.config.settings import Settings
from phh_lsp.lsp.documents import Documents
from phh_lsp.lsp.edited_document import use_edited_documents
from phh_lsp.lsp.features.diagnostics import lsp_diagnostics

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
PHHS = SHARED / "corpus" / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"
#: Where the actions' closing ``]`` is, in three hands of that file (lines 0-based).
AT = [(6493, 238), (13008, 222), (19514, 112)]
URI = "file:///bursts.phhs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=PHHS)
    args = parser.parse_args(argv)
    workspace = Workspace(None)
    use_edited_documents(workspace)
    text = args.file.read_text(encoding="utf-8")
    workspace.put_text_document(types.TextDocumentItem(uri=URI, language_id="phh", version=1, text=text))
    document = workspace.get_text_document(URI)
    documents = Documents()
    settings = Settings()

    def diagnose(version: int) -> float:
        started = time.process_time()
        lsp_diagnostics(documents.analysis(URI, version, document.source, document), settings, "utf-16")
        return 1000 * (time.process_time() - started)

    def change(version: int, start: types.Position, end: types.Position, new: str) -> None:
        identifier = types.VersionedTextDocumentIdentifier(version=version, uri=URI)
        workspace.update_text_document(identifier, types.TextDocumentContentChangePartial(types.Range(start, end), new))

    diagnose(1)
    version, costs = 1, []
    for line, column in AT * 3:
        for burst in (", '", "p1 f'"):  # one didChange per burst, one change per keystroke
            version += 1
            for character in burst:
                change(version, types.Position(line, column), types.Position(line, column), character)
                column += 1
            costs.append(diagnose(version))
        version += 1  # erased again in one change
        change(version, types.Position(line, column - 8), types.Position(line, column), "")
        diagnose(version)
    median, worst = statistics.median(costs), max(costs)
    print(f"burst -> diagnostics: median {median:.2f} ms CPU, max {worst:.2f} ms, n={len(costs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
