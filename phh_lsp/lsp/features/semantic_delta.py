"""``semanticTokens/full`` with a result id, and ``semanticTokens/full/delta``.

An editor that holds a document's tokens asks, after an edit, only for
what changed since the tokens it holds (their ``resultId``). The server
keeps the last tokens it sent of each document (an ``array`` of 4-byte
integers: a 50,000-hand file has about fifteen million) and answers one
edit: the integers between the common start and the common end of the
old and new tokens, whole tokens only. An unknown or stale ``resultId``
is answered with the full tokens. Each hand's tokens are kept by its
text (see :mod:`phh_lsp.lsp.features.semantic_tokens`), so a keystroke
costs the hand it touches and the join.

The answers are plain data (:class:`~phh_lsp.lsp.plain_answers.PlainObject`):
fifteen million integers converted one by one by pygls's cattrs took
seconds.
"""

from __future__ import annotations

import itertools
import threading
from array import array
from collections import OrderedDict
from typing import Any

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.text import Encoding
from phh_lsp.lsp.features.semantic_tokens import token_data
from phh_lsp.lsp.plain_answers import PlainObject

#: Documents whose last tokens are kept (the least recently asked are dropped).
KEPT = 8
#: Integers per token.
_TOKEN = 5

_sent: OrderedDict[str, tuple[str, array[int]]] = OrderedDict()
_lock = threading.Lock()
_ids = itertools.count(1)


def full(uri: str, analysis: Analysis, encoding: Encoding) -> PlainObject:
    """Every token of the document, with the id a later delta names."""
    data = token_data(analysis, encoding)
    return PlainObject(resultId=_keep(uri, data), data=data.tolist())


def delta(uri: str, analysis: Analysis, previous: str, encoding: Encoding) -> PlainObject:
    """What changed since the tokens sent as ``previous``: one edit (none
    when nothing did), or the full tokens when ``previous`` is not the last
    sent."""
    data = token_data(analysis, encoding)
    with _lock:
        sent = _sent.get(uri)
    result_id = _keep(uri, data)
    if sent is None or sent[0] != previous:
        return PlainObject(resultId=result_id, data=data.tolist())
    edit = token_edit(sent[1], data)
    return PlainObject(resultId=result_id, edits=[] if edit is None else [edit])


def _keep(uri: str, data: array[int]) -> str:
    with _lock:
        result_id = str(next(_ids))
        _sent[uri] = (result_id, data)
        _sent.move_to_end(uri)
        while len(_sent) > KEPT:
            _sent.popitem(last=False)
    return result_id


def forget(uri: str) -> None:
    """Let a closed document's last tokens go (a 50,000-hand file's are
    about 60 MB); reopened, its first delta gets the full tokens."""
    with _lock:
        _sent.pop(uri, None)


def token_edit(old: array[int], new: array[int]) -> dict[str, Any] | None:
    """The ``SemanticTokensEdit`` turning ``old`` into ``new`` (JSON shape):
    the whole tokens between their common start and common end; None
    when they are equal."""
    if old == new:
        return None
    shortest = min(len(old), len(new))
    prefix = _common(memoryview(old), memoryview(new), shortest, from_end=False)
    prefix -= prefix % _TOKEN
    rest = shortest - prefix
    suffix = _common(memoryview(old)[prefix:], memoryview(new)[prefix:], rest, from_end=True)
    suffix -= suffix % _TOKEN
    return {
        "start": prefix,
        "deleteCount": len(old) - prefix - suffix,
        "data": new[prefix : len(new) - suffix].tolist(),
    }


def _common(old: memoryview, new: memoryview, limit: int, *, from_end: bool) -> int:
    """How many integers ``old`` and ``new`` share at their start (or end),
    at most ``limit``: a bisection of slice comparisons, each in C."""
    low, high = 0, limit  # low integers are shared; more than high are not
    while low < high:
        middle = (low + high + 1) // 2
        same = old[len(old) - middle :] == new[len(new) - middle :] if from_end else old[:middle] == new[:middle]
        if same:
            low = middle
        else:
            high = middle - 1
    return low
