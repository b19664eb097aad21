"""A running system for the terminal client's tests: Redis, a server and an AI worker.

The client runs as a real process on a pseudo-terminal (``pty_client.Terminal``), as a
person would start it, against real processes; nothing is faked.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.client.pty_client import Terminal
from tools.processes import (
    RedisServer,
    ServiceProcess,
    free_port,
    running,
    server_address,
    server_process,
    worker_process,
)


@dataclass
class Stack:
    redis: RedisServer
    server: ServiceProcess

    @property
    def address(self) -> str:
        return server_address(self.server)


@contextmanager
def own_stack(
    directory: Path, start: Callable[[RedisServer], tuple[ServiceProcess, ServiceProcess]]
) -> Iterator[Stack]:
    """A Redis in ``directory`` with the server and worker ``start`` makes for it, running."""
    store = RedisServer(free_port(), directory)
    store.start()
    try:
        server, worker = start(store)
        with running(server, worker):
            yield Stack(store, server)
    finally:
        store.stop()


# A fast move clock for the clock tests: a second lasts 50 ms, so a 30-second clock runs
# out in 1.5 s and a market's 20 seconds in one.
CLOCK = {"clock_second_ms": "50", "clock_grace_ms": "500", "clock_reading_ms": "500", "clock_poll_ms": "50"}


@pytest.fixture(scope="module")
def clock_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    def start(store: RedisServer) -> tuple[ServiceProcess, ServiceProcess]:
        return server_process(store, **CLOCK), worker_process(store, **CLOCK)

    with own_stack(tmp_path_factory.mktemp("redis"), start) as clocked:
        yield clocked


@pytest.fixture(scope="package")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    with own_stack(
        tmp_path_factory.mktemp("redis"), lambda store: (server_process(store), worker_process(store))
    ) as running_stack:
        yield running_stack


Start = Callable[..., Terminal]


@pytest.fixture
def start_client(tmp_path: Path) -> Iterator[Start]:
    """Starts ``python -m client`` with the given arguments; HOME is a fresh directory."""
    started: list[Terminal] = []
    home = tmp_path / "home"
    home.mkdir()

    def start(*args: str, env: dict[str, str] | None = None, python: str = sys.executable) -> Terminal:
        terminal = Terminal(*args, home=home, env=env, python=python)
        started.append(terminal)
        return terminal

    try:
        yield start
    finally:
        for terminal in started:
            terminal.close()
