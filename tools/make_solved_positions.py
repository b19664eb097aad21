"""Write ``tests/search/data/solved_positions.json``: golden values for the double-dummy solver.

    python -m tools.make_solved_positions            # write into the repository
    python -m tools.make_solved_positions --out FILE # write elsewhere

Every value is computed by a plain exhaustive minimax over the ENGINE's rules: copy the
state, try every action ``BaskaKop.legal_actions`` allows, apply it and add the points
of each trick the side wins. There is no pruning, no transposition table, no move
ordering and no card-index model, so nothing of ``ai_worker.search`` is involved and
the solver is checked against the rules engine, not against itself.

Positions come from seeded deals (``engine.seeding``), with the bidding driven through
the engine (all pass for the normal game; one seat announces Gran or Zolo and the rest
pass) and then random legal cards up to a position with 1, 2 or 3 tricks left, often
inside an open trick; plus whole 16-card deals from the first lead. The side alternates
between the declaring party and the other one.

Each record holds: rule set, contract, the cards still in each hand (engine text form,
seat 0 first), the leader of the open trick, its cards in play order, the side's seats,
the exact number of points the side takes from all cards still in play (those of the
open trick included) and, for every legal card of the seat to move, the exact value
after playing it.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from engine.actions import Action, Announce, Pass, PlayCard
from engine.baska_kop import BaskaKop, Contract, DealState, Phase, RuleSet
from engine.baska_kop.constants import CARDS_PER_HAND, SEATS, TRICKS
from engine.seeding import SeededRandom, derive_seed

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "tests" / "search" / "data" / "solved_positions.json"

GAME = BaskaKop()
MASTER_SEED = 20261129
COMBINATIONS: tuple[tuple[RuleSet, Contract], ...] = (
    (RuleSet.BASKA, Contract.NORMAL),
    (RuleSet.BASKA, Contract.GRAN),
    (RuleSet.BASKA, Contract.ZOLO),
    (RuleSet.KOP, Contract.NORMAL),
    (RuleSet.KOP, Contract.ZOLO),
)
POSITIONS_PER_COMBINATION = 40
DEALS_PER_COMBINATION = 10


def checked_apply(state: DealState, seat: int, action: Action) -> None:
    GAME.check(state, seat, action)
    GAME.apply(state, seat, action)


def start_of_play(rule_set: RuleSet, contract: Contract, chance: SeededRandom) -> DealState | None:
    """A fresh deal bid to ``contract``, or None when it became something else (Cicha)."""
    options = GAME.parse_options(rule_set.value, {})
    dealer = chance.below(SEATS)
    state = GAME.new_deal(options, SEATS, dealer, chance.next_u64())
    if contract is not Contract.NORMAL:
        declarer = chance.below(SEATS)
        while state.turn != declarer:
            checked_apply(state, state.turn, Pass())
        checked_apply(state, declarer, Announce(contract.value))
    while state.phase is Phase.BIDDING:
        checked_apply(state, state.turn, Pass())
    if state.phase is not Phase.PLAY or state.contract is not contract:
        return None
    return state


def trick_points_won(state: DealState, done: int, side: frozenset[int]) -> int:
    return sum(trick.points for trick in state.tricks[done:] if trick.winner in side)


def child_value(state: DealState, action: Action, side: frozenset[int]) -> int:
    child = GAME.copy_state(state)
    done = len(child.tricks)
    GAME.apply(child, state.turn, action)
    return trick_points_won(child, done, side) + minimax(child, side)


def minimax(state: DealState, side: frozenset[int]) -> int:
    """Points ``side`` takes from the cards still in play, both sides playing perfectly."""
    if state.phase is Phase.FINISHED:
        return 0
    values = [child_value(state, action, side) for action in GAME.legal_actions(state, state.turn)]
    return max(values) if state.turn in side else min(values)


def record(
    state: DealState, side: frozenset[int], kind: str, seed: int, rule_set: RuleSet, contract: Contract
) -> dict[str, Any]:
    moves: dict[str, int] = {}
    for action in GAME.legal_actions(state, state.turn):
        assert isinstance(action, PlayCard)
        moves[str(action.card)] = child_value(state, action, side)
    value = max(moves.values()) if state.turn in side else min(moves.values())
    return {
        "kind": kind,
        "seed": seed,
        "rule_set": rule_set.value,
        "contract": contract.value,
        "hands": [[str(card) for card in hand] for hand in state.hands],
        "leader": state.leader,
        "trick": [str(card) for _, card in state.trick],
        "side": sorted(side),
        "value": value,
        "moves": moves,
    }


def choose_side(state: DealState, number: int) -> frozenset[int]:
    """The declaring party on even numbers, the other party on odd ones."""
    if number % 2 == 0:
        return state.declarers
    return frozenset(range(SEATS)) - state.declarers


def generate() -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for rule_set, contract in COMBINATIONS:
        for kind, count in (("position", POSITIONS_PER_COMBINATION), ("deal", DEALS_PER_COMBINATION)):
            number = 0
            attempt = 0
            while number < count:
                seed = derive_seed(MASTER_SEED, rule_set.value, contract.value, kind, attempt)
                attempt += 1
                chance = SeededRandom(seed)
                state = start_of_play(rule_set, contract, chance)
                if state is None:
                    continue
                if kind == "position":
                    tricks_left = 1 + number % 3
                    # Every other position stops inside an open trick (1 to 3 cards played).
                    open_cards = 0 if number % 2 == 0 else 1 + chance.below(SEATS - 1)
                    to_play = (TRICKS - tricks_left) * CARDS_PER_HAND + open_cards
                    for _ in range(to_play):
                        checked_apply(state, state.turn, chance.choice(GAME.legal_actions(state, state.turn)))
                records.append(record(state, choose_side(state, number), kind, seed, rule_set, contract))
                number += 1
    return records


def write_records(records: list[dict[str, Any]], header: dict[str, Any], out: Path) -> None:
    """A golden data file: its header, then one record per line."""
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = ",\n".join("  " + json.dumps(item, separators=(", ", ": ")) for item in records)
    out.write_text('{\n "about": ' + json.dumps(header) + ',\n "records": [\n' + lines + "\n ]\n}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUTPUT)
    arguments = parser.parse_args()
    started = time.monotonic()
    records = generate()
    header = {
        "generator": "tools/make_solved_positions.py",
        "method": "plain exhaustive minimax over engine.baska_kop legal_actions/apply",
        "master_seed": MASTER_SEED,
    }
    write_records(records, header, arguments.out)
    print(f"wrote {len(records)} solved positions to {arguments.out} in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
