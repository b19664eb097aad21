"""Seed 004 "Spielende": play until each has dealt twice (an option); the most chips win.
And where the seed is silent: a seat that cannot pay the ante sits out, the deal passes to
the next seat that can pay the dealer's, and with fewer than three seats left the match ends."""

from __future__ import annotations

from engine.match import Match, MatchPhase
from engine.speculation import Options
from engine.speculation.blocks import Keep, Reveal, SpeculationSettlement
from tests.rules.speculation_helpers import GAME, carried


def play_quietly(match: Match) -> None:
    """Nobody trades: each keeps his trump and turns when asked."""
    while match.phase is not MatchPhase.FINISHED:
        seat = min(match.to_act())
        keep = match.deal.phase.value == "sale"
        match.apply(seat, Keep() if keep else Reveal())


def test_spielende_each_deals_twice_and_the_most_chips_win() -> None:
    for seats in (3, 5, 9):
        match = Match(GAME, Options(), seats, seats, humans=frozenset())
        play_quietly(match)
        assert match.deals_played == 2 * seats
        assert sum(match.totals) + carried(match.carry, "pool") == 40 * seats
        best = max(match.totals)
        assert match.winners == {seat for seat in range(seats) if match.totals[seat] == best}


def test_spielende_the_number_of_deals_each_is_an_option() -> None:
    match = Match(GAME, Options(deals_each=1), 4, 4, humans=frozenset())
    play_quietly(match)
    assert match.deals_played == 4
    assert GAME.match_length(Options(deals_each=1)).deals_each == 1


def test_seats_short_of_chips_sit_out_and_under_three_seats_the_match_ends() -> None:
    match = Match(GAME, Options(chips=12, deals_each=10), 4, 11, humans=frozenset())
    play_quietly(match)
    chips = carried(match.carry, "chips")
    assert match.deals_played < 40
    assert sum(count >= 4 for count in chips) < 3 or max(chips) < 6
    assert all(count >= 0 for count in chips)


def test_the_deal_passes_to_the_next_seat_that_can_pay_the_dealers_ante() -> None:
    options = Options()
    state = GAME.new_deal(
        options, 4, 0, 3, {"pack": [], "seen": [], "chips": [40, 3, 40, 40], "pool": 0, "deal": 0}
    )
    while (result := GAME.result(state)) is None:
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, Keep() if state.phase.value == "sale" else Reveal())
    assert isinstance(result.detail, SpeculationSettlement)
    assert 1 not in state.playing and result.detail.chips[1] == 3
    assert GAME.next_dealer(options, 4, 0, result) == 2
