"""What a match gives its players for the leaderboards and statistics, on tables stepped
in-process (seed 000 "Partie und Bestenliste", "Ratsstube"; seed 002 "Bestenliste"):
each settled deal's leaderboard points and counters for the people at the table, the
place bonus at the end, and −10 for leaving a match with other people. ``server.board``
puts them on the boards (``tests/test_board.py``, ``tests/service/test_leaderboards.py``)."""

from __future__ import annotations

from engine.actions import Action, Continue
from engine.match import MatchPhase
from server.awards import Award
from server.table import TableConfig, TableRecord
from server.table_log import Act, Join, Leave, LogEntry, SeatKind
from speedgamez.v1 import table_pb2

HUMAN, COMPUTER = (SeatKind.HUMAN, "easy"), (SeatKind.COMPUTER, "easy")
PLACE_BONUS = (30, 15, 5, 0)


def _table(seats: tuple[tuple[SeatKind, str], ...], seed: int = 11) -> tuple[TableRecord, list[LogEntry]]:
    """A Kop table of 8 deals, with ``seats``; player ``p<seat>`` has joined each human seat."""
    config = TableConfig("baska_kop", "kop", {"rule_set": "kop", "deals": "8"}, seats, seed, "tests")
    record, _ = TableRecord.new("awards", config)
    log: list[LogEntry] = []
    for seat, (kind, _) in enumerate(seats):
        if kind is SeatKind.HUMAN:
            log.append(Join(seat, f"p{seat}", f"Player {seat}"))
            record.apply(log[-1])
    return record, log


def _first_action(record: TableRecord, seat: int) -> Action:
    assert record.match is not None
    if record.match.phase is MatchPhase.SETTLEMENT:
        return Continue()
    return record.game.legal_actions(record.match.deal, seat)[0]


def _play(record: TableRecord, log: list[LogEntry], deals: int | None = None) -> list[table_pb2.TableEvent]:
    """Every seat takes its first legal action until the match ends, or until ``deals``
    deals are settled and continued; returns the events."""
    events = []
    while not record.status.over:
        assert record.match is not None
        if deals is not None and record.match.deals_played >= deals and record.match.phase is MatchPhase.DEAL:
            break
        seat = min(record.match.to_act())
        by = SeatKind.COMPUTER if record.seats[seat].played_by_computer else SeatKind.HUMAN
        log.append(Act(seat, _first_action(record, seat), by))
        events += [happened.event for happened in record.apply(log[-1])]
    return events


def _expected_deal_awards(
    events: list[table_pb2.TableEvent], people: dict[int, str]
) -> list[tuple[str, int]]:
    """(player, points) per settled deal and person: the plus points of won deals."""
    expected = []
    for event in events:
        if event.HasField("deal_settled"):
            settlement = event.deal_settled.settlement
            for seat, player in people.items():
                won = seat in settlement.winner_seats
                expected.append((player, max(settlement.scores[seat], 0) if won else 0))
    return expected


def test_bestenliste_each_deal_gives_the_people_their_plus_points_and_counters() -> None:
    record, log = _table((HUMAN, COMPUTER, HUMAN, COMPUTER))
    events = _play(record, log)
    assert record.status.value == "finished"
    deal_awards = [award for award in record.awards if award.reason.startswith("a deal")]
    assert [(award.player_id, award.points) for award in deal_awards] == _expected_deal_awards(
        events, {0: "p0", 2: "p2"}
    )
    for award in deal_awards:
        assert "deals_played" in award.tallies
        assert ("deals_won" in award.tallies) == (award.points > 0)
    assert sum("deals_played" in award.tallies for award in deal_awards) == 2 * 8


def test_bestenliste_place_bonus_30_15_5_at_the_end_of_the_partie() -> None:
    record, log = _table((HUMAN, COMPUTER, HUMAN, COMPUTER))
    events = _play(record, log)
    (finished,) = [event.match_finished for event in events if event.HasField("match_finished")]
    totals = list(finished.totals)
    final = record.awards[-2:]
    for award, seat in zip(final, (0, 2), strict=True):
        place = 1 + sum(other > totals[seat] for other in totals)
        assert award.points == PLACE_BONUS[place - 1]
        assert award.reason == f"place {place} of the match"
        assert "matches_played" in award.tallies
        assert ("matches_won" in award.tallies) == (seat in finished.winner_seats)


def test_bestenliste_computers_get_nothing() -> None:
    record, log = _table((HUMAN, COMPUTER, COMPUTER, COMPUTER))
    _play(record, log)
    assert {award.player_id for award in record.awards} == {"p0"}


def test_bestenliste_leaving_a_partie_with_other_people_costs_10_once() -> None:
    record, log = _table((HUMAN, HUMAN, COMPUTER, COMPUTER))
    _play(record, log, deals=2)
    before = len(record.awards)
    log.append(Leave(1))
    record.apply(log[-1])
    assert record.awards[before:] == [
        Award("p1", "Player 1", -10, ("matches_left",), "left a match with other people")
    ]
    # The computer plays on for the leaver: the deals after it give him nothing.
    _play(record, log)
    assert all(award.player_id == "p0" for award in record.awards[before + 1 :])


def test_bestenliste_leaving_a_partie_alone_with_computers_costs_nothing() -> None:
    record, log = _table((HUMAN, COMPUTER, COMPUTER, COMPUTER))
    _play(record, log, deals=1)
    before = len(record.awards)
    record.apply(Leave(0))
    assert record.awards[before:] == []


def test_bestenliste_the_last_person_to_leave_pays_nothing() -> None:
    record, log = _table((HUMAN, HUMAN, COMPUTER, COMPUTER))
    _play(record, log, deals=1)
    record.apply(Leave(0))
    before = len(record.awards)
    record.apply(Leave(1))
    assert record.awards[before:] == []


def test_bestenliste_a_player_who_comes_back_plays_for_the_board_again() -> None:
    record, log = _table((HUMAN, HUMAN, COMPUTER, COMPUTER))
    _play(record, log, deals=1)
    for entry in (Leave(1), Join(1, "p1", "Player 1")):
        log.append(entry)
        record.apply(entry)
    before = len(record.awards)
    _play(record, log)
    assert {award.player_id for award in record.awards[before:]} == {"p0", "p1"}
    assert [award.points for award in record.awards if award.player_id == "p1"].count(-10) == 1


def test_awards_are_kept_with_the_state_and_rebuilt_by_replaying_the_log() -> None:
    record, log = _table((HUMAN, HUMAN, COMPUTER, COMPUTER))
    _play(record, log, deals=3)
    log.append(Leave(1))
    record.apply(log[-1])
    _play(record, log)
    restored = TableRecord.restore(record.id, record.config, record.state_json(), record.version, 0)
    assert restored.awards == record.awards
    assert TableRecord.replay(record.id, record.config, log).awards == record.awards


def test_the_state_written_after_each_deal_holds_every_award_once_in_order() -> None:
    """The state extends the awards' JSON of its last write by the awards added since: each
    write reads back as the record's awards, and as a record that joins them all anew writes."""
    record, log = _table((HUMAN, HUMAN, COMPUTER, COMPUTER))
    counts = []
    for deals in range(1, 9):
        _play(record, log, deals=deals)
        written = record.state_json()
        restored = TableRecord.restore(record.id, record.config, written, record.version, 0)
        assert restored.awards == record.awards
        assert restored.state_json() == written
        counts.append(len(record.awards))
    assert record.status.over and counts[0] > 0 and len(set(counts)) == len(counts), counts


def test_lernspiel_gives_no_awards() -> None:
    """Seed 000 "Lernspiel": "Das Lernspiel zählt nicht für die Bestenliste"."""
    config = TableConfig(
        "baska_kop",
        "kop",
        {"rule_set": "kop", "deals": "8"},
        (HUMAN, COMPUTER, COMPUTER, COMPUTER),
        5,
        "t",
        learning=True,
    )
    record, _ = TableRecord.new("learning", config)
    log: list[LogEntry] = [Join(0, "p0", "Player 0")]
    record.apply(log[0])
    _play(record, log)
    assert record.status.value == "finished" and record.awards == []
