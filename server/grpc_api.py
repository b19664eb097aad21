"""The gRPC servicer: decode, call the service layer, encode. Nothing else lives here."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

import grpc
from redis.exceptions import RedisError

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
        return await _answer(context, self.service.list_games(request))

    async def RegisterPlayer(
        self, request: service_pb2.RegisterPlayerRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.RegisterPlayerResponse:
        return await _answer(context, self.service.register_player(request))

    async def CreateTable(
        self, request: service_pb2.CreateTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.CreateTableResponse:
        return await self._authenticated(context, lambda caller: self.service.create_table(caller, request))

    async def ListTables(
        self, request: service_pb2.ListTablesRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.ListTablesResponse:
        return await self._authenticated(context, lambda caller: self.service.list_tables(caller, request))

    async def JoinTable(
        self, request: service_pb2.JoinTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.JoinTableResponse:
        return await self._authenticated(context, lambda caller: self.service.join_table(caller, request))

    async def LeaveTable(
        self, request: service_pb2.LeaveTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.LeaveTableResponse:
        return await self._authenticated(context, lambda caller: self.service.leave_table(caller, request))

    async def GetTable(
        self, request: service_pb2.GetTableRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.GetTableResponse:
        return await self._authenticated(context, lambda caller: self.service.get_table(caller, request))

    async def SubmitAction(
        self, request: service_pb2.SubmitActionRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.SubmitActionResponse:
        return await self._authenticated(context, lambda caller: self.service.submit_action(caller, request))

    async def GetAdvice(
        self, request: service_pb2.GetAdviceRequest, context: grpc.aio.ServicerContext
    ) -> service_pb2.GetAdviceResponse:
        return await self._authenticated(context, lambda caller: self.service.get_advice(caller, request))

    async def WatchTable(
        self, request: service_pb2.WatchTableRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[service_pb2.WatchTableResponse]:
        try:
            caller = await self.service.authenticate(_token(context))
            async for response in self.service.watch_table(caller, request):
                yield response
        except ServiceError as error:
            await context.abort(grpc.StatusCode[error.code.value], error.message)
        except RedisError:
            await context.abort(grpc.StatusCode.UNAVAILABLE, _UNAVAILABLE)

    async def _authenticated(
        self, context: grpc.aio.ServicerContext, call: Callable[[Caller], Awaitable[Response]]
    ) -> Response:
        async def run() -> Response:
            caller = await self.service.authenticate(_token(context))
            return await call(caller)

        return await _answer(context, run())


async def _answer(context: grpc.aio.ServicerContext, call: Awaitable[Response]) -> Response:
    try:
        return await call
    except ServiceError as error:
        await context.abort(grpc.StatusCode[error.code.value], error.message)
    except RedisError:
        await context.abort(grpc.StatusCode.UNAVAILABLE, _UNAVAILABLE)
    raise AssertionError("context.abort always raises")


def _token(context: grpc.aio.ServicerContext) -> str | None:
    for key, value in context.invocation_metadata() or ():
        if key == "authorization" and isinstance(value, str) and value.startswith("Bearer "):
            return value.removeprefix("Bearer ").strip()
    return None
