from speedgamez.v1 import cards_pb2 as _cards_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BaskaKopContract(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BASKA_KOP_CONTRACT_UNSPECIFIED: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_NORMAL: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_CICHA: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_WESELE: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_GRAN: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_ZOLO: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_GRAN_DU: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_ZOLO_DU: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_BASKA: _ClassVar[BaskaKopContract]
    BASKA_KOP_CONTRACT_KOP: _ClassVar[BaskaKopContract]

class BaskaKopSide(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BASKA_KOP_SIDE_UNSPECIFIED: _ClassVar[BaskaKopSide]
    BASKA_KOP_SIDE_UNKNOWN: _ClassVar[BaskaKopSide]
    BASKA_KOP_SIDE_DECLARING: _ClassVar[BaskaKopSide]
    BASKA_KOP_SIDE_DEFENDING: _ClassVar[BaskaKopSide]
BASKA_KOP_CONTRACT_UNSPECIFIED: BaskaKopContract
BASKA_KOP_CONTRACT_NORMAL: BaskaKopContract
BASKA_KOP_CONTRACT_CICHA: BaskaKopContract
BASKA_KOP_CONTRACT_WESELE: BaskaKopContract
BASKA_KOP_CONTRACT_GRAN: BaskaKopContract
BASKA_KOP_CONTRACT_ZOLO: BaskaKopContract
BASKA_KOP_CONTRACT_GRAN_DU: BaskaKopContract
BASKA_KOP_CONTRACT_ZOLO_DU: BaskaKopContract
BASKA_KOP_CONTRACT_BASKA: BaskaKopContract
BASKA_KOP_CONTRACT_KOP: BaskaKopContract
BASKA_KOP_SIDE_UNSPECIFIED: BaskaKopSide
BASKA_KOP_SIDE_UNKNOWN: BaskaKopSide
BASKA_KOP_SIDE_DECLARING: BaskaKopSide
BASKA_KOP_SIDE_DEFENDING: BaskaKopSide

class BaskaKopAnnounce(_message.Message):
    __slots__ = ("contract",)
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    contract: BaskaKopContract
    def __init__(self, contract: _Optional[_Union[BaskaKopContract, str]] = ...) -> None: ...

class BaskaKopAction(_message.Message):
    __slots__ = ("announce",)
    ANNOUNCE_FIELD_NUMBER: _ClassVar[int]
    announce: BaskaKopAnnounce
    def __init__(self, announce: _Optional[_Union[BaskaKopAnnounce, _Mapping]] = ...) -> None: ...

class BaskaKopView(_message.Message):
    __slots__ = ("contract",)
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    contract: BaskaKopContract
    def __init__(self, contract: _Optional[_Union[BaskaKopContract, str]] = ...) -> None: ...

class BaskaKopSettlement(_message.Message):
    __slots__ = ("contract",)
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    contract: BaskaKopContract
    def __init__(self, contract: _Optional[_Union[BaskaKopContract, str]] = ...) -> None: ...

class BaskaKopRules(_message.Message):
    __slots__ = ("announcements",)
    ANNOUNCEMENTS_FIELD_NUMBER: _ClassVar[int]
    announcements: _containers.RepeatedScalarFieldContainer[BaskaKopContract]
    def __init__(self, announcements: _Optional[_Iterable[_Union[BaskaKopContract, str]]] = ...) -> None: ...

class BaskaKopPartnerRevealed(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: _cards_pb2.Card
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[_Union[_cards_pb2.Card, _Mapping]] = ...) -> None: ...

class BaskaKopRevealed(_message.Message):
    __slots__ = ("sides",)
    SIDES_FIELD_NUMBER: _ClassVar[int]
    sides: _containers.RepeatedScalarFieldContainer[BaskaKopSide]
    def __init__(self, sides: _Optional[_Iterable[_Union[BaskaKopSide, str]]] = ...) -> None: ...

class BaskaKopEvent(_message.Message):
    __slots__ = ("partner_revealed",)
    PARTNER_REVEALED_FIELD_NUMBER: _ClassVar[int]
    partner_revealed: BaskaKopPartnerRevealed
    def __init__(self, partner_revealed: _Optional[_Union[BaskaKopPartnerRevealed, _Mapping]] = ...) -> None: ...
