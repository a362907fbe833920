"""Whatever a history holds, every hand is accounted for and nothing raises.

Mutated PokerStars files (lines dropped, duplicated, swapped, amounts and
names changed, text cut anywhere) must give one result per hand: converted
(its problems listed) or failed, with a line inside that hand.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phh_lsp.convert.sites import Failed, convert_text
from phh_lsp.convert.to_phh import Converted
from tests.convert.test_pokerstars import SAMPLES

TEXTS = [path.read_text(encoding="utf-8") for path in sorted(SAMPLES.glob("*.txt"))]


def _mutate(lines: list[str], kind: str, at: int, other: int, junk: str) -> list[str]:
    lines = list(lines)
    at, other = at % len(lines), other % len(lines)
    if kind == "drop":
        del lines[at]
    elif kind == "duplicate":
        lines.insert(at, lines[at])
    elif kind == "swap":
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == "digits":
        lines[at] = "".join(junk[0] if char.isdigit() and junk else char for char in lines[at])
    elif kind == "insert":
        lines.insert(at, junk)
    elif kind == "cut":
        lines[at] = lines[at][: other % (len(lines[at]) + 1)]
    return lines


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(TEXTS),
    st.lists(
        st.tuples(
            st.sampled_from(["drop", "duplicate", "swap", "digits", "insert", "cut"]),
            st.integers(0, 10_000),
            st.integers(0, 10_000),
            st.text(alphabet="0123456789$:,. []#*abcxyzPS", max_size=12),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_every_hand_is_converted_or_named(text: str, mutations: list[tuple[str, int, int, str]]) -> None:
    lines = text.splitlines()
    for kind, at, other, junk in mutations:
        lines = _mutate(lines, kind, at, other, junk)
        if not lines:
            return
    mutated = "\n".join(lines) + "\n"
    conversion = convert_text(mutated, "pokerstars")
    starts = [number for number, line in enumerate(lines, start=1) if line.startswith("PokerStars Hand #")]
    assert [
        hand.first_line if isinstance(hand, Failed) else hand.hand.first_line for hand in conversion.hands
    ] == starts
    for index, hand in enumerate(conversion.hands):
        end = starts[index + 1] if index + 1 < len(starts) else len(lines) + 1
        if isinstance(hand, Failed):
            assert starts[index] <= hand.line < end and hand.reason
            assert "a bug" not in hand.reason, hand.reason
        else:
            assert isinstance(hand, Converted) and hand.text
