"""A running system per test module: redis-server, one server process, two AI workers."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from tests.support.client import Player
from tools.processes import (
    RedisServer,
    ServiceProcess,
    running,
    server_address,
    server_process,
    worker_process,
)


@dataclass
class Stack:
    redis: RedisServer
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


@pytest.fixture(scope="module")
def stack(redis_server: RedisServer) -> Iterator[Stack]:
    servers = [server_process(redis_server.url)]
    workers = [worker_process(redis_server.url) for _ in range(2)]
    with running(*servers, *workers):
        system = Stack(redis_server, servers, workers)
        try:
            yield system
        finally:
            for player in system.players:
                player.close()
