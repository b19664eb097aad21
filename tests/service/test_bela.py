"""Bela through the real service: whole Parties with real workers, what each person and
each computer's job may see, and refusals that change nothing."""

from __future__ import annotations

import uuid
from typing import Any

import grpc
import pytest
import redis

from server import keys
from speedgamez.internal.v1 import ai_job_pb2
from speedgamez.v1 import actions_pb2, bela_pb2, cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import CONTINUE, EASY, HUMAN, NORMAL, PASS, Player, play_card
from tests.support.stored import stored

HEARTS = cards_pb2.SUIT_HEARTS
FINISHED = table_pb2.TABLE_PHASE_FINISHED


def create(player: Player, seats: list[service_pb2.SeatConfig], **options: str) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(
        game="bela", rule_set="speedbela", options=options, seats=seats, join=True
    )
    return player.stub.CreateTable(request, metadata=player.metadata).table


def trump(suit: int) -> actions_pb2.Action:
    announce = bela_pb2.BelaAnnounce(contract=bela_pb2.BELA_CONTRACT_TRUMP, suit=suit)  # type: ignore[arg-type]
    return actions_pb2.Action(bela=bela_pb2.BelaAction(announce=announce))


def declare(kind: int) -> actions_pb2.Action:
    return actions_pb2.Action(
        bela=bela_pb2.BelaAction(declare=bela_pb2.BelaDeclare(kind=kind))  # type: ignore[arg-type]
    )


def allowed(view: table_pb2.TableView, action: actions_pb2.Action) -> bool:
    return any(choice.action == action and choice.allowed for choice in view.choices)


def bela_move(view: table_pb2.TableView) -> actions_pb2.Action:
    """A person's simple move: dalje when allowed, else hearts; then the first playable card."""
    if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
        return CONTINUE
    if view.phase == table_pb2.TABLE_PHASE_BIDDING:
        return PASS if allowed(view, PASS) else trump(HEARTS)
    return play_card(next(card.card for card in view.hand if card.playable))


def play_to_the_end(players: list[Player], table: str) -> table_pb2.TableView:
    while True:
        for player in players:
            view = player.my_turn(table, timeout=120)
            if view.phase == FINISHED:
                return view
            try:
                player.submit(view, bela_move(view))
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.ABORTED:
                    raise


def card_key(card: Any) -> tuple[int, int]:
    return (card.suit, card.rank)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bela_a_partie_to_501_with_one_person_and_the_computers(
    stack: Stack, redis_client: redis.Redis, seats: int
) -> None:
    anna = stack.player("Anna")
    computers = [NORMAL if seat % 2 else EASY for seat in range(1, seats)]
    created = create(anna, [HUMAN, *computers], target="501")
    assert (
        created.bela.target == 501 and list(created.bela.talon_sizes) == [{4: 2, 3: 4, 2: 6}[seats]] * seats
    )
    final = play_to_the_end([anna], created.name)
    table = stored(redis_client, final.name)
    settled = [event.deal_settled for event in table.events if event.WhichOneof("kind") == "deal_settled"]
    totals = [sum(deal.settlement.scores[seat] for deal in settled) for seat in range(seats)]
    assert [seat.total_score for seat in final.seats] == totals
    assert max(totals) >= 501 or any(deal.settlement.bela.belot_seat >= 0 for deal in settled)
    if seats == 4:
        assert totals[0] == totals[2] and totals[1] == totals[3]
    for deal in settled:
        if deal.settlement.contract_code == "trump":
            assert len(deal.settlement.bela.kup) == {4: 0, 3: 2, 2: 8}[seats]
    (finished,) = [
        event.match_finished for event in table.events if event.WhichOneof("kind") == "match_finished"
    ]
    assert list(finished.totals) == totals
    assert max(totals) == max(totals[seat] for seat in finished.winner_seats)
    kinds = {event.bela.WhichOneof("kind") for event in table.events if event.WhichOneof("kind") == "bela"}
    assert "talon_taken" in kinds


def test_bela_two_people_each_see_only_their_own_cards_and_talon(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, bert = stack.player("Anna"), stack.player("Bert")
    created = create(anna, [HUMAN, EASY, HUMAN, EASY], target="501")
    bert.join(created.name, seat=2)
    seen: dict[int, set[tuple[int, int]]] = {0: set(), 2: set()}
    while True:
        done = False
        for seat, player in ((0, anna), (2, bert)):
            view = player.get(created.name)
            if view.phase == FINISHED or view.deal_number > 1:
                done = True
                break
            if view.phase == table_pb2.TABLE_PHASE_BIDDING:
                # Six cards before the trump choice; the talons lie face down.
                assert len(view.hand) == 6 and list(view.bela.talon_sizes) == [2, 2, 2, 2]
            seen[seat] |= {card_key(card.card) for card in view.hand}
            if view.viewer_seat in view.to_act_seats:
                try:
                    player.submit(view, bela_move(view))
                except grpc.RpcError as error:
                    if error.code() != grpc.StatusCode.ABORTED:
                        raise
        if done:
            break
    table = stored(redis_client, created.name)
    first_deal = table.events[
        : next(
            index for index, event in enumerate(table.events) if event.WhichOneof("kind") == "deal_settled"
        )
    ]
    held: dict[int, set[tuple[int, int]]] = {seat: set() for seat in range(4)}
    for event in first_deal:
        if event.WhichOneof("kind") == "hand_dealt":
            assert len(event.hand_dealt.cards) == 6
            held[event.hand_dealt.seat] |= {card_key(card) for card in event.hand_dealt.cards}
        if event.WhichOneof("kind") == "bela" and event.bela.WhichOneof("kind") == "talon_taken":
            taken = event.bela.talon_taken
            held[taken.seat] |= {card_key(card) for card in taken.cards}
    assert seen[0] == held[0] and seen[2] == held[2]
    for seat, player in ((0, anna), (2, bert)):
        stream = player.stub.WatchTable(
            service_pb2.WatchTableRequest(table=created.name), metadata=player.metadata
        )
        talons = []
        for response in stream:
            event = response.event
            if event.WhichOneof("kind") == "bela" and event.bela.WhichOneof("kind") == "talon_taken":
                talons.append(event.bela.talon_taken.seat)
            if event.WhichOneof("kind") == "deal_settled":
                stream.cancel()
                break
        assert talons == [seat]


def test_bela_jobs_carry_only_their_seats_information(stack: Stack, redis_client: redis.Redis) -> None:
    people = keys.ai_jobs("people")
    audit = f"audit-{uuid.uuid4().hex}"
    redis_client.xgroup_create(people, audit, id="$", mkstream=True)
    try:
        anna = stack.player("Anna")
        created = create(anna, [HUMAN, EASY, NORMAL], target="501")
        while True:
            view = anna.my_turn(created.name)
            if view.deal_number > 2 or view.phase == FINISHED:
                break
            anna.submit(view, bela_move(view))
        entries: Any = redis_client.xreadgroup(audit, "auditor", {people: ">"})
    finally:
        redis_client.xgroup_destroy(people, audit)
    table = stored(redis_client, created.name)
    deals: list[dict[int, set[tuple[int, int]]]] = []
    for event in table.events:
        kind = event.WhichOneof("kind")
        if kind == "deal_started":
            deals.append({seat: set() for seat in range(3)})
        elif kind == "hand_dealt":
            deals[-1][event.hand_dealt.seat] |= {card_key(card) for card in event.hand_dealt.cards}
        elif kind == "bela" and event.bela.WhichOneof("kind") == "talon_taken":
            taken = event.bela.talon_taken
            deals[-1][taken.seat] |= {card_key(card) for card in taken.cards}
    jobs = [ai_job_pb2.AiJob.FromString(fields[b"job"]) for _, messages in entries for _, fields in messages]
    jobs = [job for job in jobs if job.table_id == table.table_id]
    assert len(jobs) > 10
    for job in jobs:
        observation = job.observation
        assert observation.seat == job.seat and observation.WhichOneof("revealed") == "bela"
        dealt = {card_key(card) for card in observation.dealt}
        hands = next(deal for deal in deals if dealt <= deal[job.seat])
        played = {card_key(played.card) for trick in observation.tricks for played in trick.cards}
        played |= {card_key(played.card) for played in observation.current_trick.cards}
        shown = {card_key(card) for seat in observation.shown for card in seat.cards}
        held = {card_key(card) for card in observation.hand}
        assert held <= hands[job.seat] and not held & played
        # Before the trump choice the seat holds its six cards only, not its talon.
        if observation.phase == "trump":
            assert held == dealt and len(held) == 6
        visible = held | played | shown
        for seat, cards in hands.items():
            if seat != job.seat:
                assert not (cards - played - shown) & visible
        # The Kup is nobody's: no job ever holds a card dealt to no seat.
        every_seat = set().union(*hands.values())
        assert held <= every_seat


def test_bela_refusals_say_why_and_change_nothing(stack: Stack) -> None:
    anna, bert = stack.player("Anna"), stack.player("Bert")
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: create(anna, [HUMAN, HUMAN], target="600"))
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: create(anna, [HUMAN] + [EASY] * 4))
    created = create(anna, [HUMAN, HUMAN], target="501", zvanja_selbst="true")
    bert.join(created.name, seat=1)
    people = {0: anna, 1: bert}
    view = anna.wait(created.name, lambda view: view.phase == table_pb2.TABLE_PHASE_BIDDING)
    first = people[view.to_act_seats[0]]
    dealer = people[1 - view.to_act_seats[0]]

    def unchanged(player: Player, action: actions_pb2.Action, code: grpc.StatusCode) -> str:
        before = player.get(created.name)
        details = expect_status(code, lambda: player.submit(before, action))
        assert player.get(created.name).version == before.version
        return details

    unchanged(first, trump(0), grpc.StatusCode.INVALID_ARGUMENT)
    first.submit(first.get(created.name), PASS)
    assert "mus" in unchanged(dealer, PASS, grpc.StatusCode.FAILED_PRECONDITION)
    dealer.submit(dealer.get(created.name), trump(HEARTS))
    bela = {(HEARTS, cards_pb2.RANK_KING), (HEARTS, cards_pb2.RANK_QUEEN)}
    two = cards_pb2.Card(suit=cards_pb2.SUIT_CLUBS, rank=cards_pb2.RANK_TWO)
    assert "32-card pack" in unchanged(first, play_card(two), grpc.StatusCode.INVALID_ARGUMENT)
    # Through the deal, each refusal as soon as the position for it comes: Bela without
    # King and Queen of trump in hand, a card against the duties, Melden after one's first
    # card.
    checked: set[str] = set()
    started: set[int] = set()
    while checked != {"bela", "duty", "melden"}:
        view = anna.wait(created.name, lambda view: bool(view.to_act_seats))
        assert view.phase == table_pb2.TABLE_PHASE_PLAYING and view.deal_number == 1, checked
        seat = view.to_act_seats[0]
        mover = people[seat]
        hand = mover.get(created.name).hand
        if "bela" not in checked and not bela <= {card_key(card.card) for card in hand}:
            details = unchanged(
                mover, declare(bela_pb2.BELA_DECLARE_KIND_BELA), grpc.StatusCode.FAILED_PRECONDITION
            )
            assert "King and the Queen of trump" in details
            checked.add("bela")
        refused = [card for card in hand if not card.playable]
        if "duty" not in checked and refused:
            for card in refused:
                assert (
                    unchanged(mover, play_card(card.card), grpc.StatusCode.FAILED_PRECONDITION) == card.reason
                )
            checked.add("duty")
        if "melden" not in checked and seat in started:
            details = unchanged(
                mover, declare(bela_pb2.BELA_DECLARE_KIND_ZVANJA), grpc.StatusCode.FAILED_PRECONDITION
            )
            assert "before your first card" in details
            checked.add("melden")
        mover.submit(mover.get(created.name), play_card(next(card.card for card in hand if card.playable)))
        started.add(seat)
