"""German for Baśka/Kop and Speculation (``server.catalogue.baska_kop``,
``server.catalogue.speculation``): texts the engines and the computer players write, as a
German reader reads them in the French pack's German names (Kreuz, Pik; B, D) and in the
Bavarian pack (Eichel, Gras; Unter, Ober, Sau)."""

from __future__ import annotations

from engine.actions import parse_action
from engine.baska_kop.constants import Contract, RuleSet
from engine.baska_kop.play import card_order
from engine.cards import Card, parse_cards
from engine.speculation.blocks import ACTIONS
from engine.speculation.market import cards_named
from server.texts import Texts, Wording
from speedgamez.v1 import cards_pb2, table_service_pb2
from tests.rules import baska_kop_helpers as baska_kop
from tests.rules import speculation_helpers as speculation
from tests.rules.baska_kop_helpers import passes, play_deal, result, run, tricks

NAMES = ("Anna", "Ben", "Carla", "Dan")
GERMAN = Texts(NAMES, Wording(language=table_service_pb2.LANGUAGE_GERMAN))
BAVARIAN = Texts(NAMES, Wording(cards_pb2.CARD_NAMES_BAVARIAN, table_service_pb2.LANGUAGE_GERMAN))


# Baśka and Kop -------------------------------------------------------------------------


def test_baska_kop_duties_name_the_suit_and_the_cards_in_the_readers_pack() -> None:
    order = card_order(RuleSet.BASKA, Contract.NORMAL)
    # ♣A led (a plain card in Baśka); no club in hand but a trump: the trump must be played.
    trump = order.playable(parse_cards("QD AS"), parse_cards("AC"))[Card.parse("AS")]
    assert GERMAN(trump) == "Du kannst Kreuz nicht bedienen und musst trumpfen"
    assert BAVARIAN(trump) == "Du kannst Eichel nicht bedienen und musst trumpfen"
    beat = order.playable(parse_cards("QH JD"), parse_cards("JS"))[Card.parse("JD")]
    assert GERMAN(beat) == "Du musst ♠B überstechen, weil du es kannst (zum Beispiel mit ♥D)"
    assert BAVARIAN(beat) == "Du musst Gras Unter überstechen, weil du es kannst (zum Beispiel mit Herz Ober)"


def test_baska_kop_bidding_labels_refusals_and_meanings_read_german() -> None:
    state = baska_kop.new_deal("kop", ["AH TC TS TH", "QC QS QH QD", "JC JS JH JD", "AD TD AC AS"])
    choices = {choice.label: choice for choice in baska_kop.GAME.choices(state, 0)}
    assert [GERMAN(label) for label in choices] == [
        "Passen",
        "Wesele (1 Punkt)",
        "Zolo (5 Punkte)",
        "Zolo du (10 Punkte)",
        "Kop (20 Punkte)",
        "Kontra",
    ]
    wesele = choices["Wesele (1 point)"]
    assert GERMAN(wesele.reason) == "Nur wer beide schwarzen Damen hat, darf Wesele ansagen"
    assert BAVARIAN(choices["Kop (20 points)"].meaning) == (
        "Du hast Herz Sau Eichel 10 Gras 10 Herz 10, legst deine Karten offen hin und gewinnst sofort"
    )
    run(state, [(0, "zolo")])
    refused = {GERMAN(choice.label): GERMAN(choice.reason) for choice in baska_kop.GAME.choices(state, 1)}
    assert refused["Wesele (1 Punkt)"] == "Wesele steht nicht über Zolo, das schon angesagt ist"
    contract = baska_kop.GAME.view(state, 1).contract
    assert contract is not None
    assert GERMAN(contract.trump_note) == (
        "14 Trümpfe, der höchste zuerst, wie die Trumpfleiter zeigt; einer spielt allein gegen drei"
    )


def test_baska_kop_settlement_of_a_tie_with_a_struck_double_reads_german() -> None:
    # The Old (seats 0 and 1) and the Young end 52:52; Kontra and Re both come from the Young.
    hands = ["QC JH JD JC", "QS AC TH AD", "QD TD JS QH", "TC AH AS TS"]
    bidding = [*passes(0, 1), (2, "double"), (3, "double"), *passes(0, 1, 2)]
    play = tricks((0, "JD TH QH AH"), (3, "AS QC QS TD"), (0, "JH AD QD TS"), (2, "JS TC JC AC"))
    settled = result(play_deal("baska", hands, bidding + play))
    assert [(GERMAN(step.label), GERMAN(step.note)) for step in settled.steps] == [
        ("Grundwert: Normalspiel", ""),
        ("52:52: Das letzte gültige Doppel ist Kontra von Carla, also verliert diese Partei", ""),
        ("Kontra von Carla", ""),
        ("Re von Dan", "Re kam von derselben Partei wie Kontra davor, also zählen beide zusammen nur einmal"),
    ]
    assert GERMAN(settled.summary) == (
        "Normalspiel: Die Alten (Anna und Ben) haben gegen die Jungen (Carla und Dan) "
        "mit 52 zu 52 Augen gewonnen; Wert 2 Punkte"
    )


def test_baska_kop_a_lost_solo_and_the_computers_reasons_read_german() -> None:
    # Seat 0 plays Zolo alone and ends 52:52 without a double.
    hands = ["QS JH AD QC", "JD QH QD TC", "TH JC AH AC", "TD JS TS AS"]
    play = tricks((0, "QS JD TH JS"), (2, "AC TD JH TC"), (0, "AD QD AH TS"), (2, "JC AS QC QH"))
    settled = result(play_deal("baska", hands, [(0, "zolo"), *passes(1, 2, 3), *play]))
    assert GERMAN(settled.summary) == (
        "Zolo: Anna hat allein gegen Ben, Carla und Dan mit 52 zu 52 Augen verloren; Wert 10 Punkte"
    )
    assert [GERMAN(step.label) for step in settled.steps] == [
        "Grundwert: Zolo",
        "52:52 ohne gültiges Doppel: der Solospieler verliert",
        "Baśka: der Solospieler verliert, darum zählt es doppelt",
    ]
    assert GERMAN("thinks its own side is clearly ahead") == "hält die eigene Partei für klar vorn"
    assert GERMAN("expects to win Baśka alone") == "rechnet damit, Baśka allein zu gewinnen"
    assert GERMAN("Kop cannot lose, so the hand is laid down") == (
        "Kop kann nicht verlieren, darum werden die Karten hingelegt"
    )


# Speculation ---------------------------------------------------------------------------


def test_speculation_market_choices_and_history_read_german() -> None:
    state = speculation.stacked(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], "9H")
    labels = [GERMAN(choice.label) for choice in speculation.GAME.choices(state, 0)]
    assert labels[:3] == ["♥9 behalten", "♥9 verkaufen", "Für die oberste Karte von Ben 1 Chip bieten"]
    speculation.act(state, 0, "sell")
    assert [BAVARIAN(choice.label) for choice in speculation.GAME.choices(state, 1)][:2] == [
        "Kein Gebot",
        "1 Chip für Herz 9 bieten",
    ]
    top_two = state.stack(2)[:2]
    speculation.act(state, 1, f"offer 2 {top_two[0]},{top_two[1]} 3")
    answers = [GERMAN(choice.label) for choice in speculation.GAME.choices(state, 2)][2:4]
    assert answers == [
        "An Ben verkaufen: deine obersten zwei verdeckten Karten für 3 Chips",
        "3 Chips von Ben für deine obersten zwei verdeckten Karten ablehnen",
    ]
    assert [GERMAN(entry.label) for entry in speculation.GAME.view(state, 0).history] == [
        "Will verkaufen",
        "Bietet 3 Chips für die obersten zwei verdeckten Karten von Carla",
    ]


def test_speculation_refusals_name_the_offer_and_the_auction_in_german() -> None:
    state = speculation.stacked(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], "9H")

    def refusal(seat: int, action: str) -> str:
        return GERMAN(speculation.GAME.illegality(state, seat, parse_action(action, ACTIONS)) or "")

    assert refusal(1, "sell") == "Nur Anna als Besitzer von ♥9 entscheidet, ob die Karte verkauft wird"
    speculation.act(state, 0, "sell")
    auction = speculation.auction_id(state)
    assert refusal(0, f"bid {auction} 2") == "Du kannst nicht auf deine eigene Karte bieten"
    speculation.act(state, 1, f"bid {auction} 3")
    assert (
        refusal(2, f"bid {auction} 3")
        == "Ein Gebot muss mindestens 4 Chips betragen (das beste Gebot plus eins)"
    )
    assert refusal(2, f"bid {auction} 50") == "Du hast für Gebote und Angebote 36 Chips frei, nicht 50"
    top_two = state.stack(2)[:2]
    speculation.act(state, 1, f"offer 2 {top_two[0]},{top_two[1]} 3")
    offer = state.next_id
    speculation.act(state, 1, f"withdraw {offer}")
    assert refusal(2, f"accept {offer}") == (
        "Das Angebot von Ben (3 Chips für die obersten zwei verdeckten Karten von Carla) wurde zurückgezogen"
    )
    assert refusal(2, "reveal") == "♥9 wird versteigert"


def test_speculation_face_down_cards_are_named_by_their_places_in_german() -> None:
    stack = list(range(1, 13))
    assert GERMAN(cards_named(stack, [2, 3], "seat 1's")) == "die zweite und dritte verdeckte Karte von Ben"
    assert GERMAN(cards_named(stack, [2, 3, 5], "your")) == "deine zweite, dritte und fünfte verdeckte Karte"
    assert GERMAN(cards_named(stack, [12], "seat 3's")) == "die 12. verdeckte Karte von Dan"
    assert GERMAN(cards_named(stack, [98, 99], "your")) == "deine zwei verdeckten Karten"


def test_speculation_settlement_and_the_traders_reasons_read_german() -> None:
    # An ace turned up: the dealer takes the pool at once.
    state = speculation.stacked(["2C 3C 4C", "5C 6C 7C", "8C 9C TC", "JC QC KC"], "AH")
    settled = speculation.GAME.result(state)
    assert settled is not None
    assert GERMAN(settled.summary) == "Anna gewinnt den Pool von 18 Chips mit ♥A."
    assert BAVARIAN(settled.summary) == "Anna gewinnt den Pool von 18 Chips mit Herz Sau."
    assert [GERMAN(step.label) for step in settled.steps][:3] == [
        "Pool: 18 Chips",
        "Einsatz (Geber)",
        "Einsatz",
    ]
    assert GERMAN(settled.steps[-1].label) == "Pool mit ♥A gewonnen"
    assert GERMAN("♠10 wins 69%: worth 18 of 26 chips: keeps it") == (
        "♠10 gewinnt zu 69 %: 18 von 26 Chips wert: behält sie"
    )
    assert GERMAN("♥3 wins 15%: worth 6 of 38 chips: 5 chips are too few") == (
        "♥3 gewinnt zu 15 %: 6 von 38 Chips wert: 5 Chips sind zu wenig"
    )
    assert GERMAN("a face-down card is worth 2.7 chips: takes 1 chip") == (
        "eine verdeckte Karte ist 2,7 Chips wert: nimmt 1 Chip"
    )
