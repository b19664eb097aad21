"""The solver under every trick rule of Bela and Schafkopf, for 2, 3 and 4 seats with
packs of 16, 24 and 32 cards (``ai_worker.search.solver`` with the mappings of
``ai_worker/players/bela/model.py`` and ``ai_worker/players/schafkopf/model.py``).

* Golden values: ``data/trick_positions.json`` is written by
  ``tools/make_trick_positions.py`` with an exhaustive minimax over the referees of
  ``tools/trick_referees.py`` (cards as cards, duties in words, never the solver); both
  builds must reproduce every value, every legal card's value and the ``reaches``
  answers at and just above the value.
* Legality: the solver's legal cards equal the referee's at every node below random
  positions of each contract, and along random whole deals.
* Builds: compiled and interpreted give identical values and node counts on 32-card
  positions with many tricks left.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ai_worker.players.bela import model as bela_model
from ai_worker.players.schafkopf import model as schafkopf_model
from ai_worker.search import rules as trick_rules
from ai_worker.search.card_index import CardIndex
from engine.cards import Card, Rank, Suit
from engine.seeding import SeededRandom, derive_seed
from tests.search.test_solver import BUILDS, INTERPRETED, InterpretedSolver
from tools.make_trick_positions import CONTRACTS, SUIT_LETTERS, dealt_start, side_of
from tools.trick_referees import Position, Referee, play_on

DATA = Path(__file__).with_name("data") / "trick_positions.json"
GOLDEN: list[dict[str, Any]] = json.loads(DATA.read_text())["records"]
SEED = 73_102_026
DUTY_FLAGS = {
    "follow": trick_rules.FOLLOW,
    "trump when void": trick_rules.TRUMP_WHEN_VOID,
    "overtrump": trick_rules.OVERTRUMP,
    "undertrump": trick_rules.UNDERTRUMP,
    "beat led": trick_rules.BEAT_LED,
    "beat trump": trick_rules.BEAT_TRUMP,
}


# Mapping a record into the solver --------------------------------------------------------


@cache
def duty_index(duties: frozenset[str], seats: int, trick_bonus: int) -> CardIndex:
    """The referees' 16-card duty game: hearts trump, then clubs, spades, diamonds; A K Q J."""
    ranks = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
    suits = (Suit.HEARTS, Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)
    cards = [Card(suit, rank) for suit in suits for rank in ranks]
    flags = 0
    for duty in duties:
        flags |= DUTY_FLAGS[duty]
    rules = trick_rules.TrickRules(
        lanes=[suits.index(card.suit) for card in cards],
        points=[4 - ranks.index(card.rank) for card in cards],
        duties=flags,
        seats=seats,
        trick_bonus=trick_bonus,
    )
    return CardIndex.of(cards, rules)


def index_for(game: str, parameters: dict[str, Any]) -> CardIndex:
    seats = parameters["seats"]
    if game == "bela":
        kup = frozenset(Card.parse(text) for text in parameters.get("kup", []))
        return bela_model.card_index(SUIT_LETTERS[parameters["trump"]], seats, kup)
    if game == "schafkopf":
        called = parameters.get("called")
        return schafkopf_model.card_index(
            schafkopf_model.Contract(parameters["contract"]),
            trump_suit=SUIT_LETTERS[parameters.get("trump", "H")],
            called_suit=SUIT_LETTERS[called] if called else None,
            short=parameters.get("short", False),
            seats=seats,
            covers={
                Card.parse(covered): Card.parse(cover) for covered, cover in parameters.get("covers", [])
            },
        )
    return duty_index(frozenset(parameters["duties"]), seats, parameters.get("trick_bonus", 0))


def solver_arguments(index: CardIndex, position: Position, side: frozenset[int]) -> tuple[Any, ...]:
    flags = (trick_rules.CALLED_LANE_LED if position.called_suit_led else 0) | (
        trick_rules.SIDE_LOST_A_TRICK if position.side_lost_a_trick else 0
    )
    return (
        [index.mask(hand) for hand in position.hands],
        position.leader,
        [index.index[card] for card in position.trick],
        sum(1 << seat for seat in side),
        flags,
    )


def golden_position(record: dict[str, Any]) -> Position:
    return Position(
        tuple(frozenset(Card.parse(text) for text in hand) for hand in record["hands"]),
        record["leader"],
        tuple(Card.parse(text) for text in record["trick"]),
        record["called_suit_led"],
        record["side_lost_a_trick"],
    )


def describe(record: dict[str, Any]) -> str:
    return (
        f"{record['game']} {record['parameters']}: hands {record['hands']}, leader {record['leader']}, "
        f"trick {record['trick']}, called suit led {record['called_suit_led']}, "
        f"side lost a trick {record['side_lost_a_trick']}, side {record['side']}"
    )


def golden_id(record: dict[str, Any]) -> str:
    parameters = record["parameters"]
    name = (
        record["game"]
        + "-"
        + "-".join(
            str(parameters[key]).replace(" ", "_")
            for key in ("contract", "trump", "duties")
            if key in parameters
        )
    )
    return f"{name}-{parameters['seats']}seats-{GOLDEN.index(record)}"


# The golden data -------------------------------------------------------------------------


def test_trick_goldens_cover_seats_packs_duties_objectives_and_card_31() -> None:
    seen: set[tuple[int, int]] = set()
    duty_sets: set[int] = set()
    objectives: set[int] = set()
    flags: set[tuple[bool, bool]] = set()
    card_31_played = 0
    for record in GOLDEN:
        index = index_for(record["game"], record["parameters"])
        rules = index.rules
        seen.add((rules.seats, len(index.cards)))
        duty_sets.add(rules.duties)
        objectives.add(rules.objective)
        flags.add((record["called_suit_led"], record["side_lost_a_trick"]))
        if len(index.cards) == 32 and any(index.index[Card.parse(card)] == 31 for card in record["moves"]):
            card_31_played += 1
    assert {seats for seats, _ in seen} == {2, 3, 4}
    assert {cards for _, cards in seen} == {16, 24, 32}
    # Every game follows; each other duty is checked with and without.
    for name, duty in DUTY_FLAGS.items():
        assert any(duties & duty for duties in duty_sets), name
        assert name == "follow" or any((duties & duty) == 0 for duties in duty_sets), name
    assert objectives == {trick_rules.CARD_POINTS, trick_rules.TRICKS}
    assert {True} == {called for called, _ in flags if called}
    assert {True} == {lost for _, lost in flags if lost}
    assert card_31_played >= 5


@pytest.mark.parametrize("record", GOLDEN, ids=golden_id)
def test_trick_golden_record_is_consistent_minimax(record: dict[str, Any]) -> None:
    position = golden_position(record)
    moves = record["moves"]
    assert moves
    mover_in_side = position.mover in record["side"]
    assert record["value"] == (max(moves.values()) if mover_in_side else min(moves.values()))
    cards = [card for hand in record["hands"] for card in hand] + record["trick"]
    assert len(cards) == len(set(cards))


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("record", GOLDEN, ids=golden_id)
def test_solver_reproduces_trick_golden(record: dict[str, Any], build: str) -> None:
    index = index_for(record["game"], record["parameters"])
    arguments = solver_arguments(index, golden_position(record), frozenset(record["side"]))
    hands, leader, trick, side, flags = arguments
    module = BUILDS[build]
    solver = module.Solver(index.rules)
    value = record["value"]
    where = describe(record)
    assert solver.solve(hands, leader, trick, side, flags) == value, f"{build} solve: {where}"
    moves = {
        str(index.cards[card]): result
        for card, result in solver.move_values(hands, leader, trick, side, flags)
    }
    assert moves == record["moves"], f"{build} move values: {where}"
    # Each card's null-window answer agrees with its value, at the value and one above.
    for target in sorted({result + step for result in record["moves"].values() for step in (0, 1)}):
        reached = {
            str(index.cards[card]): answer
            for card, answer in solver.move_reaches(hands, leader, trick, side, target, flags)
        }
        expected = {card: result >= target for card, result in record["moves"].items()}
        assert reached == expected, f"{build} move reaches {target}: {where}"
    assert solver.reaches(hands, leader, trick, side, value, flags), f"{build} reaches {value}: {where}"
    assert not solver.reaches(hands, leader, trick, side, value + 1, flags), (
        f"{build} reaches {value + 1}: {where}"
    )
    fresh = module.Solver(index.rules)
    assert not fresh.reaches(hands, leader, trick, side, value + 1, flags), f"{build} fresh: {where}"
    assert fresh.reaches(hands, leader, trick, side, value, flags), f"{build} fresh: {where}"


# Legality --------------------------------------------------------------------------------


@cache
def contract_starts(number: int) -> tuple[tuple[Referee, CardIndex, Position, frozenset[int]], ...]:
    """Whole deals of each contract, dealt as the golden generator deals them."""
    starts = []
    for game, parameters, per_hand in CONTRACTS:
        attempt, dealt_here = 0, 0
        while dealt_here < number:
            start = dealt_start(SEED, game, parameters, per_hand, attempt)
            attempt += 1
            if start is None:
                continue
            _, completed, hands, referee, position = start
            side = side_of(game, completed, hands, attempt)
            starts.append((referee, index_for(game, completed), position, side))
            dealt_here += 1
    return tuple(starts)


def check_legal_cards(
    referee: Referee, index: CardIndex, position: Position, solvers: dict[str, Any]
) -> None:
    expected = referee.legal(position)
    hands, leader, trick, _, flags = solver_arguments(index, position, frozenset())
    for build, solver in solvers.items():
        got = set(index.unmask(solver.legal_cards(hands, leader, trick, flags)))
        assert got == expected, (
            f"{referee.name}: hands {[sorted(map(str, hand)) for hand in position.hands]}, leader "
            f"{position.leader}, trick {[str(card) for card in position.trick]}, called suit led "
            f"{position.called_suit_led}: the referee allows {sorted(map(str, expected))}, {build} "
            f"allows {sorted(map(str, got))}"
        )


def check_legal_cards_below(
    referee: Referee, index: CardIndex, position: Position, side: frozenset[int], solvers: dict[str, Any]
) -> int:
    if not any(position.hands):
        return 0
    check_legal_cards(referee, index, position, solvers)
    nodes = 1
    for card in referee.legal(position):
        child, _ = referee.play(position, card, side)
        nodes += check_legal_cards_below(referee, index, child, side, solvers)
    return nodes


def test_solver_legal_cards_equal_the_referees_along_random_whole_deals() -> None:
    compared = 0
    for number, (referee, index, start, side) in enumerate(contract_starts(12)):
        solvers = {build: module.Solver(index.rules) for build, module in BUILDS.items()}
        random = SeededRandom(derive_seed(SEED, "playout", number))
        position = start
        while any(position.hands):
            check_legal_cards(referee, index, position, solvers)
            compared += 1
            position, _ = referee.play(
                position, random.choice(sorted(referee.legal(position), key=str)), side
            )
    assert compared == 12 * sum(per_hand * parameters["seats"] for _, parameters, per_hand in CONTRACTS)


def test_solver_legal_cards_equal_the_referees_at_every_node_of_the_last_tricks() -> None:
    nodes = 0
    for number, (referee, index, start, side) in enumerate(contract_starts(4)):
        solvers = {build: module.Solver(index.rules) for build, module in BUILDS.items()}
        random = SeededRandom(derive_seed(SEED, "end", number))
        # Play on at random to 3 tricks before the end with 4 seats, 4 with 3, 6 with 2.
        tricks_left = {4: 3, 3: 4, 2: 6}[referee.seats]
        position = play_on(referee, start, side, random, tricks_left * referee.seats)
        nodes += check_legal_cards_below(referee, index, position, side, solvers)
    assert nodes > 20_000


# Compiled and interpreted ----------------------------------------------------------------


def test_compiled_and_interpreted_give_identical_values_and_node_counts_on_32_cards() -> None:
    checked = 0
    for number, (referee, index, start, side) in enumerate(contract_starts(2)):
        if len(index.cards) != 32:
            continue
        random = SeededRandom(derive_seed(SEED, "builds", number))
        position = play_on(referee, start, side, random, 5 * referee.seats)
        arguments = solver_arguments(index, position, side)
        results = {}
        for build, module in BUILDS.items():
            solver = module.Solver(index.rules)
            value = solver.solve(*arguments)
            reached = solver.reaches(*arguments[:4], value, arguments[4])
            results[build] = (value, reached, solver.move_values(*arguments), solver.nodes)
        assert results["compiled"] == results["interpreted"], referee.name
        checked += 1
    assert checked >= 8


class ExactKeySolver(InterpretedSolver):
    """Keys the table by the hands as they are, runs of equal cards not moved to their tops."""

    def _key(self) -> int:
        hands = self.hands
        return int(self._pack_key(hands[0], hands[1], hands[2], hands[3]))


def test_keying_runs_of_equal_cards_by_their_tops_changes_no_value() -> None:
    compared = 0
    for number, (referee, index, start, side) in enumerate(contract_starts(2)):
        random = SeededRandom(derive_seed(SEED, "runs", number))
        position = play_on(referee, start, side, random, 4 * referee.seats)
        arguments = solver_arguments(index, position, side)
        exact, runs = ExactKeySolver(index.rules), INTERPRETED.Solver(index.rules)
        assert (runs.solve(*arguments), runs.move_values(*arguments)) == (
            exact.solve(*arguments),
            exact.move_values(*arguments),
        ), referee.name
        compared += 1
    assert compared == 2 * len(CONTRACTS)


# Rules as data ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seats": 5}, "2 to 4 seats"),
        ({"lanes": [0, 5]}, "lanes are 0"),
        ({"duties": 64}, "unknown duty"),
        ({"objective": 7}, "objective"),
        ({"covers": [1, 1]}, "covers"),
        ({"called_ace": 0}, "called ace"),
        ({"points": [1000, 24]}, "1023"),
    ],
)
def test_trick_rules_refuse_what_the_solver_cannot_play(arguments: dict[str, Any], message: str) -> None:
    values: dict[str, Any] = {"lanes": [0, 1], "points": [0, 0], "duties": trick_rules.FOLLOW} | arguments
    with pytest.raises(ValueError, match=message):
        trick_rules.TrickRules(**values)
