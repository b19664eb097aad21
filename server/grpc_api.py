"""The gRPC servicer: decode, call the service layer, encode. Nothing else lives here,
except counting every call for the metrics."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

import grpc
from redis.exceptions import RedisError

from server import metrics
from server.errors import ServiceError
from server.service import Caller, TableService
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc

Response = TypeVar("Response")

_UNAVAILABLE = "the state store is unreachable; retry with the same request_id"


class TableServicer(service_grpc.TableServiceServicer):
    def __init__(self, service: TableService) -> None:
        self.service = service

    async def ListGames(
        self, request: service_pb2.ListGamesRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.ListGamesResponse:
        return await _answer("ListGames", context, lambda: self.service.list_games(request))

    async def RegisterPlayer(
        self, request: service_pb2.RegisterPlayerRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.RegisterPlayerResponse:
        return await _answer("RegisterPlayer", context, lambda: self.service.register_player(request))

    async def CreateTable(
        self, request: service_pb2.CreateTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.CreateTableResponse:
        return await self._authenticated(
            "CreateTable", context, lambda caller: self.service.create_table(caller, request)
        )

    async def ListTables(
        self, request: service_pb2.ListTablesRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.ListTablesResponse:
        return await self._authenticated(
            "ListTables", context, lambda caller: self.service.list_tables(caller, request)
        )

    async def JoinTable(
        self, request: service_pb2.JoinTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.JoinTableResponse:
        return await self._authenticated(
            "JoinTable", context, lambda caller: self.service.join_table(caller, request)
        )

    async def LeaveTable(
        self, request: service_pb2.LeaveTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.LeaveTableResponse:
        return await self._authenticated(
            "LeaveTable", context, lambda caller: self.service.leave_table(caller, request)
        )

    async def GetTable(
        self, request: service_pb2.GetTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.GetTableResponse:
        return await self._authenticated(
            "GetTable", context, lambda caller: self.service.get_table(caller, request)
        )

    async def SubmitAction(
        self, request: service_pb2.SubmitActionRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.SubmitActionResponse:
        return await self._authenticated(
            "SubmitAction", context, lambda caller: self.service.submit_action(caller, request)
        )

    async def GetAdvice(
        self, request: service_pb2.GetAdviceRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.GetAdviceResponse:
        return await self._authenticated(
            "GetAdvice", context, lambda caller: self.service.get_advice(caller, request)
        )

    async def WatchTable(
        self, request: service_pb2.WatchTableRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[service_pb2.WatchTableResponse]:
        code = grpc.StatusCode.OK
        metrics.WATCH_STREAMS.inc()
        try:
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
        self, method: str, context: grpc.aio.ServicerContext, call: Callable[[Caller], Awaitable[Response]]
    ) -> Response:
        async def run() -> Response:
            caller = await self.service.authenticate(_token(context))
            return await call(caller)

        return await _answer(method, context, run)


async def _answer(
    method: str, context: grpc.aio.ServicerContext, call: Callable[[], Awaitable[Response]]
) -> Response:
    started = time.perf_counter()
    code = grpc.StatusCode.OK
    try:
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


def _token(context: grpc.aio.ServicerContext) -> str | None:
    for key, value in context.invocation_metadata() or ():
        if key == "authorization" and isinstance(value, str) and value.startswith("Bearer "):
            return value.removeprefix("Bearer ").strip()
    return None
