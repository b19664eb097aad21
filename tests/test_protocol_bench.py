"""The protocol benchmark runs and reports every call over every protocol (no timings are
asserted: its numbers are for the README)."""

from __future__ import annotations

import subprocess
import sys

from tools.processes import ROOT
from tools.protocol_bench import PROTOCOLS


def test_the_protocol_benchmark_reports_each_call_over_each_protocol() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.protocol_bench", "--seconds", "0.2", "--concurrency", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Each line: two spaces, the call in 10 columns, a space, the protocol in 17.
    reported = {(line[2:12].strip(), line[13:30].strip()) for line in result.stdout.splitlines()[1:]}
    assert reported == {
        (call, protocol) for call in ("ListGames", "GetPlayer", "GetTable") for protocol in PROTOCOLS
    }
