"""Running scripts/up and the functions of scripts/lib.sh as a user would, in isolation.

Tests that set things up work in a temporary copy of the project (its own ROOT, so its own
``.venv``); tests of scripts/up give it free ports and a run directory of their own, which
is how they find (and, whatever happens, end) every process a run started: ``processes_of``.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from tools.processes import ROOT, free_port

PORT_VARIABLES = (
    "SPEEDGAMEZ_PORT",
    "SPEEDGAMEZ_HTTP_PORT",
    "REDIS_PORT",
    "SERVER_METRICS_PORT",
    "WORKER1_METRICS_PORT",
    "WORKER2_METRICS_PORT",
)
# Left out of a copy of the project: what setting it up makes, and what is not needed.
NOT_COPIED = shutil.ignore_patterns(
    ".git",
    ".venv",
    ".run",
    "build",
    "dist",
    "*.egg-info",
    "*.so",
    "solver.c",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "node_modules",
)


def scripts_copy(directory: Path) -> Path:
    """A ROOT with only the scripts and pyproject.toml: enough for the checks and the setup logic."""
    shutil.copytree(ROOT / "scripts", directory / "scripts")
    shutil.copy2(ROOT / "pyproject.toml", directory / "pyproject.toml")
    return directory


def project_copy(directory: Path) -> Path:
    """A ROOT with the whole project's sources, nothing built."""
    shutil.copytree(ROOT, directory, ignore=NOT_COPIED)
    return directory


def up_env(run_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a scripts/up run: every port free, logs and Redis data in run_dir."""
    env = dict(os.environ)
    ports: set[int] = set()
    while len(ports) < len(PORT_VARIABLES):
        ports.add(free_port())
    for variable, port in zip(PORT_VARIABLES, sorted(ports), strict=True):
        env[variable] = str(port)
    env["SPEEDGAMEZ_RUN_DIR"] = str(run_dir)
    env.update(extra)
    return env


def run_up(root: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """scripts/up run to its end, for the runs that refuse to start."""
    # The bound is for a hang only: a refusal takes well under a second.
    return subprocess.run(
        ["bash", str(root / "scripts" / "up")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def lib(
    root: Path, commands: str, env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``commands`` in bash after sourcing root's scripts/lib.sh, as the scripts do."""
    return subprocess.run(
        ["bash", "-c", f"set -euo pipefail; source scripts/lib.sh; {commands}"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def write_executable(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)
    return path


def old_python(path: Path) -> Path:
    """A stand-in for an interpreter too old for the project: it reports Python 3.10.12.

    Like a real one, ``-m venv DIR`` makes an environment (an empty one here)."""
    return write_executable(
        path,
        """#!/bin/sh
# A stand-in for Python 3.10.12.
case "$1" in
    -c) echo 3.10.12 ;;
    -V | --version) echo "Python 3.10.12" ;;
    -m)
        if [ "$2" = venv ]; then
            shift $(($# - 1))
            mkdir -p "$1/bin" && echo "version = 3.10.12" >"$1/pyvenv.cfg"
        fi
        ;;
esac
""",
    )


def stand_in_python(path: Path, pip_log: Path) -> Path:
    """A stand-in for a good interpreter: this very Python, except that ``-m venv DIR`` makes an
    environment whose ``python -m pip ...`` only appends its arguments to pip_log (and fails
    while the file ``<pip_log>.fail`` exists)."""
    real = sys.executable
    return write_executable(
        path,
        f"""#!/bin/bash
# A stand-in for a good Python: the real one, but environments with a stand-in pip.
if [ "$1" = -m ] && [ "$2" = venv ]; then
    venv="${{@: -1}}"
    mkdir -p "$venv/bin" || exit 1
    echo "version = 3.11" >"$venv/pyvenv.cfg"
    cat >"$venv/bin/python" <<'PY'
#!/bin/bash
if [ "$1" = -m ] && [ "$2" = pip ]; then
    echo "${{*:3}}" >>'{pip_log}'
    [ ! -e '{pip_log}.fail' ] || {{ echo "pip: failing on purpose" >&2; exit 1; }}
    exit 0
fi
exec '{real}' "$@"
PY
    chmod +x "$venv/bin/python"
    exit 0
fi
exec '{real}' "$@"
""",
    )


def lines_in_order(output: str, patterns: list[str]) -> bool:
    """Whether lines matching the patterns appear in this order (other lines between them)."""
    lines = iter(output.splitlines())
    return all(any(re.search(pattern, line) for line in lines) for pattern in patterns)


def processes_of(env: dict[str, str]) -> list[int]:
    """The processes of a scripts/up run with this environment: scripts/up and all it started.

    They inherit SPEEDGAMEZ_RUN_DIR, but Redis writes its title over its environment: it is
    found by its title (which names its port) or its working directory (the run directory)."""
    marker = f"SPEEDGAMEZ_RUN_DIR={env['SPEEDGAMEZ_RUN_DIR']}".encode()
    redis_title = f"redis-server 127.0.0.1:{env['REDIS_PORT']}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            title = (entry / "cmdline").read_bytes()
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if (
            marker in environ.split(b"\0")
            or title.startswith(redis_title)
            or cwd.removesuffix(" (deleted)") == env["SPEEDGAMEZ_RUN_DIR"]
        ):
            found.append(int(entry.name))
    return found


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


class Up:
    """scripts/up running in a session of its own, as in a terminal; its output is collected.

    Use it in a with statement: at the end scripts/up and every process it started is gone."""

    def __init__(self, env: dict[str, str], root: Path = ROOT) -> None:
        # In the project itself scripts/up must find the setup done: a test must not install
        # into the project's .venv or compile its solver while other things use them.
        ready = lib(root, 'venv_complete && venv_current "" && solver_current', env)
        if ready.returncode != 0:
            pytest.fail(f"{root}/.venv is not set up or the solver not compiled: run scripts/test first")
        self.env = env
        # Started through Python so that SIGINT is at its default even if this test run
        # ignores it (bash cannot trap a signal that was ignored when it started).
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                "os.execv('/bin/bash', ['bash', sys.argv[1]])",
                str(root / "scripts" / "up"),
            ],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.lines: list[str] = []
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def __enter__(self) -> Up:
        return self

    def __exit__(self, *exc_info: object) -> None:
        try:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(30)
        finally:
            kill_all(processes_of(self.env))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def _has(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    def wait_for_line(self, text: str, timeout: float) -> None:
        """Until a line containing text appears; fails if scripts/up ends first or time is up."""
        with self._changed:
            self._changed.wait_for(lambda: self._has(text) or not self._reader.is_alive(), timeout)
            if not self._has(text):
                raise AssertionError(f"no line with {text!r} from scripts/up:\n{self.output()}")

    def interrupt(self) -> None:
        """Ctrl-C in its terminal: SIGINT to its foreground process group."""
        os.killpg(self.process.pid, signal.SIGINT)

    def wait(self, timeout: float) -> int:
        status = self.process.wait(timeout)
        self._reader.join(timeout)
        return status

    def output(self) -> str:
        with self._changed:
            return "\n".join(self.lines)


@contextmanager
def cleaned_up(env: dict[str, str]) -> Iterator[None]:
    """Whatever happens, end every process of the scripts/up run with this environment."""
    try:
        yield
    finally:
        kill_all(processes_of(env))
