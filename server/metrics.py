"""Prometheus metrics of server and worker processes, all defined here.

Names follow the Prometheus conventions: a ``speedgamez_`` prefix, units in the name,
``_total`` for counters, and labels of low cardinality only (method, status code, game,
level, kind); never a table or player id. Each process serves them on its own metrics
port (SPEEDGAMEZ_METRICS_PORT). Gauges read from Redis (active tables, the job queue)
describe the whole deployment, so every process reports the same value: aggregate them
with ``max`` rather than ``sum``.
"""

from __future__ import annotations

from prometheus_client import REGISTRY, Counter, Gauge, Histogram, start_http_server

_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

# The protocol label: "grpc" (the gRPC port), and on the HTTP port "connect", "grpc_web" or
# "grpc" (gRPC over the HTTP port's HTTP/2), as the request's content type says.
RPC_REQUESTS = Counter(
    "speedgamez_rpc_requests_total",
    "RPCs answered, by method, status code and protocol",
    ["method", "code", "protocol"],
)
RPC_DURATION = Histogram(
    "speedgamez_rpc_duration_seconds",
    "Time to answer a unary RPC, by method, status code and protocol",
    ["method", "code", "protocol"],
    buckets=_LATENCY_BUCKETS,
)
# Sends to Redis in one unary call: a pipeline or a script is one; a call whose pipeline
# spans cluster nodes sends one per node.
REDIS_ROUND_TRIPS = Histogram(
    "speedgamez_redis_round_trips",
    "Redis round trips a unary RPC made (commands sent together count once), by method",
    ["method"],
    buckets=(1, 2, 3, 4, 5, 6, 8, 10, 15, 20),
)
ACTIVE_TABLES = Gauge("speedgamez_active_tables", "Tables with a match in progress, by game", ["game"])
ACTIONS_APPLIED = Counter(
    "speedgamez_actions_applied_total", "Table changes committed, by game and who made them", ["game", "by"]
)
VERSION_CONFLICTS = Counter(
    "speedgamez_version_conflicts_total", "Writes refused because the table version had moved on"
)
WATCH_STREAMS = Gauge(
    "speedgamez_watch_streams", "Watch streams (table and lobby) open on this process, over any protocol"
)
REDIS_ERRORS = Counter("speedgamez_redis_errors_total", "Redis commands that failed", ["component"])
CLOCK_EXPIRED = Counter(
    "speedgamez_clock_expired_total",
    "Times the move clock ran out and the computer moved for people, by game",
    ["game"],
)

AI_JOBS_QUEUED = Counter("speedgamez_ai_jobs_queued_total", "AI jobs put on the queue, by kind", ["kind"])
AI_JOBS_WAITING = Gauge(
    "speedgamez_ai_jobs_waiting", "AI move jobs on a stream not yet given to a worker, by stream", ["stream"]
)
AI_JOBS_IN_FLIGHT = Gauge(
    "speedgamez_ai_jobs_in_flight", "AI jobs delivered to a worker and not yet done, by stream", ["stream"]
)
AI_JOBS_DELAYED = Gauge("speedgamez_ai_jobs_delayed", "AI jobs not yet due (think time, a player's pace)")
# A move job's kind is its table's (person: people play there), other jobs' their own.
AI_JOB_WAIT_KINDS = ("person", "computers", "market", "advice", "shadow")
AI_JOB_WAIT = Histogram(
    "speedgamez_ai_job_wait_seconds",
    f"Time a due AI job waited on its stream for a worker, by kind ({', '.join(AI_JOB_WAIT_KINDS)})",
    ["kind"],
    buckets=_LATENCY_BUCKETS,
)
# Exported by workers only (serve registers it): any other process would export it as 0,
# a heartbeat in 1970, and the alerts on stuck workers would fire for every server.
WORKER_HEARTBEAT = Gauge(
    "speedgamez_worker_heartbeat_timestamp_seconds",
    "When this worker's loop last came round (Unix time)",
    registry=None,
)
AI_JOBS_DONE = Counter(
    "speedgamez_ai_jobs_done_total", "AI jobs a worker finished, by kind and outcome", ["kind", "outcome"]
)
AI_JOBS_RECLAIMED = Counter("speedgamez_ai_jobs_reclaimed_total", "AI jobs taken over from a silent worker")
AI_JOBS_DEAD_LETTERED = Counter(
    "speedgamez_ai_jobs_dead_lettered_total", "AI jobs given up after repeated failures"
)
# The latency buckets and the levels' budgets (normal 0.3 s, strong 2 s), so that the share
# of decisions within a budget is counted, not interpolated.
AI_DECISION_DURATION = Histogram(
    "speedgamez_ai_decision_seconds",
    "Time a computer player takes to decide, by game and level",
    ["game", "level"],
    buckets=tuple(sorted({*_LATENCY_BUCKETS, 0.3, 2.0})),
)
SOLVER_NODES = Counter(
    "speedgamez_solver_nodes_total", "Positions the double-dummy solver visited, by game", ["game"]
)


def serve(port: int, host: str = "127.0.0.1", *, worker: bool = False) -> int:
    """Serve the metrics over HTTP on ``host``:``port`` (0: any free port); returns the port.
    A ``worker`` serves its heartbeat too, and the waits of every kind of job from the start.

    Loopback by default: metrics are for the operator's Prometheus, which reaches them on
    an internal network (compose sets the host to all interfaces of the container).
    """
    if worker:
        REGISTRY.register(WORKER_HEARTBEAT)
        # Every kind's series from the start: rate() misses what a series counted before
        # Prometheus first saw it, such as the first jobs that waited long after a start.
        for kind in AI_JOB_WAIT_KINDS:
            AI_JOB_WAIT.labels(kind)
    server, _ = start_http_server(port, addr=host)
    return int(server.server_port)
