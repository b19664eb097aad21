"""The watch streams of the table service: a table's events (WatchTable) and the lobby
(WatchLobby), both woken by the process's event hub (``server.watching``) and counted
against the player's and the address's stream limits."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.errors import quoted
from engine.registry import GAMES
from server import keys
from server.errors import Code, ServiceError
from server.lobby import LobbyFollower
from server.requests import Caller, parse_table_name, wording_of
from server.settings import Settings
from server.store import Store, now_ms
from server.table import TableRecord
from server.texts import Wording
from server.views import redact_event, table_name, texts_for
from server.watching import EventHub, Watch, wait_at_most
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

_WATCH_PAGE = 100

Result = TypeVar("Result")
Response = TypeVar("Response")


@dataclass(frozen=True)
class Reading(Generic[Response]):
    """One look of a watch stream: what to send, whether the stream ends after it, and
    whether more is waiting (a full page)."""

    responses: list[Response]
    ended: bool = False
    more: bool = False


class WatchStreams:
    """The streaming RPCs of ``server.service.TableService``."""

    store: Store
    settings: Settings
    hub: EventHub | None

    async def watch_table(
        self, caller: Caller, request: service_pb2.WatchTableRequest
    ) -> AsyncIterator[service_pb2.WatchTableResponse]:
        table_id = parse_table_name(request.table)
        wording = wording_of(request)
        assert self.hub is not None, "watch streams need the process's event hub"
        record = await self._stream_call(self._load(table_id))
        if request.after_sequence < 0 or request.after_sequence > record.event_seq:
            raise ServiceError(
                Code.INVALID_ARGUMENT,
                f"after_sequence must be 0 to {record.event_seq}, the newest event so far",
            )
        if record.events_ended() and request.after_sequence == record.event_seq:
            return  # nothing more will happen at this table
        watch = await self._open_watch(caller)
        try:
            following = self._follow(caller, record, request.after_sequence, wording, watch)
            async for response in following:
                yield response
        finally:
            await self._close_watch(watch)

    async def watch_lobby(
        self, caller: Caller, request: service_pb2.WatchLobbyRequest
    ) -> AsyncIterator[service_pb2.WatchLobbyResponse]:
        if request.game and request.game not in GAMES:
            offered = ", ".join(GAMES)
            raise ServiceError(
                Code.INVALID_ARGUMENT,
                f"unknown game {quoted(request.game)}; choose one of: {offered}, or none",
            )
        assert self.hub is not None, "watch streams need the process's event hub"
        follower = LobbyFollower(self.store, caller.player_id, request.game)

        async def read() -> Reading[service_pb2.WatchLobbyResponse]:
            changes = await self._stream_call(follower.changes())
            return Reading([service_pb2.WatchLobbyResponse(change=change) for change in changes])

        def heartbeat() -> service_pb2.WatchLobbyResponse:
            beat = service_pb2.WatchHeartbeat()
            beat.time.FromMilliseconds(now_ms())
            return service_pb2.WatchLobbyResponse(heartbeat=beat)

        watch = await self._open_watch(caller)
        try:
            with self.hub.following(watch, None):
                yield service_pb2.WatchLobbyResponse(snapshot=await self._stream_call(follower.snapshot()))
                stopping = "this server is shutting down; watch the lobby again"
                streaming = self._keep_streaming(caller, watch, read, heartbeat, lambda: stopping)
                async for response in streaming:
                    yield response
        finally:
            await self._close_watch(watch)

    async def _open_watch(self, caller: Caller) -> Watch:
        """Count a new stream against the player's and the address's limits, each with a
        lease that the hub renews while the stream runs."""
        settings = self.settings
        watch_id = secrets.token_hex(8)
        limits = [
            (keys.player_watches(caller.player_id), settings.max_watches, "per player"),
            (keys.address_watches(caller.address), settings.max_watches_per_address, "per client address"),
        ]
        # A lease counts as taken from the moment it is asked for: a stream cancelled while
        # Redis answers (the client went away at once) may hold it without knowing.
        asked: list[str] = []
        try:
            for holder, limit, whose in limits:
                asked.append(holder)
                lease = self.store.open_watch(holder, watch_id, limit, settings.watch_lease_ms)
                if not await self._stream_call(lease):
                    raise ServiceError(
                        Code.RESOURCE_EXHAUSTED, f"at most {limit} watch streams {whose}; close one first"
                    )
        except BaseException:
            # A lease taken must not outlive a stream that never opened.
            for holder in asked:
                await self._stream_call(self.store.close_watch(holder, watch_id))
            raise
        return Watch(watch_id, tuple(asked), caller.token_digest)

    async def _close_watch(self, watch: Watch) -> None:
        for holder in watch.holders:
            await self._stream_call(self.store.close_watch(holder, watch.watch_id))

    async def _follow(
        self,
        caller: Caller,
        record: TableRecord,
        after: int,
        wording: Wording,
        watch: Watch,
    ) -> AsyncIterator[service_pb2.WatchTableResponse]:
        """The events of a table after ``after`` as they happen, with heartbeats between;
        ``watch.seen`` follows the newest event sent."""
        assert self.hub is not None
        viewer, texts = record.seat_of(caller.player_id), texts_for(record, wording)
        watch.seen = after

        async def read() -> Reading[service_pb2.WatchTableResponse]:
            nonlocal viewer, texts
            events = await self._stream_call(self.store.events_after(record.id, watch.seen, _WATCH_PAGE))
            responses = []
            for stored in events:
                if stored.event.WhichOneof("kind") == "seat_changed":
                    fresh = await self._stream_call(self._load(record.id))
                    viewer, texts = fresh.seat_of(caller.player_id), texts_for(fresh, wording)
                responses.append(service_pb2.WatchTableResponse(event=redact_event(stored, viewer, texts)))
                watch.seen = stored.event.sequence
                if _last_event(record, stored.event):
                    return Reading(responses, ended=True)
            return Reading(responses, more=len(events) == _WATCH_PAGE)

        def heartbeat() -> service_pb2.WatchTableResponse:
            beat = service_pb2.WatchHeartbeat(last_event_sequence=watch.seen)
            beat.time.FromMilliseconds(now_ms())
            return service_pb2.WatchTableResponse(heartbeat=beat)

        def stopping() -> str:
            return f"this server is shutting down; watch again with after_sequence={watch.seen}"

        with self.hub.following(watch, record.id):
            streaming = self._keep_streaming(caller, watch, read, heartbeat, stopping)
            async for response in streaming:
                yield response

    async def _keep_streaming(
        self,
        caller: Caller,
        watch: Watch,
        read: Callable[[], Awaitable[Reading[Response]]],
        heartbeat: Callable[[], Response],
        stopping: Callable[[], str],
    ) -> AsyncIterator[Response]:
        """What every watch stream does: ``read`` at once and whenever the hub wakes it,
        a ``heartbeat`` on an idle stream; until a reading ends it, the caller's token is
        revoked or expires (UNAUTHENTICATED), or the server stops (UNAVAILABLE with
        ``stopping``'s message). The token is looked at whenever the hub doubts it. An idle
        stream sends Redis nothing: the hub looks for events and renews leases for all."""
        assert self.hub is not None
        settings = self.settings
        clock = asyncio.get_running_loop().time
        heartbeat_at = clock() + settings.watch_heartbeat_s
        watch.woken.set()
        while True:
            if self.hub.closing.is_set():
                raise ServiceError(Code.UNAVAILABLE, stopping())
            if watch.doubt.is_set():
                watch.doubt.clear()
                await self._check_token(caller)
            if watch.woken.is_set():
                # Cleared before reading: a wake-up that arrives during the read is kept.
                watch.woken.clear()
                reading = await read()
                for response in reading.responses:
                    yield response
                if reading.ended:
                    return
                if reading.responses:
                    heartbeat_at = clock() + settings.watch_heartbeat_s
                if reading.more:
                    watch.woken.set()
                    continue
            if clock() >= heartbeat_at:
                # Data on an idle stream, so that proxies with an idle timeout keep it.
                yield heartbeat()
                heartbeat_at = clock() + settings.watch_heartbeat_s
            await wait_at_most(watch.woken, heartbeat_at - clock())

    async def _check_token(self, caller: Caller) -> None:
        """End the stream if the caller's token was revoked or has expired since it opened."""
        if not await self._stream_call(self.store.token_known(caller.token_digest)):
            raise ServiceError(
                Code.UNAUTHENTICATED,
                "this stream's token was revoked or has expired: register again with RegisterPlayer",
            )

    async def _stream_call(self, call: Awaitable[Result]) -> Result:
        """A Redis call of a watch stream, within the streams' share of the pool."""
        assert self.hub is not None
        async with self.hub.connections:
            return await call

    async def _load(self, table_id: str) -> TableRecord:
        record = await self.store.load(table_id)
        if record is None:
            raise ServiceError(Code.NOT_FOUND, f"there is no table {table_name(table_id)}")
        return record


def _last_event(record: TableRecord, event: table_pb2.TableEvent) -> bool:
    """Whether a watch stream ends after ``event``: the match finished (at a daily deal,
    once its last comparison with the strong computer is made) or the table closed."""
    kind = event.WhichOneof("kind")
    if record.config.daily:
        return kind == "table_closed" or (
            kind == "daily_deal_compared" and event.daily_deal_compared.complete
        )
    return kind in ("match_finished", "table_closed")
