"""The real processes the tests start: a redis-server that cannot bind says so at once,
and a Redis Cluster moves a node to another port when its port is taken."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tools import processes
from tools.processes import RedisCluster, RedisExitedError, RedisServer, free_port


def test_a_redis_server_whose_port_is_taken_reports_that_it_exited(tmp_path: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", free_port()))
        holder.listen()
        server = RedisServer(holder.getsockname()[1], tmp_path)
        with pytest.raises(RedisExitedError, match="exited with status"):
            server.start()


def test_a_cluster_node_whose_port_is_taken_starts_on_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        choices = iter([taken])
        choose = processes.free_cluster_port
        monkeypatch.setattr(
            processes, "free_cluster_port", lambda avoid: next(choices, None) or choose(avoid)
        )
        cluster = RedisCluster(tmp_path)
        node = cluster._start_node(tmp_path / "node-0")
        try:
            assert node.port != taken and node.client().ping()
        finally:
            node.stop()
