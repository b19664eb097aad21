"""The front door for browsers and curl: nginx passes the Connect protocol (JSON over
HTTP/1.1 and HTTP/2 with TLS) to the servers' HTTP port on the same address and paths as
gRPC, streams flow through it as they come, its own refusals are Connect errors, and it
names the client's address to the servers as it does for gRPC."""

from __future__ import annotations

import json
import shutil
import ssl
import subprocess
from collections.abc import Iterator

import pytest

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.deploy import support
from tests.support.client import EASY, HUMAN
from tests.support.http import SERVICE, Connect
from tools.localstack import LocalStack


@pytest.fixture(scope="module")
def stack() -> Iterator[LocalStack]:
    running = LocalStack(servers=2, workers=1, prometheus=False).start()
    try:
        yield running
    finally:
        running.stop()


def tls(stack: LocalStack) -> ssl.SSLContext:
    assert stack.root_certificate is not None
    return ssl.create_default_context(cafile=str(stack.root_certificate))


def registered_with_a_table(stack: LocalStack, name: str) -> tuple[Connect, str]:
    """A player registered in JSON through the front door, and his new table of Kop
    against three computers."""
    guest = Connect(stack.front_door, tls=tls(stack))
    registered = guest.call("RegisterPlayer", service_pb2.RegisterPlayerRequest(display_name=name))
    assert registered.code == "OK", registered
    assert isinstance(registered.response, service_pb2.RegisterPlayerResponse)
    player = Connect(stack.front_door, registered.response.token, tls(stack))
    created = player.call(
        "CreateTable",
        service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", seats=[HUMAN, EASY, EASY, EASY], join=True
        ),
    )
    assert created.code == "OK", created
    assert isinstance(created.response, service_pb2.CreateTableResponse)
    return player, created.response.table.name


def test_a_player_registers_creates_reads_and_plays_in_json_through_the_front_door(stack: LocalStack) -> None:
    anna, name = registered_with_a_table(stack, "Anna")
    # Over both replicas (nginx balances each request), until it is her turn.
    views: list[table_pb2.TableView] = []
    support.wait_for(lambda: _her_turn(anna, name, views), "Anna's turn at her table")
    view = views[-1]
    choice = next(choice for choice in view.choices if choice.allowed)
    played = anna.call(
        "SubmitAction",
        service_pb2.SubmitActionRequest(
            table=name, table_version=view.version, request_id="first-move", action=choice.action
        ),
    )
    assert played.code == "OK", played
    assert isinstance(played.response, service_pb2.SubmitActionResponse)
    assert played.response.table.version > view.version


def _her_turn(client: Connect, name: str, views: list[table_pb2.TableView]) -> bool:
    answer = client.call("GetTable", service_pb2.GetTableRequest(table=name), get=True)
    assert isinstance(answer.response, service_pb2.GetTableResponse)
    views.append(answer.response.table)
    view = answer.response.table
    return view.viewer_seat in view.to_act_seats


def test_a_watch_stream_flows_through_the_front_door_as_it_happens(stack: LocalStack) -> None:
    ben, name = registered_with_a_table(stack, "Ben")
    # The match waits for Ben at some point, so the stream cannot have ended: its first
    # events arrive only if nginx passes them on unbuffered.
    stream = ben.stream("WatchTable", service_pb2.WatchTableRequest(table=name))
    first = next(stream)
    assert isinstance(first, service_pb2.WatchTableResponse) and first.HasField("event")
    stream.close()


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_curl_calls_over_http2_and_http1_with_json(stack: LocalStack) -> None:
    assert stack.root_certificate is not None
    for version in ("--http2", "--http1.1"):
        result = subprocess.run(
            [
                "curl", "--silent", "--show-error", version, "--cacert", str(stack.root_certificate),
                "--header", "content-type: application/json", "--data", "{}",
                "--write-out", "\n%{http_version}",
                f"https://{stack.front_door}/{SERVICE}/ListGames",
            ],
            capture_output=True, text=True, check=True, timeout=60,
        )  # fmt: skip
        body, http_version = result.stdout.rsplit("\n", 1)
        assert http_version == ("2" if version == "--http2" else "1.1")
        assert "baska_kop" in [game["id"] for game in json.loads(body)["games"]]


def test_nginx_refuses_a_request_too_large_as_a_connect_error(stack: LocalStack) -> None:
    client = Connect(stack.front_door, tls=tls(stack))
    status, body = client.post_raw(
        "RegisterPlayer", b'{"displayName": "' + b"x" * 70_000 + b'"}', "application/json"
    )
    assert status == 413
    assert json.loads(body)["code"] == "resource_exhausted"


def test_the_front_door_serves_the_web_client_on_the_same_origin(stack: LocalStack) -> None:
    client = Connect(stack.front_door, tls=tls(stack))
    connection = client.connection()
    connection.request("GET", "/?table=tables/abc")
    page = connection.getresponse()
    body = page.read()
    connection.close()
    assert page.status == 200
    assert b'src="/app.js"' in body
    # The page's calls go to its own origin, which the servers answer without a CORS listing.
    own = client.post_raw("ListGames", b"{}", "application/json", origin=f"https://{stack.front_door}")
    assert own[0] == 200
