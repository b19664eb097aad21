"""Run the table service: ``python -m server``.

Serves the TableService, gRPC health checking and reflection on SPEEDGAMEZ_LISTEN, the
TableService over HTTP (Connect, gRPC-Web; ``server.http_api``) on SPEEDGAMEZ_HTTP_LISTEN,
and stops gracefully on SIGTERM or SIGINT: health turns NOT_SERVING, new calls are refused,
running calls get SPEEDGAMEZ_SHUTDOWN_GRACE_S seconds. Serves Prometheus metrics on
SPEEDGAMEZ_METRICS_PORT. Prints ``speedgamez server listening on <host>:<port>, HTTP on
<host>:<port>, metrics on port <port>`` once ready (``HTTP off`` when SPEEDGAMEZ_HTTP_LISTEN
is empty).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
import time
from pathlib import Path
from typing import cast

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from hypercorn.asyncio import serve as serve_http
from hypercorn.config import Config as HTTPConfig
from hypercorn.typing import ASGIFramework

from engine.registry import GAMES
from server import metrics
from server.grpc_api import add_table_service
from server.http_api import table_service_app
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
# Connections waiting to be accepted on the HTTP port.
HTTP_BACKLOG = 1024
# An idle HTTP connection is closed after this long (as nginx's upstream keepalive expects).
KEEPALIVE_IDLE_SECONDS = 75
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
    service = TableService(store, settings, hub)
    add_table_service(service, server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    add_reflection(server, (SERVICE_NAME, health.SERVICE_NAME))
    port = server.add_insecure_port(settings.listen)
    metrics_port = metrics.serve(settings.metrics_port, settings.metrics_host)
    stop = asyncio.Event()
    http_socket = _http_socket(settings.http_listen) if settings.http_listen else None
    await server.start()
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    http_task = None
    http_where = "HTTP off"
    if http_socket is not None:
        http_task = asyncio.create_task(_serve_http(service, settings, http_socket, stop))
        http_host = settings.http_listen.rsplit(":", 1)[0]
        http_where = f"HTTP on {http_host}:{http_socket.getsockname()[1]}"
    host = settings.listen.rsplit(":", 1)[0]
    print(
        f"speedgamez server listening on {host}:{port}, {http_where}, metrics on port {metrics_port}",
        flush=True,
    )
    refresher = asyncio.create_task(_watch_redis(store, health_servicer))
    hub_task = asyncio.create_task(hub.run())
    upkeep_task = asyncio.create_task(hub.keep_up(store, settings.watch_poll_ms, settings.watch_lease_ms))

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
    if http_task is not None:
        await http_task
    hub_task.cancel()
    upkeep_task.cancel()
    await redis.aclose()


def _http_socket(listen: str) -> socket.socket:
    """The HTTP port's listening socket, bound before the server says it is ready (and so
    that port 0 can name the port it got)."""
    host, _, port = listen.rpartition(":")
    host = host.strip("[]")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6:
        # "[::]" serves IPv4 clients too, as gRPC's listener does.
        listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    listener.bind((host, int(port)))
    listener.listen(HTTP_BACKLOG)
    listener.setblocking(False)
    return listener


async def _serve_http(
    service: TableService, settings: Settings, listener: socket.socket, stop: asyncio.Event
) -> None:
    config = HTTPConfig()
    config.bind = [f"fd://{listener.fileno()}"]
    # A connection with no request for this long is closed; a watch stream is never idle
    # that long (its heartbeats).
    config.keep_alive_timeout = KEEPALIVE_IDLE_SECONDS
    config.graceful_timeout = settings.shutdown_grace_s
    # No access log: a log of URLs and headers is where tokens leak. Errors go to this
    # process's own log, once.
    config.accesslog = None
    config.errorlog = logging.getLogger("speedgamez.http")
    config.include_server_header = False
    web_root = Path(settings.web_root) if settings.web_root else None
    if web_root is not None and not (web_root / "index.html").is_file():
        log.warning("SPEEDGAMEZ_WEB_ROOT %s holds no index.html: the web client is not served", web_root)
        web_root = None
    app = cast(ASGIFramework, table_service_app(service, MAX_REQUEST_BYTES, web_root))
    await serve_http(app, config, shutdown_trigger=stop.wait)


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
