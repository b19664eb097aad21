# ruff: noqa: RUF005  (calls read best as "bidding + tricks")
"""Speedbock rules, section "Das Normalspiel: die Alten gegen die Jungen".

"Sagt niemand etwas an, spielen die beiden, die Kreuz-Dame und Pik-Dame haben (die „Alten"),
gegen die beiden anderen (die „Jungen"). Wer zu wem gehört, weiß am Anfang nur jeder von sich
selbst. Sobald eine schwarze Dame fällt, ist ihr Besitzer als Alter bekannt – am Platz
erscheint ein A, sind beide Alten bekannt, bekommen die anderen ein J.

Cicha (stilles Solo): Hast du beide schwarzen Damen und sagst nichts an, spielst du still
allein gegen drei. Die anderen merken es erst, wenn du die zweite schwarze Dame legst."

Badges: "A = Alter, J = Junger, P = Partner, Krone = spielt allein".
"""

from __future__ import annotations

from engine.baska_kop.state import DealState
from engine.game import Badge
from tests.rules.baska_kop_helpers import GAME, contract_of, passes, play_deal, result, run

PARTY_BADGES = {Badge.OLD, Badge.YOUNG, Badge.SOLOIST, Badge.PARTNER}


def marks(state: DealState, viewer: int | None, seats: tuple[int, ...] = (0, 1, 2, 3)) -> list[set[Badge]]:
    """The party badges (without the dealer's G) the viewer sees at the given seats."""
    badges = GAME.view(state, viewer).badges
    return [set(badges[seat]) & PARTY_BADGES for seat in seats]


# Old: seat 0 (♣Q) and seat 2 (♠Q).
NORMAL = ["AS QC AH TH", "JH QH JS AC", "TS QS TC JC", "QD JD AD TD"]


def test_normalspiel_old_are_the_black_queen_holders() -> None:
    state = play_deal(
        "baska",
        NORMAL,
        passes(0, 1, 2, 3)
        + [(0, "AS"), (1, "JH"), (2, "TS"), (3, "QD")]
        + [(3, "TD"), (0, "QC"), (1, "JS"), (2, "JC")]
        + [(0, "AH"), (1, "QH"), (2, "QS"), (3, "JD")]
        + [(0, "TH"), (1, "AC"), (2, "TC"), (3, "AD")],
    )
    res = result(state)
    assert res.contract == "normal"
    assert res.declarers == frozenset({0, 2})


def test_normalspiel_parties_unknown_until_a_black_queen_falls() -> None:
    state = play_deal("baska", NORMAL, passes(0, 1, 2, 3) + [(0, "AS"), (1, "JH"), (2, "TS"), (3, "QD")])
    # No black queen has fallen: a spectator sees no A or J anywhere; a Young player sees
    # nothing at the other seats.
    assert marks(state, None) == [set(), set(), set(), set()]
    assert marks(state, 1, (0, 2, 3)) == [set(), set(), set()]
    assert marks(state, 3, (0, 1, 2)) == [set(), set(), set()]
    assert GAME.view(state, None).dealer == 3
    assert Badge.DEALER in GAME.view(state, None).badges[3]


def test_normalspiel_first_black_queen_shows_an_a() -> None:
    state = play_deal(
        "baska",
        NORMAL,
        passes(0, 1, 2, 3) + [(0, "AS"), (1, "JH"), (2, "TS"), (3, "QD"), (3, "TD"), (0, "QC")],
    )
    # ♣Q fell from seat 0: he is known as Old; the others are not known yet.
    assert marks(state, None) == [{Badge.OLD}, set(), set(), set()]
    assert marks(state, 1, (0, 2, 3)) == [{Badge.OLD}, set(), set()]
    assert marks(state, 3, (0, 1, 2)) == [{Badge.OLD}, set(), set()]


def test_normalspiel_both_old_known_others_get_a_j() -> None:
    state = play_deal(
        "baska",
        NORMAL,
        passes(0, 1, 2, 3)
        + [(0, "AS"), (1, "JH"), (2, "TS"), (3, "QD")]
        + [(3, "TD"), (0, "QC"), (1, "JS"), (2, "JC")]
        + [(0, "AH"), (1, "QH"), (2, "QS")],
    )
    expected = [{Badge.OLD}, {Badge.YOUNG}, {Badge.OLD}, {Badge.YOUNG}]
    for viewer in (None, 0, 1, 2, 3):
        assert marks(state, viewer) == expected, viewer


# Cicha: seat 0 holds ♣Q and ♠Q, nobody announces.
CICHA = ["QC QS TH TC", "QD JD AD JH", "QH JC AC TD", "JS AH TS AS"]


def test_normalspiel_cicha_looks_like_an_old_player_after_the_first_black_queen() -> None:
    state = play_deal(
        "baska",
        CICHA,
        passes(0, 1, 2, 3) + [(0, "TH"), (1, "JH"), (2, "TD"), (3, "AH"), (3, "AS"), (0, "QC")],
    )
    for viewer in (None, 1, 2, 3):
        view = GAME.view(state, viewer)
        # Only ♣Q has fallen: seat 0 is an "A", nobody can tell he plays alone.
        assert {Badge.OLD} == set(view.badges[0]) & PARTY_BADGES, viewer
        assert contract_of(state, viewer)[0] == "normal", viewer
        assert not any(Badge.SOLOIST in seat for seat in view.badges), viewer


def test_normalspiel_cicha_noticed_when_second_black_queen_falls() -> None:
    state = play_deal(
        "baska",
        CICHA,
        passes(0, 1, 2, 3)
        + [(0, "TH"), (1, "JH"), (2, "TD"), (3, "AH")]
        + [(3, "AS"), (0, "QC"), (1, "QD"), (2, "JC")],
    )
    assert contract_of(state, 1)[0] == "normal"
    run(state, [(0, "QS")])  # the second black queen
    for viewer in (None, 1, 2, 3):
        assert contract_of(state, viewer) == ("cicha", 0), viewer
        # Crown for the soloist, J for the three others.
        assert marks(state, viewer) == [{Badge.SOLOIST}, {Badge.YOUNG}, {Badge.YOUNG}, {Badge.YOUNG}], viewer
