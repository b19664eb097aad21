"""Strength harness: computer levels against each other on mirrored deals.

    python -m ai_worker.strength                          # strong/normal, normal/easy, easy/random
    python -m ai_worker.strength --pairs normal:easy --deals 500 --processes 2

For every deal (a seed) two games are played with the same cards: level A in seats 0
and 2 against level B in seats 1 and 3, then the levels swap seats. The per-deal result
is A's mean score per seat over both games; B's is its negative, since every deal's
scores sum to zero. The difference A - B per deal is reported with its standard error;
a level is clearly stronger when the difference is at least two standard errors. Deals
alternate between the Baśka and the Kop rule set unless one is chosen.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ai_worker.arena import play_deal

DEFAULT_PAIRS = ("strong:normal", "normal:easy", "easy:random")


@dataclass(frozen=True)
class Comparison:
    stronger: str
    weaker: str
    differences: list[float]
    seconds: float

    @property
    def mean(self) -> float:
        return statistics.fmean(self.differences)

    @property
    def standard_error(self) -> float:
        return statistics.stdev(self.differences) / len(self.differences) ** 0.5

    @property
    def separation(self) -> float:
        """The difference in standard errors."""
        return self.mean / self.standard_error if self.standard_error else float("inf")

    def line(self) -> str:
        return (
            f"{self.stronger:>7} vs {self.weaker:<7} {len(self.differences):>6}  "
            f"{self.mean / 2:>+9.3f}  {-self.mean / 2:>+9.3f}  {self.mean:>+8.3f}  "
            f"{self.standard_error:>7.3f}  {self.separation:>6.1f}  {self.seconds:>7.0f}"
        )


HEADER = (
    "   pair          deals   A/seat    B/seat    A - B       SE   A-B/SE  seconds\n"
    "   ----          -----   ------    ------    -----       --   ------  -------"
)


def mirrored_difference(task: tuple[str, str, str, int]) -> float:
    """A's minus B's mean score per seat on one deal played both ways round."""
    rule_set, stronger, weaker, seed = task
    first = play_deal(rule_set, seed, [stronger, weaker, stronger, weaker])
    second = play_deal(rule_set, seed, [weaker, stronger, weaker, stronger])
    a_total = first.scores[0] + first.scores[2] + second.scores[1] + second.scores[3]
    # Per seat A scores a_total / 4 and B, whose seats hold the rest, -a_total / 4.
    return a_total / 2


def compare(
    stronger: str, weaker: str, deals: int, rule_sets: tuple[str, ...], processes: int, first_seed: int = 0
) -> Comparison:
    tasks = [
        (rule_sets[seed % len(rule_sets)], stronger, weaker, seed)
        for seed in range(first_seed, first_seed + deals)
    ]
    started = time.perf_counter()
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            differences = list(pool.map(mirrored_difference, tasks, chunksize=8))
    else:
        differences = [mirrored_difference(task) for task in tasks]
    return Comparison(stronger, weaker, differences, time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description="Compare computer levels on mirrored deals.")
    parser.add_argument("--pairs", default=",".join(DEFAULT_PAIRS), help="stronger:weaker,...")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rule-set", choices=["baska", "kop", "both"], default="both")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    rule_sets = ("baska", "kop") if args.rule_set == "both" else (args.rule_set,)
    print(f"mirrored deals, rule sets: {', '.join(rule_sets)}; scores are points per seat and deal")
    print(HEADER)
    for pair in args.pairs.split(","):
        stronger, weaker = pair.split(":")
        result = compare(stronger, weaker, args.deals, rule_sets, args.processes, args.first_seed)
        verdict = "ok" if result.separation >= 2 else "NOT 2 SE APART"
        print(result.line(), verdict, flush=True)


if __name__ == "__main__":
    main()
