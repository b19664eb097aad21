"""Benchmarks of the computer players, printed as numbers (never asserted in tests).

    python -m ai_worker.bench                      # everything, a few minutes
    python -m ai_worker.bench --only solver --deals 1000

* solver: whole 16-card deals solved from the first card (normal game after four
  passes, the Old as the side), each with a fresh solver: median and p95 time, nodes/s.
* decisions: one decision per level at the bidding (the first call) and at the first
  card (after four passes): p50 and p95 latency.

How the worker processes scale is measured with the rest of the service's capacity:
``python -m tools.capacity --only workers``.

Everything runs on this machine's cores; run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ai_worker.players import decide
from ai_worker.players.baska_kop.model import card_index
from ai_worker.search import solver as solver_module
from ai_worker.search.solver import Solver
from engine.actions import Pass
from engine.baska_kop import BaskaKop
from server.table import TableConfig, TableRecord
from server.table_log import Act, SeatKind
from server.views import table_view

TARGETS = {
    "solver median": "<= 1 ms",
    "normal p95": "<= 50 ms",
    "strong p95": "<= 500 ms",
}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_solver(deals: int) -> None:
    game = BaskaKop()
    times, nodes = [], 0
    for seed in range(deals):
        rule_set = ("baska", "kop")[seed % 2]
        state = game.new_deal(game.parse_options(rule_set, {}), 4, seed % 4, seed)
        for offset in range(1, 5):
            game.apply(state, (state.dealer + offset) % 4, Pass())
        index = card_index(state.options.rule_set, state.contract)
        solver = Solver(index.rules)
        hands = [index.mask(hand) for hand in state.hands]
        side = sum(1 << seat for seat in state.declarers)
        started = time.perf_counter()
        solver.solve(hands, state.leader, [], side)
        times.append(time.perf_counter() - started)
        nodes += solver.nodes
    mode = "compiled" if str(solver_module.__file__).endswith(".so") else "interpreted"
    print(f"solver ({mode}), {deals} whole 16-card deals, one core:")
    print(
        f"  median {statistics.median(times) * 1000:.3f} ms   p95 {percentile(times, 0.95) * 1000:.3f} ms   "
        f"{nodes / sum(times):,.0f} nodes/s   (target median {TARGETS['solver median']})"
    )


def _record(rule_set: str, seed: int) -> TableRecord:
    config = TableConfig(
        game="baska_kop",
        rule_set=rule_set,
        options={"rule_set": rule_set},
        seats=((SeatKind.COMPUTER, "easy"),) * 4,
        seed=seed,
        created_by="bench",
    )
    record, _ = TableRecord.new(f"bench-{seed}", config)
    return record


def bench_decisions(count: int) -> None:
    print(f"decision latency, {count} positions per level and moment, one core:")
    for moment in ("bidding", "first card"):
        views = []
        for seed in range(count):
            record = _record(("baska", "kop")[seed % 2], seed)
            if moment == "first card":
                for _ in range(4):
                    (seat,) = record.computer_turns()
                    record.apply(Act(seat, Pass(), SeatKind.COMPUTER))
                    if record.match is None or record.game.phase_of(record.match.deal) != "bidding":
                        break
            (seat,) = record.computer_turns()
            views.append(table_view(record, seat))
        for level in ("easy", "normal", "strong"):
            times = []
            for view in views:
                started = time.perf_counter()
                decide(view, level)
                times.append(time.perf_counter() - started)
            target = TARGETS.get(f"{level} p95", "")
            print(
                f"  {moment:<10} {level:<6}  p50 {percentile(times, 0.5) * 1000:7.1f} ms   "
                f"p95 {percentile(times, 0.95) * 1000:7.1f} ms   max {max(times) * 1000:7.1f} ms"
                + (f"   (target p95 {target})" if target else "")
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["solver", "decisions"])
    parser.add_argument("--deals", type=int, default=1000, help="deals for the solver benchmark")
    parser.add_argument("--positions", type=int, default=200, help="positions per level and moment")
    args = parser.parse_args()
    if args.only in (None, "solver"):
        bench_solver(args.deals)
    if args.only in (None, "decisions"):
        bench_decisions(args.positions)


if __name__ == "__main__":
    main()
