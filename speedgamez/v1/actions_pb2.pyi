from speedgamez.v1 import baska_kop_pb2 as _baska_kop_pb2
from speedgamez.v1 import bela_pb2 as _bela_pb2
from speedgamez.v1 import schafkopf_pb2 as _schafkopf_pb2
from speedgamez.v1 import speculation_pb2 as _speculation_pb2
from speedgamez.v1 import cards_pb2 as _cards_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PassAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

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
    __slots__ = ("pass_turn", "give_double", "play_card", "continue_play", "baska_kop", "bela", "schafkopf", "speculation")
    PASS_TURN_FIELD_NUMBER: _ClassVar[int]
    GIVE_DOUBLE_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    CONTINUE_PLAY_FIELD_NUMBER: _ClassVar[int]
    BASKA_KOP_FIELD_NUMBER: _ClassVar[int]
    BELA_FIELD_NUMBER: _ClassVar[int]
    SCHAFKOPF_FIELD_NUMBER: _ClassVar[int]
    SPECULATION_FIELD_NUMBER: _ClassVar[int]
    pass_turn: PassAction
    give_double: DoubleAction
    play_card: PlayCardAction
    continue_play: ContinueAction
    baska_kop: _baska_kop_pb2.BaskaKopAction
    bela: _bela_pb2.BelaAction
    schafkopf: _schafkopf_pb2.SchafkopfAction
    speculation: _speculation_pb2.SpeculationAction
    def __init__(self, pass_turn: _Optional[_Union[PassAction, _Mapping]] = ..., give_double: _Optional[_Union[DoubleAction, _Mapping]] = ..., play_card: _Optional[_Union[PlayCardAction, _Mapping]] = ..., continue_play: _Optional[_Union[ContinueAction, _Mapping]] = ..., baska_kop: _Optional[_Union[_baska_kop_pb2.BaskaKopAction, _Mapping]] = ..., bela: _Optional[_Union[_bela_pb2.BelaAction, _Mapping]] = ..., schafkopf: _Optional[_Union[_schafkopf_pb2.SchafkopfAction, _Mapping]] = ..., speculation: _Optional[_Union[_speculation_pb2.SpeculationAction, _Mapping]] = ...) -> None: ...
