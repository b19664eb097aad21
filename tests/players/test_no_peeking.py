"""No computer sees cards it may not see (Speedbock rules: "Kein Computer sieht
fremde Karten").

For positions of both rule sets, in the bidding and in trick play, for every seat, a
second world is built that differs from the real deal only in the cards the viewer
cannot see: the other seats' current cards are reshuffled among them (hand sizes kept)
and the candidate is kept only if the engine's ``check`` accepts the same public actions
in it. In both worlds the viewer's redacted view, and the observation its computer
player's job carries, must be byte-identical, and every computer level, and the advisor,
must answer the same.
"""

from __future__ import annotations

from collections import Counter

import pytest
from google.protobuf.message import Message

from ai_worker.arena import RANDOM
from ai_worker.players import advise, decide
from ai_worker.players.decision import Decision
from ai_worker.seat_info import seat_info
from engine.baska_kop.constants import SEATS
from engine.seeding import SeededRandom, derive_seed
from server.views import seat_observation
from speedgamez.internal.v1 import ai_job_pb2
from tests.players.tables import (
    RULE_SETS,
    Point,
    act,
    client_view,
    deal,
    decision_points,
    logged,
    mixed,
    new_table,
    reshuffled_worlds,
)

VIEW_DEALS = 45
DECISION_DEALS = 14
POOL = (RANDOM, RANDOM, "easy")


def _levels(rule_set: str, number: int) -> list[str]:
    rng = SeededRandom(derive_seed("no-peeking-levels", rule_set, number))
    return [rng.choice(POOL) for _ in range(SEATS)]


def _options(observation: ai_job_pb2.SeatObservation) -> int:
    return len(observation.playable) + sum(1 for choice in observation.choices if choice.allowed)


def _phase(observation: ai_job_pb2.SeatObservation) -> str:
    return "bidding" if observation.phase_kind == ai_job_pb2.PHASE_KIND_BIDDING else "play"


def _where(rule_set: str, seed: int, point: Point, world_dealt: object) -> str:
    return (
        f"rule set {rule_set}, seed {seed}, viewer {point.seat}, actions {logged(point.record)}, "
        f"real dealt {deal(point.record).dealt}, other world dealt {world_dealt}"
    )


def _bytes(message: Message) -> bytes:
    return message.SerializeToString(deterministic=True)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_the_viewers_table_view_and_observation_are_byte_identical_in_both_worlds(rule_set: str) -> None:
    covered: Counter[tuple[str, int]] = Counter()
    for number in range(VIEW_DEALS):
        seed = derive_seed("no-peeking-views", rule_set, number)
        record = new_table(rule_set, seed)
        rng = SeededRandom(seed)
        for point, _ in decision_points(record, _levels(rule_set, number), mixed if number % 2 else None):
            for world in reshuffled_worlds(record, point.seat, rng, wanted=2):
                where = _where(rule_set, seed, point, deal(world).dealt)
                assert _bytes(client_view(world, point.seat)) == _bytes(point.view), where
                assert _bytes(seat_observation(world, point.seat)) == _bytes(point.observation), where
                covered[(_phase(point.observation), point.seat)] += 1
    for phase in ("bidding", "play"):
        for seat in range(SEATS):
            assert covered[(phase, seat)] >= 10, covered


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_easy_and_normal_decide_the_same_in_both_worlds(rule_set: str) -> None:
    compared: Counter[str] = Counter()
    for number in range(DECISION_DEALS):
        seed = derive_seed("no-peeking-decisions", rule_set, number)
        record = new_table(rule_set, seed)
        rng = SeededRandom(seed)
        for point, _ in decision_points(record, _levels(rule_set, number), mixed if number % 2 else None):
            if _options(point.observation) < 2:
                continue
            real = {level: decide(point.observation, level) for level in ("easy", "normal")}
            for world in reshuffled_worlds(record, point.seat, rng, wanted=1):
                other = seat_observation(world, point.seat)
                for level, decision in real.items():
                    assert decide(other, level) == decision, f"{level}: " + _where(
                        rule_set, seed, point, deal(world).dealt
                    )
                compared[_phase(point.observation)] += 1
    assert compared["bidding"] >= 10 and compared["play"] >= 10, compared


# Positions for the strong level and the advisor (each takes up to a few hundred ms).
# Hands of seats 0-3, dealer 3 (seat 0 speaks and leads first), actions so far.
STRONG_POSITIONS = {
    "baska-bidding-after-a-kontra": (
        "baska",
        ["AH QH JC AS", "QC TD AC TC", "TH QS JH TS", "QD JS JD AD"],
        ["double", "pass"],
    ),
    "kop-bidding-first-call": ("kop", ["AH TC QH JC", "QC JS AC AS", "TS QS JH JD", "TH QD AD TD"], []),
    "baska-lead-to-trick-two": (
        "baska",
        ["AH QH JC AS", "QC TD AC TC", "TH QS JH TS", "QD JS JD AD"],
        ["pass"] * 4 + ["play AH", "play TD", "play TH", "play AD"],
    ),
    "kop-wesele-partner-hidden": (
        "kop",
        ["QC QS AC JH", "JC TC QH AD", "AH TS JS JD", "TH QD AS TD"],
        ["announce wesele", "pass", "pass", "pass", "play AC"],
    ),
}


@pytest.mark.parametrize("name", sorted(STRONG_POSITIONS))
def test_strong_and_the_advisor_answer_the_same_in_both_worlds(name: str) -> None:
    rule_set, hands, actions = STRONG_POSITIONS[name]
    record = new_table(rule_set, 5, hands)
    for action in actions:
        (seat,) = record.computer_turns()
        act(record, seat, action)
    (viewer,) = record.computer_turns()
    observation = seat_observation(record, viewer)
    assert _options(observation) >= 2
    worlds = list(reshuffled_worlds(record, viewer, SeededRandom(derive_seed(name)), wanted=1))
    assert worlds, "no other world agrees with the public actions"
    other = seat_observation(worlds[0], viewer)
    assert _bytes(other) == _bytes(observation)
    assert decide(other, "strong") == decide(observation, "strong")
    assert _bytes(advise(other)) == _bytes(advise(observation))


def test_a_decision_is_the_same_every_time_for_the_same_observation() -> None:
    """``decide`` is a function of the observation: same observation (even a re-parsed copy),
    same decision."""
    checked: Counter[str] = Counter()
    for rule_set in RULE_SETS:
        record = new_table(rule_set, derive_seed("deterministic", rule_set))
        for index, (point, _) in enumerate(decision_points(record, [RANDOM] * SEATS)):
            if _options(point.observation) < 2:
                continue
            copy = ai_job_pb2.SeatObservation.FromString(_bytes(point.observation))
            for level in ("easy", "normal"):
                first: Decision = decide(point.observation, level)
                assert decide(point.observation, level) == first
                assert decide(copy, level) == first
                checked[level] += 1
            if index % 6 == 0:
                assert decide(copy, "strong") == decide(point.observation, "strong")
                checked["strong"] += 1
            assert seat_info(copy) == seat_info(point.observation)
    assert checked["strong"] >= 2, checked


def test_advice_is_the_same_every_time_for_the_same_observation() -> None:
    record = new_table("kop", 11, ["AH TC QH JC", "QC JS AC AS", "TS QS JH JD", "TH QD AD TD"])
    observation = seat_observation(record, 0)
    first = advise(observation)
    assert first.reason
    assert _bytes(advise(ai_job_pb2.SeatObservation.FromString(_bytes(observation)))) == _bytes(first)
