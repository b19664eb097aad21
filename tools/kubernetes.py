"""The Kubernetes manifests rendered into one file: ``python -m tools.kubernetes``.

``deploy/kubernetes/production.yaml`` is what ``kubectl kustomize
deploy/kubernetes/overlays/production`` prints, under a header that says so. It is
committed, so that an operator reads (or applies) the whole deployment in one file and
the tests check exactly that; a test fails when it is stale. Run this after changing a
manifest (it needs kubectl 1.27 or newer, whose kustomize is v5).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KUBERNETES = ROOT / "deploy" / "kubernetes"
OVERLAY = KUBERNETES / "overlays" / "production"
RENDERED = KUBERNETES / "production.yaml"
HEADER = (
    "# Rendered by `python -m tools.kubernetes` (kubectl kustomize deploy/kubernetes/overlays/production).\n"
    "# Do not edit: change the manifests under base/, redis/ and overlays/, then render again.\n"
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


def main() -> None:
    RENDERED.write_text(render())
    print(f"wrote {RENDERED.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
