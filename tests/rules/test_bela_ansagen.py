"""Speedbela rules: zvanja and Bela as the deal goes, Belot, and the Kup (seed 002).

"Angesagt und verglichen wird wie am Tisch beim Ausspielen der ersten Karte [...] Nach
dem ersten Stich zeigt die Partei mit der stärksten Meldung ihre Karten." "Regel
„Zvanja selbst“: Vor deiner ersten Karte erscheint der Knopf „Melden“; spielst du, ohne
zu melden, ist die Meldung weg." "Bela: König und Ober (Dame) in Trumpf auf einer Hand
zählen 20 – angesagt beim Ausspielen der ersten der beiden Karten, automatisch oder per
Knopf." "Belot: Alle acht Karten einer Farbe auf einer Hand – die Partie ist sofort
gewonnen. Regel „zählt 100“: wie eine lange Folge." "Sie liegen verdeckt als Kup und
gehen am Ende an den Gewinner des letzten Stichs."
"""

from __future__ import annotations

from engine.bela.constants import LAST_TRICK, BelotRule, Options
from engine.bela.deal import (
    DealOutcome,
    DealState,
    DeclareKind,
    Phase,
    choose_trump,
    declare,
    declare_illegality,
    outcome,
    party_of,
    play,
    play_illegality,
    shown_melds,
)
from engine.bela.play import TrickOrder
from engine.cards import Card, Suit, parse_cards
from engine.seeding import SeededRandom
from tests.rules.bela_helpers import legal_cards, play_out, rigged

# Two players, seat 1 deals, so seat 0 speaks first and leads. Seat 0 will hold K and Q
# of hearts, 7-8-9 of clubs (20) and 7 to Q of diamonds (100, six cards); seat 1 holds 9-10-J
# of hearts (20) and 10 to A of clubs (100, five cards).
HANDS = ["KH QH 7C 8C 9C AS", "AH TH JH 9H AC TC"]
TALONS = ["7D 8D 9D TD JD QD", "KC QC JC AD KD TS"]


def two_player_deal(options: Options | None = None) -> DealState:
    state = rigged(HANDS, TALONS, dealer=1, options=options)
    choose_trump(state, 0, Suit.HEARTS)
    return state


def test_zvanja_declared_with_the_first_card_and_the_longer_sequence_leads() -> None:
    state = two_player_deal()
    play(state, 0, Card.parse("AS"))
    assert [meld.text() for meld in state.declared[0]] == [
        "Zwanzig – Sieben bis Neun Eichel",
        "Hundert – Sieben bis Ober Schellen",
    ]
    play(state, 1, Card.parse("TS"))
    result = outcome_after_play(state)
    assert result.comparison is not None and result.comparison.seat == 0
    assert result.comparison.beaten == {1: "längere Folge"}


def outcome_after_play(state: DealState) -> DealOutcome:
    play_out(state, SeededRandom(5))
    return outcome(state)


def test_zvanja_the_best_partys_cards_are_shown_after_the_first_trick() -> None:
    state = two_player_deal()
    play(state, 0, Card.parse("AS"))
    assert shown_melds(state) == ((), ())
    play(state, 1, Card.parse("TS"))
    assert set(shown_melds(state)[0]) == set(parse_cards("7C 8C 9C 7D 8D 9D TD JD QD"))
    assert shown_melds(state)[1] == ()


def test_zvanja_and_bela_count_for_the_party_with_a_trick() -> None:
    state = two_player_deal()
    result = outcome_after_play(state)
    took = {party_of(2, trick.winner) for trick in state.tricks}
    assert result.zvanja == (120, 0)
    assert result.bela == (20, 0)
    assert result.settlement is not None and 0 in took
    assert result.settlement.made[0] >= 140


def test_kup_goes_to_the_winner_of_the_last_trick() -> None:
    state = two_player_deal()
    result = outcome_after_play(state)
    assert result.settlement is not None and len(state.kup) == 8
    order = TrickOrder(Suit.HEARTS)
    last = party_of(2, state.tricks[-1].winner)
    for party in (0, 1):
        won = [trick for trick in state.tricks if party_of(2, trick.winner) == party]
        expected = sum(order.points([card for _, card in trick.cards]) for trick in won)
        if party == last:
            expected += LAST_TRICK + order.points(state.kup)
        if won:
            expected += result.zvanja[party] + result.bela[party]
        if len(won) == len(state.tricks):
            expected += 90
        assert result.settlement.made[party] == expected


def test_zvanja_selbst_playing_without_declaring_forfeits_the_melds() -> None:
    state = two_player_deal(Options(declare_yourself=True))
    assert declare_illegality(state, 0, DeclareKind.ZVANJA) is None
    play(state, 0, Card.parse("AS"))
    assert 0 not in state.declared
    assert declare_illegality(state, 1, DeclareKind.ZVANJA) is None
    declare(state, 1, DeclareKind.ZVANJA)
    play(state, 1, Card.parse("TS"))
    result = outcome_after_play(state)
    assert result.comparison is not None and result.comparison.seat == 1
    assert result.zvanja == (0, 120)


def test_zvanja_selbst_declaring_after_the_first_card_is_refused() -> None:
    state = two_player_deal(Options(declare_yourself=True))
    play(state, 0, Card.parse("AS"))
    play(state, 1, Card.parse("TS"))
    assert state.turn == 0
    assert declare_illegality(state, 0, DeclareKind.ZVANJA) == (
        "melds are declared before your first card, and you have played it"
    )


def test_declaring_without_the_rule_is_refused_since_it_happens_by_itself() -> None:
    state = two_player_deal()
    assert declare_illegality(state, 0, DeclareKind.ZVANJA) == (
        "melds and Bela are declared for you as you play (the rule 'Zvanja selbst' is off)"
    )


def test_bela_said_then_only_king_or_queen_of_trump_may_follow() -> None:
    state = two_player_deal(Options(declare_yourself=True))
    assert declare_illegality(state, 0, DeclareKind.BELA) is None
    declare(state, 0, DeclareKind.BELA)
    assert set(legal_cards(state, 0)) == set(parse_cards("KH QH"))
    assert play_illegality(state, 0, Card.parse("AS")) == "you said Bela: play the King or the Queen of trump"
    play(state, 0, Card.parse("KH"))
    assert state.bela_seat == 0


def test_bela_forfeited_when_the_first_of_king_and_queen_is_played_without_it() -> None:
    state = two_player_deal(Options(declare_yourself=True))
    play(state, 0, Card.parse("QH"))
    assert state.bela_seat == -1
    assert declare_illegality(state, 0, DeclareKind.BELA) is not None


def test_bela_needs_king_and_queen_of_trump() -> None:
    state = two_player_deal(Options(declare_yourself=True))
    play(state, 0, Card.parse("AS"))
    assert (
        declare_illegality(state, 1, DeclareKind.BELA)
        == "Bela needs the King and the Queen of trump in your hand"
    )


def test_bela_said_automatically_with_the_first_of_the_two() -> None:
    state = two_player_deal()
    play(state, 0, Card.parse("QH"))
    assert state.bela_seat == 0


BELOT_HANDS = ["7S 8S 9S TS JS QS", "AH TH JH 9H AC TC"]
BELOT_TALONS = ["KS AS 7D 8D 9D TD", "KC QC JC AD KD 7C"]


def test_belot_wins_the_partie_with_the_first_card() -> None:
    state = rigged(BELOT_HANDS, BELOT_TALONS, dealer=1)
    choose_trump(state, 0, Suit.HEARTS)
    play(state, 0, Card.parse("AS"))
    assert state.phase is Phase.FINISHED and state.belot_seat == 0
    assert outcome(state).belot_seat == 0


def test_belot_counts_100_as_the_longest_sequence_under_its_rule() -> None:
    state = rigged(BELOT_HANDS, BELOT_TALONS, dealer=1, options=Options(belot=BelotRule.COUNTS_100))
    choose_trump(state, 0, Suit.HEARTS)
    play(state, 0, Card.parse("AS"))
    play(state, 1, Card.parse("AH"))
    comparison = outcome_after_play(state).comparison
    assert comparison is not None and comparison.seat == 0 and comparison.meld.value == 100
    assert comparison.beaten == {1: "längere Folge"}
