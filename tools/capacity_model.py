"""What a deployment needs for a number of concurrent tables: ``python -m tools.capacity_model``.

The unit costs below were measured on this project's reference machine (2 cores; the
capacity model in docs/kubernetes.md) with ``python -m tools.capacity_costs`` and
``python -m tools.capacity``; CPU is counted in milliseconds of one of its cores, so a
faster core needs proportionally fewer. The scenario (how many tables, who sits at them,
how fast people play, the game and the computers' level) is given on the command line;
the model prints every figure with the arithmetic that gives it.

    python -m tools.capacity_model                              # 10,000 tables, the documented mix
    python -m tools.capacity_model --tables 2000 --friends 1.0  # 2,000 tables of four people
    python -m tools.capacity_model --games schafkopf --level strong
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass

# Measured costs -----------------------------------------------------------------------

# One person's action: SubmitAction plus the GetTable the client reads first (server CPU
# ms, Redis commands as Redis counts them, scripts' own included, Redis CPU ms).
SERVER_MS_PER_ACTION = 3.76
REDIS_COMMANDS_PER_ACTION = 37.4
REDIS_MS_PER_ACTION = 0.293
# A watch stream: server CPU ms and Redis commands per second while idle (its share of the
# process's upkeep: its table looked at every 5 s, its leases renewed and its token looked
# up every 20 s, all batched); server memory; and per move at its table, the fan-out.
SERVER_MS_PER_STREAM_SECOND = 0.0088
REDIS_COMMANDS_PER_STREAM_SECOND = 0.030
SERVER_KB_PER_STREAM = 34.3
SERVER_BASE_MB = 65
SERVER_MS_PER_DELIVERY = 0.25
REDIS_COMMANDS_PER_DELIVERY = 1.06
REDIS_MS_PER_DELIVERY = 0.0116
# A computer's move: worker CPU ms by game and level (whole matches of computers, the
# cheap moves among the dear ones)...
WORKER_MS_PER_MOVE = {
    "baska_kop": {"easy": 2.73, "normal": 3.16, "strong": 7.51},
    "schafkopf": {"easy": 3.58, "normal": 17.01, "strong": 168.40},
    "bela": {"easy": 3.60, "normal": 17.70, "strong": 74.04},
    "speculation": {"easy": 7.65, "normal": 8.07, "strong": 7.94},
}
# ... and Redis, with the think pause and housekeeping as shipped, on a three-master
# cluster: on the master of the AI queue's slot ({ai}: one slot, so one master, for the
# whole deployment) and on the masters of the tables' slots (Kop and Schafkopf measured;
# the dearer one is used); and what each worker's polls cost the queue's master a second.
QUEUE_MS_PER_MOVE = 0.817
QUEUE_COMMANDS_PER_MOVE = 41.3
TABLES_MS_PER_MOVE = 0.331
TABLES_COMMANDS_PER_MOVE = 11.1
QUEUE_MS_PER_WORKER_SECOND = 2.43
QUEUE_COMMANDS_PER_WORKER_SECOND = 41.6
# Redis memory per table (used_memory's growth, Kop): while a match runs, and per finished
# match (kept SPEEDGAMEZ_KEEP_FINISHED_S). Tables of people keep every request id; a
# person's table with three computers keeps a quarter of them (an estimate between the two
# measured ends).
TABLE_KB_PLAYING = 30.0
FINISHED_KB_PEOPLE = 124.5
FINISHED_KB_COMPUTERS = 46.0
ACTIONS_PER_MATCH = 171  # the log of a finished match, Kop at its shortest (8 deals)

# What each part is sized for --------------------------------------------------------------

SERVER_CPU_TARGET = 0.70  # the servers' autoscaler: 70% of the one core a pod requests
STREAMS_PER_SERVER = 700  # the servers' streams trigger (the capacity alert fires at 800 on one)
WORKER_BUSY_TARGET = 0.80  # the workers' ScaledObject: jobs per worker
REDIS_CPU_TARGET = 0.50  # of a master's one thread, leaving room for a failover's replica sync
REDIS_GB_PER_MASTER = 3.2  # maxmemory: 80% of the 4 GiB limit of redis-cluster.yaml


@dataclass(frozen=True)
class Scenario:
    tables: int = 10_000
    # The share of tables of four people (friends); the others seat one person and three computers.
    friends: float = 0.5
    person_seconds_per_move: float = 4.0
    think_seconds: float = 0.4
    games: tuple[str, ...] = ("baska_kop", "schafkopf", "bela", "speculation")
    level: str = "normal"
    # The week's average load as a share of the peak, for the finished matches Redis keeps.
    average_share: float = 0.3
    # As the Kubernetes manifests keep them (the service's own default is 7 days).
    keep_finished_days: float = 1.0


def size(scenario: Scenario) -> list[str]:
    """The sizing, one line per figure, each with its arithmetic."""
    friends = scenario.tables * scenario.friends
    against = scenario.tables - friends
    worker_ms = sum(WORKER_MS_PER_MOVE[game][scenario.level] for game in scenario.games) / len(scenario.games)
    # A round at a table of one person and three computers: his move, then theirs, each after the pause.
    round_s = scenario.person_seconds_per_move + 3 * (scenario.think_seconds + worker_ms / 1000)
    friends_moves = friends / scenario.person_seconds_per_move
    person_actions = friends_moves + against / round_s
    computer_moves = 3 * against / round_s
    streams = 4 * friends + against
    deliveries = 4 * friends_moves + (person_actions - friends_moves + computer_moves)
    lines = [
        f"scenario: {scenario.tables:,} tables, {scenario.friends:.0%} of four people, the rest one person "
        f"and three {scenario.level} computers; a person moves every {scenario.person_seconds_per_move:g} s, "
        f"a computer after {scenario.think_seconds:g} s; games {', '.join(scenario.games)}",
        "load:",
        f"  people's actions   {person_actions:9,.0f}/s = {friends:,.0f} / "
        f"{scenario.person_seconds_per_move:g} s + {against:,.0f} / {round_s:.2f} s (a round: "
        f"{scenario.person_seconds_per_move:g} + 3 x "
        f"({scenario.think_seconds:g} + {worker_ms / 1000:.4f}) s)",
        f"  computers' moves   {computer_moves:9,.0f}/s = 3 x {against:,.0f} / {round_s:.2f} s",
        f"  watch streams      {streams:9,.0f}   = 4 x {friends:,.0f} + {against:,.0f} (one per person)",
        f"  events delivered   {deliveries:9,.0f}/s = each move to every stream at its table",
    ]
    server_cores = (
        person_actions * SERVER_MS_PER_ACTION
        + streams * SERVER_MS_PER_STREAM_SECOND
        + deliveries * SERVER_MS_PER_DELIVERY
    ) / 1000
    by_cpu = math.ceil(server_cores / SERVER_CPU_TARGET)
    by_streams = math.ceil(streams / STREAMS_PER_SERVER)
    servers = max(2, by_cpu, by_streams)
    memory_mb = SERVER_BASE_MB + streams / servers * SERVER_KB_PER_STREAM / 1000
    lines += [
        "servers:",
        f"  CPU                {server_cores:9.1f} cores = ({person_actions:,.0f} x {SERVER_MS_PER_ACTION} "
        f"+ {streams:,.0f} x {SERVER_MS_PER_STREAM_SECOND} + {deliveries:,.0f} x {SERVER_MS_PER_DELIVERY}) "
        "ms/s",
        f"  pods               {servers:9d}   = max(2, {server_cores:.1f} / {SERVER_CPU_TARGET} = {by_cpu} "
        f"by CPU, {streams:,.0f} / {STREAMS_PER_SERVER} = {by_streams} by streams), 1 core each",
        f"  memory per pod     {memory_mb:9.0f} MB = {SERVER_BASE_MB} + {streams / servers:,.0f} streams x "
        f"{SERVER_KB_PER_STREAM} KB (limit 512 MiB)",
    ]
    worker_cores = computer_moves * worker_ms / 1000
    workers = max(1, math.ceil(worker_cores / WORKER_BUSY_TARGET))
    lines += [
        "workers:",
        f"  CPU                {worker_cores:9.1f} cores = {computer_moves:,.0f} moves/s x "
        f"{worker_ms:.2f} ms (the games' mean, {scenario.level})",
        f"  pods               {workers:9d}   = {worker_cores:.1f} / {WORKER_BUSY_TARGET}, 1 core each",
    ]
    queue_cores = (computer_moves * QUEUE_MS_PER_MOVE + workers * QUEUE_MS_PER_WORKER_SECOND) / 1000
    tables_cores = (
        person_actions * REDIS_MS_PER_ACTION
        + computer_moves * TABLES_MS_PER_MOVE
        + deliveries * REDIS_MS_PER_DELIVERY
    ) / 1000
    commands = (
        person_actions * REDIS_COMMANDS_PER_ACTION
        + computer_moves * (QUEUE_COMMANDS_PER_MOVE + TABLES_COMMANDS_PER_MOVE)
        + streams * REDIS_COMMANDS_PER_STREAM_SECOND
        + deliveries * REDIS_COMMANDS_PER_DELIVERY
        + workers * QUEUE_COMMANDS_PER_WORKER_SECOND
    )
    average_tables = scenario.tables * scenario.average_share
    hours = scenario.keep_finished_days * 24
    friends_matches_per_hour = 3600 / (ACTIONS_PER_MATCH * scenario.person_seconds_per_move)
    against_matches_per_hour = 3600 * 4 / (ACTIONS_PER_MATCH * round_s)
    mixed_kb = FINISHED_KB_COMPUTERS + (FINISHED_KB_PEOPLE - FINISHED_KB_COMPUTERS) / 4
    finished_gb = (
        average_tables
        * hours
        * (
            scenario.friends * friends_matches_per_hour * FINISHED_KB_PEOPLE
            + (1 - scenario.friends) * against_matches_per_hour * mixed_kb
        )
        / 1e6
    )
    playing_gb = scenario.tables * TABLE_KB_PLAYING / 1e6
    by_redis_cpu = math.ceil(tables_cores / REDIS_CPU_TARGET)
    by_memory = math.ceil((playing_gb + finished_gb) / REDIS_GB_PER_MASTER)
    masters = max(3, by_redis_cpu, by_memory)
    queue_fits = queue_cores <= REDIS_CPU_TARGET
    # The moves its thread carries, with the polls of the workers those moves need.
    queue_ms_per_move = QUEUE_MS_PER_MOVE + QUEUE_MS_PER_WORKER_SECOND * worker_ms / 1000 / WORKER_BUSY_TARGET
    queue_limit = REDIS_CPU_TARGET * 1000 / queue_ms_per_move
    queue_tables = queue_limit / computer_moves * scenario.tables if computer_moves else math.inf
    lines += [
        "redis:",
        f"  commands           {commands:9,.0f}/s = {person_actions:,.0f} x {REDIS_COMMANDS_PER_ACTION} + "
        f"{computer_moves:,.0f} x ({QUEUE_COMMANDS_PER_MOVE} + {TABLES_COMMANDS_PER_MOVE}) + "
        f"{streams:,.0f} x {REDIS_COMMANDS_PER_STREAM_SECOND} + {deliveries:,.0f} x "
        f"{REDIS_COMMANDS_PER_DELIVERY} + {workers} workers x {QUEUE_COMMANDS_PER_WORKER_SECOND}",
        f"  queue master CPU   {queue_cores:9.3f} cores = ({computer_moves:,.0f} x {QUEUE_MS_PER_MOVE} + "
        f"{workers} workers x {QUEUE_MS_PER_WORKER_SECOND}) ms/s: "
        + (
            f"fits its one thread (at most {REDIS_CPU_TARGET})"
            if queue_fits
            else f"MORE than the {REDIS_CPU_TARGET} of a thread it is sized for: the AI queue is one slot, "
            f"which carries {queue_limit:,.0f} computer moves/s, those of {queue_tables:,.0f} such tables"
        ),
        f"  tables' CPU        {tables_cores:9.2f} cores = ({person_actions:,.0f} x {REDIS_MS_PER_ACTION} + "
        f"{computer_moves:,.0f} x {TABLES_MS_PER_MOVE} + {deliveries:,.0f} x {REDIS_MS_PER_DELIVERY}) ms/s",
        f"  memory, playing    {playing_gb:9.1f} GB = {scenario.tables:,} x {TABLE_KB_PLAYING:g} KB",
        f"  memory, finished   {finished_gb:9.1f} GB = {average_tables:,.0f} tables on average x "
        f"{hours:g} h x ({scenario.friends:g} x {friends_matches_per_hour:.1f} matches/h x "
        f"{FINISHED_KB_PEOPLE} KB + "
        f"{1 - scenario.friends:g} x {against_matches_per_hour:.1f} x {mixed_kb:.1f} KB)",
        f"  masters            {masters:9d}   = max(3, {tables_cores:.2f} / {REDIS_CPU_TARGET} = "
        f"{by_redis_cpu} by CPU, {playing_gb + finished_gb:.1f} / {REDIS_GB_PER_MASTER} GB = {by_memory} "
        "by memory), each with a replica",
    ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    defaults = Scenario()
    parser.add_argument("--tables", type=int, default=defaults.tables)
    parser.add_argument(
        "--friends", type=float, default=defaults.friends, help="share of tables of four people"
    )
    parser.add_argument("--person-seconds", type=float, default=defaults.person_seconds_per_move)
    parser.add_argument("--think-seconds", type=float, default=defaults.think_seconds)
    parser.add_argument("--games", default=",".join(defaults.games))
    parser.add_argument("--level", choices=["easy", "normal", "strong"], default=defaults.level)
    parser.add_argument("--average-share", type=float, default=defaults.average_share)
    parser.add_argument("--keep-finished-days", type=float, default=defaults.keep_finished_days)
    arguments = parser.parse_args()
    games = tuple(arguments.games.split(","))
    for game in games:
        if game not in WORKER_MS_PER_MOVE:
            parser.error(f"unknown game {game}; choose from {', '.join(WORKER_MS_PER_MOVE)}")
    scenario = Scenario(
        tables=arguments.tables,
        friends=arguments.friends,
        person_seconds_per_move=arguments.person_seconds,
        think_seconds=arguments.think_seconds,
        games=games,
        level=arguments.level,
        average_share=arguments.average_share,
        keep_finished_days=arguments.keep_finished_days,
    )
    print("\n".join(size(scenario)))


if __name__ == "__main__":
    main()
