"""What every Baśka/Kop computer player reads off its seat's view the same way."""

from __future__ import annotations

from functools import lru_cache

from ai_worker.seat_info import Choice, SeatInfo
from engine.actions import Action, Announce, Double
from engine.baska_kop import BaskaKop
from engine.baska_kop.constants import (
    BLACK_QUEENS,
    JACKS_HIGH_TO_LOW,
    SOLO_ANNOUNCEMENTS,
    Contract,
    Options,
)
from speedgamez.v1 import table_pb2

_DECLARING_BADGES = frozenset({table_pb2.BADGE_OLD, table_pb2.BADGE_PARTNER, table_pb2.BADGE_SOLOIST})
_SOLO_CODES = frozenset(contract.value for contract in SOLO_ANNOUNCEMENTS)
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


def known_sides(info: SeatInfo) -> list[bool | None]:
    """Each seat's party as this seat knows it (True: the declaring side)."""
    contract, announcer = announcement(info)
    if contract is not None and contract.value in _SOLO_CODES:
        return [seat == announcer for seat in range(info.seats)]
    sides: list[bool | None] = []
    for badges in info.badges:
        if badges & _DECLARING_BADGES:
            sides.append(True)
        elif table_pb2.BADGE_YOUNG in badges:
            sides.append(False)
        else:
            sides.append(None)
    dealt = set(info.dealt)
    if contract is None and sides[info.seat] is None:
        sides[info.seat] = bool(dealt & BLACK_QUEENS)
    if contract is Contract.WESELE and announcer is not None:
        sides[announcer] = True
        if JACKS_HIGH_TO_LOW[0] in dealt:
            sides[info.seat] = True
    return sides


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
