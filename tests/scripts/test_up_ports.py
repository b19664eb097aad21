"""scripts/up checks every port it will use before it installs or starts anything."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.scripts.support import PORT_VARIABLES, cleaned_up, processes_of, run_up, scripts_copy, up_env


@pytest.mark.parametrize("variable", PORT_VARIABLES)
def test_a_port_in_use_is_refused_before_anything_starts(tmp_path: Path, variable: str) -> None:
    root = scripts_copy(tmp_path / "root")
    run_dir = tmp_path / "run"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = up_env(run_dir, **{variable: str(port)})
        with cleaned_up(env):
            result = run_up(root, env)
        assert result.returncode == 1, result
        assert f"port {port} is in use; choose another with {variable}=... scripts/up" in result.stderr
        # Refused first: nothing installed, created or started.
        assert result.stdout == ""
        assert not (root / ".venv").exists()
        assert not run_dir.exists()
        assert processes_of(env) == []


def test_metrics_ports_are_configurable_and_0_means_any(tmp_path: Path) -> None:
    """The metrics ports may be 0 (the process picks one); other values are checked."""
    root = scripts_copy(tmp_path / "root")
    run_dir = tmp_path / "run"
    env = up_env(run_dir, SERVER_METRICS_PORT="0", WORKER1_METRICS_PORT="x1", WORKER2_METRICS_PORT="0")
    with cleaned_up(env):
        result = run_up(root, env)
    assert result.returncode == 1, result
    assert result.stderr.splitlines() == [
        "WORKER1_METRICS_PORT=x1 is no port number; choose one with WORKER1_METRICS_PORT=... scripts/up"
    ]
    assert not run_dir.exists()
