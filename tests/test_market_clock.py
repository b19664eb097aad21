"""Speculation's market pace on tables stepped in-process (issue decisions: at a table with
people, a turn-up or a sale waits ``reveal_seconds`` for a person, an auction
``auction_seconds`` after its last bid; then the cautious choice is made for him; a person
alone against computers holds up nobody and has no such limit). ``tests/service/test_speculation.py`` runs
it across server and worker processes."""

from __future__ import annotations

from ai_worker.main import clock_moves
from engine.actions import Action, Pass
from engine.speculation.blocks import Bid, Keep, Offer, Reveal, Sell
from engine.speculation.deal import DealState, Phase
from server.table import TableConfig, TableRecord
from server.table_log import Act, Join, Leave, SeatKind
from tests.support.clock import SETTINGS, step

REVEAL_MS, AUCTION_MS = 20_000, 8_000
HUMAN, COMPUTER = (SeatKind.HUMAN, "easy"), (SeatKind.COMPUTER, "easy")
# Two people and three computers: a table with people.
PEOPLE = (HUMAN, HUMAN, COMPUTER, COMPUTER, COMPUTER)


def _table(
    seed: int, seats: tuple[tuple[SeatKind, str], ...], think_seconds: int = 0, **options: str
) -> TableRecord:
    config = TableConfig(
        game="speculation",
        rule_set="parlett",
        options={"rule_set": "parlett", **options},
        seats=seats,
        seed=seed,
        created_by="tests",
        think_seconds=think_seconds,
    )
    record, _ = TableRecord.new("market", config)
    for seat, (kind, _) in enumerate(seats):
        if kind is SeatKind.HUMAN:
            step(record, Join(seat, f"p{seat}", f"Player {seat}"), 1000)
    return record


def _deal(record: TableRecord) -> DealState:
    assert record.match is not None
    state: DealState = record.match.deal
    return state


def _act(record: TableRecord, seat: int, action: Action, now: int) -> None:
    kind = record.seats[seat].kind
    step(record, Act(seat, action, kind), now)


def _until(record: TableRecord, reached: object, now: int) -> bool:
    """Everyone makes the cautious move (turn up, keep, no bid) until ``reached(record)``;
    whether it was reached before the deal ended."""
    assert callable(reached)
    for _ in range(200):
        if record.match is None or record.match.deals_played:
            return False
        if reached(record):
            return True
        seat = min(record.match.to_act())
        _act(record, seat, record.game.legal_actions(_deal(record), seat)[0], now)
    raise AssertionError("the deal did not end")


def _reaching(
    seats: tuple[tuple[SeatKind, str], ...], reached: object, think_seconds: int = 0, **options: str
) -> TableRecord:
    """The table of the first seed whose first deal reaches ``reached`` with cautious moves."""
    for seed in range(60):
        record = _table(seed, seats, think_seconds, **options)
        if _until(record, reached, 1000):
            return record
    raise AssertionError("no seed reached the position")


def _first_reveals(record: TableRecord) -> bool:
    """The first person is waited for to turn up a card."""
    return _deal(record).phase is Phase.REVEAL and record.match is not None and 0 in record.match.to_act()


def test_a_person_turning_up_has_the_reveal_limit_without_any_think_time() -> None:
    record = _reaching(PEOPLE, _first_reveals)
    assert record.config.think_seconds == 0
    wait = record.clock_wait()
    assert wait is not None and wait.seats == frozenset({0}) and wait.own is not None
    assert record.deadline_ms == 1000 + REVEAL_MS
    assert clock_moves(record) == ((0, Reveal()),)


def test_a_person_alone_against_computers_has_no_market_clock() -> None:
    """Alone, a person holds up nobody: no limit unless he chose think time, and then the
    think time runs (as at every table), not the market's pace."""
    alone = (HUMAN, COMPUTER, COMPUTER, COMPUTER, COMPUTER)
    record = _reaching(alone, _first_reveals)
    assert record.clock_wait() is None and record.deadline_ms is None
    timed = _reaching(alone, _first_reveals, think_seconds=30)
    wait = timed.clock_wait()
    assert wait is not None and wait.own is None and wait.seats == frozenset({0})
    assert timed.deadline_ms == 1000 + SETTINGS.clock_grace_ms + 30_000


def test_a_table_whose_other_person_left_runs_no_market_clock() -> None:
    record = _reaching(PEOPLE, _first_reveals)
    assert record.clock_wait() is not None
    step(record, Leave(1), 2000)
    assert record.clock_wait() is None and record.deadline_ms is None


def test_an_offer_beside_the_turn_up_keeps_the_limit_and_the_next_turn_up_starts_a_new_one() -> None:
    record = _reaching(PEOPLE, _first_reveals)
    state = _deal(record)
    seller = next(seat for seat in (2, 3, 4) if state.piles[seat])
    _act(record, 1, Offer(seller, (state.piles[seller][0].slot_id,), 1), 5000)
    assert record.deadline_ms == 1000 + REVEAL_MS, "a trade beside the turn-up changes no one's decision"
    _act(record, 0, Reveal(), 9000)
    # The next decision has a limit of its own from now, or none when a computer makes it.
    assert record.deadline_ms == (None if record.clock_wait() is None else 9000 + REVEAL_MS)


def test_an_auction_waits_the_auction_limit_for_a_person_and_then_declines_for_him() -> None:
    # Two people: the one who owns the best trump sells, the other is asked to bid.
    for seed in range(40):
        record = _table(seed, (HUMAN, HUMAN, COMPUTER, COMPUTER, COMPUTER))

        def owner_deciding(record: TableRecord) -> bool:
            state = _deal(record)
            return state.phase is Phase.SALE and state.owner in (0, 1)

        if not _until(record, owner_deciding, 1000):
            continue
        owner = _deal(record).owner
        assert record.deadline_ms == 1000 + REVEAL_MS, "a sale has the reveal limit"
        _act(record, owner, Sell(), 2000)
        other = 1 - owner
        state = _deal(record)
        assert state.phase is Phase.AUCTION
        wait = record.clock_wait()
        assert wait is not None and other in wait.seats
        assert record.deadline_ms == 2000 + AUCTION_MS
        bidder = next(seat for seat in (2, 3, 4) if seat in record.match.to_act()) if record.match else None
        assert bidder is not None and state.auction is not None
        _act(record, bidder, Bid(state.auction.auction_id, 1), 3000)
        assert record.deadline_ms == 3000 + AUCTION_MS, "a new bid gives the people a new limit"
        moves = clock_moves(record)
        assert moves == tuple((seat, Pass()) for seat in sorted(wait.seats))
        return
    raise AssertionError("no seed gave a person the best trump to sell")


def test_a_sale_left_undecided_is_kept() -> None:
    for seed in range(40):
        record = _table(seed, PEOPLE)

        def deciding(record: TableRecord) -> bool:
            return _deal(record).phase is Phase.SALE and _deal(record).owner == 0

        if _until(record, deciding, 1000):
            assert clock_moves(record) == ((0, Keep()),)
            return
    raise AssertionError("no seed gave the person the best trump")


def test_a_limit_of_zero_and_a_table_of_computers_run_no_clock() -> None:
    def person_reveals(record: TableRecord) -> bool:
        return record.match is not None and _deal(record).phase is Phase.REVEAL and 0 in record.match.to_act()

    record = _reaching(PEOPLE, person_reveals, reveal_seconds="0", auction_seconds="0")
    assert record.clock_wait() is None and record.deadline_ms is None
    computers = _table(3, (COMPUTER,) * 5)
    assert computers.clock_wait() is None and computers.deadline_ms is None
