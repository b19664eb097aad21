"""The revealed Wesele partner, as the computer players read it.

The Wesele partner holds the highest jack the declarer does not hold, and the engine
reveals him to every seat once that jack falls (the parties in a seat's observation;
BADGE_PARTNER on the table). So the revealed parties say more than who the partner is: a
partner shown after a lower jack fell proves the declarer holds every higher jack, and a
jack that fell without a partner shown was not the partner jack. The deals the computer
players consider must be exactly those in which the engine would reveal what it
revealed; the engine's own observation of the seat is the ground truth.
"""

from __future__ import annotations

from collections import Counter

from ai_worker.arena import RANDOM
from ai_worker.players import advise, decide
from ai_worker.players.baska_kop.deals import constraints
from ai_worker.players.baska_kop.info import public_contract, revealed_sides
from ai_worker.search.sampling import enumerate_deals
from ai_worker.seat_info import SeatInfo, seat_info
from engine.actions import PlayCard
from engine.baska_kop import BaskaKop
from engine.baska_kop.blocks import Side
from engine.baska_kop.constants import JACKS_HIGH_TO_LOW, SEATS, Contract
from engine.cards import Card
from engine.game import PhaseKind
from engine.seeding import derive_seed
from server import convert
from server.table import TableRecord
from server.views import seat_observation
from speedgamez.v1 import table_pb2
from tests.players.brute_force import consistent_deals, deal_key
from tests.players.tables import act, client_view, decision_points, mixed, new_table

CLUB_JACK = JACKS_HIGH_TO_LOW[0]

# Baśka, dealer 0. Seat 2 announces Wesele holding ♣Q ♠Q ♣J, so his partner is the ♠J
# holder, seat 1, shown as soon as ♠J falls in the first trick. Seat 3 leads to nothing:
# seat 2 has led ♦A in the third trick and seat 3 holds ♥A ♦J.
REVEAL_HANDS = ["QD TD AC AS", "JS JH TC TS", "QC QS JC AD", "AH TH QH JD"]
REVEAL_ACTIONS = [
    (1, "double"),
    (2, "announce wesele"),
    (3, "double"),
    (0, "double"),
    (1, "double"),
    (2, "double"),
    (3, "pass"),
    (0, "pass"),
    (1, "pass"),
    (1, "play JS"),
    (2, "play QC"),
    (3, "play TH"),
    (0, "play QD"),
    (3, "play QH"),
    (0, "play TD"),
    (1, "play JH"),
    (2, "play QS"),
    (2, "play AD"),
]


def _reveal_table() -> TableRecord:
    record = new_table("baska", 1, REVEAL_HANDS, dealer=0)
    for seat, action in REVEAL_ACTIONS:
        assert record.computer_turns() == [seat], (seat, action)
        act(record, seat, action)
    assert record.computer_turns() == [3]
    return record


def test_a_partner_shown_after_a_lower_jack_fell_proves_the_declarer_holds_the_higher_jack() -> None:
    record = _reveal_table()
    view = client_view(record, 3)
    assert table_pb2.BADGE_PARTNER in view.seats[1].badges
    info = seat_info(seat_observation(record, 3))
    admitted = list(enumerate_deals(constraints(info)))
    assert admitted
    assert all(CLUB_JACK in deal_[2] for deal_ in admitted), "a deal gives ♣J away from the declarer"
    truth = {deal_key(deal_) for deal_ in consistent_deals(record, 3)}
    assert {deal_key(deal_) for deal_ in admitted} == truth


def test_the_computers_and_the_advice_play_the_diamond_jack_once_the_club_jack_is_known() -> None:
    """With ♣J known in the declarer's hand, ♦J scores 16 and ♥A 8 in every consistent deal."""
    observation = seat_observation(_reveal_table(), 3)
    jack_of_diamonds = PlayCard(Card.parse("JD"))
    assert decide(observation, "normal").action == jack_of_diamonds
    assert decide(observation, "strong").action == jack_of_diamonds
    advice = advise(observation)
    assert advice.recommended_action == convert.action_to_proto(jack_of_diamonds, BaskaKop.game_type)
    scores = {convert.card_from_proto(card.card): card.mean_score for card in advice.cards}
    assert scores == {Card.parse("JD"): 16, Card.parse("AH"): 8}


# Brute force over seeded random Wesele positions --------------------------------------

# Wesele deals are played until every kind of reveal was met three times, at most this many.
MOST_WESELE_DEALS = 60
REVEALS = (
    "partner shown, the club jack fell",
    "partner shown, the club jack hidden",
    "a jack fell, no partner shown",
    "no jack fell",
)
# Beyond this many ways to deal the hidden cards the brute force takes too long.
MOST_CANDIDATES = 1680


def _kind(info: SeatInfo) -> str:
    """Which reveal a position shows, so the test can prove it met each of them."""
    fallen = {card for seat in range(SEATS) for card in info.played_by(seat)}
    # The partner is shown once two seats are known to be on the declaring side.
    shown = sum(side is Side.DECLARING for side in revealed_sides(info)) == 2
    if shown and CLUB_JACK in fallen:
        return "partner shown, the club jack fell"
    if shown and CLUB_JACK in info.dealt:
        return "partner shown, the club jack in the seat's own hand"
    if shown:
        return "partner shown, the club jack hidden"
    return "a jack fell, no partner shown" if fallen & set(JACKS_HIGH_TO_LOW) else "no jack fell"


def test_the_deals_enumerated_in_a_wesele_are_exactly_those_the_engine_shows_the_same_view_in() -> None:
    kinds: Counter[str] = Counter()
    wesele_deals = 0
    number = 0
    while wesele_deals < MOST_WESELE_DEALS and any(kinds[kind] < 3 for kind in REVEALS):
        number += 1
        record = new_table(("baska", "kop")[number % 2], derive_seed("wesele-reveal", number))
        wesele = False
        for point, _ in decision_points(record, [RANDOM] * SEATS, mixed):
            info = seat_info(point.observation)
            if info.phase_kind is PhaseKind.BIDDING:
                continue
            if public_contract(info) is not Contract.WESELE:
                break
            wesele = True
            known = constraints(info)
            if known.upper_bound() > MOST_CANDIDATES:
                continue
            enumerated = [deal_key(deal_) for deal_ in enumerate_deals(known)]
            truth = {deal_key(deal_) for deal_ in consistent_deals(record, point.seat)}
            assert len(enumerated) == len(set(enumerated)), "a deal is enumerated twice"
            only_enumerated = sorted(set(enumerated) - truth)
            only_engine = sorted(truth - set(enumerated))
            assert not only_enumerated and not only_engine, (
                f"seed {record.config.seed}, seat {point.seat}, {_kind(info)}: enumerated "
                f"{len(enumerated)} deals, the engine agrees with {len(truth)}; only enumerated: "
                f"{only_enumerated[:2]}, only the engine's: {only_engine[:2]}"
            )
            kinds[_kind(info)] += 1
        wesele_deals += wesele
    for kind in REVEALS:
        assert kinds[kind] >= 3, kinds
