"""What a person reads of a whole match, in every game: each settlement and the history
(the calls and every event told), as the server renders them for a player and the terminal
client shows them.

People are named, never "seat 2" or "Seat 0"; every amount carries the unit the game
counts in (points, cents, chips); a payment names who pays and whom, never someone paying
himself or paying a negative amount. The match is played in-process through the table
record and the views the server sends (``server.views``), with the computer players'
decisions; nothing here touches Redis.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from ai_worker.players import decide
from client.screen import Screen, Titles
from engine.actions import Action, Continue
from engine.match import MatchPhase
from engine.registry import GAMES
from server.table import TableConfig, TableRecord
from server.table_log import Act, Join, SeatKind
from server.views import redact_event, seat_observation, table_view, texts_for
from speedgamez.internal.v1.stored_event_pb2 import StoredEvent
from speedgamez.v1 import table_pb2

# The unit of each game's scores: its contract's tariffs are cents (Schafkopf), its pool
# and antes chips (Speculation), card points and game points the others.
UNITS = {"baska_kop": "points", "bela": "points", "schafkopf": "cents", "speculation": "chips"}
SEAT_NUMBER = re.compile(r"\b[Ss]eat \d+\b")
CARD = re.compile(r"[♣♠♥♦](?:10|[2-9JQKA])")
# A number that counts something: an amount with its unit ("40 points", "27 to 77
# points", "73 of 222 points"), or a number of things ("1 Laufende", "2 tricks"); a score
# "52:52"; a multiplier "×2"; a chance "85%".
COUNTED = re.compile(
    r"[+-]?\d+(?:(?: of | to )\d+)* (?:points?|cents?|chips?|Laufende|tricks?|cards?|(?:earlier )?calls?)\b"
    r"|\d+:\d+|×\d+|\d+%"
)
PAYS = re.compile(r"^\s*(?:.*: )?(?P<payer>.+?) pays\b:? (?P<rest>.*)$")


@dataclass
class Match:
    """A match's settlements and history as the terminal shows them to the person at seat 0."""

    game: str
    names: list[str]
    settlements: list[list[str]] = field(default_factory=list)
    history: list[str] = field(default_factory=list)
    payments: list[table_pb2.SettlementStep] = field(default_factory=list)


def played(game_id: str, rule_set: str, seats: int) -> Match:
    """A whole match of ``game_id``: Anna at seat 0 and computers of level easy elsewhere,
    every seat deciding as the easy computer does."""
    config = TableConfig(
        game=game_id,
        rule_set=rule_set,
        options={"rule_set": rule_set},
        seats=((SeatKind.HUMAN, "easy"), *((SeatKind.COMPUTER, "easy"),) * (seats - 1)),
        seed=7,
        created_by="anna",
    )
    record, _ = TableRecord.new("shown", config)
    happened = record.apply(Join(0, "anna", "Anna"))
    shown: list[str] = []
    screen = Screen(False, Titles({}, {}), write=shown.append)
    match = Match(game_id, [seat.player_name for seat in table_view(record, 0).seats])
    while record.match is not None and record.match.phase is not MatchPhase.FINISHED:
        view = table_view(record, 0)
        for event in happened:
            stored = StoredEvent(event=event.event, everyone=event.audience.everyone)
            stored.seats.extend(event.audience.seats)
            told = redact_event(stored, 0, texts_for(record))
            screen.narrate(told, view)
            if told.HasField("deal_settled"):
                match.settlements.append(screen.settlement(told.deal_settled.settlement, view))
                match.history += screen.bidding(view)
                payments = told.deal_settled.settlement.steps
                match.payments += [step for step in payments if step.HasField("payer_seat")]
        seat, move = next_move(record)
        by = SeatKind.HUMAN if seat == 0 else SeatKind.COMPUTER
        happened = record.apply(Act(seat, move.action, by, note=move.reason))
    match.history += shown
    return match


@dataclass(frozen=True)
class Move:
    action: Action
    reason: str


def next_move(record: TableRecord) -> tuple[int, Move]:
    """The easy computer's move for a seat that wants to act, else for one the table waits for."""
    assert record.match is not None
    if record.match.phase is MatchPhase.SETTLEMENT:
        return min(record.match.to_act()), Move(Continue(), "")
    waited = sorted(record.match.to_act())
    for seat in sorted(set(record.computer_options()) | set(waited)):
        decision = decide(seat_observation(record, seat), "easy")
        if decision.action is not None:
            return seat, Move(decision.action, decision.reason)
    raise AssertionError(f"nobody moves at {waited}")


def faults(line: str, names: list[str]) -> list[str]:
    """What is wrong with a line a person reads."""
    wrong = [f"a seat by its number: {found}" for found in SEAT_NUMBER.findall(line)]
    paying = PAYS.match(line)
    if paying and (paying["payer"] in paying["rest"] or re.match(r"-\d|.*: -\d", paying["rest"])):
        wrong.append("someone pays himself, or pays a negative amount")
    words = CARD.sub("", line)
    for name in sorted(names, key=len, reverse=True):
        words = words.replace(name, "NAME")
    if re.search(r"\d", COUNTED.sub("", words)):
        wrong.append("an amount without its unit")
    return wrong


def seat_counts(game_id: str, rule_set: str) -> list[int]:
    """The numbers of players the rule set's default options allow."""
    game = GAMES[game_id]
    options = game.parse_options(rule_set, {})
    return [seats for seats in game.game_type.seat_counts if game.check_seats(options, seats) is None]


GAME_TABLES = [
    pytest.param(game_id, rule_set.id, seats, id=f"{game_id}-{rule_set.id}-{seats}")
    for game_id, game in GAMES.items()
    for rule_set in game.game_type.rule_sets
    for seats in seat_counts(game_id, rule_set.id)
]


@pytest.mark.parametrize(("game_id", "rule_set", "seats"), GAME_TABLES)
def test_settlements_and_histories_name_people_and_give_amounts_with_their_unit(
    game_id: str, rule_set: str, seats: int
) -> None:
    match = played(game_id, rule_set, seats)
    assert match.settlements and match.history
    lines = [line for settlement in match.settlements for line in settlement] + match.history
    wrong = [f"{line!r}: {fault}" for line in lines for fault in faults(line, match.names)]
    assert not wrong, "\n".join(wrong)
    # Each person's result of a deal is in the game's unit.
    unit = UNITS[game_id]
    for settlement in match.settlements:
        results = [line for line in settlement if re.match(r"^    .+ had .*: [+-]\d+ ", line)]
        assert results and all(re.search(rf": [+-]\d+ {unit[:-1]}s?$", line) for line in results), settlement
    for step in match.payments:
        assert step.payer_seat not in step.seats and step.amount > 0, step
