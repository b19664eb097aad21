"""scripts/up runs the real Redis, server and workers, and stops them in order: the server
and the workers first, Redis last."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import urllib.request
from pathlib import Path

from tests.scripts.support import Up, processes_of, up_env

# Failure bounds only: every wait below ends as soon as its condition holds.
START_SECONDS = 180
STOP_SECONDS = 120
READY = "Press Ctrl-C here to stop everything."


def test_ctrl_c_stops_server_and_workers_then_redis(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    env = up_env(run_dir)
    with Up(env) as up:
        up.wait_for_line(READY, START_SECONDS)
        assert "Or play a Partie against three computer players in another terminal:" in up.output()
        # The page it names is the web client.
        url = re.search(r"open (http://\S+/)", up.output())
        assert url is not None, up.output()
        with urllib.request.urlopen(url.group(1), timeout=30) as page:
            assert b'src="/app.js"' in page.read()
        # The curl it prints answers with the games, as printed.
        curl = next(line.strip() for line in up.output().splitlines() if line.strip().startswith("curl "))
        listed = subprocess.run(["bash", "-c", curl], capture_output=True, text=True, timeout=60, check=True)
        assert "baska_kop" in [game["id"] for game in json.loads(listed.stdout)["games"]]
        up.interrupt()
        status = up.wait(STOP_SECONDS)
        output = up.output()
        assert status == 0, output
        assert "a process stopped" not in output
        after = output.split(READY, 1)[1].splitlines()[1:]
        assert after == ["stopping the server and the AI workers ...", "stopping Redis ...", "stopped"], (
            output
        )
        workers = sorted(run_dir.glob("worker-*.log"))
        assert len(workers) == 2
        for log in workers:
            text = log.read_text()
            assert " ready, metrics on port " in text
            assert "redis unavailable" not in text, text
        assert "shutting down" in (run_dir / "server.log").read_text()
        assert "ready to exit" in (run_dir / "redis.log").read_text()
        assert processes_of(env) == []


def test_a_service_that_dies_is_reported_and_the_rest_stopped(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    env = up_env(run_dir)
    with Up(env) as up:
        up.wait_for_line(READY, START_SECONDS)
        worker = next(
            pid
            for pid in processes_of(env)
            if b"ai_worker" in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        )
        # Its name, in its ready line, ends with its process id.
        number = next(n for n in (1, 2) if f"-{worker} ready" in (run_dir / f"worker-{n}.log").read_text())
        os.kill(worker, signal.SIGKILL)
        status = up.wait(STOP_SECONDS)
        output = up.output()
        assert status == 1, output
        after = output.split(READY, 1)[1].splitlines()[1:]
        assert after == [
            f"worker-{number} stopped unexpectedly (exit status 137); see {run_dir}/worker-{number}.log",
            "stopping the server and the AI workers ...",
            "stopping Redis ...",
            "stopped",
        ], output
        assert processes_of(env) == []
