"""What every transport does with a call of the contract's TableService, whatever carries it.

The gRPC layer (``server.grpc_api``) and the HTTP layer (``server.http_api``: Connect,
gRPC-Web and gRPC on an ASGI server) decode a request, then hand it here with the
caller's ``authorization`` headers and address. Here the address's rate is taken, the caller is
authenticated, the service layer's method is called, and the call is counted for the
metrics, so that both transports share one set of limits, errors and numbers. A
transport only maps the ``Code`` of a failure to its own status.

Each RPC ``VerbNoun`` is served by the service layer's method ``verb_noun``; all but
``ListGames`` and ``RegisterPlayer`` first authenticate the caller.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from google.protobuf.message import Message

from engine.errors import quoted
from server import metrics
from server.errors import Code, ServiceError
from server.round_trips import counting_round_trips
from server.service import TableService
from server.store import STORE_AWAY, digest, redis_error_context
from speedgamez.v1 import table_service_pb2 as service_pb2

SERVICE = service_pb2.DESCRIPTOR.services_by_name["TableService"]
UNAUTHENTICATED_METHODS = frozenset({"ListGames", "RegisterPlayer"})

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_UNAVAILABLE = "the state store is unreachable; retry with the same request_id"

log = logging.getLogger("speedgamez.server")


async def answer(
    service: TableService,
    method: str,
    request: Message | Malformed,
    authorization: Sequence[str],
    address: str,
    protocol: str,
) -> Message:
    """The response to a unary call, or a ``ServiceError`` to answer with instead."""
    started = time.perf_counter()
    code = "OK"
    with counting_round_trips() as round_trips:
        try:
            return await _answer(service, method, request, authorization, address)
        except Exception as error:
            failure = failure_of(method, error, getattr(request, "table", ""))
            code = failure.code.value
            raise failure from (None if failure is error else error)
        finally:
            requests, duration, trips = _call_metrics(method, code, protocol)
            requests.inc()
            duration.observe(time.perf_counter() - started)
            trips.observe(round_trips[0])


async def _answer(
    service: TableService,
    method: str,
    request: Message | Malformed,
    authorization: Sequence[str],
    address: str,
) -> Message:
    refuse_malformed(request)
    operation = _operation(service, method)
    if method in UNAUTHENTICATED_METHODS:
        await service.limit_address(address, registering=method == "RegisterPlayer")
        response: Message = await operation(request)
        return response
    cost = service.settings.advice_cost if method == "GetAdvice" else 1
    token = bearer_token(authorization)
    caller = await service.admit(token, address, cost, getattr(request, "table", ""))
    response = await operation(caller, request)
    return response  # noqa: RET504 - typed as a Message here, Any before


async def stream(
    service: TableService,
    method: str,
    request: Message | Malformed,
    authorization: Sequence[str],
    address: str,
    protocol: str,
) -> AsyncIterator[Message]:
    """The responses of a streaming call; it ends with a ``ServiceError`` if it fails."""
    code = "OK"
    metrics.WATCH_STREAMS.inc()
    try:
        refuse_malformed(request)
        token = bearer_token(authorization)
        caller = await service.admit(token, address, 1, getattr(request, "table", ""))
        async for response in _operation(service, method)(caller, request):
            yield response
    except Exception as error:
        failure = failure_of(method, error, getattr(request, "table", ""))
        code = failure.code.value
        raise failure from (None if failure is error else error)
    finally:
        metrics.WATCH_STREAMS.dec()
        metrics.RPC_REQUESTS.labels(method, code, protocol).inc()


class Malformed:
    """Stands for a request whose bytes are not a valid message of the method's type. The
    transports decode requests themselves and pass this on, so that a malformed request is
    limited, counted and answered like any other bad request."""

    def __init__(self, type_name: str, detail: str = "") -> None:
        self.type_name = type_name
        self.detail = detail


# Characters of a decoding error's own text a reply repeats: the text quotes the value
# it failed on, which can be as long as the request.
_DETAIL_PREFIX = 160


def refuse_malformed(request: object) -> None:
    if isinstance(request, Malformed):
        detail = request.detail
        if len(detail) > _DETAIL_PREFIX:
            detail = f"{detail[:_DETAIL_PREFIX]}... ({len(detail)} characters)"
        detail = f": {detail}" if detail else ""
        raise ServiceError(
            Code.INVALID_ARGUMENT, f"the request is not a valid {request.type_name} message{detail}"
        )


def failure_of(method: str, error: Exception, table: str = "") -> ServiceError:
    """What a call about ``table`` (if any) that failed with ``error`` is answered with."""
    if isinstance(error, ServiceError):
        return error
    if isinstance(error, STORE_AWAY):
        metrics.REDIS_ERRORS.labels("server").inc()
        # The command names the key it failed on, which is often not the table's (the
        # rate limit is checked first), so the table the call was about is named too.
        about = f" on {quoted(table)}" if table else ""
        log.warning("%s%s: the state store failed: %s", method, about, redis_error_context(error))
        return ServiceError(Code.UNAVAILABLE, _UNAVAILABLE)
    log.exception("%s failed", method, exc_info=error)
    return ServiceError(Code.INTERNAL, "internal error; fetch the table before deciding to retry")


def client_address(
    peer: IPAddress | None, forwarded_for: Sequence[str], trusted_proxies: tuple[str, ...]
) -> str:
    """A digest of the client's address: the peer's, or, when the peer is a trusted proxy,
    the address the proxy names in ``x-forwarded-for`` (nginx sets it to the client's)."""
    if peer is not None and forwarded_for and any(peer in network for network in _networks(trusted_proxies)):
        # The last hop is the one the trusted proxy added.
        return digest(forwarded_for[-1].split(",")[-1].strip())
    # Never the peer's port: every new connection would get buckets of its own.
    return digest(str(peer) if peer is not None else "unknown")


def bearer_token(authorization: Sequence[str]) -> str | None:
    """The token of the request's ``authorization`` headers, if it names one."""
    if len(authorization) > 1:
        # Proxies and libraries disagree on which of two headers counts: refuse both.
        raise ServiceError(
            Code.UNAUTHENTICATED,
            f"send exactly one authorization header; this request has {len(authorization)}",
        )
    if authorization and authorization[0].startswith("Bearer "):
        return authorization[0].removeprefix("Bearer ").strip()
    return None


def ip_address(text: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _operation(service: TableService, method: str) -> Callable[..., Any]:
    return getattr(service, _method_name(method))


@functools.cache
def _call_metrics(method: str, code: str, protocol: str) -> tuple[Any, Any, Any]:
    """A unary call's counter, duration and round trips, labelled (a label's series lives
    as long as the process: looked up once, not on every call)."""
    return (
        metrics.RPC_REQUESTS.labels(method, code, protocol),
        metrics.RPC_DURATION.labels(method, code, protocol),
        metrics.REDIS_ROUND_TRIPS.labels(method),
    )


@functools.cache
def _method_name(rpc: str) -> str:
    """The service layer's method for an RPC: ``GetTable`` is ``get_table`` (worked out
    once per RPC, not on every call)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", rpc).lower()


@functools.cache
def _networks(cidrs: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(cidr, strict=False) for cidr in cidrs)
