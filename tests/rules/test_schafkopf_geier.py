"""Schafkopf rules, section "Die Spielarten: Geier" (seed 003) with SPEC §2.

"Der Geier ist eine Variation des Wenz, bei dem alle Ober Trümpfe sind (in der selben
Reihenfolge). Alle Erklärungen zum Wenz gelten ansonsten hier noch. Zu beachten ist, dass
der Geier nicht Teil der offiziellen Regeln des bayrischen Schafkopfvereins ist [...]"
SPEC: Geier is a per-table option; "Laufende count from 3 (Wenz and Geier from 2)".
"""

from __future__ import annotations

import pytest

from engine.actions import Announce
from engine.errors import IllegalActionError
from engine.game import DealResult
from engine.schafkopf.blocks import SchafkopfSettlement
from engine.schafkopf.constants import Kind, Options, Pack
from engine.schafkopf.play import trumps
from tests.rules.schafkopf_helpers import GAME, bid, cards, legal, play_cards, rigged

GEIER = Announce("geier")
# The Wenz deal of test_schafkopf_wenz with Ober and Unter swapped: seat 0 holds
# Eichel- and Gras-Ober (two Laufende).
HANDS = [
    "EO GO EA EZ EK GK GZ SU",
    "HO E9 E8 E7 G9 G8 HA HZ",
    "SO EU G7 GA GU HK HU H9",
    "SA SZ SK S9 S8 S7 H8 H7",
]
TWO_TRICKS = "EO HO SO S7 GO E7 H9 S8"
REST = "EA E8 EU H7 EZ E9 HU S9 EK G8 HK H8 GZ G9 GA SK GU SZ GK HZ SU HA G7 SA"


def geier(options: Options) -> DealResult:
    state = rigged(HANDS, options)
    bid(state, {0: GEIER})
    play_cards(state, TWO_TRICKS + " " + REST)
    result = GAME.result(state)
    assert result is not None
    return result


def test_geier_is_played_only_under_its_option() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    with pytest.raises(IllegalActionError, match="geier is not played at this table"):
        GAME.check(state, 0, GEIER)
    assert "geier" in GAME.announcements(Options(geier=True))
    assert "geier" not in GAME.announcements(Options())


def test_geier_only_the_four_ober_are_trump() -> None:
    assert trumps(Kind.GEIER, None, Pack.LONG) == cards("EO GO HO SO")
    state = rigged(HANDS, Options(geier=True, aufstellen=False))
    bid(state, {0: GEIER})
    assert tuple(rung.card for rung in GAME.view(state, 0).ladder) == cards("EO GO HO SO")


def test_geier_an_unter_follows_its_suit_and_ranks_below_the_koenig() -> None:
    state = rigged(HANDS, Options(geier=True, aufstellen=False))
    bid(state, {0: GEIER})
    play_cards(state, TWO_TRICKS + " EA E8")
    assert legal(state, 2) == set(cards("EU"))
    play_cards(state, "EU H7 EZ E9 HU S9 EK G8 HK H8 GZ G9 GA SK GU SZ GK HZ")
    assert state.tricks[6].winner == 0


def test_geier_settled_with_two_laufende_counting_from_two() -> None:
    result = geier(Options(geier=True))
    assert result.card_points == (71, 0, 25, 24)
    assert result.contract_label == "Geier"
    # 50 + 2 Laufende × 10 from each defender.
    assert result.scores == (210, -70, -70, -70)
    assert isinstance(result.detail, SchafkopfSettlement)
    assert result.detail.won and result.detail.laufende == 2


def test_geier_laufende_from_three_by_the_tables_option() -> None:
    options = GAME.parse_options("club", {"geier": "true", "laufende_from_wenz_geier": "3"})
    assert geier(options).scores == (150, -50, -50, -50)
