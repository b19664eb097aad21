"""Engine texts rendered for a viewer: seat names and the Bavarian pack (server.texts)."""

from __future__ import annotations

from server.texts import Texts
from speedgamez.v1 import cards_pb2

NAMES = ("Anna", "Computer 1 (easy)", "seat 0 fan ♣Q", "Dora")


def test_seats_become_their_players_names() -> None:
    texts = Texts(NAMES)
    assert texts("Kontra by seat 3") == "Kontra by Dora"
    assert (
        texts("Zolo (seat 1) won with 60 to 44 points") == "Zolo (Computer 1 (easy)) won with 60 to 44 points"
    )


def test_a_name_is_never_rendered_again() -> None:
    assert Texts(NAMES, cards_pb2.CARD_NAMES_BAVARIAN)("Re by seat 2") == "Re by seat 0 fan ♣Q"


def test_symbols_stay_unless_the_bavarian_pack_is_asked_for() -> None:
    reason = "you must beat ♣10 because you can (for example with ♥A)"
    assert Texts(NAMES)(reason) == reason
    assert Texts(NAMES, cards_pb2.CARD_NAMES_SYMBOLS)(reason) == reason


def test_bavarian_names_cover_cards_suits_and_suit_words() -> None:
    texts = Texts(NAMES, cards_pb2.CARD_NAMES_BAVARIAN)
    assert texts("you must beat ♣10 because you can (for example with ♥A)") == (
        "you must beat Eichel 10 because you can (for example with Herz Sau)"
    )
    assert texts("♠Q ♦J ♣K") == "Gras Ober Schellen Unter Eichel König"
    assert texts("you cannot follow diamonds and must play a trump") == (
        "you cannot follow Schellen and must play a trump"
    )
    assert texts("you must follow ♠") == "you must follow Gras"


def test_a_seat_number_without_a_seat_stays_as_it_is() -> None:
    assert Texts(NAMES)("seat 7 is not open") == "seat 7 is not open"


def test_a_seat_beginning_a_sentence_becomes_its_players_name() -> None:
    texts = Texts(NAMES)
    assert texts("Seat 3 chose ♠ Laub: its party made 73 of 222 points (pao).") == (
        "Dora chose ♠ Laub: its party made 73 of 222 points (pao)."
    )
    assert texts("Seat 0 lost the Herz-Solo with 43 points.") == "Anna lost the Herz-Solo with 43 points."
