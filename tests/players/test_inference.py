"""What a computer seat infers about the hidden hands (Speedbock rules, "Computergegner").

The normal and strong players deal the unseen cards "passend zu allem, was schon gefallen
und gesagt ist". These tests prove, over many real deals of both rule sets, that the
inference (``ai_worker.players.baska_kop.deals.constraints``) never rules out the deal
that is really on the table, that the samplers return exactly the deals it admits, and
that every deal they return is one the engine itself accepts for the public actions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import product

import pytest

from ai_worker.arena import RANDOM
from ai_worker.players.baska_kop.deals import constraints, game_of
from ai_worker.players.baska_kop.info import public_contract
from ai_worker.players.baska_kop.search import NORMAL, deal_sample
from ai_worker.players.decision import Decision
from ai_worker.search.sampling import Constraints, Deal, enumerate_deals, sample
from ai_worker.seat_info import SeatInfo, seat_info
from engine.baska_kop.bidding import settle_contract
from engine.baska_kop.constants import (
    BLACK_QUEENS,
    PACK,
    QUEEN_OF_SPADES,
    SEATS,
    Contract,
    RuleSet,
)
from engine.baska_kop.play import TRUMP_LANE, card_order
from engine.cards import Card, parse_cards
from engine.seeding import SeededRandom, derive_seed
from server.views import seat_observation
from speedgamez.v1 import table_pb2
from tests.players.tables import (
    RULE_SETS,
    Point,
    act,
    client_view,
    deal,
    decision_points,
    logged,
    mixed,
    new_table,
    random_with_wesele,
    replay,
    true_hidden,
    world_hands,
)

SWEEP_DEALS = 240
SAMPLED_DEALS = 30
POOL = (RANDOM, RANDOM, RANDOM, "easy", "easy")


def _levels(rule_set: str, number: int) -> list[str]:
    rng = SeededRandom(derive_seed("inference-levels", rule_set, number))
    levels = [rng.choice(POOL) for _ in range(SEATS)]
    if number % 10 == 0:
        levels[number // 10 % SEATS] = "normal"
    if number % 120 == 7:
        levels[number % SEATS] = "strong"
    return levels


def _describe(rule_set: str, seed: int, levels: list[str], point: Point) -> str:
    state = deal(point.record)
    hands = " | ".join(" ".join(str(card) for card in hand) for hand in state.dealt)
    actions = ", ".join(f"{seat}:{text}" for seat, text, _ in logged(point.record))
    return (
        f"rule set {rule_set}, seed {seed}, levels {levels}, viewer seat {point.seat}; "
        f"dealt {hands}; actions so far [{actions}]"
    )


def _cards(cards: frozenset[Card] | set[Card]) -> str:
    return " ".join(sorted(str(card) for card in cards))


def _admission_problems(known: Constraints, real: Deal) -> list[str]:
    """Every way the inference contradicts the real hidden hands (empty: it admits them)."""
    problems = []
    if sorted(map(str, known.unseen)) != sorted(str(card) for hand in real.values() for card in hand):
        problems.append(
            f"unseen cards {_cards(set(known.unseen))} are not the hidden cards "
            f"{_cards({card for hand in real.values() for card in hand})}"
        )
    if known.needs != {seat: len(hand) for seat, hand in real.items()}:
        problems.append(f"hand sizes {known.needs} are not { ({s: len(h) for s, h in real.items()}) }")
    for seat, hand in real.items():
        wrong = hand & known.forbidden.get(seat, frozenset())
        if wrong:
            problems.append(f"seat {seat} really holds {_cards(wrong)}, which the inference forbids")
        missing = known.required.get(seat, frozenset()) - hand
        if missing:
            problems.append(f"seat {seat} is required to hold {_cards(missing)} but does not")
    if known.accept is not None and not known.accept(real):
        problems.append(
            "the extra test (no Cicha in a first doubler's hand, the Wesele badges) rejects the real deal"
        )
    if not problems and not known.admits(real):
        problems.append("Constraints.admits rejects the real deal")
    return problems


# The real deal is never ruled out -----------------------------------------------------


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_the_real_hidden_hands_are_admitted_at_every_decision_of_every_seat(rule_set: str) -> None:
    """Hand sizes, voids, failures to trump and to beat, announcement cards, no-Cicha doubles."""
    failures: list[str] = []
    seen: Counter[str] = Counter()
    for number in range(SWEEP_DEALS):
        seed = derive_seed("inference-sweep", rule_set, number)
        levels = _levels(rule_set, number)
        record = new_table(rule_set, seed)
        chooser = mixed if number % 2 else None
        for point, _ in decision_points(record, levels, chooser):
            info = seat_info(point.observation)
            known = constraints(info)
            real = true_hidden(deal(record), point.seat)
            problems = _admission_problems(known, real)
            if not problems and known.upper_bound() <= 400 and real not in list(enumerate_deals(known)):
                problems.append("enumerate_deals does not list the real deal")
            if problems:
                failures.append(f"{_describe(rule_set, seed, levels, point)}: {'; '.join(problems)}")
            seen["decisions"] += 1
            seen["forbidden"] += any(known.forbidden.values())
            seen["required"] += any(known.required.values())
            seen["no-cicha test"] += known.accept is not None
            seen["neither followed nor trumped"] += _discarded(info)
            bidding = point.view.phase == table_pb2.TABLE_PHASE_BIDDING
            seen["contract bidding" if bidding else f"contract {public_contract(info).value}"] += 1
    assert not failures, f"{len(failures)} decisions rule out the real deal, first: {failures[:3]}"
    # The sweep must have met every kind of inference, else it proves little.
    for kind in (
        "forbidden",
        "required",
        "no-cicha test",
        "neither followed nor trumped",
        "contract bidding",
        "contract normal",
    ):
        assert seen[kind] > 0, f"the sweep never met {kind!r}: {seen}"
    assert seen["contract wesele"] + seen["contract zolo"] > 0, seen


def _discarded(info: SeatInfo) -> bool:
    """Whether another seat has played a plain card of another suit than the one led."""
    order = card_order(RuleSet(info.rule_set), public_contract(info))
    for cards in [trick.cards for trick in info.tricks] + [info.trick_cards]:
        for seat, card in cards[1:]:
            led = order.lane[cards[0][1]]
            if seat != info.seat and order.lane[card] not in (led, TRUMP_LANE):
                return True
    return False


def _info_after(rule_set: str, hands: list[str], actions: list[str], viewer: int) -> tuple[SeatInfo, Deal]:
    """Dealer 3 (seat 0 speaks and leads first); ``actions`` in turn order from seat 0."""
    record = new_table(rule_set, 1, hands)
    for action in actions:
        (seat,) = record.computer_turns()
        act(record, seat, action)
    assert record.computer_turns() == [viewer]
    return seat_info(seat_observation(record, viewer)), true_hidden(deal(record), viewer)


def test_a_void_shown_in_trumps_forbids_every_trump() -> None:
    # Baśka: ♥Q (trump) is led; seat 1 holds no trump and throws ♠A.
    hands = ["QH QC QS JC", "AC TC AS TS", "AH TH QD JS", "JH JD AD TD"]
    info, real = _info_after("baska", hands, ["pass"] * 4 + ["play QH", "play AS"], viewer=2)
    known = constraints(info)
    assert set(parse_cards("AH TH QC QS QD JC JS JH JD AD TD")) <= known.forbidden[1]
    assert not set(parse_cards("AC TC TS")) & known.forbidden[1]
    assert known.admits(real)
    assert real in list(enumerate_deals(known))


def test_a_void_shown_in_a_plain_suit_forbids_that_suit() -> None:
    # Baśka: ♣A is led; seat 1 has no clubs and must trump (any trump beats a plain card).
    hands = ["AC QC QS JC", "TS AH TH QH", "TC AS QD JS", "JH JD AD TD"]
    info, real = _info_after("baska", hands, ["pass"] * 4 + ["play AC", "play QH"], viewer=2)
    known = constraints(info)
    assert Card.parse("TC") in known.forbidden[1]
    assert Card.parse("AH") not in known.forbidden[1]
    assert known.admits(real)


def test_a_failure_to_beat_forbids_the_cards_that_would_have_beaten() -> None:
    # Baśka: ♥Q is led (trump); seat 1 follows with ♦J although the duty to beat applies.
    hands = ["QH AC TC AS", "JD TS JC JS", "QC QS AH TH", "QD JH AD TD"]
    info, real = _info_after("baska", hands, ["pass"] * 4 + ["play QH", "play JD"], viewer=2)
    known = constraints(info)
    assert set(parse_cards("AH TH QC QS")) <= known.forbidden[1]
    assert not set(parse_cards("JC JS")) & known.forbidden[1]
    assert known.admits(real)


def test_an_announcement_requires_its_cards() -> None:
    hands = ["QC QS JC AS", "JS JH AC TC", "TS AH TH QH", "QD JD AD TD"]
    info, real = _info_after("baska", hands, ["announce wesele"], viewer=1)
    known = constraints(info)
    assert known.required[0] == BLACK_QUEENS
    assert known.admits(real)


def test_a_first_double_without_announcement_rules_out_a_silent_cicha() -> None:
    # Kop: seat 0 gives the first double while nothing is announced; seat 2 looks on.
    hands = ["AH TH QH JC", "QC QS AC TC", "TS JS JH AS", "QD JD AD TD"]
    info, real = _info_after("kop", hands, ["double", "pass"], viewer=2)
    known = constraints(info)
    assert known.accept is not None
    cicha = {0: frozenset(parse_cards("QC QS AC TC")), 1: frozenset(parse_cards("AH TH QH JC")), 3: real[3]}
    assert not known.accept(cicha)
    admitted = list(enumerate_deals(known))
    assert real in admitted
    assert not [deal_ for deal_ in admitted if deal_[0] >= BLACK_QUEENS]
    assert [deal_ for deal_ in admitted if deal_[1] >= BLACK_QUEENS]


# Samples are deals the engine accepts for the public actions -------------------------


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_every_sampled_deal_replays_the_public_actions_and_shows_the_same_view(rule_set: str) -> None:
    """A sample is consistent with everything played and said: the engine accepts every
    public action in it, and the viewer's view and observation of that world are the ones
    it has."""
    failures: list[str] = []
    checked = 0
    for number in range(SAMPLED_DEALS):
        seed = derive_seed("inference-samples", rule_set, number)
        levels = _levels(rule_set, number + 1)
        record = new_table(rule_set, seed)
        for point, _ in decision_points(record, levels, mixed if number % 2 else None):
            info = seat_info(point.observation)
            state = deal(record)
            wanted = point.view.SerializeToString(deterministic=True)
            wanted_observation = point.observation.SerializeToString(deterministic=True)
            for sampled in deal_sample(info, NORMAL).deals:
                checked += 1
                world = replay(record, world_hands(state, point.seat, sampled), logged(record))
                if world is None:
                    failures.append(f"{_describe(rule_set, seed, levels, point)}: refused sample {sampled}")
                elif client_view(world, point.seat).SerializeToString(deterministic=True) != wanted:
                    failures.append(
                        f"{_describe(rule_set, seed, levels, point)}: sample {_deal_text(sampled)} "
                        f"shows another view (badges {_badges(client_view(world, point.seat))} "
                        f"instead of {_badges(point.view)})"
                    )
                elif seat_observation(world, point.seat).SerializeToString(deterministic=True) != (
                    wanted_observation
                ):
                    failures.append(
                        f"{_describe(rule_set, seed, levels, point)}: sample {_deal_text(sampled)} "
                        f"reveals other parties to the seat ({seat_observation(world, point.seat).baska_kop} "
                        f"instead of {point.observation.baska_kop})"
                    )
    assert checked > 500
    assert not failures, f"{len(failures)} of {checked} samples contradict the table, first: {failures[:3]}"


def _deal_text(sampled: Deal) -> str:
    return " | ".join(f"{seat}: {_cards(set(hand))}" for seat, hand in sorted(sampled.items()))


def _badges(view: table_pb2.TableView) -> list[list[str]]:
    return [[table_pb2.Badge.Name(badge) for badge in seat.badges] for seat in view.seats]


def test_samples_agree_with_the_revealed_wesele_partner() -> None:
    """Wesele of seat 0 holding ♣J: its partner is the ♠J holder (seat 1), revealed to the
    whole table when ♠J falls. From then on, ♣J can only be in seat 0's hand."""
    hands = ["QC QS JC AS", "JS JH AC TC", "TS AH TH QH", "QD JD AD TD"]
    record = new_table("baska", 1, hands)
    for action in ["announce wesele", "pass", "pass", "pass", "play AS", "play JS", "play TS"]:
        (seat,) = record.computer_turns()
        act(record, seat, action)
    view = client_view(record, 3)
    assert table_pb2.BADGE_PARTNER in view.seats[1].badges
    info = seat_info(seat_observation(record, 3))
    admitted = list(enumerate_deals(constraints(info)))
    wrong = [d for d in admitted if game_of(info, d).declarers != frozenset({0, 1})]
    assert not wrong, (
        f"{len(wrong)} of {len(admitted)} deals the inference admits make another seat the Wesele "
        f"partner although the table shows seat 1 (e.g. {_deal_text(wrong[0])})"
    )


# enumerate_deals and sample ----------------------------------------------------------


def _brute_force(known: Constraints) -> list[Deal]:
    """Every way to give each unseen card to one seat, kept if sizes and constraints fit."""
    seats = sorted(known.needs)
    deals = []
    for owners in product(seats, repeat=len(known.unseen)):
        hands: Deal = {seat: frozenset() for seat in seats}
        for card, owner in zip(known.unseen, owners, strict=True):
            hands[owner] = hands[owner] | {card}
        if all(len(hands[seat]) == known.needs[seat] for seat in seats) and known.admits(hands):
            deals.append(hands)
    return deals


def _key(deal_: Deal) -> tuple[tuple[int, tuple[str, ...]], ...]:
    return tuple((seat, tuple(sorted(map(str, hand)))) for seat, hand in sorted(deal_.items()))


def _random_constraints(rng: SeededRandom) -> Constraints:
    """A small satisfiable-looking case: required cards fit the hand and are not forbidden."""
    size = 4 + rng.below(5)
    unseen = tuple(rng.shuffled(PACK)[:size])
    viewer = rng.below(SEATS)
    seats = [seat for seat in range(SEATS) if seat != viewer]
    needs = dict.fromkeys(seats, 0)
    for _ in range(size):
        needs[rng.choice([seat for seat in seats if needs[seat] < 4])] += 1
    forbidden = {seat: frozenset(card for card in PACK if rng.below(4) == 0) for seat in seats}
    free = list(rng.shuffled(unseen))
    required: dict[int, frozenset[Card]] = {}
    for seat in seats:
        if rng.below(2):
            fits = [card for card in free if card not in forbidden[seat]][: rng.below(needs[seat] + 1)]
            required[seat] = frozenset(fits)
            free = [card for card in free if card not in fits]
    accept: Callable[[Deal], bool] | None = None
    if rng.below(2):
        seat, pair = rng.choice(seats), frozenset(unseen[:2])

        def accept(deal_: Deal) -> bool:
            return not deal_[seat] >= pair

    return Constraints(unseen, needs, forbidden, required, accept)


def test_enumerate_deals_lists_exactly_the_consistent_deals_without_duplicates() -> None:
    rng = SeededRandom(derive_seed("enumerate"))
    nonempty = 0
    for _ in range(150):
        known = _random_constraints(rng)
        listed = [_key(deal_) for deal_ in enumerate_deals(known)]
        expected = {_key(deal_) for deal_ in _brute_force(known)}
        assert len(listed) == len(set(listed)), "enumerate_deals lists a deal twice"
        assert set(listed) == expected
        nonempty += bool(expected)
    assert nonempty > 50


_CONTRADICTIONS = {
    "required-card-is-forbidden": Constraints(
        parse_cards("AC TC AS TS"),
        {1: 2, 2: 2},
        forbidden={1: frozenset(parse_cards("AC"))},
        required={1: frozenset(parse_cards("AC"))},
    ),
    "more-required-cards-than-the-hand-holds": Constraints(
        parse_cards("AC TC AS TS"), {1: 1, 2: 3}, required={1: frozenset(parse_cards("AC TC"))}
    ),
    "one-card-required-in-two-hands": Constraints(
        parse_cards("AC TC AS TS"),
        {1: 2, 2: 2},
        required={1: frozenset(parse_cards("AC")), 2: frozenset(parse_cards("AC"))},
    ),
}


@pytest.mark.parametrize("case", sorted(_CONTRADICTIONS))
def test_enumerate_deals_and_sample_find_nothing_when_the_constraints_contradict(case: str) -> None:
    """No deal is consistent: both must say so (sample documents an empty list)."""
    known = _CONTRADICTIONS[case]
    assert _brute_force(known) == []
    assert list(enumerate_deals(known)) == []
    assert sample(known, SeededRandom(7), 5) == []


def _uniform_case() -> Constraints:
    unseen = parse_cards("AC TC QC JC AS TS")
    pair = frozenset(parse_cards("QC JC"))

    def accept(deal_: Deal) -> bool:
        return not deal_[3] >= pair

    return Constraints(
        unseen,
        {1: 2, 2: 2, 3: 2},
        forbidden={1: frozenset(parse_cards("AC")), 2: frozenset(parse_cards("TS"))},
        required={2: frozenset(parse_cards("TC"))},
        accept=accept,
    )


def test_sample_returns_only_admitted_deals() -> None:
    rng = SeededRandom(derive_seed("sample-admitted"))
    for _ in range(150):
        known = _random_constraints(rng)
        drawn = sample(known, rng, 12)
        consistent = {_key(deal_) for deal_ in _brute_force(known)}
        assert (drawn == []) == (not consistent)
        for deal_ in drawn:
            assert known.admits(deal_)
            assert {seat: len(hand) for seat, hand in deal_.items()} == known.needs
            assert _key(deal_) in consistent


@pytest.mark.parametrize("per_call", [1, 4000], ids=["by-rejection", "with-enumeration-fallback"])
def test_sample_hits_every_consistent_deal_about_equally_often(per_call: int) -> None:
    known = _uniform_case()
    consistent = {_key(deal_) for deal_ in _brute_force(known)}
    assert 10 <= len(consistent) <= 40
    draws = 150 * len(consistent)
    counts: Counter[tuple[tuple[int, tuple[str, ...]], ...]] = Counter()
    for call in range(0, draws, per_call):
        for deal_ in sample(known, SeededRandom(derive_seed("uniform", call)), min(per_call, draws - call)):
            counts[_key(deal_)] += 1
    assert set(counts) == consistent
    expected = draws / len(consistent)
    assert all(0.6 * expected <= count <= 1.4 * expected for count in counts.values()), counts


def test_sample_is_deterministic_for_a_seed() -> None:
    known = _uniform_case()
    assert sample(known, SeededRandom(5), 30) == sample(known, SeededRandom(5), 30)


# game_of -----------------------------------------------------------------------------


def test_game_of_finds_cicha_when_one_hand_holds_both_black_queens() -> None:
    # Nothing announced; seat 2 holds both black queens. Viewer seat 0 leads to trick 1.
    hands = ["AC TC AS JD", "TS JS JH AD", "QC QS AH TH", "QH QD JC TD"]
    info, real = _info_after("baska", hands, ["pass"] * 4, viewer=0)
    game = game_of(info, real)
    assert (game.contract, game.declarers) == (Contract.CICHA, frozenset({2}))
    jack = Card.parse("JS")
    split = {1: real[1] - {jack} | {QUEEN_OF_SPADES}, 2: real[2] - {QUEEN_OF_SPADES} | {jack}, 3: real[3]}
    game = game_of(info, split)
    assert (game.contract, game.declarers) == (Contract.NORMAL, frozenset({1, 2}))


@pytest.mark.parametrize(
    ("hands", "partner"),
    [
        (["QC QS AS TS", "JC JS JH AC", "TC AH TH QH", "QD JD AD TD"], 1),
        (["QC QS JC AS", "JS JH AC TC", "TS AH TH QH", "QD JD AD TD"], 1),
        (["QC QS JC JS", "AS JH AC TC", "TS AH TH QH", "QD JD AD TD"], 1),
        (["QC QS JC JS", "AS JD AC TC", "TS AH TH QH", "QD JH AD TD"], 3),
    ],
    ids=["club-jack-elsewhere", "declarer-holds-club-jack", "declarer-holds-two-jacks", "hearts-jack"],
)
def test_game_of_makes_the_holder_of_the_highest_jack_outside_the_declarers_hand_his_partner(
    hands: list[str], partner: int
) -> None:
    for viewer in (1, 2):
        info, real = _info_after("baska", hands, ["announce wesele", "pass", "pass", "pass"][:viewer], viewer)
        game = game_of(info, real, running=True)
        assert (game.contract, game.declarers) == (Contract.WESELE, frozenset({0, partner}))
    info, real = _info_after("kop", hands, ["announce wesele", "pass", "pass", "pass"], viewer=0)
    game = game_of(info, real)
    assert (game.contract, game.declarers) == (Contract.WESELE, frozenset({0, partner}))


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_game_of_agrees_with_the_engine_for_every_sampled_deal(rule_set: str) -> None:
    """The engine settles the contract of the replayed world; ``game_of`` must say the same."""
    checked: Counter[Contract] = Counter()
    for number in range(40):
        seed = derive_seed("game-of", rule_set, number)
        record = new_table(rule_set, seed)
        for point, _ in decision_points(record, [RANDOM] * SEATS, _random_with_wesele):
            info = seat_info(point.observation)
            state = deal(record)
            bidding = point.view.phase == table_pb2.TABLE_PHASE_BIDDING
            for sampled in deal_sample(info, NORMAL).deals[:3]:
                world = replay(record, world_hands(state, point.seat, sampled), logged(record))
                assert world is not None
                engine_state = deal(world).copy()
                if bidding:
                    settle_contract(engine_state)
                game = game_of(info, sampled, running=bidding)
                where = f"seed {seed}, viewer {point.seat}, actions {logged(record)}, {_deal_text(sampled)}"
                engine_game = (engine_state.contract, engine_state.declarers)
                assert (game.contract, game.declarers) == engine_game, where
                assert all(game.dealt[seat] == frozenset(deal(world).dealt[seat]) for seat in range(SEATS))
                checked[game.contract] += 1
    assert checked[Contract.NORMAL] and checked[Contract.CICHA] and checked[Contract.WESELE], checked


def _random_with_wesele(point: Point) -> Decision:
    return random_with_wesele(point.observation)
