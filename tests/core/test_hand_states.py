"""The replayer's state feed (core/telling/hand_states.py) on every kind of hand a view must draw."""

from __future__ import annotations

import json
from pathlib import Path

from phh_lsp.core.analysis import Analysis
from phh_lsp.core.telling.hand_states import hand_states, step_at

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


def _feed(text: str) -> dict:  # type: ignore[type-arg]
    return hand_states(Analysis(text, False).view(0).hand)


def _step(feed: dict, notation: str) -> dict:  # type: ignore[type-arg]
    return next(step for step in feed["steps"] if step["notation"] == notation)


def test_dwan_ivey_step_by_step() -> None:
    feed = _feed((CORPUS / "examples" / "dwan-ivey-2009.phh").read_text(encoding="utf-8"))
    assert feed["title"] == "Full Tilt Million Dollar Cash Game S4E12" and feed["variant"] == "NT"
    assert [player["name"] for player in feed["players"]] == ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
    assert len(feed["steps"]) == 1 + 18 and feed["steps"][0]["action"] is None
    raised = _step(feed, "p1 cbr 23000")
    assert raised["pot"] == "33,500" and raised["street"] == "Pre-flop"
    assert raised["words"] == "p1 (Phil Ivey) raises to 23,000 (by 16,000 over 7,000), 11.5 BB"
    assert raised["seats"][0]["bet"] == "23,000" and raised["seats"][1]["toAct"]
    assert [card["card"] for card in raised["seats"][1]["cards"]] == ["??", "??"]  # unknown, face down
    assert _step(feed, "p2 f")["seats"][1]["folded"]
    last = feed["steps"][-1]
    assert last["over"] and last["board"] == ["Jc", "3d", "5c", "4h", "Jh"]
    # who collects what, and each player's result, in words (#32)
    assert last["moved"] == [
        "p1 (Phil Ivey) loses 553,500",
        "p2 (Patrik Antonius) loses 2,500",
        "p3 (Tom Dwan) collects 1,109,500, a net win of 556,000",
    ]
    # both hands shown stay on the table, named by PokerKit
    assert [seat["hand"] for seat in last["seats"]] == ["straight, five high", None, "straight, seven high"]
    assert [card["card"] for card in last["seats"][0]["cards"]] == ["Ac", "2d"]
    assert last["showdown"] == [
        "p1 (Phil Ivey) shows Ac 2d: straight, five high",
        "p3 (Tom Dwan) shows 7h 6h: straight, seven high",
    ]
    assert _step(feed, "p3 sm 7h6h")["moved"] == [] and feed["button"] == 2 and feed["bringIn"] is None
    assert feed["result"] == "p3 (Tom Dwan) wins 556,000" and feed["error"] is None
    json.dumps(feed)  # plain JSON, as the server sends it and the HTML page embeds it


def test_stud_cards_say_which_are_up() -> None:
    feed = _feed((CORPUS / "wsop-2023-43-5" / "11-00-35-59.phh").read_text(encoding="utf-8"))
    sixth = _step(feed, "d dh p2 6h")
    cards = sixth["seats"][1]["cards"]
    assert [(card["card"], card["up"]) for card in cards] == [
        ("Js", False),
        ("Jc", False),
        ("2c", True),
        ("4h", True),
        ("7h", True),
        ("6h", True),
    ]
    assert sixth["street"] == "Sixth street"
    # stud has no big blind: amounts in chips, the bring-in named, no button
    assert sixth["potBlinds"] is None and sixth["seats"][1]["stackBlinds"] is None
    assert feed["bringIn"] == "50,000" and feed["button"] is None
    # the showdown of seventh street: p1's seven cards named, p2 mucked
    assert feed["steps"][-1]["showdown"] == ["p1 shows Qh Tc Th 6c Kc Ah 6d: two pair (T-T-6-6-A)"]


def test_hi_lo_hands_are_named_by_halves() -> None:
    feed = _feed((CORPUS / "wsop-2023-43-5" / "13-00-43-47.phh").read_text(encoding="utf-8"))
    assert feed["steps"][-1]["seats"][0]["hand"] == "high: straight, ace high; low: none"


def test_draw_discards_are_told() -> None:
    feed = _feed((CORPUS / "wsop-2023-43-5" / "57-02-36-12.phh").read_text(encoding="utf-8"))
    assert _step(feed, "p5 sd Qc")["words"].endswith("discards 1 card: Queen of clubs")
    assert feed["streets"] == ["Pre-draw", "First draw", "Second draw", "Third draw"]


def test_a_broken_hand_keeps_the_states_before_the_error() -> None:
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 6", "p2 cc", "p1 f"]\n'
    )
    feed = _feed(text)
    assert [step["notation"] for step in feed["steps"]] == [None, "d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 6"]
    error = feed["error"]
    assert error["action"] == 3 and error["notation"] == "p2 cc" and "out of turn" in error["message"]
    assert text[error["start"] : error["end"]] == '"p2 cc"' and feed["result"] is None
    # a cursor on the broken action, or after it, shows the last state that fit
    assert step_at(feed, error["start"] + 2) == 3 == step_at(feed, len(text) - 1)
    assert step_at(feed, 0) == 0


def test_a_hand_whose_fields_do_not_set_up_says_why() -> None:
    feed = _feed('variant = "NT"\nactions = ["d dh p1 AcAd"]\n')
    assert feed["steps"] == [] and feed["players"] == []
    assert feed["error"]["message"].startswith("not replayed: ") and feed["error"]["action"] is None
