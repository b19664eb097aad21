"""The lobby stream (SPEC §3 "a lobby lists open tables"; issue: clients need not poll):
a snapshot of the waiting tables, then each table listed, its seats taken, its start and
its withdrawal, once each, across two server processes."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import grpc
import pytest

from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import EASY, HUMAN, Player
from tools.processes import running, server_address, server_process

WAIT_S = 60


class Lobby:
    """A WatchLobby stream read in the background."""

    def __init__(self, player: Player, game: str = "") -> None:
        self.call = player.stub.WatchLobby(service_pb2.WatchLobbyRequest(game=game), metadata=player.metadata)
        self.received: queue.Queue[service_pb2.WatchLobbyResponse] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for response in self.call:
                self.received.put(response)
        except grpc.RpcError:
            pass

    def next_change(self, name: str) -> service_pb2.LobbyChange:
        """The next change of table ``name`` (other tables' changes are skipped)."""
        while True:
            response = self.received.get(timeout=WAIT_S)
            if response.HasField("change") and response.change.table.name == name:
                return response.change


@pytest.fixture
def lobby_of(stack: Stack) -> Iterator[list[Lobby]]:
    opened: list[Lobby] = []
    yield opened
    for lobby in opened:
        lobby.call.cancel()


def test_lobby_streams_a_snapshot_then_each_change_once(stack: Stack, lobby_of: list[Lobby]) -> None:
    anna, ben, cleo = stack.player("Anna"), stack.player("Ben"), stack.player("Cleo")
    earlier = anna.create([HUMAN, HUMAN, EASY, EASY])
    watcher = Lobby(cleo)
    lobby_of.append(watcher)
    first = watcher.received.get(timeout=WAIT_S)
    assert first.HasField("snapshot")
    assert earlier.name in [table.name for table in first.snapshot.tables]

    table = anna.create([HUMAN, HUMAN, HUMAN, EASY])
    change = watcher.next_change(table.name)
    assert change.kind == service_pb2.LOBBY_CHANGE_KIND_LISTED
    # Created, then Anna seated: one change or two, as the stream happened to look.
    while [seat.open for seat in change.table.seats] != [False, True, True, False]:
        change = watcher.next_change(table.name)
        assert change.kind == service_pb2.LOBBY_CHANGE_KIND_SEATS_CHANGED
    ben.join(table.name)
    taken = watcher.next_change(table.name)
    assert taken.kind == service_pb2.LOBBY_CHANGE_KIND_SEATS_CHANGED
    assert [seat.open for seat in taken.table.seats] == [False, False, True, False]
    cleo.join(table.name)
    assert watcher.next_change(table.name).kind == service_pb2.LOBBY_CHANGE_KIND_STARTED

    # Withdrawn: the creator without a seat closes it.
    spare = anna.create([HUMAN, EASY, EASY, EASY], join=False)
    assert watcher.next_change(spare.name).kind == service_pb2.LOBBY_CHANGE_KIND_LISTED
    anna.stub.LeaveTable(service_pb2.LeaveTableRequest(table=spare.name), metadata=anna.metadata)
    assert watcher.next_change(spare.name).kind == service_pb2.LOBBY_CHANGE_KIND_CLOSED


def test_lobby_of_one_game_follows_changes_made_through_another_server(
    stack: Stack, lobby_of: list[Lobby]
) -> None:
    other = server_process(stack.redis)
    with running(other):
        anna = Player(server_address(other), "Anna")
        try:
            watcher = Lobby(stack.player("Dora"), game="baska_kop")
            lobby_of.append(watcher)
            assert watcher.received.get(timeout=WAIT_S).HasField("snapshot")
            table = anna.create([HUMAN, HUMAN, EASY, EASY])
            assert watcher.next_change(table.name).kind == service_pb2.LOBBY_CHANGE_KIND_LISTED
        finally:
            anna.close()


def test_lobby_refuses_an_unknown_game(stack: Stack) -> None:
    anna = stack.player("Anna")
    message = expect_status(
        grpc.StatusCode.INVALID_ARGUMENT,
        lambda: next(
            iter(anna.stub.WatchLobby(service_pb2.WatchLobbyRequest(game="skat"), metadata=anna.metadata))
        ),
    )
    assert "unknown game" in message
