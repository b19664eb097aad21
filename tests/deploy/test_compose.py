"""deploy/docker-compose.yml is valid by the compose specification, passes a compose
linter, exposes nothing but the TLS front door beyond this host, and is wired as intended."""

from __future__ import annotations

import ipaddress
import json
import os
import re
import secrets
import shutil
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import redis
import yaml

from tests.support.client import Player
from tools.processes import (
    RedisServer,
    binary,
    free_port,
    running,
    server_address,
    server_process,
    worker_process,
)

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
NPM = ROOT / "tools" / "npm" / "node_modules"
# The compose specification's JSON schema as dclint ships it (it validates with it too).
SCHEMA = NPM / "dclint" / "schemas" / "compose.schema.json"
DCLINT = NPM / ".bin" / "dclint"
# The one port published beyond this host's loopback: nginx's gRPC over TLS.
FRONT_DOOR_PORT = 8443


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    return loaded


def test_compose_file_validates_against_the_compose_specification() -> None:
    assert SCHEMA.exists(), "the schema is missing: run 'npm ci --prefix tools/npm' (scripts/test does)"
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft7Validator(schema).validate(compose())


def test_every_service_it_waits_for_has_a_healthcheck() -> None:
    services = compose()["services"]
    for name, service in services.items():
        for dependency, condition in _merged(compose(), service).get("depends_on", {}).items():
            if condition["condition"] == "service_completed_successfully":
                # A one-shot job (the TLS certificate), not a service that stays up.
                assert services[dependency].get("restart") == "no", (name, dependency)
                continue
            assert condition["condition"] == "service_healthy", (name, dependency)
            assert "healthcheck" in services[dependency], (
                f"{name} waits for {dependency}, which has no healthcheck"
            )


def test_two_servers_behind_nginx_and_scalable_workers_share_one_image() -> None:
    loaded = compose()
    services = {name: _merged(loaded, service) for name, service in loaded["services"].items()}
    assert services["server"]["deploy"]["replicas"] == 2
    assert services["server"]["image"] == services["ai_worker"]["image"] == services["tls"]["image"]
    assert services["server"]["command"] == ["speedgamez-server"]
    assert services["ai_worker"]["command"] == ["speedgamez-worker"]
    assert "container_name" not in services["ai_worker"], "a fixed name would stop --scale"
    redis_command = services["redis"]["command"]
    assert redis_command[0] == "redis-server"
    assert redis_command[redis_command.index("--appendonly") + 1] == "yes"
    nginx = (DEPLOY / "nginx" / "nginx.conf").read_text()
    assert "grpc_pass grpc://speedgamez_servers;" in nginx
    assert "include site/servers.conf;" in nginx
    assert "server server:50051 resolve;" in (DEPLOY / "nginx" / "site" / "servers.conf").read_text()


def test_prometheus_scrapes_every_server_and_worker_replica() -> None:
    config = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    for job, service in (("speedgamez-server", "server"), ("speedgamez-worker", "ai_worker")):
        discovery = jobs[job]["dns_sd_configs"][0]
        assert discovery["names"] == [service] and discovery["port"] == 9100
    environment = compose()["x-speedgamez"]["environment"]
    assert environment["SPEEDGAMEZ_METRICS_PORT"] == "9100"


def test_grafana_dashboard_queries_only_metrics_that_exist() -> None:
    from server import metrics

    names = {collector._name for collector in vars(metrics).values() if hasattr(collector, "_name")}
    dashboard = json.loads((DEPLOY / "grafana" / "dashboards" / "speedgamez.json").read_text())
    for panel in dashboard["panels"]:
        for target in panel["targets"]:
            used = [word for word in _words(target["expr"]) if word.startswith("speedgamez_")]
            assert used, target["expr"]
            for word in used:
                base = word.removesuffix("_total")
                for part in ("_bucket", "_sum", "_count"):  # a histogram's series
                    base = base.removesuffix(part)
                assert base in names, f"{panel['title']}: {word} is not a speedgamez metric"


def test_the_compose_linter_passes_with_every_rule() -> None:
    """dclint (npm, tools/npm) with every rule it has: errors for what matters (ports bound
    to an interface, explicit image tags, no duplicates...), warnings for order, and no
    warning allowed either."""
    assert DCLINT.exists(), "dclint is missing: run 'npm ci --prefix tools/npm' (scripts/test does)"
    config = json.loads((DEPLOY / "dclint.json").read_text())
    assert config["rules"]["no-unbound-port-interfaces"] == 2
    linted = _dclint(DEPLOY / "docker-compose.yml")
    assert linted.returncode == 0, linted.stdout + linted.stderr


def test_the_compose_linter_reports_a_port_published_on_every_interface(tmp_path: Path) -> None:
    # The linter is really at work: the ports as they were published before.
    text = (DEPLOY / "docker-compose.yml").read_text()
    unbound = text.replace('"127.0.0.1:9090:9090"', '"9090:9090"')
    assert unbound != text
    (tmp_path / "docker-compose.yml").write_text(unbound)
    linted = _dclint(tmp_path / "docker-compose.yml", "--formatter", "json")
    assert linted.returncode != 0
    rules = [
        (message["rule"], message["type"])
        for file in json.loads(linted.stdout)
        for message in file["messages"]
    ]
    assert rules == [("no-unbound-port-interfaces", "error")], rules


def _dclint(path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    assert node is not None, "node is missing (scripts/test installs npm, which brings it)"
    return subprocess.run(
        [
            str(DCLINT),
            "--config",
            str(DEPLOY / "dclint.json"),
            "--max-warnings",
            "0",
            "--color",
            "false",
            *options,
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_only_the_tls_front_door_is_published_beyond_this_hosts_loopback() -> None:
    published: list[tuple[str, str, int, int]] = []
    for name, service in compose()["services"].items():
        for port in service.get("ports", []):
            assert isinstance(port, str), f"{name}: write ports as HOST_IP:HOST:CONTAINER strings"
            host_ip, host_port, container_port = port.rsplit(":", 2)
            published.append((name, host_ip, int(host_port), int(container_port)))
    for name, host_ip, host, container in published:
        if (name, host, container) == ("nginx", FRONT_DOOR_PORT, FRONT_DOOR_PORT):
            continue
        assert host_ip == "127.0.0.1", f"{name} publishes {host}:{container} on {host_ip}"
    assert ("nginx", "0.0.0.0", FRONT_DOOR_PORT, FRONT_DOOR_PORT) in published
    assert {name for name, *_ in published} == {"nginx", "prometheus", "grafana"}
    # The published nginx port is its TLS listener, and nginx listens on no other for clients.
    listen = (DEPLOY / "nginx" / "site" / "listen-grpc.conf").read_text()
    assert [line for line in listen.splitlines() if line.startswith("listen")] == [
        f"listen {FRONT_DOOR_PORT} ssl http2;"
    ]


def test_no_password_or_secret_has_a_default_and_grafana_has_no_anonymous_access() -> None:
    # Every variable that holds a secret is required wherever it is used: compose refuses
    # to start without it (${VAR:?message}), and nothing has a default to fall back on.
    text = (DEPLOY / "docker-compose.yml").read_text()
    secret = re.compile(r"PASSWORD|SECRET|TOKEN|_KEY$|_AUTH$")
    used = [match for match in _VARIABLE.finditer(text) if secret.search(match.group("name"))]
    for match in used:
        assert match.group("kind") == "?" and match.group("argument"), (
            f"{match.group(0)} must be required (${{{match.group('name')}:?what to set}})"
        )
    assert {match.group("name") for match in used} == {"GRAFANA_ADMIN_PASSWORD", "REDIS_PASSWORD"}
    loaded = compose()
    for name, service in loaded["services"].items():
        environment = _merged(loaded, service).get("environment", {})
        assert isinstance(environment, dict), f"{name}: write environment as a mapping"
        for key, value in environment.items():
            if secret.search(key):
                assert _VARIABLE.fullmatch(str(value)), (
                    f"{name}: {key} must come from a variable, not {value!r}"
                )
    grafana = loaded["services"]["grafana"]["environment"]
    assert grafana["GF_AUTH_ANONYMOUS_ENABLED"] == "false"
    assert grafana["GF_SECURITY_ADMIN_PASSWORD"].startswith("${GRAFANA_ADMIN_PASSWORD:?")


def test_redis_asks_for_the_password_servers_and_workers_have_and_its_memory_is_limited() -> None:
    loaded = compose()
    services = {name: _merged(loaded, service) for name, service in loaded["services"].items()}
    redis_service = services["redis"]
    command = redis_service["command"]
    assert command[command.index("--requirepass") + 1].startswith("${REDIS_PASSWORD:?")
    assert redis_service["environment"]["REDISCLI_AUTH"].startswith("${REDIS_PASSWORD:?")
    for name in ("server", "ai_worker"):
        url = services[name]["environment"]["SPEEDGAMEZ_REDIS_URL"]
        assert url.startswith("redis://:${REDIS_PASSWORD:?") and url.endswith("}@redis:6379/0"), (name, url)
    # As the Kubernetes Redis: nothing evicted, maxmemory below the container's limit,
    # leaving room for the append-only file's rewrite.
    assert command[command.index("--maxmemory-policy") + 1] == "noeviction"
    maxmemory = _bytes(command[command.index("--maxmemory") + 1])
    limit = _bytes(redis_service["deploy"]["resources"]["limits"]["memory"])
    assert 0.7 * limit <= maxmemory <= 0.8 * limit, (maxmemory, limit)


def test_the_compose_redis_runs_with_its_password_limits_and_healthcheck(tmp_path: Path) -> None:
    """The compose file's Redis command line, with a password, on the OS's redis-server;
    servers and workers with the compose file's Redis URL use it; its healthcheck passes
    with the password and fails with a wrong one."""
    password = secrets.token_hex(32)
    loaded = _interpolated(compose(), {"REDIS_PASSWORD": password, "GRAFANA_ADMIN_PASSWORD": "admin"})
    redis_service = loaded["services"]["redis"]
    assert redis_service["command"][0] == "redis-server"
    # On a port and in a directory of this test's own (later options win in Redis).
    store = RedisServer(free_port(), tmp_path / "redis", extra=tuple(redis_service["command"][1:]))
    store.start()
    try:
        with pytest.raises(redis.AuthenticationError):
            redis.Redis(port=store.port).ping()
        url = loaded["x-speedgamez"]["environment"]["SPEEDGAMEZ_REDIS_URL"]
        url = url.replace("@redis:6379/", f"@127.0.0.1:{store.port}/")
        client = redis.Redis.from_url(url)
        assert client.config_get("maxmemory") == {"maxmemory": str(800 * 1024 * 1024)}
        assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
        client.close()

        test = redis_service["healthcheck"]["test"]
        assert test[:2] == ["CMD", "redis-cli"]
        check = [binary("redis-cli"), "-p", str(store.port), *test[2:]]
        environment = {**os.environ, **redis_service["environment"]}
        healthy = subprocess.run(check, env=environment, capture_output=True, text=True, timeout=30)
        assert (healthy.returncode, healthy.stdout.strip()) == (0, "PONG"), healthy
        refused = subprocess.run(
            check, env={**os.environ, "REDISCLI_AUTH": "wrong"}, capture_output=True, text=True, timeout=30
        )
        assert refused.returncode != 0, refused

        server, worker = server_process(url), worker_process(url)
        with running(server, worker):
            # Registering writes to Redis, with the password of the URL.
            Player(server_address(server), "Anna").close()
    finally:
        store.stop()


def test_compose_refuses_to_start_without_the_redis_password() -> None:
    with pytest.raises(ValueError, match="REDIS_PASSWORD"):
        _interpolated(compose(), {"GRAFANA_ADMIN_PASSWORD": "admin"})


def test_metrics_are_served_on_the_compose_network_and_servers_trust_only_it() -> None:
    loaded = compose()
    environment = loaded["x-speedgamez"]["environment"]
    assert environment["SPEEDGAMEZ_METRICS_HOST"] == "0.0.0.0"
    assert environment["SPEEDGAMEZ_AI_MIN_THINK_MS"] == "400", "servers and workers alike"
    for name in ("server", "ai_worker", "redis"):
        assert "ports" not in loaded["services"][name], f"{name} must not be published"
    trusted = loaded["services"]["server"]["environment"]["SPEEDGAMEZ_TRUSTED_PROXIES"].split(",")
    for network in trusted:
        assert ipaddress.ip_network(network).is_private, network


def test_workers_report_health_by_their_heartbeat_and_servers_by_readiness() -> None:
    services = compose()["services"]
    worker = services["ai_worker"]
    heartbeat = worker["environment"]["SPEEDGAMEZ_WORKER_HEARTBEAT_FILE"]
    test = worker["healthcheck"]["test"]
    assert test[:4] == ["CMD", "python", "-m", "server.healthcheck"]
    assert test[test.index("--heartbeat") + 1] == heartbeat and "--max-age" in test
    assert services["server"]["healthcheck"]["test"][-1] == "localhost:50051"


def test_tls_certificate_is_made_once_and_real_ones_can_be_mounted() -> None:
    services = compose()["services"]
    tls, nginx = services["tls"], services["nginx"]
    assert (
        tls["restart"] == "no" and nginx["depends_on"]["tls"]["condition"] == "service_completed_successfully"
    )
    script = "./nginx/self-signed-cert.sh:/usr/local/bin/self-signed-cert.sh:ro"
    assert script in tls["volumes"] and (DEPLOY / "nginx" / "self-signed-cert.sh").exists()
    assert tls["command"] == ["sh", "/usr/local/bin/self-signed-cert.sh", "/tls"]
    # The same volume (or TLS_CERT_DIR, a directory with real files) in both.
    assert "${TLS_CERT_DIR:-tls}:/tls" in tls["volumes"]
    assert "${TLS_CERT_DIR:-tls}:/etc/nginx/tls:ro" in nginx["volumes"]
    assert "./nginx/site:/etc/nginx/site:ro" in nginx["volumes"]
    assert "./nginx/nginx.conf:/etc/nginx/nginx.conf:ro" in nginx["volumes"]
    conf = (DEPLOY / "nginx" / "nginx.conf").read_text()
    assert "ssl_certificate tls/tls.crt;" in conf and "ssl_certificate_key tls/tls.key;" in conf


# A variable as compose interpolates it: ${NAME}, ${NAME:-default}, ${NAME:?error}.
_VARIABLE = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?::(?P<kind>[-?])(?P<argument>[^}]*))?\}")


def _interpolated(value: Any, variables: dict[str, str]) -> Any:
    """``value`` (the loaded file or a part of it) with its variables replaced as compose
    does; a required variable unset or empty is an error that names it."""
    if isinstance(value, dict):
        return {key: _interpolated(item, variables) for key, item in value.items()}
    if isinstance(value, list):
        return [_interpolated(item, variables) for item in value]
    if not isinstance(value, str):
        return value

    def replace(match: re.Match[str]) -> str:
        name, kind, argument = match.group("name", "kind", "argument")
        if variables.get(name):
            return variables[name]
        if kind == "?":
            raise ValueError(f"required variable {name} is missing a value: {argument}")
        return argument if kind == "-" else ""

    return _VARIABLE.sub(replace, value)


def _bytes(size: str) -> int:
    """A size as compose (1g) and Redis (800mb) write it: binary units."""
    parsed = re.fullmatch(r"(\d+)([kmg]?)b?", size.lower())
    assert parsed is not None, size
    return int(parsed.group(1)) * 1024 ** " kmg".index(parsed.group(2) or " ")


def _merged(loaded: dict[str, Any], service: dict[str, Any]) -> dict[str, Any]:
    """A service with the YAML merge keys resolved (PyYAML resolves them on load)."""
    del loaded
    return service


def _words(expression: str) -> list[str]:
    for separator in "(){}[],=":
        expression = expression.replace(separator, " ")
    return expression.split()
