"""The converter tests' samples and helpers, one copy for every site.

Each site's samples live in ``samples/<site key>/`` (the key of
:data:`phh_lsp.convert.registry.SITES`), so a test can walk every site's
files without a list of its own. The helpers read a converted hand the way
every site's tests check it (its PHH fields, its actions), and ``mutate``
garbles a history the way the property tests do: one copy, so a new site
gets the same checks by adding its folder.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

from hypothesis import strategies as st

from phh_lsp.convert.conversion import Failed, convert_text
from phh_lsp.convert.to_phh import Converted

SAMPLES_ROOT = Path(__file__).parent / "samples"

#: The sites with samples: the folder names under ``samples/``.
SAMPLE_SITES = sorted(path.name for path in SAMPLES_ROOT.iterdir() if path.is_dir())


def folder(site: str) -> Path:
    """Where a site's samples are."""
    return SAMPLES_ROOT / site


def paths(site: str | None = None) -> list[Path]:
    """A site's sample files (every site's when ``site`` is None), sorted:
    the files are the samples, whatever their extension (.txt, .xml, .log)."""
    sites = SAMPLE_SITES if site is None else [site]
    return sorted(path for key in sites for path in folder(key).iterdir() if path.is_file())


def names(site: str) -> list[str]:
    """A site's sample file names, sorted."""
    return [path.name for path in paths(site)]


def text(site: str, name: str) -> str:
    """A sample's text: sites write UTF-8 and so are the samples."""
    return (folder(site) / name).read_text(encoding="utf-8")


def fields(hand: Converted) -> dict[str, object]:
    """A converted hand's PHH fields, amounts as Decimals (as they were written)."""
    return tomllib.loads(hand.text, parse_float=Decimal)


def actions(hand: Converted) -> list[str]:
    """A converted hand's actions, typed for indexing."""
    found = fields(hand)["actions"]
    assert isinstance(found, list)
    return found


def converted(site: str, name: str) -> list[Converted]:
    """Every hand of a sample known to convert: the site is told from the
    text alone, and no hand fails (a failure here is the test's to show)."""
    conversion = convert_text(text(site, name))
    assert conversion.site is not None and conversion.site.key == site
    assert conversion.failed == []
    return conversion.converted


def broken_hand(site: str, name: str) -> tuple[list[Converted | Failed], Failed]:
    """A sample with one broken hand among good ones: its hands in order and
    the one that failed. The site is told from the text, and every other
    hand converts with no problem: one hand's failure spoils no other."""
    conversion = convert_text(text(site, name))
    assert conversion.site is not None and conversion.site.key == site
    (broken,) = conversion.failed
    assert all(hand.problems == [] for hand in conversion.converted)
    return conversion.hands, broken


#: The ways ``mutate`` garbles a history.
KINDS = ("drop", "duplicate", "swap", "digits", "insert", "cut", "splice")

#: A garbling: its kind, where, a second place (a line or a column) and the junk it writes.
Mutation = tuple[str, int, int, str]


def mutate(lines: list[str], kind: str, at: int, other: int, junk: str) -> list[str]:
    """The lines with one garbling: a line dropped, duplicated, swapped with
    another, its digits replaced, junk inserted as a line or spliced into
    one, or a line cut short; ``at`` and ``other`` wrap, so any integers do."""
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
    elif kind == "splice":
        cut = other % (len(lines[at]) + 1)
        lines[at] = lines[at][:cut] + junk + lines[at][cut:]
    return lines


def mutations(junk: str, most: int = 4) -> st.SearchStrategy[list[Mutation]]:
    """One to ``most`` garblings, their junk drawn from ``junk``: a site's own
    punctuation and words make the garbled lines look almost right."""
    return st.lists(
        st.tuples(st.sampled_from(KINDS), st.integers(0, 10_000), st.integers(0, 10_000), st.text(junk, max_size=14)),
        min_size=1,
        max_size=most,
    )


def garble(history: str, changes: list[Mutation]) -> list[str]:
    """The history's lines with the garblings applied in turn (none left if
    they dropped every line)."""
    lines = history.splitlines()
    for kind, at, other, junk in changes:
        if not lines:
            break
        lines = mutate(lines, kind, at, other, junk)
    return lines
