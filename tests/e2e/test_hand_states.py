"""``phh/handStates`` over the real server, as the replayers ask for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytest_lsp import LanguageClient

from tests.lsp_client import client, open_document

__all__ = ["client"]

DWAN = Path(__file__).parents[2] / ".." / "shared" / "corpus" / "examples" / "dwan-ivey-2009.phh"


async def _states(client: LanguageClient, uri: str, line: int, character: int) -> Any:
    params = {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
    return _plain(await client.protocol.send_request_async("phh/handStates", params))


def _plain(value: Any) -> Any:
    """The answer as JSON reads it (pygls's client gives a custom request's
    objects as named tuples)."""
    if hasattr(value, "_asdict"):
        return {key: _plain(item) for key, item in value._asdict().items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


@pytest.mark.asyncio
async def test_the_cursor_on_an_action_gets_the_state_after_it(client: LanguageClient) -> None:
    text = DWAN.read_text(encoding="utf-8")
    uri = "file:///dwan.phh"
    await open_document(client, uri, text)
    lines = text.splitlines()
    row = next(number for number, line in enumerate(lines) if "p1 cbr 23000" in line)
    feed = await _states(client, uri, row, lines[row].index("cbr"))
    step = feed["steps"][feed["current"]]
    assert step["notation"] == "p1 cbr 23000" and step["pot"] == "33,500"
    assert step["range"]["start"]["line"] == row  # clicking the step puts the cursor here
    assert feed["result"] == "p3 (Tom Dwan) wins 556,000" and feed["error"] is None
    assert feed["hand"] == {"number": 1, "count": 1, "name": None, "range": feed["hand"]["range"]}
    on_a_field = await _states(client, uri, 0, 0)
    assert on_a_field["current"] == 0 and on_a_field["steps"][0]["words"] == "Before the first action"


@pytest.mark.asyncio
async def test_a_phhs_sends_only_the_hand_at_the_cursor(client: LanguageClient) -> None:
    hand = 'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [{0}, 100]\n'
    actions = 'actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cc", "p1 cc"]\n'
    text = f"# two hands\n[1]\n{hand.format(100)}{actions}\n[2]\n{hand.format(250)}{actions}"
    uri = "file:///two.phhs"
    await open_document(client, uri, text)
    second = await _states(client, uri, text.splitlines().index("[2]") + 6, actions.index("p2 cc"))
    assert second["hand"]["number"] == 2 and second["hand"]["count"] == 2 and second["hand"]["name"] == "2"
    assert second["players"][0]["startingStack"] == "250"
    assert second["steps"][second["current"]]["notation"] == "p2 cc"
    assert await _states(client, uri, 0, 3) is None  # the comment before the first hand is no hand


@pytest.mark.asyncio
async def test_a_broken_hand_keeps_its_last_state_and_names_the_error(client: LanguageClient) -> None:
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 6", "p2 cc"]\n'
    )
    uri = "file:///broken.phh"
    await open_document(client, uri, text)
    feed = await _states(client, uri, 5, 70)
    assert [step["notation"] for step in feed["steps"]][-1] == "p2 cbr 6"
    assert feed["error"]["notation"] == "p2 cc" and "p1" in feed["error"]["message"]
    assert feed["error"]["range"]["start"]["line"] == 5
    assert feed["current"] == len(feed["steps"]) - 1 and feed["result"] is None
