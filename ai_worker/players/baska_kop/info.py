"""What every Baśka/Kop computer player reads off its seat's observation the same way."""

from __future__ import annotations

from functools import lru_cache

from ai_worker.seat_info import Choice, SeatInfo
from engine.actions import Action, Announce, Double
from engine.baska_kop import BaskaKop
from engine.baska_kop.blocks import BaskaKopRevealed, Side
from engine.baska_kop.constants import BLACK_QUEENS, Contract, Options

_GAME = BaskaKop()

# A reason says what the computer judges, never the cards behind the judgement: the
# table's history shows it to everybody. Every level announces Kop whenever it may, for
# this one reason.
KOP_REASON = "Kop cannot lose, so the hand is laid down"


def table_options(info: SeatInfo) -> Options:
    """The table's options as the engine reads them."""
    items = tuple(sorted((key, value) for key, value in info.options.items() if key != "rule_set"))
    return _options(info.rule_set, items)


@lru_cache(maxsize=256)
def _options(rule_set: str, items: tuple[tuple[str, str], ...]) -> Options:
    return _GAME.parse_options(rule_set, dict(items))


def allowed(info: SeatInfo, action: Action) -> Choice | None:
    for choice in info.choices:
        if choice.action == action and choice.allowed:
            return choice
    return None


def announcement(info: SeatInfo) -> tuple[Contract | None, int | None]:
    """The highest announcement of the bidding so far and who made it."""
    contract, seat = None, None
    for who, action in info.calls:
        if isinstance(action, Announce):
            contract, seat = Contract(action.contract), who
    return contract, seat


def running_doubles(info: SeatInfo) -> list[int]:
    """Seats of the doubles said on the running contract, in order."""
    seats: list[int] = []
    for who, action in info.calls:
        if isinstance(action, Announce):
            seats = []
        elif isinstance(action, Double):
            seats.append(who)
    return seats


def revealed_sides(info: SeatInfo) -> tuple[Side, ...]:
    """Each seat's party as the engine has revealed it to this seat."""
    assert isinstance(info.revealed, BaskaKopRevealed), "a Baśka/Kop observation says what was revealed"
    return info.revealed.sides


def public_contract(info: SeatInfo) -> Contract:
    """The running contract as the seat knows it (a silent Cicha reads as normal)."""
    return Contract(info.contract.code) if info.contract is not None else Contract.NORMAL


def known_sides(info: SeatInfo) -> list[bool | None]:
    """Each seat's party as this seat knows it (True: the declaring side)."""
    return [None if side is Side.UNKNOWN else side is Side.DECLARING for side in revealed_sides(info)]


def sure_partners(info: SeatInfo) -> set[int]:
    """Seats this seat knows to be on its own side."""
    contract, _ = announcement(info)
    if contract is None and set(info.dealt) >= BLACK_QUEENS:
        return set()
    sides = known_sides(info)
    mine = sides[info.seat]
    if mine is None:
        return set()
    return {seat for seat, side in enumerate(sides) if side == mine and seat != info.seat}


def behind_sure_partner(info: SeatInfo) -> bool:
    """Whether the last double came from a partner this seat is sure of."""
    doubles = running_doubles(info)
    return bool(doubles) and doubles[-1] in sure_partners(info)
