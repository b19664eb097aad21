"""Costs of the service's units of work, for sizing a deployment: ``python -m tools.capacity_costs``.

Where ``tools.capacity`` measures rates, this measures what a unit of work costs: CPU
seconds of the process that does it (utime + stime from /proc), Redis commands (INFO
commandstats; a script's own commands count as well as the script) and Redis CPU (INFO
cpu), and Redis memory. CPU time per unit holds on a shared, busy machine, where calls per
second do not. Each part starts its own Redis, server and worker processes on loopback
and prints a table; nothing is asserted.

* actions: a SubmitAction at tables of four people (Kop, move clock on), played through
  gRPC by clients in this process, each move after one GetTable by the player to act:
  server CPU and Redis per action, per GetTable alone and per SubmitAction alone, and
  the Redis round trips of each (the server's own count, on a short sample);
* watcher-cost: idle WatchTable streams at one table: Redis commands, server CPU and
  server memory per stream; then moves at that table: the extra cost per move per stream
  (the fan-out);
* memory: Redis memory per table of each game, open (waiting for players), mid-match and
  finished (tables of easy computers, each game's shortest match);
* move-cost: computer moves of one worker, by game and level (tables of computers, no
  think pause): worker CPU per move and moves per second per worker core;
* shards: computer moves with the think pause and housekeeping as shipped, on a Redis
  Cluster of three masters: Redis CPU and commands per move on the master of the AI
  queue's slot (the hash tag {ai}, one slot for the whole deployment) and on the others
  (the tables'); and what an idle worker costs that master each second (its polls).

    python -m tools.capacity_costs                       # every part (about six minutes)
    python -m tools.capacity_costs --only actions --actions 3000 --gets 2000
    python -m tools.capacity_costs --only watcher-cost --streams 1000 --seconds 60
    python -m tools.capacity_costs --only memory --open-tables 200 --played-tables 50
    python -m tools.capacity_costs --only move-cost --games bela,schafkopf --levels strong
    python -m tools.capacity_costs --only shards --shard-tables 40 --shard-seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import signal
import socket
import statistics
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import redis

from server import keys
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.support.client import EASY, HUMAN, NORMAL, STRONG, Player, simple_move
from tools.capacity import (
    LOOPBACK_LIMITS,
    STREAMS_PER_PLAYER,
    computer_moves,
    fresh_redis,
    open_gauge,
    resident_mb,
    scrape,
)
from tools.processes import (
    RedisCluster,
    RedisServer,
    ServiceProcess,
    cpu_seconds,
    running,
    server_address,
    server_process,
    worker_process,
)

LEVELS = {"easy": EASY, "normal": NORMAL, "strong": STRONG}
# Tables of each game at four seats: rule set and options. The shortest match a game offers
# (the memory part plays many to the end) and a long one (a move-cost run must not run out
# of moves).
SHORT_MATCHES = {
    "baska_kop": ("kop", {"deals": "8"}),
    "schafkopf": ("sauspiel", {"deals": "4"}),
    "bela": ("speedbela", {"target": "501"}),
    "speculation": ("parlett", {"deals_each": "1"}),
}
LONG_MATCHES = {
    "baska_kop": ("kop", {"deals": "24"}),
    "schafkopf": ("sauspiel", {"deals": "8"}),
    "bela": ("speedbela", {"target": "1001"}),
    "speculation": ("parlett", {"deals_each": "3"}),
}
SEATS = 4
# Computers without a think pause and unpaced, so that the worker is never idle between jobs.
UNPACED = {"ai_min_think_ms": "0", "ai_computer_moves_per_s": "1000000"}
# The workers' housekeeping as server/settings.py ships it (the test processes run it
# ten times as often).
SHIPPED_HOUSEKEEPING = {"ai_sweep_ms": "5000", "ai_reclaim_ms": "10000"}
# A backstop for waits on conditions: a machine under load is slow, not this slow.
PATIENCE_S = 600


# Measuring ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    at: float
    cpu: dict[str, float]
    redis_cpu: float
    calls: Counter[str]


@dataclass(frozen=True)
class Usage:
    """What the processes measured and Redis spent between two readings."""

    seconds: float
    cpu: dict[str, float]
    redis_cpu: float
    calls: Counter[str]

    @property
    def commands(self) -> int:
        return sum(self.calls.values())

    def most(self, per: float) -> str:
        return most(self.calls, per)


def most(calls: Mapping[str, float], per: float, count: int = 10) -> str:
    """The commands called most, each ``calls / per`` times (those that round to none left out)."""
    ordered = sorted(((value, name) for name, value in calls.items() if value / per >= 0.005), reverse=True)
    return ", ".join(f"{name} {value / per:.2f}" for value, name in ordered[:count])


def difference(more: Mapping[str, float], less: Mapping[str, float], scale: float = 1.0) -> dict[str, float]:
    return {name: more.get(name, 0) - less.get(name, 0) * scale for name in {*more, *less}}


def reading(client: redis.Redis, processes: dict[str, ServiceProcess]) -> Reading:
    cpu = {name: cpu_seconds(process) for name, process in processes.items()}
    used: Any = client.info("cpu")
    stats: Any = client.info("commandstats")
    calls = Counter({name.removeprefix("cmdstat_"): int(stat["calls"]) for name, stat in stats.items()})
    # The readings' own INFO calls are no work of the service.
    del calls["info"]
    return Reading(time.monotonic(), cpu, float(used["used_cpu_sys"]) + float(used["used_cpu_user"]), calls)


def usage(before: Reading, after: Reading) -> Usage:
    calls = after.calls.copy()
    calls.subtract(before.calls)
    return Usage(
        after.at - before.at,
        {name: after.cpu[name] - before.cpu[name] for name in after.cpu},
        after.redis_cpu - before.redis_cpu,
        +calls,
    )


@contextlib.contextmanager
def measuring(client: redis.Redis, processes: dict[str, ServiceProcess]) -> Iterator[list[Usage]]:
    """The usage of the block, in the list yielded once the block ends."""
    measured: list[Usage] = []
    before = reading(client, processes)
    yield measured
    measured.append(usage(before, reading(client, processes)))


@contextlib.contextmanager
def paused(process: ServiceProcess) -> Iterator[None]:
    """The process stopped (SIGSTOP) for the block, so that readings taken in it agree."""
    assert process.process is not None
    process.process.send_signal(signal.SIGSTOP)
    try:
        yield
    finally:
        process.process.send_signal(signal.SIGCONT)


def wait_until(condition: Callable[[], bool], what: str, every: float = 0.005) -> None:
    deadline = time.monotonic() + PATIENCE_S
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {PATIENCE_S} s for {what}")
        time.sleep(every)


class CommandLog:
    """The commands Redis runs inside scripts, as MONITOR shows them. MONITOR slows Redis
    down, so it only counts: costs are read without it."""

    def __init__(self, store: RedisServer) -> None:
        self.connection = socket.create_connection(("127.0.0.1", store.port))
        self.connection.sendall(b"MONITOR\r\n")
        self.scripted = 0
        self.markers: set[str] = set()
        self.client = store.client()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        self.mark()

    def _read(self) -> None:
        pending = b""
        with contextlib.suppress(OSError):
            while chunk := self.connection.recv(1 << 16):
                *lines, pending = (pending + chunk).split(b"\r\n")
                for line in lines:
                    self._count(line)

    def _count(self, line: bytes) -> None:
        # +1700000000.123456 [0 127.0.0.1:40000] "EVALSHA" "..."  or  [0 lua] for a script's
        where, _, command = line.partition(b"] ")
        if not command:
            return
        name = command.split(b'"')[1].decode().lower()
        if name == "echo":
            self.markers.add(command.split(b'"')[3].decode())
        elif where.endswith(b" lua"):
            self.scripted += 1

    def mark(self) -> int:
        """What was counted up to now: every command Redis ran before this call is in."""
        marker = os.urandom(8).hex()
        self.client.echo(marker)
        wait_until(lambda: marker in self.markers, "MONITOR to show a marker")
        return self.scripted

    def close(self) -> None:
        self.connection.close()
        self.thread.join(timeout=10)
        self.client.close()


def round_trips(server: ServiceProcess) -> Counter[str]:
    """The Redis round trips the server counted for its calls so far, by method
    (``speedgamez_redis_round_trips``: a pipeline or a script is one)."""
    prefix = "speedgamez_redis_round_trips_sum{"
    found: Counter[str] = Counter()
    for line in scrape(server).splitlines():
        if line.startswith(prefix):
            found[line.split('method="')[1].split('"')[0]] += round(float(line.split()[-1]))
    return found


# Tables of people ---------------------------------------------------------------------


@dataclass
class PeopleTable:
    """A table of four people played by four players of this process."""

    name: str
    by_seat: dict[int, Player]
    view: table_pb2.TableView
    actions: int = 0
    gets: int = 0

    @classmethod
    def open(cls, players: list[Player], deals: str = "24") -> PeopleTable:
        created = players[0].create([HUMAN] * SEATS, rule_set="kop", deals=deals)
        by_seat = {created.viewer_seat: players[0]}
        view = created
        for player in players[1:]:
            view = player.join(created.name)
            by_seat[view.viewer_seat] = player
        return cls(created.name, by_seat, view)

    @property
    def finished(self) -> bool:
        return self.view.phase == table_pb2.TABLE_PHASE_FINISHED

    def move(self) -> None:
        """One action by the first seat the table waits for, after its player's GetTable
        (a client needs its own hand to decide)."""
        player = self.by_seat[self.view.to_act_seats[0]]
        own = player.get(self.name)
        self.gets += 1
        self.view = player.submit(own, simple_move(own))
        self.actions += 1

    def look(self) -> None:
        self.by_seat[0].get(self.name)
        self.gets += 1


def people_players(address: str, count: int) -> list[list[Player]]:
    return [[Player(address, f"Person {group}-{seat}") for seat in range(SEATS)] for group in range(count)]


def close_players(groups: list[list[Player]]) -> None:
    for group in groups:
        for player in group:
            player.close()


def in_threads(work: Callable[[int], None], count: int) -> None:
    failures: list[BaseException] = []

    def run(number: int) -> None:
        try:
            work(number)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=run, args=(number,)) for number in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


# Actions ------------------------------------------------------------------------------


def per_core(milliseconds: float) -> str:
    """Units per second one core does at ``milliseconds`` of CPU each; a short run may
    have spent less than a clock tick."""
    return f"{1000 / milliseconds:.1f}" if milliseconds > 0 else "-"


def per_unit(
    line: str, units: float, server_cpu: float, commands: float, redis_cpu: float, trips: float
) -> str:
    server_ms = server_cpu / units * 1000
    return (
        f"  {line:<31} {units:7.0f} {server_ms:12.2f} {per_core(server_ms):>12} "
        f"{commands / units:11.1f} {redis_cpu / units * 1000:12.3f} {trips:12.1f}"
    )


def bench_actions(actions: int, gets: int, clients: int, sample: int) -> None:
    # The sample is played at one new table, and a match of 24 deals has some 550 actions.
    sample = min(sample, 400)
    print(
        f"SubmitAction at tables of four people (Kop, 24 deals, move clock on), one server process, "
        f"{clients} clients at once, each action after one GetTable by the player to act:"
    )
    with fresh_redis() as store:
        server = server_process(store, **LOOPBACK_LIMITS)
        with running(server):
            address = server_address(server)
            groups = people_players(address, clients)
            share = math.ceil(actions / clients)
            # A Kop match of 24 deals takes about 550 actions: enough tables opened beforehand
            # that no client opens one while measured.
            tables = [[PeopleTable.open(group) for _ in range(share // 400 + 1)] for group in groups]
            opened_meanwhile = 0

            def playing(number: int) -> PeopleTable:
                """The client's table in play: the first one not finished."""
                nonlocal opened_meanwhile
                mine = tables[number]
                if all(table.finished for table in mine):
                    mine.append(PeopleTable.open(groups[number]))
                    opened_meanwhile += 1
                return next(table for table in mine if not table.finished)

            def play(number: int) -> None:
                while sum(table.actions for table in tables[number]) < share:
                    playing(number).move()

            def look(number: int) -> None:
                for _ in range(math.ceil(gets / clients)):
                    tables[number][-1].look()

            client = store.client()
            played = [table for mine in tables for table in mine]
            with measuring(client, {"server": server}) as moved:
                in_threads(play, clients)
            action_count = sum(table.actions for table in played)
            action_gets = sum(table.gets for table in played)
            with measuring(client, {"server": server}) as looked:
                in_threads(look, clients)
            get_count = sum(table.gets for table in played) - action_gets

            # Round trips (the server's count) and scripts' commands: a short sample with
            # MONITOR on, one client, at a new table (a match lasts longer than any sample).
            sampled = PeopleTable.open(groups[0])
            log = CommandLog(store)
            start, trips_start = log.mark(), round_trips(server)
            for _ in range(sample):
                sampled.move()
            after_moves, trips_after_moves = log.mark(), round_trips(server)
            for _ in range(sample):
                sampled.look()
            after_gets, trips_after_gets = log.mark(), round_trips(server)
            log.close()
            client.close()
            close_players(groups)

    play_usage, get_usage = moved[0], looked[0]
    action_scripted, get_scripted = after_moves - start, after_gets - after_moves
    action_trips = (trips_after_moves - trips_start).total()
    get_trips = (trips_after_gets - trips_after_moves)["GetTable"]
    unit_get = (
        get_usage.cpu["server"] / get_count,
        get_usage.commands / get_count,
        get_usage.redis_cpu / get_count,
    )
    print(
        f"  {action_count} actions in {play_usage.seconds:.1f} s (GetTable calls among them: {action_gets}; "
        f"tables opened while measured: {opened_meanwhile}); then {get_count} GetTable calls alone"
    )
    print(
        "  per                              calls  server CPU ms  per core/s  Redis cmds  Redis CPU ms"
        "  round trips"
    )
    print(
        per_unit(
            "action (SubmitAction + GetTable)",
            action_count,
            play_usage.cpu["server"],
            play_usage.commands,
            play_usage.redis_cpu,
            action_trips / sample,
        )
    )
    print(
        per_unit(
            "GetTable",
            get_count,
            get_usage.cpu["server"],
            get_usage.commands,
            get_usage.redis_cpu,
            get_trips / sample,
        )
    )
    print(
        per_unit(
            "SubmitAction (the difference)",
            action_count,
            play_usage.cpu["server"] - action_gets * unit_get[0],
            play_usage.commands - action_gets * unit_get[1],
            play_usage.redis_cpu - action_gets * unit_get[2],
            (action_trips - get_trips) / sample,
        )
    )
    print(
        "  (GetTable alone looks at tables that do not change: the server answers from the snapshots it "
        "keeps; an action's GetTable is of a new version, built anew, and the difference holds that "
        "building: python -m tools.call_cost measures them apart)"
    )
    print(
        f"  of the Redis commands, run inside scripts (MONITOR, {sample} of each): "
        f"{action_scripted / sample:.1f} per action, {get_scripted / sample:.1f} per GetTable"
    )
    print(f"  Redis commands per action, most first: {play_usage.most(action_count)}")
    print(f"  Redis commands per GetTable: {get_usage.most(get_count)}")


# Watchers -----------------------------------------------------------------------------


class Watchers:
    """``count`` WatchTable streams of one table (five a player, the per-player limit), held
    on an event loop of their own thread. Unlike ``tools.capacity.hold_streams`` every
    stream is read: a stream nobody reads stalls once gRPC's flow-control window is full."""

    def __init__(self, address: str, table: str, after: int, count: int) -> None:
        self.players = count // STREAMS_PER_PLAYER
        self.seen = [after] * (self.players * STREAMS_PER_PLAYER)
        self.events = 0
        self.failures: list[BaseException] = []
        self.opened = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.release: asyncio.Event | None = None
        holding = self._hold(address, table, after)
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(holding,), daemon=True)

    def __enter__(self) -> Watchers:
        self.thread.start()
        wait_until(lambda: self.opened.is_set() or bool(self.failures), "the watch streams to open", 0.05)
        if self.failures:
            raise self.failures[0]
        return self

    def __exit__(self, *exception: object) -> None:
        if self.release is not None:
            self.loop.call_soon_threadsafe(self.release.set)
        self.thread.join(timeout=120)

    async def _hold(self, address: str, table: str, after: int) -> None:
        self.release = asyncio.Event()
        channels = [grpc.aio.insecure_channel(address) for _ in range(max(1, self.players // 100))]
        readers: list[asyncio.Task[None]] = []
        try:
            for number in range(self.players):
                stub = service_grpc.TableServiceStub(channels[number % len(channels)])
                register = service_pb2.RegisterPlayerRequest(display_name=f"w{number}")
                registered = await stub.RegisterPlayer(register)
                metadata = [("authorization", f"Bearer {registered.token}")]
                request = service_pb2.WatchTableRequest(table=table, after_sequence=after)
                for _ in range(STREAMS_PER_PLAYER):
                    call = stub.WatchTable(request, metadata=metadata)
                    readers.append(asyncio.create_task(self._read(len(readers), call)))
            self.opened.set()
            await self.release.wait()
        except BaseException as error:
            self.failures.append(error)
            raise
        finally:
            for reader in readers:
                reader.cancel()
            await asyncio.gather(*readers, return_exceptions=True)
            for channel in channels:
                await channel.close()

    async def _read(self, index: int, call: Any) -> None:
        try:
            async for response in call:
                if response.HasField("event"):
                    self.seen[index] = response.event.sequence
                    self.events += 1
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                self.failures.append(error)

    def wait_for(self, sequence: int) -> None:
        """Until every stream has received the event ``sequence``."""

        def caught_up() -> bool:
            if self.failures:
                raise self.failures[0]
            return min(self.seen, default=sequence) >= sequence

        wait_until(caught_up, f"every stream to receive event {sequence}")


def bench_watcher_cost(streams: int, seconds: float, quiet: float, moves: int) -> None:
    streams -= streams % STREAMS_PER_PLAYER
    print(
        f"{streams} WatchTable streams at one table of four people, one server process: idle for "
        f"{seconds:.0f} s (the process looks at the table every 5 s, renews the leases and looks up "
        "the tokens every 20 s), then "
        f"{moves} moves, each waited for until every stream has it:"
    )
    with fresh_redis() as store:
        server = server_process(store, **LOOPBACK_LIMITS)
        with running(server):
            address = server_address(server)
            groups = people_players(address, 2)
            unwatched, watched = PeopleTable.open(groups[0]), PeopleTable.open(groups[1])
            client = store.client()
            processes = {"server": server}
            with measuring(client, processes) as background:
                time.sleep(quiet)
            with measuring(client, processes) as alone:
                for _ in range(moves):
                    unwatched.move()
            resident_before = resident_mb(server)
            with Watchers(address, watched.name, watched.view.last_event_sequence, streams) as watchers:
                wait_until(lambda: open_gauge(server) >= streams, "every stream to be open", 0.1)
                resident_after = resident_mb(server)
                with measuring(client, processes) as idle:
                    time.sleep(seconds)
                events_before = watchers.events
                with measuring(client, processes) as fanned:
                    for _ in range(moves):
                        watched.move()
                        watchers.wait_for(watched.view.last_event_sequence)
                delivered = (watchers.events - events_before) / max(1, streams)
            client.close()
            close_players(groups)

    base, moving, held, fanning = background[0], alone[0], idle[0], fanned[0]
    base_rate, base_cpu = base.commands / base.seconds, base.cpu["server"] / base.seconds
    held_rate, held_cpu = held.commands / held.seconds, held.cpu["server"] / held.seconds
    print("  idle                            Redis cmds/s   server CPU ms/s   server RSS MB")
    print(
        f"  no stream (the server's own)  {base_rate:14.2f} {base_cpu * 1000:17.2f} {resident_before:15.0f}"
    )
    print(
        f"  {streams:5d} streams                {held_rate:14.2f} {held_cpu * 1000:17.2f} "
        f"{resident_after:15.0f}"
    )
    if streams:
        print(
            f"  per idle stream               {(held_rate - base_rate) / streams:14.3f} "
            f"{(held_cpu - base_cpu) * 1000 / streams:17.4f} "
            f"{(resident_after - resident_before) * 1024 / streams:12.1f} KB"
        )
        streams_own = difference(held.calls, base.calls, held.seconds / base.seconds)
        print(f"  Redis commands per idle stream per second: {most(streams_own, held.seconds * streams)}")
    print("  moves                           server CPU ms   Redis cmds   Redis CPU ms   events per stream")
    print(
        f"  per move, no stream           {moving.cpu['server'] / moves * 1000:15.2f} "
        f"{moving.commands / moves:12.1f} {moving.redis_cpu / moves * 1000:14.3f}"
    )
    print(
        f"  per move, {streams:5d} streams      {fanning.cpu['server'] / moves * 1000:15.2f} "
        f"{fanning.commands / moves:12.1f} {fanning.redis_cpu / moves * 1000:14.3f} {delivered / moves:19.2f}"
    )
    if streams:
        fanned_out = moves * streams
        print(
            f"  per move per stream (fan-out) "
            f"{(fanning.cpu['server'] - moving.cpu['server']) / fanned_out * 1000:15.4f} "
            f"{(fanning.commands - moving.commands) / fanned_out:12.3f} "
            f"{(fanning.redis_cpu - moving.redis_cpu) / fanned_out * 1000:14.5f}"
        )
        streams_own = difference(fanning.calls, moving.calls)
        print(f"  Redis commands per move per stream, beyond the move's own: {most(streams_own, fanned_out)}")


# Memory -------------------------------------------------------------------------------


def table_keys(table_id: str) -> list[str]:
    return [
        keys.table(table_id),
        keys.table_log(table_id),
        keys.table_events(table_id),
        keys.table_requests(table_id),
    ]


def table_memory(client: redis.Redis, table_ids: list[str]) -> tuple[int, int]:
    """Bytes of the tables' own keys (MEMORY USAGE, every element sampled) and their log entries."""
    pipeline = client.pipeline(transaction=False)
    for table_id in table_ids:
        for key in table_keys(table_id):
            pipeline.memory_usage(key, samples=0)
        pipeline.llen(keys.table_log(table_id))
    replies = pipeline.execute()
    per_table = len(table_keys("")) + 1
    memory = sum(
        int(reply or 0) for number, reply in enumerate(replies) if number % per_table != per_table - 1
    )
    entries = sum(int(reply) for number, reply in enumerate(replies) if number % per_table == per_table - 1)
    return memory, entries


def used_memory(client: redis.Redis) -> int:
    info: Any = client.info("memory")
    return int(info["used_memory"])


def create_table(player: Player, game: str, seats: list[Any], join: bool, short: bool = True) -> str:
    rule_set, options = (SHORT_MATCHES if short else LONG_MATCHES)[game]
    request = service_pb2.CreateTableRequest(
        game=game, rule_set=rule_set, options=options, seats=seats, join=join
    )
    return str(player.stub.CreateTable(request, metadata=player.metadata).table.name.removeprefix("tables/"))


def deals_played(view: table_pb2.TableView) -> int:
    over = view.phase in (table_pb2.TABLE_PHASE_SETTLEMENT, table_pb2.TABLE_PHASE_FINISHED)
    return view.deal_number if over else view.deal_number - 1


@dataclass(frozen=True)
class MemoryRow:
    game: str
    seats: str
    state: str
    tables: int
    entries: float
    deals: float
    table_bytes: float
    used_bytes: float

    def line(self) -> str:
        return (
            f"  {self.game:<12} {self.seats:<10} {self.state:<10} {self.tables:6d} {self.entries:12.1f} "
            f"{self.deals:13.1f} {self.table_bytes:13.0f} {self.used_bytes:14.0f}"
        )


def memory_row(
    client: redis.Redis,
    label: tuple[str, str, str],
    table_ids: list[str],
    used_before: int,
    views: list[table_pb2.TableView],
) -> MemoryRow:
    used = used_memory(client) - used_before
    memory, entries = table_memory(client, table_ids)
    count = len(table_ids)
    played = statistics.mean(deals_played(view) for view in views) if views else 0.0
    return MemoryRow(*label, count, entries / count, played, memory / count, used / count)


def bench_memory(games: list[str], open_count: int, played_count: int, people_count: int) -> None:
    print(
        f"Redis memory per table of {SEATS} seats: open (the creator seated, waiting for three people; "
        f"{open_count} tables), mid-match and finished ({played_count} tables of easy computers; "
        f"{people_count} of people for Kop), the game's shortest match:"
    )
    print(
        "  game         seats      state      tables  log entries  deals played  table keys B  used_memory B"
        "  (per table)"
    )
    for game in games:
        for row in memory_of(game, open_count, played_count, people_count if game == "baska_kop" else 0):
            print(row.line(), flush=True)
    print(
        "  table keys: MEMORY USAGE of the table's hash, log, events and request ids; used_memory: the "
        "store's growth, with indexes, players' sets and allocator overhead"
    )


def memory_of(game: str, open_count: int, played_count: int, people_count: int) -> list[MemoryRow]:
    rows = []
    with fresh_redis() as store:
        settings = {**LOOPBACK_LIMITS, **UNPACED, "max_tables": str(open_count + 10)}
        server = server_process(store, **settings)
        worker = worker_process(store, **settings)
        with running(server, worker):
            address = server_address(server)
            client = store.client()
            # Players register before each baseline: their own keys are no table's.
            host, onlooker = Player(address, "Host"), Player(address, "Onlooker")
            hosts = [Player(address, f"Host {number}") for number in range(played_count)]
            groups = people_players(address, people_count)

            before = used_memory(client)
            opened = [create_table(host, game, [HUMAN] * SEATS, join=True) for _ in range(open_count)]
            rows.append(memory_row(client, (game, "people", "open"), opened, before, []))

            def views(table_ids: list[str]) -> list[table_pb2.TableView]:
                return [onlooker.get(f"tables/{table_id}") for table_id in table_ids]

            def halfway() -> bool:
                return all(
                    view.phase == table_pb2.TABLE_PHASE_FINISHED
                    or view.deal_number > max(1, view.deals_total // 2)
                    for view in views(played)
                )

            def finished() -> bool:
                return int(client.zcard(keys.active_tables(game))) == 0

            def trimmed() -> bool:
                return all(int(client.xlen(keys.ai_jobs(kind))) == 0 for kind in ("people", "computers"))

            # One player per table: the tables of computers of one player are paced together.
            before = used_memory(client)
            played = [create_table(player, game, [EASY] * SEATS, join=False) for player in hosts]
            wait_until(halfway, f"{game} tables to be halfway", 0.2)
            with paused(worker):
                rows.append(
                    memory_row(client, (game, "computers", "mid-match"), played, before, views(played))
                )
            wait_until(finished, f"{game} tables to finish", 0.2)
            # Acknowledged jobs are the queue's memory, not the tables'.
            wait_until(trimmed, "the job streams to be trimmed", 0.2)
            rows.append(memory_row(client, (game, "computers", "finished"), played, before, views(played)))

            if people_count:
                before = used_memory(client)
                tables = [PeopleTable.open(group, deals=SHORT_MATCHES[game][1]["deals"]) for group in groups]

                def play(number: int) -> None:
                    while not tables[number].finished:
                        tables[number].move()

                in_threads(play, people_count)
                finished_by_people = [table.name.removeprefix("tables/") for table in tables]
                rows.append(
                    memory_row(
                        client,
                        (game, "people", "finished"),
                        finished_by_people,
                        before,
                        views(finished_by_people),
                    )
                )

            close_players([[host, onlooker, *hosts], *groups])
            client.close()
    return rows


# Computer moves -----------------------------------------------------------------------


def applied_moves(worker: ServiceProcess) -> float:
    """Computer moves the worker applied, from its metrics (no Redis command)."""
    return sum(
        float(line.split()[-1])
        for line in scrape(worker).splitlines()
        if line.startswith("speedgamez_actions_applied_total{") and 'by="computer"' in line
    )


@dataclass(frozen=True)
class MoveCost:
    game: str
    level: str
    moves: int
    seconds: float
    worker_cpu: float
    calls: Counter[str]
    redis_cpu: float

    def line(self) -> str:
        if not self.moves:
            return f"  {self.game:<12} {self.level:<7} {0:6d} {self.seconds:6.1f}   (no move applied)"
        worker_ms = self.worker_cpu / self.moves * 1000
        return (
            f"  {self.game:<12} {self.level:<7} {self.moves:6d} {self.seconds:6.1f} {worker_ms:14.2f} "
            f"{per_core(worker_ms):>13} {sum(self.calls.values()) / self.moves:11.1f} "
            f"{self.redis_cpu / self.moves * 1000:12.3f}\n"
            f"    Redis commands per move, most first: {most(self.calls, self.moves)}"
        )


def bench_move_cost(games: list[str], levels: list[str], tables: int, moves: int, seconds: float) -> None:
    print(
        f"computer moves of one worker, {tables} tables of computers, no think pause, "
        f"up to {moves} moves or {seconds:.0f} s a run:"
    )
    print(
        "  game         level    moves      s  worker CPU ms/move  moves/s/core  Redis cmds  Redis CPU ms"
        "  (per move)"
    )
    for game in games:
        for level in levels:
            print(move_cost(game, level, tables, moves, seconds).line(), flush=True)


def move_cost(game: str, level: str, tables: int, moves: int, seconds: float) -> MoveCost:
    with fresh_redis() as store:
        settings = {**LOOPBACK_LIMITS, **UNPACED}
        server = server_process(store, **settings)
        worker = worker_process(store, **settings, ai_workers_for_people="0")
        with running(server, worker):
            address = server_address(server)
            players = [Player(address, f"Host {number}") for number in range(tables)]
            for player in players:
                create_table(player, game, [LEVELS[level]] * SEATS, join=False, short=False)
                player.close()
            client = store.client()
            # Past the first decisions (imports, caches) before measuring.
            wait_until(lambda: applied_moves(worker) >= tables, "a first move per table", 0.1)
            with paused(worker):
                start = computer_moves(client)
                before = reading(client, {"worker": worker})
            applied = applied_moves(worker)
            deadline = time.monotonic() + seconds
            wait_until(
                lambda: applied_moves(worker) - applied >= moves or time.monotonic() >= deadline,
                f"{moves} moves or {seconds:.0f} s",
                0.1,
            )
            with paused(worker):
                spent = usage(before, reading(client, {"worker": worker}))
                made = computer_moves(client) - start
            client.close()
    return MoveCost(game, level, made, spent.seconds, spent.cpu["worker"], spent.calls, spent.redis_cpu)


# Shards --------------------------------------------------------------------------------


def bench_shards(games: list[str], tables: int, seconds: float, think_ms: int) -> None:
    print(
        f"computer moves on a Redis Cluster of three masters, {tables} tables of normal computers, "
        f"think pause {think_ms} ms, {seconds:.0f} s a game:"
    )
    print(
        "  game         moves  queue master: Redis CPU ms  commands   other masters: Redis CPU ms  commands"
    )
    for game in games:
        moves, queue, others = shard_costs(game, tables, seconds, think_ms)
        if not moves:
            print(f"  {game:<12}     0  (no move in {seconds:.1f} s: give the part more time)")
            continue
        print(
            f"  {game:<12} {moves:5d}  {queue[0] / moves:27.3f}  {queue[1] / moves:8.1f}   "
            f"{others[0] / moves:28.3f}  {others[1] / moves:8.1f}   (per move)"
        )
    print("  the queue master holds the slot of {ai}: every AI job of the deployment passes through it")
    cpu_ms, commands = idle_worker_cost(seconds, think_ms)
    print(
        f"  an idle worker costs the queue master {cpu_ms:.2f} ms of Redis CPU and {commands:.1f} commands "
        "a second"
    )


def shard_costs(
    game: str, tables: int, seconds: float, think_ms: int
) -> tuple[int, tuple[float, int], tuple[float, int]]:
    """Moves made, and (Redis CPU ms, commands) on the queue's master and on the others together."""
    with tempfile.TemporaryDirectory() as directory:
        cluster = RedisCluster(Path(directory))
        cluster.start()
        try:
            settings = {
                **LOOPBACK_LIMITS,
                **UNPACED,
                **SHIPPED_HOUSEKEEPING,
                "ai_min_think_ms": str(think_ms),
            }
            server = server_process(cluster, **settings)
            worker = worker_process(cluster, **settings, ai_workers_for_people="0")
            with running(server, worker):
                address = server_address(server)
                for number in range(tables):
                    player = Player(address, f"Host {number}")
                    create_table(player, game, [NORMAL] * SEATS, join=False, short=False)
                    player.close()
                client = cluster.client()
                wait_until(lambda: applied_moves(worker) >= tables, "a first move per table", 0.1)
                queue_port = cluster.master_of(keys.AI_LIVE).port
                with paused(worker):
                    start, before = computer_moves(client), node_usage(cluster)
                time.sleep(seconds)
                with paused(worker):
                    made, after = computer_moves(client) - start, node_usage(cluster)
                client.close()
        finally:
            cluster.stop()
    spent = {port: (after[port][0] - before[port][0], after[port][1] - before[port][1]) for port in before}
    queue = spent.pop(queue_port)
    others = (sum(cpu for cpu, _ in spent.values()), sum(commands for _, commands in spent.values()))
    return made, queue, others


def idle_worker_cost(seconds: float, think_ms: int) -> tuple[float, float]:
    """Redis CPU ms and commands per second one idle worker costs: two measured on one Redis,
    less what that Redis spends alone over the same time."""
    with fresh_redis() as store:
        client = store.client()
        before = redis_totals(client)
        time.sleep(seconds)
        alone = redis_totals(client)
        settings = {**SHIPPED_HOUSEKEEPING, "ai_min_think_ms": str(think_ms)}
        workers = [worker_process(store, **settings) for _ in range(2)]
        with running(*workers):
            started = redis_totals(client)
            time.sleep(seconds)
            after = redis_totals(client)
        client.close()
    idle_cpu, idle_commands = alone[0] - before[0], alone[1] - before[1]
    return (
        (after[0] - started[0] - idle_cpu) / seconds / 2,
        (after[1] - started[1] - idle_commands) / seconds / 2,
    )


def redis_totals(client: redis.Redis) -> tuple[float, int]:
    cpu: Any = client.info("cpu")
    stats: Any = client.info("commandstats")
    return (
        (float(cpu["used_cpu_sys"]) + float(cpu["used_cpu_user"])) * 1000,
        sum(int(command["calls"]) for command in stats.values()),
    )


def node_usage(cluster: RedisCluster) -> dict[int, tuple[float, int]]:
    """Per master: Redis CPU in ms and commands run so far."""
    usage = {}
    for node in cluster.nodes:
        client = redis.Redis.from_url(node.url)
        usage[node.port] = redis_totals(client)
        client.close()
    return usage


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["actions", "watcher-cost", "memory", "move-cost", "shards"])
    parser.add_argument("--actions", type=int, default=3000, help="actions part: actions applied")
    parser.add_argument("--gets", type=int, default=2000, help="actions part: GetTable calls alone")
    parser.add_argument("--clients", type=int, default=4, help="actions part: tables played at once")
    parser.add_argument("--sample", type=int, default=100, help="actions part: actions counted with MONITOR")
    parser.add_argument("--streams", type=int, default=1000, help="watcher-cost part: streams held")
    parser.add_argument("--seconds", type=float, default=60, help="watcher-cost part: idle time measured")
    parser.add_argument(
        "--quiet-seconds", type=float, default=20, help="watcher-cost part: the server alone, measured"
    )
    parser.add_argument("--moves", type=int, default=100, help="watcher-cost part: moves watched")
    parser.add_argument("--open-tables", type=int, default=200, help="memory part: open tables per game")
    parser.add_argument("--played-tables", type=int, default=50, help="memory part: tables played per game")
    parser.add_argument("--people-tables", type=int, default=10, help="memory part: Kop tables of people")
    parser.add_argument("--games", default=",".join(SHORT_MATCHES), help="memory and move-cost parts")
    parser.add_argument("--levels", default=",".join(LEVELS), help="move-cost part")
    parser.add_argument("--move-tables", type=int, default=8, help="move-cost part: tables per run")
    parser.add_argument("--move-limit", type=int, default=400, help="move-cost part: moves per run at most")
    parser.add_argument(
        "--move-seconds", type=float, default=20, help="move-cost part: seconds per run at most"
    )
    parser.add_argument("--shard-tables", type=int, default=40, help="shards part: tables of computers")
    parser.add_argument("--shard-seconds", type=float, default=20, help="shards part: seconds per game")
    parser.add_argument("--shard-games", default="baska_kop,schafkopf", help="shards part")
    parser.add_argument("--think-ms", type=int, default=400, help="shards part: the think pause")
    arguments = parser.parse_args()
    games = arguments.games.split(",")
    for game in games:
        if game not in SHORT_MATCHES:
            parser.error(f"unknown game {game}; choose from {', '.join(SHORT_MATCHES)}")
    levels = arguments.levels.split(",")
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level}; choose from {', '.join(LEVELS)}")
    if arguments.only in (None, "actions"):
        bench_actions(arguments.actions, arguments.gets, arguments.clients, arguments.sample)
    if arguments.only in (None, "watcher-cost"):
        bench_watcher_cost(arguments.streams, arguments.seconds, arguments.quiet_seconds, arguments.moves)
    if arguments.only in (None, "memory"):
        bench_memory(games, arguments.open_tables, arguments.played_tables, arguments.people_tables)
    if arguments.only in (None, "move-cost"):
        bench_move_cost(games, levels, arguments.move_tables, arguments.move_limit, arguments.move_seconds)
    if arguments.only in (None, "shards"):
        bench_shards(
            arguments.shard_games.split(","),
            arguments.shard_tables,
            arguments.shard_seconds,
            arguments.think_ms,
        )


if __name__ == "__main__":
    main()
