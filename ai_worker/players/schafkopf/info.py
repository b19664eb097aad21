"""What a Schafkopf seat knows, in Schafkopf's terms: the table's options, the game and
its declarer, the trick order, and the declaring side as far as the seat can tell.

Everything here is read from the seat's observation (``ai_worker.seat_info``): the calls
(Aufstellen, the Spielansage, the Hochzeit, Kontra and Re), the tricks, the face-up cards
and ``SchafkopfRevealed`` (the partner as far as the seat knows him). Nothing reads a
hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ai_worker.seat_info import SeatInfo
from engine.actions import Announce
from engine.cards import Card
from engine.schafkopf import Schafkopf
from engine.schafkopf.blocks import SchafkopfRevealed
from engine.schafkopf.constants import PARTNER_GAMES, WITH_SUIT, Kind, Options
from engine.schafkopf.deal import Contract
from engine.schafkopf.play import TrickOrder

_GAME = Schafkopf()


@dataclass(frozen=True)
class Table:
    """The deal as the seat sees it: its options, the game (None during the bidding; a
    Ramsch has declarer -1), and the partner it knows of (-1: none known)."""

    options: Options
    seats: int
    contract: Contract | None
    partner: int

    @property
    def order(self) -> TrickOrder:
        assert self.contract is not None, "no game yet"
        contract = self.contract
        suit = contract.suit if contract.kind in WITH_SUIT and contract.kind is not Kind.RUFSPIEL else None
        return TrickOrder.of(contract.kind, suit, self.options.pack)

    def declaring(self, seat: int) -> bool | None:
        """Whether ``seat`` plays with the declarer: True, False, or None while the seat
        cannot tell (a Rufspiel before the partner is known)."""
        contract = self.contract
        if contract is None or contract.kind is Kind.RAMSCH:
            return False
        if seat in (contract.declarer, self.partner):
            return True
        if contract.kind not in PARTNER_GAMES or self.partner >= 0:
            return False
        return None

    def together(self, seat: int, other: int) -> bool:
        """Whether the seat knows ``seat`` and ``other`` to play on one side."""
        if seat == other:
            return True
        mine, theirs = self.declaring(seat), self.declaring(other)
        if self.contract is None or self.contract.kind is Kind.RAMSCH:
            return False
        return mine is not None and mine == theirs


def table_of(info: SeatInfo) -> Table:
    """The seat's table. The game is the one the view names once the bidding is over (a
    Hochzeit nobody took is not played), else the best announcement so far."""
    contract = None
    for seat, action in info.calls:
        if isinstance(action, Announce):
            contract = Contract(Kind(action.contract), action.suit, seat)
    if info.contract is not None:
        kind = Kind(info.contract.code)
        declarer = -1 if info.contract.declarer is None else info.contract.declarer
        suit = next(
            (
                action.suit
                for seat, action in reversed(info.calls)
                if isinstance(action, Announce) and action.contract == kind.value and seat == declarer
            ),
            None,
        )
        contract = Contract(kind, suit, declarer)
    revealed = info.revealed
    assert isinstance(revealed, SchafkopfRevealed), "a Schafkopf observation carries SchafkopfRevealed"
    return Table(table_options(info), info.seats, contract, revealed.partner)


def table_options(info: SeatInfo) -> Options:
    """The table's options as the engine reads them."""
    items = tuple(sorted((key, value) for key, value in info.options.items() if key != "rule_set"))
    return _options(info.rule_set, items)


@lru_cache(maxsize=64)
def _options(rule_set: str, items: tuple[tuple[str, str], ...]) -> Options:
    return _GAME.parse_options(rule_set, dict(items))


def partner_game_order(options: Options) -> TrickOrder:
    """The trumps of the partner games (Ober, Unter, Herz), by which hands are judged."""
    return TrickOrder.of(Kind.RUFSPIEL, None, options.pack)


def held_trumps(cards: tuple[Card, ...], order: TrickOrder) -> list[Card]:
    return [card for card in cards if order.is_trump(card)]
