"""The edges of the contract, as a client author in another language meets them.

Version-tolerant continues, exact resource names and printable ids, one authorization
header, keepalive pings and heartbeats on idle watch streams, reflection under both
protocol names, options that round-trip, listings with the caller's seat, and texts
rendered with names and the chosen pack.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from functools import partial

import grpc
import pytest
import redis
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from speedgamez.v1 import baska_kop_pb2, cards_pb2, schafkopf_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from speedgamez.v1 import table_service_pb2_grpc as service_grpc
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import CONTINUE, EASY, HUMAN, Player, simple_move
from tests.support.stored import stored
from tools.processes import running, server_address, server_process


def play_to_settlement(players: list[Player], table: str) -> None:
    """Both humans play simple moves until the first deal is settled."""
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the first deal was not settled"
        for player in players:
            view = player.get(table)
            if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
                return
            if view.viewer_seat in view.to_act_seats:
                try:
                    player.submit(view, simple_move(view))
                except grpc.RpcError as error:
                    # The other player or a computer moved first: look again.
                    assert error.code() == grpc.StatusCode.ABORTED, error.details()
        time.sleep(0.01)


@pytest.fixture
def two_humans(stack: Stack) -> Iterator[tuple[Player, Player, str]]:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop", deals="8")
    ben.join(created.name)
    yield anna, ben, created.name


# Continues ---------------------------------------------------------------------------


def test_a_continue_on_an_older_version_succeeds_while_the_player_still_owes_it(
    two_humans: tuple[Player, Player, str], redis_client: redis.Redis
) -> None:
    anna, ben, table = two_humans
    play_to_settlement([anna, ben], table)
    seen_by_anna = anna.get(table)
    ben.submit(ben.get(table), CONTINUE)
    assert anna.get(table).version > seen_by_anna.version

    request_id = uuid.uuid4().hex
    after = anna.submit(seen_by_anna, CONTINUE, request_id=request_id)
    assert after.phase in (table_pb2.TABLE_PHASE_BIDDING, table_pb2.TABLE_PHASE_PLAYING)
    assert after.deal_number == 2
    # A retry of the same continue is answered like the first and applied once.
    again = anna.submit(seen_by_anna, CONTINUE, request_id=request_id)
    assert again.deal_number == 2
    log = stored(redis_client, table).log
    continues = [entry for entry in log if entry["type"] == "action" and entry["action"] == "continue"]
    assert [entry["seat"] for entry in continues] == [1, 0]


def test_a_continue_that_is_not_owed_is_failed_precondition(two_humans: tuple[Player, Player, str]) -> None:
    anna, ben, table = two_humans
    play_to_settlement([anna, ben], table)
    view = anna.get(table)
    anna.submit(view, CONTINUE)
    details = expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: anna.submit(view, CONTINUE))
    assert "already continued" in details


def test_other_actions_on_an_older_version_are_still_aborted(two_humans: tuple[Player, Player, str]) -> None:
    _, ben, table = two_humans
    view = ben.my_turn(table)
    ben.submit(view, simple_move(view))
    expect_status(grpc.StatusCode.ABORTED, lambda: ben.submit(view, simple_move(view)))


# Names and ids -----------------------------------------------------------------------


def test_table_names_must_match_exactly_in_every_table_call(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, HUMAN, EASY, EASY])
    for name in (created.name + "\n", created.name + " ", " " + created.name, created.name + "\x00"):
        for call in _table_calls(anna, name, created.version):
            assert "tables/<id>" in expect_status(grpc.StatusCode.INVALID_ARGUMENT, call)


def _table_calls(anna: Player, name: str, version: int) -> list[Callable[[], object]]:
    """Every call that names a table, naming ``name``."""
    return [
        lambda: anna.stub.GetTable(service_pb2.GetTableRequest(table=name), metadata=anna.metadata),
        lambda: anna.stub.JoinTable(service_pb2.JoinTableRequest(table=name), metadata=anna.metadata),
        lambda: anna.stub.LeaveTable(service_pb2.LeaveTableRequest(table=name), metadata=anna.metadata),
        lambda: anna.stub.GetAdvice(service_pb2.GetAdviceRequest(table=name), metadata=anna.metadata),
        lambda: list(anna.stub.WatchTable(service_pb2.WatchTableRequest(table=name), metadata=anna.metadata)),
        lambda: anna.stub.SubmitAction(
            service_pb2.SubmitActionRequest(
                table=name, table_version=version, request_id="r1", action=CONTINUE
            ),
            metadata=anna.metadata,
        ),
    ]


def test_a_request_id_with_control_characters_is_invalid_before_any_version_check(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY])
    stale_version = created.version + 5
    for request_id in ("line\nbreak", "tab\there", "nul\x00"):
        request = service_pb2.SubmitActionRequest(
            table=created.name, table_version=stale_version, request_id=request_id, action=CONTINUE
        )
        details = expect_status(
            grpc.StatusCode.INVALID_ARGUMENT,
            partial(anna.stub.SubmitAction, request, metadata=anna.metadata),
        )
        assert "printable" in details


def test_a_display_name_with_control_characters_is_refused(stack: Stack) -> None:
    channel = grpc.insecure_channel(stack.address)
    stub = service_grpc.TableServiceStub(channel)
    for name in ("Anna\nBen", "Anna\rBen", "\x1b[31mRed"):
        details = expect_status(
            grpc.StatusCode.INVALID_ARGUMENT,
            partial(stub.RegisterPlayer, service_pb2.RegisterPlayerRequest(display_name=name)),
        )
        assert "printable" in details
    channel.close()


def test_an_error_quotes_only_a_short_prefix_of_what_the_client_sent(stack: Stack) -> None:
    anna = stack.player("Anna")
    huge = "y" * 60_000
    requests = [
        service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", options={huge: "1"}, seats=[HUMAN] * 4
        ),
        service_pb2.CreateTableRequest(game=huge, rule_set="kop", seats=[HUMAN] * 4),
        service_pb2.CreateTableRequest(game="baska_kop", rule_set=huge, seats=[HUMAN] * 4),
        service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", options={"deals": huge}, seats=[HUMAN] * 4
        ),
    ]
    for request in requests:
        details = expect_status(
            grpc.StatusCode.INVALID_ARGUMENT,
            partial(anna.stub.CreateTable, request, metadata=anna.metadata),
        )
        assert "60000 characters" in details and len(details) < 300
    details = expect_status(
        grpc.StatusCode.INVALID_ARGUMENT,
        lambda: anna.stub.GetTable(service_pb2.GetTableRequest(table=huge), metadata=anna.metadata),
    )
    assert len(details) < 300


def test_two_authorization_headers_are_refused_as_unauthenticated(stack: Stack) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, EASY, EASY, EASY])
    both = [*anna.metadata, *ben.metadata]
    details = expect_status(
        grpc.StatusCode.UNAUTHENTICATED,
        lambda: anna.stub.GetTable(service_pb2.GetTableRequest(table=created.name), metadata=both),
    )
    assert "exactly one authorization header" in details
    twice = [*anna.metadata, *anna.metadata]
    expect_status(
        grpc.StatusCode.UNAUTHENTICATED,
        lambda: list(anna.stub.WatchTable(service_pb2.WatchTableRequest(table=created.name), metadata=twice)),
    )


# Idle watch streams ------------------------------------------------------------------


def test_client_keepalive_pings_do_not_end_an_idle_watch_stream(stack: Stack) -> None:
    anna = stack.player("Anna")
    waiting = anna.create([HUMAN, HUMAN, EASY, EASY])
    pinging = grpc.insecure_channel(
        stack.address,
        options=[
            ("grpc.keepalive_time_ms", 1000),
            ("grpc.keepalive_timeout_ms", 5000),
            ("grpc.keepalive_permit_without_calls", 1),
            ("grpc.http2.max_pings_without_data", 0),
        ],
    )
    stub = service_grpc.TableServiceStub(pinging)
    stream = stub.WatchTable(
        service_pb2.WatchTableRequest(table=waiting.name, after_sequence=waiting.last_event_sequence),
        metadata=anna.metadata,
    )
    received: list[service_pb2.WatchTableResponse] = []
    failure: list[grpc.RpcError] = []

    def read() -> None:
        try:
            received.extend(stream)
        except grpc.RpcError as error:
            failure.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    # Ten seconds of a ping every second on a stream without data: a server that counts
    # such pings as strikes sends GOAWAY "too many pings" after the second or third.
    time.sleep(10)
    assert not failure, f"the idle stream ended: {failure[0].code()} {failure[0].details()}"
    # The stream still carries events: a join arrives on it.
    stack.player("Ben").join(waiting.name)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not failure and not any(r.HasField("event") for r in received):
        time.sleep(0.05)
    stream.cancel()
    reader.join(timeout=30)
    assert any(response.HasField("event") for response in received)
    pinging.close()


def test_an_idle_watch_stream_carries_heartbeats(stack: Stack) -> None:
    server = server_process(stack.redis, watch_heartbeat_s="1")
    with running(server):
        anna = Player(server_address(server), "Anna")
        waiting = anna.create([HUMAN, HUMAN, EASY, EASY])
        stream = anna.stub.WatchTable(
            service_pb2.WatchTableRequest(table=waiting.name, after_sequence=waiting.last_event_sequence),
            metadata=anna.metadata,
        )
        heartbeats = []
        for response in stream:
            assert response.HasField("heartbeat")
            heartbeats.append(response.heartbeat)
            if len(heartbeats) == 3:
                stream.cancel()
                break
        assert all(beat.last_event_sequence == waiting.last_event_sequence for beat in heartbeats)
        assert all(beat.time.seconds > 0 for beat in heartbeats)
        anna.close()


# Reflection --------------------------------------------------------------------------


def _reflect(channel: grpc.Channel, service: str, **request: str) -> reflection_pb2.ServerReflectionResponse:
    method = channel.stream_stream(
        f"/{service}/ServerReflectionInfo",
        request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
        response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
    )
    (reply,) = list(method(iter([reflection_pb2.ServerReflectionRequest(**request)])))
    return reply


@pytest.mark.parametrize(
    "service", ["grpc.reflection.v1.ServerReflection", "grpc.reflection.v1alpha.ServerReflection"]
)
def test_reflection_resolves_services_methods_messages_and_enums(stack: Stack, service: str) -> None:
    channel = grpc.insecure_channel(stack.address)
    listed = _reflect(channel, service, list_services="")
    names = {entry.name for entry in listed.list_services_response.service}
    assert {"speedgamez.v1.TableService", "grpc.health.v1.Health", service} <= names
    for symbol, file in [
        ("speedgamez.v1.TableService", "speedgamez/v1/table_service.proto"),
        ("speedgamez.v1.TableService.SubmitAction", "speedgamez/v1/table_service.proto"),
        ("speedgamez.v1.TableView", "speedgamez/v1/table.proto"),
        ("speedgamez.v1.Suit", "speedgamez/v1/cards.proto"),
        ("speedgamez.v1.Suit.SUIT_CLUBS", "speedgamez/v1/cards.proto"),
        ("speedgamez.v1.SUIT_CLUBS", "speedgamez/v1/cards.proto"),
    ]:
        reply = _reflect(channel, service, file_containing_symbol=symbol)
        assert reply.HasField("file_descriptor_response"), symbol
        files = [
            descriptor_pb2.FileDescriptorProto.FromString(data).name
            for data in reply.file_descriptor_response.file_descriptor_proto
        ]
        assert files[0] == file, symbol
    channel.close()


def test_reflection_keeps_the_internal_job_schema_private(stack: Stack) -> None:
    channel = grpc.insecure_channel(stack.address)
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    for request in (
        reflection_pb2.ServerReflectionRequest(file_containing_symbol="speedgamez.internal.v1.AiJob"),
        reflection_pb2.ServerReflectionRequest(file_by_filename="speedgamez/internal/v1/ai_job.proto"),
    ):
        (reply,) = list(stub.ServerReflectionInfo(iter([request])))
        assert reply.HasField("error_response")
        assert reply.error_response.error_code == grpc.StatusCode.NOT_FOUND.value[0]
    channel.close()


# Views -------------------------------------------------------------------------------


def test_a_views_options_create_the_same_table_again(stack: Stack) -> None:
    anna = stack.player("Anna")
    first = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="12", liga_values="true")
    assert "rule_set" not in first.options
    again = anna.stub.CreateTable(
        service_pb2.CreateTableRequest(
            game=first.game,
            rule_set=first.rule_set,
            options=first.options,
            seats=[HUMAN, EASY, EASY, EASY],
            join=True,
        ),
        metadata=anna.metadata,
    ).table
    assert dict(again.options) == dict(first.options)
    assert again.options["liga_values"] == "true" and again.deals_total == 12


def test_listed_seats_of_a_running_match_carry_the_tables_numbers(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")
    view = anna.my_turn(created.name)
    while view.deal_number == 1 and not view.tricks:
        view = anna.submit(view, simple_move(view))
        view = anna.my_turn(created.name)
    listing = anna.stub.ListTables(service_pb2.ListTablesRequest(mine=True), metadata=anna.metadata)
    (summary,) = [entry for entry in listing.tables if entry.name == created.name]
    current = anna.get(created.name)
    assert [seat.is_viewer for seat in summary.seats] == [True, False, False, False]
    for listed, seen in zip(summary.seats, current.seats, strict=True):
        assert listed.cards_in_hand == seen.cards_in_hand
        assert listed.tricks_won == seen.tricks_won
        assert listed.total_score == seen.total_score
        assert list(listed.badges) == list(seen.badges)
    assert sum(seat.cards_in_hand for seat in summary.seats) > 0


def test_settlements_name_players_and_bavarian_names_reach_every_text(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")
    bavarian = cards_pb2.CARD_NAMES_BAVARIAN
    view = anna.my_turn(created.name)
    played = False
    # A Kop announced in the bidding ends a deal before any card is played; play on to one
    # with tricks, whose card labels the stream must name in German.
    while not (played and view.phase == table_pb2.TABLE_PHASE_SETTLEMENT):
        if view.phase == table_pb2.TABLE_PHASE_PLAYING:
            played = True
            german = anna.stub.GetTable(
                service_pb2.GetTableRequest(table=created.name, card_names=bavarian), metadata=anna.metadata
            ).table
            for card in german.hand:
                assert not any(symbol in card.reason for symbol in "♣♠♥♦"), card.reason
        view = anna.submit(view, simple_move(view))
        if not (played and view.phase == table_pb2.TABLE_PHASE_SETTLEMENT):
            view = anna.my_turn(created.name)
    settlement = anna.get(created.name).settlement
    texts = [settlement.summary, *(step.label for step in settlement.steps)]
    assert not any("seat " in text for text in texts), texts
    assert "Anna" in settlement.summary or any("Computer" in text for text in texts)
    german_view = anna.stub.GetTable(
        service_pb2.GetTableRequest(table=created.name, card_names=bavarian), metadata=anna.metadata
    ).table
    assert not any("seat " in step.label for step in german_view.settlement.steps)
    events = anna.stub.WatchTable(
        service_pb2.WatchTableRequest(table=created.name, card_names=bavarian), metadata=anna.metadata
    )
    labels = []
    for response in events:
        event = response.event
        if event.WhichOneof("kind") == "action_taken" and event.action_taken.action.HasField("play_card"):
            labels.append(event.action_taken.label)
        if event.WhichOneof("kind") == "deal_settled":
            assert "seat " not in event.deal_settled.settlement.summary
            if labels:
                events.cancel()
                break
    assert labels and all(label.split()[0] in ("Eichel", "Gras", "Herz", "Schellen") for label in labels), (
        labels
    )


def test_baska_kop_travels_in_its_own_blocks_beside_the_common_fields(stack: Stack) -> None:
    """Contracts are codes in the common messages and typed in the game's block; every
    settlement line says what it does; ListGames lists the announcements both ways."""
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="baska", deals="8")
    view = anna.my_turn(created.name)
    assert view.WhichOneof("game_view") == "baska_kop" and view.contract.code
    running = baska_kop_pb2.BaskaKopContract.Name(view.baska_kop.contract)
    assert running == f"BASKA_KOP_CONTRACT_{view.contract.code.upper()}"
    while view.phase != table_pb2.TABLE_PHASE_SETTLEMENT:
        view = anna.submit(view, simple_move(view))
        if view.phase != table_pb2.TABLE_PHASE_SETTLEMENT:
            view = anna.my_turn(created.name)
    settlement = anna.get(created.name).settlement
    typed = baska_kop_pb2.BaskaKopContract.Name(settlement.baska_kop.contract)
    assert typed == f"BASKA_KOP_CONTRACT_{settlement.contract_code.upper()}"
    operations = [step.operation for step in settlement.steps]
    assert operations[0] == table_pb2.SETTLEMENT_OPERATION_BASE, settlement.steps
    assert table_pb2.SETTLEMENT_OPERATION_UNSPECIFIED not in operations
    events = anna.stub.WatchTable(service_pb2.WatchTableRequest(table=created.name), metadata=anna.metadata)
    (bidding,) = [
        response.event.bidding_ended
        for response in _until_settled(events)
        if response.event.WhichOneof("kind") == "bidding_ended"
    ]
    events.cancel()
    assert bidding.contract.code and bidding.contract.label and "seat " not in bidding.contract.label
    listing = anna.stub.ListGames(service_pb2.ListGamesRequest())
    (baska,) = [rule_set for game in listing.games for rule_set in game.rule_sets if rule_set.id == "baska"]
    assert list(baska.announcements) == [
        baska_kop_pb2.BaskaKopContract.Name(contract).removeprefix("BASKA_KOP_CONTRACT_").lower()
        for contract in baska.baska_kop.announcements
    ]
    assert baska.announcements[0] == "wesele" and baska.announcements[-1] == "baska"


def _until_settled(
    events: Iterator[service_pb2.WatchTableResponse],
) -> Iterator[service_pb2.WatchTableResponse]:
    for response in events:
        yield response
        if response.event.WhichOneof("kind") == "deal_settled":
            return


def test_an_unknown_card_names_value_is_invalid(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY])
    request = service_pb2.GetTableRequest(table=created.name, card_names=99)  # type: ignore[arg-type]
    details = expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, lambda: anna.stub.GetTable(request, metadata=anna.metadata)
    )
    assert "card_names" in details


def test_an_unknown_language_is_invalid_and_changes_nothing(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY])
    request = service_pb2.GetTableRequest(table=created.name, language=7)  # type: ignore[arg-type]
    details = expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, lambda: anna.stub.GetTable(request, metadata=anna.metadata)
    )
    assert "language" in details and "LANGUAGE_GERMAN" in details


def test_a_german_reader_gets_the_tables_texts_in_german_and_an_english_one_in_english(stack: Stack) -> None:
    """The same table at the same version, looked at in both languages: the German view's
    refusals and the stream's texts are German, the English ones unchanged."""
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop", deals="8")
    german = service_pb2.LANGUAGE_GERMAN
    view = anna.my_turn(created.name)
    while not (view.phase == table_pb2.TABLE_PHASE_PLAYING and any(card.reason for card in view.hand)):
        view = anna.submit(view, simple_move(view))
        view = anna.my_turn(created.name)
    english_reasons = {card.reason for card in view.hand if card.reason}
    read = anna.stub.GetTable(
        service_pb2.GetTableRequest(table=created.name, language=german), metadata=anna.metadata
    ).table
    assert read.version == view.version
    german_reasons = {card.reason for card in read.hand if card.reason}
    assert english_reasons and german_reasons
    assert all(reason.startswith(("you ", "it is")) for reason in english_reasons), english_reasons
    assert all(reason.startswith("Du ") for reason in german_reasons), german_reasons
    assert anna.get(created.name).hand[0].reason == view.hand[0].reason
    joined = {}
    for language in (german, service_pb2.LANGUAGE_ENGLISH):
        events = anna.stub.WatchTable(
            service_pb2.WatchTableRequest(table=created.name, language=language), metadata=anna.metadata
        )
        for response in events:
            if response.event.WhichOneof("kind") == "seat_changed":
                joined[language] = response.event.seat_changed.description
                events.cancel()
                break
    assert joined == {
        german: "Anna hat sich an den Tisch gesetzt",
        service_pb2.LANGUAGE_ENGLISH: "Anna joined the table",
    }


def test_list_games_declares_each_game_and_every_option_for_a_settings_screen(stack: Stack) -> None:
    anna = stack.player("Anna")
    listed = anna.stub.ListGames(service_pb2.ListGamesRequest()).games
    assert [game.id for game in listed] == ["baska_kop", "bela", "schafkopf", "speculation"]
    game, bela, schafkopf, speculation = listed
    assert (speculation.title, list(speculation.seat_counts)) == ("Speculation", [3, 4, 5, 6, 7, 8, 9])
    (parlett,) = speculation.rule_sets
    assert [option.key for option in parlett.options] == [
        "chips",
        "deals_each",
        "carry_over",
        "foster",
        "fives_and_jacks",
        "extra_hand",
        "reveal_seconds",
        "auction_seconds",
    ]
    assert (parlett.speculation.chips, parlett.speculation.deals_each) == (40, 2)
    assert (parlett.speculation.reveal_seconds, parlett.speculation.auction_seconds) == (20, 8)
    assert (schafkopf.title, list(schafkopf.seat_counts)) == ("Schafkopf", [2, 3, 4])
    club, sauspiel = schafkopf.rule_sets
    assert (club.schafkopf.tariff_partner, club.schafkopf.tariff_solo) == (10, 50)
    assert (sauspiel.schafkopf.tariff_partner, sauspiel.schafkopf.tariff_solo) == (20, 50)
    assert club.schafkopf.pack == schafkopf_pb2.SCHAFKOPF_PACK_LONG
    assert list(club.announcements) == ["rufspiel", "wenz", "solo", "wenz_tout", "solo_tout", "sie"]
    # Each option in the group the game declares, its values by the game's words.
    club_options = {option.key: option for option in club.options}
    assert club_options["pack"].group == service_pb2.OPTION_GROUP_PLAY
    assert club_options["hochzeit"].group == service_pb2.OPTION_GROUP_CONTRACTS
    assert club_options["tariff_solo"].group == service_pb2.OPTION_GROUP_AMOUNTS
    assert dict(club_options["all_pass"].value_labels) == {
        "zusammenwerfen": "Zusammenwerfen: thrown in",
        "stock": "Stock: thrown in, everyone pays in",
        "ramsch": "Ramsch",
        "muss": "Muss: the Eichel-Ober must play",
    }
    assert not club_options["hochzeit"].value_labels and not club_options["deals"].value_labels
    assert {option.group for option in parlett.options} == {
        service_pb2.OPTION_GROUP_PLAY,
        service_pb2.OPTION_GROUP_AMOUNTS,
    }
    assert (bela.title, list(bela.seat_counts)) == ("Bela", [2, 3, 4])
    assert bela.utility == service_pb2.GAME_UTILITY_GENERAL_SUM
    (speedbela,) = bela.rule_sets
    assert [option.key for option in speedbela.options] == [
        "target",
        "talon",
        "neu_geben",
        "zvanja_selbst",
        "belot",
        "counter_clockwise",
        "cards",
    ]
    assert list(speedbela.options[0].allowed_values) == ["1001", "701", "501"]
    assert speedbela.bela.target == 1001 and speedbela.bela.dealer_must_choose
    assert (game.id, list(game.seat_counts)) == ("baska_kop", [4])
    assert game.dynamics == service_pb2.GAME_DYNAMICS_SEQUENTIAL
    assert game.utility == service_pb2.GAME_UTILITY_ZERO_SUM
    assert [(rule_set.id, rule_set.title) for rule_set in game.rule_sets] == [
        ("kop", "Kop"),
        ("baska", "Baśka"),
    ]
    kop = next(rule_set for rule_set in game.rule_sets if rule_set.id == "kop")
    options = {option.key: option for option in kop.options}
    assert list(options)[:2] == ["deals", "liga_values"]
    assert list(options["deals"].allowed_values) == ["8", "12", "16", "24"]
    assert options["deals"].default_value == "8" and options["deals"].meaning == "deals in the Partie"
    assert list(options["liga_values"].allowed_values) == ["false", "true"]
    value = options["value_zolo"]
    assert (value.minimum, value.maximum, value.allowed_values) == (1, 1000, [])
    assert dict(kop.default_options) == {key: option.default_value for key, option in options.items()}
    # A settings screen built from the declaration creates a table with exactly those settings.
    chosen = {
        key: option.allowed_values[-1] if option.allowed_values else str(option.maximum)
        for key, option in options.items()
    }
    created = anna.stub.CreateTable(
        service_pb2.CreateTableRequest(game=game.id, rule_set="kop", options=chosen, seats=[HUMAN] * 4),
        metadata=anna.metadata,
    )
    assert dict(created.table.options) == chosen


def test_list_games_names_the_numbers_of_players_each_schafkopf_option_value_allows(stack: Stack) -> None:
    """Kurzer and Wenn alle passen: the long pack is for four; the Stock needs partner
    games (four); Ramsch and muss need three or four. A settings screen offers only those."""
    games = stack.player("Anna").stub.ListGames(service_pb2.ListGamesRequest())
    schafkopf = next(game for game in games.games if game.id == "schafkopf")
    for rule_set in schafkopf.rule_sets:
        limits = {
            option.key: {value: list(counts.counts) for value, counts in option.seats_by_value.items()}
            for option in rule_set.options
            if option.seats_by_value
        }
        assert limits == {
            "pack": {"long": [4]},
            "all_pass": {"stock": [4], "ramsch": [3, 4], "muss": [3, 4]},
        }


def test_a_view_names_the_games_own_phase_beside_its_kind(stack: Stack) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop")
    assert created.deal_phase == "" and created.phase == table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS
    ben.join(created.name)
    view = anna.get(created.name)
    kinds = {"bidding": table_pb2.TABLE_PHASE_BIDDING, "play": table_pb2.TABLE_PHASE_PLAYING}
    assert view.deal_phase in kinds and view.phase == kinds[view.deal_phase]
