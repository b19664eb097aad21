"""deploy/docker-compose.yml is valid by the compose specification, passes a compose
linter, exposes nothing but the TLS front door beyond this host, and is wired as intended."""

from __future__ import annotations

import ipaddress
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import yaml

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
    assert services["redis"]["command"][:3] == ["redis-server", "--appendonly", "yes"]
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
                base = word.removesuffix("_bucket").removesuffix("_total")
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
    loaded = compose()
    secret = re.compile(r"PASSWORD|SECRET|TOKEN|_KEY$")
    required = re.compile(r"^\$\{[A-Z0-9_]+:\?[^}]+\}$")
    found = []
    for name, service in loaded["services"].items():
        environment = _merged(loaded, service).get("environment", {})
        assert isinstance(environment, dict), f"{name}: write environment as a mapping"
        for key, value in environment.items():
            if secret.search(key):
                found.append(key)
                assert required.match(str(value)), (
                    f"{name}: {key} must be required (${{VAR:?...}}), not {value!r}"
                )
    assert found == ["GF_SECURITY_ADMIN_PASSWORD"]
    grafana = loaded["services"]["grafana"]["environment"]
    assert grafana["GF_AUTH_ANONYMOUS_ENABLED"] == "false"
    assert grafana["GF_SECURITY_ADMIN_PASSWORD"].startswith("${GRAFANA_ADMIN_PASSWORD:?")


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


def _merged(loaded: dict[str, Any], service: dict[str, Any]) -> dict[str, Any]:
    """A service with the YAML merge keys resolved (PyYAML resolves them on load)."""
    del loaded
    return service


def _words(expression: str) -> list[str]:
    for separator in "(){}[],=":
        expression = expression.replace(separator, " ")
    return expression.split()
