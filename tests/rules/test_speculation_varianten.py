"""Seed 004 "Varianten" and SPEC §2's carry-over: Foster's face-card turn-up (sold, then
every card turned at once, no face-down trading), Parlett's fives and jacks (a chip into
the pool; nothing at 0 chips), Parlett's extra hand (a higher trump there keeps the pool;
nobody may buy it) and the pool carried when no seat turns up a trump."""

from __future__ import annotations

import pytest

from engine.errors import IllegalActionError
from engine.speculation import DealState, Options, Phase
from engine.speculation.blocks import PoolCarried
from tests.rules.speculation_helpers import GAME, act, carried, notices, sell_to, stacked

PILES = ["2C 3C 4C", "5C 6C 7C", "8C QH TC", "JC QC KC"]


def play_out(state: DealState) -> None:
    """Everyone keeps and turns in turn to the end of the deal."""
    while GAME.result(state) is None:
        (seat,) = GAME.to_act(state)
        act(state, seat, "keep" if state.phase is Phase.SALE else "reveal")


def test_foster_a_turned_face_card_is_sold_then_all_cards_are_turned_at_once() -> None:
    state = stacked(PILES, "JH", dealer=0, options=Options(foster=True))
    assert state.foster and GAME.may_act(state) == frozenset()
    with pytest.raises(IllegalActionError):
        act(state, 0, f"offer 1 {state.piles[1][0].slot_id} 1")
    sell_to(state, seller=0, buyer=3, chips=2)
    result = GAME.result(state)
    assert result is not None and result.winners == {2}  # the queen of hearts, no sale asked
    assert all(not pile for pile in state.piles)


def test_foster_other_turn_ups_are_played_as_usual() -> None:
    state = stacked(PILES, "9H", dealer=0, options=Options(foster=True))
    assert not state.foster
    act(state, 0, "keep")
    assert state.phase is Phase.REVEAL


def test_fuenfen_und_buben_a_five_or_a_jack_turned_up_costs_a_chip_into_the_pool() -> None:
    state = stacked(
        ["2C 3C 4C", "5C 6C 7C", "8C QH TC", "JC QC KC"], "9H", options=Options(fives_and_jacks=True)
    )
    act(state, 0, "keep")
    act(state, 1, "reveal")  # ♣5
    act(state, 2, "reveal")
    act(state, 3, "reveal")  # ♣J
    assert state.chips == [34, 35, 36, 35] and state.pool == 20


def test_fuenfen_und_buben_nothing_is_paid_at_zero_chips() -> None:
    state = stacked(PILES, "9H", options=Options(fives_and_jacks=True), chips=[40, 4, 40, 40])
    act(state, 0, "keep")
    act(state, 1, "reveal")
    assert state.chips[1] == 0 and state.pool == 18


def test_extra_hand_a_higher_trump_there_keeps_the_pool_for_the_next_deal() -> None:
    state = stacked(PILES, "9H", options=Options(extra_hand=True), extra="KH 2D 3D")
    assert len(state.extra) == 3
    with pytest.raises(IllegalActionError, match="nobody's"):
        act(state, 1, f"offer 0 {state.extra[0].slot_id} 1")
    play_out(state)
    result = GAME.result(state)
    assert result is not None and result.winners == frozenset()
    assert state.extra_cards and state.pool_left == 18
    carry = GAME.carry_after(Options(extra_hand=True), GAME.initial_carry(Options(), 4), result)
    assert carried(carry, "pool") == 18
    following = GAME.new_deal(Options(extra_hand=True), 4, 1, 7, carry)
    assert following.pool == 18 + 18


def test_extra_hand_without_a_higher_trump_the_owner_wins() -> None:
    state = stacked(PILES, "9H", options=Options(extra_hand=True), extra="8H 2D 3D")
    play_out(state)
    result = GAME.result(state)
    assert result is not None and result.winners == {2}


def test_carry_over_the_pool_stays_when_no_seat_turns_up_a_trump() -> None:
    state = stacked(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], "9H", options=Options(carry_over=True))
    events: list[object] = []
    while GAME.result(state) is None:
        (seat,) = GAME.to_act(state)
        events += notices(act(state, seat, "keep" if state.phase is Phase.SALE else "reveal"))
    assert PoolCarried(18, "no seat turned up a trump") in events
    assert state.winner == -1 and state.pool_left == 18


def test_carry_over_a_trump_turned_up_by_a_seat_wins_as_usual() -> None:
    state = stacked(PILES, "9H", options=Options(carry_over=True))
    play_out(state)
    assert state.winner == 2
