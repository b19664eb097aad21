"""A game registered only in the tests plays whole matches through the real service.

Pot (``tests/engine/pot_game.py``) carries a pot from deal to deal, throws deals in, has
deals over as soon as they are dealt, and lets every seat add a chip at any time of a
trick, an order-free move nobody waits for. It runs here in a real server process and
two real AI worker processes (``tests.support.pot_game_service``), with nothing of it in
``server/`` or ``client/``: the service draws it from the common messages alone.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import grpc
import pytest

from speedgamez.v1 import actions_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support import pot_game_service
from tests.support.checks import expect_status
from tests.support.client import CONTINUE, EASY, HUMAN, Player, play_card
from tools.processes import RedisCluster, RedisServer, running

ADD_A_CHIP = actions_pb2.Action(give_double=actions_pb2.DoubleAction())
DEALS = "3"


@pytest.fixture(scope="module")
def pot_stack(redis_server: RedisServer | RedisCluster) -> Iterator[Stack]:
    servers = [pot_game_service.server(redis_server)]
    workers = [pot_game_service.worker(redis_server) for _ in range(2)]
    with running(*servers, *workers):
        stack = Stack(redis_server, servers, workers)
        yield stack
        for player in stack.players:
            player.close()


def _create(player: Player, seats: list[service_pb2.SeatConfig], join: bool) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(
        game="pot", rule_set="plain", options={"deals": DEALS}, seats=seats, join=join
    )
    return player.stub.CreateTable(request, metadata=player.metadata).table


def _match_finished(event: table_pb2.TableEvent) -> bool:
    return event.WhichOneof("kind") == "match_finished"


def _events(
    player: Player, name: str, last: Callable[[table_pb2.TableEvent], bool] = _match_finished
) -> list[table_pb2.TableEvent]:
    """A table's events from the first up to ``last`` (by default the end of its match)."""
    stream = player.stub.WatchTable(service_pb2.WatchTableRequest(table=name), metadata=player.metadata)
    events = []
    for response in stream:
        if response.WhichOneof("kind") == "event":
            events.append(response.event)
            if last(response.event):
                stream.cancel()
                break
    return events


def test_the_test_game_is_listed_with_its_declaration(pot_stack: Stack) -> None:
    listing = pot_stack.player("Lister").stub.ListGames(service_pb2.ListGamesRequest())
    (pot,) = [game for game in listing.games if game.id == "pot"]
    assert list(pot.seat_counts) == [2, 3, 4, 5]
    assert pot.utility == service_pb2.GAME_UTILITY_GENERAL_SUM
    assert [option.key for option in pot.rule_sets[0].options] == ["deals"]
    assert pot.rule_sets[0].title == "Plain pot"
    assert not pot.rule_sets[0].HasField("baska_kop")


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_computers_play_whole_matches_of_the_test_game(pot_stack: Stack, seats: int) -> None:
    """Every deal is settled, thrown-in deals do not count, and the totals are the sums of
    the deals' scores; the computers make and skip the move nobody waits for."""
    anna = pot_stack.player("Anna")
    created = _create(anna, [EASY] * seats, join=False)
    events = _events(anna, created.name)
    settled = [event.deal_settled for event in events if event.WhichOneof("kind") == "deal_settled"]
    counted = [deal for deal in settled if deal.settlement.contract_code != "thrown_in"]
    assert len(counted) == int(DEALS)
    totals = [sum(deal.settlement.scores[seat] for deal in settled) for seat in range(seats)]
    (finished,) = [event.match_finished for event in events if event.WhichOneof("kind") == "match_finished"]
    assert list(finished.totals) == totals == list(settled[-1].totals)
    best = max(totals)
    assert list(finished.winner_seats) == [seat for seat in range(seats) if totals[seat] == best]
    for deal in settled:
        steps = deal.settlement.steps
        assert steps[0].operation == table_pb2.SETTLEMENT_OPERATION_BASE
        per_seat = [
            sum(step.amount for step in steps if seat in step.seats and not step.struck)
            for seat in range(seats)
        ]
        assert per_seat == list(deal.settlement.scores), deal
    final = anna.get(created.name)
    assert final.phase == table_pb2.TABLE_PHASE_FINISHED
    assert [counter.code for counter in final.counters] == ["pot"]
    assert not final.HasField("contract") and final.WhichOneof("game_view") is None


def test_computers_add_chips_or_let_the_chance_go(pot_stack: Stack) -> None:
    """Over several matches the computers both make the optional move and skip it."""
    anna = pot_stack.player("Anna")
    added = 0
    plays = 0
    for _ in range(4):
        created = _create(anna, [EASY] * 4, join=False)
        for event in _events(anna, created.name):
            if event.WhichOneof("kind") == "action_taken":
                taken = event.action_taken
                added += taken.action.HasField("give_double")
                plays += taken.action.HasField("play_card")
                assert taken.by_computer
    # Four seats, at least three deals a match: a seat without an ace or king (most
    # seats) lets every chance go, so fewer chips are added than there are seat-deals.
    assert 0 < added < plays


def _playing_with_a_chance(player: Player, name: str) -> table_pb2.TableView:
    """The table once the player may add a chip (continuing past settlements)."""
    while True:
        view = player.wait(
            name,
            lambda view: view.viewer_seat in view.may_act_seats or view.viewer_seat in view.to_act_seats,
        )
        if view.viewer_seat in view.may_act_seats:
            return view
        player.submit(view, CONTINUE if view.phase == table_pb2.TABLE_PHASE_SETTLEMENT else _lowest(view))


def _lowest(view: table_pb2.TableView) -> actions_pb2.Action:
    playable = [card.card for card in view.hand if card.playable]
    return play_card(min(playable, key=lambda card: card.rank))


def test_an_order_free_move_applies_at_a_stale_version_once_per_request_id(pot_stack: Stack) -> None:
    anna = pot_stack.player("Anna")
    created = _create(anna, [HUMAN, EASY, EASY], join=True)
    view = _playing_with_a_chance(anna, created.name)
    (chance,) = [choice for choice in view.choices if choice.action == ADD_A_CHIP]
    assert chance.allowed and chance.label == "Add a chip to the pot"
    stale = service_pb2.SubmitActionRequest(
        table=created.name, table_version=1, request_id=uuid.uuid4().hex, action=ADD_A_CHIP
    )
    after = anna.stub.SubmitAction(stale, metadata=anna.metadata).table
    again = anna.stub.SubmitAction(stale, metadata=anna.metadata).table
    assert again.version >= after.version
    newest = anna.get(created.name).last_event_sequence
    mine = [
        event
        for event in _events(anna, created.name, lambda event: event.sequence >= newest)
        if event.WhichOneof("kind") == "action_taken"
        and event.action_taken.seat == 0
        and event.action_taken.action.HasField("give_double")
    ]
    assert len(mine) == 1, "the retry of an applied move is answered, not applied again"
    # The next deal waits for Anna's continue, so this is still the deal she added to.
    assert 0 not in anna.get(created.name).may_act_seats
    # A move that depends on the order of play is refused at a stale version.
    late = service_pb2.SubmitActionRequest(
        table=created.name, table_version=1, request_id=uuid.uuid4().hex, action=play_card(view.hand[0].card)
    )
    expect_status(grpc.StatusCode.ABORTED, lambda: anna.stub.SubmitAction(late, metadata=anna.metadata))
