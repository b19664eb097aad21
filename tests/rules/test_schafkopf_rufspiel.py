"""Schafkopf rules, section "Die Spielarten: Rufspiel, auch Sauspiel" (seed 003) with SPEC §2.

"Beim Sauspiel sind Ober, Unter und alle Herz Trumpf [...] verkündet der Spieler, dass er
auf das As einer bestimmten Farbe (ausgenommen Herz) spielt - er ist dann mit dem Spieler
verbündet, der dieses As besitzt. Wichtig ist, dass nur ein As gerufen werden kann, wenn
man eine Karte dieser Farbe auch selbst besitzt. [...] Der Besitzer des As muss das As
dann zugeben, auch wenn er noch eine andere Karte dieser Farbe besitzt. Einzige Ausnahme
ist das „Davonlaufen“: Wenn der Spieler vier Karten (beim „kurzen“ drei) der Farbe
besitzt, darf er auch eine Farbkarte seiner Wahl zugeben. Das As darf [...] nicht
zugegeben werden, es sei denn, es wurde zuvor gesucht, oder es ist seine letzte Karte."
SPEC §2: the caller holds a non-trump card of the called suit and not its Sau; gesucht;
davonlaufen only when the holder himself leads the suit holding ≥ 4 (short pack ≥ 3);
the Sau may not be discarded on another suit except in the last trick.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce, Pass, PlayCard
from engine.cards import Suit
from engine.errors import IllegalActionError
from engine.game import PUBLIC, GameNotice
from engine.schafkopf.blocks import PartnerRevealed
from engine.schafkopf.constants import Options, Pack
from engine.schafkopf.deal import DealState, Phase, called_ace, playable
from tests.rules.schafkopf_helpers import (
    GAME,
    act,
    act_events,
    bid,
    card,
    cards,
    game_view,
    legal,
    play_cards,
    rigged,
)

AUF_EICHEL = Announce("rufspiel", Suit.CLUBS)
AUF_SCHELLEN = Announce("rufspiel", Suit.DIAMONDS)
# Seat 0 holds Eichel-König and -Neun without the Sau, and the Gras-Ober but no plain Gras;
# seat 2 holds the Eichel-Sau with three more Eichel; seat 3 the Schellen-Sau.
HANDS = [
    "EO GO HO EU HA HZ EK E9",
    "SO GU HU SU HK H9 H8 H7",
    "EA EZ E8 E7 GA GZ GK G9",
    "SA SZ SK S9 S8 S7 G8 G7",
]
# The same, with seat 2 holding only three Eichel (the Eichel-7 is seat 3's).
THREE_EICHEL = [HANDS[0], HANDS[1], "EA EZ E8 G8 GA GZ GK G9", "SA SZ SK S9 S8 S7 E7 G7"]


def rufspiel(hands: list[str], dealer: int = -1, options: Options | None = None) -> DealState:
    """Seat 0 plays a Rufspiel on the Eichel-Sau."""
    state = rigged(hands, options or Options(aufstellen=False), dealer=dealer)
    bid(state, {0: AUF_EICHEL})
    assert state.phase is Phase.PLAY
    return state


def test_rufspiel_herz_cannot_be_called() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    with pytest.raises(IllegalActionError, match="Herz cannot be called: its cards are trump"):
        GAME.check(state, 0, Announce("rufspiel", Suit.HEARTS))
    labels = [choice.label for choice in GAME.choices(state, 0)]
    assert "Rufspiel auf die Herz-Sau" not in labels
    assert "Rufspiel auf die Eichel-Sau" in labels


def test_rufspiel_an_own_sau_cannot_be_called() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    for seat in (0, 1, 2):
        act(state, seat, Pass())
    with pytest.raises(IllegalActionError, match="you hold the Schellen-Sau yourself"):
        GAME.check(state, 3, AUF_SCHELLEN)
    GAME.check(state, 3, Announce("rufspiel", Suit.SPADES))


def test_rufspiel_a_suit_without_an_own_plain_card_cannot_be_called() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    # The Gras-Ober is a trump, not a Gras card.
    with pytest.raises(IllegalActionError, match="you hold no Gras card that is not trump"):
        GAME.check(state, 0, Announce("rufspiel", Suit.SPADES))
    with pytest.raises(IllegalActionError, match="you hold no Schellen card that is not trump"):
        GAME.check(state, 0, AUF_SCHELLEN)
    GAME.check(state, 0, AUF_EICHEL)


def test_rufspiel_gesperrt_holding_all_three_sau_no_rufspiel_can_be_called() -> None:
    hands = [
        "EA GA SA EK GK SK E9 G9",
        "EO GO HO SO EU GU HU SU",
        "HA HZ HK H9 H8 H7 EZ E8",
        "E7 GZ G8 G7 SZ S9 S8 S7",
    ]
    state = rigged(hands, Options(aufstellen=False))
    for suit, name in ((Suit.CLUBS, "Eichel"), (Suit.SPADES, "Gras"), (Suit.DIAMONDS, "Schellen")):
        with pytest.raises(IllegalActionError, match=f"you hold the {name}-Sau yourself"):
            GAME.check(state, 0, Announce("rufspiel", suit))
    choices = [choice for choice in GAME.choices(state, 0) if choice.label.startswith("Rufspiel")]
    assert len(choices) == 3 and not any(choice.allowed for choice in choices)
    GAME.check(state, 0, Announce("solo", Suit.CLUBS))


def test_rufspiel_the_holder_of_the_called_sau_is_the_partner_known_to_himself() -> None:
    state = rufspiel(HANDS)
    assert state.partner == 2 and state.declarers == frozenset({0, 2})
    assert [rung.card for rung in GAME.view(state, 0).ladder] == list(
        cards("EO GO HO SO EU GU HU SU HA HZ HK H9 H8 H7")
    )
    partner_as_seen = [game_view(state, viewer).partner for viewer in (None, 0, 1, 2, 3)]
    assert partner_as_seen == [-1, -1, -1, 2, -1]


def test_rufspiel_gesucht_the_holder_must_play_the_called_sau() -> None:
    state = rufspiel(HANDS)
    # The declarer leads Eichel: seat 2 must play the Sau though he holds four Eichel,
    # since only he himself may run away.
    play_cards(state, "EK H7")
    reasons = playable(state, 2)
    assert legal(state, 2) == {card("EA")}
    assert reasons[card("EZ")] == "Eichel is led (gesucht): you must play the called Eichel-Sau"
    with pytest.raises(IllegalActionError, match="gesucht"):
        GAME.check(state, 2, PlayCard(card("E7")))
    events = act_events(state, 2, PlayCard(card("EA")))
    assert events == (GameNotice(PartnerRevealed(2, 0), PUBLIC),)
    assert game_view(state, 1).partner == 2


def test_rufspiel_davonlaufen_the_holder_leads_a_low_card_holding_four_long_pack() -> None:
    # Seat 1 deals, so seat 2, the holder, leads.
    state = rufspiel(HANDS, dealer=1)
    assert state.turn == 2
    assert legal(state, 2) == set(state.hands[2])
    play_cards(state, "E7 S7")
    assert legal(state, 0) == set(cards("EK E9"))
    play_cards(state, "E9 H7")
    # The called suit was led: the Sau's duties are over.
    assert called_ace(state, 2) is None


def test_rufspiel_davonlaufen_with_three_in_the_long_pack_is_refused() -> None:
    state = rufspiel(THREE_EICHEL, dealer=1)
    assert legal(state, 2) == set(cards("EA G8 GA GZ GK G9"))
    reason = playable(state, 2)[card("E8")]
    assert reason == (
        "you hold the called Eichel-Sau: lead Eichel only with the Sau, "
        "or run away (davonlaufen) with 4 cards of it"
    )
    with pytest.raises(IllegalActionError, match="davonlaufen"):
        GAME.check(state, 2, PlayCard(card("EZ")))
    # Leading the Sau itself is always allowed.
    GAME.check(state, 2, PlayCard(card("EA")))


SHORT = Options(pack=Pack.SHORT, aufstellen=False)


def test_rufspiel_davonlaufen_with_three_in_the_short_pack() -> None:
    hands = ["EO GO HO HA HZ EK", "SO EU GU HU SU HK", "EA EZ E9 GA GZ H9", "GK G9 SA SZ SK S9"]
    state = rufspiel(hands, dealer=1, options=SHORT)
    assert state.turn == 2
    assert legal(state, 2) == set(state.hands[2])
    play_cards(state, "E9")
    assert state.trick is not None and state.trick.cards == [(2, card("E9"))]


def test_rufspiel_davonlaufen_with_two_in_the_short_pack_is_refused() -> None:
    hands = ["EO GO HO HA HZ EK", "SO EU GU HU SU HK", "EA EZ GA GZ G9 H9", "GK E9 SA SZ SK S9"]
    state = rufspiel(hands, dealer=1, options=SHORT)
    with pytest.raises(IllegalActionError, match="run away \\(davonlaufen\\) with 3 cards of it"):
        GAME.check(state, 2, PlayCard(card("EZ")))


# Seat 0 calls the Schellen-Sau holding the Schellen-7; seat 2 holds the Sau, six trumps
# and the Gras-7. Schellen is never led.
DISCARD_HANDS = [
    "EO GO HO SO EU GU S7 E7",
    "SU H7 EA EZ EK GA GZ GK",
    "SA HA HZ HK H9 H8 HU G7",
    "E9 E8 G9 G8 SZ SK S9 S8",
]
SIX_TRICKS = "EO SU H8 G8 GO H7 H9 G9 HO GZ HK E9 SO GK HZ E8 EU EK HA S8 GU EZ HU S9"


def test_rufspiel_the_sau_may_not_be_thrown_on_another_suit_before_the_last_card() -> None:
    state = rigged(DISCARD_HANDS, Options(aufstellen=False))
    bid(state, {0: AUF_SCHELLEN})
    play_cards(state, SIX_TRICKS + " E7 EA")
    # Seat 2 has no Eichel and holds the Schellen-Sau and the Gras-7.
    assert set(state.hands[2]) == set(cards("SA G7"))
    assert legal(state, 2) == {card("G7")}
    assert playable(state, 2)[card("SA")] == (
        "the called Schellen-Sau may not be thrown on another suit before your last card"
    )
    with pytest.raises(IllegalActionError, match="before your last card"):
        GAME.check(state, 2, PlayCard(card("SA")))


def test_rufspiel_the_sau_may_be_thrown_in_the_last_trick() -> None:
    state = rigged(DISCARD_HANDS, Options(aufstellen=False))
    bid(state, {0: AUF_SCHELLEN})
    play_cards(state, SIX_TRICKS + " E7 EA G7 SK GA")
    # Gras is led in the last trick; the Sau is seat 2's last card.
    assert legal(state, 2) == {card("SA")}
    play_cards(state, "SA SZ S7")
    assert state.tricks[-1].winner == 1
    result = GAME.result(state)
    assert result is not None
    assert result.card_points == (73, 47, 0, 0)
    assert result.contract_label == "Rufspiel auf die Schellen-Sau"
    # Partner tariff 10 + 7 Laufende (the Herz-Unter is the partner's): each loser pays
    # one winner 80.
    assert result.scores == (80, -80, 80, -80)


def test_rufspiel_the_duties_end_once_the_called_suit_was_led() -> None:
    state = rufspiel(HANDS, dealer=1)
    # Seat 2 ran away with the Eichel-7; seat 1 trumped with the Herz-7.
    play_cards(state, "E7 S7 E9 H7")
    assert state.tricks[0].winner == 1
    play_cards(state, "SO")
    # Trump is led and seat 2 has none: now even the Sau may be thrown.
    assert card("EA") in legal(state, 2)
    assert legal(state, 2) == set(state.hands[2])
