"""Speculation through the real service (issue decisions; seed 004): a whole match of six
seats with two people driven by the test and four computer traders; two offers for one
face-down card, one accepted and the other lapsing; refusals that change nothing; and
the market's clock closing an auction on two servers at once, applied once, with a late
bid refused and the seller's acceptance standing."""

from __future__ import annotations

import asyncio
import dataclasses
import time
import urllib.request
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import grpc
import pytest
import redis

from ai_worker.players import decide
from engine.speculation.blocks import Bid
from server.errors import ServiceError
from server.service import TableService
from server.settings import Settings
from server.store import Store, connect
from server.views import seat_observation
from speedgamez.v1 import actions_pb2, speculation_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import eventually, expect_status
from tests.support.client import CONTINUE, EASY, HUMAN, NORMAL, STRONG, Player
from tests.support.stored import stored
from tools.processes import (
    RedisCluster,
    RedisServer,
    ServiceProcess,
    metrics_port,
    running,
    server_address,
    server_process,
    worker_process,
)

FINISHED = table_pb2.TABLE_PHASE_FINISHED
IN_DEAL = table_pb2.TABLE_PHASE_IN_DEAL_OTHER
CHIPS = 40
# A second of the market's clock lasts 25 ms here: an auction's 8 seconds pass in 0.2 s.
CLOCK = {"clock_second_ms": "25", "clock_grace_ms": "250", "clock_reading_ms": "250", "clock_poll_ms": "20"}


def create(player: Player, seats: list[service_pb2.SeatConfig], **options: str) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(
        game="speculation", rule_set="parlett", options=options, seats=seats, join=True
    )
    return player.stub.CreateTable(request, metadata=player.metadata).table


def market(**kind: Any) -> actions_pb2.Action:
    return actions_pb2.Action(speculation=speculation_pb2.SpeculationAction(**kind))


REVEAL = market(reveal=speculation_pb2.SpeculationReveal())
SELL = market(sell=speculation_pb2.SpeculationSell())


def bid(auction_id: int, chips: int) -> actions_pb2.Action:
    return market(bid=speculation_pb2.SpeculationBidAction(auction_id=auction_id, chips=chips))


def offer(seller: int, slot_ids: list[int], chips: int) -> actions_pb2.Action:
    return market(
        offer=speculation_pb2.SpeculationOfferAction(seller_seat=seller, slot_ids=slot_ids, chips=chips)
    )


def accept_offer(offer_id: int) -> actions_pb2.Action:
    return market(accept_offer=speculation_pb2.SpeculationOfferAnswer(offer_id=offer_id))


def accept_bid(bid_id: int) -> actions_pb2.Action:
    return market(accept_bid=speculation_pb2.SpeculationAcceptBid(bid_id=bid_id))


def cautious(view: table_pb2.TableView) -> actions_pb2.Action:
    """Continue after a settlement; in a deal the first allowed choice: turn up, keep, no bid."""
    if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
        return CONTINUE
    return next(choice.action for choice in view.choices if choice.allowed)


def allowed_kinds(view: table_pb2.TableView) -> dict[str, actions_pb2.Action]:
    """The allowed market moves by kind (the first of each)."""
    kinds: dict[str, actions_pb2.Action] = {}
    for choice in view.choices:
        if choice.allowed and choice.action.HasField("speculation"):
            kinds.setdefault(choice.action.speculation.WhichOneof("kind"), choice.action)
    return kinds


def try_submit(player: Player, view: table_pb2.TableView, action: actions_pb2.Action) -> bool:
    """Submit; False when the table moved on meanwhile (the computers trade all the time)."""
    try:
        player.submit(view, action)
    except grpc.RpcError as error:
        if error.code() not in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION):
            raise
        return False
    return True


def _market_jobs(worker: ServiceProcess) -> dict[str, float]:
    """A worker's finished market jobs by outcome, from its metrics."""
    prefix = 'speedgamez_ai_jobs_done_total{kind="market",outcome="'
    outcomes = {}
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port(worker)}/metrics", timeout=10) as response:
        for line in response.read().decode().splitlines():
            if line.startswith(prefix):
                outcome, _, value = line.removeprefix(prefix).partition('"} ')
                outcomes[outcome] = float(value)
    return outcomes


def events_of(player: Player, table: str, after: int, count: int) -> list[table_pb2.TableEvent]:
    """The ``count`` events after sequence ``after`` (they must have happened)."""
    request = service_pb2.WatchTableRequest(table=table, after_sequence=after)
    events: list[table_pb2.TableEvent] = []
    if count <= 0:
        return events
    stream = player.stub.WatchTable(request, metadata=player.metadata)
    for answer in stream:
        if answer.WhichOneof("kind") == "event":
            events.append(answer.event)
            if len(events) == count:
                break
    stream.cancel()
    return events


def test_speculation_two_people_and_four_traders_play_a_whole_match_of_six_seats(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    seats = [HUMAN, HUMAN, NORMAL, STRONG, EASY, NORMAL]
    created = create(anna, seats, deals_each="1", reveal_seconds="0", auction_seconds="0")
    ben.join(created.name)
    name = created.name
    # Each person turns up, keeps and declines when waited for, offers 2 chips for another
    # seat's top card once, and accepts the first offer made to him.
    offered: set[str] = set()
    accepted: set[str] = set()
    deadline = time.monotonic() + 600
    view = anna.get(name)
    while view.phase != FINISHED:
        assert time.monotonic() < deadline, view
        moved = False
        for player in (anna, ben):
            view = player.get(name)
            if view.phase == FINISHED:
                break
            kinds = allowed_kinds(view) if view.phase == IN_DEAL else {}
            if "offer" in kinds and player.player_id not in offered:
                listed = kinds["offer"].speculation.offer
                if try_submit(player, view, offer(listed.seller_seat, list(listed.slot_ids), 2)):
                    offered.add(player.player_id)
                    moved = True
            elif "accept_offer" in kinds and player.player_id not in accepted:
                if try_submit(player, view, kinds["accept_offer"]):
                    accepted.add(player.player_id)
                    moved = True
            elif view.viewer_seat in view.to_act_seats:
                moved = try_submit(player, view, cautious(view)) or moved
        if not moved:
            time.sleep(0.02)
        view = anna.get(name)
    assert offered == {anna.player_id, ben.player_id}
    # Chips only change hands; a pool the last deal left belongs to nobody.
    totals = [seat.total_score for seat in view.seats]
    assert all(total >= 0 for total in totals)
    assert CHIPS * 6 - 6 * 6 <= sum(totals) <= CHIPS * 6, totals
    # Every person's offer is on the record; the log replays to exactly the stored state.
    table = stored(redis_client, name)
    made = [
        event.speculation.offer_made for event in table.events if event.speculation.HasField("offer_made")
    ]
    assert {made_offer.buyer for made_offer in made} >= {0, 1}
    assert any(made_offer.buyer == 0 and made_offer.chips == 2 for made_offer in made)
    assert table.replayed_state() == table.state
    # The traders the table did not wait for were asked in market jobs, some of which
    # ended in no move.
    done = [_market_jobs(worker) for worker in stack.workers]
    assert sum(sum(outcomes.values()) for outcomes in done) > 0, done
    assert any(outcomes.get("no_move") for outcomes in done) or any(
        outcomes.get("applied") for outcomes in done
    )
    # Fault-free play: no computer's move was refused, so no job waits to be reclaimed.
    assert not any(outcomes.get("refused") for outcomes in done), done
    faults = [line for worker in stack.workers for line in worker.lines if " ERROR " in line]
    assert not faults, faults
    # The stream resumes after any event without a gap or a repeat.
    first = events_of(anna, name, 0, 40)
    resumed = events_of(anna, name, first[19].sequence, 20)
    assert [event.SerializeToString() for event in resumed] == [
        event.SerializeToString() for event in first[20:]
    ]


def test_speculation_two_offers_for_one_card_one_accepted_and_the_other_lapses_and_refusals_change_nothing(
    stack: Stack,
) -> None:
    anna, ben, carla = stack.player("Anna"), stack.player("Ben"), stack.player("Carla")
    people = (anna, ben, carla)
    created = create(anna, [HUMAN, HUMAN, HUMAN, EASY, EASY, EASY], reveal_seconds="0", auction_seconds="0")
    name = created.name
    ben.join(name)
    carla.join(name)
    # The market is quiet while the deal waits for a person to turn up a card: easy traders
    # make no offers. The people make the cautious moves until a card has been turned up
    # from a stack and one of them is next (a deal a turned ace ends at once is continued).
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the deal never waited for a person to turn up"
        view = anna.get(name)
        turned = sum(len(seat.revealed) for seat in view.speculation.seats)
        if view.phase == IN_DEAL and view.speculation.revealer in (0, 1, 2) and turned >= 2:
            break
        for person in people:
            mine = person.get(name)
            if mine.viewer_seat in mine.to_act_seats:
                try_submit(person, mine, cautious(mine))
        time.sleep(0.02)
    market_view = view.speculation
    seller = next(seat for seat in (0, 1, 2) if market_view.seats[seat].slot_ids)
    first_buyer, second_buyer = (people[seat] for seat in (0, 1, 2) if seat != seller)
    top = market_view.seats[seller].slot_ids[0]
    # Both offer for the same card; offers are checked against the table as it is, so the
    # second is taken though it was decided on the older version.
    first_buyer.submit(view, offer(seller, [top], 2))
    second_buyer.submit(view, offer(seller, [top], 3))
    offers = {made.chips: made.offer_id for made in people[seller].get(name).speculation.offers}
    assert sorted(offers) == [2, 3]
    after_offers = people[seller].get(name)
    people[seller].submit(after_offers, accept_offer(offers[3]))
    view = people[seller].get(name)
    assert [made.offer_id for made in view.speculation.offers] == []
    assert top not in view.speculation.seats[seller].slot_ids
    lapsed = [
        event.speculation.offer_lapsed
        for event in events_of(
            anna,
            name,
            after_offers.last_event_sequence,
            view.last_event_sequence - after_offers.last_event_sequence,
        )
        if event.speculation.HasField("offer_lapsed")
    ]
    assert [event.offer_id for event in lapsed] == [offers[2]] and lapsed[0].reason
    # Refusals, each with a status a client can act on, and nothing changed.
    before = people[seller].get(name)
    stale = expect_status(
        grpc.StatusCode.FAILED_PRECONDITION, lambda: people[seller].submit(before, accept_offer(offers[2]))
    )
    assert str(offers[2]) in stale or "lapsed" in stale, stale
    own = before.speculation.seats[seller].slot_ids
    if own:
        expect_status(
            grpc.StatusCode.FAILED_PRECONDITION,
            lambda: people[seller].submit(before, offer(seller, [own[0]], 1)),
        )
    other = next(seat for seat in range(6) if seat != seller and before.speculation.seats[seat].slot_ids)
    other_top = before.speculation.seats[other].slot_ids[0]
    expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, lambda: people[seller].submit(before, offer(other, [other_top], 0))
    )
    expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, lambda: people[seller].submit(before, offer(other, [987654321], 1))
    )
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: people[seller].submit(before, bid(987654321, 5)))
    # A card turned up from a stack in this deal (the events after its start).
    history = events_of(anna, name, 0, before.last_event_sequence)
    started = max(index for index, event in enumerate(history) if event.HasField("deal_started"))
    turned_up = next(
        event.speculation.revealed
        for event in history[started:]
        if event.speculation.HasField("revealed") and event.speculation.revealed.slot_id > 0
    )
    buyer = next(seat for seat in (0, 1, 2) if seat != turned_up.seat)
    gone = expect_status(
        grpc.StatusCode.FAILED_PRECONDITION,
        lambda: people[buyer].submit(before, offer(turned_up.seat, [turned_up.slot_id], 1)),
    )
    assert "turned up" in gone, gone
    waiting = set(before.to_act_seats)
    idle = next(seat for seat in (0, 1, 2) if seat not in waiting)
    expect_status(
        grpc.StatusCode.FAILED_PRECONDITION, lambda: people[idle].submit(people[idle].get(name), REVEAL)
    )
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: create(anna, [HUMAN, EASY]))
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: create(anna, [HUMAN] + [EASY] * 9))
    after = anna.get(name)
    assert after.version == before.version
    assert after.speculation == before.speculation


@pytest.fixture
def two_servers(clean_redis: RedisServer) -> Iterator[tuple[str, str]]:
    """Two servers and two workers with a fast market clock."""
    servers = [server_process(clean_redis, **CLOCK) for _ in range(2)]
    workers = [worker_process(clean_redis, **CLOCK) for _ in range(2)]
    with running(*servers, *workers):
        yield server_address(servers[0]), server_address(servers[1])


def test_speculation_the_market_clock_closes_an_auction_once_on_two_servers_and_a_late_bid_is_refused(
    two_servers: tuple[str, str], redis_client: redis.Redis
) -> None:
    first, second = two_servers
    anna, ben = Player(first, "Anna"), Player(second, "Ben")
    try:
        created = create(
            anna, [HUMAN, HUMAN, EASY, EASY, EASY], reveal_seconds="600", deals_each="2", chips="200"
        )
        name = created.name
        ben.join(name)
        # Both make the cautious moves until Anna decides on the best trump: she sells.
        deadline = time.monotonic() + 300
        while True:
            assert time.monotonic() < deadline, "Anna never owned the best trump"
            view = anna.get(name)
            assert view.phase != FINISHED, "the match ended before Anna could sell"
            if view.viewer_seat in view.to_act_seats and "sell" in allowed_kinds(view):
                anna.submit(view, SELL)
                break
            for player in (anna, ben):
                mine = player.get(name)
                if mine.viewer_seat in mine.to_act_seats:
                    try_submit(player, mine, cautious(mine))
        # Ben is asked to bid and does not answer: after the auction's 8 seconds the clock
        # declines for him, once though two workers watch the clock.
        auction = anna.get(name).speculation.auction
        # A bid no higher than the best, or above his free chips, is refused (and so is any
        # bid once the clock has closed the auction).
        asked = ben.get(name)
        free = asked.speculation.seats[1].free_chips
        too_many = bid(auction.auction_id, free + 1)
        expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: ben.submit(asked, too_many))
        if asked.speculation.auction.bids:
            no_higher = bid(auction.auction_id, asked.speculation.auction.bids[-1].chips)
            expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: ben.submit(asked, no_higher))
        eventually(
            lambda: (
                not anna.get(name).speculation.HasField("auction")
                or anna.get(name).speculation.auction.closed
            ),
            what="the clock to close the auction",
        )
        table = stored(redis_client, name)
        # (Only the entries after her sale: the clock may have moved for them before.)
        sold = max(
            index
            for index, entry in enumerate(table.log)
            if entry["type"] == "action" and entry["seat"] == 0 and entry["action"] == "sell"
        )
        after = table.log[sold:]
        expiries = [index for index, entry in enumerate(after) if entry["type"] == "expire"]
        assert expiries, after
        assert all(after[index]["moves"] == [{"seat": 1, "action": "pass"}] for index in expiries), after
        # Once each time Ben was asked: a computer's bid after his pass asks him again, but
        # two expiries never follow each other with no bid between them.
        for earlier, later in pairwise(expiries):
            assert any(entry["type"] == "action" for entry in after[earlier + 1 : later]), after
        notes = {event.action_taken.reason for event in table.events if event.HasField("action_taken")}
        assert "the time to decide ran out: the computer moved for seat 1" in notes
        # His late bid is refused; Anna's acceptance of the best bid stands.
        late = ben.get(name)
        expect_status(
            grpc.StatusCode.FAILED_PRECONDITION, lambda: ben.submit(late, bid(auction.auction_id, CHIPS))
        )
        view = anna.get(name)
        if view.speculation.HasField("auction") and view.speculation.auction.bids:
            best = view.speculation.auction.bids[-1]
            anna.submit(view, accept_bid(best.bid_id))
            # The buyer holds the card (the table plays on at once, so it may be beaten).
            assert auction.card in anna.get(name).speculation.seats[best.seat].bought
        table = stored(redis_client, name)
        assert table.replayed_state() == table.state
    finally:
        anna.close()
        ben.close()


def test_speculation_advice_prices_the_holdings_while_others_are_waited_for(stack: Stack) -> None:
    anna = stack.player("Anna")
    created = create(anna, [HUMAN, NORMAL, NORMAL, NORMAL, NORMAL], reveal_seconds="0", auction_seconds="0")
    name = created.name
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "Anna was never free to trade while others were waited for"
        view = anna.get(name)
        assert view.phase != FINISHED
        trading = view.viewer_seat in view.may_act_seats and view.viewer_seat not in view.to_act_seats
        if trading and view.phase == IN_DEAL:
            try:
                advice = anna.stub.GetAdvice(service_pb2.GetAdviceRequest(table=name), metadata=anna.metadata)
            except grpc.RpcError as error:
                # The computers moved meanwhile: Anna's turn came, or the deal ended.
                assert error.code() == grpc.StatusCode.FAILED_PRECONDITION, error.details()
                continue
            break
        if view.viewer_seat in view.to_act_seats:
            try_submit(anna, view, cautious(view))
    holding = advice.holding
    assert [seat.seat for seat in holding.seats] == [0, 1, 2, 3, 4]
    assert holding.pool > 0 and 0 <= holding.best_win_chance <= 1
    assert holding.best_fair_chips == pytest.approx(holding.best_win_chance * holding.pool)
    assert holding.card_fair_chips == pytest.approx(holding.card_win_chance * holding.pool)
    assert sum(seat.win_chance for seat in holding.seats) <= 1 + 1e-9
    assert advice.reason and advice.exact


def test_a_computers_market_move_the_table_has_made_impossible_is_stale_not_refused(
    clean_redis: RedisServer | RedisCluster,
) -> None:
    """A market runs on while computers decide: two traders asked to bid at one version
    both bid the least bid; the first lands, and the second, decided for a table that is
    gone, is answered ABORTED (a stale move the worker drops quietly), not refused as a
    fault. Each was legal at the version it was decided on. Driven in-process through the
    service's own write path, exactly as a worker submits, so that the race is certain."""
    settings = dataclasses.replace(
        Settings(), redis_url=clean_redis.url, redis_cluster=isinstance(clean_redis, RedisCluster)
    )

    async def race() -> tuple[int, list[str]]:
        redis = connect(settings, "speculation-race")
        service = TableService(Store(redis, settings), settings)
        try:
            registered = await service.register_player(service_pb2.RegisterPlayerRequest(display_name="Anna"))
            caller = await service.admit(registered.token, "", 1, "")
            request = service_pb2.CreateTableRequest(
                game="speculation",
                rule_set="parlett",
                seats=[NORMAL] * 5,
                options={"reveal_seconds": "0", "auction_seconds": "0", "deals_each": "4"},
            )
            name = (await service.create_table(caller, request, seed=7)).table.name
            table_id = name.removeprefix("tables/")
            for _ in range(2000):
                record = await service.store.load(table_id)
                assert record is not None and record.match is not None, "the match ended without a race"
                bidders = record.computer_turns()
                version = record.version
                decisions = [(seat, decide(seat_observation(record, seat), "normal")) for seat in bidders]
                bids = [
                    (seat, decision.action, decision.reason)
                    for seat, decision in decisions
                    if isinstance(decision.action, Bid)
                ]
                if len(bids) >= 2:
                    refusals = []
                    for seat, action, _ in bids[:2]:
                        # Each is legal for the table it was decided on.
                        record.match.check(seat, action)
                    for seat, action, reason in bids[:2]:
                        try:
                            await service.submit_computer_action(table_id, version, seat, action, reason)
                        except ServiceError as error:
                            refusals.append(f"{error.code.value}: {error.message}")
                    return version, refusals
                seat, decision = decisions[0]
                assert decision.action is not None
                await service.submit_computer_action(
                    table_id, version, seat, decision.action, decision.reason
                )
            raise AssertionError("no auction asked two traders to bid at once")
        finally:
            await redis.aclose()

    version, refusals = asyncio.run(race())
    assert len(refusals) == 1, refusals
    assert refusals[0].startswith(f"ABORTED: the move decided at table_version {version} no longer applies")
    assert "a bid must be at least" in refusals[0]
