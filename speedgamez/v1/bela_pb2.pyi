from speedgamez.v1 import cards_pb2 as _cards_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BelaContract(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BELA_CONTRACT_UNSPECIFIED: _ClassVar[BelaContract]
    BELA_CONTRACT_TRUMP: _ClassVar[BelaContract]

class BelaDeclareKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BELA_DECLARE_KIND_UNSPECIFIED: _ClassVar[BelaDeclareKind]
    BELA_DECLARE_KIND_ZVANJA: _ClassVar[BelaDeclareKind]
    BELA_DECLARE_KIND_BELA: _ClassVar[BelaDeclareKind]

class BelaBelotRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BELA_BELOT_RULE_UNSPECIFIED: _ClassVar[BelaBelotRule]
    BELA_BELOT_RULE_PARTIE: _ClassVar[BelaBelotRule]
    BELA_BELOT_RULE_HUNDERT: _ClassVar[BelaBelotRule]

class BelaTalonRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BELA_TALON_RULE_UNSPECIFIED: _ClassVar[BelaTalonRule]
    BELA_TALON_RULE_VERDECKT: _ClassVar[BelaTalonRule]
    BELA_TALON_RULE_NACHGEBEN: _ClassVar[BelaTalonRule]
BELA_CONTRACT_UNSPECIFIED: BelaContract
BELA_CONTRACT_TRUMP: BelaContract
BELA_DECLARE_KIND_UNSPECIFIED: BelaDeclareKind
BELA_DECLARE_KIND_ZVANJA: BelaDeclareKind
BELA_DECLARE_KIND_BELA: BelaDeclareKind
BELA_BELOT_RULE_UNSPECIFIED: BelaBelotRule
BELA_BELOT_RULE_PARTIE: BelaBelotRule
BELA_BELOT_RULE_HUNDERT: BelaBelotRule
BELA_TALON_RULE_UNSPECIFIED: BelaTalonRule
BELA_TALON_RULE_VERDECKT: BelaTalonRule
BELA_TALON_RULE_NACHGEBEN: BelaTalonRule

class BelaAnnounce(_message.Message):
    __slots__ = ("contract", "suit")
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    contract: BelaContract
    suit: _cards_pb2.Suit
    def __init__(self, contract: _Optional[_Union[BelaContract, str]] = ..., suit: _Optional[_Union[_cards_pb2.Suit, str]] = ...) -> None: ...

class BelaDeclare(_message.Message):
    __slots__ = ("kind",)
    KIND_FIELD_NUMBER: _ClassVar[int]
    kind: BelaDeclareKind
    def __init__(self, kind: _Optional[_Union[BelaDeclareKind, str]] = ...) -> None: ...

class BelaAction(_message.Message):
    __slots__ = ("announce", "declare")
    ANNOUNCE_FIELD_NUMBER: _ClassVar[int]
    DECLARE_FIELD_NUMBER: _ClassVar[int]
    announce: BelaAnnounce
    declare: BelaDeclare
    def __init__(self, announce: _Optional[_Union[BelaAnnounce, _Mapping]] = ..., declare: _Optional[_Union[BelaDeclare, _Mapping]] = ...) -> None: ...

class BelaDeclaration(_message.Message):
    __slots__ = ("seat", "melds", "value", "verdict", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MELDS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    melds: _containers.RepeatedScalarFieldContainer[str]
    value: int
    verdict: str
    reason: str
    def __init__(self, seat: _Optional[int] = ..., melds: _Optional[_Iterable[str]] = ..., value: _Optional[int] = ..., verdict: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class BelaView(_message.Message):
    __slots__ = ("trump", "caller", "talon_sizes", "kup_size", "declarations", "bela_seat", "target")
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    CALLER_FIELD_NUMBER: _ClassVar[int]
    TALON_SIZES_FIELD_NUMBER: _ClassVar[int]
    KUP_SIZE_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    BELA_SEAT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    trump: str
    caller: int
    talon_sizes: _containers.RepeatedScalarFieldContainer[int]
    kup_size: int
    declarations: _containers.RepeatedCompositeFieldContainer[BelaDeclaration]
    bela_seat: int
    target: int
    def __init__(self, trump: _Optional[str] = ..., caller: _Optional[int] = ..., talon_sizes: _Optional[_Iterable[int]] = ..., kup_size: _Optional[int] = ..., declarations: _Optional[_Iterable[_Union[BelaDeclaration, _Mapping]]] = ..., bela_seat: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class BelaSettlement(_message.Message):
    __slots__ = ("trump", "caller", "passed", "made", "kup", "belot_seat")
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    CALLER_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    MADE_FIELD_NUMBER: _ClassVar[int]
    KUP_FIELD_NUMBER: _ClassVar[int]
    BELOT_SEAT_FIELD_NUMBER: _ClassVar[int]
    trump: str
    caller: int
    passed: bool
    made: _containers.RepeatedScalarFieldContainer[int]
    kup: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    belot_seat: int
    def __init__(self, trump: _Optional[str] = ..., caller: _Optional[int] = ..., passed: _Optional[bool] = ..., made: _Optional[_Iterable[int]] = ..., kup: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., belot_seat: _Optional[int] = ...) -> None: ...

class BelaRules(_message.Message):
    __slots__ = ("target", "talon", "dealer_must_choose", "declare_yourself", "belot", "counter_clockwise")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    TALON_FIELD_NUMBER: _ClassVar[int]
    DEALER_MUST_CHOOSE_FIELD_NUMBER: _ClassVar[int]
    DECLARE_YOURSELF_FIELD_NUMBER: _ClassVar[int]
    BELOT_FIELD_NUMBER: _ClassVar[int]
    COUNTER_CLOCKWISE_FIELD_NUMBER: _ClassVar[int]
    target: int
    talon: BelaTalonRule
    dealer_must_choose: bool
    declare_yourself: bool
    belot: BelaBelotRule
    counter_clockwise: bool
    def __init__(self, target: _Optional[int] = ..., talon: _Optional[_Union[BelaTalonRule, str]] = ..., dealer_must_choose: _Optional[bool] = ..., declare_yourself: _Optional[bool] = ..., belot: _Optional[_Union[BelaBelotRule, str]] = ..., counter_clockwise: _Optional[bool] = ...) -> None: ...

class BelaTalonTaken(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class BelaDeclared(_message.Message):
    __slots__ = ("seat", "melds", "value")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MELDS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    melds: _containers.RepeatedScalarFieldContainer[str]
    value: int
    def __init__(self, seat: _Optional[int] = ..., melds: _Optional[_Iterable[str]] = ..., value: _Optional[int] = ...) -> None: ...

class BelaMeldsShown(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ...) -> None: ...

class BelaBelaSaid(_message.Message):
    __slots__ = ("seat", "trump")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TRUMP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    trump: _cards_pb2.Suit
    def __init__(self, seat: _Optional[int] = ..., trump: _Optional[_Union[_cards_pb2.Suit, str]] = ...) -> None: ...

class BelaBelot(_message.Message):
    __slots__ = ("seat", "suit")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    suit: _cards_pb2.Suit
    def __init__(self, seat: _Optional[int] = ..., suit: _Optional[_Union[_cards_pb2.Suit, str]] = ...) -> None: ...

class BelaEvent(_message.Message):
    __slots__ = ("talon_taken", "declared", "melds_shown", "bela_said", "belot")
    TALON_TAKEN_FIELD_NUMBER: _ClassVar[int]
    DECLARED_FIELD_NUMBER: _ClassVar[int]
    MELDS_SHOWN_FIELD_NUMBER: _ClassVar[int]
    BELA_SAID_FIELD_NUMBER: _ClassVar[int]
    BELOT_FIELD_NUMBER: _ClassVar[int]
    talon_taken: BelaTalonTaken
    declared: BelaDeclared
    melds_shown: BelaMeldsShown
    bela_said: BelaBelaSaid
    belot: BelaBelotRule
    def __init__(self, talon_taken: _Optional[_Union[BelaTalonTaken, _Mapping]] = ..., declared: _Optional[_Union[BelaDeclared, _Mapping]] = ..., melds_shown: _Optional[_Union[BelaMeldsShown, _Mapping]] = ..., bela_said: _Optional[_Union[BelaBelaSaid, _Mapping]] = ..., belot: _Optional[_Union[BelaBelotRule, str]] = ...) -> None: ...

class BelaDeclaredMelds(_message.Message):
    __slots__ = ("seat", "cards", "value")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    value: int
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., value: _Optional[int] = ...) -> None: ...

class BelaRevealed(_message.Message):
    __slots__ = ("declared", "bela_seat", "started_seats")
    DECLARED_FIELD_NUMBER: _ClassVar[int]
    BELA_SEAT_FIELD_NUMBER: _ClassVar[int]
    STARTED_SEATS_FIELD_NUMBER: _ClassVar[int]
    declared: _containers.RepeatedCompositeFieldContainer[BelaDeclaredMelds]
    bela_seat: int
    started_seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, declared: _Optional[_Iterable[_Union[BelaDeclaredMelds, _Mapping]]] = ..., bela_seat: _Optional[int] = ..., started_seats: _Optional[_Iterable[int]] = ...) -> None: ...
