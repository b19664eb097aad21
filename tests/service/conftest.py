"""A running system per test module: Redis, one server process, two AI workers.

Every service test runs on a Redis Cluster of three masters, which proves that every
multi-key operation stays within one hash slot and that each call finds the master of its
keys. The server's code is the same on a single Redis but for the client it makes
(``server.store.connect``), so the modules that go through every call, write, stream and
connection failure (``BOTH_STORES``) run on a single Redis as well; the deployment and
terminal-client tests run on a single Redis too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis

from tests.support.client import HUMAN, Player
from tools.processes import (
    RedisCluster,
    RedisServer,
    ServiceProcess,
    Store,
    free_port,
    running,
    server_address,
    server_process,
    worker_process,
)


@dataclass
class Stack:
    redis: RedisServer | RedisCluster
    servers: list[ServiceProcess]
    workers: list[ServiceProcess]
    players: list[Player] = field(default_factory=list)

    @property
    def address(self) -> str:
        return server_address(self.servers[0])

    def player(self, name: str, server: int = 0) -> Player:
        player = Player(server_address(self.servers[server]), name)
        self.players.append(player)
        return player

    def four_people(self, names: str, deals: str = "8") -> tuple[str, dict[int, Player]]:
        """A Kop table of ``deals`` deals and four people named ``names 0`` to ``names 3``,
        all seated: its name and each seat's player."""
        players = [self.player(f"{names} {seat}") for seat in range(4)]
        created = players[0].create([HUMAN] * 4, deals=deals)
        by_seat = {created.viewer_seat: players[0]}
        for player in players[1:]:
            by_seat[player.join(created.name).viewer_seat] = player
        return created.name, by_seat


# The modules that run on a single Redis as well as on the cluster.
BOTH_STORES = {
    "test_concurrency",
    "test_errors",
    "test_events",
    "test_fuzz",
    "test_http",
    "test_lobby",
    "test_retention",
    "test_round_trips",
    "test_store_connection",
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "redis_server" in metafunc.fixturenames:
        module = metafunc.module.__name__.rpartition(".")[2]
        stores = ["single", "cluster"] if module in BOTH_STORES else ["cluster"]
        metafunc.parametrize("redis_server", stores, indirect=True, scope="module")


@pytest.fixture(scope="module")
def redis_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    directory = Path(tmp_path_factory.mktemp("redis"))
    store: RedisServer | RedisCluster = (
        RedisServer(free_port(), directory) if request.param == "single" else RedisCluster(directory)
    )
    store.start()
    try:
        yield store
    finally:
        store.stop()


@pytest.fixture
def redis_client(redis_server: RedisServer | RedisCluster) -> Iterator[redis.Redis]:
    client = redis_server.client()
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def clean_redis(redis_server: RedisServer | RedisCluster, redis_client: redis.Redis) -> Iterator[Store]:
    """The module's Redis, emptied, for a test that starts processes of its own."""
    redis_client.flushall()
    yield redis_server


@pytest.fixture(scope="module")
def stack(redis_server: RedisServer | RedisCluster) -> Iterator[Stack]:
    servers = [server_process(redis_server)]
    workers = [worker_process(redis_server) for _ in range(2)]
    with running(*servers, *workers):
        system = Stack(redis_server, servers, workers)
        try:
            yield system
        finally:
            for player in system.players:
                player.close()
