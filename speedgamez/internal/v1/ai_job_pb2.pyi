import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from speedgamez.v1 import baska_kop_pb2 as _baska_kop_pb2
from speedgamez.v1 import bela_pb2 as _bela_pb2
from speedgamez.v1 import schafkopf_pb2 as _schafkopf_pb2
from speedgamez.v1 import speculation_pb2 as _speculation_pb2
from speedgamez.v1 import cards_pb2 as _cards_pb2
from speedgamez.v1 import table_pb2 as _table_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AiJobKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AI_JOB_KIND_UNSPECIFIED: _ClassVar[AiJobKind]
    AI_JOB_KIND_MOVE: _ClassVar[AiJobKind]
    AI_JOB_KIND_ADVICE: _ClassVar[AiJobKind]
    AI_JOB_KIND_SHADOW: _ClassVar[AiJobKind]
    AI_JOB_KIND_MARKET: _ClassVar[AiJobKind]

class PhaseKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PHASE_KIND_UNSPECIFIED: _ClassVar[PhaseKind]
    PHASE_KIND_BIDDING: _ClassVar[PhaseKind]
    PHASE_KIND_PLAY: _ClassVar[PhaseKind]
    PHASE_KIND_OTHER: _ClassVar[PhaseKind]
    PHASE_KIND_OVER: _ClassVar[PhaseKind]
AI_JOB_KIND_UNSPECIFIED: AiJobKind
AI_JOB_KIND_MOVE: AiJobKind
AI_JOB_KIND_ADVICE: AiJobKind
AI_JOB_KIND_SHADOW: AiJobKind
AI_JOB_KIND_MARKET: AiJobKind
PHASE_KIND_UNSPECIFIED: PhaseKind
PHASE_KIND_BIDDING: PhaseKind
PHASE_KIND_PLAY: PhaseKind
PHASE_KIND_OTHER: PhaseKind
PHASE_KIND_OVER: PhaseKind

class AiJob(_message.Message):
    __slots__ = ("table_id", "table_version", "seat", "level", "view", "queued_time", "kind", "reply_to", "observation", "deal_number")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TABLE_VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    QUEUED_TIME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    REPLY_TO_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    DEAL_NUMBER_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    table_version: int
    seat: int
    level: _table_pb2.ComputerLevel
    view: _table_pb2.TableView
    queued_time: _timestamp_pb2.Timestamp
    kind: AiJobKind
    reply_to: str
    observation: SeatObservation
    deal_number: int
    def __init__(self, table_id: _Optional[str] = ..., table_version: _Optional[int] = ..., seat: _Optional[int] = ..., level: _Optional[_Union[_table_pb2.ComputerLevel, str]] = ..., view: _Optional[_Union[_table_pb2.TableView, _Mapping]] = ..., queued_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., kind: _Optional[_Union[AiJobKind, str]] = ..., reply_to: _Optional[str] = ..., observation: _Optional[_Union[SeatObservation, _Mapping]] = ..., deal_number: _Optional[int] = ...) -> None: ...

class SeatObservation(_message.Message):
    __slots__ = ("game", "rule_set", "options", "seat", "decision_seed", "dealer_seat", "phase", "phase_kind", "to_act_seats", "may_act_seats", "hand", "playable", "dealt", "choices", "calls", "tricks", "current_trick", "hand_sizes", "shown", "contract", "baska_kop", "bela", "schafkopf", "speculation")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_FIELD_NUMBER: _ClassVar[int]
    RULE_SET_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DECISION_SEED_FIELD_NUMBER: _ClassVar[int]
    DEALER_SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    PHASE_KIND_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_SEATS_FIELD_NUMBER: _ClassVar[int]
    MAY_ACT_SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PLAYABLE_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    CALLS_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_TRICK_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    SHOWN_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    BASKA_KOP_FIELD_NUMBER: _ClassVar[int]
    BELA_FIELD_NUMBER: _ClassVar[int]
    SCHAFKOPF_FIELD_NUMBER: _ClassVar[int]
    SPECULATION_FIELD_NUMBER: _ClassVar[int]
    game: str
    rule_set: str
    options: _containers.ScalarMap[str, str]
    seat: int
    decision_seed: int
    dealer_seat: int
    phase: str
    phase_kind: PhaseKind
    to_act_seats: _containers.RepeatedScalarFieldContainer[int]
    may_act_seats: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    playable: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    dealt: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    choices: _containers.RepeatedCompositeFieldContainer[_table_pb2.ActionChoice]
    calls: _containers.RepeatedCompositeFieldContainer[_table_pb2.Call]
    tricks: _containers.RepeatedCompositeFieldContainer[_table_pb2.Trick]
    current_trick: _table_pb2.Trick
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    shown: _containers.RepeatedCompositeFieldContainer[_table_pb2.SeatHand]
    contract: _table_pb2.ContractView
    baska_kop: _baska_kop_pb2.BaskaKopRevealed
    bela: _bela_pb2.BelaRevealed
    schafkopf: _schafkopf_pb2.SchafkopfRevealed
    speculation: _speculation_pb2.SpeculationView
    def __init__(self, game: _Optional[str] = ..., rule_set: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seat: _Optional[int] = ..., decision_seed: _Optional[int] = ..., dealer_seat: _Optional[int] = ..., phase: _Optional[str] = ..., phase_kind: _Optional[_Union[PhaseKind, str]] = ..., to_act_seats: _Optional[_Iterable[int]] = ..., may_act_seats: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., playable: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., dealt: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., choices: _Optional[_Iterable[_Union[_table_pb2.ActionChoice, _Mapping]]] = ..., calls: _Optional[_Iterable[_Union[_table_pb2.Call, _Mapping]]] = ..., tricks: _Optional[_Iterable[_Union[_table_pb2.Trick, _Mapping]]] = ..., current_trick: _Optional[_Union[_table_pb2.Trick, _Mapping]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., shown: _Optional[_Iterable[_Union[_table_pb2.SeatHand, _Mapping]]] = ..., contract: _Optional[_Union[_table_pb2.ContractView, _Mapping]] = ..., baska_kop: _Optional[_Union[_baska_kop_pb2.BaskaKopRevealed, _Mapping]] = ..., bela: _Optional[_Union[_bela_pb2.BelaRevealed, _Mapping]] = ..., schafkopf: _Optional[_Union[_schafkopf_pb2.SchafkopfRevealed, _Mapping]] = ..., speculation: _Optional[_Union[_speculation_pb2.SpeculationView, _Mapping]] = ...) -> None: ...
