"""Speedbela rules, section "Zvanja (Meldungen)" (seed 002) with SPEC §2.

"Folgen gelten in der Reihe 7 8 9 10 Unter Ober König Ass. Es zählt nur die Partei mit
der stärksten Meldung (höherer Wert, dann längere Folge, dann höhere Karte, dann Trumpf)
– dann alle ihre Meldungen." SPEC: sequences of 3 = 20, 4 = 50, 5–7 = 100; four jacks
200, four nines 150, four aces, tens, kings or queens 100; four 8s/7s nothing; ties go to
the seat that declared first in playing order.
"""

from __future__ import annotations

import pytest

from engine.bela.constants import Display
from engine.bela.zvanja import Meld, MeldKind, compare, find_melds
from engine.cards import Suit, parse_cards


def melds(hand: str, belot_counts_100: bool = False) -> list[tuple[str, int]]:
    return [(meld.text(), meld.value) for meld in find_melds(parse_cards(hand), belot_counts_100)]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("9H TH JH", [("Zwanzig – Neun bis Unter Herz", 20)]),
        ("7S 8S 9S TS", [("Fünfzig – Sieben bis Zehn Laub", 50)]),
        ("TC JC QC KC AC", [("Hundert – Zehn bis Ass Eichel", 100)]),
        ("8D 9D TD JD QD KD AD", [("Hundert – Acht bis Ass Schellen", 100)]),
    ],
)
def test_zvanja_sequences_in_the_order_seven_to_ace_are_20_50_100(hand: str, expected: list) -> None:
    assert melds(hand) == expected


def test_zvanja_two_cards_in_a_row_and_gaps_are_no_sequence() -> None:
    assert melds("9H TH QH KH 7S 9S") == []


def test_zvanja_a_run_of_six_is_one_sequence_not_two() -> None:
    assert melds("7C 8C 9C TC JC QC") == [("Hundert – Sieben bis Ober Eichel", 100)]


@pytest.mark.parametrize(
    ("rank", "value", "words"),
    [("J", 200, "Zweihundert – vier Unter"), ("9", 150, "Hundertfünfzig – vier Neunen"),
     ("A", 100, "Hundert – vier Asse"), ("T", 100, "Hundert – vier Zehnen"),
     ("K", 100, "Hundert – vier Könige"), ("Q", 100, "Hundert – vier Ober")],
)  # fmt: skip
def test_zvanja_four_of_a_kind(rank: str, value: int, words: str) -> None:
    assert melds(" ".join(rank + suit for suit in "CSHD")) == [(words, value)]


def test_zvanja_four_eights_or_sevens_count_nothing() -> None:
    assert melds("8C 8S 8H 8D 7C 7S 7H 7D") == []


def test_zvanja_a_card_may_be_in_one_sequence_and_one_four_of_a_kind() -> None:
    assert melds("9H TH JH JC JS JD") == [
        ("Zwanzig – Neun bis Unter Herz", 20),
        ("Zweihundert – vier Unter", 200),
    ]


def test_zvanja_french_display_names_bube_dame_and_french_suits() -> None:
    (meld,) = find_melds(parse_cards("9D TD JD QD"))
    assert meld.text(Display.FRENCH) == "Fünfzig – Neun bis Dame Karo"


def test_belot_all_eight_of_a_suit_wins_the_partie_or_counts_100() -> None:
    hand = "7S 8S 9S TS JS QS KS AS"
    (belot,) = find_melds(parse_cards(hand))
    assert belot.kind is MeldKind.BELOT and belot.value == 0 and belot.text() == "Belot – alle acht Laub"
    (counted,) = find_melds(parse_cards(hand), belot_counts_100=True)
    assert counted.value == 100


def declared(*hands: str) -> dict[int, tuple[Meld, ...]]:
    return {seat: find_melds(parse_cards(hand)) for seat, hand in enumerate(hands) if hand}


def test_zvanja_higher_value_wins() -> None:
    result = compare(declared("9H TH JH", "7S 8S 9S TS"), [0, 1], Suit.CLUBS)
    assert result is not None and result.seat == 1 and result.beaten == {0: "mehr Punkte"}


def test_zvanja_equal_value_the_longer_sequence_wins() -> None:
    # Four kings (100) against a sequence of five (100).
    result = compare(declared("KC KS KH KD", "7S 8S 9S TS JS"), [0, 1], Suit.CLUBS)
    assert result is not None and result.seat == 1 and result.beaten == {0: "längere Folge"}


def test_zvanja_equal_length_the_higher_top_card_wins() -> None:
    result = compare(declared("9H TH JH", "TS JS QS"), [0, 1], Suit.CLUBS)
    assert result is not None and result.seat == 1 and result.beaten == {0: "höhere Karte"}


def test_zvanja_equal_height_the_trump_sequence_wins() -> None:
    result = compare(declared("9H TH JH", "9S TS JS"), [0, 1], Suit.SPADES)
    assert result is not None and result.seat == 1 and result.beaten == {0: "Trumpf"}


def test_zvanja_all_equal_the_first_to_declare_in_playing_order_wins() -> None:
    result = compare(declared("9H TH JH", "9S TS JS"), [1, 0], Suit.CLUBS)
    assert result is not None and result.seat == 1 and result.beaten == {0: "zuerst angesagt"}


def test_zvanja_a_seat_compares_with_its_strongest_meld() -> None:
    result = compare(declared("9H TH JH 7C 8C 9C TC", "9S TS JS QS"), [0, 1], Suit.CLUBS)
    # Both hold a 50; seat 0's runs to 10 only, seat 1's to the Ober.
    assert result is not None and result.seat == 1 and result.beaten == {0: "höhere Karte"}


def test_zvanja_nobody_worth_anything_means_no_comparison() -> None:
    assert compare(declared("8C 8S 8H 8D", "9S JS"), [0, 1], Suit.CLUBS) is None
