"""Speedbela rules, sections "Geben und Talon" and "Trumpf wählen" (seed 002).

"Jeder bekommt zuerst 6 Karten (3-3). Mit ihnen wird der Trumpf gewählt. Danach nimmt
jeder seinen Talon auf: zu viert 2 Karten (dann hat jeder 8), zu dritt 4 (10), zu zweit
6 (12). [...] Zu dritt und zu zweit bleiben Karten übrig (2 bzw. 8). Sie liegen verdeckt
als Kup und gehen am Ende an den Gewinner des letzten Stichs."

"Reihum, beginnend neben dem Geber, darf jeder eine Farbe zum Trumpf machen oder „dalje“
(weiter) sagen. Sagen alle „dalje“, muss der Geber einen Trumpf wählen (mus). Regel „neu
geben“: Dann wird stattdessen neu gegeben."
"""

from __future__ import annotations

import pytest

from engine.bela.constants import KUP, PACK, TALON, Options, TalonRule
from engine.bela.deal import Phase, choose_trump, deal, outcome, trump_illegality
from engine.cards import Suit


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_geben_six_cards_each_then_the_talon_and_the_kup(seats: int) -> None:
    state = deal(Options(), seats, 0, 7)
    assert [len(hand) for hand in state.hands] == [6] * seats
    assert [len(talon) for talon in state.talons] == [TALON[seats]] * seats
    assert len(state.kup) == KUP[seats] == {4: 0, 3: 2, 2: 8}[seats]
    dealt = [card for hand in state.hands + state.talons for card in hand] + list(state.kup)
    assert sorted(dealt, key=str) == sorted(PACK, key=str)
    choose_trump(state, state.turn, Suit.HEARTS)
    assert [len(hand) for hand in state.hands] == [{4: 8, 3: 10, 2: 12}[seats]] * seats
    assert all(not talon for talon in state.talons)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_talon_verdeckt_and_nachgeben_deal_the_same_cards(seats: int) -> None:
    for seed in range(20):
        face_down = deal(Options(talon=TalonRule.FACE_DOWN), seats, seed % seats, seed)
        dealt_after = deal(Options(talon=TalonRule.DEALT_AFTER), seats, seed % seats, seed)
        assert (face_down.hands, face_down.talons, face_down.kup) == (
            dealt_after.hands,
            dealt_after.talons,
            dealt_after.kup,
        )


def test_trumpf_waehlen_starts_left_of_the_dealer_and_goes_round() -> None:
    state = deal(Options(), 4, 2, 3)
    assert state.turn == 3
    assert trump_illegality(state, 0, Suit.CLUBS) == "it is seat 3's turn to choose the trump"
    choose_trump(state, 3, None)
    assert state.turn == 0
    choose_trump(state, 0, Suit.CLUBS)
    assert (state.trump, state.caller, state.phase, state.turn) == (Suit.CLUBS, 0, Phase.PLAY, 3)


def test_trumpf_waehlen_counter_clockwise_goes_the_other_way() -> None:
    state = deal(Options(counter_clockwise=True), 4, 2, 3)
    assert state.turn == 1
    choose_trump(state, 1, None)
    assert state.turn == 0


def test_trumpf_waehlen_mus_the_dealer_must_choose() -> None:
    state = deal(Options(), 3, 0, 5)
    choose_trump(state, 1, None)
    choose_trump(state, 2, None)
    assert (
        trump_illegality(state, 0, None) == "everyone else said dalje: the dealer must choose a trump (mus)"
    )
    assert trump_illegality(state, 0, Suit.SPADES) is None


def test_trumpf_waehlen_neu_geben_throws_the_deal_in() -> None:
    state = deal(Options(dealer_must_choose=False), 2, 0, 5)
    choose_trump(state, 1, None)
    assert trump_illegality(state, 0, None) is None
    choose_trump(state, 0, None)
    assert state.phase is Phase.FINISHED and state.thrown_in
    assert outcome(state).scores == (0, 0)
