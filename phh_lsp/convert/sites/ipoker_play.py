"""An iPoker hand's play: its actions in order, who is dealt in, the
posts, the streets, and what each player collected.

iPoker prints its actions grouped by player; their ``no`` gives the order.
What it does not print is derived: the uncalled bet given back (the top bet
of a street that nobody matched), whether ``win`` includes it (clients
before version 20: yes; later ones, or ``uncalled_bet_enabled``: no), and
the rake of a cash game (the pot less what was won).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from phh_lsp.convert.history import ConversionError, Event, Post, Seat, SiteHand
from phh_lsp.convert.sites.ipoker_amounts import amount_of, cards_of, symbol_of
from phh_lsp.convert.sites.ipoker_stud import BRING_IN, STREETS, open_pair_big_bet, stud_deals
from phh_lsp.convert.sites.ipoker_xml import Session
from phh_lsp.core.rules.schema import STUD_VARIANTS

_HOLE_CARDS: Final = {"NT": 2, "FT": 2, "PO": 4, "FO/8": 4}
_BOARD: Final = {2: ("Flop", 3), 3: ("Turn", 1), 4: ("River", 1)}
#: Action types: posts before the cards, then what a player does.
_POSTS: Final = {"1": "small_blind", "2": "big_blind", "15": "ante"}
_SITS_OUT: Final = ("8", "9")


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    chips: Decimal
    raw_chips: str
    dealer: bool
    win: Decimal
    line: int


@dataclass(slots=True)
class Action:
    round: int
    no: int
    kind: str
    name: str
    sum: Decimal
    line: int


@dataclass(slots=True)
class Reading:
    """One hand as it is read: the hand so far and the chips of each street."""

    hand: SiteHand
    lines: dict[int, int]
    players: dict[str, Player]
    folded: set[str] = field(default_factory=set)
    street: dict[str, Decimal] = field(default_factory=dict)
    put_in: dict[str, Decimal] = field(default_factory=dict)
    returned: dict[str, Decimal] = field(default_factory=dict)
    last_line: dict[str, int] = field(default_factory=dict)

    def line(self, element: ET.Element) -> int:
        return self.lines.get(id(element), self.hand.first_line)

    def pay(self, name: str, amount: Decimal, live: bool) -> None:
        """Chips a player puts in (a live bet counts towards the street's bet)."""
        self.put_in[name] = self.put_in.get(name, Decimal(0)) + amount
        if live:
            self.street[name] = self.street.get(name, Decimal(0)) + amount


def ordered_actions(root: ET.Element, reading: Reading) -> list[Action]:
    """Every action of the hand, in the order of their ``no`` within each round."""
    actions = []
    for round_no, element in _rounds(root, reading):
        for child in element:
            line = reading.line(child)
            if child.tag == "cards":
                continue
            if child.tag != "action":
                raise ConversionError(f"<{child.tag}> is not an iPoker action", line)
            actions.append(_action(child, round_no, reading, line))
    numbers = [action.no for action in actions]
    if len(set(numbers)) != len(numbers):
        twice = next(action for action in actions if numbers.count(action.no) > 1)
        raise ConversionError(f"two actions are numbered {twice.no}", twice.line)
    return sorted(actions, key=lambda action: (action.round, action.no))


def _rounds(root: ET.Element, reading: Reading) -> list[tuple[int, ET.Element]]:
    rounds = []
    stud = reading.hand.variant in STUD_VARIANTS
    for element in root.iter("round"):
        number = element.get("no") or ""
        if not number.isdigit() or int(number) > (max(STREETS) if stud else 4):
            where = f'no="{number}"' if number else "no number"
            game = "stud" if stud else "hold'em or Omaha"
            raise ConversionError(f"a round with {where} is not a street of {game}", reading.line(element))
        rounds.append((int(number), element))
    if len({number for number, _ in rounds}) != len(rounds):
        raise ConversionError("a round is written twice", reading.hand.first_line)
    return sorted(rounds, key=lambda pair: pair[0])


def _action(element: ET.Element, round_no: int, reading: Reading, line: int) -> Action:
    text = ET.tostring(element, encoding="unicode").strip()
    name, number, kind = element.get("player") or "", element.get("no") or "", element.get("type") or ""
    if name not in reading.players:
        raise ConversionError(f"{name or 'an action without a player'} has no seat in this hand", line)
    if not number.isdigit():
        raise ConversionError(f"the action has no number (`{text}`)", line)
    known = (*_POSTS, *_SITS_OUT, BRING_IN, "0", "3", "4", "5", "6", "7", "23")
    if kind not in known:
        raise ConversionError(f'type="{kind}" is not an iPoker action this converter knows (in `{text}`)', line)
    if (kind in _POSTS) != (round_no == 0) and kind not in _SITS_OUT:
        why = "posts after the cards are dealt" if kind in _POSTS else "acts before the cards are dealt"
        raise ConversionError(f"{name} {why}", line)
    if element.get("sum") == "DP":  # the client's all-in protection after a disconnection
        raise ConversionError(f'{name} is protected as all in after a disconnection (sum="DP"): not supported', line)
    amount = amount_of(element.get("sum") or "0", line)
    return Action(round_no, int(number), kind, name, amount, line)


def deal(root: ET.Element, reading: Reading, actions: list[Action]) -> None:
    """Who is dealt in (cards or actions; not those sitting out), their cards, the button."""
    hand, players = reading.hand, reading.players
    dealt: set[str] = set()
    for element in root.iter("cards"):
        if element.get("type") == "Pocket":
            name, line = element.get("player") or "", reading.line(element)
            if name not in players:
                raise ConversionError(f"{name or 'cards without a player'} have no seat in this hand", line)
            cards = cards_of(element.text or "", line)
            _hole_cards(hand.variant, element.text or "", line)
            if cards:
                hand.known_cards[name] = cards
            dealt.add(name)
    out = {action.name for action in actions if action.kind in _SITS_OUT}
    for action in actions:
        if action.name in out and action.kind not in _SITS_OUT:
            what = "posts" if action.kind in _POSTS else "acts"
            reason = f"{action.name} sits out the hand but {what} in it (PHH deals no dead money to a player not in)"
            raise ConversionError(reason, action.line)
        dealt.add(action.name)
    dealt -= out
    for name in out:
        hand.known_cards.pop(name, None)
    hand.seats = sorted(
        (Seat(player.seat, player.name, player.chips) for player in players.values() if player.name in dealt),
        key=lambda seat: seat.number,
    )
    hand.button = 0 if hand.variant in STUD_VARIANTS else _button(reading, actions, dealt)  # stud: seat order


def _hole_cards(variant: str, raw: str, line: int) -> None:
    count, wanted = len(raw.split()), _HOLE_CARDS[variant]
    if count != wanted:
        game = "five-card Omaha" if count == 5 else f"a game of {count} hole cards"
        raise ConversionError(f"`{raw}` are {count} cards: {game} is not supported yet", line)


def _button(reading: Reading, actions: list[Action], dealt: set[str]) -> int:
    """The dealer's seat; with the button on an empty seat, just before the small blind."""
    dealers = [player for player in reading.players.values() if player.dealer]
    if dealers:
        return dealers[0].seat
    small = next((action for action in actions if action.kind == "1"), None)
    if small is None:
        raise ConversionError("no player has the dealer button and nobody posts a small blind", reading.hand.first_line)
    seat = reading.players[small.name].seat
    return seat if len(dealt) == 2 else seat - 1


def post_blinds(reading: Reading, actions: list[Action]) -> None:
    """Antes and blinds; a big blind over the stakes is "small & big blinds":
    the small blind's part is dead money, the big blind live."""
    hand = reading.hand
    big = hand.stakes[0] if hand.variant in ("FT", "FO/8") else hand.stakes[1]
    for action in actions:
        if action.kind not in _POSTS:
            continue
        kind = _POSTS[action.kind]
        if kind == "big_blind" and action.sum > big:
            hand.posts += [Post(action.name, "dead", action.sum - big), Post(action.name, kind, big)]
            reading.pay(action.name, action.sum - big, live=False)
            reading.pay(action.name, big, live=True)
        else:
            hand.posts.append(Post(action.name, kind, action.sum))
            reading.pay(action.name, action.sum, live=kind != "ante")
        reading.last_line[action.name] = action.line


def play_streets(root: ET.Element, reading: Reading, actions: list[Action]) -> None:
    """The streets in order: each board, then its actions, then any bet nobody matched."""
    if reading.hand.variant in STUD_VARIANTS:
        _play_stud(root, reading, actions)
        return
    boards = _boards(root, reading)
    last_round = max([action.round for action in actions] + list(boards), default=1)
    for round_no in range(1, last_round + 1):
        if round_no in boards:
            reading.street = {}
            reading.hand.events.append(boards[round_no])
        elif round_no > 1:
            raise ConversionError(f"the {_BOARD[round_no][0].lower()} is not dealt", reading.hand.first_line)
        for action in actions:
            if action.round == round_no and action.kind not in _POSTS and action.kind not in _SITS_OUT:
                _act(reading, action)
        _uncalled(reading)


def _play_stud(root: ET.Element, reading: Reading, actions: list[Action]) -> None:
    """A stud hand's streets: each player's new cards, then the actions."""
    hand = reading.hand
    for round_no, element in _rounds(root, reading):
        if round_no < 2:
            continue  # the antes' round, and one iPoker leaves empty
        reading.street = {}
        if round_no > 2:
            hand.events.append(Event("street", reading.line(element)))
        hand.events += stud_deals(round_no, element, reading.lines, hand.first_line)
        for action in actions:
            if action.round == round_no and action.kind not in _POSTS and action.kind not in _SITS_OUT:
                if open_pair_big_bet(action, hand.stakes[0]):
                    reason = "bets the big bet on fourth street after an open pair: PHH's stud has no such rule"
                    raise ConversionError(f"{action.name} {reason}", action.line)
                _act(reading, action)
        _uncalled(reading)


def _boards(root: ET.Element, reading: Reading) -> dict[int, Event]:
    boards = {}
    for round_no, element in _rounds(root, reading):
        for cards in element.iter("cards"):
            kind, line = cards.get("type"), reading.line(cards)
            if kind == "Pocket":
                continue
            street, count = _BOARD.get(round_no, ("", 0))
            if kind != street:
                raise ConversionError(f'cards of type="{kind}" are not dealt in round {round_no}', line)
            dealt = cards_of(cards.text or "", line)
            if dealt is None or len(dealt) != 2 * count:
                raise ConversionError(f"the {street.lower()} must be {count} cards, not `{cards.text}`", line)
            boards[round_no] = Event("board", line, cards=dealt)
    return boards


def _act(reading: Reading, action: Action) -> None:
    """One action as the shared converter takes it. A raise (type 23, and a
    bet, type 5) says the player's total for the street; a call (3) and an
    all-in (6, 7) the chips added, an all-in being a call when it does not
    go over the top bet. A bet nobody left can call is a call: the chips
    over the top bet come back."""
    events, name, line = reading.hand.events, action.name, action.line
    before = reading.street.get(name, Decimal(0))
    top = max(reading.street.values(), default=Decimal(0))
    if action.kind == BRING_IN:
        events.append(Event("bring_in", line, name, action.sum))
        reading.pay(name, action.sum, live=True)
    elif action.kind == "0":
        events.append(Event("fold", line, name))
        reading.folded.add(name)
    elif action.kind == "4":
        events.append(Event("check", line, name))
    else:
        added = _added(action, before)
        if action.kind == "3" and before + added > top:
            raise ConversionError(f"{name} calls {added}, but it takes {top - before} to call", line)
        kind = "call" if action.kind == "3" or before + added <= top or not _can_call(reading, name, top) else ""
        events.append(Event(kind or "raise_to", line, name, added if kind else before + added))
        reading.pay(name, added, live=True)
    reading.last_line[name] = line


def _added(action: Action, before: Decimal) -> Decimal:
    """The chips an action adds: its sum, or, for a raise (the street's
    total), the sum less what the player had already bet."""
    if action.kind in ("3", "6", "7"):
        return action.sum
    if action.sum < before:
        raise ConversionError(f"{action.name} raises to {action.sum}, less than the {before} already bet", action.line)
    return action.sum - before


def _can_call(reading: Reading, name: str, top: Decimal) -> bool:
    """Whether anyone else still in could put in more than the top bet."""
    return any(
        seat.name != name
        and seat.name not in reading.folded
        and seat.stack - reading.put_in.get(seat.name, Decimal(0)) > 0
        and reading.street.get(seat.name, Decimal(0)) + seat.stack - reading.put_in.get(seat.name, Decimal(0)) > top
        for seat in reading.hand.seats
    )


def _uncalled(reading: Reading) -> None:
    """The top bet of the street, where nobody matched it, goes back."""
    bets = sorted(reading.street.items(), key=lambda item: item[1], reverse=True)
    if not bets:
        return
    name, top = bets[0]
    second = bets[1][1] if len(bets) > 1 else Decimal(0)
    if top > second:
        line = reading.last_line.get(name, reading.hand.first_line)
        reading.hand.events.append(Event("returned", line, name, top - second))
        reading.returned[name] = reading.returned.get(name, Decimal(0)) + top - second
        reading.street[name] = second


def collect_results(reading: Reading, session: Session) -> None:
    """What each player collected, and the rake."""
    hand, players = reading.hand, reading.players
    for player in players.values():
        if player.win and not any(seat.name == player.name for seat in hand.seats):
            raise ConversionError(f"{player.name} wins but is not dealt in", player.line)
    pot = sum(reading.put_in.values(), Decimal(0)) - sum(reading.returned.values(), Decimal(0))
    wins = sum((player.win for player in players.values()), Decimal(0))
    with_uncalled = wins > pot or (
        not session.win_without_uncalled
        and all(players[name].win >= amount for name, amount in reading.returned.items())
    )
    collected = Decimal(0)
    for player in players.values():
        amount = player.win - (reading.returned.get(player.name, Decimal(0)) if with_uncalled else 0)
        if amount < 0:
            reason = f"{player.name} wins {player.win}, less than the uncalled bet they get back"
            raise ConversionError(reason, player.line)
        if amount:
            hand.events.append(Event("collected", player.line, player.name, amount))
            collected += amount
    if session.tournament:
        hand.rake = Decimal(0)
        hand.tournament = _tournament(session)
    else:
        hand.rake = pot - collected if pot >= collected else None
        hand.currency = _currency(session)
        hand.currency_symbol = next((symbol_of(p.raw_chips) for p in players.values() if symbol_of(p.raw_chips)), None)


def _tournament(session: Session) -> str | None:
    code = session.get("tournamentcode") or session.get("tourcode")
    if code.isdigit():
        return code
    found = re.search(r"#(\d+)", session.get("tournamentname"))
    return found[1] if found else None


def _currency(session: Session) -> str | None:
    currency = session.get("tablecurrency") or session.get("currency")
    return currency if re.fullmatch(r"[A-Z]{3}", currency) else None
