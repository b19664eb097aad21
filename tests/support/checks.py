"""Waiting on a condition and expecting a status: the two checks most tests share."""

from __future__ import annotations

import time
from collections.abc import Callable

import grpc
import pytest


def eventually(condition: Callable[[], bool], timeout: float = 60, what: str = "condition") -> None:
    """Wait until ``condition`` holds; ``timeout`` only bounds a failure, it is no guess."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def expect_status(code: grpc.StatusCode, call: Callable[[], object]) -> str:
    """Make the call, which must fail with ``code`` and a message; returns the message."""
    with pytest.raises(grpc.RpcError) as raised:
        call()
    error = raised.value
    assert error.code() == code, error.details()
    details = error.details()
    assert details
    return str(details)
