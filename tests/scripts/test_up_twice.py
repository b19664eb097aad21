"""One scripts/up per run directory: a second one there (as its advice about ports in use
would have it, with other ports) refuses before anything starts, and says where the first
one runs and how to stop it; so does one after a scripts/up that was killed while its
services still run."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
from pathlib import Path

from tests.deploy.support import wait_for
from tests.scripts.support import Up, processes_of, run_up, up_env
from tools.processes import ROOT

# Failure bounds only: every wait below ends as soon as its condition holds.
START_SECONDS = 180
STOP_SECONDS = 60
READY = "Press Ctrl-C here to stop everything."


def free(port: str) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", int(port)))
        except OSError:
            return False
    return True


def test_a_second_up_in_a_run_directory_in_use_refuses_and_says_where_the_first_one_runs(
    tmp_path: Path,
) -> None:
    run_dir = tmp_path / "run"
    env = up_env(run_dir)
    with Up(env) as up:
        up.wait_for_line(READY, START_SECONDS)
        logs = {log.name: log.read_text() for log in run_dir.glob("*.log")}
        redis_files = sorted(path.name for path in run_dir.rglob("*") if "appendonly" in path.name)

        second_env = up_env(run_dir)
        second = run_up(ROOT, second_env)
        assert second.returncode == 1, second
        assert second.stdout == ""
        assert second.stderr.splitlines()[:2] == [
            f"speedgamez is already running from {run_dir}/: scripts/up (process {up.process.pid}) "
            f"started it, the server on 127.0.0.1:{env['SPEEDGAMEZ_PORT']} and Redis on "
            f"127.0.0.1:{env['REDIS_PORT']}; its logs are in {run_dir}/.",
            f"Stop it with Ctrl-C in its terminal, or with: kill {up.process.pid}",
        ], second.stderr
        assert "SPEEDGAMEZ_RUN_DIR=" in second.stderr.splitlines()[-1]
        # Nothing of the second one started; the first one's logs and data are its own.
        assert all(free(second_env[variable]) for variable in ("REDIS_PORT", "SPEEDGAMEZ_PORT"))
        for name, text in logs.items():
            assert (run_dir / name).read_text().startswith(text), name
        assert sorted(path.name for path in run_dir.rglob("*") if "appendonly" in path.name) == redis_files

        # scripts/up killed outright: its services run on, and still hold the directory.
        os.kill(up.process.pid, signal.SIGKILL)
        up.wait(STOP_SECONDS)
        services = processes_of(env)
        assert len(services) == 4
        third = run_up(ROOT, up_env(run_dir))
        assert third.returncode == 1, third
        assert third.stderr.startswith(
            "speedgamez services of a scripts/up that ended without stopping them still run from "
            f"{run_dir}/: redis (process "
        ), third.stderr
        stop = third.stderr.splitlines()[-1]
        assert re.fullmatch(r"Stop them with: kill( \d+){4}", stop), third.stderr
        assert sorted(int(pid) for pid in stop.split()[4:]) == sorted(services)
        # What it says stops them, and then the directory is free again.
        subprocess.run(stop.removeprefix("Stop them with: "), shell=True, check=True)
        wait_for(lambda: processes_of(env) == [], "the services to stop", STOP_SECONDS)
