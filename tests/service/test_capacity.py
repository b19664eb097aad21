"""A server process carries many more idle watch streams than it has Redis connections;
its upkeep keeps their leases and brings them what a lost notification would have."""

from __future__ import annotations

import time
import urllib.request
from typing import Any

import grpc
import pytest

from server import keys
from speedgamez.internal.v1.stored_event_pb2 import StoredEvent
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.client import EASY, HUMAN, Player
from tools.processes import metrics_port, running, server_address, server_process

# Three times the connection pool of a server process (100 connections).
WATCHERS = 300
STREAMS_PER_PLAYER = 5


def open_streams(server_metrics: int) -> float:
    with urllib.request.urlopen(f"http://127.0.0.1:{server_metrics}/metrics", timeout=10) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("speedgamez_watch_streams "):
                return float(line.split()[1])
    raise AssertionError("no speedgamez_watch_streams gauge")


def test_idle_watch_streams_beyond_the_connection_pool_leave_unary_calls_answered(stack: Stack) -> None:
    server = server_process(stack.redis)
    with running(server):
        address = server_address(server)
        host = Player(address, "Host")
        waiting = host.create([HUMAN, HUMAN, EASY, EASY])
        request = service_pb2.WatchTableRequest(
            table=waiting.name, after_sequence=waiting.last_event_sequence
        )
        watchers = [Player(address, f"Watcher {number}") for number in range(WATCHERS // STREAMS_PER_PLAYER)]
        streams = [
            watcher.stub.WatchTable(request, metadata=watcher.metadata)
            for watcher in watchers
            for _ in range(STREAMS_PER_PLAYER)
        ]
        port = metrics_port(server)
        host.wait(waiting.name, lambda _: open_streams(port) == WATCHERS, timeout=120)

        for _ in range(20):
            assert host.get(waiting.name).name == waiting.name
        guest = Player(address, "Guest")
        guest.join(waiting.name)
        # Every stream, idle until now, carries the join and the start of the match.
        for stream in streams:
            kinds = [next(stream).event.WhichOneof("kind") for _ in range(2)]
            assert kinds == ["seat_changed", "deal_started"], kinds
        assert host.get(waiting.name).phase != table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS
        for stream in streams:
            stream.cancel()
        for player in [host, guest, *watchers]:
            player.close()


def test_a_watch_stream_keeps_counting_against_the_limit_while_it_lives(stack: Stack) -> None:
    # Leases of three seconds, renewed every second; the key of the leases expires after
    # six unless renewals move it on. The streams live for well past that.
    server = server_process(stack.redis, watch_lease_ms="3000")
    with running(server):
        anna = Player(server_address(server), "Anna")
        waiting = anna.create([HUMAN, HUMAN, EASY, EASY])
        request = service_pb2.WatchTableRequest(
            table=waiting.name, after_sequence=waiting.last_event_sequence
        )
        streams = [anna.stub.WatchTable(request, metadata=anna.metadata) for _ in range(STREAMS_PER_PLAYER)]
        port = metrics_port(server)
        anna.wait(waiting.name, lambda _: open_streams(port) == STREAMS_PER_PLAYER, timeout=60)
        time.sleep(9)
        extra = anna.stub.WatchTable(request, metadata=anna.metadata)
        with pytest.raises(grpc.RpcError) as refused:
            next(extra)
        for stream in streams:
            stream.cancel()
        anna.close()
    assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED


def test_a_watch_stream_gets_events_whose_notification_was_lost(stack: Stack) -> None:
    """A commit wakes the streams of its table with a message on a channel, which a broken
    subscription can lose. Here events are stored as a commit stores them but with no
    message at all: the server's upkeep, reading every watched table's newest sequence
    every ``watch_poll_ms``, must wake the stream (idle streams read nothing on their own).
    Two events, one after the other: the message of the table's creation may still reach
    the server after the stream opened and wake it once."""
    server = server_process(stack.redis, watch_poll_ms="300")
    with running(server):
        anna = Player(server_address(server), "Anna")
        waiting = anna.create([HUMAN, HUMAN, EASY, EASY])
        # From the newest event but one: once that one came, the stream has read and waits.
        request = service_pb2.WatchTableRequest(
            table=waiting.name, after_sequence=waiting.last_event_sequence - 1
        )
        stream = anna.stub.WatchTable(request, metadata=anna.metadata, timeout=60)
        assert next(stream).event.sequence == waiting.last_event_sequence
        table_id = waiting.name.removeprefix("tables/")
        client = stack.redis.client()
        newest: Any = client.xrevrange(keys.table_events(table_id), count=1)
        [(_, fields)] = newest
        stored = StoredEvent.FromString(fields[b"s"])
        for sequence in (waiting.last_event_sequence + 1, waiting.last_event_sequence + 2):
            stored.event.sequence = sequence
            client.xadd(keys.table_events(table_id), {"s": stored.SerializeToString()}, id=f"{sequence}-0")
            client.hset(keys.table(table_id), "event_seq", sequence)
            delivered = next(response for response in stream if response.HasField("event"))
            assert delivered.event.sequence == sequence
        client.close()
        stream.cancel()
        anna.close()
