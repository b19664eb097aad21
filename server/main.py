"""Run the table service: ``python -m server``.

Serves the TableService, gRPC health checking and reflection on SPEEDGAMEZ_LISTEN and
stops gracefully on SIGTERM or SIGINT: health turns NOT_SERVING, new calls are refused,
running calls get SPEEDGAMEZ_SHUTDOWN_GRACE_S seconds. Serves Prometheus metrics on
SPEEDGAMEZ_METRICS_PORT. Prints ``speedgamez server listening on <host>:<port>, metrics on
port <port>`` once ready.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
import time

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from engine.registry import GAMES
from server import metrics
from server.grpc_api import add_table_service
from server.reflection import add_reflection
from server.service import TableService
from server.settings import Settings
from server.store import Store, connect, redis_error_context
from server.watching import EventHub
from speedgamez.v1 import table_service_pb2

SERVICE_NAME = table_service_pb2.DESCRIPTOR.services_by_name["TableService"].full_name
# Requests are small; anything bigger is a mistake or an attack.
MAX_REQUEST_BYTES = 64 * 1024
# The keepalive policy the contract documents (table_service.proto): clients may ping
# every 10 s or more, with or without calls, and are never sent away for it; the server
# pings idle connections every 30 s and drops those that do not answer within 10 s.
KEEPALIVE_OPTIONS = [
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.http2.min_ping_interval_without_data_ms", 5_000),
    ("grpc.http2.max_ping_strikes", 0),
    ("grpc.keepalive_time_ms", 30_000),
    ("grpc.keepalive_timeout_ms", 10_000),
]
GAUGE_REFRESH_SECONDS = 5
# How often, and how patiently, the server asks Redis whether it is there.
HEALTH_PROBE_SECONDS = 1.0

log = logging.getLogger("speedgamez.server")


async def serve(settings: Settings) -> None:
    redis = connect(settings, f"speedgamez-server-{socket.gethostname()}-{os.getpid()}")
    store = Store(redis, settings)
    hub = EventHub(redis)
    server = grpc.aio.server(
        options=[("grpc.max_receive_message_length", MAX_REQUEST_BYTES), *KEEPALIVE_OPTIONS]
    )
    add_table_service(TableService(store, settings, hub), server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    add_reflection(server, (SERVICE_NAME, health.SERVICE_NAME))
    port = server.add_insecure_port(settings.listen)
    metrics_port = metrics.serve(settings.metrics_port, settings.metrics_host)
    await server.start()
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    host = settings.listen.rsplit(":", 1)[0]
    print(f"speedgamez server listening on {host}:{port}, metrics on port {metrics_port}", flush=True)
    refresher = asyncio.create_task(_watch_redis(store, health_servicer))
    hub_task = asyncio.create_task(hub.run())

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    log.info("shutting down")
    await health_servicer.enter_graceful_shutdown()
    # Watch streams end at once with UNAVAILABLE and the sequence to resume from, a
    # status that passes through proxies intact (a stream cut off is not).
    hub.close()
    refresher.cancel()
    await server.stop(settings.shutdown_grace_s)
    hub_task.cancel()
    await redis.aclose()


async def _watch_redis(store: Store, health_servicer: health.aio.HealthServicer) -> None:
    """Health NOT_SERVING within about a second of Redis going away, SERVING when it is back;
    keep the deployment-wide gauges current and the table indexes free of expired tables."""
    serving = True
    next_gauges = 0.0
    while True:
        try:
            await asyncio.wait_for(store.redis.ping(), HEALTH_PROBE_SECONDS)
            if time.monotonic() >= next_gauges:
                next_gauges = time.monotonic() + GAUGE_REFRESH_SECONDS
                await store.prune_indexes()
                for game in GAMES:
                    metrics.ACTIVE_TABLES.labels(game).set(await store.active_tables(game))
            reachable = True
        except Exception as error:  # any failure of the probe means Redis cannot serve
            metrics.REDIS_ERRORS.labels("server").inc()
            if serving:
                log.warning("redis is unreachable: %s", redis_error_context(error))
            reachable = False
        if reachable != serving:
            serving = reachable
            status = (
                health_pb2.HealthCheckResponse.SERVING
                if serving
                else health_pb2.HealthCheckResponse.NOT_SERVING
            )
            await health_servicer.set(SERVICE_NAME, status)
            if serving:
                log.warning("redis is back")
        await asyncio.sleep(HEALTH_PROBE_SECONDS)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        settings = Settings.from_env()
    except ValueError as error:
        sys.exit(f"speedgamez: {error}")
    asyncio.run(serve(settings))


if __name__ == "__main__":
    main()
