"""The move clock's rules, on tables stepped in-process: whom it runs for, when it runs
out, what the computer does then, and what a settlement, a move and being away do to it
(SPEC §3; seed 000 "Zug-Uhr", seed 002 "Bedenkzeit"). ``tests/service/test_clock.py``
runs it across server and worker processes."""

from __future__ import annotations

import pytest

from ai_worker.main import clock_moves
from engine.actions import Continue, Pass
from engine.errors import IllegalActionError
from engine.match import MatchPhase
from server.table import TableConfig, TableRecord
from server.table_log import Act, Expire, Join, SeatKind, entry_from_dict, entry_to_dict
from tests.support.clock import step

THINK_MS = 60 * 1000
GRACE_MS = 10_000
READING_MS = 10_000
PEOPLE = (0, 1)


def _table(think_seconds: int = 60, now: int = 1000) -> TableRecord:
    """Anna and Ben at seats 0 and 1, two computers; the match started at ``now``."""
    human, computer = (SeatKind.HUMAN, "easy"), (SeatKind.COMPUTER, "easy")
    config = TableConfig(
        game="baska_kop",
        rule_set="kop",
        options={"rule_set": "kop"},
        seats=(human, human, computer, computer),
        seed=7,
        created_by="tests",
        think_seconds=think_seconds,
    )
    record, _ = TableRecord.new("clock", config)
    step(record, Join(0, "anna", "Anna"), now)
    step(record, Join(1, "ben", "Ben"), now)
    return record


def _computers_move(record: TableRecord, now: int) -> None:
    """Let the computers move until the table waits for a person (or the match ends)."""
    while record.clock_wait() is None and record.computer_turns():
        (seat,) = record.computer_turns()
        assert record.match is not None
        step(record, Act(seat, record.game.legal_actions(record.match.deal, seat)[0], SeatKind.COMPUTER), now)


def test_the_clock_runs_for_the_person_waited_for_for_think_time_plus_grace() -> None:
    record = _table()
    _computers_move(record, 1000)
    wait = record.clock_wait()
    assert wait is not None and set(wait.seats) <= set(PEOPLE) and not wait.settling
    assert record.deadline_ms == 1000 + THINK_MS + GRACE_MS


def test_a_table_without_think_time_has_no_clock() -> None:
    record = _table(think_seconds=0)
    _computers_move(record, 1000)
    assert record.clock_wait() is None and record.deadline_ms is None


def test_when_the_clock_runs_out_the_computer_passes_in_the_bidding_and_plays_a_legal_card() -> None:
    record = _table()
    now = 1000
    _computers_move(record, now)
    phases = set()
    while record.match is not None and record.match.phase is MatchPhase.DEAL:
        moves = clock_moves(record)
        phases.add(record.game.phase_of(record.match.deal))
        if record.game.phase_of(record.match.deal) == "bidding":
            assert all(action == Pass() for _, action in moves)
        now = record.deadline_ms or now
        step(record, Expire(moves), now)
        _computers_move(record, now)
    assert phases == {"bidding", "play"}


def test_twice_in_a_row_makes_a_person_away_with_only_the_grace_until_he_acts() -> None:
    record = _table()
    now = 1000
    _computers_move(record, now)
    while not any(record.seats[seat].away for seat in PEOPLE):
        now = record.deadline_ms or now
        step(record, Expire(clock_moves(record)), now)
        _computers_move(record, now)
    (away,) = [seat for seat in PEOPLE if record.seats[seat].away]
    assert record.seats[away].timeouts == 2
    # The next time the table waits for him alone, he has only the grace.
    while (wait := record.clock_wait()) is not None and wait.seats != {away}:
        now = record.deadline_ms or now
        step(record, Expire(clock_moves(record)), now)
        _computers_move(record, now)
    assert wait is not None and not wait.settling, "the deal ended before he was waited for again"
    assert record.deadline_ms == now + GRACE_MS
    # Acting himself ends it.
    assert record.match is not None
    step(record, Act(away, record.game.legal_actions(record.match.deal, away)[0], SeatKind.HUMAN), now)
    assert not record.seats[away].away and record.seats[away].timeouts == 0


def test_a_settlement_waits_reading_time_plus_think_time_however_many_continue_before() -> None:
    record = _table()
    now = 1000
    while record.match is not None and record.match.phase is MatchPhase.DEAL:
        now += 1
        _computers_move(record, now)
        wait = record.clock_wait()
        if wait is not None and not wait.settling:
            (seat,) = wait.seats
            action = record.game.legal_actions(record.match.deal, seat)[0]
            step(record, Act(seat, action, SeatKind.HUMAN), now)
    wait = record.clock_wait()
    assert wait is not None and wait.settling and wait.seats == frozenset(PEOPLE)
    assert record.deadline_ms == now + READING_MS + THINK_MS
    step(record, Act(0, Continue(), SeatKind.HUMAN), now + 5)
    assert record.deadline_ms == now + READING_MS + THINK_MS, "one continue does not restart it"
    assert clock_moves(record) == ((1, Continue()),)
    step(record, Expire(clock_moves(record)), now + READING_MS + THINK_MS)
    assert record.match is not None and record.match.phase is MatchPhase.DEAL


def test_the_clock_moves_only_for_the_people_waited_for() -> None:
    record = _table()
    _computers_move(record, 1000)
    wait = record.clock_wait()
    assert wait is not None
    (seat,) = wait.seats
    with pytest.raises(IllegalActionError, match="only for the people the table waits for"):
        record.apply(Expire(((1 - seat, Pass()),)))


def test_an_expire_entry_is_stored_and_read_back() -> None:
    entry = Expire(((0, Pass()), (1, Continue())))
    stored = entry_to_dict(entry)
    assert stored == {
        "type": "expire",
        "moves": [{"seat": 0, "action": "pass"}, {"seat": 1, "action": "continue"}],
    }
    assert entry_from_dict(stored) == entry
