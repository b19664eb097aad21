"""No computer sees cards it may not see (Speedbock rules: "Kein Computer sieht
fremde Karten").

For positions of both rule sets, in the bidding and in trick play, for every seat, a
second world is built that differs from the real deal only in the cards the viewer
cannot see: the other seats' current cards are reshuffled among them (hand sizes kept)
and the candidate is kept only if the engine's ``check`` accepts the same public actions
in it. In both worlds the viewer's redacted view must be byte-identical, and every
computer level, and the advisor, must answer the same.
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
from server.views import table_view
from speedgamez.v1 import table_pb2
from tests.players.tables import (
    RULE_SETS,
    Point,
    act,
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


def _options(view: table_pb2.TableView) -> int:
    playable = sum(1 for card in view.hand if card.playable)
    return playable + sum(1 for choice in view.choices if choice.allowed)


def _phase(view: table_pb2.TableView) -> str:
    return "bidding" if view.phase == table_pb2.TABLE_PHASE_BIDDING else "play"


def _where(rule_set: str, seed: int, point: Point, world_dealt: object) -> str:
    return (
        f"rule set {rule_set}, seed {seed}, viewer {point.seat}, actions {logged(point.record)}, "
        f"real dealt {deal(point.record).dealt}, other world dealt {world_dealt}"
    )


def _bytes(message: Message) -> bytes:
    return message.SerializeToString(deterministic=True)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_the_viewers_table_view_is_byte_identical_in_both_worlds(rule_set: str) -> None:
    covered: Counter[tuple[str, int]] = Counter()
    for number in range(VIEW_DEALS):
        seed = derive_seed("no-peeking-views", rule_set, number)
        record = new_table(rule_set, seed)
        rng = SeededRandom(seed)
        for point, _ in decision_points(record, _levels(rule_set, number), mixed if number % 2 else None):
            for world in reshuffled_worlds(record, point.seat, rng, wanted=2):
                other = table_view(world, point.seat)
                assert _bytes(other) == _bytes(point.view), _where(rule_set, seed, point, deal(world).dealt)
                covered[(_phase(point.view), point.seat)] += 1
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
            if _options(point.view) < 2:
                continue
            real = {level: decide(point.view, level) for level in ("easy", "normal")}
            for world in reshuffled_worlds(record, point.seat, rng, wanted=1):
                other = table_view(world, point.seat)
                for level, decision in real.items():
                    assert decide(other, level) == decision, f"{level}: " + _where(
                        rule_set, seed, point, deal(world).dealt
                    )
                compared[_phase(point.view)] += 1
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
    view = table_view(record, viewer)
    assert _options(view) >= 2
    worlds = list(reshuffled_worlds(record, viewer, SeededRandom(derive_seed(name)), wanted=1))
    assert worlds, "no other world agrees with the public actions"
    other = table_view(worlds[0], viewer)
    assert _bytes(other) == _bytes(view)
    assert decide(other, "strong") == decide(view, "strong")
    assert _bytes(advise(other)) == _bytes(advise(view))


def test_a_decision_is_the_same_every_time_for_the_same_view() -> None:
    """``decide`` is a function of the view: same view (even a re-parsed copy), same decision."""
    checked: Counter[str] = Counter()
    for rule_set in RULE_SETS:
        record = new_table(rule_set, derive_seed("deterministic", rule_set))
        for index, (point, _) in enumerate(decision_points(record, [RANDOM] * SEATS)):
            if _options(point.view) < 2:
                continue
            copy = table_pb2.TableView.FromString(_bytes(point.view))
            for level in ("easy", "normal"):
                first: Decision = decide(point.view, level)
                assert decide(point.view, level) == first
                assert decide(copy, level) == first
                checked[level] += 1
            if index % 6 == 0:
                assert decide(copy, "strong") == decide(point.view, "strong")
                checked["strong"] += 1
            assert seat_info(copy) == seat_info(point.view)
    assert checked["strong"] >= 2, checked


def test_advice_is_the_same_every_time_for_the_same_view() -> None:
    record = new_table("kop", 11, ["AH TC QH JC", "QC JS AC AS", "TS QS JH JD", "TH QD AD TD"])
    view = table_view(record, 0)
    first = advise(view)
    assert first.reason
    assert _bytes(advise(table_pb2.TableView.FromString(_bytes(view)))) == _bytes(first)
