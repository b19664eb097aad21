"""The docker-compose deployment as plain processes on loopback, for tests and load tests.

    python -m tools.localstack --servers 2 --workers 2     # run until Ctrl-C

Starts Redis (append-only), N server replicas, nginx from the OS packages in front of
them with ``deploy/nginx/nginx.conf``, M AI workers and Prometheus from the OS packages
with ``deploy/prometheus/prometheus.yml``. The two configuration files are the compose
setup's own; only what Docker provides is replaced: replica addresses instead of
Docker's DNS, loopback ports instead of fixed ones, and a private directory for logs,
pid files and data.
"""

from __future__ import annotations

import argparse
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tools.processes import (
    ROOT,
    RedisServer,
    ServiceProcess,
    binary,
    free_port,
    metrics_port,
    server_address,
    server_process,
    worker_process,
)

DEPLOY = ROOT / "deploy"


def nginx_config(directory: Path, port: int, health_port: int, servers: list[str]) -> str:
    """deploy/nginx/nginx.conf with the replicas' addresses instead of Docker's DNS."""
    config = (DEPLOY / "nginx" / "nginx.conf").read_text()
    config = re.sub(r"\n\s*resolver [^;]*;", "", config)
    upstream = "".join(f"        server {address};\n" for address in servers)
    config = re.sub(r"        server server:50051 resolve;\n", upstream, config)
    config = config.replace("listen 8080 http2;", f"listen 127.0.0.1:{port} http2;")
    config = config.replace("listen 8081;", f"listen 127.0.0.1:{health_port};")
    paths = f"    access_log {directory}/nginx-access.log;\n" + "".join(
        f"    {kind}_temp_path {directory}/nginx-{kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return config.replace("http {\n", "http {\n" + paths, 1)


def prometheus_config(server_ports: list[int], worker_ports: list[int], interval: str) -> str:
    """deploy/prometheus/prometheus.yml with the processes' metrics ports as targets."""
    config = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())
    config["global"]["scrape_interval"] = interval
    targets = {"speedgamez-server": server_ports, "speedgamez-worker": worker_ports}
    for job in config["scrape_configs"]:
        job.pop("dns_sd_configs")
        job["static_configs"] = [{"targets": [f"127.0.0.1:{port}" for port in targets[job["job_name"]]]}]
    return str(yaml.safe_dump(config, sort_keys=False))


@dataclass
class LocalStack:
    servers: int = 2
    workers: int = 2
    prometheus: bool = True
    scrape_interval: str = "1s"
    worker_settings: dict[str, str] = field(default_factory=dict)
    directory: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="speedgamez-stack-")))
    redis: RedisServer | None = None
    server_processes: list[ServiceProcess] = field(default_factory=list)
    worker_processes: list[ServiceProcess] = field(default_factory=list)
    nginx: subprocess.Popen[bytes] | None = None
    prometheus_process: subprocess.Popen[bytes] | None = None
    front_port: int = 0
    prometheus_port: int = 0

    @property
    def front_door(self) -> str:
        return f"127.0.0.1:{self.front_port}"

    @property
    def redis_url(self) -> str:
        assert self.redis is not None
        return self.redis.url

    @property
    def prometheus_url(self) -> str:
        return f"http://127.0.0.1:{self.prometheus_port}"

    def start(self) -> LocalStack:
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self) -> None:
        self.redis = RedisServer(
            free_port(), self.directory / "redis", extra=("--appendonly", "yes", "--appendfsync", "everysec")
        )
        self.redis.start()
        for _ in range(self.servers):
            self.start_server()
        for _ in range(self.workers):
            self.start_worker()
        self.front_port, health_port = free_port(), free_port()
        config = self.directory / "nginx.conf"
        addresses = [server_address(process) for process in self.server_processes]
        config.write_text(nginx_config(self.directory, self.front_port, health_port, addresses))
        self.nginx = subprocess.Popen(
            [
                binary("nginx"),
                "-p",
                str(self.directory),
                "-c",
                str(config),
                "-g",
                f"daemon off; pid {self.directory}/nginx.pid; error_log {self.directory}/nginx-error.log;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_http(f"http://127.0.0.1:{health_port}/healthz", "nginx")
        if self.prometheus:
            self.prometheus_port = free_port()
            config = self.directory / "prometheus.yml"
            config.write_text(
                prometheus_config(
                    [metrics_port(process) for process in self.server_processes],
                    [metrics_port(process) for process in self.worker_processes],
                    self.scrape_interval,
                )
            )
            self.prometheus_process = subprocess.Popen(
                [
                    binary("prometheus"),
                    f"--config.file={config}",
                    f"--storage.tsdb.path={self.directory / 'prometheus'}",
                    f"--web.listen-address=127.0.0.1:{self.prometheus_port}",
                ],
                stdout=subprocess.DEVNULL,
                stderr=(self.directory / "prometheus.log").open("wb"),
            )
            _wait_http(f"{self.prometheus_url}/-/ready", "prometheus")

    def start_server(self) -> ServiceProcess:
        process = server_process(self.redis_url)
        process.start()
        self.server_processes.append(process)
        return process

    def start_worker(self) -> ServiceProcess:
        process = worker_process(self.redis_url, **self.worker_settings)
        process.start()
        self.worker_processes.append(process)
        return process

    def stop(self) -> None:
        for process in (self.prometheus_process, self.nginx):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=15)
        for service in [*self.worker_processes, *self.server_processes]:
            service.stop()
        if self.redis is not None:
            self.redis.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


def _wait_http(url: str, what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not come up at {url}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    stack = LocalStack(args.servers, args.workers, scrape_interval="5s").start()
    print(f"front door (gRPC through nginx): {stack.front_door}")
    print(f"redis: {stack.redis_url}   prometheus: {stack.prometheus_url}")
    print(f"play: .venv/bin/python -m client --server {stack.front_door} --name YourName   (Ctrl-C stops)")
    try:
        signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        stack.stop()


if __name__ == "__main__":
    main()
