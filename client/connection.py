"""The client's side of the contract: one gRPC channel, the player's token, and retries.

Every call the client makes goes through ``Connection``. It adds what every call needs
(the bearer token; the card names the player reads), and it retries what the contract
says is safe to retry when the server is briefly unavailable (a replica restarting
behind a proxy):

- GetTable, ListTables, ListGames, GetAdvice, GetLeaderboard and GetStatistics change
  nothing;
- SubmitAction, JoinTable and LeaveTable carry a request id, and the server applies one
  id at most once;
- WatchTable resumes after the last event received and so delivers exactly the rest.

CreateTable, StartDailyDeal and RegisterPlayer are not retried: a lost answer would leave
the client unsure whether they happened, so the player is told instead.
"""

from __future__ import annotations

import functools
import time
import uuid
from collections.abc import Callable, Generator, Iterator
from typing import Any, TypeVar

import grpc

from speedgamez.v1 import actions_pb2, cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc

# How long the client keeps trying to reach a server that stopped answering before it
# gives up and tells the player.
RETRY_SECONDS = 10.0
# Keepalive pings on open calls find a connection that died silently; the contract
# allows one every 10 seconds or more.
CHANNEL_OPTIONS = [("grpc.keepalive_time_ms", 30_000), ("grpc.keepalive_timeout_ms", 10_000)]
# A watch stream that broke this way may be resumed (WatchTable's comment).
WATCH_RESUMABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.INTERNAL)
# Pauses between attempts that keep failing: the first, doubled each time up to the last,
# so that a client never asks again and again (the server's rate limit would refuse it).
FIRST_PAUSE_SECONDS = 0.25
LONGEST_PAUSE_SECONDS = 4.0

Reply = TypeVar("Reply")
Streamed = TypeVar("Streamed")


class Backoff:
    """Growing pauses between attempts at something that has not worked yet."""

    def __init__(self) -> None:
        self.next_pause = FIRST_PAUSE_SECONDS

    def pause(self, at_most: float = LONGEST_PAUSE_SECONDS) -> None:
        time.sleep(max(0.0, min(self.next_pause, at_most)))
        self.next_pause = min(2 * self.next_pause, LONGEST_PAUSE_SECONDS)

    def reset(self) -> None:
        self.next_pause = FIRST_PAUSE_SECONDS


class Connection:
    def __init__(
        self,
        address: str,
        german: bool,
        credentials: grpc.ChannelCredentials | None = None,
        language: service_pb2.Language = service_pb2.LANGUAGE_ENGLISH,
    ) -> None:
        self.address = address
        if credentials is None:
            self.channel = grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
        else:
            self.channel = grpc.secure_channel(address, credentials, options=CHANNEL_OPTIONS)
        self.stub = service_grpc.TableServiceStub(self.channel)
        # Asked for on every request that returns texts, so that reasons and settlement
        # lines name cards as the client's own drawing does.
        self.card_names = cards_pb2.CARD_NAMES_BAVARIAN if german else cards_pb2.CARD_NAMES_SYMBOLS
        # The language of the server's texts (reasons, labels, settlement lines).
        self.language = language
        self.metadata: list[tuple[str, str]] = []

    def close(self) -> None:
        self.channel.close()

    def use_token(self, token: str) -> None:
        self.metadata = [("authorization", f"Bearer {token}")]

    # Calls made once -------------------------------------------------------------

    def register(self, name: str) -> service_pb2.RegisterPlayerResponse:
        return self.stub.RegisterPlayer(service_pb2.RegisterPlayerRequest(display_name=name))

    def games(self) -> list[service_pb2.GameInfo]:
        listing = self._retrying(lambda: self.stub.ListGames(service_pb2.ListGamesRequest()))
        return list(listing.games)

    def create(
        self,
        game: str,
        rule_set: str,
        options: dict[str, str],
        seats: list[service_pb2.SeatConfig],
        think_seconds: int | None = None,
        learning: bool = False,
        count_points: bool = False,
        stake: int = 0,
    ) -> table_pb2.TableView:
        """A new table with the caller at a seat; ``think_seconds`` None leaves the move clock
        to the server's default."""
        request = service_pb2.CreateTableRequest(
            game=game,
            rule_set=rule_set,
            options=options,
            seats=seats,
            join=True,
            card_names=self.card_names,
            language=self.language,
            learning=learning,
            count_points=count_points,
            stake=stake,
        )
        if think_seconds is not None:
            request.think_seconds = think_seconds
        return self.stub.CreateTable(request, metadata=self.metadata).table

    def start_daily(self, game: str) -> table_pb2.TableView:
        request = service_pb2.StartDailyDealRequest(
            game=game, card_names=self.card_names, language=self.language
        )
        return self.stub.StartDailyDeal(request, metadata=self.metadata).table

    # Calls that are safe to retry ----------------------------------------------------

    def join(self, table: str) -> table_pb2.TableView:
        """Take a seat at ``table``; a retry reuses the request id, so it joins once."""
        request = service_pb2.JoinTableRequest(
            table=table, card_names=self.card_names, language=self.language, request_id=uuid.uuid4().hex
        )
        return self._retrying(lambda: self.stub.JoinTable(request, metadata=self.metadata).table)

    def leave(self, table: str) -> None:
        """Leave ``table``; a retry reuses the request id, so it leaves once (a second leave
        by the creator of a table of computers would stop it)."""
        request = service_pb2.LeaveTableRequest(table=table, request_id=uuid.uuid4().hex)
        self._retrying(lambda: self.stub.LeaveTable(request, metadata=self.metadata))

    def my_tables(self) -> list[service_pb2.TableSummary]:
        """Every table the player sits at or created, newest first."""
        tables: list[service_pb2.TableSummary] = []
        page = ""
        while True:
            response = self._retrying(functools.partial(self._list_mine, page))
            tables.extend(response.tables)
            page = response.next_page_token
            if not page:
                return tables

    def _list_mine(self, page: str) -> service_pb2.ListTablesResponse:
        request = service_pb2.ListTablesRequest(mine=True, page_size=100, page_token=page)
        return self.stub.ListTables(request, metadata=self.metadata)

    def leaderboard(
        self, game: str, period: service_pb2.LeaderboardPeriod
    ) -> service_pb2.GetLeaderboardResponse:
        request = service_pb2.GetLeaderboardRequest(game=game, period=period)
        return self._retrying(lambda: self.stub.GetLeaderboard(request, metadata=self.metadata))

    def player(self) -> service_pb2.GetPlayerResponse:
        return self._retrying(
            lambda: self.stub.GetPlayer(service_pb2.GetPlayerRequest(), metadata=self.metadata)
        )

    def statistics(self) -> service_pb2.GetStatisticsResponse:
        request = service_pb2.GetStatisticsRequest()
        return self._retrying(lambda: self.stub.GetStatistics(request, metadata=self.metadata))

    def get(self, table: str) -> table_pb2.TableView:
        return self.look(table).table

    def look(self, table: str) -> service_pb2.GetTableResponse:
        """The table, and at a learning table the advice for the player's decision."""
        request = service_pb2.GetTableRequest(table=table, card_names=self.card_names, language=self.language)
        return self._retrying(lambda: self.stub.GetTable(request, metadata=self.metadata))

    def advice(self, table: str) -> service_pb2.GetAdviceResponse:
        request = service_pb2.GetAdviceRequest(
            table=table, card_names=self.card_names, language=self.language
        )
        return self._retrying(lambda: self.stub.GetAdvice(request, metadata=self.metadata))

    def submit(self, view: table_pb2.TableView, action: actions_pb2.Action) -> table_pb2.TableView:
        """Apply ``action`` decided on ``view``; a retry reuses the request id, so it applies once."""
        request = service_pb2.SubmitActionRequest(
            table=view.name,
            table_version=view.version,
            request_id=uuid.uuid4().hex,
            action=action,
            card_names=self.card_names,
            language=self.language,
        )
        return self._retrying(lambda: self.stub.SubmitAction(request, metadata=self.metadata).table)

    def lobby(self, game: str) -> Generator[service_pb2.WatchLobbyResponse, None, None]:
        """The lobby: a snapshot of the waiting tables, then each change (heartbeats
        skipped). A broken stream is watched again: its new snapshot comes first."""
        request = service_pb2.WatchLobbyRequest(game=game)
        for response in self._resuming(lambda: self.stub.WatchLobby(request, metadata=self.metadata)):
            if response.WhichOneof("kind") != "heartbeat":
                yield response

    def watch(
        self, table: str, after: int, opened: Callable[[Any], None] | None = None
    ) -> Generator[table_pb2.TableEvent, None, None]:
        """The table's events after sequence ``after``, resuming the stream if it breaks.

        Heartbeats only keep an idle stream open through proxies; they carry no event and
        are skipped. Close the iterator to end the stream (``contextlib.closing``); another
        thread ends it by cancelling the call ``opened`` is given for each stream opened.
        """

        def resume() -> Iterator[service_pb2.WatchTableResponse]:
            request = service_pb2.WatchTableRequest(
                table=table, after_sequence=after, card_names=self.card_names, language=self.language
            )
            call = self.stub.WatchTable(request, metadata=self.metadata)
            if opened is not None:
                opened(call)
            return call

        for response in self._resuming(resume):
            if response.WhichOneof("kind") == "event":
                after = response.event.sequence
                yield response.event

    def _resuming(self, open_stream: Callable[[], Iterator[Streamed]]) -> Generator[Streamed, None, None]:
        """The messages of a stream that ``open_stream`` opens, opened again after a break
        that may be resumed; it ends when the server ends the stream."""
        deadline: float | None = None
        backoff = Backoff()
        while True:
            call: Any = open_stream()
            try:
                for response in call:
                    # The stream works: a later break gets a fresh budget and short pauses.
                    deadline = None
                    backoff.reset()
                    yield response
                return
            except grpc.RpcError as error:
                if error.code() not in WATCH_RESUMABLE:
                    raise
                deadline = deadline or time.monotonic() + RETRY_SECONDS
                self._wait_for_server(error, deadline, backoff)
            finally:
                call.cancel()  # ends the call on the server too when the caller stops early

    def _retrying(self, attempt: Callable[[], Reply]) -> Reply:
        deadline = time.monotonic() + RETRY_SECONDS
        backoff = Backoff()
        while True:
            try:
                return attempt()
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.UNAVAILABLE:
                    raise
                self._wait_for_server(error, deadline, backoff)

    def _wait_for_server(self, error: grpc.RpcError, deadline: float, backoff: Backoff) -> None:
        """Wait until the channel connects again; re-raise ``error`` at the deadline."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise error
        try:
            grpc.channel_ready_future(self.channel).result(timeout=remaining)
        except grpc.FutureTimeoutError:
            raise error from None
        # Connected, yet the server itself answered UNAVAILABLE (its store is briefly
        # unreachable): pause, longer each time, rather than ask again at once.
        backoff.pause(at_most=deadline - time.monotonic())
