"""The Kubernetes manifests: rendered into one file, and checked against a cluster's CRDs.

    python -m tools.kubernetes                        # render base/alerts.yaml and production.yaml
    python -m tools.kubernetes check-crds FILE ...    # check its custom resources against CRDs

``deploy/kubernetes/production.yaml`` is what ``kubectl kustomize
deploy/kubernetes/overlays/production`` prints, under a header that says so. It is
committed, so that an operator reads (or applies) the whole deployment in one file and
the tests check exactly that; a test fails when it is stale. Render again after changing
a manifest (it needs kubectl 1.27 or newer, whose kustomize is v5).

``deploy/kubernetes/base/alerts.yaml`` carries the alert rules of
``deploy/prometheus/alerts.yml`` (the file compose and the local stack load) as a
PrometheusRule, for the Prometheus Operator; it is written here from that file, and a test
fails when the two differ.

``check-crds`` holds the rendering's custom resources (KEDA, Gateway API, Envoy Gateway,
Prometheus Operator, Redis Operator) to the CustomResourceDefinitions in the files given,
as ``kubectl get crd NAME ... -o yaml`` prints them from a cluster or as the projects
publish them. It is stricter than the API server, which drops unknown fields: here an
unknown field is an error, and so is a custom resource whose definition is missing.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jsonschema
import yaml

ROOT = Path(__file__).resolve().parent.parent
KUBERNETES = ROOT / "deploy" / "kubernetes"
OVERLAY = KUBERNETES / "overlays" / "production"
RENDERED = KUBERNETES / "production.yaml"
ALERTS = ROOT / "deploy" / "prometheus" / "alerts.yml"
ALERT_RULE = KUBERNETES / "base" / "alerts.yaml"
HEADER = (
    "# Rendered by `python -m tools.kubernetes` (kubectl kustomize deploy/kubernetes/overlays/production).\n"
    "# Do not edit: change the manifests under base/, redis/ and overlays/, then render again.\n"
)
# The API groups of the custom resources the manifests use: their schemas are not
# Kubernetes' own.
CUSTOM_GROUPS = (
    "keda.sh",
    "gateway.networking.k8s.io",
    "gateway.envoyproxy.io",
    "monitoring.coreos.com",
    "redis.redis.opstreelabs.in",
)


def kubectl() -> str | None:
    return shutil.which("kubectl")


def render() -> str:
    """The overlay as kustomize builds it, under the header."""
    command = kubectl()
    if command is None:
        raise RuntimeError("kubectl is not installed; it renders the manifests (kubectl kustomize)")
    built = subprocess.run(
        [command, "kustomize", str(OVERLAY)], check=True, capture_output=True, text=True
    ).stdout
    return HEADER + built


def alert_rule() -> str:
    """deploy/prometheus/alerts.yml as a PrometheusRule."""
    groups = yaml.safe_load(ALERTS.read_text())["groups"]
    rule = {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "PrometheusRule",
        "metadata": {
            "name": "speedgamez",
            "labels": {"app.kubernetes.io/name": "speedgamez", "app.kubernetes.io/part-of": "speedgamez"},
        },
        "spec": {"groups": groups},
    }
    return (
        "# The alert rules of deploy/prometheus/alerts.yml (what each means is written there), for\n"
        "# the Prometheus Operator. Written by `python -m tools.kubernetes`; do not edit.\n"
        + yaml.safe_dump(rule, sort_keys=False, width=100)
    )


def is_custom(document: dict[str, Any]) -> bool:
    return str(document["apiVersion"]).split("/")[0] in CUSTOM_GROUPS


def definitions(texts: Iterable[str]) -> dict[tuple[str, str], dict[str, Any]]:
    """The schema of every version of every CRD in ``texts``, by (apiVersion, kind)."""
    found = {}
    for text in texts:
        for document in yaml.safe_load_all(text):
            if not document:
                continue
            for item in document.get("items", [document]) if document.get("kind") == "List" else [document]:
                if item.get("kind") != "CustomResourceDefinition":
                    continue
                group, kind = item["spec"]["group"], item["spec"]["names"]["kind"]
                for version in item["spec"]["versions"]:
                    found[(f"{group}/{version['name']}", kind)] = version["schema"]["openAPIV3Schema"]
    return found


def check_custom_resources(
    documents: Iterable[dict[str, Any]], schemas: dict[tuple[str, str], dict[str, Any]]
) -> list[str]:
    """One line per custom resource: "OK ..." or "BAD ..." with each problem indented below."""
    lines = []
    for document in documents:
        if not is_custom(document):
            continue
        key = (document["apiVersion"], document["kind"])
        name = f"{document['kind']} {document['metadata']['name']} ({document['apiVersion']})"
        if key not in schemas:
            lines.append(f"BAD {name}: no CustomResourceDefinition given for it")
            continue
        # The API server checks metadata itself; what is checked here is the rest.
        schema = closed(schemas[key])
        schema["properties"] = {**schema.get("properties", {}), "metadata": {"type": "object"}}
        problems = sorted(jsonschema.Draft7Validator(schema).iter_errors(document), key=str)
        lines.append(("BAD " if problems else "OK  ") + name)
        lines += [
            f"    at {'.'.join(map(str, problem.absolute_path))}: {problem.message}" for problem in problems
        ]
    return lines


def closed(schema: Any) -> Any:
    """The schema with unknown fields refused wherever it lists the known ones, unless it
    keeps unknown fields on purpose (x-kubernetes-preserve-unknown-fields)."""
    if isinstance(schema, list):
        return [closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    copy = {key: closed(value) for key, value in schema.items()}
    keeps_unknown = copy.get("x-kubernetes-preserve-unknown-fields", False)
    if "properties" in copy and "additionalProperties" not in copy and not keeps_unknown:
        copy["additionalProperties"] = False
    return copy


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command")
    check = commands.add_parser("check-crds", help="check the rendering's custom resources against CRDs")
    check.add_argument("files", nargs="+", type=Path, help="YAML files of CustomResourceDefinitions")
    arguments = parser.parse_args()
    if arguments.command is None:
        ALERT_RULE.write_text(alert_rule())
        RENDERED.write_text(render())
        print(f"wrote {ALERT_RULE.relative_to(ROOT)} and {RENDERED.relative_to(ROOT)}")
        return
    schemas = definitions(path.read_text() for path in arguments.files)
    lines = check_custom_resources(yaml.safe_load_all(RENDERED.read_text()), schemas)
    print("\n".join(lines))
    if any(line.startswith("BAD") for line in lines):
        sys.exit(1)


if __name__ == "__main__":
    main()
