"""The daily deal's table, stepped in-process (seed 000 "Tagesblatt"): the same deals for
everyone on a day and nobody else, each settled deal waiting for the strong computer's
comparison, each comparison recorded once, and the day's difference awarded once the
match is over and every deal compared. ``tests/service/test_daily_deal.py`` runs it with
real workers."""

from __future__ import annotations

import pytest

from ai_worker.daily import shadow_score
from engine.actions import Action, Continue
from engine.errors import IllegalActionError
from engine.match import MatchPhase
from engine.registry import GAMES, get_game
from server.daily import daily_config
from server.table import TableConfig, TableRecord
from server.table_log import Act, Compare, Join, LogEntry, SeatKind, entry_from_dict, entry_to_dict

GAME = get_game("baska_kop")


def _daily(
    player: str = "anna", date: str = "2026-12-01", secret: str = "s3cret"
) -> tuple[TableRecord, list[LogEntry]]:
    record, _ = TableRecord.new("daily", daily_config(GAME, date, secret, player))
    log: list[LogEntry] = [Join(0, player, player.title())]
    record.apply(log[0])
    return record, log


def _step(record: TableRecord, log: list[LogEntry]) -> None:
    assert record.match is not None
    seat = min(record.match.to_act())
    action: Action
    if record.match.phase is MatchPhase.SETTLEMENT:
        action = Continue()
    else:
        action = GAME.legal_actions(record.match.deal, seat)[0]
    by = SeatKind.COMPUTER if record.seats[seat].played_by_computer else SeatKind.HUMAN
    log.append(Act(seat, action, by))
    record.apply(log[-1])


def test_tagesblatt_the_same_deals_for_everyone_on_a_day_and_other_deals_the_next() -> None:
    anna, ben = daily_config(GAME, "2026-12-01", "s", "anna"), daily_config(GAME, "2026-12-01", "s", "ben")
    assert anna.seed == ben.seed and anna.options == ben.options and anna.seats == ben.seats
    assert anna.options["deals"] == "8" and anna.daily == "2026-12-01"
    assert daily_config(GAME, "2026-12-02", "s", "anna").seed != anna.seed
    # Without the servers' secret the date does not tell the cards.
    assert daily_config(GAME, "2026-12-01", "other", "anna").seed != anna.seed


def test_tagesblatt_two_players_are_dealt_the_same_8_deals() -> None:
    """Whatever they play: each deal's cards depend on the day's shuffle and the deal only."""

    def hands(player: str, choice: int) -> list[tuple[tuple[str, ...], ...]]:
        record, log = _daily(player)
        dealt = []
        while not record.status.over:
            assert record.match is not None
            match = record.match
            if match.phase is MatchPhase.DEAL and not any(match.deal_actions):
                dealt.append(
                    tuple(tuple(map(str, GAME.view(match.deal, seat).dealt_hand)) for seat in range(4))
                )
            seat = min(match.to_act())
            legal = (
                [Continue()] if match.phase is MatchPhase.SETTLEMENT else GAME.legal_actions(match.deal, seat)
            )
            by = SeatKind.COMPUTER if record.seats[seat].played_by_computer else SeatKind.HUMAN
            log.append(Act(seat, legal[min(choice, len(legal) - 1)], by))
            record.apply(log[-1])
        return dealt

    anna, ben = hands("anna", 0), hands("ben", 1)
    assert len(anna) == 8 and anna == ben


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tagesblatt_every_game_seats_one_person_and_three_computers_for_eight_deals(game: str) -> None:
    """Four players: Baśka and Kop's only table, Bela's two pairs, Schafkopf's long pack,
    and Speculation's four dealing twice each; eight deals where the game counts deals
    (Bela plays its Partie to the points)."""
    played = get_game(game)
    config = daily_config(played, "2026-12-01", "s", "anna")
    assert config.seats == ((SeatKind.HUMAN, "easy"),) + ((SeatKind.COMPUTER, "normal"),) * 3
    options = played.parse_options(
        config.rule_set, {key: value for key, value in config.options.items() if key != "rule_set"}
    )
    assert played.check_seats(options, 4) is None
    length = played.match_length(options)
    assert length.deals == 8 or length.deals_each * 4 == 8 or length.target_points


def test_tagesblatt_a_deal_over_as_soon_as_it_is_dealt_is_the_same_for_the_strong_computer() -> None:
    """Speculation's turned-up ace takes the pool at once: nobody moves, and the strong
    computer's replay scores what the player scored."""
    config = daily_config(get_game("speculation"), "2026-12-01", "secret-2", "anna")
    record, _ = TableRecord.new("daily", config)
    record.apply(Join(0, "anna", "Anna"))
    # This day's first deal is settled as it is dealt, before anyone moved.
    assert record.shadows_due() == [1]
    (deal,) = record.daily_deals
    assert deal.score is not None
    assert shadow_score(record, 1) == deal.score


def test_tagesblatt_each_settled_deal_waits_for_one_comparison() -> None:
    record, log = _daily()
    while not record.shadows_due():
        _step(record, log)
    assert record.shadows_due() == [1]
    score = shadow_score(record, 1)
    record.apply(Compare(1, score))
    assert record.shadows_due() == [] and record.daily_deals[0].computer == score
    with pytest.raises(IllegalActionError, match="compared already"):
        record.apply(Compare(1, score))
    with pytest.raises(IllegalActionError, match="no settled deal"):
        record.apply(Compare(2, 0))


def test_tagesblatt_the_difference_is_awarded_once_every_deal_is_compared() -> None:
    record, log = _daily()
    while not record.status.over:
        _step(record, log)
        for deal in record.shadows_due()[:-1]:
            log.append(Compare(deal, shadow_score(record, deal)))
            record.apply(log[-1])
    # The last deal is compared after the match ended; only then does the day's ranking get it.
    assert record.awards == [] and record.shadows_due() == [8]
    log.append(Compare(8, shadow_score(record, 8)))
    record.apply(log[-1])
    (award,) = record.awards
    expected = sum(deal.score or 0 for deal in record.daily_deals) - sum(
        deal.computer or 0 for deal in record.daily_deals
    )
    assert (award.player_id, award.points, award.tallies, award.daily) == ("anna", 0, (), expected)
    replayed = TableRecord.replay(record.id, record.config, log)
    assert replayed.awards == record.awards and replayed.daily_deals == record.daily_deals


def test_a_comparison_belongs_to_a_daily_deal_only() -> None:
    human, computer = (SeatKind.HUMAN, "easy"), (SeatKind.COMPUTER, "easy")
    config = TableConfig(
        "baska_kop", "kop", {"rule_set": "kop"}, (human, computer, computer, computer), 1, "t"
    )
    record, _ = TableRecord.new("plain", config)
    with pytest.raises(IllegalActionError, match="no settled deal of a daily deal"):
        record.apply(Compare(1, 3))


def test_a_comparison_is_stored_in_the_log_as_it_is() -> None:
    entry = Compare(3, -4)
    assert entry_to_dict(entry) == {"type": "compare", "deal": 3, "score": -4}
    assert entry_from_dict(entry_to_dict(entry)) == entry
