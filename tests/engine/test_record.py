"""Match records (``engine.record``): a match written as text reads back and replays to
the same settlements, for every registered game; a record that disagrees with the rules
is refused with the line or deal at fault."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.actions import Action, Continue
from engine.game import Game
from engine.match import DealSettled, DealStarted, HandDealt, Match, MatchFinished, MatchPhase
from engine.record import DealRecord, MatchRecord, RecordError, read_record, replay, write_record
from engine.registry import GAMES
from engine.seeding import SeededRandom
from tests.support.seats import options_for_seats


def _played(game: Game[Any, Any], seed: int) -> tuple[MatchRecord, list[tuple[int, ...]]]:
    """A match of computers taking random legal moves, as a record, and its settlements."""
    declared = game.game_type
    rule_set = declared.rule_sets[0]
    seats = min(declared.seat_counts)
    raw = options_for_seats(game, rule_set.id, seats)
    assert raw is not None
    options = game.parse_options(rule_set.id, raw)
    match = Match(game, options, seats, seed, frozenset())
    choose = SeededRandom(seed)
    deals: list[DealRecord] = []
    settlements: list[tuple[int, ...]] = []
    totals: tuple[int, ...] = ()
    current: dict[str, Any] = {}
    shuffles = 0
    events = match.take_events()
    while True:
        for event in events:
            if isinstance(event, DealStarted):
                current = {
                    "number": event.deal_number,
                    "dealer": event.dealer,
                    "shuffle": match.deal_seed(shuffles),
                }
                current["moves"] = []
                shuffles += 1
                current["hands"] = [()] * seats
            elif isinstance(event, HandDealt):
                # What a seat is shown first is its whole deal or a part of it.
                assert set(event.cards) <= set(event.whole)
                current["hands"][event.seat] = event.whole
            elif isinstance(event, DealSettled):
                settlements.append(event.result.scores)
                deals.append(
                    DealRecord(
                        current["number"],
                        current["dealer"],
                        current["shuffle"],
                        tuple(current["hands"]),
                        tuple(current["moves"]),
                        event.result.scores,
                    )
                )
            elif isinstance(event, MatchFinished):
                totals = event.totals
        if match.phase is MatchPhase.FINISHED:
            break
        seat = min(match.to_act())
        action: Action = Continue()
        if match.phase is MatchPhase.DEAL:
            legal = game.legal_actions(match.deal, seat)
            action = legal[choose.below(len(legal))]
            current["moves"].append((seat, action))
        events = match.apply(seat, action)
    players = tuple(f"Player {seat}" for seat in range(seats))
    options_dict = {key: value for key, value in game.options_to_dict(options).items() if key != "rule_set"}
    return MatchRecord(declared.id, rule_set.id, options_dict, players, tuple(deals), totals), settlements


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_written_record_reads_back_and_replays_to_the_same_settlements(game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    record, settlements = _played(game, seed)
    text = write_record(record)
    read = read_record(text, game)
    assert read == record
    assert [result.scores for result in replay(read, game)] == settlements


def test_a_record_with_a_move_the_rules_forbid_is_refused() -> None:
    game = GAMES["baska_kop"]
    record, _ = _played(game, 4)
    first = record.deals[0]
    (seat, action), *rest = first.moves
    # The first move made by the seat after the one whose turn it was.
    wrong = replace(first, moves=(((seat + 1) % 4, action), *rest))
    with pytest.raises(RecordError, match="deal 1: seat"):
        replay(replace(record, deals=(wrong, *record.deals[1:])), game)


def test_a_record_whose_settlement_or_totals_disagree_is_refused() -> None:
    game = GAMES["baska_kop"]
    record, _ = _played(game, 5)
    first = record.deals[0]
    wrong = replace(first, scores=tuple(score + 1 for score in first.scores))
    with pytest.raises(RecordError, match="deal 1: the rules settle it"):
        replay(replace(record, deals=(wrong, *record.deals[1:])), game)
    with pytest.raises(RecordError, match="add up to the totals"):
        replay(replace(record, totals=tuple(total + 1 for total in record.totals)), game)


def test_a_record_with_other_hands_than_its_shuffle_is_refused() -> None:
    game = GAMES["baska_kop"]
    record, _ = _played(game, 6)
    first = record.deals[0]
    swapped = (first.hands[1], first.hands[0], *first.hands[2:])
    with pytest.raises(RecordError, match="other hands"):
        replay(replace(record, deals=(replace(first, hands=swapped), *record.deals[1:])), game)


def test_an_unreadable_line_is_named() -> None:
    game = GAMES["baska_kop"]
    text = write_record(_played(game, 7)[0]).replace("move 0 ", "move zero ", 1)
    with pytest.raises(RecordError, match=r"^line \d+: "):
        read_record(text, game)
