"""Seed 004 "Aufdecken": turning starts left of the dealer (or of the turn-up's buyer); the
owner of the best trump and empty stacks are skipped; after a new best trump the turn goes
on left of its owner; the round ends when only the owner's cards are face down, or at the
trump ace; turning out of turn is refused."""

from __future__ import annotations

import pytest

from engine.errors import IllegalActionError
from engine.speculation import Phase
from tests.rules.speculation_helpers import GAME, act, sell_to, stacked


def test_aufdecken_1_the_player_left_of_the_dealer_begins() -> None:
    state = stacked(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], "9H", dealer=2)
    act(state, 2, "keep")
    assert GAME.to_act(state) == {3}


def test_aufdecken_1_after_the_turn_up_is_sold_the_player_left_of_the_buyer_begins() -> None:
    state = stacked(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], "9H", dealer=0)
    sell_to(state, seller=0, buyer=2, chips=3)
    assert GAME.to_act(state) == {3}


def test_aufdecken_3_the_owner_of_the_best_trump_and_empty_stacks_are_skipped() -> None:
    state = stacked(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], "9H", dealer=0)
    act(state, 0, "keep")
    order = []
    while state.phase is Phase.REVEAL:
        (seat,) = GAME.to_act(state)
        order.append(seat)
        act(state, seat, "reveal")
    # The dealer owns the 9 and is never asked; the others turn in turn.
    assert order == [1, 2, 3] * 3
    assert GAME.result(state) is not None and len(state.piles[0]) == 3


def test_aufdecken_4_after_a_new_best_trump_the_turn_goes_on_left_of_its_owner() -> None:
    state = stacked(["2C 3C 4C", "5C 6C 7C", "8C QH TC", "JC QC KC"], "9H", dealer=0)
    act(state, 0, "keep")
    for seat in [1, 2, 3, 1]:
        act(state, seat, "reveal")
    act(state, 2, "reveal")  # the queen of hearts
    assert state.phase is Phase.SALE and state.owner == 2
    act(state, 2, "keep")
    assert GAME.to_act(state) == {3}
    # The old owner turns again now; the new one is skipped.
    for seat in [3, 0, 1, 3, 0, 0]:
        assert GAME.to_act(state) == {seat}
        act(state, seat, "reveal")
    result = GAME.result(state)
    assert result is not None and result.winners == {2}


def test_aufdecken_ende_der_runde_the_trump_ace_ends_the_round_at_once() -> None:
    state = stacked(["2C 3C 4C", "AH 6C 7C", "8C 9C TC", "JC QC KC"], "9H", dealer=0)
    act(state, 0, "keep")
    act(state, 1, "reveal")
    result = GAME.result(state)
    assert result is not None and result.winners == {1}
    assert sum(len(pile) for pile in state.piles) == 11


def test_aufdecken_revealing_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = stacked(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], "9H", dealer=0)
    act(state, 0, "keep")
    before = GAME.view(state, None)
    with pytest.raises(IllegalActionError, match="seat 1's turn"):
        act(state, 2, "reveal")
    with pytest.raises(IllegalActionError, match="you own the best trump"):
        act(state, 0, "reveal")
    assert GAME.view(state, None) == before
