"""Stakes across server and worker processes (seed 002 "Einsatz"): every person pays the
stake into the pot on sitting down, the pot goes to the best-placed person, a balance
never goes below zero (a person who cannot pay cannot sit down), and the ledger accounts
for every chip, also with tables joined at once and stakes a stopped server left."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis

from server import keys
from server.settings import Settings
from server.store import Store, connect, now_ms
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.service.conftest import Stack
from tests.support.checks import eventually, expect_status
from tests.support.client import EASY, HUMAN, Player, simple_move
from tests.support.stored import stored
from tools.processes import RedisCluster, RedisServer, running, server_address, server_process, worker_process

START = 1000


def _create(player: Player, stake: int, humans: int = 2, join: bool = True) -> table_pb2.TableView:
    request = service_pb2.CreateTableRequest(
        game="baska_kop",
        rule_set="kop",
        seats=[HUMAN] * humans + [EASY] * (4 - humans),
        join=join,
        stake=stake,
    )
    return player.stub.CreateTable(request, metadata=player.metadata).table


def _balance(player: Player) -> int:
    return player.stub.GetPlayer(service_pb2.GetPlayerRequest(), metadata=player.metadata).balance


def _ledger(client: redis.Redis) -> Counter[str]:
    """Every account's chips, from the ledger alone."""
    accounts: Counter[str] = Counter()
    entries: Any = client.xrange(keys.BANK_LEDGER)
    for _, fields in entries:
        amount = int(fields[b"amount"])
        accounts[fields[b"from"].decode()] -= amount
        accounts[fields[b"to"].decode()] += amount
    return accounts


def _check_books(client: redis.Redis, players: list[Player]) -> None:
    """Every balance is what the ledger says and never below zero; pots hold the rest."""
    accounts = _ledger(client)
    assert sum(accounts.values()) == 0
    for player in players:
        balance = _balance(player)
        assert balance >= 0
        assert balance == accounts.get(player.player_id, START)
    pots = {account: chips for account, chips in accounts.items() if account.startswith("pot:")}
    for account, chips in pots.items():
        held: Any = client.hgetall(keys.bank_pot(account.removeprefix("pot:")))
        assert chips == sum(int(value.split(b":")[0]) for value in held.values())


def _play_together(players: list[Player], name: str) -> table_pb2.TableView:
    """The people take turns with simple moves until the match is over."""
    while True:
        view = players[0].get(name)
        if view.phase == table_pb2.TABLE_PHASE_FINISHED:
            return view
        for player in players:
            own = player.get(name)
            if own.viewer_seat in own.to_act_seats:
                try:
                    player.submit(own, simple_move(own))
                except grpc.RpcError as error:
                    if error.code() not in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION):
                        raise
        time.sleep(0.01)


def test_einsatz_the_pot_goes_to_the_best_placed_person(stack: Stack, redis_client: redis.Redis) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = _create(anna, stake=100)
    assert created.stake == 100 and _balance(anna) == START - 100
    ben.join(created.name)
    assert _balance(ben) == START - 100
    final = _play_together([anna, ben], created.name)
    totals = {seat.seat: seat.total_score for seat in final.seats}
    best = max(totals[0], totals[1])
    winners = [player for seat, player in ((0, anna), (1, ben)) if totals[seat] == best]

    def paid_out() -> bool:
        return not redis_client.exists(keys.bank_pot(created.name.removeprefix("tables/")))

    eventually(paid_out, what="the pot paid out")
    for player in (anna, ben):
        share = 200 // len(winners) if player in winners else 0
        assert _balance(player) == START - 100 + share
    _check_books(redis_client, [anna, ben])


def test_einsatz_a_person_who_cannot_pay_cannot_sit_down_and_nothing_changes(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    message = expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: _create(anna, stake=START + 1))
    assert f"your balance is {START} chips, below the table's stake of {START + 1}" in message
    assert not anna.stub.ListTables(service_pb2.ListTablesRequest(mine=True), metadata=anna.metadata).tables
    _create(anna, stake=600)
    other = _create(ben, stake=600)
    expect_status(grpc.StatusCode.FAILED_PRECONDITION, lambda: anna.join(other.name))
    assert [seat.open for seat in ben.get(other.name).seats][:2] == [False, True]
    assert _balance(anna) == START - 600
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: _create(anna, stake=-5))
    expect_status(grpc.StatusCode.INVALID_ARGUMENT, lambda: _create(anna, stake=10_001))
    _check_books(redis_client, [anna, ben])


def test_einsatz_leaving_before_the_start_gives_the_stake_back(
    stack: Stack, redis_client: redis.Redis
) -> None:
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = _create(anna, stake=250, humans=3)
    ben.join(created.name)
    assert _balance(ben) == START - 250
    ben.stub.LeaveTable(service_pb2.LeaveTableRequest(table=created.name), metadata=ben.metadata)
    assert _balance(ben) == START
    anna.stub.LeaveTable(service_pb2.LeaveTableRequest(table=created.name), metadata=anna.metadata)
    assert _balance(anna) == START
    _check_books(redis_client, [anna, ben])


def test_einsatz_a_leave_sent_again_after_the_leaver_sat_down_again_keeps_his_stake(
    stack: Stack, redis_client: redis.Redis
) -> None:
    """Ben's leave took long on the way; his client sent it again, was answered, and he sat
    down again (paying the stake again). The first leave, arriving last, is the same
    request: it changes nothing, and gives back no stake of a seated person."""
    anna, ben = stack.player("Anna"), stack.player("Ben")
    created = _create(anna, stake=250, humans=3)
    ben.join(created.name)
    leave = service_pb2.LeaveTableRequest(table=created.name, request_id="leave-1")
    ben.stub.LeaveTable(leave, metadata=ben.metadata)
    assert _balance(ben) == START
    ben.join(created.name)
    assert _balance(ben) == START - 250
    ben.stub.LeaveTable(leave, metadata=ben.metadata)
    assert ben.get(created.name).viewer_seat == 1
    assert _balance(ben) == START - 250
    counted = redis_client.smembers(keys.player_unfinished(ben.player_id))
    assert created.name.removeprefix("tables/").encode() in counted
    _check_books(redis_client, [anna, ben])


@pytest.fixture
def quick_stack(clean_redis: RedisServer | RedisCluster) -> Iterator[tuple[str, RedisServer | RedisCluster]]:
    """A server and a worker that give back stray stakes after 200 ms."""
    settle = {"board_settle_ms": "200", "ai_sweep_ms": "100"}
    server = server_process(clean_redis, **settle)
    with running(server, worker_process(clean_redis, **settle)):
        yield server_address(server), clean_redis


def test_einsatz_the_books_balance_with_tables_joined_at_once_and_a_stake_a_stopped_server_left(
    quick_stack: tuple[str, RedisServer | RedisCluster], redis_client: redis.Redis
) -> None:
    address, store = quick_stack
    anna = Player(address, "Anna")
    others = [Player(address, f"Host {number}") for number in range(4)]
    try:
        tables = [_create(host, stake=300).name for host in others]
        # Anna joins four tables of 300 at once with 1000 chips: three seats at most.
        outcomes: list[bool] = []

        def join(name: str) -> None:
            try:
                anna.join(name)
                outcomes.append(True)
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
                outcomes.append(False)

        threads = [threading.Thread(target=join, args=(name,)) for name in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert outcomes.count(True) == 3 and _balance(anna) == START - 900

        # A server stopped after taking a stake and before seating its payer: the stake
        # lies in a pot without a seat, and a worker gives it back.
        spare = _create(others[0], stake=50, join=False).name.removeprefix("tables/")

        async def stake_without_a_seat() -> None:
            settings = Settings(redis_url=store.url, redis_cluster=store.cluster)
            client = connect(settings)
            try:
                await Store(client, settings).bank.stake(spare, anna.player_id, 50, now_ms())
            finally:
                await client.aclose()

        asyncio.run(stake_without_a_seat())
        eventually(lambda: _balance(anna) == START - 900, what="the stray stake given back")
        _check_books(redis_client, [anna, *others])
    finally:
        for player in (anna, *others):
            player.close()


def test_einsatz_the_books_balance_after_a_server_is_killed_amid_joins(
    clean_redis: RedisServer | RedisCluster, redis_client: redis.Redis
) -> None:
    """kill -9 of the server while guests take seats at tables with a stake: once a new
    server and the worker have settled, every stake in a pot belongs to a seated player,
    every balance is what the ledger says, and none is below zero."""
    settle = {"board_settle_ms": "200", "ai_sweep_ms": "100"}
    first = server_process(clean_redis, **settle)
    with running(worker_process(clean_redis, **settle), first):
        address = server_address(first)
        hosts = [Player(address, f"Host {number}") for number in range(4)]
        guests = [Player(address, f"Guest {number}") for number in range(6)]
        tables = [_create(host, stake=300, humans=4).name for host in hosts]

        def take_seats(guest: Player) -> None:
            for name in tables:
                # Refused for a full table, a short balance, or the server gone.
                with contextlib.suppress(grpc.RpcError):
                    guest.join(name)

        threads = [threading.Thread(target=take_seats, args=(guest,)) for guest in guests]
        for thread in threads:
            thread.start()
        # The hosts' grants and stakes are 8 entries; kill once guests are paying too.
        eventually(lambda: int(redis_client.xlen(keys.BANK_LEDGER)) > 14, what="guests paying stakes")
        first.kill()
        for thread in threads:
            thread.join()
        second = server_process(clean_redis, **settle)
        with running(second):
            people = [player.using(server_address(second)) for player in (*hosts, *guests)]

            def settled() -> bool:
                for name in tables:
                    table = stored(redis_client, name)
                    seated = {seat["player_id"] for seat in table.state["seats"] if seat["player_id"]}
                    held: Any = redis_client.hkeys(keys.bank_pot(table.table_id))
                    if {player.decode() for player in held} - seated:
                        return False
                return True

            eventually(settled, what="the stakes of seats never taken given back")
            _check_books(redis_client, people)
        for player in (*hosts, *guests):
            player.close()
