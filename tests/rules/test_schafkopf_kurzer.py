"""Schafkopf rules, section "„Kurzer“, Zwei- und Drei-Spieler Varianten" (seed 003): the
short pack with four players.

"Beim „kurzen“ Schafkopf werden einfach die Siebener und Achter aus dem Blatt weggelassen
(erhält also zwei mal drei Karten) und ansonsten gespielt, wie beim „langen“ Schafkopf."
"""

from __future__ import annotations

import pytest

from engine.actions import Announce, Pass, PlayCard
from engine.cards import Rank, Suit
from engine.errors import InvalidActionError
from engine.schafkopf.constants import Options, Pack, pack_cards
from engine.schafkopf.deal import Phase
from tests.rules.schafkopf_helpers import GAME, act, bid, card, cards, play_cards, rigged

SHORT = Options(pack=Pack.SHORT)


def test_kurzer_24_cards_without_sieben_and_acht() -> None:
    pack = pack_cards(Pack.SHORT)
    assert len(pack) == 24 and len(set(pack)) == 24
    assert {held.rank for held in pack} == {Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE}
    assert set(pack) < set(pack_cards(Pack.LONG))


def test_kurzer_four_players_get_two_times_three_cards() -> None:
    state = GAME.new_deal(SHORT, 4, 0, seed=5)
    assert state.phase is Phase.FIRST_HALF
    assert [len(hand) for hand in state.hands] == [3, 3, 3, 3]
    assert [len(hand) for hand in state.dealt] == [6, 6, 6, 6]
    while state.phase is Phase.FIRST_HALF:
        act(state, state.turn, Pass())
    assert [len(hand) for hand in state.hands] == [6, 6, 6, 6]
    held = [each for hand in state.hands for each in hand]
    assert len(held) == 24 and set(held) == set(pack_cards(Pack.SHORT))


def test_kurzer_a_sieben_is_not_in_the_pack() -> None:
    state = rigged(
        ["EO GO HO HA HZ EK", "SO EU GU HU SU HK", "EA EZ E9 GA GZ H9", "GK G9 SA SZ SK S9"], SHORT
    )
    bid(state, {0: Announce("solo", Suit.HEARTS)})
    with pytest.raises(InvalidActionError, match="not in this table's short pack"):
        GAME.check(state, 0, PlayCard(card("H7")))


def test_kurzer_played_as_the_long_a_rufspiel_of_six_tricks() -> None:
    hands = ["SK G9 S9 H9 SO HZ", "E9 GU GO GA EA GZ", "EZ SZ HU HA SU HK", "HO EO GK EK SA EU"]
    state = rigged(hands, SHORT)
    bid(state, {0: Announce("rufspiel", Suit.SPADES)})
    assert state.partner == 1
    assert [rung.card for rung in GAME.view(state, 0).ladder] == list(
        cards("EO GO HO SO EU GU HU SU HA HZ HK H9")
    )
    play_cards(state, "S9 E9 SZ SA EU H9 GO HA GA EZ GK G9 EA HK EK SO SK GU SU EO HO HZ GZ HU")
    assert len(state.tricks) == 6
    result = GAME.result(state)
    assert result is not None
    assert result.card_points == (22, 41, 0, 57)
    # 63 for the pair: partner tariff 10, each loser pays one winner.
    assert result.scores == (10, 10, -10, -10)
