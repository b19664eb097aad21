"""Speedbela rules, section "Stechen" (seed 002).

"Die angespielte Farbe muss man bedienen und, wenn man kann, höher gehen (solange noch
nicht getrumpft ist). Kann man nicht bedienen, muss man trumpfen und, wenn möglich,
übertrumpfen; geht das nicht, untertrumpfen. Nur ohne Farbe und Trumpf darf man abwerfen.
Wird Trumpf angespielt, muss man Trumpf geben und, wenn man kann, höher stechen."

Karten: trump J 9 A 10 K Q 8 7; the other suits A 10 K Q J 9 8 7.
"""

from __future__ import annotations

from itertools import pairwise

from engine.bela.constants import DEAL_POINTS, PACK
from engine.bela.play import TrickOrder
from engine.cards import Card, Suit, parse_cards

HEARTS = TrickOrder(Suit.HEARTS)


def allowed(hand: str, trick: str, order: TrickOrder = HEARTS) -> dict[str, str]:
    reasons = order.playable(parse_cards(hand), parse_cards(trick))
    return {str(card): why for card, why in reasons.items()}


def playable(hand: str, trick: str) -> set[str]:
    return {card for card, why in allowed(hand, trick).items() if not why}


def test_karten_trump_order_jack_nine_ace_ten_king_queen_eight_seven() -> None:
    trumps = parse_cards("JH 9H AH TH KH QH 8H 7H")
    for higher, lower in pairwise(trumps):
        assert HEARTS.beats(higher, lower) and not HEARTS.beats(lower, higher)


def test_karten_plain_order_ace_ten_king_queen_jack_nine_eight_seven() -> None:
    plain = parse_cards("AS TS KS QS JS 9S 8S 7S")
    for higher, lower in pairwise(plain):
        assert HEARTS.beats(higher, lower)


def test_karten_points_152_and_162_with_the_last_trick() -> None:
    assert len(PACK) == 32
    assert HEARTS.points(PACK) == 152
    assert DEAL_POINTS == 162


def test_stechen_anyone_may_lead_any_card() -> None:
    assert playable("JH AS 7D", "") == {"JH", "AS", "7D"}


def test_stechen_follow_the_led_suit_and_go_higher_if_you_can() -> None:
    reasons = allowed("AS 9S JH 7D", "TS")
    assert {card for card, why in reasons.items() if not why} == {"AS"}
    assert reasons["9S"] == "you must go higher than ♠10: you can with ♠A"
    assert reasons["JH"] == "you must follow spades"


def test_stechen_following_lower_is_allowed_when_no_card_is_higher() -> None:
    assert playable("9S 7S JH", "AS") == {"9S", "7S"}


def test_stechen_no_duty_to_go_higher_once_the_trick_is_trumped() -> None:
    # Seat 2 trumped the spade lead; the next follows spades with any spade.
    assert playable("AS 9S 7D", "TS 7H") == {"AS", "9S"}


def test_stechen_void_must_trump() -> None:
    reasons = allowed("7H 8D AC", "AS")
    assert {card for card, why in reasons.items() if not why} == {"7H"}
    assert reasons["AC"] == "you cannot follow spades and must trump"


def test_stechen_void_must_overtrump_when_the_trick_is_trumped() -> None:
    reasons = allowed("JH 8H AC", "AS 9H")
    assert {card for card, why in reasons.items() if not why} == {"JH"}
    assert reasons["8H"] == "you must overtrump ♥9: you can with ♥J"
    assert reasons["AC"] == "you cannot follow spades and must trump"


def test_stechen_void_undertrumps_when_it_cannot_overtrump() -> None:
    reasons = allowed("8H 7H AC", "AS JH")
    assert {card for card, why in reasons.items() if not why} == {"8H", "7H"}
    assert reasons["AC"] == "you cannot follow spades nor overtrump ♥J and must undertrump"


def test_stechen_without_suit_and_trump_throw_anything() -> None:
    assert playable("AC 7D", "AS JH") == {"AC", "7D"}


def test_stechen_trump_lead_must_be_followed_with_a_higher_trump_if_possible() -> None:
    reasons = allowed("9H 8H AS", "AH")
    assert {card for card, why in reasons.items() if not why} == {"9H"}
    assert reasons["8H"] == "you must go higher than ♥A: you can with ♥9"
    assert reasons["AS"] == "you must follow hearts (trump)"


def test_stechen_trump_lead_lower_trump_when_none_is_higher() -> None:
    assert playable("8H 7H AS", "JH") == {"8H", "7H"}


def test_stechen_the_partner_winning_frees_no_one_from_overtrumping() -> None:
    # Seat 1 led spades, the partner (seat 3 of four) trumps with the 9; void again, the
    # next must still overtrump his own partner.
    assert playable("JH 7H", "AS 7S 9H") == {"JH"}


def test_stechen_highest_trump_wins_else_highest_of_the_led_suit() -> None:
    assert HEARTS.best_index(parse_cards("AS TS 7H KS")) == 2
    assert HEARTS.best_index(parse_cards("TS AS AC KS")) == 1
    assert HEARTS.best_index(parse_cards("9H JH AH TH")) == 1
    assert HEARTS.beats(Card.parse("7H"), Card.parse("AS"))
