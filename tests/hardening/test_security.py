"""The claims of docs/security.md, checked.

* Statically: the only file, process and network access in the package is
  the command line's (``paths.py``, ``cli/``) and the reading of
  configuration files (``config/files.py``); the server's other modules
  (server, documents, settings, core, features) have none, and nothing
  evaluates text (no eval/exec/compile/__import__).
* Dynamically: a whole editor session against the real server, run under
  ``sys.addaudithook`` (``audited_server.py``), opens no file but Python's
  own modules and the configuration file above its documents (a
  ``pyproject.toml`` with ``[tool.phh-lsp]``), creates no network socket (the only sockets are the
  AF_UNIX pair asyncio makes for its own wake-ups), starts no process,
  and never compiles or executes the documents' text.
"""

from __future__ import annotations

import ast
import asyncio
import socket
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

import phh_lsp
from tests.hardening import inputs
from tests.hardening.lsp_session import Session, session
from tests.hardening.test_protocol_abuse import answers, at, doc, requests, span

PACKAGE = Path(phh_lsp.__file__).resolve().parent
CLI_ONLY = {
    "paths.py",
    "cli/check.py",
    "cli/check_processes.py",
    "cli/format.py",
    # the results cache of check and format: its folder, its entries, `phh-lsp clean`
    "cli/results_cache.py",
    "cli/clean.py",
    # a large .phhs read line by line (check, format)
    "cli/hand_chunks.py",
    # format writes a file aside, then moves it over the original
    "cli/format_stream.py",
    "cli/convert.py",
    "cli/export.py",
    "cli/hand_choice.py",
    "cli/replay.py",
    # phh-lsp replay's page builder: reads its own renderer out of the package (importlib.resources)
    "replayer/page.py",
    "config/files.py",
    # hold'em's hand table stored in the package, and the PokerKit sources it was made from
    "core/engine/stored_tables.py",
}
RISKY_MODULES = {
    "socket",
    "ssl",
    "subprocess",
    "urllib",
    "http",
    "ftplib",
    "smtplib",
    "requests",
    "httpx",
    "ctypes",
    "pickle",
    "marshal",
    "shelve",
    "multiprocessing",
    "webbrowser",
    "pty",
    "importlib",
    "runpy",
}
RISKY_CALLS = {"open", "eval", "exec", "compile", "__import__", "breakpoint", "input"}
RISKY_METHODS = {
    "read_text",
    "read_bytes",
    "write_text",
    "write_bytes",
    "open",
    "system",
    "popen",
    "walk",
    "listdir",
    "scandir",
    "unlink",
    "remove",
    "rmtree",
    "ProcessPoolExecutor",
    "glob",
    "rglob",
}
MARKER = "zq7MARKERzq7"


def risky_uses(path: Path) -> list[str]:
    """Imports of risky modules and risky calls in one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name.split(".")[0] in RISKY_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in RISKY_MODULES:
                found.append(f"from {node.module} import ...")
            found += [f"from {node.module} import {a.name}" for a in node.names if a.name in RISKY_METHODS]
        elif isinstance(node, ast.Call):
            function = node.func
            if isinstance(function, ast.Name) and function.id in RISKY_CALLS | RISKY_METHODS:
                found.append(f"{function.id}()")
            elif isinstance(function, ast.Attribute) and function.attr in RISKY_METHODS:
                found.append(f".{function.attr}()")
    return found


def test_only_the_command_line_touches_files_or_processes() -> None:
    uses = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        found = risky_uses(path)
        if found:
            uses[path.relative_to(PACKAGE).as_posix()] = sorted(set(found))
    assert set(uses) <= CLI_ONLY, {k: v for k, v in uses.items() if k not in CLI_ONLY}
    assert uses == {
        "paths.py": [".read_bytes()", ".walk()"],
        "cli/check.py": [".write_bytes()"],
        "cli/check_processes.py": [
            "ProcessPoolExecutor()",
            "from concurrent.futures import ProcessPoolExecutor",
        ],
        "cli/results_cache.py": [".open()", ".unlink()", "from importlib.metadata import ..."],
        "cli/clean.py": [".rmtree()"],
        "cli/hand_chunks.py": [".open()"],
        "cli/format_stream.py": [".unlink()"],
        "cli/convert.py": [".read_bytes()", ".write_text()", "open()"],
        "cli/export.py": [".write_text()", "from phh_lsp.paths import read_text", "read_text()"],
        "cli/hand_choice.py": ["from phh_lsp.paths import read_text", "read_text()"],
        "cli/replay.py": [".write_text()"],
        "replayer/page.py": [".read_text()", "from importlib import ..."],
        "config/files.py": [".read_text()"],
        "core/engine/stored_tables.py": [".read_bytes()"],
    }, uses


# --------------------------------------------------------------------- audit


def allowed_roots() -> tuple[str, ...]:
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, str(PACKAGE)}
    roots |= {value for key, value in sysconfig.get_paths().items() if value}
    roots |= {p for p in sys.path if p and "site-packages" in p}
    return tuple(sorted(str(Path(r).resolve()) for r in roots))


def opened_paths(events: list[dict[str, Any]]) -> list[str]:
    return [str(e["args"][0]) for e in events if e["event"] == "open" and isinstance(e["args"][0], str)]


def outside(paths: list[str], roots: tuple[str, ...]) -> list[str]:
    return sorted({p for p in paths if not str(Path(p).resolve()).startswith(roots)})


async def editor_session(s: Session, folder: Path) -> None:
    """What an editor does in a session, on hands that carry a marker."""
    uri = (folder / "hands" / "a.phh").as_uri()
    text = inputs.NT.replace("# open", f"# {MARKER} __import__('os').system('touch {folder}/pwned')")
    text = text.replace('players = ["Ann", "Bo", "Cy"]', f'players = ["{MARKER}", "eval(1)", "Cy"]')
    s.open(uri, text)
    await asyncio.wait_for(s.client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 30)
    for line in range(0, 24, 3):
        await answers(requests(s, uri, at(line, 4), span((0, 0), (line, 0))))
    s.client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=uri),
            [types.TextDocumentContentChangePartial(range=span((9, 8), (9, 11)), text="cbr 8")],
        )
    )
    s.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(
            settings={"phh": {"inlayHints": {"mode": "pot"}, "format": {"lineWidth": 40}}}
        )
    )
    await answers(requests(s, uri, at(9, 5), span((0, 0), (30, 0))))
    phhs = (folder / "hands" / "b.phhs").as_uri()
    s.open(phhs, "[1]\n" + text + "\n[2]\n" + text)
    await answers(requests(s, phhs, at(12, 5), span((0, 0), (60, 0))))
    s.client.text_document_did_close(types.DidCloseTextDocumentParams(doc(uri)))


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Session, Path]:
    folder = tmp_path_factory.mktemp("audit")
    (folder / "pyproject.toml").write_text('[tool.phh-lsp]\nignore = ["PHH504"]\n')

    async def run() -> Session:
        async with session(folder / "server", audit=True, cwd=folder) as s:
            await editor_session(s, folder)
            await s.shutdown()
        return s

    s = asyncio.run(run())
    assert (s.exit_code, s.killed) == (0, False), s.stderr[-3000:]
    assert s.audit, "the audit hook recorded nothing"
    return s, folder


@pytest.mark.e2e  # session(): a server the marking hook cannot see
def test_the_server_opens_no_file_but_its_own_code(audited: tuple[Session, Path]) -> None:
    s, folder = audited
    assert outside(opened_paths(s.audit), allowed_roots()) == [str((folder / "pyproject.toml").resolve())]
    assert not (folder / "pwned").exists()


@pytest.mark.e2e  # session(): a server the marking hook cannot see
def test_the_server_opens_no_network_connection(audited: tuple[Session, Path]) -> None:
    s, _ = audited
    sockets = [e for e in s.audit if e["event"].startswith("socket.")]
    network = [e for e in sockets if e["event"] != "socket.__new__" or e["args"][1] != socket.AF_UNIX]
    assert network == []


@pytest.mark.e2e  # session(): a server the marking hook cannot see
def test_the_server_starts_no_process(audited: tuple[Session, Path]) -> None:
    s, _ = audited
    spawned = [
        e
        for e in s.audit
        if e["event"].startswith(
            ("subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "pty.", "os.startfile")
        )
    ]
    assert spawned == []


@pytest.mark.e2e  # session(): a server the marking hook cannot see
def test_the_server_runs_no_code_from_documents(audited: tuple[Session, Path]) -> None:
    s, _ = audited
    code_events = [e for e in s.audit if e["event"] in ("compile", "exec", "builtins.eval")]
    assert code_events, "the hook should at least see Python's own imports"
    assert [e for e in code_events if MARKER in repr(e["args"])] == []


@pytest.mark.e2e  # session(): a server the marking hook cannot see
def test_the_server_reads_no_file_the_client_did_not_send(tmp_path: Path) -> None:
    secret = tmp_path / "secret.phh"
    secret.write_text('variant = "NT"\n# not for the client\n', encoding="utf-8")

    async def run() -> Session:
        async with session(tmp_path / "server", audit=True) as s:
            await answers(requests(s, secret.as_uri(), at(0, 1), span((0, 0), (2, 0))))
            await s.shutdown()
        return s

    s = asyncio.run(run())
    assert str(secret) not in opened_paths(s.audit)
