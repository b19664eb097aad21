"""The setup of scripts/up and scripts/test (scripts/lib.sh): the interpreter is checked first,
a venv is used only once it is complete, and every step says what it does.

These run the real functions on a temporary copy of the scripts, with stand-ins for the
interpreter, pip and apt-get where the real ones would take minutes or change the machine."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.scripts.support import (
    lib,
    lines_in_order,
    old_python,
    scripts_copy,
    stand_in_python,
    up_env,
    write_executable,
)

STEPS = [
    r"^creating the Python environment \.venv with Python 3\.\d+\.\d+ \(.*\) \.\.\.$",
    r"^installing Python packages into \.venv \(pip\): setuptools cython grpcio "
    r".*prometheus-client .*tzdata.* \.\.\.$",
    r"^compiling the solver \(Cython\) and installing speedgamez into \.venv \(pip install -e \.\) \.\.\.$",
]


def test_up_refuses_python_older_than_3_11_before_anything_else(tmp_path: Path) -> None:
    root = scripts_copy(tmp_path / "root")
    python = old_python(tmp_path / "bin" / "python3")
    env = up_env(tmp_path / "run", PATH=f"{python.parent}:{os.environ['PATH']}")
    env.pop("PYTHON", None)
    result = subprocess.run(
        ["bash", "scripts/up"], cwd=root, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 1, result
    assert result.stderr.splitlines() == [
        f"{python} (python3 on PATH) is Python 3.10.12, but speedgamez needs Python 3.11 or newer.",
        "Install one (Debian/Ubuntu: sudo apt-get install python3.11 python3.11-venv python3.11-dev)",
        "and point the scripts at it with PYTHON, e.g. PYTHON=/usr/bin/python3.11 scripts/up",
    ]
    assert result.stdout == ""
    assert not (root / ".venv").exists()
    assert not (tmp_path / "run").exists()


def test_the_python_variable_chooses_the_interpreter(tmp_path: Path) -> None:
    root = scripts_copy(tmp_path / "root")
    python = old_python(tmp_path / "old" / "python3.10")
    result = lib(root, 'ensure_venv ""', dict(os.environ, PYTHON=str(python)))
    assert result.returncode != 0
    assert f"{python} (PYTHON={python}) is Python 3.10.12, but speedgamez needs Python 3.11" in result.stderr
    assert not (root / ".venv").exists()

    result = lib(root, 'ensure_venv ""', dict(os.environ, PYTHON=str(tmp_path / "missing")))
    assert result.returncode != 0
    assert f"Python not found (PYTHON={tmp_path / 'missing'}): speedgamez needs Python 3.11" in result.stderr
    assert not (root / ".venv").exists()


def test_a_venv_whose_setup_failed_is_built_again_not_reused(tmp_path: Path) -> None:
    root = scripts_copy(tmp_path / "root")
    pip_log = tmp_path / "pip.log"
    env = dict(os.environ, PYTHON=str(stand_in_python(tmp_path / "bin" / "python3", pip_log)))

    # The first setup fails in pip (as when pip refuses, or the network goes away).
    Path(f"{pip_log}.fail").touch()
    result = lib(root, 'ensure_venv ""', env)
    assert result.returncode != 0
    assert (root / ".venv" / "bin" / "python").exists()
    (root / ".venv" / "left-over").touch()

    # The next one does not take that venv for a finished one: it starts again from scratch.
    Path(f"{pip_log}.fail").unlink()
    pip_log.unlink()
    result = lib(root, 'ensure_venv ""', env)
    assert result.returncode == 0, result
    assert lines_in_order(
        result.stdout, [r"^\.venv is incomplete .*: removing it to build it again", *STEPS]
    ), result.stdout
    assert not (root / ".venv" / "left-over").exists()
    assert (root / ".venv" / ".installed").exists()
    installs = pip_log.read_text().splitlines()
    assert len(installs) == 2
    assert "grpcio==1.85.3" in installs[0].split()
    assert installs[1].endswith(f"--no-deps --no-build-isolation -e {root}")

    # Complete and current (pip install -e . leaves the compiled solver): used as it is.
    compiled = root / "ai_worker" / "search" / "solver.cpython-311-x86_64-linux-gnu.so"
    compiled.parent.mkdir(parents=True)
    compiled.touch()
    result = lib(root, 'ensure_venv ""', env)
    assert result.returncode == 0, result
    assert result.stdout == ""
    assert len(pip_log.read_text().splitlines()) == 2


def test_a_venv_left_by_a_too_old_python_is_built_again(tmp_path: Path) -> None:
    """What scripts/up used to leave when python3 was 3.10: a venv where pip refuses to install."""
    root = scripts_copy(tmp_path / "root")
    old = old_python(tmp_path / "old" / "python3")
    venv = root / ".venv"
    subprocess.run([old, "-m", "venv", venv], check=True)
    write_executable(venv / "bin" / "python", old.read_text())
    write_executable(
        venv / "bin" / "pip",
        "#!/bin/sh\n"
        "echo \"ERROR: Package 'speedgamez' requires a different Python: 3.10.12 not in '>=3.11'\"\n"
        "exit 1\n",
    )
    pip_log = tmp_path / "pip.log"
    env = dict(os.environ, PYTHON=str(stand_in_python(tmp_path / "bin" / "python3", pip_log)))
    result = lib(root, 'ensure_venv ""', env)
    assert result.returncode == 0, result
    assert lines_in_order(result.stdout, [r"^\.venv is incomplete", *STEPS]), result.stdout
    assert (venv / "pyvenv.cfg").read_text() == "version = 3.11\n"
    assert (venv / ".installed").exists()


def test_debian_packages_are_installed_step_by_step(tmp_path: Path) -> None:
    root = scripts_copy(tmp_path / "root")
    apt_log = tmp_path / "apt.log"
    fake = tmp_path / "bin"
    write_executable(fake / "apt-get", f'#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >>"{apt_log}"\n')
    write_executable(fake / "sudo", '#!/bin/sh\nexec "$@"\n')
    env = dict(os.environ, PATH=f"{fake}:{os.environ['PATH']}")
    env.pop("DEBIAN_FRONTEND", None)
    result = lib(root, "ensure_packages no-such-command-here some-package sh dash", env)
    assert result.returncode == 0, result
    assert result.stdout.splitlines() == [
        "updating the Debian package lists (apt-get update) ...",
        "installing some-package (apt-get install) ...",
    ]
    assert apt_log.read_text().splitlines() == [
        " update -qq",
        "noninteractive install -y -qq some-package",
    ]
