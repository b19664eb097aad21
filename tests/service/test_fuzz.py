"""Random and malformed requests to every RPC: each gets a clean status, no table changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
import redis
from google.protobuf import message_factory
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from engine.seeding import SeededRandom
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.client import EASY, HUMAN
from tests.support.stored import stored

SERVICE = service_pb2.DESCRIPTOR.services_by_name["TableService"]
CLEAN = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.UNAUTHENTICATED,
    grpc.StatusCode.PERMISSION_DENIED,
    grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.ABORTED,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
    grpc.StatusCode.UNIMPLEMENTED,
}
ROUNDS = 40


def random_text(rng: SeededRandom, table: str) -> str:
    choices = [
        "",
        table,
        "tables/",
        "tables/../x",
        "x" * rng.below(300),
        "Ä€\x00\u202e",
        "tables/" + "z" * 70,
    ]
    return choices[rng.below(len(choices))]


def fill(message: Message, rng: SeededRandom, table: str, depth: int = 0) -> Message:
    """Set random values, of the right types, in random fields of ``message``."""
    field: Any
    for field in message.DESCRIPTOR.fields:
        if rng.below(3) == 0:
            continue
        values = [
            _value(message, field, rng, table, depth) for _ in range(rng.below(4) if _repeated(field) else 1)
        ]
        for value in values:
            if field.type == FieldDescriptor.TYPE_MESSAGE:
                if field.message_type.GetOptions().map_entry:
                    getattr(message, field.name)[random_text(rng, table)] = random_text(rng, table)
                elif _repeated(field):
                    getattr(message, field.name).add().CopyFrom(value)
                else:
                    getattr(message, field.name).CopyFrom(value)
            elif _repeated(field):
                getattr(message, field.name).append(value)
            else:
                setattr(message, field.name, value)
    return message


def _repeated(field: Any) -> bool:
    return bool(field.is_repeated)


def _value(message: Message, field: Any, rng: SeededRandom, table: str, depth: int) -> Any:
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        child = _message_class(field)
        return fill(child(), rng, table, depth + 1) if depth < 4 else child()
    if field.type == FieldDescriptor.TYPE_STRING:
        return random_text(rng, table)
    if field.type == FieldDescriptor.TYPE_BOOL:
        return rng.below(2) == 1
    if field.type == FieldDescriptor.TYPE_ENUM:
        return rng.below(20) - 2
    if field.type in (FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_SINT64):
        return rng.below(1 << 40) - (1 << 39)
    return rng.below(1 << 20) - (1 << 19)


def _message_class(field: Any) -> Callable[[], Message]:
    return message_factory.GetMessageClass(field.message_type)


def call(
    channel: grpc.Channel, method: Any, payload: bytes, metadata: list[tuple[str, str]]
) -> grpc.StatusCode:
    path = f"/{SERVICE.full_name}/{method.name}"
    try:
        if method.server_streaming:
            stream = channel.unary_stream(path)(payload, metadata=metadata, timeout=5)
            for _ in stream:
                stream.cancel()
                break
        else:
            channel.unary_unary(path)(payload, metadata=metadata, timeout=10)
    except grpc.RpcError as error:
        code: grpc.StatusCode = error.code()
        return grpc.StatusCode.OK if code == grpc.StatusCode.CANCELLED else code
    return grpc.StatusCode.OK


def test_random_and_malformed_requests_get_clean_statuses_and_change_no_table(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben, mallory = stack.player("Anna"), stack.player("Ben"), stack.player("Mallory")
    # RevokeToken ends the token it is called with: it gets a token of its own, so that
    # Mallory's stays valid for every other method.
    revoking = stack.player("Rita")
    table = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop")
    ben.join(table.name)
    before = stored(redis_client, table.name)
    channel = grpc.insecure_channel(stack.address)
    rng = SeededRandom(20261129)
    seen: dict[str, set[grpc.StatusCode]] = {}
    for method in SERVICE.methods:
        request_class = getattr(service_pb2, method.input_type.name)
        for round_number in range(ROUNDS):
            caller = revoking if method.name == "RevokeToken" else mallory
            metadata = caller.metadata if round_number % 4 else []
            if round_number % 2:
                payload = bytes(rng.below(256) for _ in range(rng.below(64)))
            else:
                payload = fill(request_class(), rng, table.name).SerializeToString()
            code = call(channel, method, payload, metadata)
            seen.setdefault(method.name, set()).add(code)
            assert code in CLEAN, f"{method.name} answered {code} to {payload!r}"
    channel.close()
    after = stored(redis_client, table.name)
    assert (after.version, after.state, after.log) == (before.version, before.state, before.log)
    # Undecodable bytes are reported as such, not as an internal error.
    assert all(grpc.StatusCode.INVALID_ARGUMENT in codes for codes in seen.values()), seen
    assert anna.get(table.name).version == before.version
