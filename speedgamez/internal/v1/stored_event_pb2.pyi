from speedgamez.v1 import table_pb2 as _table_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class StoredEvent(_message.Message):
    __slots__ = ("event", "everyone", "seats")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    EVERYONE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    event: _table_pb2.TableEvent
    everyone: bool
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, event: _Optional[_Union[_table_pb2.TableEvent, _Mapping]] = ..., everyone: _Optional[bool] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...
