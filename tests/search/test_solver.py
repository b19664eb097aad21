"""Tests of the double-dummy solver (``ai_worker.search.solver``) on Baśka and Kop.

* Golden values: ``data/solved_positions.json`` is written by
  ``tools/make_solved_positions.py`` with a plain exhaustive minimax over the engine's
  rules (never the solver); the solver must reproduce every value, every legal card's
  value and the ``reaches`` answers at and just above the value.
* Legality: the solver's legal cards equal the engine's at every node of the game tree
  below many random positions and along many random whole deals.
* Builds: the compiled extension and the same source run as plain Python (loaded from
  ``solver.py`` under another module name) give identical values and node counts.
* Search aids: equivalent-card reduction and the transposition table change nothing
  (subclasses of the interpreted solver switch them off), a solver reused across
  positions and sides answers like a fresh one, and ``move_values`` equals solving each
  child position.

Random positions come from deals shuffled by the engine from seeds derived with
``engine.seeding``, bid through the engine and played on with random legal cards chosen
by ``SeededRandom``; every failure message names the position (rule set, contract,
hands, leader, trick, side).
"""

from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import ai_worker.search.solver as compiled_solver
from ai_worker.players.baska_kop.model import card_index
from ai_worker.search.card_index import CardIndex
from engine.actions import Announce, Pass, PlayCard
from engine.baska_kop import BaskaKop, Contract, DealState, Phase, RuleSet
from engine.cards import Card
from engine.seeding import SeededRandom, derive_seed

GAME = BaskaKop()
SEATS = 4
TOTAL_POINTS = 104
SOURCE = Path(compiled_solver.__file__).with_name("solver.py")
DATA = Path(__file__).with_name("data") / "solved_positions.json"
SEED = 4_242_017

# Contracts reachable by announcing through the engine (the normal game may come out a
# Cicha); they cover both trump orders of Baśka and the one of Kop.
PLAYED_CONTRACTS: tuple[tuple[RuleSet, Contract], ...] = (
    (RuleSet.BASKA, Contract.NORMAL),
    (RuleSet.BASKA, Contract.GRAN),
    (RuleSet.BASKA, Contract.ZOLO),
    (RuleSet.BASKA, Contract.GRAN_DU),
    (RuleSet.BASKA, Contract.ZOLO_DU),
    (RuleSet.KOP, Contract.NORMAL),
    (RuleSet.KOP, Contract.ZOLO),
    (RuleSet.KOP, Contract.ZOLO_DU),
)


def load_interpreted() -> ModuleType:
    """``solver.py`` run as plain Python, even though the compiled extension sits beside it."""
    spec = importlib.util.spec_from_file_location("solver_interpreted", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


INTERPRETED = load_interpreted()
BUILDS = {"compiled": compiled_solver, "interpreted": INTERPRETED}
InterpretedSolver: Any = INTERPRETED.Solver


class AllLegalCardsSolver(InterpretedSolver):
    """No equivalent-card reduction (and no move ordering): every legal card, low index first."""

    def _generate_moves(self, mover: int, base: int, hint: int) -> int:
        legal: int = self._legal(mover)
        cards = [card for card in range(self.card_count) if (legal >> card) & 1]
        self.moves[base : base + len(cards)] = cards
        return len(cards)


class NoTableSolver(InterpretedSolver):
    """No transposition table: nothing is ever stored, so nothing is ever found."""

    def _store(
        self, first: int, second: int, state: int, value: int, alpha: int, beta: int, card: int
    ) -> int:
        return 0


class PlainSolver(AllLegalCardsSolver, NoTableSolver):
    """Plain alpha-beta: neither equivalent-card reduction nor transposition table."""


# Positions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A position in the solver's terms: card masks per seat, trick as card indices."""

    rule_set: RuleSet
    contract: Contract
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    side: int

    @property
    def index(self) -> CardIndex:
        return card_index(self.rule_set, self.contract)

    @property
    def mover(self) -> int:
        return (self.leader + len(self.trick)) % SEATS

    def args(self) -> tuple[list[int], int, list[int], int]:
        return list(self.hands), self.leader, list(self.trick), self.side

    def points_in_play(self) -> int:
        cards = [card for hand in self.hands for card in self.index.unmask(hand)]
        cards += [self.index.cards[card] for card in self.trick]
        return sum(self.index.rules.points[self.index.index[card]] for card in cards)

    def describe(self) -> str:
        index = self.index
        hands = ", ".join(
            f"{seat}: {' '.join(map(str, index.unmask(hand)))}" for seat, hand in enumerate(self.hands)
        )
        trick = " ".join(str(index.cards[card]) for card in self.trick)
        seats = [seat for seat in range(SEATS) if (self.side >> seat) & 1]
        return (
            f"rule set {self.rule_set.value}, contract {self.contract.value}, hands {{{hands}}}, "
            f"leader {self.leader}, trick [{trick}], side seats {seats}"
        )


def position_of(state: DealState, side: int) -> Position:
    index = card_index(state.options.rule_set, state.contract)
    return Position(
        state.options.rule_set,
        state.contract,
        tuple(index.mask(hand) for hand in state.hands),
        state.leader,
        tuple(index.index[card] for _, card in state.trick),
        side,
    )


def golden_position(record: dict[str, Any]) -> Position:
    rule_set, contract = RuleSet(record["rule_set"]), Contract(record["contract"])
    index = card_index(rule_set, contract)
    return Position(
        rule_set,
        contract,
        tuple(index.mask([Card.parse(text) for text in hand]) for hand in record["hands"]),
        record["leader"],
        tuple(index.index[Card.parse(text)] for text in record["trick"]),
        sum(1 << seat for seat in record["side"]),
    )


def new_solver(module: ModuleType, position: Position, solver_class: Any = None) -> Any:
    rules = position.index.rules
    trick_rules = module.TrickRules(list(rules.lanes), list(rules.points), rules.duties)
    return (solver_class or module.Solver)(trick_rules)


def deal_in_play(rule_set: RuleSet, contract: Contract, random: SeededRandom) -> DealState:
    """A seeded deal bid through the engine: all pass, or one seat announces ``contract``."""
    state = GAME.new_deal(
        GAME.parse_options(rule_set.value, {}), SEATS, random.below(SEATS), random.next_u64()
    )
    if contract is not Contract.NORMAL:
        declarer = random.below(SEATS)
        while state.turn != declarer:
            GAME.check(state, state.turn, Pass())
            GAME.apply(state, state.turn, Pass())
        GAME.check(state, declarer, Announce(contract.value))
        GAME.apply(state, declarer, Announce(contract.value))
    while state.phase is Phase.BIDDING:
        GAME.check(state, state.turn, Pass())
        GAME.apply(state, state.turn, Pass())
    assert state.phase is Phase.PLAY
    return state


@cache
def random_states(
    count: int, seed: int, fewest_played: int, most_played: int
) -> tuple[tuple[DealState, int], ...]:
    """``count`` (state, side mask) pairs, with that many cards already played at random.

    Contracts rotate through ``PLAYED_CONTRACTS``; the side is any non-empty set of seats.
    Callers copy a state before changing it.
    """
    result = []
    for number in range(count):
        random = SeededRandom(derive_seed(seed, fewest_played, most_played, number))
        rule_set, contract = PLAYED_CONTRACTS[number % len(PLAYED_CONTRACTS)]
        state = deal_in_play(rule_set, contract, random)
        for _ in range(fewest_played + random.below(most_played - fewest_played + 1)):
            action = random.choice(GAME.legal_actions(state, state.turn))
            GAME.apply(state, state.turn, action)
        side = 1 + random.below((1 << SEATS) - 1)
        result.append((state, side))
    return tuple(result)


def random_positions(count: int, seed: int, fewest_played: int, most_played: int) -> list[Position]:
    return [
        position_of(state, side) for state, side in random_states(count, seed, fewest_played, most_played)
    ]


# Positions with 1 to 3 tricks left (4 to 15 cards played) and whole deals.
def mixed_positions(count: int, deals: int, seed: int) -> list[Position]:
    return random_positions(count, seed, 4, 15) + random_positions(deals, seed + 1, 0, 0)


# The golden data -------------------------------------------------------------------------

GOLDEN: list[dict[str, Any]] = json.loads(DATA.read_text())["records"]


def golden_id(record: dict[str, Any]) -> str:
    same = [
        other
        for other in GOLDEN
        if (other["rule_set"], other["contract"], other["kind"])
        == (record["rule_set"], record["contract"], record["kind"])
    ]
    return f"{record['rule_set']}-{record['contract']}-{record['kind']}-{same.index(record)}"


def test_normal_import_is_compiled_and_loaded_source_is_plain_python() -> None:
    assert compiled_solver.__file__ is not None
    assert compiled_solver.__file__.endswith(".so"), "the solver extension is not built: run pip install -e ."
    assert INTERPRETED.__file__ == str(SOURCE)
    assert not INTERPRETED.__file__.endswith(".so")
    assert INTERPRETED.cython.compiled is False
    assert INTERPRETED.Solver is not compiled_solver.Solver
    assert type(INTERPRETED.Solver.solve).__name__ == "function"
    assert type(compiled_solver.Solver.solve).__name__ != "function"


def test_golden_data_covers_rule_sets_contracts_tricks_left_and_open_tricks() -> None:
    combinations = {(record["rule_set"], record["contract"]) for record in GOLDEN}
    assert combinations == {
        ("baska", "normal"),
        ("baska", "gran"),
        ("baska", "zolo"),
        ("kop", "normal"),
        ("kop", "zolo"),
    }
    for rule_set, contract in combinations:
        records = [r for r in GOLDEN if (r["rule_set"], r["contract"]) == (rule_set, contract)]
        positions = [r for r in records if r["kind"] == "position"]
        deals = [r for r in records if r["kind"] == "deal"]
        assert len(positions) >= 30
        assert len(deals) >= 2
        cards_left = {sum(map(len, r["hands"])) + len(r["trick"]) for r in positions}
        tricks_left = {(cards + 3) // SEATS for cards in cards_left}
        assert tricks_left == {1, 2, 3}
        assert {len(r["trick"]) for r in positions} == {0, 1, 2, 3}
        assert all(sum(map(len, r["hands"])) == 16 and not r["trick"] for r in deals)


@pytest.mark.parametrize("record", GOLDEN, ids=golden_id)
def test_golden_record_is_consistent_minimax(record: dict[str, Any]) -> None:
    """The data itself: the value is the best move value for the seat to move, within the points."""
    position = golden_position(record)
    mover_in_side = (position.side >> position.mover) & 1
    moves = record["moves"]
    assert moves
    assert record["value"] == (max(moves.values()) if mover_in_side else min(moves.values()))
    assert 0 <= record["value"] <= position.points_in_play()
    cards = [card for hand in record["hands"] for card in hand] + record["trick"]
    assert len(cards) == len(set(cards))


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("record", GOLDEN, ids=golden_id)
def test_solver_reproduces_golden_value_move_values_and_reaches(record: dict[str, Any], build: str) -> None:
    position = golden_position(record)
    solver = new_solver(BUILDS[build], position)
    value = record["value"]
    where = position.describe()
    got = solver.solve(*position.args())
    assert got == value, f"{build} solve: {where}: expected {value}, got {got}"
    move_values = {
        str(position.index.cards[card]): result for card, result in solver.move_values(*position.args())
    }
    assert move_values == record["moves"], f"{build} move_values: {where}"
    assert solver.reaches(*position.args(), value), f"{build} reaches {value}: {where}"
    assert not solver.reaches(*position.args(), value + 1), f"{build} reaches {value + 1}: {where}"
    # A fresh solver answering the yes/no question first (bounds in an empty table).
    fresh = new_solver(BUILDS[build], position)
    assert not fresh.reaches(*position.args(), value + 1), f"{build} fresh reaches {value + 1}: {where}"
    assert fresh.reaches(*position.args(), value), f"{build} fresh reaches {value}: {where}"
    assert fresh.solve(*position.args()) == value, f"{build} solve after reaches: {where}"


@pytest.mark.parametrize("build", BUILDS)
def test_one_solver_reused_across_all_golden_positions_reproduces_them(build: str) -> None:
    """One solver per trick order for the whole data set: the kept table must never leak."""
    solvers: dict[tuple[RuleSet, Contract], Any] = {}
    for record in GOLDEN:
        position = golden_position(record)
        key = (position.rule_set, position.contract)
        solver = solvers.setdefault(key, new_solver(BUILDS[build], position))
        value = record["value"]
        assert solver.reaches(*position.args(), value), position.describe()
        assert not solver.reaches(*position.args(), value + 1), position.describe()
        assert solver.solve(*position.args()) == value, position.describe()


# Legality --------------------------------------------------------------------------------


LegalSolvers = dict[tuple[str, RuleSet, Contract], Any]


def check_legal_cards_below(state: DealState, solvers: LegalSolvers, everywhere: bool) -> int:
    """Compare both builds' legal cards with the engine's here and (``everywhere``) at every
    node below; return the number of nodes compared."""
    if state.phase is Phase.FINISHED:
        return 0
    position = position_of(state, 1)
    actions = GAME.legal_actions(state, state.turn)
    engine_cards = set()
    for action in actions:
        assert isinstance(action, PlayCard)
        engine_cards.add(action.card)
    hands, leader, trick, _ = position.args()
    for build, module in BUILDS.items():
        key = (build, position.rule_set, position.contract)
        solver = solvers.setdefault(key, new_solver(module, position))
        solver_cards = set(position.index.unmask(solver.legal_cards(hands, leader, trick)))
        assert solver_cards == engine_cards, (
            f"{position.describe()}: engine allows {sorted(map(str, engine_cards))}, "
            f"{build} solver allows {sorted(map(str, solver_cards))}"
        )
    if not everywhere:
        return 1
    nodes = 1
    for action in actions:
        child = GAME.copy_state(state)
        GAME.apply(child, state.turn, action)
        nodes += check_legal_cards_below(child, solvers, everywhere)
    return nodes


def test_solver_legal_cards_equal_engine_legal_cards_at_every_node() -> None:
    solvers: LegalSolvers = {}
    # 2 or 3 tricks left, often inside a trick, plus whole deals after the first card.
    starts = random_states(96, SEED, 4, 11) + random_states(8, SEED, 1, 1)
    nodes = sum(check_legal_cards_below(state, solvers, everywhere=True) for state, _ in starts)
    assert nodes > 50_000


def test_solver_legal_cards_equal_engine_legal_cards_along_random_whole_deals() -> None:
    solvers: LegalSolvers = {}
    nodes = 0
    for number, (start, _) in enumerate(random_states(240, SEED + 1, 0, 0)):
        state = GAME.copy_state(start)
        random = SeededRandom(derive_seed(SEED, "playout", number))
        while state.phase is not Phase.FINISHED:
            nodes += check_legal_cards_below(state, solvers, everywhere=False)
            GAME.apply(state, state.turn, random.choice(GAME.legal_actions(state, state.turn)))
    assert nodes == 240 * 16


# Compiled and interpreted ----------------------------------------------------------------


def test_compiled_and_interpreted_solvers_give_identical_values_and_node_counts() -> None:
    positions = mixed_positions(320, 48, SEED + 2)
    shared: dict[str, dict[tuple[RuleSet, Contract], Any]] = {build: {} for build in BUILDS}
    for position in positions:
        where = position.describe()
        fresh = {build: new_solver(module, position) for build, module in BUILDS.items()}
        reused = {
            build: shared[build].setdefault(
                (position.rule_set, position.contract), new_solver(module, position)
            )
            for build, module in BUILDS.items()
        }
        for solvers in (fresh, reused):
            results: dict[str, list[object]] = {}
            for build, solver in solvers.items():
                value = solver.solve(*position.args())
                after_solve = solver.nodes
                answers = [
                    solver.reaches(*position.args(), target) for target in (value - 1, value + 1, value)
                ]
                after_reaches = solver.nodes
                moves = solver.move_values(*position.args())
                results[build] = [value, after_solve, answers, after_reaches, moves, solver.nodes]
            assert results["compiled"] == results["interpreted"], (
                f"{where}: compiled [value, nodes, reaches, nodes, move values, nodes] "
                f"{results['compiled']} != interpreted {results['interpreted']}"
            )


# Search aids -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "solver_class",
    [AllLegalCardsSolver, NoTableSolver, PlainSolver],
    ids=["without-equivalent-cards", "without-transposition-table", "without-both"],
)
def test_equivalent_cards_and_transposition_table_do_not_change_values(solver_class: Any) -> None:
    positions = mixed_positions(240, 32, SEED + 3)
    for position in positions:
        full = new_solver(INTERPRETED, position)
        reduced = new_solver(INTERPRETED, position, solver_class)
        expected = (full.solve(*position.args()), full.move_values(*position.args()))
        got = (reduced.solve(*position.args()), reduced.move_values(*position.args()))
        assert got == expected, f"{position.describe()}: with aids {expected}, without {got}"
        if solver_class is not AllLegalCardsSolver:
            assert reduced.table_count == 0


def test_disabled_search_aids_really_search_more_nodes() -> None:
    """Guards the comparison above: the subclasses do switch the aids off."""
    positions = random_positions(8, SEED + 4, 0, 0)
    counts = {}
    for name, solver_class in (
        ("full", None),
        ("without-table", NoTableSolver),
        ("without-equivalent-cards", AllLegalCardsSolver),
        ("plain", PlainSolver),
    ):
        counts[name] = 0
        for position in positions:
            solver = new_solver(INTERPRETED, position, solver_class)
            solver.solve(*position.args())
            counts[name] += solver.nodes
    assert counts["without-table"] > counts["full"]
    assert counts["without-equivalent-cards"] > counts["full"]
    assert counts["plain"] > 2 * counts["full"]


def points_won(state: DealState, done: int, side: int) -> int:
    """Points of the tricks completed after the first ``done`` that a seat of ``side`` won."""
    total = 0
    for trick in state.tricks[done:]:
        assert trick.winner is not None
        if (side >> trick.winner) & 1:
            total += trick.points
    return total


def test_move_values_agree_with_solving_each_child_position() -> None:
    states = random_states(200, SEED + 5, 0, 15)
    solvers: dict[tuple[RuleSet, Contract, str], Any] = {}
    for state, side in states:
        position = position_of(state, side)
        where = position.describe()
        key = (position.rule_set, position.contract, "parent")
        solver = solvers.setdefault(key, new_solver(compiled_solver, position))
        child_solver = solvers.setdefault((*key[:2], "child"), new_solver(compiled_solver, position))
        hands, leader, trick, _ = position.args()
        values = dict(solver.move_values(hands, leader, trick, side))
        assert (hands, leader, trick) == position.args()[:3], f"move_values changed its arguments: {where}"
        engine_cards = set()
        for action in GAME.legal_actions(state, state.turn):
            assert isinstance(action, PlayCard)
            engine_cards.add(position.index.index[action.card])
        assert set(values) == engine_cards, where
        for card, value in values.items():
            child = GAME.copy_state(state)
            done = len(child.tricks)
            GAME.apply(child, state.turn, PlayCard(position.index.cards[card]))
            gained = points_won(child, done, side)
            rest = (
                0 if child.phase is Phase.FINISHED else child_solver.solve(*position_of(child, side).args())
            )
            assert value == gained + rest, (
                f"{where}: move {position.index.cards[card]} valued {value}, "
                f"child solves to {gained} + {rest}"
            )
        best = max(values.values()) if (side >> position.mover) & 1 else min(values.values())
        assert solver.solve(*position.args()) == best, where


def test_reaches_agrees_with_solve_for_targets_around_the_value() -> None:
    positions = mixed_positions(150, 16, SEED + 6)
    shared: dict[tuple[RuleSet, Contract], Any] = {}
    for number, position in enumerate(positions):
        value = new_solver(compiled_solver, position).solve(*position.args())
        solver = shared.setdefault(
            (position.rule_set, position.contract), new_solver(compiled_solver, position)
        )
        targets = [0, value - 3, value + 3, value - 1, value + 1, value, TOTAL_POINTS + 1]
        random = SeededRandom(derive_seed(SEED, "targets", number))
        for target in random.shuffled(targets):
            assert solver.reaches(*position.args(), target) == (value >= target), (
                f"{position.describe()}: value {value}, reaches({target})"
            )
        assert solver.solve(*position.args()) == value, position.describe()


def test_solver_reused_across_positions_and_sides_matches_fresh_solvers() -> None:
    """The table kept between calls (cleared when the side changes) never gives stale values."""
    states = random_states(160, SEED + 7, 0, 12)
    shared: dict[tuple[RuleSet, Contract], Any] = {}
    for number, (state, side) in enumerate(states):
        for other_side in (side, (1 << SEATS) - 1 - side, side):
            position = position_of(state, other_side)
            solver = shared.setdefault(
                (position.rule_set, position.contract), new_solver(compiled_solver, position)
            )
            expected = new_solver(compiled_solver, position).solve(*position.args())
            got = solver.solve(*position.args())
            assert got == expected, f"{position.describe()} (call {number}): fresh {expected}, reused {got}"


@pytest.mark.parametrize("build", BUILDS)
def test_a_search_stops_at_the_node_limit_and_the_solver_stays_exact_after_it(build: str) -> None:
    module = BUILDS[build]
    for position in random_positions(16, SEED + 9, 6, 14):
        fresh = new_solver(module, position)
        values = fresh.move_values(*position.args())
        solver = new_solver(module, position)
        solver.node_limit = fresh.nodes // 2
        with pytest.raises(module.NodeLimitError):
            solver.move_values(*position.args())
        assert solver.nodes == fresh.nodes // 2 + 1, position.describe()
        # What the stopped search proved stays in the table; nothing it did not.
        solver.node_limit = module.NO_NODE_LIMIT
        assert solver.move_values(*position.args()) == values, position.describe()
        best = max if (position.side >> position.mover) & 1 else min
        assert solver.solve(*position.args()) == best(value for _, value in values), position.describe()


def test_both_sides_share_exactly_the_points_in_play() -> None:
    for position in mixed_positions(120, 16, SEED + 8):
        solver = new_solver(compiled_solver, position)
        hands, leader, trick, side = position.args()
        ours = solver.solve(hands, leader, trick, side)
        theirs = solver.solve(hands, leader, trick, (1 << SEATS) - 1 - side)
        assert ours + theirs == position.points_in_play(), position.describe()
