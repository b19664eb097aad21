"""What a call costs in Redis round trips, counted by the server itself for every unary call
(``speedgamez_redis_round_trips``, ``server.round_trips``) and read here call by call.

A read (GetTable) is one round trip: the address's rate, the token and the table go
together. A move (SubmitAction) is the read, the commit with the notes that must precede
it, and the computers' jobs with the awards after it. On a cluster those notes live on
other nodes, which run a pipeline in no particular order, so they go one round trip ahead
of the commit there. A move that starts or ends the match also updates the lists of open
and active tables and the players' unfinished tables: not counted here.
"""

from __future__ import annotations

import functools
import urllib.request
from collections.abc import Callable
from typing import TypeVar

import grpc
import redis

from speedgamez.v1 import table_pb2
from tests.service.conftest import Stack
from tests.support.client import EASY, HUMAN, simple_move
from tools.processes import RedisCluster, metrics_port

Result = TypeVar("Result")

READ = 1
MOVE_AT_MOST = 3


def round_trips_so_far(stack: Stack, method: str) -> float:
    """The server's total of round trips of ``method`` calls."""
    url = f"http://127.0.0.1:{metrics_port(stack.servers[0])}/metrics"
    with urllib.request.urlopen(url, timeout=10) as response:
        lines = response.read().decode().splitlines()
    prefix = f'speedgamez_redis_round_trips_sum{{method="{method}"}} '
    return sum(float(line.removeprefix(prefix)) for line in lines if line.startswith(prefix))


def counted(stack: Stack, method: str, call: Callable[[], Result]) -> tuple[Result, int]:
    """What ``call`` returned and the round trips the server made for it."""
    before = round_trips_so_far(stack, method)
    result = call()
    return result, round(round_trips_so_far(stack, method) - before)


def move_at_most(stack: Stack) -> int:
    return MOVE_AT_MOST + (1 if isinstance(stack.redis, RedisCluster) else 0)


def test_a_read_takes_one_round_trip_and_a_move_three_in_a_match_of_four_people(stack: Stack) -> None:
    """Counted in the second and third deals: the first use of a script after Redis started
    loads it (two more round trips, once), and the first deal has used them all."""
    name, by_seat = stack.four_people("Person")
    reads: list[int] = []
    moves: dict[str, list[int]] = {"play": [], "deal end": []}
    view = by_seat[0].get(name)
    # Two whole deals after the first: bids, cards, the settlements and their continues.
    while view.deal_number < 4:
        acting = list(view.to_act_seats) or list(view.may_act_seats)
        player = by_seat[acting[0]]
        own, trips_of_read = counted(stack, "GetTable", functools.partial(player.get, name))
        view, trips = counted(stack, "SubmitAction", functools.partial(player.submit, own, simple_move(own)))
        if own.deal_number >= 2:
            reads.append(trips_of_read)
            settled = view.phase == table_pb2.TABLE_PHASE_SETTLEMENT != own.phase
            moves["deal end" if settled else "play"].append(trips)
    assert view.phase != table_pb2.TABLE_PHASE_FINISHED
    assert reads and set(reads) == {READ}, reads
    assert len(moves["deal end"]) == 2, moves
    assert max(moves["play"] + moves["deal end"]) <= move_at_most(stack), moves


def test_a_move_that_hands_the_turn_to_computers_queues_their_jobs_in_its_third_round_trip(
    stack: Stack,
) -> None:
    anna = stack.player("Anna")
    name = anna.create([HUMAN, EASY, EASY, EASY], deals="8").name
    moves = []
    # Her first move has loaded the queue's scripts, if nothing had before.
    for move in range(8):
        view = anna.my_turn(name)
        try:
            _, trips = counted(stack, "SubmitAction", functools.partial(anna.submit, view, simple_move(view)))
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.ABORTED  # a computer moved meanwhile
            continue
        if move:
            moves.append(trips)
    assert moves and max(moves) <= move_at_most(stack), moves


def test_a_store_that_forgot_its_scripts_loads_them_again_and_runs_each_once(
    stack: Stack, redis_client: redis.Redis
) -> None:
    """Redis restarted without its script cache: a script it no longer knows is loaded and
    sent again, and the move is applied once."""
    name, by_seat = stack.four_people("Forgetful")
    view = by_seat[0].get(name)
    player = by_seat[view.to_act_seats[0]]
    own = player.get(name)
    redis_client.script_flush()
    after = player.submit(own, simple_move(own))
    assert after.version == own.version + 1
    assert player.get(name).version == own.version + 1
    redis_client.script_flush()
    assert by_seat[0].get(name).version == own.version + 1
