"""Schafkopf rules, section "Die Spielarten: Solo" (seed 003) with SPEC §2.

"Beim Solo sind alle Unter und alle Ober sowie alle Karten einer vom Spieler gewählten
Farbe (die der Spieler nicht unbedingt besitzen muss) Trumpf. Die Reihenfolge der Trümpfe
ist hierbei (höchster Trumpf zuerst): Eichel-Ober, Gras-Ober, Herz-Ober, Schellen-Ober,
Eichel-Unter, Gras-Unter, Herz-Unter, Schellen-Unter, Farb-As, Farb-Zehn, Farb-König,
Farb-Neun, Farb-Acht, Farb-Sieben. Der Spieler spielt allein gegen die drei Gegner, die
zusammengehören." SPEC: solo tariff 50 (club), Laufende from 3.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce
from engine.cards import Suit
from engine.schafkopf.blocks import SchafkopfSettlement
from engine.schafkopf.constants import Kind, Options, Pack
from engine.schafkopf.deal import Phase
from engine.schafkopf.play import trumps
from tests.rules.schafkopf_helpers import GAME, bid, cards, legal, play_cards, rigged

EICHEL_SOLO = Announce("solo", Suit.CLUBS)
# Seat 0 holds the three highest Ober and Eichel-Sau, -Zehn, -König, with Gras-Sau and
# Schellen-7; the defenders hold eight trumps between them.
HANDS = [
    "EO GO HO EA EZ EK GA S7",
    "SO EU E9 GK G9 G8 HA H7",
    "GU HU E8 GZ G7 HZ HK H9",
    "SU E7 SZ SK S9 S8 SA H8",
]
# Three rounds of trumps draw the defenders' trumps; seat 3 takes the Schellen-7 with
# the Sau (11), seat 0 everything else (109).
FIRST_FOUR_TRICKS = "EO E9 E8 E7 GO EU HU SU HO SO GU S8 GA G8 G7 S9"
REST = "S7 H7 H9 SA SZ EK G9 HK EA GK GZ SK EZ HA HZ H8"


@pytest.mark.parametrize("suit", list(Suit), ids=lambda suit: suit.name.lower())
def test_solo_trumps_ober_then_unter_then_the_chosen_suit(suit: Suit) -> None:
    letter = {Suit.CLUBS: "E", Suit.SPADES: "G", Suit.HEARTS: "H", Suit.DIAMONDS: "S"}[suit]
    expected = cards("EO GO HO SO EU GU HU SU " + " ".join(letter + rank for rank in "AZK987"))
    assert trumps(Kind.SOLO, suit, Pack.LONG) == expected
    state = rigged(HANDS, Options(aufstellen=False))
    bid(state, {0: Announce("solo", suit)})
    assert tuple(rung.card for rung in GAME.view(state, 0).ladder) == expected


def test_solo_in_the_short_pack_the_suit_runs_to_the_neun() -> None:
    assert trumps(Kind.SOLO, Suit.DIAMONDS, Pack.SHORT) == cards("EO GO HO SO EU GU HU SU SA SZ SK S9")


def test_solo_the_declarer_need_not_hold_the_suit() -> None:
    # Seat 0 holds no Herz but the Herz-Ober, which is an Ober.
    state = rigged(HANDS, Options(aufstellen=False))
    GAME.check(state, 0, Announce("solo", Suit.HEARTS))
    bid(state, {0: Announce("solo", Suit.HEARTS)})
    assert state.contract is not None and state.contract.kind is Kind.SOLO


def test_solo_an_ober_of_another_suit_does_not_follow_that_suit() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    bid(state, {0: EICHEL_SOLO})
    play_cards(state, FIRST_FOUR_TRICKS)
    play_cards(state, "S7")
    # Seat 1's only Schellen was the Schellen-Ober, a trump: he is free.
    assert legal(state, 1) == set(state.hands[1]) == set(cards("GK G9 HA H7"))
    play_cards(state, "H7 H9")
    assert legal(state, 3) == set(cards("SZ SK SA"))


def test_solo_settled_alone_against_three_with_schneider_and_three_laufende() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    bid(state, {0: EICHEL_SOLO})
    assert state.declarers == frozenset({0})
    play_cards(state, FIRST_FOUR_TRICKS + " " + REST)
    assert state.phase is Phase.FINISHED
    result = GAME.result(state)
    assert result is not None
    assert result.card_points == (109, 0, 0, 11)
    assert result.contract_label == "Eichel-Solo"
    # 50 + 10 Schneider + 3 Laufende × 10 = 90 from each defender.
    assert result.value == 90
    assert result.scores == (270, -90, -90, -90)
    assert isinstance(result.detail, SchafkopfSettlement)
    assert result.detail.schneider and not result.detail.schwarz
    assert result.detail.laufende == 3 and result.detail.laufende_with_declarers
    assert result.summary == "Seat 0 won the Eichel-Solo with 109 points."
