"""Schafkopf rules, section "„Kurzer“, Zwei- und Drei-Spieler Varianten" (seed 003): two
players.

"Die (sehr seltene) Zwei-Spieler-Variante wird auch mit den „kurzen“ Karten gespielt. Hier
werden für jeden Spieler 6 Karten verdeckt auf den Tisch gelegt und dann darauf 6 Karten
aufgedeckt gelegt. Beide Spieler sehen also immer exakt die selben Karten, wie der
Gegnerspieler. Wird eine der aufgedeckten Karten gespielt muss die Karte darunter, sofern
vorhanden, aufgedeckt werden." Only face-up cards are played and count for following;
no Aufstellen, no Sie, no partner games.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce, PlayCard
from engine.cards import Suit
from engine.errors import IllegalActionError
from engine.game import PUBLIC, GameNotice
from engine.schafkopf.blocks import CardTurned
from engine.schafkopf.constants import Options, Pack
from engine.schafkopf.deal import DealState, Phase, playable
from tests.rules.schafkopf_helpers import (
    GAME,
    act_events,
    bid,
    card,
    cards,
    game_view,
    legal,
    play_cards,
    rigged,
)

SHORT = Options(pack=Pack.SHORT)
HERZ_SOLO = Announce("solo", Suit.HEARTS)
# Six face down, then the six face up on them, the n-th on the n-th. Seat 0's Schellen-Sau
# lies on the Gras-Zehn; seat 1 has no Schellen face up (König, Ober and Unter lie face
# down) and the Eichel-Unter and Herz-König as its face-up trumps.
HANDS = [
    "GO HO HZ EZ GZ SZ EO HA EA GA SA S9",
    "GU HU SU H9 SK SO EU HK E9 G9 GK EK",
]


def solo() -> DealState:
    state = rigged(HANDS, SHORT)
    assert state.phase is Phase.BIDDING
    bid(state, {0: HERZ_SOLO})
    return state


def test_zwei_spieler_six_face_down_and_six_face_up_each_no_aufstellen() -> None:
    state = GAME.new_deal(SHORT, 2, 1, seed=4)
    assert state.phase is Phase.BIDDING and state.doublings == []
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert [len(covered) for covered in state.covered] == [6, 6]
    assert GAME.view(state, 0).hand_sizes == (12, 12)
    assert len({held for hand in state.dealt for held in hand}) == 24


def test_zwei_spieler_both_see_the_same_cards_and_nobody_a_face_down_one() -> None:
    state = rigged(HANDS, SHORT)
    face_up = (cards("EO HA EA GA SA S9"), cards("EU HK E9 G9 GK EK"))
    for viewer in (None, 0, 1):
        assert GAME.view(state, viewer).shown == face_up
    view = GAME.view(state, 1)
    assert {hand_card.card for hand_card in view.hand} == set(face_up[1])
    assert set(view.dealt_hand) == set(face_up[1])
    assert game_view(state, 1).covered == (6, 6)


def test_zwei_spieler_only_face_up_cards_are_played() -> None:
    state = solo()
    with pytest.raises(
        IllegalActionError, match="the Gras-Ober lies face down: only face-up cards can be played"
    ):
        GAME.check(state, 0, PlayCard(card("GO")))


def test_zwei_spieler_playing_a_card_turns_up_the_one_beneath() -> None:
    state = solo()
    events = act_events(state, 0, PlayCard(card("SA")))
    assert events == (GameNotice(CardTurned(0, card("GZ")), PUBLIC),)
    assert card("GZ") in state.hands[0] and card("GZ") in GAME.view(state, 1).shown[0]
    assert game_view(state, 1).covered == (5, 6)


def test_zwei_spieler_face_up_cards_alone_count_for_following() -> None:
    state = solo()
    play_cards(state, "SA")
    # Seat 1's Schellen lie face down: it is free to play any face-up card.
    assert legal(state, 1) == set(cards("EU HK E9 G9 GK EK"))
    with pytest.raises(IllegalActionError, match="lies face down"):
        GAME.check(state, 1, PlayCard(card("SK")))
    events = act_events(state, 1, PlayCard(card("G9")))
    assert events[0] == GameNotice(CardTurned(1, card("H9")), PUBLIC)
    assert state.tricks[0].winner == 0


def test_zwei_spieler_a_face_up_trump_must_follow_a_trump() -> None:
    state = solo()
    play_cards(state, "HA")
    assert legal(state, 1) == set(cards("EU HK"))
    assert playable(state, 1)[card("G9")] == "you must follow trump"


def test_zwei_spieler_no_sie_and_no_partner_games() -> None:
    state = rigged(HANDS, SHORT)
    with pytest.raises(IllegalActionError, match="only with hands of eight cards"):
        GAME.check(state, 0, Announce("sie"))
    with pytest.raises(IllegalActionError, match="partner games need four players"):
        GAME.check(state, 0, Announce("rufspiel", Suit.SPADES))
    labels = [choice.label for choice in GAME.choices(state, 0)]
    assert "Sie" not in labels and not [label for label in labels if label.startswith("Rufspiel")]


def test_zwei_spieler_a_solo_played_to_the_end() -> None:
    hands = ["HO GZ EA HA HK EO EU SZ H9 SK HZ HU", "SO GU SA S9 GA GK GO E9 G9 SU EK EZ"]
    state = rigged(hands, SHORT)
    bid(state, {0: HERZ_SOLO})
    play_cards(state, "H9 SU G9 HZ HU GO SA SZ EK EA EU SO S9 SK EO GA HO E9 GZ GU EZ HA HK GK")
    assert len(state.tricks) == 12 and state.phase is Phase.FINISHED
    result = GAME.result(state)
    assert result is not None
    assert result.card_points == (75, 45)
    assert result.scores == (50, -50)
