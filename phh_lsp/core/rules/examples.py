"""The example of every diagnostic code: a valid hand, and the one edit that breaks it.

Why here and not in the tests: ``phh-lsp rule CODE`` shows a code's mistake
and its fix, and ``docs/diagnostics.md`` does the same; both read these
examples, and ``tests/core/test_diagnostic_codes.py`` holds each one to the
checker (the code is reported on exactly ``covered``), so what a user
reads is what the checker does. Each example edits one of the valid hands
below so that exactly one thing is wrong; a code may have several (the
first is its main example). PHH901 has none: only a bug of ours causes it.
"""

from __future__ import annotations

from typing import NamedTuple


class Example(NamedTuple):
    """A mistake: ``base`` with ``old`` replaced by ``new`` (once) is reported as
    ``code`` on the text ``covered``, in a file named ``path``."""

    code: str
    base: str
    old: str
    new: str
    covered: str
    path: str

    @property
    def bad(self) -> str:
        """The hand with the mistake."""
        return self.base.replace(self.old, self.new, 1)


NT = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AcAd",
  "d dh p2 KcKd",
  "d dh p3 QcQd",
  "p3 cbr 6",
  "p1 cc",
  "p2 cc",
  "d db Jc3d5c",
  "p1 cc",
  "p2 cc",
  "p3 cc",
]
"""

SHOWDOWN_NT = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = [
  "d dh p1 AcAd",
  "d dh p2 KcKd",
  "p2 cbr 100",
  "p1 cc",
  "p1 sm AcAd",
  "p2 sm KcKd",
  "d db Jc3d5c",
  "d db 7s",
  "d db 8s",
]
finishing_stacks = [200, 0]
winnings = [200, 0]
"""

FT = """\
variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = [
  "d dh p1 AcAd",
  "d dh p2 KcKd",
  "p2 cbr 4",
  "p1 cc",
]
"""

STUD = """\
variant = "F7S"
antes = [0, 0]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = [
  "d dh p1 AcAd2c",
  "d dh p2 KcKd3c",
  "p1 pb",
  "p2 cc",
]
"""

NS = NT.replace('"NT"', '"NS"').replace("Jc3d5c", "Jc9d7c")

DRAW = """\
variant = "F2L3D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = [
  "d dh p1 2c3c4c5c7d",
  "d dh p2 8c9cTcJcQd",
  "p2 cc",
  "p1 cc",
  "p1 sd 7d",
  "p2 sd",
  "d dh p1 6d",
]
"""

PHHS = """\
[1]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]

[2]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]
"""


EXAMPLES: tuple[Example, ...] = tuple(
    Example(*case)
    for case in (
        ("PHH101", NT, "min_bet = 2", "min_bet = two", "two", "hand.phh"),
        ("PHH101", NT, '"p1 cc",\n  "p2 cc",\n  "d db', '"p1 cc",\n  "p2 cc,\n  "d db', '"p2 cc,', "hand.phh"),
        ("PHH101", NT, '"p3 cbr 6"', "p3 cbr 6", "p3 cbr 6", "hand.phh"),  # an action without quotes
        ("PHH101", NT, '"p1 cc",\n  "p2 cc",\n  "d db', '"p1 cc"\n  "p2 cc",\n  "d db', '"p1 cc"', "hand.phh"),
        ("PHH101", NT, '  "p3 cc",\n]\n', '  "p3 cc",\n', '"p3 cc"', "hand.phh"),  # the array never closed
        ("PHH102", PHHS, "[2]", "[1]", "[1]", "hands.phhs"),
        ("PHH103", PHHS, "[1]\n", 'author = "me"\n[1]\n', "author", "hands.phhs"),
        ("PHH201", NT, '"NT"', '"NLHE"', '"NLHE"', "hand.phh"),
        ("PHH201", NT, '"NT"', '"NTX"', '"NTX"', "hand.phh"),
        ("PHH202", NT, "min_bet = 2\n", "", "variant", "hand.phh"),
        ("PHH203", NT, "min_bet = 2\n", "min_bet = 2\nsmall_bet = 2\n", "small_bet", "hand.phh"),
        ("PHH204", NT, "min_bet = 2", 'min_bet = "2"', '"2"', "hand.phh"),
        ("PHH204", NT, "min_bet = 2", 'min_bet = 2\ntime = "20:00:00"', '"20:00:00"', "hand.phh"),
        ("PHH204", NT, "min_bet = 2", 'min_bet = 2\nseats = [1, "2", 3]', '"2"', "hand.phh"),
        ("PHH204", NT, "min_bet = 2", 'min_bet = 2\ncurrency_symbol = "US$"', '"US$"', "hand.phh"),
        ("PHH204", NT, "min_bet = 2", "min_bet = 2\nhand = true", "true", "hand.phh"),
        ("PHH205", NT, "antes = [0, 0, 0]", "antes = [0, 0]", "[0, 0]", "hand.phh"),
        ("PHH206", NT, "[200, 200, 200]", "[200, 0, 200]", "0", "hand.phh"),
        ("PHH207", NT, "antes = [0, 0, 0]", "antes = [0, -1, 0]", "-1", "hand.phh"),
        ("PHH208", NT, "min_bet = 2", "min_bet = 2\nmin_bets = 2", "min_bets", "hand.phh"),
        ("PHH209", NT, "min_bet = 2", "min_bet = 2\nmin_bet = 3", "min_bet", "hand.phh"),
        ("PHH210", NT, "starting_stacks = [200, 200, 200]", "starting_stacks = [200]", "[200]", "hand.phh"),
        ("PHH211", NT, "min_bet = 2", "min_bet = 0", "0", "hand.phh"),
        ("PHH212", FT, "big_bet = 4", "big_bet = 1", "1", "hand.phh"),
        ("PHH212", STUD, "bring_in = 1", "bring_in = 2", "2", "hand.phh"),
        ("PHH213", NT, "blinds_or_straddles = [1, 2, 0]", "blinds = [1, 2, 0]", "blinds", "hand.phh"),
        ("PHH213", NT, "starting_stacks = [200", "startingstacks = [200", "startingstacks", "hand.phh"),
        ("PHH214", NT, "[1, 2, 0]", "[2, 1, 0]", "2, 1", "hand.phh"),
        ("PHH215", NT, "min_bet = 2", 'min_bet = 2\ncurrency = "$"', '"$"', "hand.phh"),
        ("PHH301", NT, '"p3 cbr 6"', '"q3 cbr 6"', "q3", "hand.phh"),
        ("PHH301", NT, '"p3 cbr 6"', '"P3 cbr 6"', "P3", "hand.phh"),
        ("PHH302", NT, '"p3 cbr 6"', '"p7 cbr 6"', "p7", "hand.phh"),
        ("PHH303", NT, '"p3 cbr 6"', '"p3 raise 6"', "raise", "hand.phh"),
        ("PHH303", NT, '"p3 cbr 6"', '"p3 CBR 6"', "CBR", "hand.phh"),
        ("PHH303", NT, '"d db Jc3d5c"', '"d DB Jc3d5c"', "DB", "hand.phh"),
        ("PHH304", NT, '"p3 cbr 6"', '"p3 cbr"', "cbr", "hand.phh"),
        ("PHH305", NT, '"p3 cbr 6"', '"p3 cbr 6 now"', "now", "hand.phh"),
        ("PHH306", NT, '"p3 cbr 6"', '"p3 cbr 1,000"', "1,000", "hand.phh"),
        ("PHH307", NT, "AcAd", "AcAx", "Ax", "hand.phh"),
        ("PHH307", NT, "AcAd", "Ac10h", "10h", "hand.phh"),
        ("PHH307", NT, "AcAd", "AcaD", "aD", "hand.phh"),
        ("PHH308", NS, "Jc9d7c", "Jc9d2c", "2c", "hand.phh"),
        ("PHH309", NT, "KcKd", "KcAd", "Ad", "hand.phh"),
        ("PHH310", NT, '"p3 cbr 6"', '"p3 sd"', "sd", "hand.phh"),
        ("PHH311", NT, '"p3 cbr 6"', '"p3 pb"', "pb", "hand.phh"),
        ("PHH312", NT, '"p3 cbr 6"', '"p3 cbr 6#ok"', "#", "hand.phh"),
        ("PHH313", NT, '"p3 cbr 6",\n', '"p3 cbr 6",\n  " ",\n', '" "', "hand.phh"),
        ("PHH314", NT, '"p3 cbr 6"', '"p3  cbr 6"', "  ", "hand.phh"),
        ("PHH401", NT, '"p1 cc",\n  "p2 cc",\n  "d db', '"p2 cc",\n  "p1 cc",\n  "d db', "p2", "hand.phh"),
        ("PHH402", NT, '"p3 cbr 6"', '"p3 cbr 3"', "3", "hand.phh"),
        ("PHH402", NT, '"p3 cbr 6"', '"p3 cbr 500"', "500", "hand.phh"),
        ("PHH403", FT, '"p2 cbr 4"', '"p2 cbr 5"', "5", "hand.phh"),
        ("PHH404", NT, '"p3 cbr 6"', '"d db Jc3d5c"', "db", "hand.phh"),
        ("PHH405", NT, "Jc3d5c", "Jc3d", "Jc3d", "hand.phh"),
        ("PHH405", NT, '"d dh p2 KcKd"', '"d dh p2 Kc"', "Kc", "hand.phh"),  # short, at the deal
        ("PHH405", DRAW, '"d dh p1 6d"', '"d dh p1 6d8d"', "6d8d", "hand.phh"),  # one discarded, one drawn
        ("PHH406", DRAW, '"p1 sd 7d"', '"p1 sd 9d"', "9d", "hand.phh"),
        ("PHH407", SHOWDOWN_NT, '"p1 sm AcAd"', '"p1 sm AcAh"', "Ah", "hand.phh"),
        ("PHH408", NT, '"p3 cbr 6"', '"p3 sm QcQd"', "p3", "hand.phh"),
        ("PHH409", NT, "blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [0, 0, 0]", "variant", "hand.phh"),
        (
            "PHH501",
            SHOWDOWN_NT,
            '  "p2 sm KcKd",\n  "d db Jc3d5c",\n  "d db 7s",\n  "d db 8s",\n',
            "",
            '"p1 sm AcAd"',
            "hand.phh",
        ),
        ("PHH502", SHOWDOWN_NT, "finishing_stacks = [200, 0]", "finishing_stacks = [150, 50]", "[150, 50]", "hand.phh"),
        ("PHH503", SHOWDOWN_NT, "winnings = [200, 0]", "winnings = [200, 10]", "10", "hand.phh"),
        ("PHH504", NT, '"p1 cc",\n  "p2 cc",\n  "p3 cc",\n]', '"p1 cc",\n  "p2 f",\n]', "p2 f", "hand.phh"),
        ("PHH505", SHOWDOWN_NT, "finishing_stacks = [200, 0]", "finishing_stacks = [190, 0]", "[190, 0]", "hand.phh"),
    )
)


def examples_of(code: str) -> list[Example]:
    """The examples of ``code``, its main one first (none for PHH901)."""
    return [example for example in EXAMPLES if example.code == code]
