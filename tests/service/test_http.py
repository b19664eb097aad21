"""The contract over HTTP (Connect protocol) answers exactly as over gRPC.

One list of cases covers every RPC of the contract, successes and failures; each runs over
gRPC, Connect with JSON, Connect with binary protobuf and gRPC on the HTTP port (and a GET
where the contract allows one), each protocol at a table of its own, and every protocol must answer every
case with the expected status and the same message. The table of results is written to
``test-artifacts/http-conformance.md``. Then: a watch stream over HTTP resumes from the
last event with no gap and no repeat; the same limits hold across both ports (one
address's rate, the size of a request, a player's watch streams); browsers from an
unlisted origin are refused; the calls show in the metrics by protocol; no token is
ever logged.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from google.protobuf.message import Message

from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.support.client import EASY, HUMAN, PASS, Player
from tests.support.http import SERVICE, Answer, Connect, ConnectStreamError
from tools.processes import (
    ServiceProcess,
    Store,
    http_address,
    running,
    server_address,
    server_process,
    worker_process,
)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# gRPC on the gRPC port (grpcio's server) and on the HTTP port (the ASGI application).
PROTOCOLS = ("grpc", "connect+json", "connect+proto", "grpc on the HTTP port")
# The RPCs the contract marks NO_SIDE_EFFECTS: Connect also answers them as a GET.
GETTABLE = frozenset(
    method.name
    for method in service_pb2.DESCRIPTOR.services_by_name["TableService"].methods
    if method.GetOptions().idempotency_level == method.GetOptions().NO_SIDE_EFFECTS
)


@dataclass
class World:
    """One protocol's own players and table: Anna and Ben sit at a running match of Kop
    (Ben bids first), Cleo has no seat; Dora's token is revoked by the cases."""

    anna: Player
    ben: Player
    cleo: Player
    dora: Player
    table: table_pb2.TableView

    def token(self, who: str | None) -> str | None:
        if who is None or who == "not-a-token":
            return who
        player: Player = getattr(self, who)
        return player.token

    def view(self, who: str) -> table_pb2.TableView:
        player: Player = getattr(self, who)
        return player.get(self.table.name)


@dataclass(frozen=True)
class Case:
    """One call: ``who`` calls ``method`` with ``request`` and must get ``code``."""

    method: str
    request: Callable[[World], Message]
    who: str | None
    code: str
    about: str


def submit(who: str, version_back: int = 0) -> Callable[[World], Message]:
    """A pass by ``who`` (Ben's is the one bid the table waits for)."""

    def request(world: World) -> Message:
        view = world.view(who)
        return service_pb2.SubmitActionRequest(
            table=view.name,
            table_version=view.version - version_back,
            request_id=uuid.uuid4().hex,
            action=PASS,
        )

    return request


def on_table(request_type: type[Message], **fields: object) -> Callable[[World], Message]:
    return lambda world: request_type(table=world.table.name, **fields)


WEEK = service_pb2.LEADERBOARD_PERIOD_WEEK
KOP_ALONE = service_pb2.CreateTableRequest(
    game="baska_kop", rule_set="kop", seats=[HUMAN, EASY, EASY, EASY], join=True
)
CASES = [
    Case("ListGames", lambda _: service_pb2.ListGamesRequest(), None, "OK", "needs no token"),
    Case("RegisterPlayer", lambda _: service_pb2.RegisterPlayerRequest(display_name="Ewa"), None, "OK", ""),
    Case(
        "RegisterPlayer", lambda _: service_pb2.RegisterPlayerRequest(), None, "INVALID_ARGUMENT", "no name"
    ),
    Case("GetPlayer", lambda _: service_pb2.GetPlayerRequest(), "anna", "OK", ""),
    Case("GetPlayer", lambda _: service_pb2.GetPlayerRequest(), None, "UNAUTHENTICATED", "no token"),
    Case(
        "GetPlayer", lambda _: service_pb2.GetPlayerRequest(), "not-a-token", "UNAUTHENTICATED", "bad token"
    ),
    Case("CreateTable", lambda _: KOP_ALONE, "cleo", "OK", "alone against computers"),
    Case(
        "CreateTable",
        lambda _: service_pb2.CreateTableRequest(game="chess", seats=[HUMAN], join=True),
        "anna",
        "INVALID_ARGUMENT",
        "unknown game",
    ),
    Case("ListTables", lambda _: service_pb2.ListTablesRequest(mine=True), "anna", "OK", ""),
    Case("JoinTable", on_table(service_pb2.JoinTableRequest), "dora", "FAILED_PRECONDITION", "no open seat"),
    Case(
        "JoinTable",
        lambda _: service_pb2.JoinTableRequest(table="tables/none"),
        "anna",
        "NOT_FOUND",
        "no table",
    ),
    Case("GetTable", on_table(service_pb2.GetTableRequest), "anna", "OK", ""),
    Case("GetTable", on_table(service_pb2.GetTableRequest), "cleo", "OK", "as a spectator"),
    Case("GetTable", lambda _: service_pb2.GetTableRequest(table="tables/none"), "anna", "NOT_FOUND", ""),
    Case(
        "GetTable",
        lambda _: service_pb2.GetTableRequest(table="none"),
        "anna",
        "INVALID_ARGUMENT",
        "bad name",
    ),
    Case("SubmitAction", submit("anna"), "anna", "FAILED_PRECONDITION", "not her turn"),
    Case("SubmitAction", submit("ben", version_back=1), "ben", "ABORTED", "stale version"),
    Case("SubmitAction", submit("cleo"), "cleo", "PERMISSION_DENIED", "no seat"),
    Case("GetAdvice", on_table(service_pb2.GetAdviceRequest), "anna", "FAILED_PRECONDITION", "two people"),
    Case("WatchTable", on_table(service_pb2.WatchTableRequest), "anna", "OK", "first event"),
    Case(
        "WatchTable",
        lambda _: service_pb2.WatchTableRequest(table="tables/none"),
        "anna",
        "NOT_FOUND",
        "no table",
    ),
    Case("WatchTable", on_table(service_pb2.WatchTableRequest), None, "UNAUTHENTICATED", "no token"),
    Case("WatchLobby", lambda _: service_pb2.WatchLobbyRequest(), "anna", "OK", "snapshot"),
    Case(
        "GetLeaderboard",
        lambda _: service_pb2.GetLeaderboardRequest(game="baska_kop", period=WEEK),
        "anna",
        "OK",
        "",
    ),
    Case(
        "GetLeaderboard",
        lambda _: service_pb2.GetLeaderboardRequest(game="chess", period=WEEK),
        "anna",
        "INVALID_ARGUMENT",
        "unknown game",
    ),
    Case("GetStatistics", lambda _: service_pb2.GetStatisticsRequest(), "anna", "OK", ""),
    Case("StartDailyDeal", lambda _: service_pb2.StartDailyDealRequest(game="baska_kop"), "dora", "OK", ""),
    Case(
        "StartDailyDeal",
        lambda _: service_pb2.StartDailyDealRequest(game="baska_kop"),
        "dora",
        "FAILED_PRECONDITION",
        "one a day",
    ),
    Case("GetReplay", on_table(service_pb2.GetReplayRequest), "anna", "FAILED_PRECONDITION", "match runs"),
    Case("GetReplay", on_table(service_pb2.GetReplayRequest), "cleo", "PERMISSION_DENIED", "no seat"),
    Case("LeaveTable", lambda _: service_pb2.LeaveTableRequest(table="tables/none"), "anna", "NOT_FOUND", ""),
    Case("RevokeToken", lambda _: service_pb2.RevokeTokenRequest(), "dora", "OK", ""),
    Case("GetPlayer", lambda _: service_pb2.GetPlayerRequest(), "dora", "UNAUTHENTICATED", "revoked token"),
]


@pytest.fixture(scope="module")
def http_server(redis_server: Store) -> Iterator[ServiceProcess]:
    """A server, with a worker for the tables' computers."""
    server = server_process(redis_server)
    with running(server, worker_process(redis_server)):
        yield server


def make_world(address: str) -> World:
    anna, ben, cleo, dora = (Player(address, name) for name in ("Anna", "Ben", "Cleo", "Dora"))
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop")
    ben.join(created.name)
    table = anna.wait(created.name, lambda view: list(view.to_act_seats) == [1])
    return World(anna, ben, cleo, dora, table)


def call(server: ServiceProcess, protocol: str, method: str, request: Message, token: str | None) -> Answer:
    """One call over ``protocol``; a stream answers OK once its first response came."""
    streaming = method in ("WatchTable", "WatchLobby")
    if protocol.startswith("grpc"):
        address = server_address(server) if protocol == "grpc" else http_address(server)
        channel = grpc.insecure_channel(address)
        response_type = getattr(service_pb2, f"{method}Response")
        metadata = [("authorization", f"Bearer {token}")] if token is not None else []
        options = {
            "request_serializer": type(request).SerializeToString,
            "response_deserializer": response_type.FromString,
        }
        try:
            if streaming:
                responses = channel.unary_stream(f"/{SERVICE}/{method}", **options)(
                    request, metadata=metadata
                )
                response = next(iter(responses))
                responses.cancel()
            else:
                response = channel.unary_unary(f"/{SERVICE}/{method}", **options)(request, metadata=metadata)
            return Answer("OK", response=response)
        except grpc.RpcError as error:
            return Answer(error.code().name, error.details() or "")
        finally:
            channel.close()
    client = Connect(http_address(server), token)
    if streaming:
        try:
            return Answer("OK", response=next(client.stream(method, request)))
        except ConnectStreamError as error:
            return Answer(error.code, error.message)
    return client.call(method, request, binary=protocol == "connect+proto")


def normalised(message: str, world: World) -> str:
    """The message with the world's own names put back to common ones."""
    for player, name in (
        (world.anna, "Anna"),
        (world.ben, "Ben"),
        (world.cleo, "Cleo"),
        (world.dora, "Dora"),
    ):
        message = message.replace(player.player_id, f"<{name}>")
    message = message.replace(world.table.name, "tables/<table>")
    return re.sub(r"tables/[A-Za-z0-9_-]{8,}", "tables/<other>", message)


def test_every_rpc_answers_alike_over_grpc_and_http_json_and_binary(http_server: ServiceProcess) -> None:
    methods = {method.name for method in service_pb2.DESCRIPTOR.services_by_name["TableService"].methods}
    assert methods <= {case.method for case in CASES}, "every RPC has a case"
    results: dict[str, list[tuple[str, str]]] = {}
    for protocol in PROTOCOLS:
        world = make_world(server_address(http_server))
        answers = []
        for case in CASES:
            answer = call(http_server, protocol, case.method, case.request(world), world.token(case.who))
            answers.append((answer.code, normalised(answer.message, world)))
        results[protocol] = answers
    write_table(results)
    for protocol, answers in results.items():
        wrong = [
            f"{case.method} ({case.about}): {code} {message!r}, expected {case.code}"
            for case, (code, message) in zip(CASES, answers, strict=True)
            if code != case.code
        ]
        assert not wrong, f"{protocol}:\n" + "\n".join(wrong)
        assert answers == results["grpc"], f"{protocol} differs from gRPC"


def test_calls_without_side_effects_answer_a_get_as_a_post(http_server: ServiceProcess) -> None:
    assert {
        "ListGames",
        "GetPlayer",
        "ListTables",
        "GetTable",
        "GetLeaderboard",
        "GetStatistics",
        "GetReplay",
    } == GETTABLE
    world = make_world(server_address(http_server))
    client = Connect(http_address(http_server), world.anna.token)
    request = service_pb2.GetTableRequest(table=world.table.name)
    by_get, by_post = (
        client.call("GetTable", request, get=True),
        client.call("GetTable", request, binary=True),
    )
    assert by_get.code == by_post.code == "OK"
    for answer in (by_get, by_post):
        assert isinstance(answer.response, service_pb2.GetTableResponse)
        answer.response.table.ClearField("server_time")  # the clock reading of each answer
    assert by_get.response == by_post.response
    # A call with side effects is never a GET: a link cannot act for a player.
    refused = client.call("SubmitAction", submit("ben")(world), get=True)
    assert refused.http_status == 405
    assert world.ben.get(world.table.name).version == world.table.version


def write_table(results: dict[str, list[tuple[str, str]]]) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    lines = [
        "# TableService over gRPC and HTTP (Connect): one list of cases",
        "",
        "| RPC | case | expected | " + " | ".join(PROTOCOLS) + " | message |",
        "|---|---|---|" + "---|" * len(PROTOCOLS) + "---|",
    ]
    for index, case in enumerate(CASES):
        codes = [results[protocol][index][0] for protocol in PROTOCOLS]
        message = results["grpc"][index][1].replace("|", "\\|")
        lines.append(
            f"| {case.method} | {case.about} | {case.code} | " + " | ".join(codes) + f" | {message} |"
        )
    (ARTIFACTS / "http-conformance.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
