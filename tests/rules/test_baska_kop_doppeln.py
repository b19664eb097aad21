# ruff: noqa: RUF005  (calls read best as "bidding + tricks")
"""Speedbock rules, section "Doppeln": levels, who may double, which doubles count, the caps.

Rule text quoted in the tests:

* "Die Stufen heißen bei Baśka Kontra, Re, Bock, Hirsh, bei Kop Kontra, Rej, Bock, Słup.
  Jede Stufe verdoppelt den Wert."
* "Ein Doppel zählt nur, wenn es von der anderen Partei kommt als das Doppel davor."
* "Wer ein Spiel angesagt hat, darf nicht als Erster doppeln. Wer beide schwarzen Damen hat
  (Cicha), auch nicht."
* "Jedes gesagte Doppel belegt eine Stufe der Höchstzahl – auch eines, das später in der
  Abrechnung nicht zählt."
* "Im Zolo und Gran stehen die Parteien fest: Dort kann nur die Gegenseite des letzten
  Doppels weiterdoppeln."
* "Kop erlaubt nicht in jedem Spiel alle Stufen: Normalspiel und Wesele bis Słup, Cicha bis
  Bock, Zolo und Zolo du bis Rej. Mit Liga-Werten: Normalspiel bis Bock, Cicha und Zolo bis
  Rej, Zolo du nur Kontra."
* Ansage-Runde: "ein höheres Spiel ansagen – das löscht alle bisherigen Doppel".

Dealer is seat 3: seat 0 speaks first and leads.
"""

from __future__ import annotations

import pytest

from engine.actions import Double
from engine.baska_kop.state import DealState
from engine.errors import IllegalActionError
from engine.game import Choice, DoubleStatus
from tests.rules.baska_kop_helpers import (
    GAME,
    assert_settled,
    factors,
    new_deal,
    passes,
    play_deal,
    reason,
    result,
    run,
    tricks,
)

# Baśka normal game won by the Old (seats 0 and 2) 78 : 26, see test_baska_kop_abrechnung.
BASKA_NORMAL = ["AS QC AH TH", "JH QH JS AC", "TS QS TC JC", "QD JD AD TD"]
BASKA_NORMAL_TRICKS = tricks(
    (0, "AS JH TS QD"),  # seat 3, 11+2+10+3 = 26
    (3, "TD QC JS JC"),  # seat 0, 10+3+2+2 = 17
    (0, "AH QH QS JD"),  # seat 0, 11+3+3+2 = 19
    (0, "TH AC TC AD"),  # seat 0, 10+11+10+11 = 42
)
# Baśka, seat 0 holds ♣Q ♠Q ♠J ♣J: a Cicha (or Wesele with seat 2) won 78 : 26.
BASKA_CICHA = ["QC QS JS JC", "AH AD AC TC", "QH QD TS JH", "TH JD TD AS"]
BASKA_CICHA_TRICKS = tricks(
    (0, "JC AH QH TH"),  # seat 1, 2+11+3+10 = 26
    (1, "AD JH JD JS"),  # seat 0, 11+2+2+2 = 17
    (0, "QC AC QD TD"),  # seat 0, 3+11+3+10 = 27
    (0, "QS TC TS AS"),  # seat 0, 3+10+10+11 = 34
)
# Baśka Zolo by seat 0 won 79 : 25.
BASKA_ZOLO = ["TD QH QC AH", "AS AD JC QD", "TH JS TC AC", "JH TS QS JD"]
BASKA_ZOLO_TRICKS = tricks(
    (0, "AH AD TH QS"),  # seat 0, 11+11+10+3 = 35
    (0, "QC JC JS JD"),  # seat 0, 3+2+2+2 = 9
    (0, "TD QD TC JH"),  # seat 1, 10+3+10+2 = 25
    (1, "AS AC TS QH"),  # seat 0, 11+11+10+3 = 35
)
# Kop normal game, Old = seats 0 (♣Q) and 1 (♠Q), won 59 : 45.
KOP_NORMAL = ["QC TS AC JH", "QS JS JD AH", "TC QD QH TH", "TD AD AS JC"]
KOP_NORMAL_TRICKS = tricks(
    (0, "AC AH QD JC"),  # seat 1, 11+11+3+2 = 27
    (1, "JS TH TD TS"),  # seat 0, 2+10+10+10 = 32
    (0, "QC QS TC AD"),  # seat 2, 3+3+10+11 = 27
    (2, "QH AS JH JD"),  # seat 2, 3+11+2+2 = 18
)
# Kop Cicha by seat 0 won 61 : 43.
KOP_CICHA = ["QC QS JC AH", "QH TS QD JS", "JH TC TH AC", "TD AD JD AS"]
KOP_CICHA_TRICKS = tricks(
    (0, "QS TS TC JD"),  # seat 2, 3+10+10+2 = 25
    (2, "JH AD JC QH"),  # seat 1, 2+11+2+3 = 18
    (1, "QD TH TD AH"),  # seat 0, 3+10+10+11 = 34
    (0, "QC JS AC AS"),  # seat 0, 3+2+11+11 = 27
)


def double_labels(state: DealState) -> list[str]:
    return [entry.label for entry in GAME.view(state, None).history if isinstance(entry.action, Double)]


def double_choice(state: DealState, seat: int) -> Choice:
    (choice,) = [c for c in GAME.choices(state, seat) if isinstance(c.action, Double)]
    return choice


def double_steps(state: DealState) -> list[tuple[str, bool]]:
    return [(step.label, step.struck) for step in result(state).steps if step.kind == "double"]


# ---------------------------------------------------------------------------------------
# Level names and the x2 per level
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_set", "names"),
    [("baska", ["Kontra", "Re", "Bock", "Hirsh"]), ("kop", ["Kontra", "Rej", "Bock", "Słup"])],
)
def test_doppeln_level_names_per_rule_set(rule_set: str, names: list[str]) -> None:
    # Black queens split (seat 0 ♣Q, seat 2 ♠Q in Baśka): anybody may give the first double.
    hands = BASKA_NORMAL if rule_set == "baska" else KOP_NORMAL
    state = new_deal(rule_set, hands)
    offered = []
    for seat in range(4):
        offered.append(double_choice(state, seat).label)
        run(state, [(seat, "double")])
    assert offered == names
    assert double_labels(state) == names


def test_doppeln_each_counting_level_doubles_the_value() -> None:
    # Old = seats 0 and 2; Young = seats 1 and 3. Kontra (Young 1), Re (Old 2), Bock (Young 3):
    # each from the other party than the one before, so all three count.
    state = play_deal(
        "baska",
        BASKA_NORMAL,
        [(0, "pass"), (1, "double"), (2, "double"), (3, "double"), *passes(0, 1, 2), *BASKA_NORMAL_TRICKS],
    )
    res = result(state)
    assert double_steps(state) == [
        ("Kontra by seat 1", False),
        ("Re by seat 2", False),
        ("Bock by seat 3", False),
    ]
    # Old win 78 : 26: 1 x 2 x 2 x 2 = 8 ("zwei Doppel zählen x4, drei x8").
    assert factors(res) == [("base", 1), ("double", 2), ("double", 2), ("double", 2)]
    assert_settled(res, 8, (8, -8, 8, -8))


# ---------------------------------------------------------------------------------------
# Same party: counts once, struck with a note
# ---------------------------------------------------------------------------------------


def test_doppeln_same_party_kontra_and_re_count_once() -> None:
    # Seat 0 (♣Q) says Kontra, seat 2 (♠Q) says Re: both Old, so Re is struck.
    state = run(
        new_deal("baska", BASKA_NORMAL),
        [(0, "double"), (1, "pass"), (2, "double"), *passes(3, 0, 1)],
    )
    assert GAME.phase_of(state) == "play"
    # "Im Normalspiel kennt man die Parteien noch nicht": a spectator cannot tell yet.
    history = [e for e in GAME.view(state, None).history if isinstance(e.action, Double)]
    assert [e.status for e in history] == [DoubleStatus.COUNTS, DoubleStatus.UNKNOWN]
    run(state, BASKA_NORMAL_TRICKS)
    res = result(state)
    steps = [step for step in res.steps if step.kind == "double"]
    assert [(s.label, s.struck) for s in steps] == [("Kontra by seat 0", False), ("Re by seat 2", True)]
    assert steps[1].note  # the settlement says why the Re does not count
    history = [e for e in GAME.view(state, None).history if isinstance(e.action, Double)]
    assert [e.status for e in history] == [DoubleStatus.COUNTS, DoubleStatus.STRUCK]
    assert history[1].status_note
    # Old win 78 : 26: 1 x 2 (Kontra only) = 2.
    assert_settled(res, 2, (2, -2, 2, -2))


def test_doppeln_fourth_double_from_same_party_as_third_is_struck() -> None:
    # Kontra Young 1, Re Old 2, Bock Young 3, Hirsh Young 1 (same party as the Bock).
    state = play_deal(
        "baska",
        BASKA_NORMAL,
        [
            (0, "pass"),
            (1, "double"),
            (2, "double"),
            (3, "double"),
            (0, "pass"),
            (1, "double"),
            *passes(2, 3, 0),
            *BASKA_NORMAL_TRICKS,
        ],
    )
    assert double_steps(state) == [
        ("Kontra by seat 1", False),
        ("Re by seat 2", False),
        ("Bock by seat 3", False),
        ("Hirsh by seat 1", True),
    ]
    # 1 x 2 x 2 x 2 = 8; Old win.
    assert_settled(result(state), 8, (8, -8, 8, -8))


def test_doppeln_wesele_same_party_struck_by_true_parties() -> None:
    # Wesele by seat 0 (holds ♣J ♠J): partner is the ♥J holder, seat 2.
    # Kontra seat 1 (counts), Re seat 3 (same party as seat 1: struck), Bock seat 0 (counts).
    state = play_deal(
        "baska",
        BASKA_CICHA,
        [(0, "wesele"), (1, "double"), (2, "pass"), (3, "double"), (0, "double"), *passes(1, 2, 3)]
        + BASKA_CICHA_TRICKS,
    )
    assert double_steps(state) == [
        ("Kontra by seat 1", False),
        ("Re by seat 3", True),
        ("Bock by seat 0", False),
    ]
    # Wesele won 78 : 26: 1 x 2 x 2 = 4.
    assert_settled(result(state), 4, (4, -4, 4, -4))


# ---------------------------------------------------------------------------------------
# Who may not double first
# ---------------------------------------------------------------------------------------


def test_doppeln_announcer_may_not_double_first() -> None:
    state = run(new_deal("baska", BASKA_ZOLO), [(0, "zolo")])
    # Seat 0 announced the running Zolo: he may not give the first double (asked out of turn,
    # because the round never comes back to him before someone else doubles or announces).
    why = reason(state, 0, "double")
    assert why is not None and "first" in why
    # A defender may.
    assert reason(state, 1, "double") is None


def test_doppeln_outbid_announcer_may_not_double_first_either() -> None:
    # "Wer ein Spiel angesagt hat, darf nicht als Erster doppeln", read literally: seat 0
    # holds both black queens and announces Wesele, seat 1 outbids with Zolo; when the turn
    # comes back to seat 0 he may pass or announce higher, but not give the first Kontra.
    hands = ["QC QS AH JD", "TC TS TH QH", "AC AS JC JS", "QD JH AD TD"]
    state = run(new_deal("kop", hands), [(0, "wesele"), (1, "zolo"), (2, "pass"), (3, "pass")])
    why = reason(state, 0, "double")
    assert why is not None and "announced" in why and "first" in why
    # A defender who announced nothing may give it; then only the declarer may answer.
    state = run(new_deal("kop", hands), [(0, "wesele"), (1, "zolo"), (2, "double"), (3, "pass")])
    assert reason(state, 1, "double") is None


def test_doppeln_cicha_holder_may_not_double_first_but_may_answer() -> None:
    state = new_deal("baska", BASKA_CICHA)
    # Seat 0 holds both black queens and nothing is announced.
    with pytest.raises(IllegalActionError) as refused:
        GAME.check(state, 0, Double())
    assert "black queens" in refused.value.reason
    assert not double_choice(state, 0).allowed
    # After seat 1's Kontra he may answer with Re.
    run(state, [(0, "pass"), (1, "double"), *passes(2, 3), (0, "double"), *passes(1, 2, 3)])
    run(state, BASKA_CICHA_TRICKS)
    res = result(state)
    assert res.contract == "cicha"
    assert double_steps(state) == [("Kontra by seat 1", False), ("Re by seat 0", False)]
    # Cicha won 78 : 26: 4 x 2 x 2 = 16; soloist gets 3 x 16 = 48.
    assert_settled(res, 16, (48, -16, -16, -16))


def test_doppeln_black_queen_holder_may_double_first_once_a_game_is_announced() -> None:
    # Seat 0 holds both black queens; seat 1 announces Zolo, so there is no Cicha.
    state = run(new_deal("baska", BASKA_CICHA), [(0, "pass"), (1, "zolo"), *passes(2, 3)])
    assert reason(state, 0, "double") is None


# ---------------------------------------------------------------------------------------
# A higher announcement clears the doubles
# ---------------------------------------------------------------------------------------


def test_doppeln_higher_announcement_clears_doubles_and_restarts_levels() -> None:
    state = run(new_deal("baska", BASKA_ZOLO), [(0, "pass"), (1, "double"), *passes(2, 3), (0, "zolo")])
    # The Kontra on the normal game is wiped out; the next double is a Kontra again.
    assert double_choice(state, 1).label == "Kontra"
    run(state, [(1, "double"), *passes(2, 3), (0, "double"), *passes(1, 2, 3)])
    history = [e for e in GAME.view(state, None).history if isinstance(e.action, Double)]
    assert [(e.seat, e.label, e.status) for e in history] == [
        (1, "Kontra", DoubleStatus.CLEARED),
        (1, "Kontra", DoubleStatus.COUNTS),
        (0, "Re", DoubleStatus.COUNTS),
    ]
    run(state, BASKA_ZOLO_TRICKS)
    res = result(state)
    doubles = [step for step in res.steps if step.kind == "double"]
    # The cleared double appears struck in the settlement, with its reason.
    assert [(s.label, s.struck) for s in doubles] == [
        ("Kontra by seat 1", True),
        ("Kontra by seat 1", False),
        ("Re by seat 0", False),
    ]
    assert doubles[0].note
    # Zolo won 79 : 25: 5 x 2 x 2 = 20; soloist gets 3 x 20 = 60.
    assert_settled(res, 20, (60, -20, -20, -20))


# ---------------------------------------------------------------------------------------
# Zolo and Gran: only the other side of the last double
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["zolo", "gran"])
def test_doppeln_zolo_gran_only_other_side_of_last_double(contract: str) -> None:
    state = run(new_deal("baska", BASKA_ZOLO), [(0, contract), (1, "double")])
    # Seat 2 is a defender like seat 1: he may not answer his own side's Kontra.
    why = reason(state, 2, "double")
    assert why is not None and "Re" in why
    run(state, [(2, "pass")])
    assert reason(state, 3, "double") is not None
    run(state, [(3, "pass"), (0, "double"), (1, "double")])  # Re by the declarer, Bock by seat 1
    assert reason(state, 2, "double") is not None
    run(state, [(2, "pass")])
    assert reason(state, 3, "double") is not None
    run(state, [(3, "pass"), (0, "double")])  # Hirsh by the declarer
    assert double_labels(state) == ["Kontra", "Re", "Bock", "Hirsh"]


def test_doppeln_zolo_all_four_levels_count() -> None:
    state = play_deal(
        "baska",
        BASKA_ZOLO,
        [
            (0, "zolo"),
            (1, "double"),
            *passes(2, 3),
            (0, "double"),
            (1, "double"),
            *passes(2, 3),
            (0, "double"),
            *passes(1, 2, 3),
            *BASKA_ZOLO_TRICKS,
        ],
    )
    # Zolo won 79 : 25: 5 x 2 x 2 x 2 x 2 = 80; soloist gets 3 x 80 = 240.
    assert_settled(result(state), 80, (240, -80, -80, -80))


# ---------------------------------------------------------------------------------------
# Caps ("Höchstzahl")
# ---------------------------------------------------------------------------------------

# Seat 0 holds all four queens (so he may announce Wesele or Baśka); black queens are with
# seat 0, so "normal" is played with seat 1 giving the first double.
BASKA_QUEENS = ["QC QS QH QD", "JS JC AH AC", "TC AD TS JH", "TD AS JD TH"]
# Kop, seat 0 holds both black queens (for Wesele); split black queens for the normal game.
KOP_WESELE = ["QC QS QH TH", "JS QD TS TC", "JD JH AS AD", "JC AC AH TD"]


def count_doubles(state: DealState) -> int:
    """Seats 1 and 0 double by turns (defender, declarer, ...) until refused; count the said ones.

    After every double of seat 1 the others pass once each, and after seat 0 seat 1 answers,
    so the pattern is legal where parties are fixed and the round never ends early.
    """
    said = 0
    while True:
        seat = 1 if said % 2 == 0 else 0
        if reason(state, seat, "double") is not None:
            return said
        run(state, [(seat, "double")])
        said += 1
        if seat == 1:
            run(state, passes(2, 3))


@pytest.mark.parametrize("contract", [None, "wesele", "gran", "zolo", "gran_du", "zolo_du", "baska"])
def test_doppeln_baska_allows_all_four_levels_in_every_contract(contract: str | None) -> None:
    state = new_deal("baska", BASKA_QUEENS)
    run(state, [(0, contract or "pass")])
    assert count_doubles(state) == 4
    # The fifth is refused with a reason naming the cap.
    seat = 1
    why = reason(state, seat, "double")
    assert why is not None and "Hirsh" in why


@pytest.mark.parametrize(
    ("liga", "contract", "hands", "cap", "top"),
    [
        ("false", None, KOP_NORMAL, 4, "Słup"),
        ("false", "wesele", KOP_WESELE, 4, "Słup"),
        ("false", "zolo", KOP_NORMAL, 2, "Rej"),
        ("false", "zolo_du", KOP_NORMAL, 2, "Rej"),
        ("true", None, KOP_NORMAL, 3, "Bock"),
        ("true", "zolo", KOP_NORMAL, 2, "Rej"),
        ("true", "zolo_du", KOP_NORMAL, 1, "Kontra"),
    ],
)
def test_doppeln_kop_caps_per_contract(
    liga: str, contract: str | None, hands: list[str], cap: int, top: str
) -> None:
    state = new_deal("kop", hands, options={"liga_values": liga})
    run(state, [(0, contract or "pass")])
    assert count_doubles(state) == cap
    next_seat = 1 if cap % 2 == 0 else 0
    choice = double_choice(state, next_seat)
    # "Ist ein Doppel gerade nicht erlaubt, ist der Knopf blass – antippen zeigt den Grund."
    assert not choice.allowed
    assert top in choice.reason
    with pytest.raises(IllegalActionError):
        GAME.check(state, next_seat, Double())


def test_doppeln_kop_cicha_up_to_bock_slup_struck() -> None:
    # Seat 0 plays a silent Cicha. Kontra Young 1, Rej Cicha 0, Bock Young 1, Słup Cicha 0:
    # all from alternating parties, but a Cicha may be doubled only up to Bock.
    state = play_deal(
        "kop",
        KOP_CICHA,
        [
            (0, "pass"),
            (1, "double"),
            *passes(2, 3),
            (0, "double"),
            (1, "double"),
            *passes(2, 3),
            (0, "double"),
            *passes(1, 2, 3),
            *KOP_CICHA_TRICKS,
        ],
    )
    res = result(state)
    assert res.contract == "cicha"
    steps = [step for step in res.steps if step.kind == "double"]
    assert [(s.label, s.struck) for s in steps] == [
        ("Kontra by seat 1", False),
        ("Rej by seat 0", False),
        ("Bock by seat 1", False),
        ("Słup by seat 0", True),
    ]
    assert steps[3].note
    # Cicha won 61 : 43: 4 x 2 x 2 x 2 = 32; soloist gets 3 x 32 = 96.
    assert_settled(res, 32, (96, -32, -32, -32))


def test_doppeln_kop_liga_cicha_up_to_rej_bock_struck() -> None:
    state = play_deal(
        "kop",
        KOP_CICHA,
        [(0, "pass"), (1, "double"), *passes(2, 3), (0, "double"), (1, "double"), *passes(2, 3, 0)]
        + KOP_CICHA_TRICKS,
        options={"liga_values": "true"},
    )
    res = result(state)
    assert [(s.label, s.struck) for s in res.steps if s.kind == "double"] == [
        ("Kontra by seat 1", False),
        ("Rej by seat 0", False),
        ("Bock by seat 1", True),
    ]
    # Cicha won: 4 x 2 x 2 = 16; soloist gets 3 x 16 = 48.
    assert_settled(res, 16, (48, -16, -16, -16))


def test_doppeln_struck_double_still_occupies_a_level() -> None:
    # Kop with Liga-Werte, normal game capped at Bock. Old = seats 0 (♣Q) and 1 (♠Q).
    # Kontra (Old 0), Rej (Old 1: struck), Bock (Young 2): only two count, yet the cap is
    # reached because every said double occupies a level.
    state = run(
        new_deal("kop", KOP_NORMAL, options={"liga_values": "true"}),
        [(0, "double"), (1, "double"), (2, "double")],
    )
    why = reason(state, 3, "double")
    assert why is not None and "Bock" in why
    run(state, [*passes(3, 0, 1), *KOP_NORMAL_TRICKS])
    res = result(state)
    assert [(s.label, s.struck) for s in res.steps if s.kind == "double"] == [
        ("Kontra by seat 0", False),
        ("Rej by seat 1", True),
        ("Bock by seat 2", False),
    ]
    # Old win 59 : 45: 1 x 2 x 2 = 4.
    assert_settled(res, 4, (4, 4, -4, -4))
