"""The gRPC layer: decode, call the service layer, encode. Nothing else lives here,
except counting every call for the metrics.

Each RPC ``VerbNoun`` of the contract is served by the service layer's method
``verb_noun``; all but ``ListGames`` and ``RegisterPlayer`` first authenticate the caller.
Requests are decoded here rather than by gRPC, so that bytes that are not a valid
message get INVALID_ARGUMENT instead of an internal error.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import re
import time
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import grpc
from google.protobuf.message import DecodeError, Message

from engine.errors import quoted
from server import metrics
from server.errors import Code, ServiceError
from server.service import TableService
from server.store import STORE_AWAY, digest, redis_error_context
from speedgamez.v1 import table_service_pb2 as service_pb2

Request = TypeVar("Request", bound=Message)

SERVICE = service_pb2.DESCRIPTOR.services_by_name["TableService"]
UNAUTHENTICATED_METHODS = frozenset({"ListGames", "RegisterPlayer"})

_UNAVAILABLE = "the state store is unreachable; retry with the same request_id"

log = logging.getLogger("speedgamez.server")

Unary = Callable[[Any, grpc.aio.ServicerContext], Awaitable[Message]]
Streaming = Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Message]]


class Malformed:
    """Stands for a request whose bytes are not a valid message of the method's type."""

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name


def add_table_service(service: TableService, server: grpc.aio.Server) -> None:
    """Serve every RPC of the contract's TableService from ``service``."""
    handlers = {}
    for method in SERVICE.methods:
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
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, handlers),))


def _operation(service: TableService, method: str) -> Callable[..., Any]:
    return getattr(service, re.sub(r"(?<!^)(?=[A-Z])", "_", method).lower())


def _unary(service: TableService, method: str) -> Unary:
    operation = _operation(service, method)

    async def behaviour(request: Any, context: grpc.aio.ServicerContext) -> Message:
        started = time.perf_counter()
        code = grpc.StatusCode.OK
        try:
            _refuse_malformed(request)
            address = client_address(context, service.settings.trusted_proxies)
            await service.limit_address(address, registering=method == "RegisterPlayer")
            if method in UNAUTHENTICATED_METHODS:
                return await operation(request)
            cost = service.settings.advice_cost if method == "GetAdvice" else 1
            caller = await service.authenticate(_token(context), address, cost)
            return await operation(caller, request)
        except Exception as error:
            code, message = status_of(method, error, getattr(request, "table", ""))
            await context.abort(code, message)
        finally:
            metrics.RPC_REQUESTS.labels(method, code.name).inc()
            metrics.RPC_DURATION.labels(method, code.name).observe(time.perf_counter() - started)
        raise AssertionError("context.abort always raises")

    return behaviour


def _streaming(service: TableService, method: str) -> Streaming:
    operation = _operation(service, method)

    async def behaviour(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Message]:
        code = grpc.StatusCode.OK
        metrics.WATCH_STREAMS.inc()
        try:
            _refuse_malformed(request)
            address = client_address(context, service.settings.trusted_proxies)
            await service.limit_address(address, registering=False)
            caller = await service.authenticate(_token(context), address)
            async for response in operation(caller, request):
                yield response
        except Exception as error:
            code, message = status_of(method, error, getattr(request, "table", ""))
            await context.abort(code, message)
        finally:
            metrics.WATCH_STREAMS.dec()
            metrics.RPC_REQUESTS.labels(method, code.name).inc()

    return behaviour


def status_of(method: str, error: Exception, table: str = "") -> tuple[grpc.StatusCode, str]:
    """The status and message a failed call about ``table`` (if any) is answered with."""
    if isinstance(error, ServiceError):
        return grpc.StatusCode[error.code.value], error.message
    if isinstance(error, STORE_AWAY):
        metrics.REDIS_ERRORS.labels("server").inc()
        # The command names the key it failed on, which is often not the table's (the
        # rate limit is checked first), so the table the call was about is named too.
        about = f" on {quoted(table)}" if table else ""
        log.warning("%s%s: the state store failed: %s", method, about, redis_error_context(error))
        return grpc.StatusCode.UNAVAILABLE, _UNAVAILABLE
    log.exception("%s failed", method)
    return grpc.StatusCode.INTERNAL, "internal error; fetch the table before deciding to retry"


def _decoder(message_type: type[Request]) -> Callable[[bytes], Request | Malformed]:
    def decode(data: bytes) -> Request | Malformed:
        try:
            return message_type.FromString(data)
        except DecodeError:
            return Malformed(message_type.DESCRIPTOR.full_name)

    return decode


def _encode(message: Message) -> bytes:
    return message.SerializeToString()


def _refuse_malformed(request: object) -> None:
    if isinstance(request, Malformed):
        raise ServiceError(Code.INVALID_ARGUMENT, f"the request is not a valid {request.type_name} message")


def client_address(context: grpc.aio.ServicerContext, trusted_proxies: tuple[str, ...]) -> str:
    """A digest of the client's address: the peer's, or, when the peer is a trusted proxy,
    the address the proxy names in ``x-forwarded-for`` (nginx sets it to the client's)."""
    peer = _peer_address(context.peer() or "")
    if peer is not None and any(peer in network for network in _networks(trusted_proxies)):
        forwarded = [value for key, value in context.invocation_metadata() or () if key == "x-forwarded-for"]
        if forwarded and isinstance(forwarded[-1], str):
            # The last hop is the one the trusted proxy added.
            named = forwarded[-1].split(",")[-1].strip()
            return digest(named)
    # Never the peer's port: every new connection would get buckets of its own.
    return digest(str(peer) if peer is not None else "unknown")


@functools.cache
def _networks(cidrs: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(cidr, strict=False) for cidr in cidrs)


def _peer_address(peer: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address in a gRPC peer string such as ``ipv4:10.0.0.7:51234`` or
    ``ipv6:%5B::1%5D:5`` (gRPC writes IPv6 peers URL-encoded)."""
    kind, _, rest = urllib.parse.unquote(peer).partition(":")
    if kind == "ipv4":
        host = rest.rsplit(":", 1)[0]
    elif kind == "ipv6":
        host = rest.rsplit(":", 1)[0].strip("[]")
    else:
        return None
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def _token(context: grpc.aio.ServicerContext) -> str | None:
    headers = [value for key, value in context.invocation_metadata() or () if key == "authorization"]
    if len(headers) > 1:
        # Proxies and libraries disagree on which of two headers counts: refuse both.
        raise ServiceError(
            Code.UNAUTHENTICATED,
            f"send exactly one authorization header; this request has {len(headers)}",
        )
    if headers and isinstance(headers[0], str) and headers[0].startswith("Bearer "):
        return headers[0].removeprefix("Bearer ").strip()
    return None
