"""Container healthchecks without extra binaries.

    python -m server.healthcheck HOST:PORT             # gRPC health of the table service
    python -m server.healthcheck --metrics HOST:PORT   # a worker's metrics endpoint answers

Exits 0 when healthy, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import urllib.request

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

SERVICE = "speedgamez.v1.TableService"


def grpc_healthy(address: str, timeout: float) -> bool:
    with grpc.insecure_channel(address) as channel:
        try:
            answer = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=SERVICE), timeout=timeout
            )
        except grpc.RpcError:
            return False
    return bool(answer.status == health_pb2.HealthCheckResponse.SERVING)


def metrics_healthy(address: str, timeout: float) -> bool:
    try:
        with urllib.request.urlopen(f"http://{address}/metrics", timeout=timeout) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address")
    parser.add_argument("--metrics", action="store_true", help="check an HTTP metrics endpoint instead")
    parser.add_argument("--timeout", type=float, default=2.0)
    args = parser.parse_args()
    healthy = metrics_healthy if args.metrics else grpc_healthy
    sys.exit(0 if healthy(args.address, args.timeout) else 1)


if __name__ == "__main__":
    main()
