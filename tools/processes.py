"""Real processes on loopback: redis-server, the server, AI workers.

Used by the tests, the local stack, the benchmarks and the load test. Nothing is faked:
Redis is the OS package's redis-server, the server and workers are ``python -m server``
and ``python -m ai_worker`` in child processes.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import redis
import redis.cluster

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# Cluster nodes listen below the kernel's ephemeral ports (32768 and up by default), bus
# ports included: an outgoing connection elsewhere cannot take them between probe and use.
_CLUSTER_PORTS = range(10_000, 32_768 - 10_000)


def free_cluster_port(avoid: frozenset[int] = frozenset()) -> int:
    """A free port whose cluster bus port (port + 10000) is free too, neither of them in
    ``avoid`` (the ports and bus ports of the other nodes)."""
    while True:
        port = random.choice(_CLUSTER_PORTS)
        if port in avoid or port + 10_000 in avoid:
            continue
        try:
            for candidate in (port, port + 10_000):
                with socket.socket() as probe:
                    probe.bind(("127.0.0.1", candidate))
        except OSError:
            continue
        return port


def binary(name: str) -> str:
    """The path of an OS package's program, or an error that says how to install it."""
    for candidate in (shutil.which(name), f"/usr/sbin/{name}", f"/usr/bin/{name}"):
        if candidate and Path(candidate).exists():
            return candidate
    raise RuntimeError(f"{name} is not installed: run 'sudo apt-get install {name}' (scripts/test does)")


class RedisExitedError(RuntimeError):
    """redis-server ended before it answered."""


@dataclass
class RedisServer:
    port: int
    directory: Path
    process: subprocess.Popen[bytes] | None = None
    extra: tuple[str, ...] = ()
    # requirepass (and masterauth, for a replica) when set; the URL carries it.
    password: str = ""
    cluster = False

    @property
    def url(self) -> str:
        credentials = f":{self.password}@" if self.password else ""
        return f"redis://{credentials}127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url)

    def start(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                binary("redis-server"),
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.directory),
                "--save",
                "",
                "--daemonize",
                "no",
                *(("--requirepass", self.password, "--masterauth", self.password) if self.password else ()),
                *self.extra,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # Wait for the answer to PING while the process lives; the deadline is only a
        # backstop for a server that neither answers nor exits.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as connection:
                    connection.sendall(b"PING\r\n")
                    # A server with a password answers NOAUTH: it is up all the same.
                    if connection.recv(16).startswith((b"+PONG", b"-NOAUTH")):
                        return
            except OSError:
                code = self.process.poll()
                if code is not None:
                    raise RedisExitedError(
                        f"redis-server exited with status {code} before answering on port {self.port} "
                        "(most often: the port was taken meanwhile)"
                    ) from None
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@dataclass
class RedisCluster:
    """A Redis Cluster of three masters on loopback, each with ``replicas`` replicas.

    ``node_timeout_ms`` is how long a master may be silent before its replica takes over;
    ``password`` and ``extra`` (redis-server arguments) apply to every node.
    """

    directory: Path
    replicas: int = 0
    node_timeout_ms: int = 5000
    password: str = ""
    extra: tuple[str, ...] = ()
    nodes: list[RedisServer] = field(default_factory=list)
    cluster = True

    @property
    def url(self) -> str:
        return self.nodes[0].url

    def client(self) -> redis.Redis:
        """A client that starts from a node still running (a test may have killed some)."""
        # The cluster client offers the same commands; typed as Redis for the callers.
        return cast(redis.Redis, redis.cluster.RedisCluster.from_url(self._running_node().url))

    def start(self) -> None:
        self.nodes = []
        for number in range(3 * (1 + self.replicas)):
            self.nodes.append(self._start_node(self.directory / f"node-{number}"))
        subprocess.run(
            [
                binary("redis-cli"),
                "--cluster",
                "create",
                *(f"127.0.0.1:{node.port}" for node in self.nodes),
                "--cluster-replicas",
                str(self.replicas),
                "--cluster-yes",
                *(("-a", self.password, "--no-auth-warning") if self.password else ()),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while True:
            states = [redis.Redis.from_url(node.url).cluster("INFO") for node in self.nodes]
            if all(state.get("cluster_state") == "ok" for state in states) and self._replicas_in_sync():
                return
            if time.monotonic() > deadline:
                raise RuntimeError("the Redis Cluster did not become ready")
            time.sleep(0.1)

    def _start_node(self, directory: Path) -> RedisServer:
        """A new node on a port no other node uses; if another process takes the port
        between the probe and the start, again on another."""
        used = frozenset(node.port + offset for node in self.nodes for offset in (0, 10_000))
        for _ in range(5):
            # A node that exited may have written its cluster config for the old port.
            shutil.rmtree(directory, ignore_errors=True)
            node = RedisServer(
                free_cluster_port(used),
                directory,
                extra=(
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    str(self.node_timeout_ms),
                    *self.extra,
                ),
                password=self.password,
            )
            try:
                node.start()
            except RedisExitedError:
                continue
            return node
        raise RuntimeError(f"no Redis Cluster node started in {directory} after five ports")

    def master_of(self, key: str) -> RedisServer:
        """The node that is master of ``key``'s slot now."""
        client = redis.Redis.from_url(self._running_node().url)
        slot = int(client.execute_command("CLUSTER", "KEYSLOT", key))
        for start, end, master, *_ in client.execute_command("CLUSTER", "SLOTS"):
            if start <= slot <= end:
                return next(node for node in self.nodes if node.port == int(master[1]))
        raise LookupError(f"no master serves slot {slot}")

    def _running_node(self) -> RedisServer:
        return next(node for node in self.nodes if node.process is not None and node.process.poll() is None)

    def _replicas_in_sync(self) -> bool:
        for node in self.nodes:
            info = redis.Redis.from_url(node.url).info("replication")
            if info.get("role") == "slave" and info.get("master_link_status") != "up":
                return False
        return True

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


@dataclass
class ServiceProcess:
    """A server or worker child process whose output is collected in the background."""

    args: list[str]
    env: dict[str, str]
    ready_prefix: str
    process: subprocess.Popen[str] | None = None
    lines: list[str] = field(default_factory=list)
    ready_line: str = ""

    def start(self, timeout: float = 120) -> None:
        self.process = subprocess.Popen(
            self.args,
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        ready = threading.Event()

        def pump() -> None:
            assert self.process is not None and self.process.stdout is not None
            for line in self.process.stdout:
                self.lines.append(line.rstrip())
                if not ready.is_set() and line.startswith(self.ready_prefix):
                    self.ready_line = line.strip()
                    ready.set()

        threading.Thread(target=pump, daemon=True).start()
        if not ready.wait(timeout):
            self.stop()
            raise RuntimeError(f"{self.args} did not start:\n" + "\n".join(self.lines[-30:]))

    def kill(self) -> None:
        """kill -9: no chance to clean up, as when a machine dies."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self) -> str:
        return "\n".join(self.lines)


Store = RedisServer | RedisCluster | str


def service_env(store: Store, **settings: str) -> dict[str, str]:
    """The environment of a server or worker on ``store`` (a Redis URL, server or cluster)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env["SPEEDGAMEZ_REDIS_URL"] = store if isinstance(store, str) else store.url
    env["SPEEDGAMEZ_REDIS_CLUSTER"] = "false" if isinstance(store, str) else str(store.cluster).lower()
    env.setdefault("SPEEDGAMEZ_METRICS_PORT", "0")
    env.setdefault("SPEEDGAMEZ_HTTP_LISTEN", "127.0.0.1:0")
    # Test clients poll GetTable in tight loops, all from one address; tests of the
    # limits set their own.
    env.setdefault("SPEEDGAMEZ_RATE_PER_S", "5000")
    env.setdefault("SPEEDGAMEZ_RATE_BURST", "5000")
    env.setdefault("SPEEDGAMEZ_ADDRESS_RATE_PER_S", "100000")
    env.setdefault("SPEEDGAMEZ_ADDRESS_RATE_BURST", "100000")
    env.setdefault("SPEEDGAMEZ_REGISTRATIONS_PER_MIN", "1000000")
    env.setdefault("SPEEDGAMEZ_MAX_WATCHES_PER_ADDRESS", "100000")
    for key, value in settings.items():
        env[f"SPEEDGAMEZ_{key.upper()}"] = value
    return env


def server_process(store: Store, **settings: str) -> ServiceProcess:
    env = service_env(store, listen="127.0.0.1:0", **settings)
    return ServiceProcess([sys.executable, "-m", "server"], env, "speedgamez server listening on")


def worker_process(store: Store, **settings: str) -> ServiceProcess:
    defaults = {"ai_reclaim_ms": "2000", "ai_sweep_ms": "500"}
    env = service_env(store, **(defaults | settings))
    return ServiceProcess([sys.executable, "-m", "ai_worker"], env, "speedgamez worker")


def server_address(process: ServiceProcess) -> str:
    """The gRPC address from ``... listening on <host>:<port>, metrics on port <port>``."""
    return process.ready_line.split(" listening on ", 1)[1].split(",", 1)[0]


def http_address(process: ServiceProcess) -> str:
    """The HTTP address from ``... HTTP on <host>:<port>, metrics on port <port>``."""
    return process.ready_line.split(" HTTP on ", 1)[1].split(",", 1)[0]


def metrics_port(process: ServiceProcess) -> int:
    return int(process.ready_line.rsplit(" ", 1)[1])


@contextmanager
def running(*processes: ServiceProcess) -> Iterator[None]:
    started: list[ServiceProcess] = []
    try:
        for process in processes:
            process.start()
            started.append(process)
        yield
    except BaseException:
        # What the services logged is the first thing to read when a test over them
        # fails; pytest shows it beside the failure.
        for process in started:
            print(f"--- the last lines of {' '.join(process.args)}:", *process.lines[-80:], sep="\n")
        raise
    finally:
        for process in reversed(started):
            process.stop()


def cpu_seconds(process: ServiceProcess | RedisServer) -> float:
    """CPU time (user and system, all threads) the process has used so far."""
    assert process.process is not None
    # The command name in parentheses may hold spaces; the fields after it are fixed.
    fields = Path(f"/proc/{process.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
