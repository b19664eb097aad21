"""What a computer seat knows, read from the redacted view its job carries.

The job holds exactly the seat's ``TableView``; this module turns it back into engine
values (cards, actions) so players can reason with the engine's rules. Nothing here can
see more than the view shows.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine.actions import Action
from engine.cards import Card
from engine.game import Trick
from server import convert
from speedgamez.v1 import table_pb2


@dataclass(frozen=True)
class Choice:
    action: Action
    label: str
    allowed: bool


@dataclass(frozen=True)
class SeatInfo:
    game: str
    rule_set: str
    options: dict[str, str]
    seat: int
    seats: int
    dealer: int
    phase: int
    hand: tuple[Card, ...]
    playable: tuple[Card, ...]
    choices: tuple[Choice, ...]
    contract: str
    declarer: int | None
    badges: tuple[frozenset[int], ...]
    calls: tuple[tuple[int, Action], ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, Card], ...]
    trick_leader: int
    ladder: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    # Seeds the computer's random choices: the same position always gives the same decision.
    seed: int

    @property
    def dealt(self) -> tuple[Card, ...]:
        """The seat's hand at the start of the deal: what it holds plus what it played."""
        return self.hand + self.played_by(self.seat)

    @property
    def allowed(self) -> tuple[Choice, ...]:
        return tuple(choice for choice in self.choices if choice.allowed)

    def played_by(self, seat: int) -> tuple[Card, ...]:
        """Cards ``seat`` has played this deal, in order."""
        plays = [pair for trick in self.tricks for pair in trick.cards] + list(self.current_trick)
        return tuple(card for who, card in plays if who == seat)


def seat_info(view: table_pb2.TableView) -> SeatInfo:
    if not view.HasField("viewer_seat"):
        raise ValueError("a computer job needs the view of a seat, not a spectator's")
    return SeatInfo(
        game=view.game,
        rule_set=view.rule_set,
        options=dict(view.options),
        seat=view.viewer_seat,
        seats=len(view.seats),
        dealer=view.dealer_seat,
        phase=view.phase,
        hand=tuple(convert.card_from_proto(card.card) for card in view.hand),
        playable=tuple(convert.card_from_proto(card.card) for card in view.hand if card.playable),
        choices=tuple(
            Choice(convert.action_from_proto(choice.action), choice.label, choice.allowed)
            for choice in view.choices
        ),
        contract=view.contract.code,
        declarer=view.contract.declarer_seat if view.contract.HasField("declarer_seat") else None,
        badges=tuple(frozenset(seat.badges) for seat in view.seats),
        calls=tuple((call.seat, convert.action_from_proto(call.action)) for call in view.calls),
        tricks=tuple(_trick(trick) for trick in view.tricks),
        current_trick=tuple(
            (played.seat, convert.card_from_proto(played.card)) for played in view.current_trick.cards
        ),
        trick_leader=view.current_trick.leader_seat,
        ladder=tuple(convert.card_from_proto(rung.card) for rung in view.trump_ladder),
        hand_sizes=tuple(seat.cards_in_hand for seat in view.seats),
        seed=_decision_seed(view),
    )


def _decision_seed(view: table_pb2.TableView) -> int:
    # The table, its version and the seat fix the position; the view's serialized form would
    # too, but would change every seed whenever the contract gains a field.
    position = f"{view.name}/{view.version}/{view.viewer_seat}".encode()
    return int.from_bytes(hashlib.sha256(position).digest()[:8], "big")


def _trick(trick: table_pb2.Trick) -> Trick:
    return Trick(
        leader=trick.leader_seat,
        cards=tuple((played.seat, convert.card_from_proto(played.card)) for played in trick.cards),
        winner=trick.winner_seat if trick.HasField("winner_seat") else None,
        points=trick.points,
    )
