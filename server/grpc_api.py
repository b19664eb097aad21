"""The gRPC servicer: decode, call the service layer, encode. Nothing else lives here,
except counting every call for the metrics."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

import grpc
from google.protobuf.message import DecodeError, Message
from redis.exceptions import RedisError

from server import metrics
from server.errors import Code, ServiceError
from server.service import Caller, TableService
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc

Response = TypeVar("Response")
Request = TypeVar("Request", bound=Message)

SERVICE = service_pb2.DESCRIPTOR.services_by_name["TableService"]

_UNAVAILABLE = "the state store is unreachable; retry with the same request_id"


class TableServicer(service_grpc.TableServiceServicer):
    def __init__(self, service: TableService) -> None:
        self.service = service

    async def ListGames(
        self, request: service_pb2.ListGamesRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.ListGamesResponse:
        return await _answer("ListGames", request, context, lambda: self.service.list_games(request))

    async def RegisterPlayer(
        self, request: service_pb2.RegisterPlayerRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.RegisterPlayerResponse:
        return await _answer(
            "RegisterPlayer", request, context, lambda: self.service.register_player(request)
        )

    async def CreateTable(
        self, request: service_pb2.CreateTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.CreateTableResponse:
        return await self._authenticated(
            "CreateTable", request, context, lambda caller: self.service.create_table(caller, request)
        )

    async def ListTables(
        self, request: service_pb2.ListTablesRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.ListTablesResponse:
        return await self._authenticated(
            "ListTables", request, context, lambda caller: self.service.list_tables(caller, request)
        )

    async def JoinTable(
        self, request: service_pb2.JoinTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.JoinTableResponse:
        return await self._authenticated(
            "JoinTable", request, context, lambda caller: self.service.join_table(caller, request)
        )

    async def LeaveTable(
        self, request: service_pb2.LeaveTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.LeaveTableResponse:
        return await self._authenticated(
            "LeaveTable", request, context, lambda caller: self.service.leave_table(caller, request)
        )

    async def GetTable(
        self, request: service_pb2.GetTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.GetTableResponse:
        return await self._authenticated(
            "GetTable", request, context, lambda caller: self.service.get_table(caller, request)
        )

    async def SubmitAction(
        self, request: service_pb2.SubmitActionRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.SubmitActionResponse:
        return await self._authenticated(
            "SubmitAction", request, context, lambda caller: self.service.submit_action(caller, request)
        )

    async def GetAdvice(
        self, request: service_pb2.GetAdviceRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.GetAdviceResponse:
        return await self._authenticated(
            "GetAdvice", request, context, lambda caller: self.service.get_advice(caller, request)
        )

    async def WatchTable(
        self, request: service_pb2.WatchTableRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[service_pb2.WatchTableResponse]:
        code = grpc.StatusCode.OK
        metrics.WATCH_STREAMS.inc()
        try:
            _refuse_malformed(request)
            caller = await self.service.authenticate(_token(context))
            async for response in self.service.watch_table(caller, request):
                yield response
        except ServiceError as error:
            code = grpc.StatusCode[error.code.value]
            await context.abort(code, error.message)
        except RedisError:
            code = grpc.StatusCode.UNAVAILABLE
            metrics.REDIS_ERRORS.labels("server").inc()
            await context.abort(code, _UNAVAILABLE)
        finally:
            metrics.WATCH_STREAMS.dec()
            metrics.RPC_REQUESTS.labels("WatchTable", code.name).inc()

    async def _authenticated(
        self,
        method: str,
        request: object,
        context: grpc.aio.ServicerContext,
        call: Callable[[Caller], Awaitable[Response]],
    ) -> Response:
        async def run() -> Response:
            caller = await self.service.authenticate(_token(context))
            return await call(caller)

        return await _answer(method, request, context, run)


async def _answer(
    method: str, request: object, context: grpc.aio.ServicerContext, call: Callable[[], Awaitable[Response]]
) -> Response:
    started = time.perf_counter()
    code = grpc.StatusCode.OK
    try:
        _refuse_malformed(request)
        return await call()
    except ServiceError as error:
        code = grpc.StatusCode[error.code.value]
        await context.abort(code, error.message)
    except RedisError:
        code = grpc.StatusCode.UNAVAILABLE
        metrics.REDIS_ERRORS.labels("server").inc()
        await context.abort(code, _UNAVAILABLE)
    finally:
        metrics.RPC_REQUESTS.labels(method, code.name).inc()
        metrics.RPC_DURATION.labels(method, code.name).observe(time.perf_counter() - started)
    raise AssertionError("context.abort always raises")


class Malformed:
    """Stands for a request whose bytes are not a valid message of the method's type."""

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name


def add_table_service(servicer: TableServicer, server: grpc.aio.Server) -> None:
    """Register the servicer so that undecodable requests get INVALID_ARGUMENT.

    The generated registration lets gRPC decode requests and answer INTERNAL when that
    fails; here decoding failures reach the servicer as ``Malformed`` instead.
    """
    handlers = {}
    for method in SERVICE.methods:
        request_type = getattr(service_pb2, method.input_type.name)
        behaviour = getattr(servicer, method.name)
        make = (
            grpc.unary_stream_rpc_method_handler
            if method.server_streaming
            else grpc.unary_unary_rpc_method_handler
        )
        handlers[method.name] = make(
            behaviour,
            request_deserializer=_decoder(request_type),
            response_serializer=_encode,
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, handlers),))


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


def _token(context: grpc.aio.ServicerContext) -> str | None:
    for key, value in context.invocation_metadata() or ():
        if key == "authorization" and isinstance(value, str) and value.startswith("Bearer "):
            return value.removeprefix("Bearer ").strip()
    return None
