"""Load test: bot clients play complete matches through the front door, then every table is audited.

    python -m tools.loadtest                                  # own stack: 2 servers, 2 workers
    python -m tools.loadtest --servers 1 --workers 2 --clients 16 --level normal
    python -m tools.loadtest --front-door 127.0.0.1:8443 --root-cert tls.crt \\
        --redis-url redis://127.0.0.1:6379/0 --worker-metrics 127.0.0.1:9100
                                                              # a stack that is already running

The front door speaks gRPC over TLS: the own stack's bots trust its self-signed
certificate; for an existing stack give its certificate (--root-cert, and --tls-name if
the certificate does not name the address) or --plaintext.

Each bot client registers, creates a table with one human seat (its own) and three
computer seats, follows the table's WatchTable stream and submits a random legal move
whenever it is its turn, with the table version it saw and a fresh request id. It plays
as people's clients do, within the per-client limits as shipped (server/settings.py,
nginx.conf; the header prints the limits in force, and --raised-limits raises them as the
tests' stacks do, for a capacity measurement): it reads the table only when its stream
shows a change (and, as a safety net, after POLL_S without one), and a call answered
RESOURCE_EXHAUSTED with "retry in N ms" is sent again after that long at least (it was
not applied). All bots share one client address, 127.0.0.1, and so its limit. A call answered
UNAVAILABLE or DEADLINE_EXCEEDED is retried with the same request id and table version
after re-reading the table (the server applies it once and answers a retry like the
first attempt); ABORTED means the table moved on: the bot re-reads it and decides again.
On purpose, a share of accepted actions is sent a second time (``--resend-fraction``,
default 5%), which the server must answer as a duplicate, and a share of actions goes
out with the previous table version (``--stale-fraction``, default 0; never a continue,
which the contract makes version-tolerant), which the server must refuse with ABORTED.

Afterwards, read straight from Redis: every table's action log replays
(``TableRecord.replay``) to exactly its stored state, the log has one entry per version,
the event stream has no gaps, and every request id the clients saw accepted is in its
table's log exactly once (none missing, none applied twice, none that was refused).

Runs only against this machine (loopback addresses), with bounded client and match
counts and a time limit (``--max-seconds``): when it is reached the bots stop after the
call at hand and the tables are audited as they stand. Exit code 1 if the verification
fails or a client hit an error it could not handle.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import re
import sys
import time
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import grpc
import redis
from google.protobuf import text_format
from prometheus_client.parser import text_string_to_metric_families

from engine.registry import get_game
from server import keys
from server.settings import Settings
from server.table import TableConfig, TableRecord
from server.table_log import entry_from_dict
from speedgamez.v1 import actions_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
LEVELS = ("easy", "normal", "strong")
DEALS = (8, 12, 16, 24)
RULE_SETS = ("baska", "kop")
MAX_CLIENTS = 256
MAX_MATCHES = 100
MAX_SECONDS = 3600.0
MAX_PROCESSES = 8
AI_DECISION_METRIC = "speedgamez_ai_decision_seconds"

# One unary call may take this long before the bot treats it as unanswered.
RPC_TIMEOUT_S = 30.0
# Attempts of one call answered UNAVAILABLE / DEADLINE_EXCEEDED before the bot gives up.
ATTEMPTS = 8
# A bot with no event for this long re-reads the table anyway (a safety net, not the rule).
POLL_S = 2.0
# After a change, a bot waits until no event has come for this long before it reads the
# table: the computers' moves that follow at once are read in one go.
SETTLE_S = 0.15
# After --max-seconds, calls in flight get this long to finish before the bots are cancelled.
GRACE_S = 15.0
# Chance that a bot passes in the bidding when it could also announce or double.
PASS_CHANCE = 0.8

RETRYABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
# RESOURCE_EXHAUSTED answers that name a wait: "retry in 80 ms" (the servers' rate limits),
# "retry in a few seconds" (nginx's registration limit).
RETRY_IN_MS = re.compile(r"retry in (\d+) ms")
RETRY_IN_A_FEW_SECONDS_S = 2.0
# Times one call may be answered RESOURCE_EXHAUSTED and sent again before the bot gives up,
# and the longest wait between two of them.
MAX_THROTTLED = 1000
THROTTLE_CAP_S = 2.0

T = TypeVar("T")


class ClientError(Exception):
    """Something a bot client could not handle; it stops and the run counts as failed."""


# Options --------------------------------------------------------------------------------


@dataclass
class Options:
    clients: int = 8
    matches: int = 1
    level: str = "normal"
    deals: int = 8
    max_seconds: float = 300.0
    servers: int = 2
    workers: int = 2
    front_door: str | None = None
    # An existing stack's front door: its TLS certificate (or the CA's), the name to check
    # in it if not the address's host, or plaintext (a server replica directly).
    root_cert: str | None = None
    tls_name: str | None = None
    plaintext: bool = False
    redis_url: str | None = None
    worker_metrics: list[str] = field(default_factory=list)
    # The own stack's per-client limits raised as in the tests' stacks (a capacity
    # measurement), instead of the shipped ones.
    raised_limits: bool = False
    resend_fraction: float = 0.05
    stale_fraction: float = 0.0
    seed: int = 1

    @property
    def own_stack(self) -> bool:
        return self.front_door is None

    def validate(self) -> None:
        """Raise ValueError with a message for the user if an option is out of bounds."""
        _bounded("--clients", self.clients, 1, MAX_CLIENTS)
        _bounded("--matches", self.matches, 1, MAX_MATCHES)
        if not 0 < self.max_seconds <= MAX_SECONDS:
            raise ValueError(f"--max-seconds must be above 0 and at most {MAX_SECONDS:g}")
        if self.level not in LEVELS:
            raise ValueError(f"--level must be one of {', '.join(LEVELS)}")
        if self.deals not in DEALS:
            raise ValueError(f"--deals must be one of {', '.join(map(str, DEALS))}")
        if not 0 <= self.resend_fraction <= 1:
            raise ValueError("--resend-fraction must be between 0 and 1")
        if not 0 <= self.stale_fraction <= 1:
            raise ValueError("--stale-fraction must be between 0 and 1")
        if self.own_stack:
            _bounded("--servers", self.servers, 1, MAX_PROCESSES)
            _bounded("--workers", self.workers, 1, MAX_PROCESSES)
            if self.redis_url is not None or self.worker_metrics or self.root_cert or self.plaintext:
                raise ValueError(
                    "--redis-url, --worker-metrics, --root-cert and --plaintext belong to --front-door "
                    "(an existing stack)"
                )
            return

        assert self.front_door is not None
        self.front_door = loopback_address(self.front_door, "front door")
        if self.redis_url is None:
            raise ValueError(
                "--front-door needs --redis-url too: the verification reads the tables from Redis"
            )
        loopback_redis_url(self.redis_url)
        if self.raised_limits:
            raise ValueError("--raised-limits belongs to an own stack; an existing stack has its own")
        if self.plaintext == (self.root_cert is not None):
            raise ValueError(
                "--front-door needs --root-cert FILE (its TLS certificate) or --plaintext (no TLS)"
            )
        self.worker_metrics = [loopback_address(address, "worker metrics") for address in self.worker_metrics]


def _bounded(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise ValueError(f"{name} must be {low} to {high}, not {value}")


def loopback_address(address: str, what: str) -> str:
    """``HOST:PORT`` on this machine, normalised for gRPC; ValueError for any other host."""
    host, separator, port = address.strip().rpartition(":")
    if not separator or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"the {what} must be HOST:PORT, not {address!r}")
    host = host.removeprefix("[").removesuffix("]").lower()
    if host not in LOOPBACK_HOSTS:
        raise ValueError(
            f"refusing the {what} {address!r}: the load test runs only against this machine "
            f"(host {', '.join(LOOPBACK_HOSTS)})"
        )
    return f"[::1]:{port}" if host == "::1" else f"{host}:{port}"


def loopback_redis_url(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("redis", "rediss"):
        raise ValueError(f"the Redis URL must start with redis://, not {url!r}")
    if (parts.hostname or "").lower() not in LOOPBACK_HOSTS:
        raise ValueError(
            f"refusing the Redis URL {url!r}: the load test runs only against this machine "
            f"(host {', '.join(LOOPBACK_HOSTS)})"
        )
    return url


# What the bots saw ----------------------------------------------------------------------

# Outcome of one request id as the client saw it.
ACCEPTED = "accepted"  # answered OK (the first time, or a retry answered as the first)
REFUSED = "refused"  # answered with an error that means "not applied" (e.g. ABORTED)
UNKNOWN = "unknown"  # no answer (unavailable, timed out, cancelled at the time limit)


@dataclass
class TableTrack:
    name: str
    rule_set: str
    finished: bool = False
    requests: dict[str, str] = field(default_factory=dict)
    watch_events: int = 0
    watch_gaps: list[str] = field(default_factory=list)


@dataclass
class RunStats:
    tables: list[TableTrack] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    retries: int = 0
    # Calls answered RESOURCE_EXHAUSTED ("retry in N ms") and sent again after the wait.
    throttled: int = 0
    # Calls made, by method (every attempt counts).
    calls: Counter[str] = field(default_factory=Counter)
    conflicts: int = 0
    resends: int = 0
    stale_sent: int = 0
    # What the deliberate resends and stale submissions showed wrong at once.
    injected_problems: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    time_limit_reached: bool = False
    cancelled_clients: int = 0
    seconds: float = 0.0

    @property
    def games_completed(self) -> int:
        return sum(1 for table in self.tables if table.finished)

    @property
    def accepted(self) -> int:
        return sum(1 for table in self.tables for outcome in table.requests.values() if outcome == ACCEPTED)


# The bot client -------------------------------------------------------------------------


def choose_move(view: table_pb2.TableView, rng: random.Random) -> actions_pb2.Action:
    """A random legal move from what the server offers: a playable card, else an allowed choice."""
    if view.phase == table_pb2.TABLE_PHASE_PLAYING:
        playable = [held.card for held in view.hand if held.playable]
        if playable:
            return actions_pb2.Action(play_card=actions_pb2.PlayCardAction(card=rng.choice(playable)))
    allowed = [choice.action for choice in view.choices if choice.allowed]
    passes = [action for action in allowed if action.WhichOneof("kind") == "pass_turn"]
    if passes and rng.random() < PASS_CHANCE:
        return passes[0]
    if not allowed:
        raise ClientError(f"{view.name} v{view.version}: my turn, but no card and no choice is allowed")
    return rng.choice(allowed)


def my_turn(view: table_pb2.TableView) -> bool:
    return view.HasField("viewer_seat") and view.viewer_seat in view.to_act_seats


def finished(view: table_pb2.TableView) -> bool:
    return view.phase == table_pb2.TABLE_PHASE_FINISHED


@dataclass(frozen=True)
class FrontDoor:
    """Where the bots connect: an address and, unless plaintext, TLS credentials."""

    address: str
    root_certificates: bytes | None = None
    tls_name: str | None = None

    def channel(self) -> grpc.aio.Channel:
        if self.root_certificates is None:
            return grpc.aio.insecure_channel(self.address)
        credentials = grpc.ssl_channel_credentials(root_certificates=self.root_certificates)
        options = [("grpc.ssl_target_name_override", self.tls_name)] if self.tls_name else []
        return grpc.aio.secure_channel(self.address, credentials, options)

    def describe(self) -> str:
        return f"{self.address} ({'plaintext' if self.root_certificates is None else 'TLS'})"


def retry_after(error: grpc.aio.AioRpcError) -> float | None:
    """Seconds to wait before sending a call answered RESOURCE_EXHAUSTED again, if it names
    a wait (a rate limit); None for other answers (a limit that waiting does not lift)."""
    if error.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
        return None
    details = error.details() or ""
    found = RETRY_IN_MS.search(details)
    if found:
        return int(found.group(1)) / 1000
    if "retry in a few seconds" in details:
        return RETRY_IN_A_FEW_SECONDS_S
    return None


class Bot:
    def __init__(
        self, index: int, front_door: FrontDoor, options: Options, stats: RunStats, stop: asyncio.Event
    ) -> None:
        self.index = index
        self.front_door = front_door
        self.options = options
        self.stats = stats
        self.stop = stop
        self.rng = random.Random(options.seed * 100_003 + index)
        self.metadata: list[tuple[str, str]] = []
        self.stub: Any = None

    async def run(self) -> None:
        async with self.front_door.channel() as channel:
            self.stub = service_grpc.TableServiceStub(channel)
            try:
                registered = await self.call(
                    self.stub.RegisterPlayer,
                    service_pb2.RegisterPlayerRequest(display_name=f"Bot {self.index}"),
                )
                self.metadata = [("authorization", f"Bearer {registered.token}")]
                for match in range(self.options.matches):
                    if self.stop.is_set():
                        return
                    await self.play_match(RULE_SETS[(self.index + match) % len(RULE_SETS)])
            except (ClientError, grpc.aio.AioRpcError) as error:
                self.stats.errors.append(f"client {self.index}: {describe(error)}")

    async def throttle(self, error: grpc.aio.AioRpcError, throttled: int) -> bool:
        """Wait as a RESOURCE_EXHAUSTED answer asks: at least the time it names, doubled for
        every refusal of the same call in a row (to THROTTLE_CAP_S) and spread at random, so
        that bots sharing an address do not all come back at once; False if the answer
        names no wait or the call was refused too often."""
        wait = retry_after(error)
        if wait is None or throttled >= MAX_THROTTLED:
            return False
        self.stats.throttled += 1
        longest = min(THROTTLE_CAP_S, max(wait, 0.01) * 2**throttled)
        await asyncio.sleep(max(wait, longest * (0.5 + self.rng.random() / 2)))
        return True

    async def call(self, method: Callable[..., Awaitable[T]], request: Any) -> T:
        """A call that changes nothing or may be repeated (register, create, get): retried while
        the front door answers UNAVAILABLE, and after the wait a rate limit names."""
        attempt = throttled = 0
        name = type(request).__name__.removesuffix("Request")
        while True:
            self.stats.calls[name] += 1
            try:
                return await method(request, metadata=self.metadata, timeout=RPC_TIMEOUT_S)
            except grpc.aio.AioRpcError as error:
                if await self.throttle(error, throttled):
                    throttled += 1
                    continue
                if error.code() not in RETRYABLE or attempt == ATTEMPTS - 1:
                    raise
                self.stats.retries += 1
                await asyncio.sleep(backoff(attempt))
                attempt += 1

    async def get(self, table: str) -> table_pb2.TableView:
        response = await self.call(self.stub.GetTable, service_pb2.GetTableRequest(table=table))
        return response.table

    async def play_match(self, rule_set: str) -> None:
        level = f"COMPUTER_LEVEL_{self.options.level.upper()}"
        computer = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER, level=level)
        request = service_pb2.CreateTableRequest(
            game="baska_kop",
            rule_set=rule_set,
            options={"deals": str(self.options.deals)},
            seats=[service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_HUMAN), computer, computer, computer],
            join=True,
        )
        view = (await self.call(self.stub.CreateTable, request)).table
        track = TableTrack(view.name, rule_set)
        self.stats.tables.append(track)
        events: asyncio.Queue[table_pb2.TableEvent] = asyncio.Queue()
        watcher = asyncio.create_task(self.watch(track, view.last_event_sequence, events))
        try:
            while not finished(view) and not self.stop.is_set():
                if my_turn(view):
                    view = await self.act(track, view)
                else:
                    view = await self.wait_for_change(track, view, events)
            track.finished = finished(view)
        finally:
            watcher.cancel()
            await asyncio.gather(watcher, return_exceptions=True)

    async def watch(self, track: TableTrack, after: int, events: asyncio.Queue[table_pb2.TableEvent]) -> None:
        """Follow the table's event stream, reconnecting after the last sequence received."""
        reconnects = throttled = 0
        while True:
            request = service_pb2.WatchTableRequest(table=track.name, after_sequence=after)
            self.stats.calls["WatchTable"] += 1
            stream = self.stub.WatchTable(request, metadata=self.metadata)
            try:
                async for response in stream:
                    if response.WhichOneof("kind") != "event":
                        continue  # a heartbeat
                    event = response.event
                    if event.sequence != after + 1:
                        track.watch_gaps.append(f"expected event {after + 1}, received {event.sequence}")
                    after = event.sequence
                    track.watch_events += 1
                    events.put_nowait(event)
                    if event.WhichOneof("kind") == "match_finished":
                        return
            except grpc.aio.AioRpcError as error:
                if await self.throttle(error, throttled):
                    throttled += 1
                    continue
                if error.code() not in RETRYABLE:
                    return  # the bot still polls the table; the stream is only the fast path
            finally:
                stream.cancel()
            reconnects += 1
            if reconnects > ATTEMPTS:
                return
            await asyncio.sleep(backoff(reconnects))

    async def wait_for_change(
        self, track: TableTrack, view: table_pb2.TableView, events: asyncio.Queue[table_pb2.TableEvent]
    ) -> table_pb2.TableView:
        """Wait until an event shows a version newer than ``view`` (or POLL_S passed), let the
        moves that follow it at once arrive too (SETTLE_S), then re-read the table."""
        deadline = time.monotonic() + POLL_S
        while not self.stop.is_set():
            try:
                event = await asyncio.wait_for(events.get(), timeout=max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                break
            newest = event.table_version
            while not events.empty():
                newest = max(newest, events.get_nowait().table_version)
            if newest > view.version:
                await self.settle(events)
                break
        return await self.get(track.name)

    async def settle(self, events: asyncio.Queue[table_pb2.TableEvent]) -> None:
        """Wait while events keep coming (SETTLE_S apart at most), as a person watches the
        computers' cards fall before looking at the hand."""
        while not self.stop.is_set():
            try:
                await asyncio.wait_for(events.get(), timeout=SETTLE_S)
            except TimeoutError:
                return

    async def act(self, track: TableTrack, view: table_pb2.TableView) -> table_pb2.TableView:
        """Submit one legal move decided on ``view``; returns the table as it stands after."""
        action = choose_move(view, self.rng)
        # A stale version on purpose: must be answered ABORTED and change nothing. Not for
        # continue_play, which the contract makes version-tolerant.
        stale = (
            view.version > 1
            and self.rng.random() < self.options.stale_fraction
            and action.WhichOneof("kind") != "continue_play"
        )
        request = service_pb2.SubmitActionRequest(
            table=view.name,
            table_version=view.version - 1 if stale else view.version,
            request_id=uuid.uuid4().hex,
            action=action,
        )
        self.stats.stale_sent += stale
        track.requests[request.request_id] = UNKNOWN
        attempt = throttled = 0
        while attempt < ATTEMPTS:
            started = time.perf_counter()
            self.stats.calls["SubmitAction"] += 1
            try:
                response = await self.stub.SubmitAction(
                    request, metadata=self.metadata, timeout=RPC_TIMEOUT_S
                )
            except grpc.aio.AioRpcError as error:
                if await self.throttle(error, throttled):
                    # Refused before anything was done: the same request again.
                    throttled += 1
                    continue
                if error.code() in RETRYABLE:
                    # Applied or not: a retry with the same request id and version tells.
                    self.stats.retries += 1
                    await asyncio.sleep(backoff(attempt))
                    attempt += 1
                    await self.get(view.name)
                    continue
                if error.code() == grpc.StatusCode.ABORTED:
                    # Not applied (an applied request id is answered as a duplicate, never ABORTED).
                    self.stats.conflicts += 1
                    track.requests[request.request_id] = REFUSED
                    return await self.get(view.name)
                raise ClientError(
                    f"{view.name} v{request.table_version} {action_text(request.action)}: {describe(error)}"
                ) from None
            self.stats.latencies_ms.append((time.perf_counter() - started) * 1000)
            track.requests[request.request_id] = ACCEPTED
            if stale:
                self.stats.injected_problems.append(
                    f"{view.name}: {action_text(request.action)} with the stale table_version "
                    f"{request.table_version} (the table was at {view.version}) was accepted"
                )
            if self.rng.random() < self.options.resend_fraction:
                await self.resend(request, response.table)
            return response.table
        raise ClientError(f"{view.name}: SubmitAction unanswered after {ATTEMPTS} attempts")

    async def resend(self, request: service_pb2.SubmitActionRequest, after: table_pb2.TableView) -> None:
        """Send an accepted request again: it must be answered OK and change nothing."""
        self.stats.resends += 1
        throttled = 0
        while True:
            self.stats.calls["SubmitAction"] += 1
            try:
                response = await self.stub.SubmitAction(
                    request, metadata=self.metadata, timeout=RPC_TIMEOUT_S
                )
            except grpc.aio.AioRpcError as error:
                if await self.throttle(error, throttled):
                    throttled += 1
                    continue
                if error.code() not in RETRYABLE:
                    self.stats.injected_problems.append(
                        f"{request.table}: resend of {request.request_id}: {describe(error)}"
                    )
                return
            break
        if response.table.version < after.version:
            self.stats.injected_problems.append(
                f"{request.table}: resend of {request.request_id} answered version "
                f"{response.table.version}, older than the first answer's {after.version}"
            )


def backoff(attempt: int) -> float:
    return float(min(2.0, 0.05 * 2**attempt))


def action_text(action: actions_pb2.Action) -> str:
    return text_format.MessageToString(action, as_one_line=True)


def describe(error: BaseException) -> str:
    if isinstance(error, grpc.aio.AioRpcError):
        return f"{error.code().name}: {error.details()}"
    return str(error)


async def run_clients(front_door: FrontDoor, options: Options) -> RunStats:
    """All bots at once, bounded by --max-seconds."""
    stats = RunStats()
    stop = asyncio.Event()
    started = time.monotonic()
    tasks = [
        asyncio.create_task(Bot(index, front_door, options, stats, stop).run())
        for index in range(options.clients)
    ]
    _, pending = await asyncio.wait(tasks, timeout=options.max_seconds)
    if pending:
        stats.time_limit_reached = True
        stop.set()
        _, pending = await asyncio.wait(pending, timeout=GRACE_S)
        for task in pending:
            task.cancel()
        stats.cancelled_clients = len(pending)
        await asyncio.gather(*pending, return_exceptions=True)
    stats.seconds = time.monotonic() - started
    for task in tasks:
        if not task.cancelled() and task.exception() is not None:
            stats.errors.append(f"client crashed: {task.exception()!r}")
    return stats


# AI decision latency from the workers' histograms --------------------------------------

# level -> upper bound (le) -> cumulative count
Buckets = dict[str, dict[float, float]]


def decision_buckets(metrics_text: str) -> Buckets:
    """The ``speedgamez_ai_decision_seconds`` buckets of one /metrics page, summed by level."""
    buckets: Buckets = {}
    for family in text_string_to_metric_families(metrics_text):
        if family.name != AI_DECISION_METRIC:
            continue
        for sample in family.samples:
            if sample.name == f"{AI_DECISION_METRIC}_bucket":
                by_level = buckets.setdefault(sample.labels.get("level", ""), {})
                bound = float(sample.labels["le"])
                by_level[bound] = by_level.get(bound, 0.0) + sample.value
    return buckets


def scrape_decisions(addresses: Iterable[str]) -> Buckets:
    total: Buckets = {}
    for address in addresses:
        with urllib.request.urlopen(f"http://{address}/metrics", timeout=5) as response:
            page = response.read().decode()
        merge(total, decision_buckets(page))
    return total


def merge(total: Buckets, more: Buckets, sign: float = 1.0) -> Buckets:
    for level, counts in more.items():
        into = total.setdefault(level, {})
        for bound, count in counts.items():
            into[bound] = into.get(bound, 0.0) + sign * count
    return total


def histogram_quantile(quantile: float, buckets: dict[float, float]) -> float | None:
    """The quantile interpolated linearly inside its bucket, as Prometheus' histogram_quantile."""
    bounds = sorted(buckets)
    if not bounds or buckets[bounds[-1]] <= 0:
        return None
    rank = quantile * buckets[bounds[-1]]
    lower, below = 0.0, 0.0
    for bound in bounds:
        count = buckets[bound]
        if count >= rank and count > below:
            if math.isinf(bound):
                return lower  # in the open-ended bucket: the highest finite bound
            return lower + (bound - lower) * (rank - below) / (count - below)
        if not math.isinf(bound):
            lower = bound
        below = count
    return lower


def percentile(values: list[float], quantile: float) -> float:
    ordered = sorted(values)
    position = quantile * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# Verification straight from Redis ------------------------------------------------------


@dataclass
class Verification:
    tables: int = 0
    replayed: int = 0
    log_entries: int = 0
    human_entries: int = 0
    computer_entries: int = 0
    accepted_found: int = 0
    missing: int = 0
    doubled: int = 0
    refused_applied: int = 0
    unexpected: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def verify(redis_url: str, stats: RunStats) -> Verification:
    result = Verification()
    client = redis.Redis.from_url(redis_url)
    try:
        for track in stats.tables:
            result.tables += 1
            verify_table(client, track, result)
        result.problems.extend(stats.injected_problems)
    finally:
        client.close()
    return result


def verify_table(client: redis.Redis, track: TableTrack, result: Verification) -> None:
    table_id = track.name.removeprefix("tables/")
    problems = result.problems
    with client.pipeline(transaction=True) as pipe:  # one consistent snapshot (MULTI/EXEC)
        pipe.hgetall(keys.table(table_id))
        pipe.lrange(keys.table_log(table_id), 0, -1)
        pipe.xlen(keys.table_events(table_id))
        pipe.xrevrange(keys.table_events(table_id), count=1)
        fields, raw_log, event_count, last_event = pipe.execute()
    if not fields:
        problems.append(f"{track.name}: not in Redis")
        return
    version = int(fields[b"version"])
    event_seq = int(fields.get(b"event_seq", 0))
    stored_state = json.loads(fields[b"state"])
    log = [json.loads(entry) for entry in raw_log]
    result.log_entries += len(log)
    if len(log) != version - 1:
        problems.append(f"{track.name}: {len(log)} log entries, but the table is at version {version}")
    last_sequence = int(last_event[0][0].decode().split("-")[0]) if last_event else 0
    if not event_count == last_sequence == event_seq:
        problems.append(
            f"{track.name}: event stream has {event_count} entries up to {last_sequence}, "
            f"event_seq is {event_seq}"
        )
    for gap in track.watch_gaps:
        problems.append(f"{track.name}: WatchTable: {gap}")
    try:
        config = TableConfig.from_json(fields[b"config"])
        own = get_game(config.game).game_type.actions
        replayed = json.loads(
            TableRecord.replay(table_id, config, [entry_from_dict(entry, own) for entry in log]).state_json()
        )
    except Exception as error:
        problems.append(f"{track.name}: the log does not replay: {error!r}")
    else:
        if replayed == stored_state:
            result.replayed += 1
        else:
            difference = state_difference(replayed, stored_state)
            problems.append(f"{track.name}: replaying its log gives a different state: {difference}")

    in_log: Counter[str] = Counter()
    for position, entry in enumerate(log):
        if entry.get("type") != "action":
            continue
        if entry.get("by") == "computer":
            result.computer_entries += 1
            continue
        result.human_entries += 1
        request = entry.get("request")
        if not request:
            problems.append(
                f"{track.name}: human action #{position + 1} {entry.get('action')!r} has no request id"
            )
            continue
        in_log[request] += 1
    for request, outcome in track.requests.items():
        count = in_log.get(request, 0)
        if outcome == ACCEPTED:
            if count == 0:
                result.missing += 1
                problems.append(f"{track.name}: accepted request {request} is missing from the log")
            else:
                result.accepted_found += 1
        elif outcome == REFUSED and count:
            result.refused_applied += 1
            problems.append(f"{track.name}: request {request} was refused, but is in the log")
        if count > 1:
            result.doubled += 1
            problems.append(f"{track.name}: request {request} is applied {count} times")
    for request in sorted(in_log.keys() - track.requests.keys()):
        result.unexpected += 1
        problems.append(f"{track.name}: the log holds request {request}, which this client never sent")


def state_difference(replayed: Any, stored: Any, path: str = "state") -> str:
    """Where two JSON values first differ, for the report."""
    if isinstance(replayed, dict) and isinstance(stored, dict):
        for key in sorted(replayed.keys() | stored.keys()):
            if replayed.get(key) != stored.get(key):
                return state_difference(replayed.get(key), stored.get(key), f"{path}.{key}")
    if isinstance(replayed, list) and isinstance(stored, list) and len(replayed) == len(stored):
        for index, (left, right) in enumerate(zip(replayed, stored, strict=True)):
            if left != right:
                return state_difference(left, right, f"{path}[{index}]")
    return f"{path}: replayed {json.dumps(replayed)[:200]}, stored {json.dumps(stored)[:200]}"


# The run --------------------------------------------------------------------------------


@dataclass
class Report:
    options: Options
    stats: RunStats
    decisions: Buckets | None
    decisions_note: str
    verification: Verification
    lines: list[str]

    @property
    def passed(self) -> bool:
        return self.verification.passed and not self.stats.errors


def run(options: Options, echo: Callable[[str], None] = print) -> Report:
    """Run the load test (starting a local stack unless --front-door is given) and report."""
    options.validate()
    lines: list[str] = []

    def say(line: str) -> None:
        lines.append(line)
        echo(line)

    stack: Any = None
    try:
        if options.own_stack:
            from tools.localstack import LocalStack
            from tools.processes import metrics_port

            # The per-client limits as shipped, unless raised on purpose (as the tests' stacks).
            stack = LocalStack(
                servers=options.servers,
                workers=options.workers,
                prometheus=False,
                shipped_limits=not options.raised_limits,
            ).start()
            effective: Settings | None = Settings.from_env(stack.server_processes[0].env)
            assert stack.root_certificate is not None
            front_door = FrontDoor(stack.front_door, stack.root_certificate.read_bytes())
            redis_url = stack.redis_url
            metrics_addresses = [f"127.0.0.1:{metrics_port(process)}" for process in stack.worker_processes]
            where = (
                f"own local stack: {options.servers} server(s) behind nginx at {front_door.describe()}, "
                f"{options.workers} AI worker(s), Redis {redis_url}"
            )
        else:
            assert options.front_door is not None and options.redis_url is not None
            root = None if options.plaintext else Path(str(options.root_cert)).read_bytes()
            front_door = FrontDoor(options.front_door, root, options.tls_name)
            redis_url = options.redis_url
            metrics_addresses = list(options.worker_metrics)
            where = f"existing stack: front door {front_door.describe()}, Redis {redis_url}"
            effective = None
        say("speedgamez load test")
        say(f"  stack:   {where}")
        say(
            f"  clients: {options.clients} x {options.matches} match(es) = "
            f"{options.clients * options.matches} matches; 1 bot + 3 computers ({options.level}) per table; "
            f"{options.deals} deals; "
            f"rule sets {'/'.join(RULE_SETS)} alternating"
        )
        for line in limit_lines(effective, options.raised_limits):
            say(line)
        say(
            f"  run:     --max-seconds {options.max_seconds:g}; on purpose: resend "
            f"{options.resend_fraction:.0%} of accepted actions, send {options.stale_fraction:.0%} with a "
            f"stale table_version; seed {options.seed}"
        )
        note = "not available: no worker metrics ports (give --worker-metrics HOST:PORT,...)"
        before: Buckets | None = None
        if metrics_addresses:
            try:
                before = scrape_decisions(metrics_addresses)
            except OSError as error:
                note = f"not available: the worker metrics did not answer ({error})"
        stats = asyncio.run(run_clients(front_door, options))
        decisions: Buckets | None = None
        if before is not None:
            try:
                after = scrape_decisions(metrics_addresses)
            except OSError as error:
                note = f"not available: the worker metrics did not answer ({error})"
            else:
                decisions = {
                    level: counts
                    for level, counts in merge(after, before, sign=-1.0).items()
                    if max(counts.values(), default=0) > 0
                }
                note = f"{AI_DECISION_METRIC} of {len(metrics_addresses)} worker(s)"
        verification = verify(redis_url, stats)
    finally:
        if stack is not None:
            stack.stop()
    report = Report(options, stats, decisions, note, verification, lines)
    for line in results(report):
        say(line)
    return report


def limit_lines(effective: Settings | None, raised: bool = False) -> list[str]:
    """The limits the bots play under, for the header: ``effective``, the settings of the own
    stack's servers, or (None: an existing stack, whose settings are unknown here) the
    shipped ones; nginx's registration limit from deploy/nginx/nginx.conf."""
    if effective is None:
        whose, limits = "the stack's own; as shipped (server/settings.py) they are", Settings()
    elif raised:
        whose, limits = "RAISED (--raised-limits, as the tests' stacks; not the shipped ones)", effective
    else:
        whose, limits = "as shipped (server/settings.py, deploy/nginx/nginx.conf)", effective
    nginx = (ROOT / "deploy" / "nginx" / "nginx.conf").read_text()
    rate = re.search(r"zone=registrations:\S+ rate=(\S+);", nginx)
    burst = re.search(r"zone=registrations burst=(\d+)", nginx)
    return [
        f"  limits:  {whose}: per token {limits.rate_per_s:g}/s in bursts of {limits.rate_burst}; "
        f"per client address {limits.address_rate_per_s:g}/s in bursts of {limits.address_rate_burst} "
        "(all bots share one address, 127.0.0.1);",
        f"           registrations {limits.registrations_per_min:g}/min per address (servers), "
        f"{rate.group(1) if rate else '?'} in bursts of {burst.group(1) if burst else '?'} (nginx); "
        f"watch streams {limits.max_watches} per player, {limits.max_watches_per_address} per address; "
        f"computers think at least {limits.ai_min_think_ms} ms (compose: 400 ms)",
        "  bots:    follow their table's WatchTable stream, read the table once the computers' moves "
        f"settle ({SETTLE_S * 1000:g} ms without an event), wait as RESOURCE_EXHAUSTED says",
    ]


def results(report: Report) -> list[str]:
    stats, check, options = report.stats, report.verification, report.options
    planned = options.clients * options.matches
    out = ["results"]
    if stats.time_limit_reached:
        out.append(
            f"  STOPPED at --max-seconds {options.max_seconds:g}: {stats.games_completed} of {planned} "
            f"matches finished; {len(stats.tables) - stats.games_completed} unfinished table(s) are "
            "audited as they stand"
            + (f"; {stats.cancelled_clients} client(s) cancelled mid-call" if stats.cancelled_clients else "")
        )
    seconds = max(stats.seconds, 1e-9)
    out.append(
        f"  games completed: {stats.games_completed}/{planned} in {stats.seconds:.1f} s = "
        f"{stats.games_completed / seconds:.3f} games/s ({stats.games_completed * options.deals} deals)"
    )
    others = check.log_entries - check.human_entries - check.computer_entries
    out.append(
        f"  table changes: {check.log_entries} logged ({check.human_entries} bot actions, "
        f"{check.computer_entries} computer actions, {others} joins) = {check.log_entries / seconds:.1f}/s"
    )
    out.append(
        f"  client calls: {stats.accepted} actions accepted, {stats.retries} retried after UNAVAILABLE/"
        f"DEADLINE_EXCEEDED, {stats.throttled} after RESOURCE_EXHAUSTED's wait, {stats.conflicts} ABORTED "
        f"({stats.stale_sent} stale on purpose), {stats.resends} resent on purpose"
    )
    calls = sum(stats.calls.values())
    out.append(
        f"  calls made: {calls} = {calls / seconds:.1f}/s ("
        + ", ".join(f"{method} {count}" for method, count in stats.calls.most_common())
        + ")"
    )
    if stats.latencies_ms:
        values = stats.latencies_ms
        out.append(
            f"  action latency (SubmitAction round trip at the client, n={len(values)}): "
            f"p50 {percentile(values, 0.50):.1f} ms  p95 {percentile(values, 0.95):.1f} ms  "
            f"p99 {percentile(values, 0.99):.1f} ms"
        )
    else:
        out.append("  action latency: no action was accepted")
    out.extend(decision_lines(report.decisions, report.decisions_note))
    for error in stats.errors:
        out.append(f"  CLIENT ERROR: {error}")
    out.append(f"verification ({check.tables} tables, read from Redis)")
    out.append(f"  replay: {check.replayed}/{check.tables} action logs replay to exactly the stored state")
    out.append(
        f"  requests: {check.accepted_found}/{stats.accepted} accepted request ids are in their table's log; "
        f"{check.missing} missing, {check.doubled} applied more than once, "
        f"{check.refused_applied} refused but applied, {check.unexpected} never sent"
    )
    events = sum(table.watch_events for table in stats.tables)
    gaps = sum(len(table.watch_gaps) for table in stats.tables)
    out.append(f"  event streams: {events} events received by the clients, {gaps} out of sequence")
    for problem in check.problems[:50]:
        out.append(f"  PROBLEM: {problem}")
    if len(check.problems) > 50:
        out.append(f"  ... and {len(check.problems) - 50} more problems")
    out.append(f"  verification: {'PASSED' if check.passed else 'FAILED'}")
    if stats.errors:
        out.append(f"  run: FAILED ({len(stats.errors)} client error(s))")
    return out


def decision_lines(decisions: Buckets | None, note: str) -> list[str]:
    if decisions is None:
        return [f"  AI decision latency: {note}"]
    lines = [f"  AI decision latency ({note}, quantiles interpolated in the buckets):"]
    groups = sorted(decisions.items())
    if len(groups) > 1:
        combined: dict[float, float] = {}
        for _, counts in groups:
            for bound, count in counts.items():
                combined[bound] = combined.get(bound, 0.0) + count
        groups.append(("all levels", combined))
    for label, counts in groups:
        p50, p95 = histogram_quantile(0.50, counts), histogram_quantile(0.95, counts)
        if p50 is None or p95 is None:
            continue
        lines.append(
            f"    {label}: n={int(max(counts.values()))}  p50 {p50 * 1000:.1f} ms  p95 {p95 * 1000:.1f} ms"
        )
    if len(lines) == 1:
        lines.append("    no decisions recorded during the run")
    return lines


# Command line ---------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(
        prog="python -m tools.loadtest",
        description=(__doc__ or "").splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--clients", type=int, default=8, help=f"concurrent bot clients (1-{MAX_CLIENTS})")
    parser.add_argument("--matches", type=int, default=1, help=f"matches per client (1-{MAX_MATCHES})")
    parser.add_argument("--level", default="normal", choices=LEVELS, help="level of the computer seats")
    parser.add_argument("--deals", type=int, default=8, choices=DEALS, help="deals per match")
    parser.add_argument("--max-seconds", type=float, default=300.0, help="time limit of the games")
    own = parser.add_argument_group("own stack (the default)")
    own.add_argument("--servers", type=int, default=None, help="server processes behind nginx (default 2)")
    own.add_argument("--workers", type=int, default=None, help="AI worker processes (default 2)")
    own.add_argument(
        "--raised-limits",
        action="store_true",
        help="raise the per-client limits as the tests do, to measure capacity (default: as shipped)",
    )
    existing = parser.add_argument_group("existing stack (loopback only)")
    existing.add_argument("--front-door", help="HOST:PORT of the gRPC front door")
    existing.add_argument("--root-cert", help="the front door's TLS certificate (or its CA's), PEM")
    existing.add_argument("--tls-name", help="the name to check in the certificate, if not the host's")
    existing.add_argument("--plaintext", action="store_true", help="no TLS (a server replica directly)")
    existing.add_argument("--redis-url", help="the stack's Redis, for the verification")
    existing.add_argument(
        "--worker-metrics", default="", help="HOST:PORT,... of the workers' metrics endpoints (optional)"
    )
    parser.add_argument(
        "--resend-fraction",
        type=float,
        default=0.05,
        help="share of accepted actions sent again, to be answered as duplicates (default 0.05)",
    )
    parser.add_argument(
        "--stale-fraction",
        type=float,
        default=0.0,
        help="share of actions sent with the previous table_version, to be refused (default 0)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the bots' random moves")
    args = parser.parse_args(argv)
    if args.front_door is not None and (args.servers is not None or args.workers is not None):
        parser.error("--servers/--workers start an own stack; leave them out with --front-door")
    options = Options(
        clients=args.clients,
        matches=args.matches,
        level=args.level,
        deals=args.deals,
        max_seconds=args.max_seconds,
        servers=2 if args.servers is None else args.servers,
        workers=2 if args.workers is None else args.workers,
        front_door=args.front_door,
        root_cert=args.root_cert,
        tls_name=args.tls_name,
        plaintext=args.plaintext,
        raised_limits=args.raised_limits,
        redis_url=args.redis_url,
        worker_metrics=[address for address in args.worker_metrics.split(",") if address.strip()],
        resend_fraction=args.resend_fraction,
        stale_fraction=args.stale_fraction,
        seed=args.seed,
    )
    try:
        options.validate()
    except ValueError as error:
        parser.error(str(error))
    return options


def main(argv: list[str] | None = None) -> int:
    report = run(parse_args(argv))
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
