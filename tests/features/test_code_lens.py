"""The result lens above `actions`: winners, a hand in progress, a stopped replay."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from phh_lsp.core.analysis import analyze
from phh_lsp.lsp.features.code_lens import NOOP_COMMAND, code_lenses, resolve_code_lens
from tests.conftest import CORPUS

DWAN = CORPUS / "examples" / "dwan-ivey-2009.phh"
PHHS = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"
ONG = CORPUS / "handhq-sites" / "ONG-2009-07-01_2009-07-23_400NLH_OBFU" / "4" / "ong NLH handhq_1-OBFUSCATED.phhs"


def titles(text: str, path: Path = DWAN) -> list[str]:
    lenses = code_lenses(analyze(text, str(path)), "utf-16")
    assert all(lens.command is not None and lens.command.command == NOOP_COMMAND for lens in lenses)
    return [lens.command.title for lens in lenses if lens.command is not None]


def test_winner_and_net_result_on_the_actions_key() -> None:
    lenses = code_lenses(analyze(DWAN.read_text(), str(DWAN)), "utf-16")
    assert lenses == [
        types.CodeLens(
            range=types.Range(types.Position(10, 0), types.Position(10, 7)),
            command=types.Command(title="p3 (Tom Dwan) wins 556,000", command=NOOP_COMMAND),
            data={"hand": 0},
        )
    ]


def test_split_pot_and_unnamed_players() -> None:
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 AcKd", "d dh p2 AhKs", "p2 cc", "p1 cc",'
        ' "d db 2c3d7h", "p1 cc", "p2 cc", "d db 8s", "p1 cc", "p2 cc", "d db 9s",'
        ' "p1 cbr 10", "p2 cc", "p1 sm AcKd", "p2 sm AhKs"]\n'
    )
    assert titles(text) == ["p1 and p2 split the pot"]
    folded = text[: text.index('"p1 cc", "p2 cc", "d db 8s"')] + '"p1 cbr 4", "p2 f"]\n'
    assert titles(folded) == ["p1 wins 2"]


def test_hand_in_progress() -> None:
    text = DWAN.read_text()
    cut = text.index('  "p1 cbr 23000"')
    text = text[:cut] + text[text.index("]\nauthor") :]
    assert titles(text) == ["hand in progress: it is p1's turn"]


def test_replay_stopped() -> None:
    text = DWAN.read_text().replace('"p1 cbr 23000"', '"p1 cbr 8000"')
    assert titles(text) == [
        "replay stopped at action 5 (p1 cbr 8000): 8,000 is below the minimum: "
        "p1 may bet or raise to 12,000 at least and 1,125,100 at most (all-in)"
    ]
    text = DWAN.read_text().replace('"p1 cbr 23000"', '"p1 cbr 23,000"')
    assert titles(text)[0].startswith("replay stopped at action 5 (p1 cbr 23,000): `23,000` is not a plain number")


def test_phhs_lenses_are_resolved_one_hand_at_a_time() -> None:
    text = PHHS.read_text()
    analysis = analyze(text, str(PHHS))
    lenses = code_lenses(analysis, "utf-16")
    assert len(lenses) == 991 and all(lens.command is None for lens in lenses)
    assert lenses[1].range == types.Range(types.Position(28, 0), types.Position(28, 7))
    resolved = resolve_code_lens(analysis, lenses[1])
    assert resolved.command == types.Command(
        title="p3 (4NuFWN0sUav+Rof9i9oytg) collects 1.95 after 0.05 rake, a net win of 1.20", command=NOOP_COMMAND
    )
    assert resolve_code_lens(analysis, types.CodeLens(range=lenses[0].range, data={"hand": 5000})).command is None
    broken = text.replace("starting_stacks = [25, 54.75, 16.35, 24.65]\n", "", 1)
    lens = code_lenses(analyze(broken, str(PHHS)), "utf-16")[0]
    assert resolve_code_lens(analyze(broken, str(PHHS)), lens).command == types.Command(
        title="not replayed: fix the problems in this hand first", command=NOOP_COMMAND
    )


def test_broken_hands() -> None:
    assert titles(DWAN.read_text().replace("min_bet = 2000\n", "")) == []  # no replay, no lens
    assert titles("# prelude only\n", PHHS) == []
    assert titles('actions = ["p1 c') == []


def test_the_lens_stands_on_the_actions_field_the_checks_read() -> None:
    """A line ``actions = ...`` inside a multi-line string is text, not the
    field: the lens stays on the real ``actions`` key below it."""
    text = DWAN.read_text()
    text = text.replace("actions = [", '_note = """\nactions = none of these\n"""\nactions = [', 1)
    lenses = code_lenses(analyze(text, str(DWAN)), "utf-16")
    assert [lens.range.start.line for lens in lenses] == [13]
    assert lenses[0].command is not None and lenses[0].command.title == "p3 (Tom Dwan) wins 556,000"


def _resolved(path: Path, hand: int, text: str | None = None) -> str | None:
    """The lens title of hand ``hand`` (0: the first) of a ``.phhs`` file."""
    analysis = analyze(path.read_text() if text is None else text, str(path))
    lens = resolve_code_lens(analysis, code_lenses(analysis, "utf-16")[hand])
    return lens.command.title if lens.command is not None else None


def test_a_raked_pot_says_what_the_history_collected_and_why_the_replay_differs() -> None:
    """The replay takes no rake: a winner ends it higher than the history. The
    lens says what the hand records (``winnings``: collected after the rake,
    ``finishing_stacks``: PHH505's rake) and the rake between the two, and
    calls the player's gain on the hand a net win, never just "wins"."""
    # PokerStars (winnings = [0, 0, 1.95, ...]): the replay's pot is 2.00, the stack up 1.25;
    # the file's first two hands, as written there (the lens of a hand reads that hand only)
    first_two = PHHS.read_text()
    first_two = first_two[: first_two.index("\n[3]\n") + 1]
    assert _resolved(PHHS, 1, first_two) == (
        "p3 (4NuFWN0sUav+Rof9i9oytg) collects 1.95 after 0.05 rake, a net win of 1.20"
    )
    # Ongame: finishing_stacks 922.8 where the replay ends 924 (PHH505), winnings 22.80 of a 24 pot
    assert _resolved(ONG, 1) == "p2 (wJ4g7nSyghfMudamsy2OdQ) collects 22.80 after 1.20 rake, a net win of 10.80"
    # the same hand with its finishing stacks only: still the rake they record
    text = ONG.read_text()
    only_stacks = text.replace("winnings = [0, 22.80, 0, 0, 0]\n", "", 1)
    assert _resolved(ONG, 1, only_stacks) == (
        "p2 (wJ4g7nSyghfMudamsy2OdQ) collects 22.80 after 1.20 rake, a net win of 10.80"
    )


def test_a_hand_that_records_no_rake_keeps_the_plain_net_win() -> None:
    text = ONG.read_text()
    rake_free = text.replace("finishing_stacks = [138.2, 922.8, 505.2, 430, 312.4]", "", 1)
    rake_free = rake_free.replace("winnings = [0, 22.80, 0, 0, 0]", "winnings = [0, 24, 0, 0, 0]", 1)
    assert _resolved(ONG, 1, rake_free) == "p2 (wJ4g7nSyghfMudamsy2OdQ) wins 12"
    unrecorded = text.replace("finishing_stacks = [138.2, 922.8, 505.2, 430, 312.4]", "", 1)
    unrecorded = unrecorded.replace("winnings = [0, 22.80, 0, 0, 0]", "", 1)
    assert _resolved(ONG, 1, unrecorded) == "p2 (wJ4g7nSyghfMudamsy2OdQ) wins 12"
