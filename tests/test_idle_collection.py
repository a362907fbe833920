"""Full garbage collections wait for the user to pause, and never run while
a check is under way (a pause of ~200 ms on a 1,000-hand file would land in
a keystroke's re-check)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from phh_lsp.lsp import idle_collection
from phh_lsp.lsp.idle_collection import IdleCollector


@pytest.fixture(autouse=True)
def _short_pauses(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(idle_collection, "IDLE_SECONDS", 0.05)
    yield
    gc.unfreeze()


@pytest.mark.asyncio
async def test_a_pause_collects_once_and_freezes_what_survived() -> None:
    collector = IdleCollector(lambda: True)
    loop = asyncio.get_running_loop()
    for _ in range(5):  # a burst of keystrokes: one collection after the last
        collector.busy(loop)
        await asyncio.sleep(0.01)
    assert collector.collections == 0
    await asyncio.sleep(0.15)
    assert collector.collections == 1
    assert gc.get_freeze_count() > 0  # the next collection walks only what is new


@pytest.mark.asyncio
async def test_no_collection_while_a_check_is_under_way() -> None:
    checking = [True]
    collector = IdleCollector(lambda: not checking[0])
    collector.busy(asyncio.get_running_loop())
    await asyncio.sleep(0.2)
    assert collector.collections == 0  # quiet, but a first check is running
    checking[0] = False
    await asyncio.sleep(0.15)
    assert collector.collections == 1
