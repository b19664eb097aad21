"""Prometheus' configuration and alert rules: promtool accepts them, the rules behave as
their unit tests (alerts_test.yml) say, and they use only metrics and labels that exist."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import yaml

from tools.processes import binary

ROOT = Path(__file__).resolve().parents[2]
PROMETHEUS = ROOT / "deploy" / "prometheus"
RULES = PROMETHEUS / "alerts.yml"
UNIT_TESTS = Path(__file__).with_name("alerts_test.yml")
# Labels every scraped series has, besides its own.
TARGET_LABELS = {"job", "instance"}


def promtool(*args: str) -> subprocess.CompletedProcess[str]:
    # promtool comes with Debian's prometheus package (scripts/test installs it).
    return subprocess.run([binary("promtool"), *args], capture_output=True, text=True, timeout=120)


def rules() -> list[dict[str, Any]]:
    loaded = yaml.safe_load(RULES.read_text())
    return [rule for group in loaded["groups"] for rule in group["rules"]]


def test_promtool_accepts_the_configuration_with_its_rule_files() -> None:
    config = yaml.safe_load((PROMETHEUS / "prometheus.yml").read_text())
    assert config["rule_files"] == ["alerts.yml"]
    checked = promtool("check", "config", str(PROMETHEUS / "prometheus.yml"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "1 rule files found" in checked.stdout + checked.stderr
    checked = promtool("check", "rules", str(RULES))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_alert_rules_fire_as_their_unit_tests_say(tmp_path: Path) -> None:
    # promtool compares annotations verbatim: the unit tests state labels and timing and
    # run against the rules without annotations (`check rules` covers their templates).
    loaded = yaml.safe_load(RULES.read_text())
    for group in loaded["groups"]:
        for rule in group["rules"]:
            rule.pop("annotations", None)
    (tmp_path / "alerts.yml").write_text(yaml.safe_dump(loaded, sort_keys=False))
    shutil.copyfile(UNIT_TESTS, tmp_path / UNIT_TESTS.name)
    tested = promtool("test", "rules", str(tmp_path / UNIT_TESTS.name))
    assert tested.returncode == 0, tested.stdout + tested.stderr

    # Every alert has at least one case in which it fires.
    cases = yaml.safe_load(UNIT_TESTS.read_text())["tests"]
    firing = {
        check["alertname"] for case in cases for check in case["alert_rule_test"] if check["exp_alerts"]
    }
    assert firing == {rule["alert"] for rule in rules()}


def test_every_alert_has_a_severity_and_says_what_to_do() -> None:
    names = [rule["alert"] for rule in rules()]
    assert len(names) == len(set(names))
    for rule in rules():
        assert rule["labels"]["severity"] in ("warning", "critical"), rule["alert"]
        assert rule["annotations"]["summary"] and rule["annotations"]["description"], rule["alert"]


def test_the_alert_rules_use_only_metrics_and_labels_of_server_metrics() -> None:
    from server import metrics

    collectors = {
        collector._name: collector for collector in vars(metrics).values() if hasattr(collector, "_name")
    }
    used_metrics: set[str] = set()
    for rule in rules():
        expression = rule["expr"]
        for selector in re.finditer(r"(speedgamez_[a-z_]+)(\{[^}]*\})?", expression):
            name, matchers = selector.group(1), selector.group(2) or ""
            base = re.sub(r"_(total|bucket|count|sum)$", "", name)
            assert base in collectors, f"{rule['alert']}: {name} is not a metric of server/metrics.py"
            used_metrics.add(base)
            collector = collectors[base]
            known = set(collector._labelnames) | TARGET_LABELS
            if name.endswith("_bucket"):
                known.add("le")
            for label in re.findall(r"([a-z_]+)\s*(?:=~|!~|!=|=)", matchers):
                assert label in known, f"{rule['alert']}: {name} has no label {label!r}"
        for grouping in re.findall(r"by\s*\(([^)]*)\)", expression):
            for label in (part.strip() for part in grouping.split(",")):
                assert any(
                    label in set(collectors[metric]._labelnames) | TARGET_LABELS | {"le"}
                    for metric in used_metrics
                ), f"{rule['alert']}: no metric of the rule has the label {label!r}"
    # What the operators asked alerts for.
    assert {
        "speedgamez_worker_heartbeat_timestamp_seconds",
        "speedgamez_rpc_requests",
        "speedgamez_rpc_duration_seconds",
        "speedgamez_redis_errors",
        "speedgamez_ai_jobs_waiting",
        "speedgamez_ai_job_wait_seconds",
        "speedgamez_ai_jobs_dead_lettered",
        "speedgamez_ai_jobs_reclaimed",
        "speedgamez_watch_streams",
    } <= used_metrics
