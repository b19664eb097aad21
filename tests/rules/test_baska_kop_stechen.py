# ruff: noqa: RUF005  (calls read best as "bidding + tricks")
"""Speedbock rules, sections "Trumpf" and "Stechen".

"Trumpf zählt als eigene Farbe. Wer die ausgespielte Farbe hat, muss bedienen. Wer nicht
bedienen kann, muss trumpfen. Erst wer weder bedienen noch trumpfen kann, legt eine beliebige
Karte. Es herrscht Überstechpflicht: Wer den bisher besten Stich schlagen kann, muss es tun.
Der höchste Trumpf gewinnt den Stich, ohne Trumpf die höchste Karte der ausgespielten Farbe.
Wer sticht, spielt aus. Karten, die du legen darfst, leuchten. Tippst du eine graue Karte an,
steht da, warum sie nicht geht."

Trump ladders (highest first): Baśka ♥A ♥10 ♣Q ♠Q ♥Q ♦Q ♣J ♠J ♥J ♦J ♦A ♦10; Kop ♥A ♣10 ♠10
♥10, then the queens, the jacks, ♦A ♦10; Gran (Baśka only) the four jacks, and in every suit
ace before ten before queen.
"""

from __future__ import annotations

import pytest

from engine.actions import PlayCard
from engine.baska_kop.state import DealState
from engine.cards import Card, parse_cards
from engine.errors import IllegalActionError
from tests.rules.baska_kop_helpers import GAME, passes, play_deal, run


def hand_view(state: DealState, seat: int) -> dict[str, str]:
    """Card text -> "" if it lights up, else the reason shown for the grey card."""
    return {str(card.card): ("" if card.playable else card.reason) for card in GAME.view(state, seat).hand}


def playable(state: DealState, seat: int) -> set[str]:
    return {card for card, why in hand_view(state, seat).items() if not why}


def refused(state: DealState, seat: int, card: str) -> str:
    with pytest.raises(IllegalActionError) as error:
        GAME.check(state, seat, PlayCard(Card.parse(card)))
    return error.value.reason


# ---------------------------------------------------------------------------------------
# Trump ladders
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_set", "contract", "ladder"),
    [
        ("baska", None, "AH TH QC QS QH QD JC JS JH JD AD TD"),
        ("baska", "zolo", "AH TH QC QS QH QD JC JS JH JD AD TD"),
        ("baska", "gran", "JC JS JH JD"),
        ("baska", "gran_du", "JC JS JH JD"),
        ("kop", None, "AH TC TS TH QC QS QH QD JC JS JH JD AD TD"),
        ("kop", "zolo", "AH TC TS TH QC QS QH QD JC JS JH JD AD TD"),
    ],
)
def test_stechen_trump_ladder_in_rank_order(rule_set: str, contract: str | None, ladder: str) -> None:
    hands = ["AS QC AH TH", "JH QH JS AC", "TS QS TC JC", "QD JD AD TD"]
    calls = [(0, contract), *passes(1, 2, 3)] if contract else passes(0, 1, 2, 3)
    state = play_deal(rule_set, hands, calls)
    rungs = GAME.view(state, 0).ladder
    assert tuple(rung.card for rung in rungs) == parse_cards(ladder)
    # Own trumps are marked; fallen ones once played.
    own = {str(rung.card) for rung in rungs if rung.own}
    assert own == {"AS", "QC", "AH", "TH"} & set(ladder.split())


# ---------------------------------------------------------------------------------------
# Baśka: follow, trump, beat
# ---------------------------------------------------------------------------------------

# Dealer 3: seat 0 leads.
BASKA = ["AS AH JD TD", "TS QS JC AC", "TC QC JS JH", "TH QH QD AD"]


def test_stechen_trump_is_its_own_suit_queen_of_spades_does_not_follow_spades() -> None:
    state = play_deal("baska", BASKA, passes(0, 1, 2, 3) + [(0, "AS")])
    # Seat 1 holds ♠10 (plain spade) and ♠Q (a trump): he must follow with ♠10.
    view = hand_view(state, 1)
    assert playable(state, 1) == {"TS"}
    for card in ("QS", "JC", "AC"):
        assert "follow" in view[card]
    assert "follow" in refused(state, 1, "QS")


def test_stechen_void_in_led_suit_must_trump() -> None:
    state = play_deal("baska", BASKA, passes(0, 1, 2, 3) + [(0, "AS"), (1, "TS")])
    # Seat 2 has no spade: ♣10 is refused, every trump beats the ♠A and may be played.
    assert playable(state, 2) == {"QC", "JS", "JH"}
    assert "trump" in hand_view(state, 2)["TC"]


def test_stechen_must_beat_best_card_so_far_over_trumping() -> None:
    state = play_deal("baska", BASKA, passes(0, 1, 2, 3) + [(0, "AS"), (1, "TS"), (2, "JH")])
    # Seat 3 has no spade and must trump; ♥10 ♥Q ♦Q beat the ♥J, ♦A does not: it is refused.
    assert playable(state, 3) == {"TH", "QH", "QD"}
    assert "beat" in hand_view(state, 3)["AD"]
    assert "beat" in refused(state, 3, "AD")


def test_stechen_trick_winner_leads_next() -> None:
    state = play_deal("baska", BASKA, passes(0, 1, 2, 3) + [(0, "AS"), (1, "TS"), (2, "JH"), (3, "QD")])
    (trick,) = GAME.completed_tricks(state)
    # ♦Q is the highest trump in the trick: seat 3 takes it (11+10+2+3 = 26) and leads.
    assert trick.winner == 3
    assert trick.points == 26
    assert GAME.to_act(state) == frozenset({3})


def test_stechen_must_beat_when_following_trump_and_may_play_any_trump_when_unable() -> None:
    state = play_deal(
        "baska",
        BASKA,
        passes(0, 1, 2, 3) + [(0, "AS"), (1, "TS"), (2, "JH"), (3, "QD"), (3, "TH")],
    )
    # Seat 0 (♥A ♦J ♦10): only ♥A beats ♥10, so only ♥A may be played.
    assert playable(state, 0) == {"AH"}
    assert "beat" in hand_view(state, 0)["JD"]
    run(state, [(0, "AH")])
    # Seat 1 (♠Q ♣J ♣A): cannot beat ♥A, so any trump; the plain ♣A must not be played.
    assert playable(state, 1) == {"QS", "JC"}
    assert "follow" in hand_view(state, 1)["AC"]
    run(state, [(1, "JC")])
    # Seat 2 (♣10 ♣Q ♠J): either trump, the plain ♣10 not.
    assert playable(state, 2) == {"QC", "JS"}
    run(state, [(2, "JS")])
    assert GAME.completed_tricks(state)[-1].winner == 0
    run(state, [(0, "JD")])
    # Seat 1 (♠Q ♣A): ♠Q beats ♦J and must be played.
    assert playable(state, 1) == {"QS"}
    run(state, [(1, "QS")])
    # Seat 2 (♣10 ♣Q): ♣Q over-trumps ♠Q and must be played.
    assert playable(state, 2) == {"QC"}
    run(state, [(2, "QC")])
    # Seat 3 (♥Q ♦A): neither beats ♣Q, so either trump.
    assert playable(state, 3) == {"QH", "AD"}
    run(state, [(3, "AD")])
    assert GAME.completed_tricks(state)[-1].winner == 2


def test_stechen_neither_follow_nor_trump_any_card() -> None:
    hands = ["AH TH QC QS", "AC TC AS TS", "QH QD JC JS", "JH JD AD TD"]
    state = play_deal("baska", hands, passes(0, 1, 2, 3) + [(0, "AH")])
    # Seat 1 holds no trump at all: every card may be played.
    assert playable(state, 1) == {"AC", "TC", "AS", "TS"}


def test_stechen_following_suit_need_not_beat_a_trump() -> None:
    # Baśka: ♣A led, seat 1 trumps with ♦J, seat 2 must follow clubs with ♣10 (♣Q is a trump,
    # not a club) although nothing of his can beat the trump.
    hands = ["AC AH TH QS", "JD QH JH JS", "TC QC AD TD", "QD JC AS TS"]
    state = play_deal("baska", hands, passes(0, 1, 2, 3) + [(0, "AC"), (1, "JD")])
    assert playable(state, 2) == {"TC"}
    run(state, [(2, "TC")])
    # Seat 3 has no club: he must trump, and beat the ♦J: ♦Q and ♣J do, so the plain
    # spades are refused.
    assert playable(state, 3) == {"QD", "JC"}


# ---------------------------------------------------------------------------------------
# Kop versus Baśka: ♣10 is a trump in Kop, a plain club in Baśka
# ---------------------------------------------------------------------------------------

CLUBS = ["AC QS QH QD", "TC JD AS TS", "QC JC JS JH", "AH TH AD TD"]


def test_stechen_baska_club_ten_is_a_club() -> None:
    state = play_deal("baska", CLUBS, passes(0, 1, 2, 3) + [(0, "AC")])
    # Seat 1 must follow clubs with ♣10.
    assert playable(state, 1) == {"TC"}
    assert "follow" in hand_view(state, 1)["JD"]
    run(state, [(1, "TC")])
    # Seat 2 has no club: any trump (all beat the ♣A).
    assert playable(state, 2) == {"QC", "JC", "JS", "JH"}
    run(state, [(2, "JC")])
    # Seat 3 must beat ♣J: ♥A or ♥10, not ♦A / ♦10.
    assert playable(state, 3) == {"AH", "TH"}


def test_stechen_kop_club_ten_is_a_trump() -> None:
    state = play_deal("kop", CLUBS, passes(0, 1, 2, 3) + [(0, "AC")])
    # Seat 1 has no plain club (♣10 is a trump): he must trump with ♣10, ♦J or ♠10 (a trump
    # in Kop too); the plain ♠A is refused.
    assert playable(state, 1) == {"TC", "JD", "TS"}
    assert "trump" in hand_view(state, 1)["AS"]
    run(state, [(1, "TC")])
    # Seat 2 cannot beat ♣10 (second trump in Kop): any trump.
    assert playable(state, 2) == {"QC", "JC", "JS", "JH"}
    run(state, [(2, "JH")])
    # Seat 3 must beat ♣10: only ♥A does.
    assert playable(state, 3) == {"AH"}
    run(state, [(3, "AH")])
    assert GAME.completed_tricks(state)[-1].winner == 3


def test_stechen_kop_club_ten_wins_over_club_ace() -> None:
    hands = ["AC AH QH QD", "TC JD AS TS", "QC JC JS JH", "QS TH AD TD"]
    state = play_deal("kop", hands, passes(0, 1, 2, 3) + [(0, "AC"), (1, "TC"), (2, "JH")])
    # Seat 3 cannot beat ♣10 (♠Q, ♥10, ♦A, ♦10 are all lower): any trump.
    assert playable(state, 3) == {"QS", "TH", "AD", "TD"}
    run(state, [(3, "TD")])
    trick = GAME.completed_tricks(state)[-1]
    # The trump ♣10 takes the ♣A: 11+10+2+10 = 33, and seat 1 leads next.
    assert (trick.winner, trick.points) == (1, 33)
    assert GAME.to_act(state) == frozenset({1})


# ---------------------------------------------------------------------------------------
# Gran: only the jacks are trump; A > 10 > Q in every suit
# ---------------------------------------------------------------------------------------

GRAN = ["AH JD QC QS", "QH JH AS TS", "TH AC TC JC", "AD TD QD JS"]


def test_stechen_gran_only_jacks_are_trump() -> None:
    state = play_deal("baska", GRAN, [(0, "gran"), *passes(1, 2, 3), (0, "AH")])
    # ♥A is a plain heart in Gran: seat 1 must follow with ♥Q; ♥J is a trump, not a heart.
    assert playable(state, 1) == {"QH"}
    assert "follow" in hand_view(state, 1)["JH"]
    run(state, [(1, "QH"), (2, "TH")])
    # Seat 3 has no heart: he must trump with ♠J; ♦A and the others are refused.
    assert playable(state, 3) == {"JS"}
    assert "trump" in hand_view(state, 3)["AD"]
    run(state, [(3, "JS")])
    trick = GAME.completed_tricks(state)[-1]
    assert (trick.winner, trick.points) == (3, 11 + 3 + 10 + 2)
    # ♦A led: seat 0 has no plain diamond (♦J is a trump): he must trump with ♦J.
    run(state, [(3, "AD")])
    assert playable(state, 0) == {"JD"}
    run(state, [(0, "JD")])
    # Seat 1 must trump and beat the ♦J: ♥J.
    assert playable(state, 1) == {"JH"}
    run(state, [(1, "JH"), (2, "JC")])
    # ♣J > ♥J > ♦J.
    assert GAME.completed_tricks(state)[-1].winner == 2


def test_stechen_gran_ace_ten_queen_and_other_suit_never_wins() -> None:
    state = play_deal(
        "baska",
        GRAN,
        [(0, "gran"), *passes(1, 2, 3)]
        + [(0, "AH"), (1, "QH"), (2, "TH"), (3, "JS")]
        + [(3, "AD"), (0, "JD"), (1, "JH"), (2, "JC")]
        + [(2, "TC"), (3, "TD")],
    )
    # ♣10 led: seat 0 must follow with ♣Q (♠Q refused); seat 1 may discard anything.
    assert playable(state, 0) == {"QC"}
    run(state, [(0, "QC")])
    assert playable(state, 1) == {"AS", "TS"}
    run(state, [(1, "AS")])
    trick = GAME.completed_tricks(state)[-1]
    # ♣10 beats ♣Q (A > 10 > Q); the ♠A of another suit does not win: seat 2 takes 10+10+3+11.
    assert (trick.winner, trick.points) == (2, 34)
    assert GAME.to_act(state) == frozenset({2})


def test_stechen_gran_following_suit_must_beat_with_the_ace() -> None:
    hands = ["TS AH JD QC", "AS QS QH JH", "TH AC TC JC", "AD TD QD JS"]
    state = play_deal("baska", hands, [(0, "gran"), *passes(1, 2, 3), (0, "TS")])
    # Seat 1 follows spades and can beat the ♠10 with the ♠A: the ♠Q is refused.
    assert playable(state, 1) == {"AS"}
    assert "beat" in hand_view(state, 1)["QS"]
    run(state, [(1, "AS")])
    # Seat 2 has no spade: must trump with ♣J, the only jack.
    assert playable(state, 2) == {"JC"}
    run(state, [(2, "JC")])
    # Seat 3 cannot beat ♣J with ♠J but must still trump.
    assert playable(state, 3) == {"JS"}
    run(state, [(3, "JS")])
    assert GAME.completed_tricks(state)[-1].winner == 2


def test_stechen_baska_plain_ace_before_ten() -> None:
    hands = ["AH TH QC TC", "QS QH JC AC", "QD JS JH AS", "JD AD TD TS"]
    state = play_deal(
        "baska",
        hands,
        passes(0, 1, 2, 3)
        + [(0, "AH"), (1, "QH"), (2, "JH"), (3, "JD")]
        + [(0, "TH"), (1, "QS"), (2, "JS"), (3, "TD")]
        + [(0, "QC"), (1, "JC"), (2, "QD"), (3, "AD")]
        + [(0, "TC")],
    )
    # Last trick, ♣10 led: seat 1 must follow with ♣A, which beats it.
    assert playable(state, 1) == {"AC"}
    run(state, [(1, "AC"), (2, "AS"), (3, "TS")])
    trick = GAME.completed_tricks(state)[-1]
    # ♣A takes ♣10 (the ♠A of another suit does not count): 10+11+11+10 = 42.
    assert (trick.winner, trick.points) == (1, 42)
