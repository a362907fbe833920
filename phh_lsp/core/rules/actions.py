"""The action notation parser (spec §V.C): words, tokens and their spans.

Grammar: ``[[Actor Action[ Arguments...]][ # Commentary]]``, words split
by whitespace. The parser never raises: a malformed action becomes a
:class:`ParsedAction` of kind ``invalid`` whose ``problems`` say what is
wrong and where, token by token, so the editor can underline ``q1`` or
``Ax`` rather than the whole line. Checks that need the hand's context
(the player count, the variant's deck, duplicate cards) run later, in
:mod:`phh_lsp.core.rules.checks_actions`, over the tokens recorded here.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Final

from phh_lsp.core.rules.cards import CardToken, split_cards
from phh_lsp.core.rules.currency import strip_symbol
from phh_lsp.core.syntax.entries import StringInfo, Value
from phh_lsp.core.text import Span


class ActionKind(StrEnum):
    """What a parsed action does: its verb read (``cbr`` is
    ``complete_bet_or_raise``), or ``noop`` (an empty action) or ``invalid``.

    A :class:`~enum.StrEnum`: each member equals its string, so code that
    compares ``action.kind`` with ``"fold"`` keeps working.
    """

    NOOP = "noop"
    DEAL_BOARD = "deal_board"
    DEAL_HOLE = "deal_hole"
    STAND_PAT_OR_DISCARD = "stand_pat_or_discard"
    BRING_IN = "bring_in"
    FOLD = "fold"
    CHECK_OR_CALL = "check_or_call"
    COMPLETE_BET_OR_RAISE = "complete_bet_or_raise"
    SHOW_OR_MUCK = "show_or_muck"
    INVALID = "invalid"


PLAYER_VERBS: dict[str, str] = {
    "f": "fold",
    "cc": "check or call",
    "cbr": "complete, bet or raise to",
    "pb": "post the bring-in",
    "sd": "stand pat or discard",
    "sm": "show or muck",
}
DEALER_VERBS: dict[str, str] = {"dh": "deal hole cards", "db": "deal board cards"}
#: The kinds no player takes.
_NOT_PLAYERS = frozenset({ActionKind.NOOP, ActionKind.DEAL_BOARD, ActionKind.DEAL_HOLE, ActionKind.INVALID})
#: What each verb does. The parser looks kinds up here, once per action: on
#: Python 3.11 ``ActionKind.FOLD`` costs a microsecond (the enum's class
#: attributes miss the type cache), a dictionary lookup a tenth of that.
_DEALER_KINDS: Final = {"db": ActionKind.DEAL_BOARD, "dh": ActionKind.DEAL_HOLE}
_PLAYER_KINDS: Final = {
    "f": ActionKind.FOLD,
    "cc": ActionKind.CHECK_OR_CALL,
    "pb": ActionKind.BRING_IN,
    "cbr": ActionKind.COMPLETE_BET_OR_RAISE,
    "sd": ActionKind.STAND_PAT_OR_DISCARD,
    "sm": ActionKind.SHOW_OR_MUCK,
}
CharOffsets = Callable[["Token"], "list[int] | None"]
_PLAYER = re.compile(r"p([1-9]\d*)")
_AMOUNT = re.compile(r"\d+(?:\.\d+)?|\.\d+")
_WORD = re.compile(r"\S+")


@dataclass(slots=True, unsafe_hash=True)  # not frozen, for speed: see Span
class Token:
    """One word of an action and its span in the document (never mutated)."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Problem:
    """A notation problem found without context: code, message, span."""

    code: str
    message: str
    span: Span


@dataclass(slots=True)
class ParsedAction:
    """One element of the ``actions`` array, read as PHH notation.

    ``kind`` says what it does (see :class:`ActionKind`). ``player`` is the zero-based player an action concerns (the
    actor, or the dealee of ``d dh``).
    """

    index: int
    text: str
    span: Span
    kind: ActionKind = ActionKind.INVALID
    actor: Token | None = None
    verb: Token | None = None
    player_token: Token | None = None
    player: int | None = None
    amount: Token | None = None
    amount_value: Decimal | int | None = None
    cards_token: Token | None = None
    cards: list[CardToken] = field(default_factory=list)
    show_dash: bool = False
    commentary: Token | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def is_player_action(self) -> bool:
        """True for actions taken by a player (everything but dealing)."""
        return self.kind not in _NOT_PLAYERS

    @property
    def card_texts(self) -> str:
        """The cards as written (``-`` for a show of the dealt cards)."""
        return "".join(card.text for card in self.cards)


def parse_amount(text: str) -> Decimal | int | None:
    """A plain positive decimal amount, or None when it is not one.

    Stricter than PokerKit, which also takes ``1,000``, ``1e3`` or ``-5``:
    the spec asks for a positive integer or real written as a number.
    """
    if not _AMOUNT.fullmatch(text):
        return None
    try:
        value: Decimal | int = int(text) if text.isdigit() else Decimal(text)
    except (ValueError, InvalidOperation):
        return None
    return value if value > 0 else None


def _amount_problem(text: str) -> str:
    plain = strip_symbol(text)
    if plain is not None and parse_amount(number := plain.replace(",", "")) is not None:
        return f"`{text}` is an amount with a currency symbol: amounts are plain numbers, write `{number}`"
    if "," in text and parse_amount(text.replace(",", "")) is not None:
        return f"`{text}` is not a plain number: write it without separators, `{text.replace(',', '')}`"
    if "_" in text and parse_amount(text.replace("_", "")) is not None:
        return f"`{text}` is not a plain number: write it without separators, `{text.replace('_', '')}`"
    if re.fullmatch(r"[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?", text):
        return f"the amount `{text}` must be a positive number in plain notation (e.g. `7000` or `2.5`)"
    return f"`{text}` is not an amount: expected a positive number such as `7000` or `2.5`"


def _words(content: str) -> tuple[list[tuple[str, int]], tuple[str, int] | None, int | None]:
    """Split into (word, index) pairs, the commentary, and a glued `#` index.

    The commentary starts at the first ``#`` that opens a word; a ``#``
    inside a word (``f#x``) is reported, and what follows it is treated
    as commentary so the action still parses.
    """
    if "#" not in content:  # nearly every action: no commentary to look for
        return [(match.group(), match.start()) for match in _WORD.finditer(content)], None, None
    words: list[tuple[str, int]] = []
    glued: int | None = None
    for match in _WORD.finditer(content):
        word, start = match.group(), match.start()
        hash_at = word.find("#")
        if hash_at == 0:
            return words, (content[start + 1 :].strip(), start), glued
        if hash_at > 0:
            words.append((word[:hash_at], start))
            glued = start + hash_at
            return words, (content[glued + 1 :].strip(), glued), glued
        words.append((word, start))
    return words, None, glued


def spaced(content: str) -> str | None:
    """The action written with single spaces (one before a ``#`` commentary,
    which keeps its own words as written), or None when it already is."""
    words, commentary, glued = _words(content)
    if glued is not None or not words or _spacing_slip(content, words, commentary) is None:
        return None
    action = " ".join(word for word, _ in words)
    return action if commentary is None else f"{action} {content[commentary[1] :]}"


def _spacing_slip(
    content: str, words: list[tuple[str, int]], commentary: tuple[str, int] | None
) -> tuple[int, int] | None:
    """Where the action's words are not separated by single spaces: from the
    first wrong blank to the end of the last (content offsets), or None.

    PokerKit splits on any run of blanks, so ``"p3  cc "`` still replays;
    the spec's grammar separates words by one space, and a space before
    the ``#`` of a commentary.
    """
    end = commentary[1] if commentary is not None else len(content)
    wrong: list[tuple[int, int]] = []
    if words[0][1] > 0:
        wrong.append((0, words[0][1]))
    for (word, start), (_, following) in itertools.pairwise(words):
        if content[start + len(word) : following] != " ":
            wrong.append((start + len(word), following))
    last, last_start = words[-1]
    tail = content[last_start + len(last) : end]
    if tail != (" " if commentary is not None else ""):
        wrong.append((last_start + len(last), end))
    return (wrong[0][0], wrong[-1][1]) if wrong else None


def parse_action(index: int, node: Value) -> ParsedAction:
    """Read one element of ``actions`` (any TOML node) as PHH notation."""
    if node.kind != "string" or node.string is None:
        action = ParsedAction(index, str(node.value), node.span)
        action.problems.append(Problem("PHH204", 'every action must be a string, such as "p1 cc"', node.span))
        return action
    content: str = node.value
    info = node.string
    if not info.terminated:
        # Being typed: the syntax error already says the string is open;
        # judging the half-typed words too would only add noise.
        return ParsedAction(index, content, node.span)

    base = info.content_start

    def token(text: str, start: int) -> Token:
        if info.offsets is None:  # no escapes: content and source line up
            return Token(text, Span(base + start, base + start + len(text)))
        # the end is where the next character's source starts: an escape such
        # as `\u0078` is six characters of source for one of content
        return Token(text, Span(info.offset_of(start), info.offset_of(start + len(text))))

    action = ParsedAction(index, content, node.span)
    if _single_spaced(content):  # nearly every action: no commentary, no slip of spacing to find
        words = _split_words(content)
        if info.offsets is None:
            tokens = [Token(word, Span(base + start, base + start + len(word))) for word, start in words]
        else:
            tokens = [token(word, start) for word, start in words]
        return _parse_words(action, tokens, words, info)
    words, commentary, glued = _words(content)
    if commentary is not None:
        action.commentary = Token(commentary[0], Span(info.offset_of(commentary[1]), info.offset_of(len(content))))
    if glued is not None:
        action.problems.append(
            Problem(
                "PHH312",
                "a commentary must be separated from the action by a space: write ` # ` before it",
                token("#", glued).span,
            )
        )
    if not words:
        action.kind = ActionKind.NOOP
        if commentary is None:
            action.problems.append(
                Problem("PHH313", "an empty action: remove it, or write the action (such as `p1 cc`)", node.span)
            )
        return action
    if glued is None:
        spacing = _spacing_slip(content, words, commentary)
        if spacing is not None:
            start, end = spacing
            written = " ".join(word for word, _ in words)
            action.problems.append(
                Problem(
                    "PHH314",
                    f"extra spaces: the words of an action are separated by one space, `{written}`",
                    Span(info.offset_of(start), info.offset_of(end)),
                )
            )
    tokens = [token(word, start) for word, start in words]
    return _parse_words(action, tokens, words, info)


def _single_spaced(content: str) -> bool:
    """Whether the action is words separated by single spaces, with no other
    blank and no ``#``: then :func:`_words` would find exactly its
    ``split(" ")`` and :func:`_spacing_slip` nothing. ``isprintable`` is
    false for every blank but the space (tabs, line breaks, Unicode spaces)."""
    return (
        content != ""
        and "#" not in content
        and "  " not in content
        and content[0] != " "
        and content[-1] != " "
        and content.isprintable()
    )


def _split_words(content: str) -> list[tuple[str, int]]:
    """The (word, index) pairs of a :func:`_single_spaced` action."""
    words = []
    start = 0
    for word in content.split(" "):
        words.append((word, start))
        start += len(word) + 1
    return words


def _parse_words(
    action: ParsedAction, tokens: list[Token], words: list[tuple[str, int]], info: StringInfo
) -> ParsedAction:
    """Read the action's words (``tokens``, at ``words``' content indices) by its actor."""

    def char_offsets(word: Token) -> list[int] | None:
        if info.offsets is None:
            return None
        start = next(start for tok, (_, start) in zip(tokens, words, strict=True) if tok is word)
        return [info.offset_of(start + i) for i in range(len(word.text))]

    actor = action.actor = tokens[0]
    if len(tokens) > 1:
        action.verb = tokens[1]
    if actor.text == "d":
        _parse_dealer(action, tokens, char_offsets)
    elif _PLAYER.fullmatch(actor.text):
        action.player_token = actor
        action.player = int(actor.text[1:]) - 1
        _parse_player(action, tokens, char_offsets)
    else:
        action.problems.append(Problem("PHH301", _unknown_actor(actor.text), actor.span))
    return action


def _unknown_actor(text: str) -> str:
    if re.fullmatch(r"[Pp]0+", text):
        return f"`{text}` is not an actor: players are numbered from 1 (`p1`)"
    if re.fullmatch(r"P\d+", text):
        return f"`{text}` is not an actor: write the player as `p{text[1:]}` (lower case)"
    if text in PLAYER_VERBS or text in DEALER_VERBS:
        return f"the action must start with its actor (`d` or `pN`), not the verb `{text}`"
    return f"`{text}` is not an actor: expected `d` (the dealer) or `pN` (player N, e.g. `p1`)"


def _cards(action: ParsedAction, word: Token, char_offsets: CharOffsets) -> None:
    action.cards_token = word
    action.cards = split_cards(word.text, char_offsets(word), word.span.start)
    for card in action.cards:
        if card.error is not None:
            action.problems.append(Problem("PHH307", card.error, card.span))


def _missing(action: ParsedAction, after: Token, what: str) -> None:
    action.problems.append(Problem("PHH304", what, after.span))


def _extra(action: ParsedAction, tokens: list[Token], allowed: int, usage: str) -> None:
    if len(tokens) > allowed:
        first, last = tokens[allowed], tokens[-1]
        action.problems.append(
            Problem(
                "PHH305",
                f"unexpected `{' '.join(t.text for t in tokens[allowed:])}`: the action is `{usage}`",
                Span(first.span.start, last.span.end),
            )
        )


def _parse_dealer(action: ParsedAction, tokens: list[Token], char_offsets: CharOffsets) -> None:
    actor = tokens[0]
    if len(tokens) == 1:
        _missing(action, actor, "the dealer action needs a verb: `d dh pN CARDS` or `d db CARDS`")
        return
    verb = tokens[1]
    if verb.text == "db":
        action.kind = _DEALER_KINDS["db"]
        if len(tokens) < 3:
            _missing(action, verb, "`d db` needs the board cards, e.g. `d db Jc3d5c`")
            return
        _cards(action, tokens[2], char_offsets)
        _extra(action, tokens, 3, "d db CARDS")
    elif verb.text == "dh":
        action.kind = _DEALER_KINDS["dh"]
        if len(tokens) < 3:
            _missing(action, verb, "`d dh` needs a player and cards, e.g. `d dh p1 AcAd`")
            return
        player = tokens[2]
        if _PLAYER.fullmatch(player.text):
            action.player_token = player
            action.player = int(player.text[1:]) - 1
        else:
            action.problems.append(Problem("PHH301", _unknown_actor(player.text), player.span))
        if len(tokens) < 4:
            _missing(action, player, f"`d dh {player.text}` needs the cards dealt, e.g. `AcAd` or `????`")
            return
        _cards(action, tokens[3], char_offsets)
        _extra(action, tokens, 4, "d dh pN CARDS")
    else:
        hint = " (`sd`, `pb`, `f`, `cc`, `cbr` and `sm` are player actions)" if verb.text in PLAYER_VERBS else ""
        if verb.text.lower() in DEALER_VERBS:
            hint = f" (verbs are lower case: `{verb.text.lower()}`)"
        action.problems.append(
            Problem(
                "PHH303",
                f"`{verb.text}` is not a dealer action: "
                f"expected `dh` (deal hole cards) or `db` (deal board cards){hint}",
                verb.span,
            )
        )


def _parse_player(action: ParsedAction, tokens: list[Token], char_offsets: CharOffsets) -> None:
    actor = tokens[0]
    if len(tokens) == 1:
        _missing(action, actor, f"`{actor.text}` needs an action: one of f, cc, cbr AMOUNT, pb, sd [CARDS], sm [CARDS]")
        return
    verb = tokens[1]
    name = verb.text
    if name in ("f", "cc", "pb"):
        action.kind = _PLAYER_KINDS[name]
        _extra(action, tokens, 2, f"{actor.text} {name}")
    elif name == "cbr":
        action.kind = _PLAYER_KINDS["cbr"]
        if len(tokens) < 3:
            _missing(action, verb, f"`cbr` needs the amount to bet or raise to, e.g. `{actor.text} cbr 7000`")
            return
        amount = action.amount = tokens[2]
        action.amount_value = parse_amount(amount.text)
        if action.amount_value is None:
            action.problems.append(Problem("PHH306", _amount_problem(amount.text), amount.span))
        _extra(action, tokens, 3, f"{actor.text} cbr AMOUNT")
    elif name == "sd":
        action.kind = _PLAYER_KINDS["sd"]
        if len(tokens) >= 3:
            _cards(action, tokens[2], char_offsets)
        _extra(action, tokens, 3, f"{actor.text} sd [CARDS]")
    elif name == "sm":
        action.kind = _PLAYER_KINDS["sm"]
        if len(tokens) >= 3:
            if tokens[2].text == "-":
                action.show_dash = True
                action.cards_token = tokens[2]
            else:
                _cards(action, tokens[2], char_offsets)
        _extra(action, tokens, 3, f"{actor.text} sm [CARDS or -]")
    else:
        hint = ""
        if name in DEALER_VERBS:
            hint = f" (`{name}` is the dealer's: `d {name} ...`)"
        elif name.lower() in PLAYER_VERBS:
            hint = f" (verbs are lower case: `{name.lower()}`)"
        action.problems.append(
            Problem(
                "PHH303",
                f"`{name}` is not a player action: expected f (fold), cc (check/call), "
                f"cbr (bet/raise to), pb (bring-in), sd (stand pat/discard) or sm (show/muck){hint}",
                verb.span,
            )
        )
