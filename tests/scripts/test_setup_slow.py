"""The whole setup for real, in a copy of the project: a venv, the packages, the compiled solver."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.scripts.support import lib, lines_in_order, project_copy

STEPS = [
    r"^\.venv is incomplete \(a setup failed or was interrupted\): removing it to build it again \.\.\.$",
    r"^creating the Python environment \.venv with Python 3\.\d+\.\d+ \(.*\) \.\.\.$",
    r"^installing Python packages into \.venv \(pip\): setuptools cython grpcio "
    r".*prometheus-client tzdata \.\.\.$",
    r"^compiling the solver \(Cython\) and installing speedgamez into \.venv \(pip install -e \.\) \.\.\.$",
]


@pytest.mark.slow
def test_setup_says_each_step_and_replaces_a_broken_venv(tmp_path: Path) -> None:
    root = project_copy(tmp_path / "root")
    # What python3 -m venv leaves on Debian without python3-venv: an interpreter, no pip.
    subprocess.run(["python3", "-m", "venv", "--without-pip", root / ".venv"], check=True)
    env = dict(os.environ)
    env.pop("PYTHON", None)

    result = lib(root, 'ensure_venv ""', env, timeout=900)
    assert result.returncode == 0, result
    assert lines_in_order(result.stdout, STEPS), result.stdout
    assert (root / ".venv" / ".installed").exists()
    solver = subprocess.run(
        [root / ".venv" / "bin" / "python", "-c", "import ai_worker.search.solver as s; print(s.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert solver.stdout.startswith(str(root / "ai_worker" / "search" / "solver.")), solver.stdout
    assert solver.stdout.strip().endswith(".so"), solver.stdout

    # Complete: the next run uses it as it is, silently.
    result = lib(root, 'ensure_venv ""', env, timeout=300)
    assert result.returncode == 0, result
    assert result.stdout == ""
