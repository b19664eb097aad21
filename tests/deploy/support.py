"""Helpers of the deployment tests: players over the local stack's TLS front door."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable

import grpc

from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.support.client import Player
from tools.localstack import LocalStack
from tools.processes import ServiceProcess, metrics_port

# Every wait is on a condition; these are only the bounds after which a test fails.
WAIT_S = 60.0


def player(stack: LocalStack, name: str, address: str | None = None) -> Player:
    """A registered tests.support.client.Player on a channel to the stack's front door
    (TLS, trusting the stack's self-signed certificate)."""
    joined = Player.__new__(Player)
    joined.channel = stack.channel(address)
    joined.stub = service_grpc.TableServiceStub(joined.channel)
    deadline = time.monotonic() + WAIT_S
    while True:
        try:
            registered = joined.stub.RegisterPlayer(
                service_pb2.RegisterPlayerRequest(display_name=name), timeout=WAIT_S
            )
            break
        except grpc.RpcError as error:
            # As clients do: a registration limit (nginx's, per address) asks to wait.
            if error.code() != grpc.StatusCode.RESOURCE_EXHAUSTED or time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    joined.player_id, joined.token = registered.player_id, registered.token
    joined.metadata = [("authorization", f"Bearer {joined.token}")]
    return joined


def gauge(process: ServiceProcess, name: str) -> float:
    """A label-less gauge of a server or worker process, read from its metrics port."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port(process)}/metrics", timeout=10) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(f"{name} "):
                return float(line.split()[1])
    raise AssertionError(f"{name} is not among the process's metrics")


def wait_for(condition: Callable[[], bool], what: str, timeout: float = WAIT_S) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)
