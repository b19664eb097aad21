"""The Kubernetes manifests (deploy/kubernetes/) as a cluster would take them.

Every document, as written and as rendered, is valid against the schemas of current
Kubernetes releases (kubernetes-validate, offline, strict: an unknown field is an error).
The custom resources (KEDA, Gateway API, Prometheus Operator, Redis Operator) are held to
what the service needs by structural checks: each reference points at something that
exists, and each name, port and metric is the one the code uses. The policy scan
(checkov) finds nothing but the findings justified below. The rendered file is current.

A summary goes to test-artifacts/kubernetes-validation.md.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from grpc_health.v1 import health

from server import keys, reflection
from server import metrics as server_metrics
from speedgamez.v1 import table_service_pb2
from tools import capacity_model
from tools import kubernetes as rendering
from tools.processes import binary

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCES = sorted(
    path
    for path in (ROOT / "deploy" / "kubernetes").rglob("*.yaml")
    if path.name != "kustomization.yaml" and path != rendering.RENDERED
)
ARTIFACT = ROOT / "test-artifacts" / "kubernetes-validation.md"
# The releases an operator may run: the three newest the validator knows.
KUBERNETES_VERSIONS = ("1.35.0", "1.36.0", "1.37.0")
SERVICE = table_service_pb2.DESCRIPTOR.services_by_name["TableService"]

# checkov findings that stay, each with the reason.
JUSTIFIED = {
    "CKV_K8S_43": "Image should use digest: the image is the one deploy/Dockerfile builds and the "
    "operator pushes; its digest exists only then. The overlay's images entry says to pin it "
    "(digest: sha256:...).",
    "CKV_K8S_15": "Image Pull Policy should be Always: with the image pinned by digest, IfNotPresent "
    "runs the same build and lets a pod start on a node while the registry is down.",
}


def documents(path: Path) -> list[dict[str, Any]]:
    return [document for document in yaml.safe_load_all(path.read_text()) if document]


def rendered() -> list[dict[str, Any]]:
    return documents(rendering.RENDERED)


def of_kind(kind: str) -> list[dict[str, Any]]:
    return [document for document in rendered() if document["kind"] == kind]


def one(kind: str, name: str) -> dict[str, Any]:
    matches = [document for document in of_kind(kind) if document["metadata"]["name"] == name]
    assert len(matches) == 1, f"expected one {kind} {name}, found {len(matches)}"
    return matches[0]


def settings() -> dict[str, str]:
    data: dict[str, str] = one("ConfigMap", "speedgamez-settings")["data"]
    return data


def container(deployment: str) -> dict[str, Any]:
    containers = one("Deployment", deployment)["spec"]["template"]["spec"]["containers"]
    assert len(containers) == 1
    found: dict[str, Any] = containers[0]
    return found


def walk(node: object) -> Iterator[object]:
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def write_artifact(section: str, text: str) -> None:
    ARTIFACT.parent.mkdir(exist_ok=True)
    part = ARTIFACT.with_suffix(f".{section}.md")
    part.write_text(text)
    parts = sorted(ARTIFACT.parent.glob(f"{ARTIFACT.stem}.*.md"))
    ARTIFACT.write_text("# Kubernetes manifests: validation\n\n" + "\n".join(p.read_text() for p in parts))


# Rendering ----------------------------------------------------------------------------


def test_the_committed_rendering_is_what_kustomize_builds_from_the_manifests() -> None:
    if rendering.kubectl() is None:
        pytest.skip("kubectl is not installed: the committed rendering is checked as it is")
    assert rendering.RENDERED.read_text() == rendering.render(), (
        "deploy/kubernetes/production.yaml is stale: run python -m tools.kubernetes"
    )


def test_the_alert_rules_are_those_compose_loads() -> None:
    assert rendering.ALERT_RULE.read_text() == rendering.alert_rule(), (
        "deploy/kubernetes/base/alerts.yaml is stale: run python -m tools.kubernetes"
    )
    rule = one("PrometheusRule", "speedgamez")
    assert rule["spec"]["groups"] == yaml.safe_load(rendering.ALERTS.read_text())["groups"]


def test_promtool_accepts_every_rule_of_the_manifests(tmp_path: Path) -> None:
    for rule in of_kind("PrometheusRule"):
        rules = tmp_path / f"{rule['metadata']['name']}.yml"
        rules.write_text(yaml.safe_dump({"groups": rule["spec"]["groups"]}))
        checked = subprocess.run(
            [binary("promtool"), "check", "rules", str(rules)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_every_manifest_file_is_in_a_kustomization() -> None:
    listed = set()
    for kustomization in (ROOT / "deploy" / "kubernetes").rglob("kustomization.yaml"):
        for resource in yaml.safe_load(kustomization.read_text()).get("resources", []):
            listed.add((kustomization.parent / resource).resolve())
    assert {path.resolve() for path in SOURCES} <= listed


# Schemas ------------------------------------------------------------------------------


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_manifest_is_valid_against_the_kubernetes_schemas(version: str) -> None:
    lines = []
    checked = 0
    for path in [*SOURCES, rendering.RENDERED]:
        for document in documents(path):
            if rendering.is_custom(document):
                continue
            kubernetes_validate.validate(document, version, strict=True)
            checked += 1
            lines.append(f"- {path.relative_to(ROOT)}: {document['kind']} {document['metadata']['name']}")
    assert checked > 20
    write_artifact(
        f"schemas-{version}",
        f"## Kubernetes {version} (kubernetes-validate {kubernetes_validate.version.__version__}, strict)\n\n"
        f"{checked} documents valid:\n\n" + "\n".join(lines) + "\n",
    )


def test_no_secret_and_no_password_is_in_the_manifests() -> None:
    text = "\n".join(path.read_text() for path in [*SOURCES, rendering.RENDERED])
    assert not of_kind("Secret")
    assert not re.search(r"redis://[^@\s]*:[^@\s]+@", text), "a Redis URL with a password"
    assert not re.search(r"(?i)(password|requirepass|masterauth)\s*[:=]\s*['\"]?\w{6,}", text)


SCALED_OBJECT_DEFINITION = """
apiVersion: apiextensions.k8s.io/v1
kind: List
items:
  - apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: scaledobjects.keda.sh}
    spec:
      group: keda.sh
      names: {kind: ScaledObject}
      versions:
        - name: v1alpha1
          schema:
            openAPIV3Schema:
              type: object
              properties:
                apiVersion: {type: string}
                kind: {type: string}
                spec:
                  type: object
                  properties:
                    minReplicaCount: {type: integer}
                    advanced: {type: object, x-kubernetes-preserve-unknown-fields: true, properties: {}}
"""


def test_custom_resources_are_checked_against_a_clusters_definitions_refusing_unknown_fields() -> None:
    schemas = rendering.definitions([SCALED_OBJECT_DEFINITION])
    resource = {
        "apiVersion": "keda.sh/v1alpha1",
        "kind": "ScaledObject",
        "metadata": {"name": "workers"},
        "spec": {"minReplicaCount": 1, "advanced": {"anything": 1}},
    }
    assert rendering.check_custom_resources([resource], schemas) == [
        "OK  ScaledObject workers (keda.sh/v1alpha1)"
    ]
    resource["spec"] = {"minReplicaCount": "1", "maxReplicaCunt": 4}
    lines = rendering.check_custom_resources([resource], schemas)
    assert lines[0].startswith("BAD ScaledObject workers")
    assert any("'maxReplicaCunt' was unexpected" in line for line in lines)
    assert any("at spec.minReplicaCount: '1' is not of type 'integer'" in line for line in lines)
    unknown = {**resource, "apiVersion": "keda.sh/v1beta9"}
    assert rendering.check_custom_resources([unknown], schemas) == [
        "BAD ScaledObject workers (keda.sh/v1beta9): no CustomResourceDefinition given for it"
    ]
    # Kubernetes' own kinds are left to kubernetes-validate.
    assert rendering.check_custom_resources([{"apiVersion": "v1", "kind": "Service"}], schemas) == []


# Pods ---------------------------------------------------------------------------------


def test_the_server_is_ready_on_the_table_service_and_live_on_the_empty_service_name() -> None:
    server = container("speedgamez-server")
    assert server["readinessProbe"]["grpc"] == {"port": 50051, "service": SERVICE.full_name}
    assert server["livenessProbe"]["grpc"] == {"port": 50051, "service": ""}
    assert settings()["SPEEDGAMEZ_LISTEN"].endswith(":50051")


@pytest.mark.parametrize("deployment", ["speedgamez-server", "speedgamez-worker"])
def test_a_stopping_pod_has_time_to_leave_the_endpoints_and_drain(deployment: str) -> None:
    pod = one("Deployment", deployment)["spec"]["template"]["spec"]
    grace = pod["terminationGracePeriodSeconds"]
    if deployment == "speedgamez-server":
        pause = container(deployment)["lifecycle"]["preStop"]["sleep"]["seconds"]
        # Endpoint removal reaches the gateway within a few seconds.
        assert pause >= 5
        assert grace > pause + float(settings()["SPEEDGAMEZ_SHUTDOWN_GRACE_S"])
    else:
        # A worker finishes the job at hand: the longest decisions take about 2 s.
        assert grace >= 10


@pytest.mark.parametrize("deployment", ["speedgamez-server", "speedgamez-worker"])
def test_every_pod_has_requests_limits_and_runs_locked_down(deployment: str) -> None:
    pod = one("Deployment", deployment)["spec"]["template"]["spec"]
    found = container(deployment)
    assert set(found["resources"]["requests"]) == {"cpu", "memory"}
    assert set(found["resources"]["limits"]) == {"cpu", "memory"}
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["automountServiceAccountToken"] is False
    assert found["securityContext"] == {
        "allowPrivilegeEscalation": False,
        "readOnlyRootFilesystem": True,
        "capabilities": {"drop": ["ALL"]},
    }
    # The Redis URL comes from the mounted Secret, never from the environment.
    assert "env" not in found
    mounts = {mount["name"]: mount["mountPath"] for mount in found["volumeMounts"]}
    secret = next(volume for volume in pod["volumes"] if volume["name"] == "redis")["secret"]
    assert secret["secretName"] == "speedgamez-redis"
    assert settings()["SPEEDGAMEZ_REDIS_URL_FILE"] == f"{mounts['redis']}/{secret['items'][0]['path']}"


def test_the_worker_is_healthy_while_its_heartbeat_file_is_fresh() -> None:
    worker = container("speedgamez-worker")
    heartbeat = settings()["SPEEDGAMEZ_WORKER_HEARTBEAT_FILE"]
    command = worker["livenessProbe"]["exec"]["command"]
    assert command[:4] == ["python", "-m", "server.healthcheck", "--heartbeat"]
    assert command[4] == heartbeat
    assert heartbeat.startswith("/tmp/")
    assert any(mount["mountPath"] == "/tmp" for mount in worker["volumeMounts"])


def test_disruption_budgets_cover_servers_and_workers() -> None:
    for deployment in ("speedgamez-server", "speedgamez-worker"):
        labels = one("Deployment", deployment)["spec"]["template"]["metadata"]["labels"]
        budget = one("PodDisruptionBudget", deployment)["spec"]
        assert budget["selector"]["matchLabels"].items() <= labels.items()
        assert budget["maxUnavailable"] == 1


# Balancing and the front door -----------------------------------------------------------


def test_grpc_is_balanced_per_request_by_the_gateway_or_per_pod_by_a_headless_service() -> None:
    headless = one("Service", "speedgamez-server-grpc")["spec"]
    assert headless["clusterIP"] == "None"
    assert headless["ports"][0]["port"] == 50051
    routed = set()
    for route in of_kind("GRPCRoute"):
        (rule,) = route["spec"]["rules"]
        assert rule["backendRefs"] == [{"name": "speedgamez-server", "port": 50051}]
        routed |= {
            (match["method"]["service"], match["method"].get("method", "*")) for match in rule["matches"]
        }
    # The contract, its streams apart, and the health and reflection services the server offers.
    offered = {SERVICE.full_name, health.SERVICE_NAME, *reflection.SERVICE_NAMES}
    assert routed == {(service, "*") for service in offered} | {
        (SERVICE.full_name, name) for name in stream_methods()
    }
    ports = {port["port"]: port for port in one("Service", "speedgamez-server")["spec"]["ports"]}
    assert ports[50051]["appProtocol"] == "kubernetes.io/h2c"
    assert settings()["SPEEDGAMEZ_HTTP_LISTEN"].endswith(":8080") and 8080 in ports


def stream_methods() -> set[str]:
    return {method.name for method in SERVICE.methods if method.server_streaming}


def test_the_routes_hang_on_the_gateways_tls_listener_grpc_and_http_under_names_of_their_own() -> None:
    gateway = one("Gateway", "speedgamez")["spec"]
    listener = gateway["listeners"][0]
    assert listener["protocol"] == "HTTPS"
    assert listener["tls"]["certificateRefs"] == [{"kind": "Secret", "name": "speedgamez-tls"}]
    hostnames: dict[str, set[str]] = {}
    for route in [*of_kind("GRPCRoute"), *of_kind("HTTPRoute")]:
        assert route["spec"]["parentRefs"] == [{"name": "speedgamez", "sectionName": listener["name"]}]
        hostnames.setdefault(route["kind"], set()).update(route["spec"]["hostnames"])
    assert len(hostnames["GRPCRoute"]) == len(hostnames["HTTPRoute"]) == 1
    assert not hostnames["GRPCRoute"] & hostnames["HTTPRoute"]


def test_watch_streams_have_no_request_timeout_at_the_gateway_and_other_calls_have_one() -> None:
    paths = {f"/{SERVICE.full_name}/{name}" for name in stream_methods()}
    rules = one("HTTPRoute", "speedgamez-http")["spec"]["rules"]
    unlimited = {
        match["path"]["value"]
        for rule in rules
        if rule["timeouts"]["request"] == "0s"
        for match in rule["matches"]
    }
    assert unlimited == paths
    assert all(
        rule["timeouts"]["request"] != "0s" for rule in rules if rule["matches"][0]["path"]["value"] == "/"
    )
    # GRPCRoute has no timeouts of its own: Envoy Gateway's policies give them.
    timeouts = {
        policy["spec"]["targetRefs"][0]["name"]: policy["spec"]["timeout"]["http"]
        for policy in of_kind("BackendTrafficPolicy")
    }
    watch = one("GRPCRoute", "speedgamez-grpc-watch")["spec"]["rules"][0]["matches"]
    assert {match["method"]["method"] for match in watch} == stream_methods()
    assert (
        timeouts["speedgamez-grpc-watch"]["requestTimeout"]
        == timeouts["speedgamez-grpc-watch"]["maxStreamDuration"]
        == "0s"
    )
    assert timeouts["speedgamez-grpc"]["requestTimeout"] != "0s"


# Network policies -------------------------------------------------------------------------


def policy(name: str) -> dict[str, Any]:
    found: dict[str, Any] = one("NetworkPolicy", name)["spec"]
    return found


def test_everything_in_the_namespace_is_refused_unless_allowed() -> None:
    deny = one("NetworkPolicy", "default-deny")
    assert deny["metadata"]["namespace"] == "speedgamez"
    assert deny["spec"] == {"podSelector": {}, "policyTypes": ["Ingress", "Egress"]}


def test_only_prometheus_reaches_the_metrics_port() -> None:
    allowing_metrics = [
        rule
        for document in of_kind("NetworkPolicy")
        if document["metadata"]["namespace"] == "speedgamez"
        for rule in document["spec"].get("ingress", [])
        if any(port["port"] == "metrics" for port in rule["ports"])
    ]
    assert len(allowing_metrics) == 1
    (source,) = allowing_metrics[0]["from"]
    assert source["podSelector"]["matchLabels"] == {"app.kubernetes.io/name": "prometheus"}
    assert not any(
        port["port"] == "metrics"
        for rule in policy("speedgamez-server-ingress")["ingress"]
        for port in rule["ports"]
    )


def test_only_servers_workers_keda_the_operator_and_the_nodes_themselves_reach_redis() -> None:
    redis_policy = one("NetworkPolicy", "speedgamez-redis")
    assert redis_policy["metadata"]["namespace"] == "speedgamez-redis"
    sources = []
    for rule in redis_policy["spec"]["ingress"]:
        ports = {port["port"] for port in rule["ports"]}
        for source in rule["from"]:
            namespace = (
                source.get("namespaceSelector", {}).get("matchLabels", {}).get("kubernetes.io/metadata.name")
            )
            pods = source.get("podSelector", {}).get("matchLabels", {})
            sources.append((namespace, tuple(sorted(pods.items())), tuple(sorted(ports))))
    assert sorted(sources, key=str) == sorted(
        [
            ("speedgamez", (("app.kubernetes.io/name", "speedgamez"),), (6379,)),
            ("keda", (("app", "keda-operator"),), (6379,)),
            ("redis-operator", (), (6379,)),
            (None, (("redis_setup_type", "cluster"),), (6379, 16379)),
            ("monitoring", (("app.kubernetes.io/name", "prometheus"),), (9121,)),
        ],
        key=str,
    )
    # And the servers and workers may reach Redis (and DNS) only.
    egress = policy("speedgamez-egress")["egress"]
    assert [rule["to"][0]["namespaceSelector"]["matchLabels"] for rule in egress] == [
        {"kubernetes.io/metadata.name": "speedgamez-redis"},
        {"kubernetes.io/metadata.name": "kube-system"},
    ]


# Scaling ------------------------------------------------------------------------------------


def test_servers_scale_by_cpu_and_by_watch_streams_from_two() -> None:
    scaled = one("ScaledObject", "speedgamez-server")["spec"]
    assert scaled["scaleTargetRef"]["name"] == "speedgamez-server"
    assert scaled["minReplicaCount"] >= 2
    triggers = {trigger["name"]: trigger for trigger in scaled["triggers"]}
    assert triggers["cpu"]["type"] == "cpu"
    assert triggers["cpu"]["metricType"] == "Utilization"
    assert "cpu" in container("speedgamez-server")["resources"]["requests"]
    streams = triggers["watch_streams"]["metadata"]
    assert 'speedgamez_watch_streams{job="speedgamez-server"}' in streams["query"]
    # The average a server is scaled to stays under what the capacity alert fires at on one.
    alert = (ROOT / "deploy" / "prometheus" / "alerts.yml").read_text()
    found = re.search(r"max by \(instance\) \(speedgamez_watch_streams\) > (\d+)", alert)
    assert found is not None
    fires_at = int(found.group(1))
    assert int(streams["threshold"]) < fires_at
    assert streams["ignoreNullValues"] == "false"
    assert not of_kind("HorizontalPodAutoscaler"), "two autoscalers would fight over the servers"


def test_workers_scale_on_the_groups_pending_entries_and_the_waiting_jobs_and_their_wait() -> None:
    scaled = one("ScaledObject", "speedgamez-worker")["spec"]
    assert scaled["scaleTargetRef"]["name"] == "speedgamez-worker"
    assert scaled["minReplicaCount"] == 1
    assert scaled["maxReplicaCount"] > scaled["minReplicaCount"]
    triggers = {trigger["name"]: trigger for trigger in scaled["triggers"]}
    # KEDA takes trigger metadata as strings only.
    assert all(
        isinstance(value, str) for trigger in triggers.values() for value in trigger["metadata"].values()
    )
    formula = scaled["advanced"]["scalingModifiers"]["formula"]
    assert set(re.findall(r"[a-z_]+", formula)) - {"max"} == set(triggers)
    authentication = one("TriggerAuthentication", "speedgamez-redis")["spec"]
    assert authentication["secretTargetRef"] == [
        {"parameter": "password", "name": "speedgamez-redis", "key": "password"}
    ]
    redis_name = one("RedisCluster", "speedgamez-redis")["metadata"]["name"]
    leader = f"{redis_name}-leader.speedgamez-redis.svc.cluster.local"
    streams = set()
    for trigger in triggers.values():
        if trigger["type"] == "redis-cluster-streams":
            metadata = trigger["metadata"]
            # Pending entries (XPENDING), not the group's lag: lagCount would switch the scaler.
            assert set(metadata) == {"addresses", "stream", "consumerGroup", "pendingEntriesCount"}
            assert metadata["consumerGroup"] == keys.AI_GROUP
            assert metadata["addresses"] == f"{leader}:6379"
            assert trigger["authenticationRef"] == {"name": "speedgamez-redis"}
            streams.add(metadata["stream"])
        else:
            assert trigger["type"] == "prometheus"
            query = trigger["metadata"]["query"]
            collectors = {
                collector._name: collector
                for collector in vars(server_metrics).values()
                if hasattr(collector, "_name")
            }
            for name in re.findall(r"speedgamez_\w+", query):
                collector = collectors[name.removesuffix("_bucket")]
                labels = set(re.findall(r"([a-z_]+)=~", query)) | set(re.findall(r"by \(([a-z_]+)\)", query))
                assert labels <= {*collector._labelnames, "le"}, (name, labels)
    assert streams == {keys.ai_jobs("people"), keys.ai_jobs("computers")}


def test_prometheus_scrapes_servers_and_workers_under_the_job_names_the_alerts_use() -> None:
    monitor = one("PodMonitor", "speedgamez")["spec"]
    for deployment in ("speedgamez-server", "speedgamez-worker"):
        labels = one("Deployment", deployment)["spec"]["template"]["metadata"]["labels"]
        assert monitor["selector"]["matchLabels"].items() <= labels.items()
        assert any(port["name"] == "metrics" for port in container(deployment)["ports"])
        (relabel,) = monitor["podMetricsEndpoints"][0]["relabelings"]
        job = relabel["replacement"].replace("$1", labels["app.kubernetes.io/component"])
        assert f'job="{job}"' in (ROOT / "deploy" / "prometheus" / "alerts.yml").read_text()


# Redis ----------------------------------------------------------------------------------------


def test_the_redis_cluster_has_a_replica_per_master_persistence_and_no_eviction() -> None:
    cluster = one("RedisCluster", "speedgamez-redis")["spec"]
    assert cluster["clusterSize"] >= 3
    assert (
        cluster["redisLeader"]["replicas"] == cluster["redisFollower"]["replicas"] == cluster["clusterSize"]
    )
    assert cluster["persistenceEnabled"] is True
    assert cluster["kubernetesConfig"]["redisSecret"] == {"name": "speedgamez-redis", "key": "password"}
    config_name = cluster["redisLeader"]["redisConfig"]["additionalRedisConfig"]
    assert cluster["redisFollower"]["redisConfig"]["additionalRedisConfig"] == config_name
    lines = one("ConfigMap", config_name)["data"]["redis-additional.conf"].splitlines()
    assert {"maxmemory-policy noeviction", "appendonly yes", "appendfsync everysec"} <= set(lines)
    assert settings()["SPEEDGAMEZ_REDIS_CLUSTER"] == "true"
    # Masters and replicas apart from each other where the nodes allow.
    for role in ("redisLeader", "redisFollower"):
        (term,) = cluster[role]["affinity"]["podAntiAffinity"][
            "preferredDuringSchedulingIgnoredDuringExecution"
        ]
        assert term["podAffinityTerm"]["labelSelector"]["matchLabels"] == {"redis_setup_type": "cluster"}
    # Its exporter is scraped, and a master filling up is an alert.
    assert one("PodMonitor", "speedgamez-redis")["spec"]["podMetricsEndpoints"][0]["port"] == "redis-exporter"
    assert "SpeedgamezRedisMemoryHigh" in json.dumps(one("PrometheusRule", "speedgamez-redis"))


def test_the_capacity_model_sizes_the_retention_the_manifests_ship() -> None:
    kept_days = int(settings()["SPEEDGAMEZ_KEEP_FINISHED_S"]) / 86400
    assert capacity_model.Scenario().keep_finished_days == kept_days
    (streams,) = [
        trigger
        for trigger in one("ScaledObject", "speedgamez-server")["spec"]["triggers"]
        if trigger["name"] == "watch_streams"
    ]
    assert streams["metadata"]["threshold"] == str(capacity_model.STREAMS_PER_SERVER)


# Policy scan ----------------------------------------------------------------------------------


def test_the_policy_scan_finds_nothing_but_the_justified() -> None:
    checkov = ROOT / ".venv-checkov" / "bin" / "checkov"
    assert checkov.exists(), "checkov is not installed: scripts/test installs it into .venv-checkov"
    scan = subprocess.run(
        [
            str(checkov),
            "--file",
            str(rendering.RENDERED),
            "--framework",
            "kubernetes",
            "--skip-download",
            "--output",
            "json",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    report = json.loads(scan.stdout)
    results = report["results"]
    failed = {(check["check_id"], check["resource"]) for check in results["failed_checks"]}
    unjustified = sorted(finding for finding in failed if finding[0] not in JUSTIFIED)
    summary = report["summary"]
    write_artifact(
        "policy",
        f"## Policy scan (checkov {summary['checkov_version']}, {rendering.RENDERED.relative_to(ROOT)})\n\n"
        f"passed {summary['passed']}, failed {summary['failed']}, resources {summary['resource_count']}\n\n"
        + "\n".join(
            f"- {check_id} {resource}: {JUSTIFIED.get(check_id, 'NOT JUSTIFIED')}"
            for check_id, resource in sorted(failed)
        )
        + "\n",
    )
    assert summary["passed"] > 100
    assert not unjustified, f"checkov findings without a justification: {unjustified}"
