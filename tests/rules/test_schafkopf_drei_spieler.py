"""Schafkopf rules, section "„Kurzer“, Zwei- und Drei-Spieler Varianten" (seed 003): three
players.

"In der Drei-Spieler-Variante wird ebenfalls mit den „kurzen“ Karten gespielt - jeder
Spieler erhält zwei mal vier Karten. Partnerspiele sind nicht zulässig." The long pack is
for four players; the Stock, paid out in a partner game, needs four too.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce, Pass
from engine.cards import Suit
from engine.errors import IllegalActionError, InvalidOptionsError
from engine.schafkopf.constants import AllPass, Options, Pack, pack_cards
from engine.schafkopf.deal import Phase
from tests.rules.schafkopf_helpers import GAME, act, bid, play_cards, rigged

SHORT = Options(pack=Pack.SHORT)
HANDS = ["HO GZ EA HA HK EO EU SZ", "H9 SK HZ HU SO GU SA S9", "GA GK GO E9 G9 SU EK EZ"]


def test_drei_spieler_short_pack_two_times_four_cards() -> None:
    state = GAME.new_deal(SHORT, 3, 2, seed=9)
    assert [len(hand) for hand in state.hands] == [4, 4, 4]
    while state.phase is Phase.FIRST_HALF:
        act(state, state.turn, Pass())
    assert [len(hand) for hand in state.hands] == [8, 8, 8]
    held = [each for hand in state.hands for each in hand]
    assert len(held) == 24 and set(held) == set(pack_cards(Pack.SHORT))


def test_drei_spieler_the_long_pack_is_refused() -> None:
    reason = GAME.check_seats(Options(), 3)
    assert reason == "the long pack (32 cards) is for four players; 3 play the short pack (pack=short)"
    with pytest.raises(InvalidOptionsError, match="the long pack"):
        GAME.new_deal(Options(), 3, 0, seed=1)
    assert GAME.check_seats(SHORT, 3) is None


def test_drei_spieler_no_stock_for_lack_of_partner_games() -> None:
    reason = GAME.check_seats(Options(pack=Pack.SHORT, all_pass=AllPass.STOCK), 3)
    assert reason == "the Stock is paid out in a partner game, and partner games need four players"


def test_drei_spieler_partner_games_are_refused() -> None:
    state = rigged(HANDS, Options(pack=Pack.SHORT, hochzeit=True, aufstellen=False))
    with pytest.raises(
        IllegalActionError, match="rufspiel is a partner game: partner games need four players"
    ):
        GAME.check(state, 0, Announce("rufspiel", Suit.DIAMONDS))
    with pytest.raises(IllegalActionError, match="partner games need four players"):
        GAME.check(state, 0, Announce("hochzeit"))
    labels = [choice.label for choice in GAME.choices(state, 0)]
    assert not [label for label in labels if label.startswith(("Rufspiel", "Hochzeit"))]
    assert "Wenz" in labels and "Herz-Solo" in labels


def test_drei_spieler_a_wenz_alone_against_two() -> None:
    state = rigged(HANDS, SHORT)
    bid(state, {0: Announce("wenz")})
    play_cards(state, "EO S9 EK E9 EA SO GZ GU GK SK GO SZ HA HZ G9 HO H9 EZ HK SA SU GA EU HU")
    assert len(state.tricks) == 8 and all(len(trick.cards) == 3 for trick in state.tricks)
    result = GAME.result(state)
    assert result is not None
    assert result.card_points == (80, 16, 24)
    # 50 (one Laufender, not counted) from each of the two defenders.
    assert result.scores == (100, -50, -50)
