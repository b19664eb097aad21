"""The load test (tools/loadtest.py): a short run through nginx (TLS) within the shipped
limits, its audit, how its bots honour RESOURCE_EXHAUSTED, and its guards."""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis

from server import keys
from tools import loadtest
from tools.localstack import LocalStack

PLAY_METRICS = """\
# HELP speedgamez_ai_decision_seconds Time a computer player takes to decide, by game and level
# TYPE speedgamez_ai_decision_seconds histogram
speedgamez_ai_decision_seconds_bucket{game="baska_kop",le="0.001",level="easy"} 10.0
speedgamez_ai_decision_seconds_bucket{game="baska_kop",le="0.01",level="easy"} 30.0
speedgamez_ai_decision_seconds_bucket{game="baska_kop",le="0.1",level="easy"} 40.0
speedgamez_ai_decision_seconds_bucket{game="baska_kop",le="+Inf",level="easy"} 40.0
speedgamez_ai_decision_seconds_count{game="baska_kop",level="easy"} 40.0
speedgamez_ai_decision_seconds_sum{game="baska_kop",level="easy"} 0.5
# HELP speedgamez_solver_nodes_total Positions the double-dummy solver visited, by game
# TYPE speedgamez_solver_nodes_total counter
speedgamez_solver_nodes_total{game="baska_kop"} 123.0
"""


def test_a_short_run_plays_every_match_and_its_audit_passes() -> None:
    options = loadtest.Options(
        clients=4,
        matches=1,
        level="easy",
        deals=8,
        servers=1,
        workers=1,
        max_seconds=60,
        resend_fraction=0.2,
        stale_fraction=0.1,
    )
    lines: list[str] = []
    report = loadtest.run(options, echo=lines.append)
    text = "\n".join(lines)

    assert report.passed, text
    stats, check = report.stats, report.verification
    assert not stats.time_limit_reached and not stats.errors, text
    assert stats.games_completed == 4 and {table.rule_set for table in stats.tables} == {"baska", "kop"}
    # 8 deals: every deal needs the bot's card plays and its continue.
    assert stats.accepted >= 4 * 8 * 5 and len(stats.latencies_ms) == stats.accepted
    assert stats.resends > 0 and stats.stale_sent > 0 and stats.conflicts == stats.stale_sent
    assert check.tables == check.replayed == 4
    assert check.accepted_found == stats.accepted == check.human_entries
    assert check.computer_entries > 0
    assert report.decisions is not None and set(report.decisions) == {"easy"}
    assert report.decisions["easy"][math.inf] >= check.computer_entries

    assert "games completed: 4/4" in text and "games/s" in text
    # The limits it ran under, the shipped ones, are stated in the header.
    assert (
        "limits:  as shipped (server/settings.py, deploy/nginx/nginx.conf): per token 10/s in bursts of 40"
        in text
    )
    assert "per client address 50/s in bursts of 200" in text and "registrations 10/min" in text
    assert "5r/s in bursts of 50 (nginx)" in text
    assert "(TLS)" in text
    latency = next(line for line in lines if "action latency" in line)
    assert all(f"{name} " in latency and " ms" in latency for name in ("p50", "p95", "p99")), latency
    decision = next(line for line in lines if line.strip().startswith("easy: n="))
    assert "p50 " in decision and "p95 " in decision, decision
    assert "replay: 4/4" in text and "0 missing, 0 applied more than once" in text
    assert lines[-1].strip() == "verification: PASSED"


@pytest.fixture(scope="module")
def stack() -> Iterator[LocalStack]:
    running = LocalStack(servers=1, workers=1, prometheus=False).start()
    try:
        yield running
    finally:
        running.stop()


def test_an_existing_stack_without_worker_metrics_and_an_audit_that_catches_tampering(
    stack: LocalStack,
) -> None:
    lines: list[str] = []
    options = loadtest.Options(
        clients=2,
        level="easy",
        front_door=stack.front_door,
        root_cert=str(stack.root_certificate),
        redis_url=stack.redis_url,
        resend_fraction=0,
    )
    report = loadtest.run(options, echo=lines.append)
    assert report.passed, "\n".join(lines)
    assert report.decisions is None
    assert any("AI decision latency: not available" in line for line in lines)
    assert any("limits:  the stack's own; as shipped" in line for line in lines)

    # A human action applied twice, and one lost: the audit must say so.
    client = redis.Redis.from_url(stack.redis_url)
    try:
        doubled, lost = (table.name.removeprefix("tables/") for table in report.stats.tables)
        log = keys.table_log(doubled)
        entries: Any = client.lrange(log, 0, -1)
        human = next(entry for entry in entries if json.loads(entry).get("by") == "human")
        client.rpush(log, human)
        client.hincrby(keys.table(doubled), "version", 1)
        lost_log = keys.table_log(lost)
        entries = client.lrange(lost_log, 0, -1)
        last_human = next(entry for entry in reversed(entries) if json.loads(entry).get("by") == "human")
        client.lrem(lost_log, 1, last_human)
        check = loadtest.verify(stack.redis_url, report.stats)
    finally:
        client.close()
    assert not check.passed
    assert check.doubled == 1 and check.missing == 1, check.problems
    assert any("applied 2 times" in problem for problem in check.problems)
    assert any("missing from the log" in problem for problem in check.problems)
    assert any("different state" in problem or "does not replay" in problem for problem in check.problems)


def test_only_loopback_addresses_are_accepted() -> None:
    for address in ("127.0.0.1:8080", "localhost:8080", "[::1]:8080", "::1:8080"):
        assert loadtest.loopback_address(address, "front door").endswith(":8080")
    for address in ("10.0.0.5:8080", "example.com:8080", "0.0.0.0:8080"):
        with pytest.raises(ValueError, match="runs only against this machine"):
            loadtest.loopback_address(address, "front door")
    with pytest.raises(ValueError, match="refusing the Redis URL"):
        loadtest.Options(front_door="127.0.0.1:8080", redis_url="redis://10.0.0.5:6379/0").validate()
    with pytest.raises(SystemExit):
        loadtest.parse_args(["--front-door", "192.168.1.20:8080", "--redis-url", "redis://127.0.0.1:6379/0"])
    with pytest.raises(ValueError, match="--clients"):
        loadtest.Options(clients=100_000).validate()
    # An existing front door speaks TLS (its certificate) or, said so, plaintext.
    with pytest.raises(ValueError, match="--root-cert FILE"):
        loadtest.Options(front_door="127.0.0.1:8443", redis_url="redis://127.0.0.1:6379/0").validate()
    loadtest.Options(
        front_door="127.0.0.1:8443", redis_url="redis://127.0.0.1:6379/0", plaintext=True
    ).validate()
    with pytest.raises(ValueError, match="--raised-limits"):
        loadtest.Options(
            front_door="127.0.0.1:8443",
            redis_url="redis://127.0.0.1:6379/0",
            plaintext=True,
            raised_limits=True,
        ).validate()


def exhausted(details: str) -> grpc.aio.AioRpcError:
    return grpc.aio.AioRpcError(
        grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.aio.Metadata(), grpc.aio.Metadata(), details=details
    )


def test_a_bot_waits_as_resource_exhausted_says_and_gives_up_on_a_limit_that_waiting_does_not_lift() -> None:
    assert loadtest.retry_after(exhausted("too many requests: ...; retry in 80 ms")) == 0.08
    assert loadtest.retry_after(exhausted("too many registrations ...; retry in a few seconds")) == 2.0
    assert loadtest.retry_after(exhausted("you already have 10 unfinished tables; finish one first")) is None

    stats = loadtest.RunStats()
    bot = loadtest.Bot(0, loadtest.FrontDoor("127.0.0.1:1"), loadtest.Options(), stats, asyncio.Event())
    answers: list[BaseException | str] = [
        exhausted("too many requests from this address: ...; retry in 40 ms"),
        exhausted("too many requests: at most 10 per second in bursts of 40; retry in 40 ms"),
        "answered",
    ]
    sent: list[float] = []

    async def method(request: Any, **call: Any) -> str:
        sent.append(time.monotonic())
        answer = answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    assert asyncio.run(bot.call(method, loadtest.service_pb2.GetTableRequest(table="tables/x"))) == "answered"
    assert stats.throttled == 2 and stats.calls["GetTable"] == 3 and stats.retries == 0
    # At least the wait named, each time (doubled after the first refusal in a row).
    assert sent[1] - sent[0] >= 0.04 and sent[2] - sent[1] >= 0.04

    answers[:] = [exhausted("you already have 10 unfinished tables; finish or leave one first")]
    with pytest.raises(grpc.aio.AioRpcError):
        asyncio.run(bot.call(method, loadtest.service_pb2.GetTableRequest(table="tables/x")))
    assert stats.throttled == 2


def test_quantiles_are_interpolated_in_the_histogram_buckets() -> None:
    buckets = loadtest.decision_buckets(PLAY_METRICS)
    assert buckets == {"easy": {0.001: 10.0, 0.01: 30.0, 0.1: 40.0, math.inf: 40.0}}
    counts = buckets["easy"]
    # Rank 20 of 40 lies halfway through the 0.001-0.01 bucket (10 to 30).
    assert loadtest.histogram_quantile(0.5, counts) == pytest.approx(0.0055)
    # Rank 38 of 40: 8 of the 10 in the 0.01-0.1 bucket.
    assert loadtest.histogram_quantile(0.95, counts) == pytest.approx(0.01 + 0.09 * 0.8)
    assert loadtest.histogram_quantile(0.5, {0.1: 0.0, math.inf: 0.0}) is None
    # Beyond the highest finite bound Prometheus answers that bound.
    assert loadtest.histogram_quantile(0.99, {0.1: 1.0, math.inf: 10.0}) == 0.1
