"""Schafkopf through the real service: whole matches with real workers at four seats
(long pack) and three and two (short pack), replayed with every seat's whole deal; the
Hochzeit's card seen only by the two who exchanged it, and refusals that change
nothing."""

from __future__ import annotations

import grpc
import pytest
import redis

from engine.record import read_record, replay
from engine.registry import get_game
from speedgamez.v1 import actions_pb2, cards_pb2, schafkopf_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import CONTINUE, EASY, HUMAN, NORMAL, PASS, Player, play_card
from tests.support.stored import stored

FINISHED = table_pb2.TABLE_PHASE_FINISHED
HOCHZEIT = schafkopf_pb2.SCHAFKOPF_CONTRACT_KIND_HOCHZEIT


def create(player: Player, seats: list[service_pb2.SeatConfig], **options: str) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(
        game="schafkopf", rule_set="club", options=options, seats=seats, join=True
    )
    return player.stub.CreateTable(request, metadata=player.metadata).table


def announce(contract: int, suit: int = 0) -> actions_pb2.Action:
    message = schafkopf_pb2.SchafkopfAnnounce(contract=contract, suit=suit)  # type: ignore[arg-type]
    return actions_pb2.Action(schafkopf=schafkopf_pb2.SchafkopfAction(announce=message))


def allowed(view: table_pb2.TableView, action: actions_pb2.Action) -> bool:
    return any(choice.action == action and choice.allowed for choice in view.choices)


def simple_move(view: table_pb2.TableView) -> actions_pb2.Action:
    """Continue, announce a Hochzeit when allowed, take one with the first card allowed,
    else pass, else the first playable card."""
    if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT:
        return CONTINUE
    if allowed(view, announce(HOCHZEIT)):
        return announce(HOCHZEIT)
    gives = [
        choice.action
        for choice in view.choices
        if choice.allowed and choice.action.schafkopf.WhichOneof("kind") == "give_card"
    ]
    if gives:
        return gives[0]
    if allowed(view, PASS):
        return PASS
    return play_card(next(card.card for card in view.hand if card.playable))


def submit(player: Player, view: table_pb2.TableView) -> None:
    try:
        player.submit(view, simple_move(view))
    except grpc.RpcError as error:
        if error.code() != grpc.StatusCode.ABORTED:  # someone else moved meanwhile
            raise


def play_alone(player: Player, table: str) -> table_pb2.TableView:
    while True:
        view = player.my_turn(table, timeout=120)
        if view.phase == FINISHED:
            return view
        submit(player, view)


@pytest.mark.parametrize(("seats", "options"), [(4, {"deals": "8"}), (3, {"pack": "short", "deals": "4"}),
                                                 (2, {"pack": "short", "deals": "4"})])  # fmt: skip
def test_schafkopf_a_match_with_one_person_and_the_computers(
    stack: Stack, redis_client: redis.Redis, seats: int, options: dict[str, str]
) -> None:
    anna = stack.player("Anna")
    computers = [NORMAL if seat % 2 else EASY for seat in range(1, seats)]
    created = create(anna, [HUMAN, *computers], **options)
    assert created.schafkopf.stock == 0
    final = play_alone(anna, created.name)
    table = stored(redis_client, final.name)
    settled = [event.deal_settled for event in table.events if event.WhichOneof("kind") == "deal_settled"]
    assert len(settled) == int(options["deals"])
    totals = [sum(deal.settlement.scores[seat] for deal in settled) for seat in range(seats)]
    assert [seat.total_score for seat in final.seats] == totals
    stock = sum(deal.settlement.schafkopf.stock_change for deal in settled)
    assert sum(totals) + stock == 0
    for deal in settled:
        assert len(deal.settlement.hands) == seats
        if deal.settlement.contract_code:
            assert sum(deal.settlement.card_points) in (0, 120)
    # The replay shows every seat's whole deal (both halves; with two players the cards
    # that lay face down too), and its record replays with the engine alone.
    replayed = anna.stub.GetReplay(service_pb2.GetReplayRequest(table=final.name), metadata=anna.metadata)
    per_hand = {4: 8, 3: 8, 2: 12}[seats]
    for deal in replayed.deals:
        assert [hand.seat for hand in deal.hands] == list(range(seats))
        cards = [(card.suit, card.rank) for hand in deal.hands for card in hand.cards]
        assert [len(hand.cards) for hand in deal.hands] == [per_hand] * seats
        assert len(set(cards)) == len(cards)
    game = get_game("schafkopf")
    results = replay(read_record(replayed.record, game), game)
    assert [result.scores for result in results] == [tuple(deal.settlement.scores) for deal in settled]


def test_schafkopf_the_card_given_for_a_hochzeit_is_seen_only_by_the_two(
    stack: Stack, redis_client: redis.Redis
) -> None:
    people = [stack.player(name) for name in ("Anna", "Bert", "Cilli", "Done")]
    created = create(people[0], [HUMAN] * 4, pack="short", hochzeit="true", deals="64")
    for seat, person in enumerate(people[1:], start=1):
        person.join(created.name, seat=seat)
    given: schafkopf_pb2.SchafkopfCardGiven | None = None
    while given is None:
        for person in people:
            view = person.get(created.name)
            assert view.phase != FINISHED, "64 deals without a Hochzeit"
            if view.viewer_seat in view.to_act_seats:
                submit(person, view)
        events = stored(redis_client, created.name).stored_events
        given = next(
            (
                item.event.schafkopf.card_given
                for item in events
                if item.event.WhichOneof("kind") == "schafkopf"
                and item.event.schafkopf.WhichOneof("kind") == "card_given"
            ),
            None,
        )
    card = (given.card.suit, given.card.rank)
    for seat, person in enumerate(people):
        stream = person.stub.WatchTable(
            service_pb2.WatchTableRequest(table=created.name), metadata=person.metadata
        )
        seen_given, told_take = False, False
        for response in stream:
            event = response.event
            kind = event.WhichOneof("kind")
            if kind == "schafkopf" and event.schafkopf.WhichOneof("kind") == "card_given":
                seen_given = True
            if (
                kind == "action_taken"
                and event.action_taken.action.schafkopf.WhichOneof("kind") == "give_card"
            ):
                told = event.action_taken.action.schafkopf.give_card
                told_take = True
                assert not told.HasField("card") and "geben" not in event.action_taken.label
            if response.event.sequence >= stream_end(redis_client, created.name):
                stream.cancel()
                break
        assert told_take
        assert seen_given == (seat in (given.seat, given.to))
        view = person.get(created.name)
        in_history = [
            (entry.action.schafkopf.give_card.card.suit, entry.action.schafkopf.give_card.card.rank)
            for entry in view.calls
            if entry.action.schafkopf.give_card.HasField("card")
        ]
        assert (card in in_history) == (seat in (given.seat, given.to))


def stream_end(client: redis.Redis, table: str) -> int:
    return max(item.event.sequence for item in stored(client, table).stored_events)


def test_schafkopf_refusals_change_nothing(stack: Stack) -> None:
    anna = stack.player("Anna")
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: create(anna, [HUMAN, EASY, EASY], pack="long"))
    expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, lambda: create(anna, [HUMAN, EASY, EASY, EASY], tariff_solo="-5")
    )
    created = create(anna, [HUMAN, EASY, EASY, EASY], aufstellen="false")
    view = anna.my_turn(created.name)
    while view.deal_phase != "spielansage":
        submit(anna, view)
        view = anna.my_turn(created.name)
    herz = announce(schafkopf_pb2.SCHAFKOPF_CONTRACT_KIND_RUFSPIEL, cards_pb2.SUIT_HEARTS)
    message = expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: anna.submit(view, herz))
    assert "Herz" in message
    assert anna.get(created.name).version == view.version
