"""What every site's converter promises, checked on every sample of every site.

Each site's own tests check the facts of its hands; these check what is
the same for all: a file is told from its text alone and claimed by no
other site, every hand of a file is answered in order (converted, or
failed with a reason and a line inside the hand), a good hand replays to
the history's stacks and checks clean, and no garbling of a history makes
the converter raise or fall back on its "a bug" reason.

The hands are counted here, by each site's hand opening written in this
module rather than taken from the readers, so a reader that loses a hand
or invents one is caught.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.convert.site_samples as samples
from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.history import ConversionError, SiteHand
from phh_lsp.convert.registry import SITES, detect
from phh_lsp.convert.to_phh import Converted
from phh_lsp.core.analysis import analyze
from phh_lsp.core.rules.codes import Severity


def _opening(pattern: str) -> Callable[[str], list[int]]:
    """The first lines of a file's hands: the lines where ``pattern`` matches."""
    compiled = re.compile(pattern, re.M)

    def starts(text: str) -> list[int]:
        return [text.count("\n", 0, match.start()) + 1 for match in compiled.finditer(text)]

    return starts


_NOT_AN_ACPC_HAND = re.compile(r"\s*(?:#.*|SCORE:.*)?")


_ACPC_LINE = re.compile(r"^(?:STATE:|[^:#\n]+\|[^:#\n]+:\d+:|# name/game/hands/seed )", re.M)


def _acpc_hand_lines(text: str) -> list[int]:
    """An ACPC log's hands: every line but blanks, comments and the score;
    none in a text with no line meant as an ACPC hand or header at all."""
    if _ACPC_LINE.search(text) is None:
        return []
    lines = enumerate(text.splitlines(), start=1)
    return [number for number, line in lines if not _NOT_AN_ACPC_HAND.fullmatch(line)]


@dataclass(frozen=True)
class Layout:
    """How this module tells a site's hands apart, and where a failed hand's
    line may be."""

    #: The first line of each hand of a text.
    starts: Callable[[str], list[int]]
    #: What garbling writes into the site's files: its own punctuation and words.
    junk: str
    #: "hand": from the hand's first line to the next hand's; "first": on the
    #: first line (a hand is one line); "file": anywhere up to the next hand
    #: (a failure may name the session or declaration the hand depends on).
    failure_line: Literal["hand", "first", "file"] = "hand"
    #: A line that closes every hand of a sample.
    closing: str | None = None
    #: The reason given for lines that belong to no hand, answered as failures of their own.
    stray: str | None = None
    #: Whether a hand may be written on after one cut off mid-line, which then fails on that line.
    glued: bool = False

    def is_stray(self, hand: Converted | Failed) -> bool:
        """Whether the answer is for lines outside any hand."""
        return isinstance(hand, Failed) and self.stray is not None and self.stray in hand.reason

    def holds(self, line: int, start: int, end: int) -> bool:
        """Whether a failure's line is where it may be, for a hand from
        ``start`` up to ``end`` (the next hand's first line)."""
        if self.failure_line == "first":
            return line == start
        if self.failure_line == "file":
            return 1 <= line <= end
        return start <= line < end or (self.glued and line == end)


LAYOUTS = {
    "pokerstars": Layout(
        _opening(r"^PokerStars (?:Hand|Game) #|(?<=[^\n])PokerStars (?:Hand|Game) #(?=\d+: )"),
        "0123456789$:,. []#*abcxyzPS",
        glued=True,
    ),
    "fulltilt": Layout(_opening(r"^Full Tilt Poker Game #"), "0123456789$:,. []()#*abcxyzKs"),
    "ipoker": Layout(_opening(r'<game\s+gamecode="[^"]*"[^>]*>'), '0123456789$€,. <>/="XSHabtype', "file"),
    "ongame": Layout(
        _opening(r"^\*{5} History for hand "),
        "0123456789$€:,. []()*abcxyz",
        closing="***** End of hand ",
        stray="not part of any Ongame hand",
    ),
    "partypoker": Layout(_opening(r"^[ \t]*\*{5} Hand History [Ff]or Game \S+ \*{5}"), "0123456789$:,. []()*abcxyzUSD"),
    "absolute": Layout(_opening(r"^Stage #C?\d+:"), "0123456789$:,.- []#*()abcxyzAllInRaise"),
    "ggpoker": Layout(_opening(r"^Poker Hand #"), "0123456789$:,. []#*abcxyzHDTM"),
    "winamax": Layout(_opening(r"^Winamax Poker - "), "0123456789€:,. []#*abcxyz"),
    "888poker": Layout(
        _opening(r"^\*{5} (?:888|Cassava|Pacific|LuckyAcePoker)[^*\n]* Hand History for Game \d+ \*{5}"),
        "0123456789$:,. []()*abcxyz#+",
    ),
    "wpn": Layout(
        # the current layout's first line, and the older layout's (2014-2019), each alone or run into the line before
        _opening(
            r"^(?:Game )?Hand #\d+ -(?: |$)|(?<=\S)(?:Game )?Hand #\d+ - .*\d{4}/"
            r"|(?:^|(?<=\S))\ufeff?Game started at: \d{4}/\d{1,2}/\d{1,2} "
        ),
        "0123456789$:,. []#*()abcxyz|",
        # a line that ends one hand and starts the next (`Game ended at: …Game started at: …`)
        # belongs to both: the earlier hand's failure may be named there
        glued=True,
    ),
    "bovada": Layout(
        _opening(r"(?:^|(?<=\S))(?:Bovada|Ignition|Bodog(?: UK|\.eu)?) Hand #\d+"),
        "0123456789$:,. []#*()abcxyz|+",
        # seat lines with no first line before them: a hand whose first lines the export cut off
        stray="the hand's first lines are lost",
        glued=True,  # a hand written on after one cut off mid-line
    ),
    "stars-clones": Layout(
        _opening(
            r"^(?:(?:PokerMaster|PokerBros|SupremaPoker|MPLPoker|Run It Once Poker|Hive Poker|BetOnline) Hand #"
            r"|Main PokerStars n°)"
        ),
        "0123456789$€₹:,. []#*()abcxyzPS",
    ),
    "betonline": Layout(
        _opening(
            r"^(?:BetOnline Poker|PayNoRake|ActionPoker\.com|Gear Poker|SportsBetting\.ag Poker|Tiger Gaming) Game #"
        ),
        "0123456789$:,.- []#*()abcxyz",
    ),
    "acpc": Layout(_acpc_hand_lines, "0123456789:|/fcrAKQTcdhs#STATE-. ", "first"),
}

SAMPLE_FILES = [pytest.param(path.parent.name, path, id=f"{path.parent.name}/{path.name}") for path in samples.paths()]


def _first_line(hand: Converted | Failed) -> int:
    return hand.first_line if isinstance(hand, Failed) else hand.hand.first_line


def test_every_site_has_samples_and_a_layout() -> None:
    assert samples.SAMPLE_SITES == sorted(SITES) == sorted(LAYOUTS)
    assert all(samples.paths(site) for site in SITES)


@pytest.mark.parametrize(("site", "path"), SAMPLE_FILES)
def test_a_sample_is_told_by_its_site_and_claimed_by_no_other(site: str, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = detect(text)
    assert found is not None and found.key == site
    assert [key for key, other in SITES.items() if other.recognises(text)] == [site]


@pytest.mark.parametrize(("site", "path"), SAMPLE_FILES)
def test_every_hand_is_answered_and_a_good_hand_replays_clean(site: str, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    layout = LAYOUTS[site]
    conversion = convert_text(text)
    assert conversion.site is not None and conversion.site.key == site
    assert [_first_line(hand) for hand in conversion.hands] == layout.starts(text)  # every hand, in order
    if layout.closing is not None:
        assert text.count(layout.closing) == len(conversion.hands)
    for hand in conversion.hands:
        if isinstance(hand, Failed):
            assert "a bug" not in hand.reason, hand.reason
            continue
        assert hand.problems == [], hand.problems  # stacks and collected amounts agree (rake apart)
        errors = [d for d in analyze(hand.text, "x.phh").diagnostics if d.severity == Severity.ERROR]
        assert errors == []


@pytest.mark.parametrize("site", sorted(LAYOUTS))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_garbled_history_never_raises_and_every_hand_is_answered(site: str, data: st.DataObject) -> None:
    layout = LAYOUTS[site]
    name = data.draw(st.sampled_from(samples.names(site)), label="sample")
    lines = samples.garble(samples.text(site, name), data.draw(samples.mutations(layout.junk), label="garbling"))
    if not lines:
        return
    mutated = "\n".join(lines) + "\n"
    read = list(SITES[site].read_hands(mutated))
    assert all(isinstance(item, ConversionError) or (isinstance(item, SiteHand) and item.hand_id) for item in read)
    conversion = convert_text(mutated, site)
    assert len(conversion.hands) == len(read)
    first_lines = [_first_line(hand) for hand in conversion.hands]
    assert first_lines == sorted(first_lines)  # in file order
    strays = [hand for hand in conversion.failed if layout.is_stray(hand)]
    assert all(stray.line == stray.first_line for stray in strays)  # lines outside any hand start where they stand
    hands = [hand for hand in conversion.hands if not layout.is_stray(hand)]
    starts = layout.starts(mutated)
    assert [_first_line(hand) for hand in hands] == starts  # every hand answered, once
    for index, hand in enumerate(hands):
        end = starts[index + 1] if index + 1 < len(starts) else len(lines) + 1
        if isinstance(hand, Failed):
            assert hand.reason and "a bug" not in hand.reason, hand.reason
            assert layout.holds(hand.line, starts[index], end), (hand, starts)
        else:
            assert hand.text
