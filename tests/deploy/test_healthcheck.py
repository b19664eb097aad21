"""server/healthcheck.py against real processes: liveness and readiness of a server, a
worker's heartbeat, and the image's ``--auto`` choice between them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tools.processes import ROOT, RedisServer, free_port, server_address, server_process, worker_process

# Generous bounds: the machine may be busy; every wait ends as soon as its condition holds.
WAIT_S = 60.0


def healthcheck(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "server.healthcheck", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        timeout=WAIT_S,
    )


def until(condition: Callable[[], subprocess.CompletedProcess[str]], exit_code: int, what: str) -> str:
    """Run the check until it exits with ``exit_code``; its output."""
    deadline = time.monotonic() + WAIT_S
    while True:
        done = condition()
        if done.returncode == exit_code:
            return done.stdout
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still exit {done.returncode}: {done.stdout}{done.stderr}")
        time.sleep(0.2)


def test_a_workers_heartbeat_is_healthy_while_it_runs_and_not_once_it_is_stopped(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    heartbeat = tmp_path / "speedgamez-worker.heartbeat"
    worker = worker_process(redis_server, worker_heartbeat_file=str(heartbeat))

    def check() -> subprocess.CompletedProcess[str]:
        return healthcheck("--heartbeat", str(heartbeat), "--max-age", "2")

    stopped = False
    try:
        assert check().returncode == 1, "no heartbeat file before the worker runs"
        worker.start()
        assert worker.process is not None
        assert "healthy: heartbeat" in until(check, 0, "the running worker's heartbeat")
        # Frozen (as a hung process would be): the file ages past --max-age.
        worker.process.send_signal(signal.SIGSTOP)
        stopped = True
        assert "unhealthy: heartbeat" in until(check, 1, "the stopped worker's heartbeat")
        # --auto finds the file and judges the heartbeat, not a server.
        auto = healthcheck(
            "--auto", "--max-age", "2", env={"SPEEDGAMEZ_WORKER_HEARTBEAT_FILE": str(heartbeat)}
        )
        assert auto.returncode == 1 and "heartbeat" in auto.stdout, auto.stdout
        worker.process.send_signal(signal.SIGCONT)
        stopped = False
        until(check, 0, "the worker's heartbeat once it runs again")
    finally:
        if stopped and worker.process is not None:
            worker.process.send_signal(signal.SIGCONT)
        worker.stop()


def test_a_server_is_live_and_ready_and_not_ready_while_redis_is_gone(redis_server: RedisServer) -> None:
    server = server_process(redis_server)
    redis_stopped = False
    try:
        server.start()
        address = server_address(server)
        port = address.rsplit(":", 1)[1]
        ready = until(lambda: healthcheck(address), 0, "readiness")
        assert "speedgamez.v1.TableService" in ready and "SERVING" in ready
        assert healthcheck("--liveness", address).returncode == 0
        # No heartbeat file: --auto asks the server on the port of SPEEDGAMEZ_LISTEN.
        assert healthcheck("--auto", env={"SPEEDGAMEZ_LISTEN": f"[::]:{port}"}).returncode == 0

        redis_stopped = True
        redis_server.stop()
        not_ready = until(lambda: healthcheck(address), 1, "readiness without Redis")
        assert "NOT_SERVING" in not_ready, not_ready
        # Live all the same: restarting it would not bring Redis back.
        assert healthcheck("--liveness", address).returncode == 0
        assert healthcheck("--auto", env={"SPEEDGAMEZ_LISTEN": f"[::]:{port}"}).returncode == 1

        redis_server.start()
        redis_stopped = False
        until(lambda: healthcheck(address), 0, "readiness once Redis is back")
    finally:
        server.stop()
        if redis_stopped:
            redis_server.start()


def test_a_server_that_does_not_answer_is_neither_live_nor_ready() -> None:
    address = f"127.0.0.1:{free_port()}"
    for args in ((address,), ("--liveness", address), ("--metrics", address)):
        done = healthcheck(*args, "--timeout", "1")
        assert done.returncode == 1 and done.stdout.startswith("unhealthy: "), (args, done.stdout)
    usage = healthcheck("--heartbeat", "/tmp/x", "127.0.0.1:1")
    assert usage.returncode == 2 and "take no address" in usage.stderr
