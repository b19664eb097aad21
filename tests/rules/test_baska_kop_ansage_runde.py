"""Speedbock rules, section "Die Ansage-Runde".

"Nach dem Geben spricht reihum jeder, angefangen links vom Geber (Vorhand). Du kannst passen,
ein höheres Spiel ansagen – das löscht alle bisherigen Doppel –, oder doppeln. Die Runde
endet nach vier Pass ohne Ansage bzw. nach drei Pass hinter der letzten Ansage oder dem
letzten Doppel. Das höchste Spiel wird gespielt.

Rangfolge der Ansagen: Baśka: Wesele < Gran < Zolo < Gran du < Zolo du < Baśka · Kop:
Wesele < Zolo < Zolo du < Kop."

Eligibility (a product decision): Wesele by the holder of both black queens, Baśka by the holder of all
four queens, Kop by the holder of ♥A ♣10 ♠10 ♥10; Zolo (and Gran) anyone.
"""

from __future__ import annotations

import pytest

from engine.actions import Announce
from engine.baska_kop.state import DealState
from engine.cards import Suit
from engine.errors import InvalidActionError
from engine.game import Badge
from tests.rules.baska_kop_helpers import GAME, contract_of, new_deal, passes, reason, result, run

HANDS = ["AS QC AH TH", "JH QH JS AC", "TS QS TC JC", "QD JD AD TD"]


def phase(state: DealState) -> str:
    return GAME.phase_of(state)


def test_ansage_runde_starts_left_of_dealer() -> None:
    for dealer in range(4):
        state = new_deal("baska", HANDS, dealer=dealer)
        assert GAME.to_act(state) == frozenset({(dealer + 1) % 4})


def test_ansage_runde_ends_after_four_passes_without_announcement() -> None:
    state = run(new_deal("baska", HANDS), passes(0, 1, 2))
    assert phase(state) == "bidding"
    run(state, passes(3))
    assert phase(state) == "play"
    assert contract_of(state)[0] == "normal"


def test_ansage_runde_ends_after_three_passes_behind_the_announcement() -> None:
    state = run(new_deal("baska", HANDS), [(0, "pass"), (1, "zolo"), *passes(2, 3)])
    # Four passes in all, but only two behind the Zolo.
    assert phase(state) == "bidding"
    assert GAME.to_act(state) == frozenset({0})
    run(state, passes(0))
    assert phase(state) == "play"
    assert contract_of(state) == ("zolo", 1)


def test_ansage_runde_ends_after_three_passes_behind_the_last_double() -> None:
    state = run(new_deal("kop", HANDS), [*passes(0, 1, 2), (3, "double"), *passes(0, 1)])
    assert phase(state) == "bidding"
    run(state, passes(2))
    assert phase(state) == "play"


def test_ansage_runde_double_then_announcement_then_three_passes() -> None:
    state = run(new_deal("baska", HANDS), [(0, "double"), (1, "gran"), *passes(2, 3)])
    assert phase(state) == "bidding"
    run(state, passes(0))
    assert phase(state) == "play"


def test_ansage_runde_highest_game_is_played() -> None:
    # Seat 0 (both black queens) says Wesele, seat 1 outbids with Zolo: Zolo of seat 1 is played.
    hands = ["QC QS QH QD", "AH TH JC JS", "JH JD AD TD", "AC TC AS TS"]
    state = run(new_deal("baska", hands), [(0, "wesele"), (1, "zolo"), *passes(2, 3, 0)])
    assert phase(state) == "play"
    assert contract_of(state) == ("zolo", 1)
    # The soloist wears the crown for everybody.
    for viewer in (0, 2, None):
        assert Badge.SOLOIST in GAME.view(state, viewer).badges[1]


def test_ansage_runde_rangfolge_baska() -> None:
    # Seat 0 holds all four queens; anybody may say Gran, Zolo, Gran du and Zolo du.
    hands = ["QC QS QH QD", "AH TH JC JS", "JH JD AD TD", "AC TC AS TS"]
    state = new_deal("baska", hands)

    def refused(seat: int, contract: str) -> None:
        why = reason(state, seat, contract)
        assert why is not None and "outrank" in why, (seat, contract, why)

    run(state, [(0, "wesele")])
    run(state, [(1, "gran")])  # Gran > Wesele
    refused(2, "gran")
    run(state, [(2, "zolo")])  # Zolo > Gran
    refused(3, "gran")
    refused(3, "zolo")
    run(state, [(3, "gran_du")])  # Gran du > Zolo
    refused(0, "wesele")
    refused(0, "zolo")
    refused(0, "gran_du")
    run(state, [(0, "pass"), (1, "zolo_du")])  # Zolo du > Gran du
    refused(2, "gran_du")
    refused(2, "zolo_du")
    run(state, [*passes(2, 3), (0, "baska")])  # Baśka > Zolo du
    refused(1, "zolo_du")
    run(state, passes(1, 2, 3))
    assert phase(state) == "play"
    assert contract_of(state) == ("baska", 0)


def test_ansage_runde_rangfolge_kop() -> None:
    # Seat 0 holds both black queens, seat 1 the four Kop cards.
    hands = ["QC QS JC JS", "AH TC TS TH", "QH QD JH JD", "AC AS AD TD"]
    state = new_deal("kop", hands)

    def refused(seat: int, contract: str) -> None:
        why = reason(state, seat, contract)
        assert why is not None and "outrank" in why, (seat, contract, why)

    run(state, [(0, "wesele"), (1, "zolo")])  # Zolo > Wesele
    refused(2, "zolo")
    run(state, [(2, "zolo_du")])  # Zolo du > Zolo
    refused(3, "zolo")
    refused(3, "zolo_du")
    run(state, [(3, "pass")])
    refused(0, "wesele")
    refused(0, "zolo_du")
    run(state, [(0, "pass"), (1, "kop")])  # Kop > Zolo du
    assert phase(state) == "finished"
    assert result(state).contract == "kop"


@pytest.mark.parametrize(
    ("rule_set", "contract"), [("kop", "gran"), ("kop", "gran_du"), ("kop", "baska"), ("baska", "kop")]
)
def test_ansage_runde_contract_not_in_rule_set(rule_set: str, contract: str) -> None:
    state = new_deal(rule_set, HANDS)
    with pytest.raises(InvalidActionError):
        GAME.check(state, 0, Announce(contract))


@pytest.mark.parametrize(("rule_set", "contract"), [("kop", "zolo"), ("baska", "zolo"), ("baska", "gran_du")])
def test_ansage_runde_an_announcement_names_no_suit(rule_set: str, contract: str) -> None:
    """Every game of the Rangfolge plays fixed trumps (section "Trumpf"): an announcement
    that names a suit is malformed, whoever makes it."""
    state = new_deal(rule_set, HANDS)
    with pytest.raises(InvalidActionError, match="is announced without a suit") as raised:
        GAME.check(state, 0, Announce(contract, Suit.HEARTS))
    assert f"announce '{Announce(contract)}'" in str(raised.value)
    run(state, [(0, "pass")])
    with pytest.raises(InvalidActionError, match="is announced without a suit"):
        GAME.check(state, 1, Announce(contract, Suit.CLUBS))


def test_ansage_runde_wesele_needs_both_black_queens() -> None:
    # Seat 0 holds ♣Q but not ♠Q.
    state = new_deal("baska", HANDS)
    why = reason(state, 0, "wesele")
    assert why is not None and "black queens" in why
    state = new_deal("kop", HANDS)
    assert reason(state, 0, "wesele") is not None


def test_ansage_runde_baska_needs_all_four_queens() -> None:
    hands = ["QC QS QH JD", "AH TH JC JS", "JH QD AD TD", "AC TC AS TS"]
    state = new_deal("baska", hands)
    why = reason(state, 0, "baska")
    assert why is not None and "four queens" in why
    # With all four queens he may.
    state = new_deal("baska", ["QC QS QH QD", "AH TH JC JS", "JH JD AD TD", "AC TC AS TS"])
    assert reason(state, 0, "baska") is None


def test_ansage_runde_kop_needs_heart_ace_and_three_tens() -> None:
    # ♥A ♣10 ♠10 but ♦10 instead of ♥10.
    state = new_deal("kop", ["AH TC TS TD", "QC QS QH QD", "JC JS JH JD", "AC AS AD TH"])
    why = reason(state, 0, "kop")
    assert why is not None and "Kop" in why
    state = new_deal("kop", ["AH TC TS TH", "QC QS QH QD", "JC JS JH JD", "AC AS AD TD"])
    assert reason(state, 0, "kop") is None


@pytest.mark.parametrize(("rule_set", "contract"), [("baska", "zolo"), ("baska", "gran"), ("kop", "zolo")])
def test_ansage_runde_zolo_and_gran_anybody(rule_set: str, contract: str) -> None:
    # Seat 3 holds no trump at all in Baśka (♣A ♣10 ♠A ♠10) and may still announce.
    state = run(
        new_deal(rule_set, ["QC QS QH QD", "AH TH JC JS", "JH JD AD TD", "AC TC AS TS"]), passes(0, 1, 2)
    )
    assert reason(state, 3, contract) is None


@pytest.mark.parametrize("rule_set", ["baska", "kop"])
def test_bedienung_under_each_button_stands_what_the_game_means(rule_set: str) -> None:
    """Section "Bedienung": "Unter den Knöpfen steht, was jedes Spiel bedeutet." Every
    announcement of the rule set, allowed or greyed out, says what it is; a double says
    when it counts; passing speaks for itself."""
    state = new_deal(rule_set, HANDS)
    (seat,) = GAME.to_act(state)
    choices = {str(choice.action): choice for choice in GAME.choices(state, seat)}
    announcements = [choice for text, choice in choices.items() if text.startswith("announce")]
    assert len(announcements) == (6 if rule_set == "baska" else 4)
    assert all(choice.meaning for choice in announcements)
    assert (
        choices["announce zolo"].meaning
        == "you play alone against three with the usual trumps; 53 points win"
    )
    assert "must take all four tricks" in choices["announce zolo_du"].meaning
    assert "the other party" in choices["double"].meaning
    assert choices["pass"].meaning == ""
