"""The gRPC layer (grpcio): decode, hand the call to ``server.calls``, encode.

Requests are decoded here rather than by gRPC, so that bytes that are not a valid
message get INVALID_ARGUMENT instead of an internal error.
"""

from __future__ import annotations

import functools
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import grpc
from google.protobuf.message import DecodeError, Message

from server import calls
from server.calls import Malformed
from server.errors import ServiceError
from server.service import TableService
from speedgamez.v1 import table_service_pb2 as service_pb2

Request = TypeVar("Request", bound=Message)

PROTOCOL = "grpc"

Unary = Callable[[Any, grpc.aio.ServicerContext], Awaitable[Message]]
Streaming = Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Message]]


def add_table_service(service: TableService, server: grpc.aio.Server) -> None:
    """Serve every RPC of the contract's TableService from ``service``."""
    handlers = {}
    for method in calls.SERVICE.methods:
        request_type = getattr(service_pb2, method.input_type.name)
        options = {"request_deserializer": _decoder(request_type), "response_serializer": _encode}
        if method.server_streaming:
            handlers[method.name] = grpc.unary_stream_rpc_method_handler(
                _streaming(service, method.name), **options
            )
        else:
            handlers[method.name] = grpc.unary_unary_rpc_method_handler(
                _unary(service, method.name), **options
            )
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(calls.SERVICE.full_name, handlers),)
    )


def _unary(service: TableService, method: str) -> Unary:
    async def behaviour(request: Any, context: grpc.aio.ServicerContext) -> Message:
        try:
            address, authorization = caller_headers(context, service.settings.trusted_proxies)
            return await calls.answer(service, method, request, authorization, address, PROTOCOL)
        except ServiceError as error:
            await context.abort(grpc.StatusCode[error.code.value], error.message)
        raise AssertionError("context.abort always raises")

    return behaviour


def _streaming(service: TableService, method: str) -> Streaming:
    async def behaviour(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Message]:
        try:
            address, authorization = caller_headers(context, service.settings.trusted_proxies)
            responses = calls.stream(service, method, request, authorization, address, PROTOCOL)
            async for response in responses:
                yield response
        except ServiceError as error:
            await context.abort(grpc.StatusCode[error.code.value], error.message)

    return behaviour


def status_of(method: str, error: Exception, table: str = "") -> tuple[grpc.StatusCode, str]:
    """The gRPC status and message a failed call about ``table`` (if any) is answered with."""
    failure = calls.failure_of(method, error, table)
    return grpc.StatusCode[failure.code.value], failure.message


def _decoder(message_type: type[Request]) -> Callable[[bytes], Request | Malformed]:
    def decode(data: bytes) -> Request | Malformed:
        try:
            return message_type.FromString(data)
        except DecodeError:
            return Malformed(message_type.DESCRIPTOR.full_name)

    return decode


def _encode(message: Message) -> bytes:
    return message.SerializeToString()


def caller_headers(
    context: grpc.aio.ServicerContext, trusted_proxies: tuple[str, ...]
) -> tuple[str, list[str]]:
    """A digest of the client's address (``server.calls.client_address``) of a gRPC call,
    and its ``authorization`` headers: its metadata read once."""
    forwarded: list[str] = []
    authorization: list[str] = []
    for key, value in context.invocation_metadata() or ():
        if isinstance(value, str):
            if key == "authorization":
                authorization.append(value)
            elif key == "x-forwarded-for":
                forwarded.append(value)
    return _address_digest(context.peer() or "", tuple(forwarded), trusted_proxies), authorization


# A connection's calls all come from one peer (often through one proxy): its address is
# parsed and digested once, not on every call.
@functools.lru_cache(maxsize=4096)
def _address_digest(peer: str, forwarded: tuple[str, ...], trusted_proxies: tuple[str, ...]) -> str:
    return calls.client_address(_peer_address(peer), forwarded, trusted_proxies)


def _peer_address(peer: str) -> calls.IPAddress | None:
    """The IP address in a gRPC peer string such as ``ipv4:10.0.0.7:51234`` or
    ``ipv6:%5B::1%5D:5`` (gRPC writes IPv6 peers URL-encoded)."""
    kind, _, rest = urllib.parse.unquote(peer).partition(":")
    if kind == "ipv4":
        return calls.ip_address(rest.rsplit(":", 1)[0])
    if kind == "ipv6":
        return calls.ip_address(rest.rsplit(":", 1)[0].strip("[]"))
    return None
