"""The server reads its messages however they arrive on stdin.

An editor's pipe is read on the server's event loop (``phh_lsp/lsp/stdio.py``),
a file or a terminal by pygls's reader: a message cut anywhere, several in
one write, a header line too long to be one, a body cut off by the end of
the input, all are answered (or ended) alike.
"""

from __future__ import annotations

import json
import os
import pty
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from phh_lsp.lsp.stdio import readable_on_the_loop

HAND = 'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\n'
URI = "file:///stdio/hand.phh"


def _framed(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _session(shutdown: bool = True, hover: bool = True) -> list[bytes]:
    """An editor's session, message by message: start, open a hand, hover, stop."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "processId": None}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": URI, "languageId": "phh", "version": 1, "text": HAND}},
        },
    ]
    if hover:
        at = {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 2}}
        messages.append({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": at})
    if shutdown:
        messages.append({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    return [_framed(message) for message in messages] + [_framed({"jsonrpc": "2.0", "method": "exit"})]


def _answers(output: bytes) -> dict[int, Any]:
    """The server's answers to the session's requests, by id (of the whole
    messages in ``output``)."""
    answers: dict[int, Any] = {}
    while b"\r\n\r\n" in output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b"\r\n")[0].split(b":")[1])
        if len(rest) < length:
            break
        message = json.loads(rest[:length])
        output = rest[length:]
        if "method" not in message:  # an answer, not a request or notification of the server's
            answers[message["id"]] = message.get("result", message.get("error"))
    return answers


def _serve(stdin: Any, pieces: list[bytes | int] | None = None) -> tuple[int, dict[int, Any], bytes]:
    """Run the server on ``stdin`` (writing ``pieces`` to it when it is a
    pipe, a pause after each; an ``int`` waits for the answer of that id,
    as an editor waits for a hover before it quits): its exit code, its
    answers and its stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "phh_lsp"], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    output = bytearray()

    def read() -> None:
        assert process.stdout is not None
        for chunk in iter(process.stdout.read1, b""):
            output.extend(chunk)

    reading = threading.Thread(target=read, daemon=True)
    reading.start()
    try:
        for piece in pieces or []:
            assert process.stdin is not None
            if isinstance(piece, int):
                waited = time.monotonic()
                while piece not in _answers(bytes(output)) and time.monotonic() - waited < 30:
                    time.sleep(0.01)
                continue
            process.stdin.write(piece)
            process.stdin.flush()
            time.sleep(0.05)
        if process.stdin is not None:
            process.stdin.close()
        errors = process.stderr.read() if process.stderr is not None else b""
        process.wait(timeout=60)
        reading.join(timeout=10)
    finally:
        process.kill()
    return process.returncode, _answers(bytes(output)), errors


def _check(code: int, answers: dict[int, Any], errors: bytes, hover: bool = True) -> None:
    """Started, answered, stopped cleanly: no traceback, no warning."""
    assert code == 0, errors.decode(errors="replace")
    assert answers[1]["serverInfo"]["name"] == "phh-lsp"
    if hover:
        assert "variant" in answers[2]["contents"]["value"].lower()  # the hover of the field
    assert answers[3] is None  # shutdown
    assert errors == b"", errors.decode(errors="replace")


def _typed() -> list[bytes | int]:
    """The session as an editor's pipe may bring it: the first message cut
    inside its header and inside its body, the next three in one write, the
    hover's answer waited for, then shutdown and exit in one write."""
    start, initialized, opened, hover, shutdown, end = _session()
    pieces: list[bytes | int] = [start[:7], start[7:30], start[30:]]
    return [*pieces, initialized + opened + hover, 2, shutdown + end]


def test_a_pipe_read_on_the_loop_answers_messages_cut_anywhere_and_glued() -> None:
    _check(*_serve(subprocess.PIPE, _typed()))


def test_a_file_on_stdin_is_read_by_pygls_and_answered_alike(tmp_path: Path) -> None:
    messages = tmp_path / "session.lsp"
    messages.write_bytes(b"".join(_session(hover=False)))
    with messages.open("rb") as stdin:
        _check(*_serve(stdin), hover=False)


def test_a_header_line_too_long_is_skipped_and_the_next_message_answered() -> None:
    garbage = b"X" * (3 << 20) + b"\r\n"  # past the 1 MiB a line is read whole
    _check(*_serve(subprocess.PIPE, [garbage, *_typed()]))


def test_an_exit_with_work_under_way_leaves_nothing_on_stderr() -> None:
    """The whole session in one write: the hover and the first check are
    still under way when exit comes. They are dropped (the editor is gone)
    without a traceback of answers written to the closed output, nor a
    warning of work never started."""
    code, answers, errors = _serve(subprocess.PIPE, [b"".join(_session())])
    assert code == 0 and answers[3] is None
    assert errors == b"", errors.decode(errors="replace")


def test_input_ending_in_the_middle_of_a_body_ends_the_server_quietly() -> None:
    data = b"".join(_session(shutdown=False)[:-1])  # no shutdown, no exit
    cut = _framed({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})[:-5]
    code, answers, errors = _serve(subprocess.PIPE, [data, 2, cut])  # then stdin closes
    assert answers[1]["serverInfo"]["name"] == "phh-lsp" and 9 not in answers
    assert code == 1  # ended without a shutdown, as the LSP asks
    assert errors == b"", errors.decode(errors="replace")


def test_what_is_read_on_the_loop(tmp_path: Path) -> None:
    read, write = os.pipe()
    other_read, other_write = os.pipe()
    left, right = socket.socketpair()
    plain = tmp_path / "input"
    plain.write_bytes(b"")
    with (
        os.fdopen(read, "rb") as pipe_in,
        os.fdopen(write, "wb") as pipe_out,
        os.fdopen(other_read, "rb"),
        os.fdopen(other_write, "wb") as other_out,
        left,
        right,
        plain.open("rb") as file_in,
    ):
        socket_in, socket_out = left.makefile("rb"), right.makefile("wb")
        both = left.makefile("wb")
        assert readable_on_the_loop(pipe_in, other_out)  # an editor's pipes
        assert readable_on_the_loop(socket_in, socket_out)  # libuv's socket pairs
        assert not readable_on_the_loop(socket_in, both)  # one socket both ways: the loop would make writes fail
        assert not readable_on_the_loop(file_in, pipe_out)  # a file is no pipe
        for stream in (socket_in, socket_out, both):
            stream.close()
    terminal, typed = pty.openpty()  # phh-lsp typed in a terminal: stdin and stdout its one device
    with os.fdopen(typed, "rb") as tty_in, os.fdopen(os.dup(typed), "wb") as tty_out:
        assert not readable_on_the_loop(tty_in, tty_out)
    os.close(terminal)
