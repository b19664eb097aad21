"""Watch streams: redaction per viewer, resumption without gap or duplicate, a table's
news heard only where it is watched; AI jobs' contents."""

from __future__ import annotations

import threading
import uuid
from typing import Any

import grpc
import redis

from server import keys
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import eventually
from tests.support.client import EASY, HUMAN, Player, simple_move
from tests.support.stored import stored
from tools.processes import RedisCluster, RedisServer, running, server_address, server_process


def play_deals(player: Player, name: str, deals: int) -> None:
    """Play until ``deals`` deals are settled (the human passes and plays simply)."""
    while True:
        view = player.my_turn(name)
        settled = view.deal_number - (
            0 if view.phase in (table_pb2.TABLE_PHASE_SETTLEMENT, table_pb2.TABLE_PHASE_FINISHED) else 1
        )
        if settled >= deals or view.phase == table_pb2.TABLE_PHASE_FINISHED:
            return
        player.submit(view, simple_move(view))


def watch(player: Player, name: str, after: int, count: int) -> list[table_pb2.TableEvent]:
    stream = player.stub.WatchTable(
        service_pb2.WatchTableRequest(table=name, after_sequence=after), metadata=player.metadata
    )
    events = []
    for response in stream:
        events.append(response.event)
        if len(events) == count:
            stream.cancel()
            break
    return events


def card_key(card: Any) -> tuple[int, int]:
    return (card.suit, card.rank)


def test_watch_resumes_from_last_sequence_without_gap_or_duplicate(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop")
    play_deals(anna, created.name, 2)
    newest = anna.get(created.name).last_event_sequence
    assert newest > 20
    everything = watch(anna, created.name, 0, newest)
    assert [event.sequence for event in everything] == list(range(1, newest + 1))

    resumed: list[table_pb2.TableEvent] = []
    after = 0
    while after < newest:
        chunk = watch(anna, created.name, after, min(7, newest - after))
        resumed.extend(chunk)
        after = chunk[-1].sequence
    assert [event.SerializeToString() for event in resumed] == [
        event.SerializeToString() for event in everything
    ]


def test_watch_delivers_new_events_live(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="baska")
    start = anna.get(created.name).last_event_sequence
    stream = anna.stub.WatchTable(
        service_pb2.WatchTableRequest(table=created.name, after_sequence=start), metadata=anna.metadata
    )
    view = anna.my_turn(created.name)
    anna.submit(view, simple_move(view))
    for response in stream:
        if response.event.WhichOneof("kind") == "action_taken" and response.event.action_taken.seat == 0:
            assert not response.event.action_taken.by_computer
            stream.cancel()
            break


def test_watch_and_snapshots_show_each_viewer_only_his_own_hand(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, spectator = stack.player("Anna"), stack.player("Sam")
    created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="kop")
    play_deals(anna, created.name, 1)
    table = stored(redis_client, created.name)
    dealt = [stored for stored in table.stored_events if stored.event.WhichOneof("kind") == "hand_dealt"]
    assert [stored.event.hand_dealt.seat for stored in dealt] == [0, 1, 2, 3]
    assert all(list(stored.seats) == [stored.event.hand_dealt.seat] for stored in dealt)
    assert all(len(stored.event.hand_dealt.cards) == 4 for stored in dealt)

    newest = anna.get(created.name).last_event_sequence
    for viewer, seat in ((anna, 0), (spectator, None)):
        events = watch(viewer, created.name, 0, newest)
        # Every sequence number arrives; the hands of others as numbers only.
        assert [event.sequence for event in events] == list(range(1, newest + 1))
        shown = [event.hand_dealt.seat for event in events if event.WhichOneof("kind") == "hand_dealt"]
        assert shown == ([] if seat is None else [seat])
        withheld = [event for event in events if event.WhichOneof("kind") is None]
        assert len(withheld) == (4 if seat is None else 3)
        assert all(event.table_version and event.time.seconds for event in withheld)
    spectator_view = spectator.get(created.name)
    assert not spectator_view.hand and not spectator_view.HasField("viewer_seat")
    assert not any(rung.own for rung in spectator_view.trump_ladder)


def test_watch_unknown_table_and_bad_sequence_are_refused(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = anna.create([HUMAN, EASY, EASY, EASY])
    for request, code in (
        (service_pb2.WatchTableRequest(table="tables/nope"), grpc.StatusCode.NOT_FOUND),
        (
            service_pb2.WatchTableRequest(table=created.name, after_sequence=10**6),
            grpc.StatusCode.INVALID_ARGUMENT,
        ),
    ):
        try:
            list(anna.stub.WatchTable(request, metadata=anna.metadata))
        except grpc.RpcError as error:
            assert error.code() == code
        else:
            raise AssertionError("the watch was not refused")


def test_ai_jobs_carry_only_their_seats_information(stack: Stack, redis_client: redis.Redis) -> None:
    # An audit group sees every job; the streams keep entries until every group has them.
    people = keys.ai_jobs("people")
    audit = f"audit-{uuid.uuid4().hex}"
    redis_client.xgroup_create(people, audit, id="$", mkstream=True)
    try:
        anna = stack.player("Anna")
        created = anna.create([HUMAN, EASY, EASY, EASY], rule_set="baska")
        play_deals(anna, created.name, 2)
        entries: Any = redis_client.xreadgroup(audit, "auditor", {people: ">"})
    finally:
        redis_client.xgroup_destroy(people, audit)
    table = stored(redis_client, created.name)
    deals: list[dict[int, list[cards_pb2.Card]]] = []
    for event in table.events:
        if event.WhichOneof("kind") == "deal_started":
            deals.append({})
        elif event.WhichOneof("kind") == "hand_dealt":
            deals[-1][event.hand_dealt.seat] = list(event.hand_dealt.cards)
    jobs = [ai_job_pb2.AiJob.FromString(fields[b"job"]) for _, messages in entries for _, fields in messages]
    jobs = [job for job in jobs if job.table_id == table.table_id]
    assert len(jobs) > 10
    for job in jobs:
        observation = job.observation
        assert observation.seat == job.seat and not job.HasField("view")
        own = {card_key(card) for card in observation.dealt}
        # The deal the job is of: one that dealt the seat exactly what it says it was dealt.
        # Two deals may have dealt a seat the same hand; the other seats then held the same
        # cards between them, so whichever of them it was, the checks below are the same.
        hands = next(
            {seat: {card_key(card) for card in cards} for seat, cards in dealt.items()}
            for dealt in deals
            if {card_key(card) for card in dealt[job.seat]} == own
        )
        played = {card_key(played.card) for trick in observation.tricks for played in trick.cards}
        played |= {card_key(played.card) for played in observation.current_trick.cards}
        held = {card_key(card) for card in observation.hand}
        assert held <= own and not held & played
        assert {card_key(card) for card in observation.playable} <= held
        assert not any(seat.cards for seat in observation.shown)
        visible = held | played
        for seat, cards in hands.items():
            if seat != job.seat:
                assert not (cards - played) & visible


def test_a_tables_news_reaches_only_the_processes_with_streams_on_it(clean_redis: RedisServer) -> None:
    """A commit publishes on its table's own channel, and a server process listens on the
    channels of the tables its streams watch, no others: a move costs the processes that
    show nobody that table nothing, however many there are. The upkeep's look at the
    tables is an hour away here, so the event below can only come by the channel."""
    hourly = {"watch_poll_ms": "3600000"}
    moving, watching = server_process(clean_redis, **hourly), server_process(clean_redis, **hourly)
    with running(moving, watching):
        anna = Player(server_address(moving), "Anna")
        ben, cleo = Player(server_address(moving), "Ben"), Player(server_address(moving), "Cleo")
        table = anna.create([HUMAN, HUMAN, HUMAN, EASY])
        channel = keys.table_events_channel(table.name.removeprefix("tables/"))
        assert listeners(clean_redis, channel) == 0

        watcher = anna.using(server_address(watching))
        request = service_pb2.WatchTableRequest(table=table.name, after_sequence=table.last_event_sequence)
        stream = watcher.stub.WatchTable(request, metadata=watcher.metadata, timeout=120)
        heard: list[table_pb2.TableEvent] = []
        reading = threading.Thread(target=lambda: heard.extend(first_event(stream)))
        reading.start()
        eventually(lambda: listeners(clean_redis, channel) == 1, what="the watching process to listen")
        ben.join(table.name)
        reading.join()
        assert [event.WhichOneof("kind") for event in heard] == ["seat_changed"]
        eventually(lambda: listeners(clean_redis, channel) == 0, what="the channel to be dropped")

        # The process that no stream here asks about hears nothing of the moves either.
        cleo.join(table.name)
        assert listeners(clean_redis, channel) == 0
        for player in (anna, ben, cleo, watcher):
            player.close()


def first_event(stream: Any) -> list[table_pb2.TableEvent]:
    """The stream's first event (heartbeats passed over); the stream is ended then."""
    for response in stream:
        if response.WhichOneof("kind") == "event":
            stream.cancel()
            return [response.event]
    return []


def listeners(store: RedisServer | RedisCluster, channel: str) -> int:
    """Connections subscribed to ``channel``, on every node of a cluster (a node counts
    only its own)."""
    nodes = store.nodes if isinstance(store, RedisCluster) else [store]
    total = 0
    for node in nodes:
        client = redis.Redis.from_url(node.url)
        try:
            total += dict(client.pubsub_numsub(channel))[channel.encode()]
        finally:
            client.close()
    return total
