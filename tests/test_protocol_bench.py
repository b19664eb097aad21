"""The protocol benchmark runs and reports every call over every protocol (no timings are
asserted: its numbers are for the README)."""

from __future__ import annotations

from tests.support.commands import run_tool
from tools.protocol_bench import PROTOCOLS


def test_the_protocol_benchmark_reports_each_call_over_each_protocol() -> None:
    output = run_tool("tools.protocol_bench", "--seconds", "0.2", "--concurrency", "2")
    # Each line: two spaces, the call in 10 columns, a space, the protocol in 17.
    reported = {(line[2:12].strip(), line[13:30].strip()) for line in output.splitlines()[1:]}
    assert reported == {
        (call, protocol) for call in ("ListGames", "GetPlayer", "GetTable") for protocol in PROTOCOLS
    }
