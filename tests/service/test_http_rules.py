"""The HTTP port keeps the gRPC port's rules: a watch stream resumes from the last event
it delivered with no gap and no repeat, the limits are one set for both ports, browsers
only from the listed origins, the calls counted by protocol, and no token in any log."""

from __future__ import annotations

import gzip
import http.client
import re
import struct
import urllib.request
from collections.abc import Iterator

import grpc
import pytest
from google.protobuf.message import Message

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.client import EASY, Player
from tests.support.http import SERVICE, Connect, ConnectStreamError
from tools.processes import (
    ServiceProcess,
    Store,
    http_address,
    metrics_port,
    running,
    server_address,
    server_process,
    worker_process,
)

ALLOWED_ORIGIN = "https://cards.example.com"
OTHER_ORIGIN = "https://elsewhere.example.net"


@pytest.fixture(scope="module")
def served(redis_server: Store) -> Iterator[ServiceProcess]:
    """A server whose HTTP port lets pages from ALLOWED_ORIGIN call it, with a worker."""
    server = server_process(redis_server, cors_origins=ALLOWED_ORIGIN)
    # Tables of computers only play at the worker's full speed (their match is watched).
    with running(server, worker_process(redis_server, ai_computer_moves_per_s="100000")):
        yield server


def events_of(responses: Iterator[Message]) -> list[table_pb2.TableEvent]:
    events = []
    for response in responses:
        assert isinstance(response, service_pb2.WatchTableResponse)
        if response.HasField("event"):
            events.append(response.event)
    return events


def test_a_watch_stream_over_http_resumes_after_its_last_event_with_no_gap_and_no_repeat(
    served: ServiceProcess,
) -> None:
    anna = Player(server_address(served), "Anna")
    # Computers only, so that the match runs to its end by itself; Anna watches it.
    table = anna.create([EASY, EASY, EASY, EASY], join=False, deals="8")
    request = service_pb2.WatchTableRequest(table=table.name)
    over_grpc = events_of(anna.stub.WatchTable(request, metadata=anna.metadata))
    assert over_grpc[-1].HasField("match_finished")

    client = Connect(http_address(served), anna.token)
    first_part: list[table_pb2.TableEvent] = []
    for event in events_of(client.stream("WatchTable", request)):
        first_part.append(event)
        if len(first_part) == 5:
            break  # the connection is dropped here, in the middle of the match's events
    resumed = service_pb2.WatchTableRequest(table=table.name, after_sequence=first_part[-1].sequence)
    rest = events_of(client.stream("WatchTable", resumed))
    sequences = [event.sequence for event in first_part + rest]
    assert sequences == list(range(sequences[0], sequences[0] + len(sequences)))
    assert first_part + rest == over_grpc


def test_a_request_above_64_kib_is_refused_on_both_ports(served: ServiceProcess) -> None:
    too_long = service_pb2.RegisterPlayerRequest(display_name="x" * 70_000)
    answer = Connect(http_address(served)).call("RegisterPlayer", too_long)
    assert answer.code == "RESOURCE_EXHAUSTED", answer
    channel = grpc.insecure_channel(server_address(served))
    with pytest.raises(grpc.RpcError) as raised:
        channel.unary_unary(f"/{SERVICE}/RegisterPlayer", request_serializer=bytes)(
            too_long.SerializeToString()
        )
    assert raised.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    channel.close()


def test_bytes_that_are_no_message_are_invalid_argument_on_both_ports(served: ServiceProcess) -> None:
    anna = Player(server_address(served), "Anna")
    garbage = b"\xff\xff\xff\xff"
    channel = grpc.insecure_channel(server_address(served))
    with pytest.raises(grpc.RpcError) as raised:
        channel.unary_unary(f"/{SERVICE}/GetTable", request_serializer=bytes)(garbage, metadata=anna.metadata)
    channel.close()
    assert raised.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    client = Connect(http_address(served), anna.token)
    status, body = client.post_raw("GetTable", garbage, "application/proto")
    assert status == 400
    assert f'"message": "{raised.value.details()}"'.encode() in body
    status, body = client.post_raw("GetTable", b'{"table": 7', "application/json")
    assert status == 400
    assert b"not a valid speedgamez.v1.GetTableRequest message" in body


def test_json_that_is_no_message_is_answered_with_a_short_prefix_of_the_value(served: ServiceProcess) -> None:
    """The JSON decoder's own error quotes the value it failed on: a number of thousands of
    digits in a string, or an enum name as long, is repeated only in part."""
    anna = Player(server_address(served), "Anna")
    client = Connect(http_address(served), anna.token)
    for body in (
        '{"game": "baska_kop", "stake": "' + "9" * 5000 + '"}',
        '{"game": "baska_kop", "seats": [{"kind": "' + "X" * 5000 + '"}]}',
    ):
        status, reply = client.post_raw("CreateTable", body.encode(), "application/json")
        assert status == 400
        assert b"not a valid speedgamez.v1.CreateTableRequest message" in reply
        assert b"9" * 200 not in reply and b"X" * 200 not in reply and len(reply) < 400


def test_one_address_has_one_rate_whichever_port_it_calls(redis_server: Store) -> None:
    server = server_process(redis_server, address_rate_per_s="0.05", address_rate_burst="6")
    with running(server):
        channel = grpc.insecure_channel(server_address(server))
        list_games = channel.unary_unary(
            f"/{SERVICE}/ListGames",
            request_serializer=service_pb2.ListGamesRequest.SerializeToString,
            response_deserializer=service_pb2.ListGamesResponse.FromString,
        )
        for _ in range(3):
            list_games(service_pb2.ListGamesRequest())
        client = Connect(http_address(server))
        codes = [client.call("ListGames", service_pb2.ListGamesRequest()).code for _ in range(4)]
        channel.close()
    # 3 over gRPC and 3 over HTTP take the burst of 6; the next is refused.
    assert codes[:3] == ["OK"] * 3
    assert codes[3] == "RESOURCE_EXHAUSTED"


def test_a_player_has_one_count_of_watch_streams_over_both_ports(redis_server: Store) -> None:
    server = server_process(redis_server, max_watches="1")
    with running(server):
        anna = Player(server_address(server), "Anna")
        table = anna.create([EASY, EASY, EASY, EASY], join=False)
        request = service_pb2.WatchTableRequest(table=table.name)
        open_stream = anna.stub.WatchTable(request, metadata=anna.metadata)
        next(open_stream)  # open, and counted
        with pytest.raises(ConnectStreamError) as raised:
            next(Connect(http_address(server), anna.token).stream("WatchTable", request))
        open_stream.cancel()
        anna.close()
    assert raised.value.code == "RESOURCE_EXHAUSTED"
    assert "at most 1 watch streams" in raised.value.message


def request_from(served: ServiceProcess, origin: str, method: str = "POST") -> http.client.HTTPResponse:
    host, port = http_address(served).rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    headers = {"origin": origin, "content-type": "application/json"}
    if method == "OPTIONS":
        headers |= {
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization",
        }
    connection.request(method, f"/{SERVICE}/ListGames", b"{}" if method == "POST" else None, headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_a_browser_page_from_a_listed_origin_may_call_the_service(served: ServiceProcess) -> None:
    preflight = request_from(served, ALLOWED_ORIGIN, "OPTIONS")
    assert preflight.status == 204
    assert preflight.getheader("access-control-allow-origin") == ALLOWED_ORIGIN
    assert "authorization" in (preflight.getheader("access-control-allow-headers") or "")
    call = request_from(served, ALLOWED_ORIGIN)
    assert call.status == 200
    assert call.getheader("access-control-allow-origin") == ALLOWED_ORIGIN


def test_a_browser_page_from_an_unlisted_origin_is_refused(served: ServiceProcess) -> None:
    for method in ("OPTIONS", "POST"):
        refused = request_from(served, OTHER_ORIGIN, method)
        assert refused.status == 403
        assert refused.getheader("access-control-allow-origin") is None


def test_the_page_of_the_service_s_own_origin_needs_no_listing(served: ServiceProcess) -> None:
    own = request_from(served, f"https://{http_address(served)}")
    assert own.status == 200
    assert own.getheader("access-control-allow-origin") is None


def test_calls_are_counted_by_protocol_and_no_token_is_logged(served: ServiceProcess) -> None:
    anna = Player(server_address(served), "Anna")
    Connect(http_address(served), anna.token).call("GetPlayer", service_pb2.GetPlayerRequest())
    Connect(http_address(served), "bad" + anna.token).call("GetPlayer", service_pb2.GetPlayerRequest())
    anna.stub.GetPlayer(service_pb2.GetPlayerRequest(), metadata=anna.metadata)
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port(served)}/metrics", timeout=10) as response:
        page = response.read().decode()
    for protocol in ("grpc", "connect"):
        pattern = (
            rf'speedgamez_rpc_requests_total\{{code="OK",method="GetPlayer",protocol="{protocol}"\}} (\S+)'
        )
        counted = re.search(pattern, page)
        assert counted is not None and float(counted.group(1)) >= 1, protocol
    assert 'code="UNAUTHENTICATED",method="GetPlayer",protocol="connect"' in page
    assert anna.token not in "\n".join(served.lines)


def test_grpc_web_clients_are_served_on_the_http_port_too(served: ServiceProcess) -> None:
    """gRPC-Web: the request in a data frame; the answer a data frame, then a trailers
    frame (flags 0x80) with grpc-status."""
    request = service_pb2.ListGamesRequest().SerializeToString()
    status, body = Connect(http_address(served)).post_raw(
        "ListGames", struct.pack(">BI", 0, len(request)) + request, "application/grpc-web+proto"
    )
    assert status == 200
    flags, length = struct.unpack(">BI", body[:5])
    assert flags == 0
    games = service_pb2.ListGamesResponse.FromString(body[5 : 5 + length])
    assert "baska_kop" in [game.id for game in games.games]
    trailer_flags, trailer_length = struct.unpack(">BI", body[5 + length : 10 + length])
    assert trailer_flags == 0x80
    assert b"grpc-status: 0" in body[10 + length : 10 + length + trailer_length].lower()


def get_page(
    served: ServiceProcess, path: str, headers: dict[str, str] | None = None
) -> http.client.HTTPResponse:
    host, port = http_address(served).rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    connection.close()
    return response


def test_the_http_port_serves_the_web_client_and_nothing_else_of_the_disk(served: ServiceProcess) -> None:
    for path in ("/", "/?table=tables/abc", "/lobby"):
        page = get_page(served, path)
        assert page.status == 200
        assert page.getheader("content-type") == "text/html; charset=utf-8"
        assert b'<script type="module" src="/app.js">' in page.body  # type: ignore[attr-defined]
        assert "script-src 'self'" in (page.getheader("content-security-policy") or "")
    assert get_page(served, "/app.js").getheader("content-type") == "text/javascript; charset=utf-8"
    for path in (
        "/missing.js",
        "/../pyproject.toml",
        "/%2e%2e/pyproject.toml",
        "/speedgamez.v1.TableService/Nope",
    ):
        assert get_page(served, path).status == 404, path


def test_the_web_clients_files_come_gzipped_to_a_browser_that_accepts_it_and_plain_to_one_that_does_not(
    served: ServiceProcess,
) -> None:
    for path in ("/", "/app.js", "/style.css"):
        plain = get_page(served, path)
        assert plain.getheader("content-encoding") is None, path
        for accepted in ("gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*"):
            packed = get_page(served, path, {"accept-encoding": accepted})
            assert packed.getheader("content-encoding") == "gzip", (path, accepted)
            assert packed.getheader("vary") == "Accept-Encoding"
            assert gzip.decompress(packed.body) == plain.body  # type: ignore[attr-defined]
            assert int(packed.getheader("content-length") or 0) == len(packed.body)  # type: ignore[attr-defined]
            # Caches keep the two forms apart by their validators.
            assert packed.getheader("etag") != plain.getheader("etag")
        for refused in ("gzip;q=0", "br", "identity", "*;q=0"):
            assert get_page(served, path, {"accept-encoding": refused}).getheader("content-encoding") is None


def test_a_browser_holding_the_web_clients_file_gets_a_304_without_a_body(served: ServiceProcess) -> None:
    for accepted in ("", "gzip"):
        first = get_page(served, "/app.js", {"accept-encoding": accepted})
        etag = first.getheader("etag") or ""
        assert re.fullmatch(r'"[0-9a-f]{20}(-gzip)?"', etag), etag
        # The bundle keeps its name from release to release: a browser asks every time.
        assert first.getheader("cache-control") == "no-cache"
        for held in (etag, f"W/{etag}", f'"other", {etag}', "*"):
            again = get_page(served, "/app.js", {"accept-encoding": accepted, "if-none-match": held})
            assert again.status == 304, held
            assert again.body == b""  # type: ignore[attr-defined]
            assert again.getheader("etag") == etag
        changed = get_page(served, "/app.js", {"accept-encoding": accepted, "if-none-match": '"other"'})
        assert changed.status == 200
        assert changed.body == first.body  # type: ignore[attr-defined]


def test_the_first_page_with_everything_it_loads_is_under_150_kb_compressed(served: ServiceProcess) -> None:
    page = get_page(served, "/", {"accept-encoding": "gzip"})
    html = gzip.decompress(page.body).decode()  # type: ignore[attr-defined]
    loaded = re.findall(r'(?:src|href)="(/[^"]+)"', html)
    assert {"/app.js", "/style.css"} <= set(loaded)
    sizes: list[int] = [len(page.body)]  # type: ignore[attr-defined]
    for path in loaded:
        sizes.append(len(get_page(served, path, {"accept-encoding": "gzip"}).body))  # type: ignore[attr-defined]
    total = sum(sizes)
    assert total < 150 * 1024, f"the first page loads {total} bytes compressed"
