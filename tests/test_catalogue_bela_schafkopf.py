"""German for Bela and Schafkopf (``server.catalogue.bela``, ``server.catalogue.schafkopf``):
texts the engines write, as a German reader reads them in the French pack's German names
(Kreuz, Pik; B, D) and in the Bavarian pack (Eichel, Gras; Unter, Ober, Sau)."""

from __future__ import annotations

from engine.bela.play import TrickOrder as BelaTrickOrder
from engine.cards import Card, Rank, Suit, parse_cards
from engine.schafkopf.constants import Kind, Options, Pack
from engine.schafkopf.play import CalledAce
from engine.schafkopf.play import TrickOrder as SchafkopfTrickOrder
from engine.schafkopf.scoring import PlayedGame, settle
from server.texts import Texts, Wording
from speedgamez.v1 import cards_pb2, table_service_pb2

NAMES = ("Anna", "Computer 1 (easy)", "Computer 2 (easy)", "Computer 3 (easy)")
GERMAN = Texts(NAMES, Wording(language=table_service_pb2.LANGUAGE_GERMAN))
BAVARIAN = Texts(NAMES, Wording(cards_pb2.CARD_NAMES_BAVARIAN, table_service_pb2.LANGUAGE_GERMAN))


def test_bela_duties_name_the_suit_and_the_cards_in_the_readers_pack() -> None:
    hearts = BelaTrickOrder(Suit.HEARTS)
    follow = hearts.playable(parse_cards("7H AC"), parse_cards("KH"))[Card.parse("AC")]
    assert GERMAN(follow) == "Du musst Herz (Trumpf) bedienen"
    higher = hearts.playable(parse_cards("AS 7S"), parse_cards("KS"))[Card.parse("7S")]
    assert GERMAN(higher) == "Du musst ♠K überstechen: das kannst du mit ♠A"
    assert BAVARIAN(higher) == "Du musst Gras König überstechen: das kannst du mit Gras Sau"
    clubs = BelaTrickOrder(Suit.CLUBS)
    under = clubs.playable(parse_cards("7C AH"), parse_cards("AS JC"))[Card.parse("AH")]
    assert GERMAN(under) == "Du kannst Pik weder bedienen noch ♣B übertrumpfen und musst untertrumpfen"
    assert BAVARIAN(under) == (
        "Du kannst Gras weder bedienen noch Eichel Unter übertrumpfen und musst untertrumpfen"
    )


def test_bela_turns_declarations_and_settlement_read_german() -> None:
    assert (
        GERMAN("it is seat 2's turn to choose the trump") == "Computer 2 (easy) ist mit der Trumpfwahl dran"
    )
    assert GERMAN("Zwanzig – Sieben bis Neun Karo (beaten, höhere Karte)") == (
        "Zwanzig – Sieben bis Neun Karo (überboten, höhere Karte)"
    )
    assert GERMAN("Hundert – vier Asse (leads)") == "Hundert – vier Asse (liegt vorn)"
    assert GERMAN("pao: 58 of 202 points, more than half needed") == (
        "pao: 58 von 202 Punkten, mehr als die Hälfte nötig"
    )
    assert GERMAN("Seat 0 chose ♥ Herz: its party made 58 of 202 points (pao).") == (
        "Anna hat ♥ Herz gewählt; die Partei hat 58 von 202 Punkten gemacht (pao)."
    )
    assert (
        GERMAN("fallen: the caller's party gets nothing") == "Gefallen: die spielende Partei bekommt nichts"
    )


def test_schafkopf_duties_of_the_called_sau_read_german() -> None:
    rufspiel = SchafkopfTrickOrder.of(Kind.RUFSPIEL, None, Pack.LONG)
    called = CalledAce(Card(Suit.SPADES, Rank.ACE), 4)
    searched = rufspiel.playable(parse_cards("AS 7S QC"), parse_cards("KS"), called)[Card.parse("7S")]
    assert GERMAN(searched) == "Gras ist gesucht: du musst die gerufene Gras-Sau zugeben"
    trump = rufspiel.playable(parse_cards("JH 8C"), parse_cards("QC"))[Card.parse("8C")]
    assert BAVARIAN(trump) == "Du musst Trumpf bedienen"
    assert GERMAN("seat 3 announced rufspiel: announce a higher game or pass") == (
        "Computer 3 (easy) hat Rufspiel angesagt: sag ein höheres Spiel an oder sag weiter"
    )


def test_a_schafkopf_solo_won_schwarz_with_kontra_and_re_settles_in_german() -> None:
    ober_unter = [Card(suit, rank) for rank in (Rank.QUEEN, Rank.JACK) for suit in Suit]
    others = [parse_cards(hand) for hand in ("AC TC KC 9C 8C 7C AS TS", "KS 9S 8S 7S AD TD KD 9D")]
    others.append(parse_cards("8D 7D AH TH KH 9H 8H 7H"))
    tricks = tuple(
        (0, ((0, ober_unter[index]), *((seat, others[seat - 1][index]) for seat in (1, 2, 3))))
        for index in range(8)
    )
    game = PlayedGame(
        Kind.SOLO, Suit.HEARTS, 0, frozenset({0}), (tuple(ober_unter), *others), tricks, stoss=(1, 0)
    )
    steps = settle(Options(), game, SchafkopfTrickOrder.of(Kind.SOLO, Suit.HEARTS, Pack.LONG)).steps
    assert [GERMAN(step.label) for step in steps] == [
        "Solo",
        "Schneider",
        "Schwarz: alle Stiche",
        "8 Laufende mit",
        "Gewonnen mit 120 von 120 Punkten",
        "Kontra von Computer 1 (easy)",
        "Re von Anna",
        "Computer 1 (easy) zahlt an Anna",
        "Computer 2 (easy) zahlt an Anna",
        "Computer 3 (easy) zahlt an Anna",
    ]
    assert (
        GERMAN("Seat 0 won the Herz-Solo with 120 points.") == "Herz-Solo: Anna hat mit 120 Punkten gewonnen."
    )
