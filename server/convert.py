"""Conversions between engine values and contract messages.

Enum values are matched by name (``zolo_du`` <-> ``CONTRACT_KIND_ZOLO_DU``), so adding a
contract to a game and to the proto is all it takes.
"""

from __future__ import annotations

from typing import cast

from engine.actions import Action, Announce, Continue, Double, Pass, PlayCard
from engine.cards import Card, Rank, Suit
from engine.errors import InvalidActionError
from engine.game import Badge, DealResult, DoubleStatus, Dynamics, OptionType, Trick, Utility
from speedgamez.v1 import actions_pb2, cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2


def card_to_proto(card: Card) -> cards_pb2.Card:
    return cards_pb2.Card(suit=int(card.suit), rank=int(card.rank))  # type: ignore[arg-type]


def card_from_proto(message: cards_pb2.Card) -> Card:
    try:
        return Card(Suit(message.suit), Rank(message.rank))
    except ValueError:
        raise InvalidActionError(
            f"card needs a suit and a rank, got suit={message.suit} rank={message.rank}"
        ) from None


def contract_to_proto(code: str) -> actions_pb2.ContractKind:
    return cast(actions_pb2.ContractKind, actions_pb2.ContractKind.Value(f"CONTRACT_KIND_{code.upper()}"))


def contract_from_proto(value: int) -> str:
    if value == actions_pb2.CONTRACT_KIND_UNSPECIFIED or value not in actions_pb2.ContractKind.values():
        raise InvalidActionError(f"announce needs a contract, got {value}")
    return actions_pb2.ContractKind.Name(value).removeprefix("CONTRACT_KIND_").lower()


def action_to_proto(action: Action) -> actions_pb2.Action:
    if isinstance(action, Pass):
        return actions_pb2.Action(pass_turn=actions_pb2.PassAction())
    if isinstance(action, Double):
        return actions_pb2.Action(give_double=actions_pb2.DoubleAction())
    if isinstance(action, Continue):
        return actions_pb2.Action(continue_play=actions_pb2.ContinueAction())
    if isinstance(action, PlayCard):
        return actions_pb2.Action(play_card=actions_pb2.PlayCardAction(card=card_to_proto(action.card)))
    announce = actions_pb2.AnnounceAction(contract=contract_to_proto(action.contract))
    if action.suit is not None:
        announce.suit = int(action.suit)  # type: ignore[assignment]
    return actions_pb2.Action(announce=announce)


def action_from_proto(message: actions_pb2.Action) -> Action:
    kind = message.WhichOneof("kind")
    if kind == "pass_turn":
        return Pass()
    if kind == "give_double":
        return Double()
    if kind == "continue_play":
        return Continue()
    if kind == "play_card":
        return PlayCard(card_from_proto(message.play_card.card))
    if kind == "announce":
        suit = None
        if message.announce.suit:
            try:
                suit = Suit(message.announce.suit)
            except ValueError:
                raise InvalidActionError(f"unknown suit {message.announce.suit}") from None
        return Announce(contract_from_proto(message.announce.contract), suit)
    raise InvalidActionError("action is empty: set exactly one of its fields")


def badge_to_proto(badge: Badge) -> table_pb2.Badge:
    return cast(table_pb2.Badge, table_pb2.Badge.Value(f"BADGE_{badge.value.upper()}"))


def double_status_to_proto(status: DoubleStatus) -> table_pb2.DoubleStatus:
    if status is DoubleStatus.NOT_A_DOUBLE:
        return table_pb2.DOUBLE_STATUS_UNSPECIFIED
    return cast(table_pb2.DoubleStatus, table_pb2.DoubleStatus.Value(f"DOUBLE_STATUS_{status.value.upper()}"))


def trick_to_proto(trick: Trick) -> table_pb2.Trick:
    message = table_pb2.Trick(
        leader_seat=trick.leader,
        cards=[table_pb2.PlayedCard(seat=seat, card=card_to_proto(card)) for seat, card in trick.cards],
        points=trick.points,
    )
    if trick.winner is not None:
        message.winner_seat = trick.winner
    return message


def hands_to_proto(hands: tuple[tuple[Card, ...], ...]) -> list[table_pb2.SeatHand]:
    return [
        table_pb2.SeatHand(seat=seat, cards=[card_to_proto(card) for card in hand])
        for seat, hand in enumerate(hands)
    ]


def settlement_to_proto(result: DealResult) -> table_pb2.Settlement:
    return table_pb2.Settlement(
        contract=contract_to_proto(result.contract),
        contract_label=result.contract_label,
        declarer_seats=sorted(result.declarers),
        winner_seats=sorted(result.winners),
        value=result.value,
        steps=[
            table_pb2.SettlementStep(
                kind=step.kind, label=step.label, factor=step.factor, struck=step.struck, note=step.note
            )
            for step in result.steps
        ],
        scores=list(result.scores),
        card_points=list(result.card_points),
        hands=hands_to_proto(result.hands),
        summary=result.summary,
    )


def dynamics_to_proto(dynamics: Dynamics) -> service_pb2.GameDynamics:
    return cast(service_pb2.GameDynamics, service_pb2.GameDynamics.Value(f"GAME_DYNAMICS_{dynamics.name}"))


def utility_to_proto(utility: Utility) -> service_pb2.GameUtility:
    return cast(service_pb2.GameUtility, service_pb2.GameUtility.Value(f"GAME_UTILITY_{utility.name}"))


def option_to_proto(option: OptionType) -> service_pb2.OptionInfo:
    info = service_pb2.OptionInfo(
        key=option.key,
        meaning=option.meaning,
        default_value=option.default,
        allowed_values=list(option.values),
    )
    if option.minimum is not None:
        info.minimum = option.minimum
    if option.maximum is not None:
        info.maximum = option.maximum
    return info
