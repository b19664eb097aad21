"""The capacity model's arithmetic (tools/capacity_model.py): each figure follows from the
measured unit costs and the scenario as the printed arithmetic says."""

from __future__ import annotations

import math
import re

from tests.support.commands import run_tool
from tools import capacity_model as model


def figure(lines: list[str], label: str) -> float:
    line = next(line for line in lines if line.strip().startswith(label))
    return float(re.sub(r"[^\d.]", "", line.split("=")[0].removeprefix(f"  {label}").split()[0]))


def test_tables_of_friends_alone_need_no_computer_moves_and_one_worker() -> None:
    lines = model.size(model.Scenario(tables=1000, friends=1.0, person_seconds_per_move=4.0))
    assert figure(lines, "people's actions") == 250  # 1,000 tables, a move every 4 s
    assert figure(lines, "computers' moves") == 0
    assert figure(lines, "watch streams") == 4000
    # 4,000 streams / 700, more than CPU asks.
    assert figure(lines, "pods") == 6
    workers = [line for line in lines if line.strip().startswith("pods")][1]
    assert workers.split()[1] == "1"
    assert any("fits its one thread" in line for line in lines)


def test_servers_are_sized_by_the_larger_of_cpu_and_streams() -> None:
    scenario = model.Scenario(tables=2000, friends=0.0, person_seconds_per_move=2.0)
    lines = model.size(scenario)
    round_s = 2.0 + 3 * (
        0.4 + sum(model.WORKER_MS_PER_MOVE[game]["normal"] for game in scenario.games) / 4000
    )
    actions = 2000 / round_s
    moves = 3 * actions
    deliveries = actions + moves  # one stream per table: the person's
    cores = (actions * 3.76 + 2000 * 0.0088 + deliveries * 0.25) / 1000
    assert math.isclose(figure(lines, "CPU"), round(cores, 1))
    assert figure(lines, "pods") == max(2, math.ceil(cores / 0.7), math.ceil(2000 / 700))


def test_the_queue_slot_is_reported_when_computer_moves_outgrow_one_masters_thread() -> None:
    lines = model.size(model.Scenario())
    queue = next(line for line in lines if "queue master CPU" in line)
    assert "the AI queue is one slot" in queue
    worker_ms = sum(model.WORKER_MS_PER_MOVE[game]["normal"] for game in model.Scenario().games) / 4
    # Each move also needs the polls of the share of a worker that makes it.
    per_move = model.QUEUE_MS_PER_MOVE + model.QUEUE_MS_PER_WORKER_SECOND * worker_ms / 1000 / 0.8
    limit = model.REDIS_CPU_TARGET * 1000 / per_move
    assert f"which carries {limit:,.0f} computer moves/s" in queue


def test_the_command_prints_the_model_for_a_scenario_of_its_arguments() -> None:
    output = run_tool("tools.capacity_model", "--tables", "100", "--friends", "1")
    assert output.startswith("scenario: 100 tables, 100% of four people")
    assert "masters" in output
