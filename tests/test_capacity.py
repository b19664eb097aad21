"""The cost parts of the capacity benchmark (tools/capacity_costs.py) run at their smallest
and print a row for everything they measure (no figure is asserted: they are for the
sizing table)."""

from __future__ import annotations

from tests.support.commands import run_tool


def run(*arguments: str) -> list[str]:
    return run_tool("tools.capacity_costs", *arguments).splitlines()


def rows(lines: list[str], *starts: str) -> list[str]:
    return [start for start in starts if not any(line.startswith(f"  {start}") for line in lines)]


def test_the_actions_part_reports_an_action_a_get_table_and_a_submit_action() -> None:
    lines = run("--only", "actions", "--actions", "8", "--gets", "4", "--clients", "2", "--sample", "2")
    missing = rows(lines, "action (SubmitAction + GetTable)", "GetTable ", "SubmitAction (the difference)")
    assert not missing, "\n".join(lines)
    assert any(line.startswith("  Redis commands per action, most first: ") for line in lines), lines


def test_the_watcher_cost_part_reports_idle_streams_and_the_fan_out() -> None:
    lines = run(
        "--only",
        "watcher-cost",
        "--streams",
        "5",
        "--seconds",
        "0.5",
        "--quiet-seconds",
        "0.5",
        "--moves",
        "2",
    )
    missing = rows(
        lines,
        "no stream (the server's own)",
        "    5 streams",
        "per idle stream",
        "per move, no stream",
        "per move,     5 streams",
        "per move per stream (fan-out)",
    )
    assert not missing, "\n".join(lines)


def test_the_memory_part_reports_each_state_of_a_table() -> None:
    lines = run(
        "--only",
        "memory",
        "--games",
        "baska_kop",
        "--open-tables",
        "2",
        "--played-tables",
        "1",
        "--people-tables",
        "1",
    )
    reported = {tuple(line.split()[:3]) for line in lines if line.startswith("  baska_kop ")}
    assert reported == {
        ("baska_kop", "people", "open"),
        ("baska_kop", "computers", "mid-match"),
        ("baska_kop", "computers", "finished"),
        ("baska_kop", "people", "finished"),
    }, "\n".join(lines)


def test_the_move_cost_part_reports_each_game_and_level_asked_for() -> None:
    lines = run(
        "--only",
        "move-cost",
        "--games",
        "baska_kop",
        "--levels",
        "easy,normal",
        "--move-tables",
        "1",
        "--move-limit",
        "3",
        "--move-seconds",
        "10",
    )
    reported = {tuple(line.split()[:2]) for line in lines if line.startswith("  baska_kop ")}
    assert reported == {("baska_kop", "easy"), ("baska_kop", "normal")}, "\n".join(lines)


def test_the_shards_part_reports_the_queue_master_and_the_others_for_each_game() -> None:
    lines = run(
        "--only", "shards", "--shard-tables", "2", "--shard-seconds", "2", "--shard-games", "baska_kop"
    )
    missing = rows(lines, "baska_kop ")
    assert not missing, "\n".join(lines)
    assert any("holds the slot of {ai}" in line for line in lines), lines
    assert any(line.startswith("  an idle worker costs the queue master ") for line in lines), lines


def test_the_watchers_part_holds_every_stream_and_reports_its_memory_and_redis_commands() -> None:
    lines = run_tool(
        "tools.capacity",
        "--only",
        "watchers",
        "--watchers",
        "10",
        "--watched-tables",
        "2",
        "--idle-seconds",
        "0.5",
    ).splitlines()
    [row] = [line.split() for line in lines if line.startswith("       10 ")]
    # streams, held, RSS, "MB", per stream, "KB", commands/s, p50, "ms", p99, "ms"
    assert row[:2] == ["10", "10"] and row[5] == "KB", lines
