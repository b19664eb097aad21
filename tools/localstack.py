"""The docker-compose deployment as plain processes on loopback, for tests and load tests.

    python -m tools.localstack --servers 2 --workers 2     # run until Ctrl-C

Starts Redis (append-only), N server replicas, nginx from the OS packages in front of
them, M AI workers and Prometheus from the OS packages. nginx runs the shipped
``deploy/nginx/nginx.conf`` unchanged, TLS included (a self-signed certificate made by
``deploy/nginx/self-signed-cert.sh``, as in compose); only the files it includes from
``site/`` are this stack's own: the replicas' addresses instead of Docker's DNS, loopback
ports, and a private directory for logs and temporary files. Prometheus runs
``deploy/prometheus/prometheus.yml`` with the processes' metrics ports as targets, and its
alert rules. Servers trust nginx's X-Forwarded-For (SPEEDGAMEZ_TRUSTED_PROXIES=127.0.0.1/32).

Clients connect to ``front_door`` over TLS, trusting ``root_certificate`` (the
certificate names localhost, 127.0.0.1 and ::1):
``grpc.secure_channel(front_door, grpc.ssl_channel_credentials(root_certificates=...))``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import yaml

from server.settings import Settings
from tools.processes import (
    ROOT,
    RedisServer,
    ServiceProcess,
    binary,
    free_port,
    http_address,
    metrics_port,
    server_address,
    server_process,
    worker_process,
)

DEPLOY = ROOT / "deploy"
NGINX = DEPLOY / "nginx"
PROMETHEUS = DEPLOY / "prometheus"
ALERT_RULES = PROMETHEUS / "alerts.yml"
# The names the stack's self-signed certificate is made for.
TLS_NAMES = "localhost 127.0.0.1 ::1"
# nginx connects to the servers from here; they believe its X-Forwarded-For.
TRUSTED_PROXIES = "127.0.0.1/32"

_SHIPPED = Settings()
# The per-client limits as shipped (server/settings.py). tools.processes raises them for
# tests, whose clients all share one address and poll in tight loops; a stack started
# with shipped_limits=True runs with these instead.
SHIPPED_LIMITS = {
    "rate_per_s": f"{_SHIPPED.rate_per_s:g}",
    "rate_burst": str(_SHIPPED.rate_burst),
    "address_rate_per_s": f"{_SHIPPED.address_rate_per_s:g}",
    "address_rate_burst": str(_SHIPPED.address_rate_burst),
    "registrations_per_min": f"{_SHIPPED.registrations_per_min:g}",
    "max_watches": str(_SHIPPED.max_watches),
    "max_watches_per_address": str(_SHIPPED.max_watches_per_address),
    "max_tables": str(_SHIPPED.max_tables),
}


def nginx_site(
    directory: Path,
    port: int,
    health_port: int,
    servers: list[str],
    http_servers: list[str],
    tls: bool = True,
    ipv6: bool = False,
) -> dict[str, str]:
    """The files deploy/nginx/nginx.conf includes from site/, for processes on loopback.

    The same five files as deploy/nginx/site/ for compose: http context (logs and
    temporary files here instead of a resolver), the replicas' gRPC and HTTP addresses,
    the front door's port (TLS unless ``tls`` is false; on [::1] as well with ``ipv6``)
    and the healthcheck's port.
    """
    paths = f"access_log {directory}/nginx-access.log;\n" + "".join(
        f"{kind}_temp_path {directory}/nginx-{kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    mode = "ssl http2" if tls else "http2"
    hosts = ["127.0.0.1", "[::1]"] if ipv6 else ["127.0.0.1"]
    return {
        "http.conf": paths,
        "servers.conf": "".join(f"server {address};\n" for address in servers),
        "http-servers.conf": "".join(f"server {address};\n" for address in http_servers),
        "listen-grpc.conf": "".join(f"listen {host}:{port} {mode};\n" for host in hosts),
        "listen-health.conf": f"listen 127.0.0.1:{health_port};\n",
    }


def write_nginx_config(directory: Path, site: dict[str, str]) -> Path:
    """deploy/nginx/nginx.conf copied unchanged into ``directory``, with ``site`` beside it.

    Its relative paths (site/, tls/) resolve against the directory of the copy."""
    config = directory / "nginx.conf"
    shutil.copyfile(NGINX / "nginx.conf", config)
    (directory / "site").mkdir(exist_ok=True)
    for name, text in site.items():
        (directory / "site" / name).write_text(text)
    return config


def make_certificate(tls_directory: Path, names: str = TLS_NAMES) -> Path:
    """A self-signed certificate in ``tls_directory`` (tls.crt, tls.key) by the compose
    setup's own script, with the OS's openssl; returns the certificate's path."""
    binary("openssl")
    done = subprocess.run(
        ["sh", str(NGINX / "self-signed-cert.sh"), str(tls_directory)],
        env={**os.environ, "TLS_NAMES": names},
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"self-signed-cert.sh failed: {done.stdout}{done.stderr}")
    return tls_directory / "tls.crt"


def nginx_check(config: Path, directory: Path) -> subprocess.CompletedProcess[str]:
    """``nginx -t`` of ``config`` with this stack's pid and error log."""
    return subprocess.run(
        [binary("nginx"), "-t", "-p", str(directory), "-c", str(config), "-g", _nginx_globals(directory)],
        capture_output=True,
        text=True,
    )


def _nginx_globals(directory: Path) -> str:
    return f"daemon off; pid {directory}/nginx.pid; error_log {directory}/nginx-error.log;"


def prometheus_config(
    server_ports: list[int], worker_ports: list[int], interval: str, evaluation_interval: str = ""
) -> str:
    """deploy/prometheus/prometheus.yml with the processes' metrics ports as targets,
    scraped every ``interval``, and the rules evaluated every ``evaluation_interval``
    (default: as shipped).

    Its rule files are named relative to it; the stack copies them next to this file."""
    config = yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text())
    config["global"]["scrape_interval"] = interval
    if evaluation_interval:
        config["global"]["evaluation_interval"] = evaluation_interval
    targets = {"speedgamez-server": server_ports, "speedgamez-worker": worker_ports}
    for job in config["scrape_configs"]:
        job.pop("dns_sd_configs")
        job["static_configs"] = [{"targets": [f"127.0.0.1:{port}" for port in targets[job["job_name"]]]}]
    return str(yaml.safe_dump(config, sort_keys=False))


def ipv6_loopback() -> bool:
    """Whether [::1] can be listened on here."""
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@dataclass
class LocalStack:
    servers: int = 2
    workers: int = 2
    prometheus: bool = True
    scrape_interval: str = "1s"
    # Prometheus' rule evaluation interval (default: as prometheus.yml ships it), and a text
    # to load instead of deploy/prometheus/alerts.yml (tests shorten the rules' `for:`).
    evaluation_interval: str = ""
    alert_rules: str = ""
    worker_settings: dict[str, str] = field(default_factory=dict)
    server_settings: dict[str, str] = field(default_factory=dict)
    # The per-client limits as shipped (SHIPPED_LIMITS) instead of the tests' raised ones.
    shipped_limits: bool = False
    # gRPC over TLS at the front door, as in compose; False: plaintext HTTP/2 on the same
    # configuration (only the listen line differs).
    tls: bool = True
    # The front door on [::1] too (same port), where this machine has IPv6 loopback.
    ipv6: bool = False
    directory: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="speedgamez-stack-")))
    redis: RedisServer | None = None
    server_processes: list[ServiceProcess] = field(default_factory=list)
    worker_processes: list[ServiceProcess] = field(default_factory=list)
    nginx: subprocess.Popen[bytes] | None = None
    prometheus_process: subprocess.Popen[bytes] | None = None
    front_port: int = 0
    prometheus_port: int = 0
    root_certificate: Path | None = None

    @property
    def front_door(self) -> str:
        """nginx's gRPC address: TLS (unless tls=False), certificate for 127.0.0.1."""
        return f"127.0.0.1:{self.front_port}"

    @property
    def front_door_ipv6(self) -> str:
        assert self.ipv6, "start the stack with ipv6=True"
        return f"[::1]:{self.front_port}"

    @property
    def redis_url(self) -> str:
        assert self.redis is not None
        return self.redis.url

    @property
    def prometheus_url(self) -> str:
        return f"http://127.0.0.1:{self.prometheus_port}"

    @property
    def nginx_config(self) -> Path:
        return self.directory / "nginx.conf"

    def credentials(self) -> grpc.ChannelCredentials:
        """Channel credentials that trust the stack's self-signed certificate."""
        assert self.root_certificate is not None, "the stack is not started"
        return grpc.ssl_channel_credentials(root_certificates=self.root_certificate.read_bytes())

    def channel(self, address: str | None = None) -> grpc.Channel:
        """A channel to the front door (or ``address`` on it, e.g. front_door_ipv6)."""
        target = address or self.front_door
        if not self.tls:
            return grpc.insecure_channel(target)
        return grpc.secure_channel(target, self.credentials())

    def start(self) -> LocalStack:
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self) -> None:
        self.ipv6 = self.ipv6 and ipv6_loopback()
        self.root_certificate = make_certificate(self.directory / "tls")
        self.redis = RedisServer(
            free_port(), self.directory / "redis", extra=("--appendonly", "yes", "--appendfsync", "everysec")
        )
        self.redis.start()
        for _ in range(self.servers):
            self.start_server()
        for _ in range(self.workers):
            self.start_worker()
        self.front_port, health_port = free_port(), free_port()
        addresses = [server_address(process) for process in self.server_processes]
        http_addresses = [http_address(process) for process in self.server_processes]
        site = nginx_site(
            self.directory, self.front_port, health_port, addresses, http_addresses, self.tls, self.ipv6
        )
        config = write_nginx_config(self.directory, site)
        self.nginx = subprocess.Popen(
            [
                binary("nginx"),
                "-p",
                str(self.directory),
                "-c",
                str(config),
                "-g",
                _nginx_globals(self.directory),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_http(f"http://127.0.0.1:{health_port}/healthz", "nginx", self.directory / "nginx-error.log")
        if self.prometheus:
            self.prometheus_port = free_port()
            config = self.directory / "prometheus.yml"
            config.write_text(
                prometheus_config(
                    [metrics_port(process) for process in self.server_processes],
                    [metrics_port(process) for process in self.worker_processes],
                    self.scrape_interval,
                    self.evaluation_interval,
                )
            )
            for rules in yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text()).get("rule_files", []):
                shutil.copyfile(PROMETHEUS / rules, self.directory / rules)
            if self.alert_rules:
                (self.directory / ALERT_RULES.name).write_text(self.alert_rules)
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
            _wait_http(f"{self.prometheus_url}/-/ready", "prometheus", self.directory / "prometheus.log")

    def start_server(self) -> ServiceProcess:
        limits = SHIPPED_LIMITS if self.shipped_limits else {}
        settings = {"trusted_proxies": TRUSTED_PROXIES, **limits, **self.server_settings}
        process = server_process(self.redis_url, **settings)
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
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=10)
        for service in [*self.worker_processes, *self.server_processes]:
            service.stop()
        if self.redis is not None:
            self.redis.stop()
        shutil.rmtree(self.directory, ignore_errors=True)


def _wait_http(url: str, what: str, log: Path, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    detail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
    raise RuntimeError(f"{what} did not come up at {url}\n{detail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--shipped-limits",
        action="store_true",
        help="the per-client limits as shipped (default: raised, as for the tests)",
    )
    args = parser.parse_args()
    stack = LocalStack(
        args.servers, args.workers, scrape_interval="5s", shipped_limits=args.shipped_limits
    ).start()
    print(f"front door (gRPC over TLS through nginx): {stack.front_door}")
    print(f"root certificate (trust it in clients): {stack.root_certificate}")
    print(f"redis: {stack.redis_url}   prometheus: {stack.prometheus_url}")
    # The terminal client speaks plaintext gRPC only: it plays on a replica directly.
    replica = server_address(stack.server_processes[0])
    print(f"play: .venv/bin/python -m client --server {replica} --name YourName   (Ctrl-C stops)")
    try:
        signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        stack.stop()


if __name__ == "__main__":
    main()
