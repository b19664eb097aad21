"""Schafkopf rules, section "Spielansage" (seed 003) with SPEC §2.

"Der Spieler, der „herauskommt“, hat als erstes die Möglichkeit, ein Spiel anzusagen oder
zu passen. In diesem Fall erhalten im Uhrzeigersinn die anderen Spieler die Möglichkeit,
ein Spiel anzusagen. Wenn ein Spiel ankündigt wird, haben die späteren Mitspieler noch
die Möglichkeit, ihn mit einem höherwertigen Spiel (siehe unten) zu übertrumpfen."
The order (highest first): Sie, Tout, Solo, Wenz, Geier, Rufspiel, Hochzeit. One round
from the dealer's left; at the same rank the earlier seat keeps the game.
"""

from __future__ import annotations

import pytest

from engine.actions import Action, Announce, Pass
from engine.cards import Suit
from engine.errors import IllegalActionError, NotYourTurnError
from engine.schafkopf.constants import Kind, Options
from engine.schafkopf.deal import Contract, DealState, Phase
from tests.rules.schafkopf_helpers import GAME, act, bid, rigged

OPTIONS = Options(geier=True, hochzeit=True)
# Seat 0 holds one trump (Herz-Sau): Hochzeit, and Rufspiel on Eichel, Gras or Schellen.
# Seat 1 holds every Ober and Unter: Sie. Seat 2 holds one trump (Herz-Zehn): Hochzeit.
# Seat 3 holds Gras-7 and low Schellen without their Sau: Rufspiel on Gras or Schellen.
HANDS = [
    "HA EK E9 E8 GK G9 SK S9",
    "EO GO HO SO EU GU HU SU",
    "EA EZ E7 GA GZ G8 SA HZ",
    "SZ S8 S7 G7 HK H9 H8 H7",
]

HOCHZEIT = Announce("hochzeit")
RUFSPIEL = Announce("rufspiel", Suit.SPADES)
GEIER = Announce("geier")
WENZ = Announce("wenz")
SOLO = Announce("solo", Suit.HEARTS)
TOUT = Announce("solo_tout", Suit.HEARTS)
SIE = Announce("sie")


def bidding(dealer: int = -1) -> DealState:
    """The deal after the Aufstellen round, nobody standing up."""
    state = rigged(HANDS, OPTIONS, dealer=dealer)
    while state.phase is Phase.FIRST_HALF:
        act(state, state.turn, Pass())
    assert state.phase is Phase.BIDDING
    return state


def speak_until(state: DealState, seat: int, calls: dict[int, Action]) -> None:
    """Let the seats before ``seat`` make their calls in ``calls`` (else pass)."""
    while state.turn != seat:
        act(state, state.turn, calls.get(state.turn, Pass()))


def test_spielansage_one_round_in_playing_order_from_the_dealers_left() -> None:
    state = rigged(HANDS, OPTIONS, dealer=1)
    asked = []
    while state.phase is Phase.FIRST_HALF:
        asked.append(state.turn)
        act(state, state.turn, Pass())
    assert asked == [2, 3, 0, 1]
    spoken = []
    while state.phase is Phase.BIDDING:
        spoken.append(state.turn)
        act(state, state.turn, SOLO if state.turn == 0 else Pass())
    assert spoken == [2, 3, 0, 1]
    # After one round the game is played, and the seat left of the dealer leads.
    assert state.phase is Phase.PLAY
    assert state.contract == Contract(Kind.SOLO, Suit.HEARTS, 0)
    assert state.turn == 2
    with pytest.raises(IllegalActionError, match="play a card"):
        GAME.check(state, 2, WENZ)


def test_spielansage_everyone_speaks_once_even_after_an_announcement() -> None:
    state = bidding()
    act(state, 0, SOLO)
    assert state.phase is Phase.BIDDING and state.turn == 1
    with pytest.raises(NotYourTurnError):
        GAME.check(state, 0, TOUT)


@pytest.mark.parametrize(
    ("lower", "lower_seat", "higher", "higher_seat"),
    [
        (HOCHZEIT, 0, RUFSPIEL, 3),
        (RUFSPIEL, 0, GEIER, 1),
        (GEIER, 0, WENZ, 1),
        (WENZ, 0, SOLO, 1),
        (SOLO, 0, TOUT, 1),
        (TOUT, 0, SIE, 1),
    ],
    ids=["rufspiel>hochzeit", "geier>rufspiel", "wenz>geier", "solo>wenz", "tout>solo", "sie>tout"],
)
def test_spielansage_a_game_is_outbid_by_the_next_higher_one(
    lower: Announce, lower_seat: int, higher: Announce, higher_seat: int
) -> None:
    state = bidding()
    bid(state, {lower_seat: lower, higher_seat: higher})
    assert state.contract is not None
    assert state.contract.kind.value == higher.contract
    assert state.contract.declarer == higher_seat


@pytest.mark.parametrize(
    ("higher", "higher_seat", "lower", "lower_seat"),
    [
        (RUFSPIEL, 0, HOCHZEIT, 2),
        (GEIER, 0, RUFSPIEL, 3),
        (WENZ, 0, GEIER, 1),
        (SOLO, 0, WENZ, 1),
        (TOUT, 0, SOLO, 1),
    ],
    ids=["hochzeit<rufspiel", "rufspiel<geier", "geier<wenz", "wenz<solo", "solo<tout"],
)
def test_spielansage_a_lower_game_is_refused_and_the_higher_one_stands(
    higher: Announce, higher_seat: int, lower: Announce, lower_seat: int
) -> None:
    state = bidding()
    speak_until(state, lower_seat, {higher_seat: higher})
    with pytest.raises(IllegalActionError, match=f"seat {higher_seat} announced {higher.contract}"):
        GAME.check(state, lower_seat, lower)
    bid(state, {})
    assert state.contract is not None
    assert (state.contract.kind.value, state.contract.declarer) == (higher.contract, higher_seat)


@pytest.mark.parametrize(
    ("first", "first_seat", "second", "second_seat"),
    [
        (HOCHZEIT, 0, HOCHZEIT, 2),
        (Announce("rufspiel", Suit.DIAMONDS), 0, Announce("rufspiel", Suit.SPADES), 3),
        (WENZ, 0, WENZ, 1),
        (Announce("solo", Suit.CLUBS), 0, SOLO, 1),
        (Announce("wenz_tout"), 0, Announce("wenz_tout"), 2),
    ],
    ids=["hochzeit", "rufspiel", "wenz", "solo", "wenz_tout"],
)
def test_spielansage_an_equal_game_later_is_refused_the_earlier_seat_keeps_it(
    first: Announce, first_seat: int, second: Announce, second_seat: int
) -> None:
    state = bidding()
    speak_until(state, second_seat, {first_seat: first})
    with pytest.raises(IllegalActionError, match="announce a higher game or pass"):
        GAME.check(state, second_seat, second)
    bid(state, {})
    assert state.contract == Contract(Kind(first.contract), first.suit, first_seat)


def test_spielansage_every_tout_outranks_a_solo_and_among_touts_the_solo_tout_is_highest() -> None:
    state = bidding()
    act(state, 0, SOLO)
    act(state, 1, Announce("geier_tout"))
    act(state, 2, Announce("wenz_tout"))
    with pytest.raises(IllegalActionError, match="announce a higher game"):
        GAME.check(state, 3, Announce("geier_tout"))
    act(state, 3, Announce("solo_tout", Suit.DIAMONDS))
    assert state.contract == Contract(Kind.SOLO_TOUT, Suit.DIAMONDS, 3)


def test_spielansage_announcing_out_of_turn_is_refused() -> None:
    state = bidding()
    with pytest.raises(NotYourTurnError):
        GAME.check(state, 2, SOLO)
    with pytest.raises(NotYourTurnError):
        GAME.check(state, 3, Pass())
    act(state, 0, Pass())
    with pytest.raises(NotYourTurnError):
        GAME.check(state, 0, SOLO)
    GAME.check(state, 1, SOLO)


def test_spielansage_no_announcement_during_the_aufstellen_round() -> None:
    state = rigged(HANDS, OPTIONS)
    assert state.phase is Phase.FIRST_HALF
    with pytest.raises(IllegalActionError, match="stand up"):
        GAME.check(state, 0, SOLO)


def test_spielansage_a_game_the_table_does_not_play_is_refused() -> None:
    state = rigged(HANDS, Options(aufstellen=False))
    with pytest.raises(IllegalActionError, match="geier is not played at this table"):
        GAME.check(state, 0, GEIER)
    with pytest.raises(IllegalActionError, match="hochzeit is not played at this table"):
        GAME.check(state, 0, HOCHZEIT)
    assert [choice.label for choice in GAME.choices(state, 0) if "Geier" in choice.label] == []


def test_spielansage_the_choices_grey_out_what_no_longer_outbids() -> None:
    state = bidding()
    act(state, 0, Announce("wenz"))
    choices = {choice.action: choice for choice in GAME.choices(state, 1)}
    assert not choices[GEIER].allowed and "announce a higher game" in choices[GEIER].reason
    assert not choices[WENZ].allowed
    assert choices[SOLO].allowed and choices[SIE].allowed and choices[Pass()].allowed
