"""Run the language server over stdio under a ``sys.addaudithook`` watch.

Used by ``test_protocol_abuse.py`` and ``test_security.py`` as the server
command: ``python tests/hardening/audited_server.py``. Before phh_lsp is
imported it

* points its stderr (the server's log) at ``$PHH_STDERR_LOG`` if set, so a
  test can count what was logged;
* installs an audit hook that appends every file open, socket, process,
  ``exec``/``compile``/``eval`` and ``ctypes`` event, one JSON line each, to
  ``$PHH_AUDIT_LOG`` (written with ``os.write`` on a descriptor opened
  before the hook, so the hook never sees its own writes);

then runs :func:`phh_lsp.lsp.server.serve` and exits as the server exits. The
hook only records: the tests decide what is allowed.
"""

from __future__ import annotations

import json
import os
import sys

WATCHED_PREFIXES = (
    "open",
    "socket.",
    "subprocess.",
    "os.system",
    "os.exec",
    "os.posix_spawn",
    "os.spawn",
    "os.fork",
    "os.startfile",
    "pty.",
    "urllib.",
    "http.",
    "ftplib.",
    "smtplib.",
    "ctypes.",
    "compile",
    "exec",
    "builtins.eval",
    "webbrowser.",
    "os.listdir",
    "os.scandir",
    "glob.",
)


def _describe(value: object) -> object:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value if not isinstance(value, str) else value[:300]
    if isinstance(value, bytes):
        return value[:300].decode("utf-8", "replace")
    code = getattr(value, "co_filename", None)
    if code is not None:
        return f"<code {code}>"
    return type(value).__name__


def _install(path: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)

    def hook(event: str, args: tuple[object, ...]) -> None:
        if not event.startswith(WATCHED_PREFIXES):
            return
        try:
            line = json.dumps({"event": event, "args": [_describe(a) for a in args]}) + "\n"
            os.write(fd, line.encode("utf-8", "replace"))
        except Exception:  # never let the watch change what it watches
            pass

    sys.addaudithook(hook)


def main() -> None:
    stderr_log = os.environ.get("PHH_STDERR_LOG")
    if stderr_log:
        fd = os.open(stderr_log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.dup2(fd, 2)
    audit_log = os.environ.get("PHH_AUDIT_LOG")
    if audit_log:
        _install(audit_log)
    from phh_lsp.lsp.server import serve

    sys.exit(serve())


if __name__ == "__main__":
    main()
