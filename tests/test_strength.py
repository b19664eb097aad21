"""A short run of the strength harness (python -m ai_worker.strength), so a broken player
is caught: each level must beat the one below by at least two standard errors."""

from __future__ import annotations

import statistics
import sys

import pytest

from ai_worker import arena
from ai_worker.arena import RANDOM, play_deal, random_move
from ai_worker.players import PLAYERS
from ai_worker.players.decision import Decision
from ai_worker.strength import LEAST_DEALS, Comparison, compare, field_scores, main, seatings
from engine.actions import Double
from engine.registry import GAMES
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
from server.views import seat_observation
from speedgamez.internal.v1 import ai_job_pb2
from tests.engine.pot_game import Pot
from tests.support import pot_game_service


@pytest.mark.parametrize(("stronger", "weaker", "deals"), [("easy", "random", 200), ("normal", "easy", 200)])
def test_computer_level_beats_the_level_below_on_mirrored_deals(
    stronger: str, weaker: str, deals: int
) -> None:
    result = compare(stronger, weaker, deals, ("baska", "kop"), processes=1, first_seed=10_000)
    assert result.mean > 0
    assert result.passed, result.line()


@pytest.mark.parametrize(("seats", "expected"), [(2, 2), (3, 3), (4, 2), (5, 5), (9, 9)])
def test_the_seatings_turn_the_table_until_every_seat_held_each_level(seats: int, expected: int) -> None:
    turned = seatings(seats)
    assert len(turned) == expected and all(len(seating) == seats for seating in turned)
    held = {sum(seating[seat] for seating in turned) for seat in range(seats)}
    assert len(held) == 1, f"seats hold level A unequally often: {turned}"


@pytest.mark.parametrize("field", [False, True], ids=["mirrored", "field"])
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_a_level_against_itself_comes_out_even_at_every_seat_count(
    seats: int, field: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the seating turned round the table, no seat's luck counts for either side; in
    the field the games with and without A differ only by A's own decisions."""
    monkeypatch.setitem(GAMES, "pot", Pot())
    monkeypatch.setitem(PLAYERS, ("pot", "easy"), pot_game_service.decide)
    result = compare("easy", "easy", 30, ("plain",), processes=1, game="pot", seats=seats, field=field)
    assert result.differences == [0.0] * 30
    uneven = compare("easy", "random", 30, ("plain",), processes=1, game="pot", seats=seats, field=field)
    assert any(uneven.differences), "two different levels never differed"


def test_in_the_field_a_takes_each_seat_in_turn_among_bs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "pot", Pot())
    monkeypatch.setitem(PLAYERS, ("pot", "easy"), pot_game_service.decide)
    for seed in range(10):
        everyone = play_deal("pot", "plain", seed, ["random"] * 3).scores
        alone = [
            play_deal(
                "pot", "plain", seed, ["easy" if other == seat else "random" for other in range(3)]
            ).scores[seat]
            for seat in range(3)
        ]
        assert field_scores(("pot", "plain", 3, "easy", "random", seed, (), 1)) == (
            statistics.fmean(alone),
            statistics.fmean(everyone),
        )


def test_a_later_deal_is_compared_after_deals_played_by_b_in_every_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "pot", Pot())
    monkeypatch.setitem(PLAYERS, ("pot", "easy"), pot_game_service.decide)
    same = compare("easy", "easy", 10, ("plain",), processes=1, game="pot", seats=3, field=True, deal=2)
    assert same.differences == [0.0] * 10
    # The second deal is played: its scores are not the first deal's.
    firsts = [play_deal("pot", "plain", seed, ["easy"] * 3).scores for seed in range(10)]
    seconds = [
        play_deal("pot", "plain", seed, ["easy"] * 3, deal=2, before="random").scores for seed in range(10)
    ]
    assert firsts != seconds
    # The deals before it are the same whoever plays the one compared.
    for seed in range(10):
        played = play_deal("pot", "plain", seed, ["easy"] * 3, deal=2, before="random")
        again = play_deal("pot", "plain", seed, ["easy"] * 3, deal=2, before="random")
        assert played == again


def test_a_level_against_itself_is_not_measured_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Identical results have no spread and so no standard error: they are never "2 SE
    apart", and the run exits with an error."""
    monkeypatch.setitem(GAMES, "pot", Pot())
    monkeypatch.setitem(PLAYERS, ("pot", "easy"), pot_game_service.decide)
    monkeypatch.setattr(
        sys,
        "argv",
        ["strength", "--game", "pot", "--pairs", "easy:easy", "--deals", "40", "--processes", "1"],
    )
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 1
    (line,) = [line for line in capsys.readouterr().out.splitlines() if "easy vs easy" in line]
    assert line.endswith("NOT MEASURED: every deal gave the same difference, so there is no standard error")
    assert " ok" not in line and "inf" not in line


def test_a_comparison_passes_only_over_enough_deals_with_a_spread() -> None:
    spread = [(float(deal % 3), 0.0) for deal in range(LEAST_DEALS)]
    assert Comparison("a", "b", spread, 0.0).passed
    assert not Comparison("a", "b", spread[: LEAST_DEALS - 1], 0.0).passed
    assert (
        Comparison("a", "b", spread[:1], 0.0).verdict()
        == f"NOT MEASURED: 1 deals, at least {LEAST_DEALS} needed"
    )
    same_every_time = [(1.0, 0.0)] * LEAST_DEALS
    assert not Comparison("a", "b", same_every_time, 0.0).passed
    behind = [(0.0, value) for value, _ in spread]
    assert Comparison("a", "b", behind, 0.0).verdict() == "NOT 2 SE APART"


def test_a_run_whose_pairs_all_pass_exits_normally(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--game", "baska_kop", "--pairs", "easy:random", "--deals", "40", "--processes", "1"]
    monkeypatch.setattr(sys, "argv", ["strength", *arguments])
    main()
    assert capsys.readouterr().out.splitlines()[-1].endswith(" ok")


def test_a_seat_asked_again_after_a_move_gets_a_new_decision_seed_as_from_the_service(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The service's seed depends on the table's version, which every commit advances; a
    harness that kept it had each seat choose from one seed a whole deal (random traders in
    Speculation's market offered and withdrew the same card for ever)."""
    monkeypatch.setitem(GAMES, "pot", Pot())
    seeds: dict[int, list[int]] = {}

    def recorded(observation: ai_job_pb2.SeatObservation) -> Decision:
        seeds.setdefault(observation.seat, []).append(observation.decision_seed)
        return random_move(observation)

    monkeypatch.setattr(arena, "random_move", recorded)
    for seed in range(5):
        seeds.clear()
        play_deal("pot", "plain", seed, [RANDOM] * 3)
        asked_again = {seat: asked for seat, asked in seeds.items() if len(asked) > 1}
        assert asked_again, "no seat was asked twice in a deal"
        for seat, asked in asked_again.items():
            assert len(set(asked)) == len(asked), f"seat {seat} was asked with one seed twice"


def test_a_random_seat_nothing_waits_for_moves_one_time_in_four(monkeypatch: pytest.MonkeyPatch) -> None:
    """A random seat that may double in the pot game but is not waited for lets the moment
    pass three times in four; the seat waited for always moves."""
    monkeypatch.setitem(GAMES, "pot", Pot())
    config = TableConfig(
        game="pot",
        rule_set="plain",
        options={"rule_set": "plain"},
        seats=((SeatKind.COMPUTER, "easy"),) * 3,
        seed=7,
        created_by="tests",
    )
    record, _ = TableRecord.new("random-seat", config)
    (waited_for,) = record.computer_turns()
    free = record.computer_options()[0]
    moved = {waited_for: 0, free: 0}
    for decision_seed in range(400):
        for seat in moved:
            observation = seat_observation(record, seat)
            observation.decision_seed = decision_seed
            decision = random_move(observation)
            if decision.action is not None:
                moved[seat] += 1
                if seat == free:
                    assert isinstance(decision.action, Double)
    assert moved[waited_for] == 400
    assert 70 <= moved[free] <= 130, f"moved {moved[free]} times in 400"
