"""The mutable state of one Baśka or Kop deal. Only the rules object changes it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.actions import Action
from engine.baska_kop.constants import Contract, Options
from engine.cards import Card
from engine.game import DealResult, Trick


class Phase(StrEnum):
    BIDDING = "bidding"
    PLAY = "play"
    FINISHED = "finished"


@dataclass(slots=True)
class Call:
    """One call of the bidding round.

    ``level`` is the double's level (1 = Kontra) and 0 for other calls; ``cleared_by``
    is the announcement that later wiped this double out.
    """

    seat: int
    action: Action
    note: str = ""
    level: int = 0
    cleared_by: Contract | None = None


@dataclass(slots=True)
class DealState:
    options: Options
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    hands: list[list[Card]]
    phase: Phase = Phase.BIDDING
    turn: int = 0
    calls: list[Call] = field(default_factory=list)
    # The highest announcement so far and who made it (None: nothing announced).
    announced: Contract | None = None
    announcer: int | None = None
    # Indices into ``calls`` of the doubles said on the running contract, in order.
    doubles: list[int] = field(default_factory=list)
    # Passes in a row since the start or since the last announcement or double.
    passes: int = 0
    # Settled once the bidding is over.
    contract: Contract = Contract.NORMAL
    declarers: frozenset[int] = frozenset()
    partner_jack: Card | None = None
    leader: int = 0
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    result: DealResult | None = None

    def copy(self) -> DealState:
        return DealState(
            options=self.options,
            dealer=self.dealer,
            dealt=self.dealt,
            hands=[list(hand) for hand in self.hands],
            phase=self.phase,
            turn=self.turn,
            calls=[
                Call(call.seat, call.action, call.note, call.level, call.cleared_by) for call in self.calls
            ],
            announced=self.announced,
            announcer=self.announcer,
            doubles=list(self.doubles),
            passes=self.passes,
            contract=self.contract,
            declarers=self.declarers,
            partner_jack=self.partner_jack,
            leader=self.leader,
            trick=list(self.trick),
            tricks=list(self.tricks),
            result=self.result,
        )

    @property
    def double_seats(self) -> list[int]:
        """Seats of the doubles said on the running contract, in order."""
        return [self.calls[index].seat for index in self.doubles]
