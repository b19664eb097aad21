"""What a computer seat knows, read from the observation its job carries.

The server puts into every job the engine's ``Observation`` of the seat (its own cards,
the public record of the deal, what the rules have revealed to it), encoded as a
``SeatObservation``; this module reads it back into engine values, with the table's
settings around it, so players reason with the engine's own types. Nothing here can see
more than the engine told the seat.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine.game import Choice, Observation
from engine.registry import GAMES
from server import convert
from speedgamez.internal.v1 import ai_job_pb2


@dataclass(frozen=True, slots=True)
class SeatInfo(Observation):
    """The seat's observation, with the table's game, rule set and options, and the seed
    of the computer's random choices (the same position always gives the same decision)."""

    game: str
    rule_set: str
    options: dict[str, str]
    seed: int


def seat_info(message: ai_job_pb2.SeatObservation) -> SeatInfo:
    game = GAMES.get(message.game)
    if game is None:
        raise LookupError(f"no game {message.game!r} is registered")
    revealed_type = game.game_type.revealed
    block = message.WhichOneof("revealed")
    revealed: Any = None
    if revealed_type is not None:
        if block != message.game:
            raise ValueError(f"the observation of a {message.game} seat lacks what the rules revealed to it")
        revealed = convert.value_from_message(getattr(message, block), revealed_type)
    observation = Observation(
        seat=message.seat,
        dealer=message.dealer_seat,
        phase=message.phase,
        phase_kind=convert.phase_kind_from_proto(message.phase_kind),
        to_act=frozenset(message.to_act_seats),
        may_act=frozenset(message.may_act_seats),
        hand=tuple(convert.card_from_proto(card) for card in message.hand),
        playable=tuple(convert.card_from_proto(card) for card in message.playable),
        dealt=tuple(convert.card_from_proto(card) for card in message.dealt),
        choices=tuple(
            Choice(convert.action_from_proto(choice.action), choice.label, choice.allowed, choice.reason)
            for choice in message.choices
        ),
        calls=tuple((call.seat, convert.action_from_proto(call.action)) for call in message.calls),
        tricks=tuple(convert.trick_from_proto(trick) for trick in message.tricks),
        current_trick=convert.trick_from_proto(message.current_trick)
        if message.HasField("current_trick")
        else None,
        hand_sizes=tuple(message.hand_sizes),
        shown=tuple(tuple(convert.card_from_proto(card) for card in seat.cards) for seat in message.shown),
        contract=convert.contract_view_from_proto(message.contract) if message.HasField("contract") else None,
        revealed=revealed,
    )
    return SeatInfo(
        **{item.name: getattr(observation, item.name) for item in fields(Observation)},
        game=message.game,
        rule_set=message.rule_set,
        options=dict(message.options),
        seed=message.decision_seed,
    )
