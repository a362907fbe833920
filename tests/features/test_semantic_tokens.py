"""Semantic tokens inside action strings: actors, verbs, amounts, cards, comments."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from phh_lsp.core.analysis import analyze
from phh_lsp.core.text import Encoding, LineIndex
from phh_lsp.lsp.features.semantic_legend import LEGEND
from phh_lsp.lsp.features.semantic_tokens import semantic_tokens, semantic_tokens_range
from tests.conftest import CORPUS

DWAN = CORPUS / "examples" / "dwan-ivey-2009.phh"
PHHS = CORPUS / "handhq" / "ps NLH handhq_1-OBFUSCATED.phhs"


def decode(
    text: str, data: list[int], encoding: Encoding = "utf-16", only_line: int | None = None
) -> list[tuple[int, str, str, frozenset[str]]]:
    """(line, token text, type, modifiers), checking each token stays on its line."""
    lines = LineIndex(text)
    result = []
    line = column = 0
    for index in range(0, len(data), 5):
        delta_line, delta_column, length, kind, bits = data[index : index + 5]
        line += delta_line
        column = column + delta_column if delta_line == 0 else delta_column
        if only_line is not None and line != only_line:
            continue
        start = lines.offset(line, column, encoding)
        end = lines.offset(line, column + length, encoding)
        assert lines.position(end, encoding) == (line, column + length), "a token runs past its line"
        modifiers = frozenset(name for bit, name in enumerate(LEGEND.token_modifiers) if bits >> bit & 1)
        result.append((line, text[start:end], LEGEND.token_types[kind], modifiers))
    return result


def tokens(text: str, path: Path = DWAN, encoding: Encoding = "utf-16") -> list[tuple[int, str, str, frozenset[str]]]:
    return decode(text, semantic_tokens(analyze(text, str(path)), encoding).data, encoding)


NONE: frozenset[str] = frozenset()
DEALER = frozenset({"dealer"})
UNKNOWN = frozenset({"unknown"})


def test_dealer_and_player_actions() -> None:
    found = tokens(DWAN.read_text())
    assert [t for t in found if t[0] == 13] == [
        (13, "d", "namespace", DEALER),
        (13, "dh", "keyword", DEALER),
        (13, "p1", "variable", NONE),
        (13, "Ac", "enumMember", NONE),
        (13, "2d", "enumMember", NONE),
    ]
    assert [t for t in found if t[0] == 14][-2:] == [(14, "??", "enumMember", UNKNOWN)] * 2
    assert [t for t in found if t[0] == 17] == [
        (17, "p3", "variable", NONE),
        (17, "cbr", "keyword", NONE),
        (17, "7000", "number", NONE),
    ]
    assert [t[1] for t in found if t[0] == 24] == ["d", "db", "Jc", "3d", "5c"]


def test_commentary_and_non_ascii_in_each_encoding() -> None:
    text = DWAN.read_text().replace('"p2 f",', '"p2 f # 🂡 a fold ♠",')
    for encoding in ("utf-16", "utf-8", "utf-32"):
        found = tokens(text, encoding=encoding)  # type: ignore[arg-type]
        assert (19, "# 🂡 a fold ♠", "comment", NONE) in found
        assert [t[1] for t in found if t[0] == 19] == ["p2", "f", "# 🂡 a fold ♠"]


def test_multi_line_commentary_is_split_per_line() -> None:
    text = 'variant = "NT"\nactions = [\n  """p1 cc # one\ntwo""",\n  "p2 f",\n]\n'
    found = tokens(text)
    assert (2, "# one", "comment", NONE) in found and (3, "two", "comment", NONE) in found
    assert (4, "p2", "variable", NONE) in found


def test_malformed_words_are_not_coloured() -> None:
    text = 'variant = "NT"\nactions = ["q1 cc", "p1 xx 5", "d db AcXx", "p2 cbr 1,000"]\n'
    found = tokens(text)
    assert [t[1] for t in found] == ["p1", "d", "db", "Ac", "p2", "cbr"]


def test_range_request_matches_the_full_tokens() -> None:
    text = PHHS.read_text()
    analysis = analyze(text, str(PHHS))
    line = text[: text.index("\n[700]\n")].count("\n") + 1
    rng = types.Range(types.Position(line, 0), types.Position(line + 17, 0))
    part = decode(text, semantic_tokens_range(analysis, rng, "utf-16").data)
    assert part and {t[0] for t in part} == {line + 7}  # the hand's actions line
    assert part[0][1:] == ("d", "namespace", DEALER)
    assert decode(text, semantic_tokens(analysis, "utf-16").data, only_line=line + 7) == part


def test_legend_and_broken_documents() -> None:
    assert len(LEGEND.token_modifiers) <= 32
    assert tokens('actions = ["p1 c') == []  # an unterminated string is not read as an action
    assert tokens("") == []
    assert tokens("# only a prelude\n", PHHS) == []


def test_full_tokens_of_many_hands_are_the_whole_range() -> None:
    """The full tokens join each hand's, kept by its text: the same words,
    lines and columns as a range over the whole document, in any encoding,
    multi-line commentary, hands without actions and a prelude included."""
    hand = PHHS.read_text().split("\n\n[2]")[0].split("\n", 1)[1]
    text = "# prelude\n" + "".join(
        [
            f"[1]\n{hand}\n\n",
            "[2]\nvariant = 'NT'\n\n",
            f"[3]\n{hand.replace(chr(39) + 'p2 cc' + chr(39), chr(34) + 'p2 cc # 😀 straddle' + chr(34), 1)}\n",
            "[4]\nactions = ['p1 cc', '''p2 cc # a\nmulti-line comment''', 'p1 f']\n",
        ]
    )
    analysis = analyze(text, str(PHHS))
    whole = types.Range(types.Position(0, 0), types.Position(analysis.lines.line_count, 0))
    for encoding in ("utf-8", "utf-16", "utf-32"):
        full = semantic_tokens(analysis, encoding).data
        assert full and list(full) == list(semantic_tokens_range(analysis, whole, encoding).data)
