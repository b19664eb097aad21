"""What choosing a trump is worth in Bela, played out: the strong player's chance against
the table.

    python -m ai_worker.call_value --seats 3 --deals 600 --processes 2

The trump choice rests on the search's chance that a caller passes, counted with every
card open and the defenders playing as one. How that chance compares with a table's is a
question for the table: in every deal (a seed) the trump choice is asked as the strong
players decide it, and where a seat before the dealer says dalje with its best trump's
chance at least ``--floor``, the deal is played by strong players twice, as they decide
and with that seat choosing that trump. Printed by the seat's place in the choosing order and by chance: the
deals, how often the forced caller passed, and what choosing gained that seat over dalje
in points a deal, with its standard error.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ai_worker.arena import apply_decision, level_decision, play_deal
from ai_worker.players.bela import search
from ai_worker.players.decision import Decision
from ai_worker.seat_info import seat_info
from engine.actions import Pass
from engine.game import PhaseKind
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
from server.views import seat_observation

LEVEL = "strong"
BANDS = ((0.45, 0.55), (0.55, 0.65), (0.65, 0.75), (0.75, 1.01))


@dataclass(frozen=True)
class Said:
    """A seat's dalje where its best trump had ``chance``; ``place`` in the choosing order."""

    seat: int
    place: int
    chance: float


@dataclass(frozen=True)
class Forced:
    """The same deal with that seat choosing its best trump."""

    place: int
    chance: float
    passed: bool
    gain: int


def _record(seats: int, seed: int) -> TableRecord:
    """The table ``play_deal`` plays for ``seed``."""
    config = TableConfig(
        game="bela",
        rule_set="speedbela",
        options={"rule_set": "speedbela"},
        seats=tuple((SeatKind.COMPUTER, "easy") for _ in range(seats)),
        seed=seed,
        created_by="arena",
    )
    return TableRecord.new(f"arena-{seed}", config)[0]


def _bidding(record: TableRecord, seat: int) -> bool:
    return seat_info(seat_observation(record, seat)).phase_kind is PhaseKind.BIDDING


def dalje_said(seats: int, seed: int, floor: float) -> list[Said]:
    """The seats before the dealer that say dalje in the deal of ``seed``, their best
    trump's chance at least ``floor``; only the trump choice is played, until one chooses."""
    record, said = _record(seats, seed), []
    for place in range(seats - 1):
        seat = record.computer_turns()[0]
        info = seat_info(seat_observation(record, seat))
        choice, decision = search.trump_choice(info, search.STRONG)
        if decision.action != Pass():
            break
        if choice.best.chance >= floor:
            said.append(Said(seat, place, choice.best.chance))
        apply_decision(record, seat, decision)
    return said


def forced_calls(seats: int, seed: int, floor: float) -> list[Forced]:
    """The deal of ``seed`` as the strong players play it, and once more for each seat
    that said dalje from ``floor`` on, that seat choosing its best trump."""
    said = dalje_said(seats, seed, floor)
    if not said:
        return []
    played = play_deal("bela", "speedbela", seed, [LEVEL] * seats).scores
    forced = []
    for dalje in said:

        def choosing(record: TableRecord, seat: int, level: str, dalje: Said = dalje) -> Decision:
            if seat != dalje.seat or not _bidding(record, seat):
                return level_decision(record, seat, level)
            info = seat_info(seat_observation(record, seat))
            return Decision(search.call_outlooks(info, search.STRONG).best.action)

        scores = play_deal("bela", "speedbela", seed, [LEVEL] * seats, chooser=choosing).scores
        gain = scores[dalje.seat] - played[dalje.seat]
        forced.append(Forced(dalje.place, dalje.chance, scores[dalje.seat] > 0, gain))
    return forced


def _task(task: tuple[int, int, float]) -> list[Forced]:
    return forced_calls(*task)


def report(forced: list[Forced], seats: int) -> Iterator[str]:
    for place in range(seats - 1):
        at_place = [call for call in forced if call.place == place]
        yield f"  place {place + 1} of {seats} in the choosing order: {len(at_place)} deals"
        for low, high in (*BANDS, (BANDS[0][0], BANDS[-1][1])):
            band = [call for call in at_place if low <= call.chance < high]
            if len(band) < 2:
                continue
            gains = [call.gain for call in band]
            error = statistics.stdev(gains) / len(gains) ** 0.5
            label = f"{low:.2f} to {min(high, 1.0):.2f}"
            passed = sum(call.passed for call in band) / len(band)
            yield (
                f"    chance {label}: {len(band):4d} deals, passed {passed:.2f}, "
                f"choosing gained {statistics.fmean(gains):+7.1f} ± {error:5.1f} points a deal"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description="Bela: the strong player's trump chance, played out.")
    parser.add_argument("--seats", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--first-seed", type=int, default=3000)
    parser.add_argument("--floor", type=float, default=0.45, help="the least chance played out")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    tasks = [(args.seats, seed, args.floor) for seed in range(args.first_seed, args.first_seed + args.deals)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.processes) as pool:
        forced = [call for calls in pool.map(_task, tasks, chunksize=4) for call in calls]
    print(
        f"Bela, {args.seats} seats, {args.deals} deals from seed {args.first_seed}, strong players; "
        f"seats that said dalje with a chance of {args.floor} or more, made to choose "
        f"({time.perf_counter() - started:.0f} s):"
    )
    for line in report(forced, args.seats):
        print(line)


if __name__ == "__main__":
    main()
