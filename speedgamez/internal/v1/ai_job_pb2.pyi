import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from speedgamez.v1 import table_pb2 as _table_pb2
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AiJobKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AI_JOB_KIND_UNSPECIFIED: _ClassVar[AiJobKind]
    AI_JOB_KIND_MOVE: _ClassVar[AiJobKind]
    AI_JOB_KIND_ADVICE: _ClassVar[AiJobKind]
AI_JOB_KIND_UNSPECIFIED: AiJobKind
AI_JOB_KIND_MOVE: AiJobKind
AI_JOB_KIND_ADVICE: AiJobKind

class AiJob(_message.Message):
    __slots__ = ("table_id", "table_version", "seat", "level", "view", "queued_time", "kind", "reply_to")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TABLE_VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    QUEUED_TIME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    REPLY_TO_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    table_version: int
    seat: int
    level: _table_pb2.ComputerLevel
    view: _table_pb2.TableView
    queued_time: _timestamp_pb2.Timestamp
    kind: AiJobKind
    reply_to: str
    def __init__(self, table_id: _Optional[str] = ..., table_version: _Optional[int] = ..., seat: _Optional[int] = ..., level: _Optional[_Union[_table_pb2.ComputerLevel, str]] = ..., view: _Optional[_Union[_table_pb2.TableView, _Mapping]] = ..., queued_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., kind: _Optional[_Union[AiJobKind, str]] = ..., reply_to: _Optional[str] = ...) -> None: ...
