"""The registry of diagnostic codes: stable ids, names, default severities.

Codes are ``PHH`` plus three digits, grouped by what they are about:
1xx TOML syntax, 2xx fields and types, 3xx action and card notation,
4xx replay legality, 5xx consistency with the replayed result, and 9xx
for phh-lsp's own failures. A code is
never renumbered or reused; its short name is an alias users may write in
settings. Each code has a section in ``docs/diagnostics.md`` (anchor: the
lower-cased code) with the spec section it enforces and a bad and a good
example.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from phh_lsp import HOME
from phh_lsp.core.rules.fix_data import FixData
from phh_lsp.core.text import Span


class Severity(IntEnum):
    """Severities, numbered as the LSP numbers them."""

    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        """The lower-case word the CLI prints and settings accept."""
        return self.name.lower()


@dataclass(frozen=True)
class CodeInfo:
    """What a code means and where the spec says so."""

    code: str
    name: str
    severity: Severity
    summary: str
    spec: str


_E, _W, _I, _H = Severity.ERROR, Severity.WARNING, Severity.INFORMATION, Severity.HINT

CODES: dict[str, CodeInfo] = {
    info.code: info
    for info in (
        CodeInfo("PHH101", "toml-syntax", _E, "The text is not valid TOML.", "§IV"),
        CodeInfo("PHH102", "duplicate-hand", _E, "Two hand tables of a .phhs file have the same name.", "§IV"),
        CodeInfo("PHH103", "field-outside-hand", _W, "A .phhs field stands before the first hand table.", "§IV"),
        CodeInfo(
            "PHH201",
            "unknown-variant",
            _E,
            "The variant is not one of the 11 codes (a game's usual name, such as `NLHE`, gets its code).",
            "§V.A.1",
        ),
        CodeInfo("PHH202", "missing-field", _E, "A field required by the variant is missing.", "§V"),
        CodeInfo("PHH203", "forbidden-field", _E, "A field the variant must not define is defined.", "§V"),
        CodeInfo("PHH204", "wrong-type", _E, "A field's value has the wrong TOML type.", "§V, §VI"),
        CodeInfo(
            "PHH205", "player-count-mismatch", _E, "A per-player array's length differs from the player count.", "§IV.B"
        ),
        CodeInfo("PHH206", "non-positive-stack", _E, "A starting stack is zero or negative.", "§V.A.8"),
        CodeInfo("PHH207", "negative-ante", _E, "An ante is negative.", "§V.A.2"),
        CodeInfo("PHH208", "unknown-field", _W, "A field that is neither in the spec nor prefixed with `_`.", "§VII"),
        CodeInfo("PHH209", "duplicate-field", _E, "The same field is defined twice.", "§IV"),
        CodeInfo("PHH210", "too-few-players", _E, "A hand needs at least two players.", "§V.A.8"),
        CodeInfo(
            "PHH211",
            "non-positive-bet-size",
            _E,
            "A bet size (bring-in, small/big/min bet) is not positive.",
            "§V.A.4-7",
        ),
        CodeInfo(
            "PHH212",
            "bet-sizes-out-of-order",
            _E,
            "The bet sizes contradict each other (a small bet above the big bet, a bring-in not below the small bet).",
            "§V.A.4-6",
        ),
        CodeInfo(
            "PHH213",
            "misspelt-field",
            _E,
            "A field the hand needs is written under another name (`blinds`, `ante`, `startingstacks`).",
            "§V",
        ),
        CodeInfo(
            "PHH214",
            "blinds-big-first",
            _E,
            "The big blind is written before the small blind (the array lists the small blind first).",
            "§V.A.3",
        ),
        CodeInfo(
            "PHH215",
            "currency-not-a-code",
            _W,
            "`currency` is not a three-letter ISO 4217 code (a symbol such as `$`, or `usd`).",
            "§VI",
        ),
        CodeInfo("PHH301", "unknown-actor", _E, "An actor is neither `d` nor `pN`.", "§V.C"),
        CodeInfo("PHH302", "no-such-player", _E, "`pN` names a player beyond the player count.", "§V.C"),
        CodeInfo("PHH303", "unknown-verb", _E, "The action word is not one the actor can use.", "§V.C"),
        CodeInfo("PHH304", "missing-argument", _E, "The action lacks an argument it needs.", "§V.C"),
        CodeInfo("PHH305", "extra-argument", _E, "The action has more words than it takes.", "§V.C"),
        CodeInfo("PHH306", "malformed-amount", _E, "The amount is not a positive number in plain notation.", "§V.C.7"),
        CodeInfo("PHH307", "malformed-card", _E, "A card is not a rank and a suit, or `??`.", "§V.D"),
        CodeInfo("PHH308", "card-not-in-deck", _E, "A card does not exist in the variant's deck.", "§V.D"),
        CodeInfo("PHH309", "duplicate-card", _E, "The same card is dealt twice in the hand.", "§V.D"),
        CodeInfo(
            "PHH310", "draw-in-non-draw-game", _E, "`sd` (stand pat or discard) outside a draw variant.", "§V.C.3"
        ),
        CodeInfo("PHH311", "bring-in-in-non-stud-game", _E, "`pb` (bring-in) outside a stud variant.", "§V.C.4"),
        CodeInfo(
            "PHH312",
            "malformed-commentary",
            _E,
            "A `#` commentary is not separated from the action by a space.",
            "§V.C",
        ),
        CodeInfo("PHH313", "empty-action", _E, "An action is empty or only blanks.", "§V.C"),
        CodeInfo(
            "PHH314",
            "action-spacing",
            _W,
            "An action's words are not separated by single spaces (extra, leading or trailing blanks).",
            "§V.C",
        ),
        CodeInfo("PHH401", "out-of-turn", _E, "A player acts when it is not their turn.", "§V.C"),
        CodeInfo(
            "PHH402",
            "bet-out-of-range",
            _E,
            "A completion, bet or raise is below the minimum or above the maximum.",
            "§V.C.7",
        ),
        CodeInfo(
            "PHH403",
            "wrong-fixed-limit-amount",
            _E,
            "A fixed-limit bet or raise is not the fixed size, or the betting is capped.",
            "§V.A.5-6",
        ),
        CodeInfo("PHH404", "no-deal-pending", _E, "The dealer deals when no such deal is due.", "§V.C.1-2"),
        CodeInfo("PHH405", "wrong-card-count", _E, "A deal has the wrong number of cards.", "§V.C.1-2"),
        CodeInfo("PHH406", "discard-not-held", _E, "A player discards cards they do not hold.", "§V.C.3"),
        CodeInfo("PHH407", "shown-cards-mismatch", _E, "A player shows cards other than the ones dealt.", "§V.C.8"),
        CodeInfo("PHH408", "action-not-allowed", _E, "The action is not possible at this point of the hand.", "§V.C"),
        CodeInfo("PHH409", "invalid-setup", _E, "The hand cannot be set up from its fields.", "§V.A"),
        CodeInfo("PHH501", "implied-action", _I, "PokerKit would insert an action that the history omits.", "§V.B"),
        CodeInfo(
            "PHH502",
            "finishing-stacks-mismatch",
            _W,
            "`finishing_stacks` differs from the replayed stacks (other than by a rake).",
            "§VI.E.2",
        ),
        CodeInfo(
            "PHH503",
            "winnings-mismatch",
            _W,
            "`winnings` differs from the pots the player collects in the replay (other than by a rake).",
            "spec 0.0.1",
        ),
        CodeInfo("PHH504", "needless-fold", _H, "A player folds where checking was free.", "§IV.C"),
        CodeInfo(
            "PHH505",
            "rake",
            _I,
            "`finishing_stacks` is below the replay for pot winners only, by at most 10 % of the pot: a rake.",
            "§VI.E.2",
        ),
        CodeInfo(
            "PHH901",
            "internal-error",
            _E,
            "phh-lsp itself failed on a hand: a bug to report, not a problem of the file.",
            "-",
        ),
    )
}

NAME_TO_CODE: dict[str, str] = {info.name: code for code, info in CODES.items()}

DOCS_URL = f"{HOME}/blob/main/docs/diagnostics.md"


def docs_url(code: str) -> str:
    """Where a code is documented (its section of docs/diagnostics.md)."""
    return f"{DOCS_URL}#{code.lower()}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a document, located by a span of offsets.

    ``data`` is what a quick fix needs (see :mod:`phh_lsp.core.rules.fix_data`),
    so no fixer parses the message. It is derived from the same facts as
    the message, so it takes no part in equality, hashing or ``repr``:
    diagnostics compare, deduplicate and print as they always did, and no
    output format shows it.
    """

    code: str
    message: str
    span: Span
    severity: Severity
    data: FixData | None = field(default=None, compare=False, repr=False)

    @property
    def name(self) -> str:
        """The code's readable alias, e.g. ``out-of-turn``."""
        return CODES[self.code].name

    def shifted(self, delta: int) -> Diagnostic:
        """The same diagnostic with its span moved by ``delta``."""
        return Diagnostic(self.code, self.message, self.span.shifted(delta), self.severity, self.data)


def diagnostic(code: str, message: str, span: Span, data: FixData | None = None) -> Diagnostic:
    """A diagnostic with the code's default severity (and a fix's data, if any)."""
    return Diagnostic(code, message, span, CODES[code].severity, data)
