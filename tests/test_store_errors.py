"""Every way the client library says the store is away answers UNAVAILABLE, never INTERNAL."""

from __future__ import annotations

import grpc
import pytest
from redis.exceptions import (
    ClusterDownError,
    ConnectionError,
    MasterDownError,
    MaxConnectionsError,
    RedisClusterException,
    SlotNotCoveredError,
    TimeoutError,
    TryAgainError,
)

from server.grpc_api import status_of


@pytest.mark.parametrize(
    "error",
    [
        ConnectionError("Error 111 connecting to 127.0.0.1:7000. Connection refused."),
        TimeoutError("Timeout reading from socket"),
        MaxConnectionsError("Too many connections"),
        ClusterDownError("CLUSTERDOWN The cluster is down"),
        MasterDownError("MASTERDOWN Link with MASTER is down"),
        TryAgainError("TRYAGAIN"),
        SlotNotCoveredError("Command # 1 (GET) of pipeline caused error: slot 866 is not covered"),
        RedisClusterException(
            "Redis Cluster cannot be connected. Please provide at least one reachable node"
        ),
        ConnectionRefusedError(111, "Connection refused"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_a_store_that_is_away_answers_unavailable(error: Exception) -> None:
    code, message = status_of("GetTable", error)
    assert code == grpc.StatusCode.UNAVAILABLE
    assert "retry" in message
