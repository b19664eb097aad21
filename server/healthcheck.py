"""Container healthchecks without extra binaries.

    python -m server.healthcheck HOST:PORT             # readiness: gRPC health of the table service
    python -m server.healthcheck --liveness HOST:PORT  # liveness: gRPC health of the server ("")
    python -m server.healthcheck --metrics HOST:PORT   # a metrics endpoint answers
    python -m server.healthcheck --heartbeat FILE --max-age SECONDS
                                                       # a worker touched FILE within SECONDS
    python -m server.healthcheck --auto                # the image's HEALTHCHECK: either of
                                                       # the two below, by the container's role

A server is *live* while it answers gRPC health for the empty service name "" (SERVING
until it begins to shut down), and *ready* while ``speedgamez.v1.TableService`` is
SERVING: that turns NOT_SERVING within about two seconds of Redis becoming unreachable
and back once it returns. A worker is healthy while its loop comes round: it touches
SPEEDGAMEZ_WORKER_HEARTBEAT_FILE every time (at least once a second when idle).

``--auto`` checks the worker's heartbeat file when the container has one (the file named
by SPEEDGAMEZ_WORKER_HEARTBEAT_FILE exists), else the server's readiness on localhost at
the port of SPEEDGAMEZ_LISTEN. Exits 0 when healthy, 1 otherwise, with one line saying why.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import urllib.request
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

SERVICE = "speedgamez.v1.TableService"
# The empty service name stands for the whole server (liveness).
SERVER = ""
DEFAULT_MAX_AGE_S = 30.0


def grpc_healthy(address: str, timeout: float, service: str = SERVICE) -> tuple[bool, str]:
    what = f"gRPC health of {service or 'the server'} at {address}"
    with grpc.insecure_channel(address) as channel:
        try:
            answer = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=service), timeout=timeout
            )
        except grpc.RpcError as error:
            return False, f"{what}: {error.code().name}"
    status = health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status)
    return answer.status == health_pb2.HealthCheckResponse.SERVING, f"{what}: {status}"


def metrics_healthy(address: str, timeout: float) -> tuple[bool, str]:
    url = f"http://{address}/metrics"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status == 200, f"{url}: HTTP {response.status}"
    except OSError as error:
        return False, f"{url}: {error}"


def heartbeat_healthy(path: str, max_age: float) -> tuple[bool, str]:
    try:
        age = time.time() - Path(path).stat().st_mtime
    except OSError as error:
        return False, f"no heartbeat: {error}"
    return age <= max_age, f"heartbeat {path} touched {age:.1f} s ago (at most {max_age:g} s)"


def auto_check(max_age: float, timeout: float) -> tuple[bool, str]:
    """The image's HEALTHCHECK: a worker's heartbeat where there is one, else the server's readiness."""
    heartbeat = os.environ.get("SPEEDGAMEZ_WORKER_HEARTBEAT_FILE", "")
    if heartbeat and Path(heartbeat).exists():
        return heartbeat_healthy(heartbeat, max_age)
    port = os.environ.get("SPEEDGAMEZ_LISTEN", "[::]:50051").rsplit(":", 1)[-1]
    return grpc_healthy(f"localhost:{port}", timeout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("address", nargs="?", help="HOST:PORT of a server (or of a metrics endpoint)")
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--metrics", action="store_true", help="check an HTTP metrics endpoint instead")
    kind.add_argument(
        "--liveness", action="store_true", help='the server\'s health ("") instead of readiness'
    )
    kind.add_argument("--heartbeat", metavar="FILE", help="a worker's SPEEDGAMEZ_WORKER_HEARTBEAT_FILE")
    kind.add_argument("--auto", action="store_true", help="the image's HEALTHCHECK: a worker or a server")
    parser.add_argument(
        "--max-age",
        type=float,
        default=DEFAULT_MAX_AGE_S,
        metavar="SECONDS",
        help=f"with --heartbeat/--auto: the oldest heartbeat that counts (default {DEFAULT_MAX_AGE_S:g})",
    )
    parser.add_argument("--timeout", type=float, default=2.0)
    args = parser.parse_args(argv)
    if args.heartbeat is not None or args.auto:
        if args.address is not None:
            parser.error("--heartbeat and --auto take no address")
        if args.heartbeat is not None:
            healthy, reason = heartbeat_healthy(args.heartbeat, args.max_age)
        else:
            healthy, reason = auto_check(args.max_age, args.timeout)
    elif args.address is None:
        parser.error("give HOST:PORT, or --heartbeat FILE, or --auto")
    elif args.metrics:
        healthy, reason = metrics_healthy(args.address, args.timeout)
    else:
        healthy, reason = grpc_healthy(args.address, args.timeout, SERVER if args.liveness else SERVICE)
    print(("healthy: " if healthy else "unhealthy: ") + reason)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
