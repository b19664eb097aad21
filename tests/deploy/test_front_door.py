"""nginx, the front door: TLS, one configuration for compose and the local stack, the
client's address passed to the servers, and what a watch stream sees when its replica
goes away."""

from __future__ import annotations

import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from engine.registry import GAMES
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.deploy import support
from tests.support.client import EASY, HUMAN, Player, simple_move
from tools.localstack import (
    NGINX,
    LocalStack,
    ipv6_loopback,
    make_certificate,
    nginx_check,
    nginx_site,
    write_nginx_config,
)

SITE_FILES = {"http.conf", "servers.conf", "http-servers.conf", "listen-grpc.conf", "listen-health.conf"}
# compose's replicas are found by Docker's DNS with "resolve", which needs nginx 1.27.3 or
# newer (compose runs 1.28), more than the OS's nginx.
RESOLVING = {"servers.conf", "http-servers.conf"}


@pytest.fixture(scope="module")
def stack() -> Iterator[LocalStack]:
    running = LocalStack(servers=1, workers=1, prometheus=False).start()
    try:
        yield running
    finally:
        running.stop()


# TLS -----------------------------------------------------------------------------------


def test_a_tls_client_trusting_the_certificate_plays_and_a_plaintext_client_is_refused(
    stack: LocalStack,
) -> None:
    anna = support.player(stack, "Anna")
    try:
        view = anna.create([HUMAN, EASY, EASY, EASY])
        assert anna.get(view.name).name == view.name
    finally:
        anna.close()

    # Plaintext HTTP/2 to the TLS port: nginx answers it as a broken TLS handshake.
    with grpc.insecure_channel(stack.front_door) as channel, pytest.raises(grpc.RpcError) as refused:
        service_grpc.TableServiceStub(channel).ListGames(service_pb2.ListGamesRequest(), timeout=20)
    assert refused.value.code() == grpc.StatusCode.UNAVAILABLE

    # TLS without trusting the self-signed certificate: refused too.
    untrusting = grpc.secure_channel(stack.front_door, grpc.ssl_channel_credentials())
    with untrusting as channel, pytest.raises(grpc.RpcError) as untrusted:
        service_grpc.TableServiceStub(channel).ListGames(service_pb2.ListGamesRequest(), timeout=20)
    assert untrusted.value.code() == grpc.StatusCode.UNAVAILABLE


def test_a_client_that_connects_by_another_name_overrides_the_target_name(stack: LocalStack) -> None:
    # The certificate names localhost, 127.0.0.1 and ::1. A client that reaches the front
    # door by a name the certificate does not carry tells gRPC which name to check.
    assert stack.root_certificate is not None
    credentials = grpc.ssl_channel_credentials(root_certificates=stack.root_certificate.read_bytes())
    for name, works in (("localhost", True), ("games.example.com", False)):
        options = [("grpc.ssl_target_name_override", name)]
        with grpc.secure_channel(stack.front_door, credentials, options) as channel:
            stub = service_grpc.TableServiceStub(channel)
            if works:
                games = stub.ListGames(service_pb2.ListGamesRequest(), timeout=20)
                assert [game.id for game in games.games] == sorted(GAMES)
            else:
                with pytest.raises(grpc.RpcError) as refused:
                    stub.ListGames(service_pb2.ListGamesRequest(), timeout=20)
                assert refused.value.code() == grpc.StatusCode.UNAVAILABLE


# One configuration ---------------------------------------------------------------------


def test_the_stack_runs_the_shipped_nginx_conf_unchanged_and_only_supplies_its_site_files(
    stack: LocalStack,
) -> None:
    assert stack.nginx_config.read_bytes() == (NGINX / "nginx.conf").read_bytes()
    site = stack.directory / "site"
    assert {path.name for path in site.iterdir()} == SITE_FILES
    assert {path.name for path in (NGINX / "site").iterdir()} == SITE_FILES
    # The same TLS listener as compose, on a loopback port.
    assert (site / "listen-grpc.conf").read_text().strip().endswith("ssl http2;")
    assert (NGINX / "site" / "listen-grpc.conf").read_text().splitlines()[-1] == "listen 8443 ssl http2;"


def test_the_shipped_nginx_conf_passes_nginx_t_with_the_stacks_and_with_composes_site_files(
    tmp_path: Path,
) -> None:
    make_certificate(tmp_path / "tls")
    local = nginx_site(
        tmp_path, 8443, 8081, ["127.0.0.1:50051", "127.0.0.1:50052"], ["127.0.0.1:8080", "127.0.0.1:8081"]
    )
    config = write_nginx_config(tmp_path, local)
    assert config.read_bytes() == (NGINX / "nginx.conf").read_bytes()
    checked = nginx_check(config, tmp_path)
    assert checked.returncode == 0, checked.stderr

    # compose's own site files, but for those that resolve.
    for name in SITE_FILES - RESOLVING:
        shutil.copyfile(NGINX / "site" / name, tmp_path / "site" / name)
    checked = nginx_check(config, tmp_path)
    assert checked.returncode == 0, checked.stderr
    servers = [
        line
        for line in (NGINX / "site" / "servers.conf").read_text().splitlines()
        if not line.startswith("#")
    ]
    assert servers == ["server server:50051 resolve;"]
    http_servers = [
        line
        for line in (NGINX / "site" / "http-servers.conf").read_text().splitlines()
        if not line.startswith("#")
    ]
    assert http_servers == ["server server:8080 resolve;"]
    assert "resolver 127.0.0.11" in (NGINX / "site" / "http.conf").read_text()


def test_nginx_passes_exactly_the_client_address_and_keeps_answering_limits_as_grpc(
    stack: LocalStack,
) -> None:
    shipped = (NGINX / "nginx.conf").read_text()
    assert "grpc_set_header X-Forwarded-For $remote_addr;" in shipped
    assert "error_page 429 = @too_many_registrations;" in shipped
    assert shipped.count("error_page 413 = @request_too_large;") == 3
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in shipped
    for process in stack.server_processes:
        assert process.env["SPEEDGAMEZ_TRUSTED_PROXIES"] == "127.0.0.1/32"


def test_the_servers_limit_registrations_by_the_address_nginx_names() -> None:
    """Registrations are limited per client address. Clients on 127.0.0.1 and on ::1 are
    two addresses to the servers only if nginx passes them on (and the servers trust it);
    a client cannot name another address itself."""
    if not ipv6_loopback():
        pytest.skip("no IPv6 loopback here: the test needs a second client address")
    limited = LocalStack(
        servers=1, workers=1, prometheus=False, ipv6=True, server_settings={"registrations_per_min": "1"}
    ).start()
    channels: list[grpc.Channel] = []

    def register(address: str, forwarded: str | None = None) -> grpc.StatusCode:
        channel = limited.channel(address)
        channels.append(channel)
        metadata = [("x-forwarded-for", forwarded)] if forwarded else []
        try:
            service_grpc.TableServiceStub(channel).RegisterPlayer(
                service_pb2.RegisterPlayerRequest(display_name="Anna"), metadata=metadata, timeout=20
            )
        except grpc.RpcError as error:
            assert "too many registrations from this address: at most 1 a minute" in str(error.details())
            return error.code()
        return grpc.StatusCode.OK

    try:
        ipv4, ipv6 = limited.front_door, limited.front_door_ipv6
        # A burst of two a minute from 127.0.0.1, then refused ...
        assert [register(ipv4), register(ipv4)] == [grpc.StatusCode.OK] * 2
        assert register(ipv4) == grpc.StatusCode.RESOURCE_EXHAUSTED
        # ... whatever address the client claims to be ...
        assert register(ipv4, forwarded="203.0.113.7") == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert register(ipv4, forwarded="203.0.113.7, 198.51.100.1") == grpc.StatusCode.RESOURCE_EXHAUSTED
        # ... while ::1 is another client with a budget of its own.
        assert register(ipv6) == grpc.StatusCode.OK
    finally:
        for channel in channels:
            channel.close()
        limited.stop()


# A replica going away under a watch stream ---------------------------------------------


Watched = tuple[Player, Player, str, Iterator[service_pb2.WatchTableResponse], int, int]


def watched_stream(stack: LocalStack) -> Watched:
    """Anna's watch stream on a table where the match has started (the stream has carried
    events), the last sequence it carried and the index of the replica that serves it."""
    anna, ben = support.player(stack, "Anna"), support.player(stack, "Ben")
    waiting = anna.create([HUMAN, HUMAN, EASY, EASY])
    stream = anna.stub.WatchTable(
        service_pb2.WatchTableRequest(table=waiting.name, after_sequence=waiting.last_event_sequence),
        metadata=anna.metadata,
        timeout=support.WAIT_S * 2,
    )

    def streams() -> list[float]:
        return [support.gauge(process, "speedgamez_watch_streams") for process in stack.server_processes]

    support.wait_for(lambda: sum(streams()) == 1, "the watch stream to open")
    serving = streams().index(1)
    ben.join(waiting.name)
    # The join, the deal, then each seat's hand: Anna's own, the others' as sequence numbers.
    events = [next(stream).event for _ in range(6)]
    kinds = [event.WhichOneof("kind") for event in events]
    assert kinds == ["seat_changed", "deal_started", "hand_dealt", None, None, None], events
    return anna, ben, waiting.name, stream, events[-1].sequence, serving


@pytest.fixture
def two_replicas() -> Iterator[LocalStack]:
    running = LocalStack(servers=2, workers=1, prometheus=False).start()
    try:
        yield running
    finally:
        running.stop()


def test_a_watch_stream_through_nginx_whose_replica_stops_ends_unavailable_and_resumes(
    two_replicas: LocalStack,
) -> None:
    stack = two_replicas
    anna, ben, table, stream, last, serving = watched_stream(stack)
    try:
        replica = stack.server_processes[serving].process
        assert replica is not None
        replica.send_signal(signal.SIGTERM)
        with pytest.raises(grpc.RpcError) as ended:
            for response in stream:
                assert response.WhichOneof("kind") == "heartbeat", response
        assert ended.value.code() == grpc.StatusCode.UNAVAILABLE, ended.value
        details = str(ended.value.details())
        assert "shutting down" in details and f"after_sequence={last}" in details, details
        assert replica.wait(timeout=support.WAIT_S) == 0

        # As the contract says: watch again after the last sequence, through nginx, which
        # now reaches the other replica.
        resumed = anna.stub.WatchTable(
            service_pb2.WatchTableRequest(table=table, after_sequence=last),
            metadata=anna.metadata,
            timeout=support.WAIT_S * 2,
        )
        view = anna.get(table)
        mover = anna if view.viewer_seat in view.to_act_seats else ben
        view = mover.get(table)
        mover.submit(view, simple_move(view))
        event = next(resumed).event
        assert event.sequence == last + 1 and event.WhichOneof("kind") == "action_taken", event
        resumed.cancel()
    finally:
        anna.close()
        ben.close()


def test_a_watch_stream_through_nginx_whose_replica_is_killed_is_reset_as_internal(
    two_replicas: LocalStack,
) -> None:
    """kill -9: nginx can only reset the HTTP/2 stream (RST_STREAM INTERNAL_ERROR), which
    gRPC reports as INTERNAL; nothing in nginx's configuration changes that. Clients
    watch again on it as on UNAVAILABLE (docs/operations.md)."""
    stack = two_replicas
    anna, ben, _, stream, _, serving = watched_stream(stack)
    try:
        stack.server_processes[serving].kill()
        with pytest.raises(grpc.RpcError) as ended:
            for response in stream:
                assert response.WhichOneof("kind") == "heartbeat", response
        assert ended.value.code() == grpc.StatusCode.INTERNAL, ended.value
        assert "RST_STREAM" in str(ended.value.details()), ended.value
    finally:
        anna.close()
        ben.close()
