"""Conversions between engine values and contract messages.

Enum values are matched by name (``zolo_du`` <-> ``BASKA_KOP_CONTRACT_ZOLO_DU``), and a
game's own values (its actions, its part of a view, a settlement or a rule set) are frozen
dataclasses copied field by field into the message of its block, the field named after
the game id. So adding a game, an action or a field to a game is a change to the game's
package and its messages in the contract, never to this module.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import typing
from enum import IntEnum, StrEnum
from typing import Any, cast

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.unknown_fields import UnknownFieldSet

from engine.actions import Action, Continue, Double, Pass, PlayCard
from engine.cards import Card, Rank, Suit
from engine.errors import InvalidActionError
from engine.game import (
    Badge,
    ContractView,
    Counter,
    DealResult,
    Declaration,
    DoubleStatus,
    Dynamics,
    GameType,
    OptionGroup,
    OptionType,
    PhaseKind,
    ScoreUnit,
    StepOperation,
    Trick,
    Utility,
)
from engine.registry import GAMES
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import actions_pb2, cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

# The actions most games share, and their fields in the contract's Action.
_COMMON_ACTIONS: dict[type[object], str] = {
    Pass: "pass_turn",
    Double: "give_double",
    PlayCard: "play_card",
    Continue: "continue_play",
}


def card_to_proto(card: Card) -> cards_pb2.Card:
    message = cards_pb2.Card()
    fill_card(message, card)
    return message


def fill_card(message: cards_pb2.Card, card: Card) -> None:
    """Set ``message`` to ``card``: the way to put a card into a message being built,
    in its place, rather than building one apart and copying it in."""
    message.suit = card.suit  # type: ignore[assignment]
    message.rank = card.rank  # type: ignore[assignment]


def card_from_proto(message: cards_pb2.Card) -> Card:
    try:
        return Card(Suit(message.suit), Rank(message.rank))
    except ValueError:
        raise InvalidActionError(
            f"card needs a suit and a rank, got suit={message.suit} rank={message.rank}"
        ) from None


def action_to_proto(action: Action, game: GameType) -> actions_pb2.Action:
    message = actions_pb2.Action()
    fill_action(message, action, game)
    return message


def fill_action(message: actions_pb2.Action, action: Action, game: GameType) -> None:
    """Set the empty ``message`` to ``action``, in its place (as ``fill_card``)."""
    common = _COMMON_ACTIONS.get(type(action))
    if common is not None:
        field = getattr(message, common)
        field.SetInParent()
        if isinstance(action, PlayCard):
            fill_card(field.card, action.card)
        return
    message.MergeFromString(_game_action_bytes(action, game.id))


def action_from_proto(message: actions_pb2.Action) -> Action:
    """The engine's action; a game's own action is found by its block's name, the game id
    (whether it belongs to the table's game is the game's ``check``).

    A field the contract does not declare is refused, not dropped: the action would mean
    something else than what was sent (a suit with Baśka/Kop's Zolo, in field 2 as the
    announcements of other games carry it, would be a plain Zolo)."""
    unknown = _unknown_fields(message, "action")
    if unknown:
        raise InvalidActionError(f"{unknown[0]}: send only the fields the contract declares")
    kind = message.WhichOneof("kind")
    if kind is None:
        raise InvalidActionError("action is empty: set exactly one of its fields")
    if kind == "play_card":
        return PlayCard(card_from_proto(message.play_card.card))
    for action_type, field in _COMMON_ACTIONS.items():
        if field == kind:
            return cast(Action, action_type())
    block = getattr(message, kind)
    name = block.WhichOneof("kind")
    game = GAMES.get(kind)
    for action_type in game.game_type.actions if game is not None else ():
        if _snake_case(action_type.__name__) == name:
            return cast(Action, value_from_message(getattr(block, name), action_type))
    raise InvalidActionError(f"the {kind} action is empty: set exactly one of its fields")


def _unknown_fields(message: Message, path: str) -> list[str]:
    """Where ``message`` and the messages in it carry fields their type does not declare
    (protobuf keeps them aside when it decodes bytes), e.g. "action.baska_kop.announce has
    field 2, which speedgamez.v1.BaskaKopAnnounce does not declare"."""
    unknown = UnknownFieldSet(message)
    declared_by = message.DESCRIPTOR.full_name
    found = [
        f"{path} has field {unknown[index].field_number}, which {declared_by} does not declare"
        for index in range(len(unknown))
    ]
    for descriptor, value in message.ListFields():
        if descriptor.type != FieldDescriptor.TYPE_MESSAGE:
            continue
        for item in value if descriptor.is_repeated else (value,):
            found += _unknown_fields(item, f"{path}.{descriptor.name}")
    return found


def contract_view_to_proto(contract: ContractView) -> table_pb2.ContractView:
    message = table_pb2.ContractView(code=contract.code, label=contract.label, trump_note=contract.trump_note)
    if contract.declarer is not None:
        message.declarer_seat = contract.declarer
    return message


def contract_view_from_proto(message: table_pb2.ContractView) -> ContractView:
    declarer = message.declarer_seat if message.HasField("declarer_seat") else None
    return ContractView(message.code, message.label, declarer, message.trump_note)


def counter_to_proto(counter: Counter) -> table_pb2.Counter:
    return table_pb2.Counter(code=counter.code, label=counter.label, value=counter.value)


def declaration_to_proto(declaration: Declaration) -> table_pb2.Declaration:
    return table_pb2.Declaration(
        code=declaration.code,
        label=declaration.label,
        cards=[card_to_proto(card) for card in declaration.cards],
        points=declaration.points,
    )


@functools.cache  # every seat of every view has its badges
def badge_to_proto(badge: Badge) -> table_pb2.Badge:
    return cast(table_pb2.Badge, table_pb2.Badge.Value(f"BADGE_{badge.value.upper()}"))


@functools.cache  # every call of every view has its status
def double_status_to_proto(status: DoubleStatus) -> table_pb2.DoubleStatus:
    if status is DoubleStatus.NOT_A_DOUBLE:
        return table_pb2.DOUBLE_STATUS_UNSPECIFIED
    return cast(table_pb2.DoubleStatus, table_pb2.DoubleStatus.Value(f"DOUBLE_STATUS_{status.value.upper()}"))


def trick_to_proto(trick: Trick) -> table_pb2.Trick:
    message = table_pb2.Trick()
    fill_trick(message, trick)
    return message


def fill_trick(message: table_pb2.Trick, trick: Trick) -> None:
    """Set the empty ``message`` to ``trick``, in its place (as ``fill_card``)."""
    message.leader_seat = trick.leader
    message.points = trick.points
    for seat, card in trick.cards:
        fill_card(message.cards.add(seat=seat).card, card)
    if trick.winner is not None:
        message.winner_seat = trick.winner


def trick_from_proto(message: table_pb2.Trick) -> Trick:
    return Trick(
        leader=message.leader_seat,
        cards=tuple((played.seat, card_from_proto(played.card)) for played in message.cards),
        winner=message.winner_seat if message.HasField("winner_seat") else None,
        points=message.points,
    )


def hands_to_proto(hands: tuple[tuple[Card, ...], ...]) -> list[table_pb2.SeatHand]:
    return [
        table_pb2.SeatHand(seat=seat, cards=[card_to_proto(card) for card in hand])
        for seat, hand in enumerate(hands)
    ]


def settlement_to_proto(result: DealResult, game: GameType) -> table_pb2.Settlement:
    settlement = table_pb2.Settlement(
        contract_code=result.contract,
        contract_label=result.contract_label,
        declarer_seats=sorted(result.declarers),
        winner_seats=sorted(result.winners),
        value=result.value,
        steps=[
            table_pb2.SettlementStep(
                kind=step.kind,
                label=step.label,
                operation=_OPERATIONS[step.operation],
                amount=step.amount,
                struck=step.struck,
                note=step.note,
                seats=sorted(step.seats),
                payer_seat=step.payer,
            )
            for step in result.steps
        ],
        scores=list(result.scores),
        card_points=list(result.card_points),
        hands=hands_to_proto(result.hands),
        summary=result.summary,
    )
    if result.detail is not None:
        fill_message(_game_block(settlement, "game_settlement", game.id), result.detail)
    return settlement


def unit_to_proto(unit: ScoreUnit) -> table_pb2.ScoreUnit:
    return table_pb2.ScoreUnit(one=unit.one, many=unit.many)


_OPERATIONS = {
    operation: cast(
        table_pb2.SettlementOperation,
        table_pb2.SettlementOperation.Value(f"SETTLEMENT_OPERATION_{operation.name}"),
    )
    for operation in StepOperation
}


_PHASE_KINDS = {
    kind: cast(ai_job_pb2.PhaseKind, ai_job_pb2.PhaseKind.Value(f"PHASE_KIND_{kind.name}"))
    for kind in PhaseKind
}


def phase_kind_to_proto(kind: PhaseKind) -> ai_job_pb2.PhaseKind:
    return _PHASE_KINDS[kind]


def phase_kind_from_proto(value: int) -> PhaseKind:
    for kind, number in _PHASE_KINDS.items():
        if number == value:
            return kind
    raise ValueError(f"unknown phase kind {value}")


def dynamics_to_proto(dynamics: Dynamics) -> service_pb2.GameDynamics:
    return cast(service_pb2.GameDynamics, service_pb2.GameDynamics.Value(f"GAME_DYNAMICS_{dynamics.name}"))


def utility_to_proto(utility: Utility) -> service_pb2.GameUtility:
    return cast(service_pb2.GameUtility, service_pb2.GameUtility.Value(f"GAME_UTILITY_{utility.name}"))


_OPTION_GROUPS = {
    OptionGroup.PLAY: service_pb2.OPTION_GROUP_PLAY,
    OptionGroup.CONTRACTS: service_pb2.OPTION_GROUP_CONTRACTS,
    OptionGroup.AMOUNTS: service_pb2.OPTION_GROUP_AMOUNTS,
}


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
    for value, counts in option.seats:
        info.seats_by_value[value].counts.extend(counts)
    info.group = _OPTION_GROUPS[option.group]
    info.value_labels.update(option.words)
    return info


# A game's own values, field by field ------------------------------------------------


def game_choice(message: Message, oneof: str, game: str, value: object) -> None:
    """Fill the game's block of ``message``'s oneof ``oneof`` with ``value`` as the block's
    field named after the value's class in snake case (an action, an event)."""
    chosen = getattr(_game_block(message, oneof, game), _snake_case(type(value).__name__))
    # Chosen even when every field is unset (an action whose secret is left out).
    chosen.SetInParent()
    fill_message(chosen, value)


def game_block(message: Message, oneof: str, game: str, value: object | None) -> None:
    """Fill the field named ``game`` of ``message``'s oneof ``oneof`` from ``value``."""
    if value is not None:
        fill_message(_game_block(message, oneof, game), value)


def fill_message(message: Message, value: object) -> None:
    """Copy the frozen dataclass ``value`` into ``message``, field by field, by name.

    Strings go into enum fields by the value's name (``zolo`` is ``<ENUM>_ZOLO``); cards
    into Card messages; tuples into repeated fields; None leaves a field unset. A field
    the message does not have is a fault of the game's package or its contract (TypeError).
    """
    for name, descriptor in _fields_to_fill(message.DESCRIPTOR, cast(Any, type(value))):
        content = getattr(value, name)
        if content is None:
            continue
        if descriptor is None:
            full_name = message.DESCRIPTOR.full_name
            raise TypeError(f"{full_name} has no field {name!r} for {type(value).__name__}")
        if descriptor.is_repeated:
            container = getattr(message, name)
            if descriptor.type == FieldDescriptor.TYPE_MESSAGE:
                for element in content:
                    _fill_nested(container.add(), element)
            else:
                container.extend([_to_scalar(descriptor, element) for element in content])
        elif descriptor.type == FieldDescriptor.TYPE_MESSAGE:
            _fill_nested(getattr(message, name), content)
        else:
            setattr(message, name, _to_scalar(descriptor, content))


def value_from_message(message: Message, value_type: type[object]) -> object:
    """The frozen dataclass ``value_type`` read from ``message`` by field names; the
    inverse of ``fill_message``. Raises InvalidActionError for an enum left unset."""
    hints = _type_hints(cast(Any, value_type))
    fields_by_name = message.DESCRIPTOR.fields_by_name
    values: dict[str, object] = {}
    for item in dataclasses.fields(cast(Any, value_type)):
        descriptor = fields_by_name.get(item.name)
        if descriptor is None:
            continue  # the dataclass default stands
        content = getattr(message, item.name)
        wanted = hints[item.name]
        if (
            descriptor.has_presence
            and not message.HasField(item.name)
            and type(None) in typing.get_args(wanted)
        ):
            values[item.name] = None
            continue
        if descriptor.is_repeated:
            (element_type, *_) = typing.get_args(wanted)
            values[item.name] = tuple(_from_single(descriptor, element, element_type) for element in content)
        else:
            values[item.name] = _from_single(descriptor, content, wanted)
    return value_type(**values)


def _game_block(message: Message, oneof: str, game: str) -> Any:
    if game not in {field.name for field in message.DESCRIPTOR.oneofs_by_name[oneof].fields}:
        raise TypeError(f"{message.DESCRIPTOR.full_name}.{oneof} has no block for the game {game!r}")
    block = getattr(message, game)
    block.SetInParent()
    return block


@functools.cache
def _fields_to_fill(message_type: Any, value_type: Any) -> tuple[tuple[str, Any], ...]:
    """Each field of the dataclass ``value_type`` with its descriptor in ``message_type``
    (None where the message has no such field), worked out once per pair: a view fills
    the same few pairs again and again."""
    return tuple(
        (item.name, message_type.fields_by_name.get(item.name)) for item in dataclasses.fields(value_type)
    )


def _fill_nested(message: Message, value: object) -> None:
    if isinstance(value, Card):
        fill_card(cast(cards_pb2.Card, message), value)
    else:
        fill_message(message, value)


def _to_scalar(descriptor: Any, content: object) -> object:
    if descriptor.type != FieldDescriptor.TYPE_ENUM:
        return content
    if isinstance(content, IntEnum):
        return int(content)
    return _enum_number(descriptor.enum_type, str(content))


def _from_single(descriptor: Any, content: Any, wanted: Any) -> object:
    optional = type(None) in typing.get_args(wanted)
    if optional:
        wanted = next(argument for argument in typing.get_args(wanted) if argument is not type(None))
    if descriptor.type == FieldDescriptor.TYPE_ENUM:
        if content == 0:
            if optional:
                return None
            raise InvalidActionError(f"{descriptor.full_name} is required")
        if isinstance(wanted, type) and issubclass(wanted, IntEnum):
            try:
                return wanted(content)
            except ValueError:
                raise InvalidActionError(f"{descriptor.full_name}: unknown value {content}") from None
        value = descriptor.enum_type.values_by_number.get(content)
        if value is None:
            raise InvalidActionError(f"{descriptor.full_name}: unknown value {content}")
        code = value.name.removeprefix(_enum_prefix(descriptor.enum_type)).lower()
        return wanted(code) if isinstance(wanted, type) and issubclass(wanted, StrEnum) else code
    if wanted is Card:
        return card_from_proto(content)
    if descriptor.type == FieldDescriptor.TYPE_MESSAGE:
        return value_from_message(content, wanted)
    return content


@functools.cache
def _enum_number(enum: Any, code: str) -> int:
    value = enum.values_by_name.get(_enum_prefix(enum) + code.upper())
    if value is None:
        raise TypeError(f"{enum.full_name} has no value for {code!r}")
    return int(value.number)


def _enum_prefix(enum: Any) -> str:
    return _snake_case(enum.name).upper() + "_"


@functools.lru_cache(maxsize=4096)
def _game_action_bytes(action: Action, game: str) -> bytes:
    """A game's own action encoded: a view names the same few actions again and again (its
    calls, its choices), and filling a message by its descriptor is slow."""
    message = actions_pb2.Action()
    game_choice(message, "kind", game, action)
    return message.SerializeToString()


@functools.cache
def _type_hints(value_type: Any) -> dict[str, Any]:
    return typing.get_type_hints(value_type)


@functools.cache
def _snake_case(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
