"""Running the project's own command-line tools as a user does."""

from __future__ import annotations

import subprocess
import sys

from tools.processes import ROOT


def run_tool(module: str, *arguments: str) -> str:
    """``python -m module arguments`` from the project's root; its output, once it exited 0."""
    result = subprocess.run(
        [sys.executable, "-m", module, *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout
