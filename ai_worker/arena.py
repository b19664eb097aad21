"""Computer players against each other in one process, without Redis: for the strength
harness and the benchmarks.

A deal is played through the service's own table record and the same redacted views the
workers get, so every decision here is one a worker would make.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ai_worker.players import decide
from ai_worker.players.decision import Decision
from ai_worker.seat_info import seat_info
from engine.actions import PlayCard
from engine.seeding import SeededRandom, derive_seed
from server.table import TableConfig, TableRecord
from server.views import table_view
from speedgamez.v1 import table_pb2

# Harness-only level: a uniformly random legal move.
RANDOM = "random"


@dataclass
class DealOutcome:
    scores: tuple[int, ...]
    contract: str
    seconds_by_level: dict[str, list[float]] = field(default_factory=dict)


def random_move(view: table_pb2.TableView) -> Decision:
    info = seat_info(view)
    moves = [PlayCard(card) for card in info.playable] + [choice.action for choice in info.allowed]
    return Decision(SeededRandom(derive_seed(info.seed, "random")).choice(moves))


def play_deal(
    rule_set: str, seed: int, levels: list[str], options: dict[str, str] | None = None
) -> DealOutcome:
    """Play the first deal of a table with seed ``seed``; seat ``i`` plays at ``levels[i]``."""
    config = TableConfig(
        game="baska_kop",
        rule_set=rule_set,
        options={"rule_set": rule_set, **(options or {})},
        seats=tuple(("computer", "easy") for _ in levels),
        seed=seed,
        created_by="arena",
    )
    record, _ = TableRecord.new(f"arena-{seed}", config)
    seconds: dict[str, list[float]] = {}
    while True:
        (seat,) = record.computer_turns()
        view = table_view(record, seat)
        level = levels[seat]
        started = time.perf_counter()
        decision = random_move(view) if level == RANDOM else decide(view, level)
        seconds.setdefault(level, []).append(time.perf_counter() - started)
        events = record.apply(
            {
                "type": "action",
                "seat": seat,
                "action": str(decision.action),
                "note": decision.reason,
                "by": "computer",
            }
        )
        for event in events:
            if event.WhichOneof("kind") == "deal_settled":
                settlement = event.deal_settled.settlement
                return DealOutcome(tuple(settlement.scores), settlement.contract_label, seconds)
