from speedgamez.v1 import cards_pb2 as _cards_pb2
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ContractKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CONTRACT_KIND_UNSPECIFIED: _ClassVar[ContractKind]
    CONTRACT_KIND_NORMAL: _ClassVar[ContractKind]
    CONTRACT_KIND_CICHA: _ClassVar[ContractKind]
    CONTRACT_KIND_WESELE: _ClassVar[ContractKind]
    CONTRACT_KIND_GRAN: _ClassVar[ContractKind]
    CONTRACT_KIND_ZOLO: _ClassVar[ContractKind]
    CONTRACT_KIND_GRAN_DU: _ClassVar[ContractKind]
    CONTRACT_KIND_ZOLO_DU: _ClassVar[ContractKind]
    CONTRACT_KIND_BASKA: _ClassVar[ContractKind]
    CONTRACT_KIND_KOP: _ClassVar[ContractKind]
CONTRACT_KIND_UNSPECIFIED: ContractKind
CONTRACT_KIND_NORMAL: ContractKind
CONTRACT_KIND_CICHA: ContractKind
CONTRACT_KIND_WESELE: ContractKind
CONTRACT_KIND_GRAN: ContractKind
CONTRACT_KIND_ZOLO: ContractKind
CONTRACT_KIND_GRAN_DU: ContractKind
CONTRACT_KIND_ZOLO_DU: ContractKind
CONTRACT_KIND_BASKA: ContractKind
CONTRACT_KIND_KOP: ContractKind

class PassAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class AnnounceAction(_message.Message):
    __slots__ = ("contract", "suit")
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    contract: ContractKind
    suit: _cards_pb2.Suit
    def __init__(self, contract: _Optional[_Union[ContractKind, str]] = ..., suit: _Optional[_Union[_cards_pb2.Suit, str]] = ...) -> None: ...

class DoubleAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlayCardAction(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: _cards_pb2.Card
    def __init__(self, card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class ContinueAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Action(_message.Message):
    __slots__ = ("pass_turn", "announce", "give_double", "play_card", "continue_play")
    PASS_TURN_FIELD_NUMBER: _ClassVar[int]
    ANNOUNCE_FIELD_NUMBER: _ClassVar[int]
    GIVE_DOUBLE_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    CONTINUE_PLAY_FIELD_NUMBER: _ClassVar[int]
    pass_turn: PassAction
    announce: AnnounceAction
    give_double: DoubleAction
    play_card: PlayCardAction
    continue_play: ContinueAction
    def __init__(self, pass_turn: _Optional[_Union[PassAction, _Mapping]] = ..., announce: _Optional[_Union[AnnounceAction, _Mapping]] = ..., give_double: _Optional[_Union[DoubleAction, _Mapping]] = ..., play_card: _Optional[_Union[PlayCardAction, _Mapping]] = ..., continue_play: _Optional[_Union[ContinueAction, _Mapping]] = ...) -> None: ...
