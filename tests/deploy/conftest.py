"""Fixtures of the deployment tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.processes import RedisServer, free_port


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A real redis-server of the test's own, on a free port."""
    server = RedisServer(free_port(), tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.stop()
