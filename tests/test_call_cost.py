"""The call-cost benchmark (tools/call_cost.py) runs at its smallest and prints every part
and every ratio (no figure is asserted: timings are for the measurements page)."""

from __future__ import annotations

from tests.support.commands import run_tool


def test_the_call_cost_benchmark_prints_each_part_beside_its_echo_and_the_ratios() -> None:
    lines = run_tool("tools.call_cost", "--seconds", "0.3", "--concurrency", "2").splitlines()
    parts = (
        "GetTable of an unchanged table",
        "GetTable rendered (table kept)",
        "GetTable built anew (nothing kept)",
        "echo of ",
        "move (GetTable + SubmitAction)",
        "echo of the move's two replies",
    )
    for part in parts:
        assert any(line.startswith(f"  {part}") and "server CPU" in line for line in lines), (part, lines)
    bystander = "  another server process meanwhile"
    assert any(line.startswith(bystander) and line.endswith("ms per move") for line in lines), lines
    ratios = (
        "GetTable of an unchanged table",
        "GetTable rendered",
        "GetTable built anew",
        "SubmitAction (the move less a GetTable)",
    )
    for ratio in ratios:
        assert any(line.startswith(f"  {ratio}") and line.rstrip().endswith(" ms)") for line in lines), lines
