"""Capacity figures of one server process and of the AI workers: ``python -m tools.capacity``.

Each part starts its own Redis, server and worker processes on loopback and prints what
it measured; nothing is asserted.

* watchers: idle WatchTable streams held by one server process (its memory per stream,
  the Redis commands they cost), and the latency of unary calls (GetTable, from an
  asyncio client) while they are held;
* think: computer moves per second of one worker with the think pause on;
* workers: tables of strong computers (deciding dominates the work), at no player's
  pace, served by one and then two workers: moves per second, the speed-up of two over
  one (target 1.8x), the CPU a computer's move costs the server, Redis and the workers
  (who commit it themselves), and how many tables still play at the end of each window;
* stuck: a worker that takes jobs and never finishes them: how the queue and the useful
  moves per second behave;
* fairness: a person's wait for the computers, alone and beside ten strong tables of
  computers of another player.

What a unit of work costs (CPU per action, per computer move and per watch stream, Redis
commands, memory per table), rather than how fast it goes on this machine, is measured by
``python -m tools.capacity_costs``.

    python -m tools.capacity                  # every part (about seven minutes)
    python -m tools.capacity --only watchers --watchers 1000,10000
    python -m tools.capacity --only workers --game bela   # the workers part with Bela tables
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import signal
import statistics
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import redis

from server import keys
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.support.client import EASY, HUMAN, NORMAL, STRONG, Player, simple_move
from tests.support.stored import stored
from tools.processes import (
    RedisServer,
    ServiceProcess,
    cpu_seconds,
    free_port,
    metrics_port,
    running,
    server_address,
    server_process,
    worker_process,
)

# Limits a benchmark on one machine must lift: every client comes from 127.0.0.1.
LOOPBACK_LIMITS = {
    "rate_per_s": "5000",
    "rate_burst": "5000",
    "address_rate_per_s": "1000000",
    "address_rate_burst": "1000000",
    "registrations_per_min": "1000000",
    "max_watches_per_address": "1000000",
}
STREAMS_PER_PLAYER = 5
UNARY_CALLS = 1000


@contextlib.contextmanager
def fresh_redis() -> Iterator[RedisServer]:
    with tempfile.TemporaryDirectory() as directory:
        store = RedisServer(free_port(), Path(directory))
        store.start()
        try:
            yield store
        finally:
            store.stop()


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def resident_mb(process: ServiceProcess) -> float:
    assert process.process is not None
    for line in Path(f"/proc/{process.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def scrape(process: ServiceProcess) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port(process)}/metrics", timeout=10) as response:
        return str(response.read().decode())


def histogram(text: str, name: str, labels: str) -> dict[float, float]:
    """Cumulative bucket counts of one histogram series in a metrics page."""
    buckets: dict[float, float] = {}
    for line in text.splitlines():
        if line.startswith(f"{name}_bucket{{") and labels in line:
            bound = line.split('le="')[1].split('"')[0]
            buckets[float("inf") if bound == "+Inf" else float(bound)] = float(line.split()[-1])
    return buckets


def bucket_quantile(share: float, buckets: dict[float, float]) -> float | None:
    """The quantile of a histogram, interpolated inside its bucket (as Prometheus does)."""
    bounds = sorted(buckets)
    if not bounds or buckets[bounds[-1]] == 0:
        return None
    wanted = share * buckets[bounds[-1]]
    lower, below = 0.0, 0.0
    for bound in bounds:
        if buckets[bound] >= wanted:
            if bound == float("inf"):
                return lower
            inside = buckets[bound] - below
            return lower + (bound - lower) * ((wanted - below) / inside if inside else 0)
        lower, below = bound, buckets[bound]
    return lower


def combined(processes: list[ServiceProcess], name: str, labels: str) -> dict[float, float]:
    total: dict[float, float] = {}
    for process in processes:
        for bound, count in histogram(scrape(process), name, labels).items():
            total[bound] = total.get(bound, 0.0) + count
    return total


def computer_moves(client: redis.Redis) -> int:
    return sum(int(client.llen(key)) for key in client.scan_iter("sg:table:*:log", count=1000))


# Watchers ---------------------------------------------------------------------------


async def hold_streams(
    address: str, tables: list[tuple[str, int]], count: int, opened: Any, release: Any
) -> None:
    """``count`` WatchTable streams spread over ``tables`` (name, newest event), five a
    player, until ``release`` is set; ``opened`` once every call is made."""
    channels = [grpc.aio.insecure_channel(address) for _ in range(max(1, count // 500))]
    calls = []
    try:
        for number in range(count // STREAMS_PER_PLAYER):
            stub = service_grpc.TableServiceStub(channels[number % len(channels)])
            register = service_pb2.RegisterPlayerRequest(display_name=f"w{number}")
            registered = await stub.RegisterPlayer(register)
            metadata = [("authorization", f"Bearer {registered.token}")]
            table, after = tables[number % len(tables)]
            request = service_pb2.WatchTableRequest(table=table, after_sequence=after)
            calls += [stub.WatchTable(request, metadata=metadata) for _ in range(STREAMS_PER_PLAYER)]
        opened.set()
        await asyncio.get_running_loop().run_in_executor(None, release.wait)
    finally:
        for call in calls:
            call.cancel()
        for channel in channels:
            await channel.close()


def _hold_streams(address: str, tables: list[tuple[str, int]], count: int, opened: Any, release: Any) -> None:
    asyncio.run(hold_streams(address, tables, count, opened, release))


@contextlib.contextmanager
def streams_held(address: str, tables: list[tuple[str, int]], count: int) -> Iterator[None]:
    """The streams of ``hold_streams``, held by a process of their own, so that holding
    them takes nothing from the process that measures."""
    context = multiprocessing.get_context("spawn")
    opened, release = context.Event(), context.Event()
    holder = context.Process(target=_hold_streams, args=(address, tables, count, opened, release))
    holder.start()
    try:
        if not opened.wait(timeout=900):
            raise RuntimeError(f"the process holding {count} streams did not open them in 15 minutes")
        yield
    finally:
        release.set()
        holder.join(timeout=120)
        if holder.is_alive():
            holder.kill()


def open_gauge(server: ServiceProcess) -> float:
    for line in scrape(server).splitlines():
        if line.startswith("speedgamez_watch_streams "):
            return float(line.split()[1])
    return 0.0


def redis_commands(store: RedisServer) -> int:
    client = store.client()
    try:
        stats: Any = client.info("stats")
        return int(stats["total_commands_processed"])
    finally:
        client.close()


async def get_table_latencies(address: str, metadata: list[tuple[str, str]], table: str) -> list[float]:
    """``UNARY_CALLS`` GetTable calls one after another from an asyncio client: ms each."""
    async with grpc.aio.insecure_channel(address) as channel:
        stub = service_grpc.TableServiceStub(channel)
        request = service_pb2.GetTableRequest(table=table)
        latencies = []
        for _ in range(UNARY_CALLS):
            started = time.perf_counter()
            await stub.GetTable(request, metadata=metadata)
            latencies.append((time.perf_counter() - started) * 1000)
        return latencies


def bench_watchers(counts: list[int], tables: int, idle_seconds: float) -> None:
    print(
        f"idle watch streams held by one server process, spread over {tables} tables (one Redis, "
        "loopback;\n5 streams per player, held by a second process; Redis commands over "
        f"{idle_seconds:.0f} s of idling; {UNARY_CALLS} GetTable\ncalls one at a time from an asyncio "
        "client while the streams are held):"
    )
    print("  streams   held   server RSS   per stream   Redis commands/s   GetTable p50      p99")
    for count in counts:
        with fresh_redis() as store:
            server = server_process(store, **LOOPBACK_LIMITS, max_tables=str(tables))
            with running(server):
                address = server_address(server)
                host = Player(address, "Host")
                watched = [host.create([HUMAN, HUMAN, EASY, EASY]) for _ in range(tables)]
                before_mb = resident_mb(server)
                with streams_held(
                    address, [(view.name, view.last_event_sequence) for view in watched], count
                ):
                    deadline = time.monotonic() + 600
                    while open_gauge(server) < count and time.monotonic() < deadline:
                        time.sleep(0.2)
                    held = open_gauge(server)
                    commands = redis_commands(store)
                    time.sleep(idle_seconds)
                    commands_per_s = (redis_commands(store) - commands) / idle_seconds
                    held_mb = resident_mb(server)
                    latencies = asyncio.run(get_table_latencies(address, host.metadata, watched[0].name))
                per_stream = f"{(held_mb - before_mb) * 1024 / count:6.1f} KB" if count else "     -   "
                print(
                    f"  {count:7d} {held:6.0f}   {held_mb:7.0f} MB   {per_stream}   {commands_per_s:12.1f}"
                    f"       {quantile(latencies, 0.5):8.2f} ms {quantile(latencies, 0.99):7.2f} ms"
                )
                host.close()


# Think time -------------------------------------------------------------------------


# The tables of computers each game's runs use: rule sets in turn, their options, seats.
TABLES = {
    "baska_kop": (("kop", "baska"), {"deals": "24"}, 4),
    "bela": (("speedbela",), {"target": "1001"}, 4),
    "schafkopf": (("club", "sauspiel"), {"deals": "32"}, 4),
    "speculation": (("parlett",), {"deals_each": "4"}, 5),
}


def computer_tables(
    address: str,
    count: int,
    level: Any,
    one_player: bool = False,
    game: str = "baska_kop",
    seats: int | None = None,
) -> None:
    """``count`` tables of computers of ``game`` (at its usual seats, or ``seats``), each of
    its own player or, with ``one_player``, all of one player."""
    rule_sets, options, usual_seats = TABLES[game]
    seats = seats or usual_seats
    players = (
        [Player(address, "Host")] if one_player else [Player(address, f"Host {n}") for n in range(count)]
    )
    for number in range(count):
        player = players[number % len(players)]
        player.stub.CreateTable(
            service_pb2.CreateTableRequest(
                game=game,
                rule_set=rule_sets[number % len(rule_sets)],
                options=options,
                seats=[level] * seats,
            ),
            metadata=player.metadata,
        )
    for player in players:
        player.close()


def bench_think(think_ms: int, tables: list[int], seconds: float) -> None:
    print(f"one worker, think pause {think_ms} ms, tables of normal computers, {seconds:.0f} s per run:")
    for count in tables:
        with fresh_redis() as store:
            settings = {**LOOPBACK_LIMITS, "ai_min_think_ms": str(think_ms)}
            server = server_process(store, **settings)
            worker = worker_process(store, **settings)
            with running(server, worker):
                computer_tables(server_address(server), count, NORMAL)
                client = store.client()
                time.sleep(2 * think_ms / 1000)
                start, started = computer_moves(client), time.monotonic()
                time.sleep(seconds)
                rate = (computer_moves(client) - start) / (time.monotonic() - started)
                client.close()
        ceiling = count * 1000 / think_ms
        print(f"  {count:3d} tables: {rate:6.1f} moves/s   (the pause allows at most {ceiling:.1f})")


# Each level's budget for one decision, seconds.
DECISION_BUDGETS = {"normal": 0.3, "strong": 2.0}


def bench_workers(
    tables: int, seconds: float, game: str, level: str = "strong", seats: int | None = None
) -> None:
    at = f", {seats} seats" if seats else ""
    print(f"worker throughput, {tables} tables of {level} computers ({game}{at}), {seconds:.0f} s per run:")
    rates, server_ms, redis_ms, workers_ms, busy, playing = {}, {}, {}, {}, {}, {}
    decisions: dict[int, dict[float, float]] = {}
    for count in (1, 2):
        with fresh_redis() as store:
            # No player's pace binds: 24 tables at the default 10 moves/s of each player
            # would cap the work at 240 moves/s, which quick moves reach.
            unpaced = {**LOOPBACK_LIMITS, "ai_computer_moves_per_s": "100000"}
            server = server_process(store, **unpaced)
            # Every worker on tables of computers: the benchmark measures how work scales.
            workers = [worker_process(store, **unpaced, ai_workers_for_people="0") for _ in range(count)]
            with running(server, *workers):
                seat = {"normal": NORMAL, "strong": STRONG}[level]
                computer_tables(server_address(server), tables, seat, game=game, seats=seats)
                client = store.client()
                time.sleep(2)  # past the first bids of every table
                start, started = computer_moves(client), time.monotonic()
                server_cpu, workers_cpu = cpu_seconds(server), sum(map(cpu_seconds, workers))
                redis_cpu = cpu_seconds(store)
                time.sleep(seconds)
                moves = max(1, computer_moves(client) - start)
                elapsed = time.monotonic() - started
                # A match that ended leaves less work: a window its tables outlast
                # measures the workers, not the end of the matches.
                playing[count] = int(client.zcard(keys.active_tables(game)))
                rates[count] = moves / elapsed
                server_ms[count] = (cpu_seconds(server) - server_cpu) * 1000 / moves
                redis_ms[count] = (cpu_seconds(store) - redis_cpu) * 1000 / moves
                workers_cpu = sum(map(cpu_seconds, workers)) - workers_cpu
                workers_ms[count] = workers_cpu * 1000 / moves
                busy[count] = workers_cpu / elapsed
                # Every table is of the one game and level.
                decisions[count] = combined(workers, "speedgamez_ai_decision_seconds", f'level="{level}"')
                client.close()
    for count in (1, 2):
        print(
            f"  {count} worker{'s' if count > 1 else ' '}   {rates[count]:6.1f} moves/s   CPU per computer "
            f"move: server {server_ms[count]:.2f} ms, Redis {redis_ms[count]:.2f} ms, "
            f"workers {workers_ms[count]:.2f} ms; "
            f"workers busy {busy[count]:.2f} cores; tables still playing {playing[count]}/{tables}"
        )
        print(f"    {decision_line(decisions[count], DECISION_BUDGETS[level])}")
    # The moves of a window differ in cost (a trump choice, a last card): the cores kept
    # busy deciding tell how the work scales whatever the moves were.
    print(
        f"  speed-up of two workers: moves/s {rates[2] / rates[1]:.2f}x, "
        f"cores busy deciding {busy[2] / busy[1]:.2f}x (target >= 1.8x)"
    )
    if min(playing.values()) < tables:
        print(
            "  matches ended within the window, so the speed-up is too low: "
            "use more --tables or fewer --seconds"
        )


def decision_line(buckets: dict[float, float], budget: float) -> str:
    """The decisions of a run by the workers' histogram: how many, p50 and p95 (interpolated
    in their buckets), and the share within ``budget`` (one of the buckets: counted)."""
    total = buckets.get(float("inf"), 0.0)
    if not total:
        return "decisions: none recorded"
    p50, p95 = bucket_quantile(0.5, buckets) or 0.0, bucket_quantile(0.95, buckets) or 0.0
    within = buckets.get(budget, 0.0) / total
    return (
        f"decisions: {total:.0f}, p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms (in the buckets); "
        f"within the {budget * 1000:.0f} ms budget: {within:.1%}"
    )


# A stuck worker ---------------------------------------------------------------------


def bench_stuck(seconds: float) -> None:
    """A backlog (more strong tables than a worker keeps up with, each waiting longer than
    the stuck time) and a worker that takes a job and hangs, as the sweeper sees them."""
    print(
        f"16 tables of strong computers, one worker and one that takes a job and hangs, "
        f"tables stuck after 5 s, {seconds:.0f} s:"
    )
    with fresh_redis() as store:
        settings = {
            **LOOPBACK_LIMITS,
            "ai_reclaim_ms": "5000",
            "ai_stuck_ms": "5000",
            "ai_sweep_ms": "1000",
            "ai_workers_for_people": "0",
        }
        server = server_process(store, **settings)
        healthy = worker_process(store, **settings)
        hanging = worker_process(store, **settings)
        with running(server, healthy, hanging):
            assert hanging.process is not None
            computer_tables(server_address(server), 16, STRONG)
            client = store.client()
            time.sleep(2)
            hanging.process.send_signal(signal.SIGSTOP)
            start, started = computer_moves(client), time.monotonic()
            lengths = []
            while time.monotonic() - started < seconds:
                # What waits for a worker, as the healthy worker's gauges count it after each
                # trim, and what is delayed.
                page = scrape(healthy)
                waiting = sum(
                    float(line.split()[-1])
                    for line in page.splitlines()
                    if line.startswith("speedgamez_ai_jobs_waiting{")
                )
                lengths.append(int(waiting) + int(client.zcard(keys.AI_DELAYED)))
                time.sleep(1)
            rate = (computer_moves(client) - start) / (time.monotonic() - started)
            page = scrape(healthy)
            hanging.process.send_signal(signal.SIGCONT)
            client.close()
    done = {
        outcome: sum(
            float(line.split()[-1])
            for line in page.splitlines()
            if line.startswith("speedgamez_ai_jobs_done_total{") and f'outcome="{outcome}"' in line
        )
        for outcome in ("applied", "stale")
    }
    median = statistics.median(lengths)
    print(
        f"  useful moves {rate:.1f}/s; jobs waiting for a worker: median {median:.0f}, most {max(lengths)}; "
        f"jobs done {done['applied']:.0f} applied, {done['stale']:.0f} stale"
    )


# Fairness ---------------------------------------------------------------------------


def person_plays(address: str, stop: threading.Event) -> list[str]:
    """A person who answers at once, against normal computers; returns the tables played."""
    anna = Player(address, "Anna")
    tables = []
    view = anna.create([HUMAN, NORMAL, NORMAL, NORMAL], rule_set="kop", deals="24")
    tables.append(view.name)
    while not stop.is_set():
        view = anna.my_turn(view.name, timeout=120)
        if view.phase == table_pb2.TABLE_PHASE_FINISHED:
            view = anna.create([HUMAN, NORMAL, NORMAL, NORMAL], rule_set="kop", deals="24")
            tables.append(view.name)
            continue
        anna.submit(view, simple_move(view))
    anna.close()
    return tables


def answer_times(client: redis.Redis, tables: list[str]) -> list[float]:
    """Seconds from each of the person's moves to the computers' last answer before her next.

    Read from the server's own event times, so the client's polling does not count.
    """
    times = []
    for name in tables:
        moved_at: float | None = None
        answered_at: float | None = None
        for event in stored(client, name).events:
            if event.WhichOneof("kind") != "action_taken":
                continue
            moment = event.time.ToMilliseconds() / 1000
            if not event.action_taken.by_computer:
                if moved_at is not None and answered_at is not None:
                    times.append(answered_at - moved_at)
                moved_at, answered_at = moment, None
            elif moved_at is not None:
                answered_at = moment
    return times


def bench_fairness(seconds: float) -> None:
    print(f"a person against three normal computers, two workers, {seconds:.0f} s per run:")
    print("  beside                                      queue wait p50/p95      answer p50/p95")
    for others in (0, 10):
        with fresh_redis() as store:
            server = server_process(store, **LOOPBACK_LIMITS)
            workers = [worker_process(store, **LOOPBACK_LIMITS) for _ in range(2)]
            with running(server, *workers):
                address = server_address(server)
                if others:
                    computer_tables(address, others, STRONG, one_player=True)
                stop = threading.Event()
                timer = threading.Timer(seconds, stop.set)
                timer.start()
                tables = person_plays(address, stop)
                waits = combined(workers, "speedgamez_ai_job_wait_seconds", 'kind="person"')
                client = store.client()
                answers = answer_times(client, tables)
                client.close()
        wait_p50, wait_p95 = bucket_quantile(0.5, waits) or 0, bucket_quantile(0.95, waits) or 0
        beside = "ten strong tables of computers of another" if others else "nothing"
        print(
            f"  {beside:42s} {wait_p50 * 1000:6.1f} / {wait_p95 * 1000:6.1f} ms   "
            f"{quantile(answers, 0.5) * 1000:6.1f} / {quantile(answers, 0.95) * 1000:6.1f} ms"
            f"   ({len(answers)} moves)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["watchers", "think", "workers", "stuck", "fairness"])
    parser.add_argument("--watchers", default="0,1000,10000", help="stream counts, comma-separated")
    parser.add_argument("--watched-tables", type=int, default=100, help="tables the streams watch")
    parser.add_argument("--idle-seconds", type=float, default=20, help="idling measured per stream count")
    parser.add_argument("--seconds", type=float, default=30, help="measuring time per run")
    parser.add_argument("--tables", type=int, default=24, help="tables for the workers part")
    parser.add_argument("--game", default="baska_kop", choices=sorted(TABLES), help="for the workers part")
    parser.add_argument(
        "--level", default="strong", choices=sorted(DECISION_BUDGETS), help="for the workers part"
    )
    parser.add_argument("--seats", type=int, help="for the workers part (default: the game's usual)")
    args = parser.parse_args()
    if args.only in (None, "watchers"):
        counts = [int(count) for count in args.watchers.split(",")]
        bench_watchers(counts, args.watched_tables, args.idle_seconds)
    if args.only in (None, "think"):
        bench_think(400, [16, 32], args.seconds)
    if args.only in (None, "workers"):
        bench_workers(args.tables, args.seconds, args.game, args.level, args.seats)
    if args.only in (None, "stuck"):
        bench_stuck(2 * args.seconds)
    if args.only in (None, "fairness"):
        bench_fairness(args.seconds)


if __name__ == "__main__":
    main()
