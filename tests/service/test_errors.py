"""Bad input gets a precise gRPC status and changes nothing."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from functools import partial

import grpc
import pytest
import redis

from engine.errors import QUOTED_PREFIX
from engine.registry import GAMES
from speedgamez.v1 import actions_pb2, baska_kop_pb2, cards_pb2, table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import expect_status
from tests.support.client import EASY, HUMAN, PASS, Player, announce, play_card, simple_move
from tests.support.stored import stored


@pytest.fixture
def table(stack: Stack) -> Iterator[tuple[Player, Player, str]]:
    """Anna at seat 0 and Ben at seat 1, computers at 2 and 3; seat 1 bids first."""
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = anna.create([HUMAN, HUMAN, EASY, EASY], rule_set="kop", deals="8")
    ben.join(created.name)
    yield anna, ben, created.name


def unchanged(client: redis.Redis, name: str) -> Callable[[], None]:
    before = stored(client, name)

    def check() -> None:
        after = stored(client, name)
        assert (after.version, after.state, after.log, len(after.events)) == (
            before.version,
            before.state,
            before.log,
            len(before.events),
        )

    return check


def submit_request(view: table_pb2.TableView, action: actions_pb2.Action) -> service_pb2.SubmitActionRequest:
    return service_pb2.SubmitActionRequest(
        table=view.name, table_version=view.version, request_id=uuid.uuid4().hex, action=action
    )


def test_wrong_turn_is_failed_precondition(
    table: tuple[Player, Player, str], redis_client: redis.Redis
) -> None:
    anna, _, name = table
    view = anna.get(name)
    assert list(view.to_act_seats) == [1]
    check = unchanged(redis_client, name)
    details = expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: anna.submit(view, PASS))
    assert "not your turn" in details
    check()


def test_illegal_card_and_illegal_announcement_are_failed_precondition(
    table: tuple[Player, Player, str], redis_client: redis.Redis
) -> None:
    _, ben, name = table
    view = ben.get(name)
    check = unchanged(redis_client, name)
    card = view.hand[0].card
    details = expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: ben.submit(view, play_card(card)))
    assert "bidding" in details
    kop = announce(baska_kop_pb2.BASKA_KOP_CONTRACT_KOP)
    held = {(card.card.suit, card.card.rank) for card in view.hand}
    kop_cards = {
        (cards_pb2.SUIT_HEARTS, cards_pb2.RANK_ACE),
        (cards_pb2.SUIT_CLUBS, cards_pb2.RANK_TEN),
        (cards_pb2.SUIT_SPADES, cards_pb2.RANK_TEN),
        (cards_pb2.SUIT_HEARTS, cards_pb2.RANK_TEN),
    }
    if not kop_cards <= held:
        details = expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: ben.submit(view, kop))
        assert "Kop" in details
    check()


def test_card_against_the_trick_rules_is_failed_precondition_with_the_reason(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna = stack.player("Anna")
    view = anna.create([HUMAN, EASY, EASY, EASY], rule_set="baska", deals="8")
    checked = 0
    while checked < 3 and view.phase != table_pb2.TABLE_PHASE_FINISHED:
        view = anna.my_turn(view.name)
        unplayable = [card for card in view.hand if not card.playable]
        if view.phase == table_pb2.TABLE_PHASE_PLAYING and unplayable:
            check = unchanged(redis_client, view.name)
            details = expect_status(
                grpc.StatusCode.FAILED_PRECONDITION, partial(anna.submit, view, play_card(unplayable[0].card))
            )
            assert details == unplayable[0].reason
            assert details.startswith(("you must follow", "you cannot follow", "you must beat"))
            check()
            held = {(card.card.suit, card.card.rank) for card in view.hand}
            missing = next(
                cards_pb2.Card(suit=suit, rank=rank)
                for suit in (cards_pb2.SUIT_CLUBS, cards_pb2.SUIT_SPADES, cards_pb2.SUIT_HEARTS)
                for rank in (cards_pb2.RANK_ACE, cards_pb2.RANK_TEN, cards_pb2.RANK_QUEEN)
                if (suit, rank) not in held
            )
            details = expect_status(
                grpc.StatusCode.FAILED_PRECONDITION, partial(anna.submit, view, play_card(missing))
            )
            assert "do not hold" in details
            check()
            checked += 1
        if view.phase != table_pb2.TABLE_PHASE_FINISHED:
            view = anna.submit(view, simple_move(view))
    assert checked > 0, "no deal gave the human a card it could not play"


def test_bad_or_missing_token_is_unauthenticated(
    table: tuple[Player, Player, str], redis_client: redis.Redis
) -> None:
    anna, _, name = table
    view = anna.get(name)
    check = unchanged(redis_client, name)
    requests: list[tuple[Callable[..., object], object]] = [
        (anna.stub.SubmitAction, submit_request(view, PASS)),
        (anna.stub.GetTable, service_pb2.GetTableRequest(table=name)),
    ]
    for metadata in ([("authorization", "Bearer not-a-token")], [], [("authorization", "Basic abc")]):
        for method, request in requests:
            expect_status(grpc.StatusCode.UNAUTHENTICATED, partial(method, request, metadata=metadata))
    check()


def test_unknown_table_is_not_found(stack: Stack) -> None:
    anna = stack.player("Anna")
    details = expect_status(grpc.StatusCode.NOT_FOUND, lambda: anna.get("tables/doesnotexist"))
    assert "tables/doesnotexist" in details
    fake = table_pb2.TableView(name="tables/doesnotexist", version=1)
    expect_status(grpc.StatusCode.NOT_FOUND, lambda: anna.submit(fake, PASS))
    expect_status(grpc.StatusCode.NOT_FOUND, lambda: anna.join("tables/doesnotexist"))


def test_malformed_requests_are_invalid_argument(
    table: tuple[Player, Player, str], redis_client: redis.Redis
) -> None:
    _, ben, name = table
    view = ben.get(name)
    check = unchanged(redis_client, name)
    submit = ben.stub.SubmitAction
    metadata = ben.metadata
    malformed = [
        service_pb2.SubmitActionRequest(table=name, table_version=view.version, request_id="r1"),
        service_pb2.SubmitActionRequest(
            table="nonsense", table_version=view.version, request_id="r2", action=PASS
        ),
        service_pb2.SubmitActionRequest(table=name, table_version=view.version, request_id="", action=PASS),
        service_pb2.SubmitActionRequest(table=name, table_version=0, request_id="r3", action=PASS),
        submit_request(view, play_card(cards_pb2.Card(suit=cards_pb2.SUIT_CLUBS))),
        submit_request(view, play_card(cards_pb2.Card(suit=cards_pb2.SUIT_CLUBS, rank=cards_pb2.RANK_TWO))),
        submit_request(view, announce(baska_kop_pb2.BASKA_KOP_CONTRACT_UNSPECIFIED)),
        submit_request(view, actions_pb2.Action(baska_kop=baska_kop_pb2.BaskaKopAction())),
        submit_request(
            view,
            announce(baska_kop_pb2.BASKA_KOP_CONTRACT_GRAN),
        ),
    ]
    for request in malformed:
        expect_status(grpc.StatusCode.INVALID_ARGUMENT, partial(submit, request, metadata=metadata))
    create = service_pb2.CreateTableRequest(game="baska_kop", rule_set="kop", seats=[HUMAN, EASY, EASY])
    details = expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, lambda: ben.stub.CreateTable(create, metadata=metadata)
    )
    assert "Baśka and Kop is played by 4 players, not 3" in details
    create = service_pb2.CreateTableRequest(
        game="baska_kop", rule_set="baska", options={"liga_values": "true"}, seats=[HUMAN, EASY, EASY, EASY]
    )
    details = expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, lambda: ben.stub.CreateTable(create, metadata=metadata)
    )
    assert "liga_values" in details
    odd_level = service_pb2.SeatConfig(kind=table_pb2.SEAT_KIND_COMPUTER, level=99)  # type: ignore[arg-type]
    create = service_pb2.CreateTableRequest(
        game="baska_kop", rule_set="kop", seats=[HUMAN, EASY, EASY, odd_level]
    )
    details = expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, lambda: ben.stub.CreateTable(create, metadata=metadata)
    )
    assert "level" in details
    create = service_pb2.CreateTableRequest(game="skat", rule_set="x", seats=[HUMAN])
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: ben.stub.CreateTable(create, metadata=metadata))
    check()


def test_a_zolo_announced_with_a_suit_is_invalid_argument_and_changes_nothing(
    table: tuple[Player, Player, str], redis_client: redis.Redis
) -> None:
    """Seed 000, "Die Ansage-Runde": no announcement names a suit. The contract's Baśka/Kop
    announcement has no field for one; a client that sends one where Bela's and
    Schafkopf's announcements carry theirs (field 2) is refused, not taken for a Zolo."""
    _, ben, name = table
    view = ben.get(name)
    assert list(view.to_act_seats) == [1]
    check = unchanged(redis_client, name)
    zolo = baska_kop_pb2.BaskaKopAnnounce(contract=baska_kop_pb2.BASKA_KOP_CONTRACT_ZOLO)
    suit = bytes([2 << 3, cards_pb2.SUIT_HEARTS])  # field 2, a varint
    with_suit = baska_kop_pb2.BaskaKopAnnounce.FromString(zolo.SerializeToString() + suit)
    action = actions_pb2.Action(baska_kop=baska_kop_pb2.BaskaKopAction(announce=with_suit))
    details = expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: ben.submit(view, action))
    assert details.startswith("action.baska_kop.announce has field 2, which speedgamez.v1.BaskaKopAnnounce")
    check()
    # Without the suit the same Zolo is announced.
    after = ben.submit(view, actions_pb2.Action(baska_kop=baska_kop_pb2.BaskaKopAction(announce=zolo)))
    assert after.version == view.version + 1


def test_stale_table_version_is_aborted(table: tuple[Player, Player, str], redis_client: redis.Redis) -> None:
    _, ben, name = table
    view = ben.get(name)
    stale = table_pb2.TableView()
    stale.CopyFrom(view)
    stale.version = view.version - 1
    check = unchanged(redis_client, name)
    details = expect_status(grpc.StatusCode.ABORTED, lambda: ben.submit(stale, PASS))
    assert "version" in details
    check()


def test_acting_at_a_table_without_a_seat_is_permission_denied(
    table: tuple[Player, Player, str], stack: Stack, redis_client: redis.Redis
) -> None:
    _, _, name = table
    carl = stack.player("Carl")
    view = carl.get(name)
    assert not view.HasField("viewer_seat") and not view.hand
    check = unchanged(redis_client, name)
    expect_status(grpc.StatusCode.PERMISSION_DENIED, lambda: carl.submit(view, PASS))
    expect_status(
        grpc.StatusCode.PERMISSION_DENIED,
        lambda: carl.stub.LeaveTable(service_pb2.LeaveTableRequest(table=name), metadata=carl.metadata),
    )
    details = expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: carl.join(name))
    assert "no open seat" in details or "started" in details
    check()


def test_a_stranger_is_permission_denied_before_his_version_or_request_is_looked_at(
    table: tuple[Player, Player, str], stack: Stack, redis_client: redis.Redis
) -> None:
    """Authentication, then authorisation, then the request, then the version: someone
    without a seat hears only that, whatever version he names or however his request is
    made."""
    _, _, name = table
    carl = stack.player("Carl")
    view = carl.get(name)
    check = unchanged(redis_client, name)
    stale = submit_request(view, PASS)
    stale.table_version = view.version - 1
    malformed = submit_request(view, play_card(cards_pb2.Card(suit=cards_pb2.SUIT_CLUBS)))
    malformed.request_id = ""
    for request in (stale, malformed):
        details = expect_status(
            grpc.StatusCode.PERMISSION_DENIED,
            partial(carl.stub.SubmitAction, request, metadata=carl.metadata),
        )
        assert details == f"you have no seat at {name}"
    check()


def test_an_action_the_game_does_not_have_is_invalid_argument_at_any_version(
    table: tuple[Player, Player, str], redis_client: redis.Redis
) -> None:
    """Retrying it at the current version could never succeed: it is not answered ABORTED."""
    _, ben, name = table
    view = ben.get(name)
    check = unchanged(redis_client, name)
    request = submit_request(view, announce(baska_kop_pb2.BASKA_KOP_CONTRACT_GRAN))
    request.table_version = view.version - 1
    details = expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, partial(ben.stub.SubmitAction, request, metadata=ben.metadata)
    )
    assert "kop has no announcement 'announce gran'" in details
    check()


def test_options_out_of_range_and_a_seat_that_is_not_human_are_invalid_argument(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna = stack.player("Anna")
    tables_before = len(list(redis_client.scan_iter("sg:table:*:events")))
    requests = [
        service_pb2.CreateTableRequest(
            game="baska_kop",
            rule_set="kop",
            options={"value_zolo": "100000"},
            seats=[HUMAN, EASY, EASY, EASY],
        ),
        service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", options={"deals": "\\u00b2"}, seats=[HUMAN, EASY, EASY, EASY]
        ),
        service_pb2.CreateTableRequest(
            game="baska_kop", rule_set="kop", seats=[HUMAN, EASY, EASY, EASY], join=True, seat=2
        ),
    ]
    for request in requests:
        expect_status(
            grpc.StatusCode.INVALID_ARGUMENT, partial(anna.stub.CreateTable, request, metadata=anna.metadata)
        )
    listing = service_pb2.ListTablesRequest(page_token="\\u00b2")
    expect_status(
        grpc.StatusCode.INVALID_ARGUMENT, partial(anna.stub.ListTables, listing, metadata=anna.metadata)
    )
    assert len(list(redis_client.scan_iter("sg:table:*:events"))) == tables_before


# Values no whole-number option takes: thousands of digits (beyond the 4300 Python reads
# as a number at all), a number just past any range, a superscript and another
# script's digits, which ``str.isdigit`` takes.
NOT_WHOLE_NUMBERS = ("9" * 5000, "1" + "0" * 4400, "-" + "9" * 5000, "1234567890", "\u00b2", "\u0661\u0662")


def test_every_whole_number_option_of_every_game_refuses_a_value_it_cannot_take_quoting_a_prefix(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna = stack.player("Anna")
    tables_before = len(list(redis_client.scan_iter("sg:table:*:events")))
    checked = []
    for game in GAMES.values():
        for rule_set in game.game_type.rule_sets:
            for option in rule_set.options:
                if option.values:
                    continue
                for value in NOT_WHOLE_NUMBERS:
                    request = service_pb2.CreateTableRequest(
                        game=game.game_type.id,
                        rule_set=rule_set.id,
                        options={option.key: value},
                        seats=[HUMAN, EASY, EASY, EASY],
                    )
                    details = expect_status(
                        grpc.StatusCode.INVALID_ARGUMENT,
                        partial(anna.stub.CreateTable, request, metadata=anna.metadata),
                    )
                    assert option.key in details
                    # The reply repeats a short prefix of what was sent, never all of it.
                    if len(value) > QUOTED_PREFIX:
                        assert value[: QUOTED_PREFIX + 1] not in details
                    assert len(details) < 200
                checked.append(f"{game.game_type.id}/{option.key}")
    assert {"schafkopf/deals", "schafkopf/tariff_solo", "speculation/chips", "baska_kop/value_zolo"} <= set(
        checked
    )
    assert len(list(redis_client.scan_iter("sg:table:*:events"))) == tables_before
