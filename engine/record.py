"""A finished match as text, and reading it back: the match record.

The format is plain lines of words, one fact per line, so a person can read a match and a
program can replay it with the engine alone:

    speedgamez-record 1
    game baska_kop
    rule_set kop
    option deals 8                      (every option of the table, one per line)
    player 0 Anna                       (each seat's name, to the end of the line)
    deal 1 dealer 0 shuffle 1234567     (the deal's number, dealer and shuffle seed)
    hand 0 QC AS TH JD                  (each seat's cards as dealt, in card notation)
    move 0 pass                         (each move in order: seat, then the action as
    move 1 announce zolo                 the log writes it)
    move 0 play QC
    settled 12 -4 -4 -4                 (each seat's score in the deal)
    total 30 -10 -10 -10                (each seat's total at the end)

Lines starting with ``#`` and empty lines are ignored. A deal that was thrown in and dealt
again appears like any other, under the same number. ``replay`` deals every deal again from
its shuffle seed, checks that the hands are the ones written, applies every move with the
rules' checks and checks each settlement and the totals, so a record that does not
replay to the same settlements is refused with the line that disagrees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, parse_action
from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.game import DealResult, Game

FORMAT = "speedgamez-record 1"


class RecordError(ValueError):
    """A record that cannot be read, or that does not replay to what it says."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as it was played."""

    number: int
    dealer: int
    shuffle: int
    hands: tuple[tuple[Card, ...], ...]
    moves: tuple[tuple[int, Action], ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole match: its game and settings, its players, its deals and the totals."""

    game: str
    rule_set: str
    options: Mapping[str, str]
    players: tuple[str, ...]
    deals: tuple[DealRecord, ...]
    totals: tuple[int, ...]


def write_record(record: MatchRecord) -> str:
    """The record as text."""
    lines = [FORMAT, f"game {record.game}", f"rule_set {record.rule_set}"]
    lines += [f"option {key} {value}" for key, value in sorted(record.options.items())]
    lines += [f"player {seat} {name}" for seat, name in enumerate(record.players)]
    for deal in record.deals:
        lines.append(f"deal {deal.number} dealer {deal.dealer} shuffle {deal.shuffle}")
        lines += [
            f"hand {seat} {' '.join(str(card) for card in hand)}" for seat, hand in enumerate(deal.hands)
        ]
        lines += [f"move {seat} {action}" for seat, action in deal.moves]
        lines.append("settled " + " ".join(str(score) for score in deal.scores))
    lines.append("total " + " ".join(str(total) for total in record.totals))
    return "\n".join(lines) + "\n"


def read_record(text: str, game: Game[Any, Any]) -> MatchRecord:
    """The record written in ``text``, for ``game``; raises RecordError naming the line."""
    lines = [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not lines or lines[0][1] != FORMAT:
        raise RecordError(f"a match record starts with the line {FORMAT!r}")
    header: dict[str, str] = {}
    options: dict[str, str] = {}
    players: dict[int, str] = {}
    deals: list[dict[str, Any]] = []
    totals: tuple[int, ...] | None = None
    for number, line in lines[1:]:
        word, _, rest = line.partition(" ")
        try:
            if word in ("game", "rule_set"):
                header[word] = rest
            elif word == "option":
                key, _, value = rest.partition(" ")
                options[key] = value
            elif word == "player":
                seat, _, name = rest.partition(" ")
                players[int(seat)] = name
            elif word == "deal":
                parts = rest.split()
                if len(parts) != 5 or parts[1] != "dealer" or parts[3] != "shuffle":
                    raise ValueError("expected: deal <number> dealer <seat> shuffle <seed>")
                deals.append(
                    {
                        "number": int(parts[0]),
                        "dealer": int(parts[2]),
                        "shuffle": int(parts[4]),
                        "hands": {},
                        "moves": [],
                    }
                )
            elif word == "hand":
                seat, _, cards = rest.partition(" ")
                _current(deals)["hands"][int(seat)] = tuple(parse_cards(cards))
            elif word == "move":
                seat, _, action = rest.partition(" ")
                _current(deals)["moves"].append((int(seat), parse_action(action, game.game_type.actions)))
            elif word == "settled":
                _current(deals)["scores"] = tuple(int(score) for score in rest.split())
            elif word == "total":
                totals = tuple(int(total) for total in rest.split())
            else:
                raise ValueError(f"unknown line {word!r}")
        except (ValueError, EngineError) as error:
            raise RecordError(f"line {number}: {error}") from None
    if header.get("game") != game.game_type.id or "rule_set" not in header or totals is None:
        raise RecordError(f"a record of {game.game_type.id} names its game, its rule set and the totals")
    seats = len(players)
    return MatchRecord(
        game=header["game"],
        rule_set=header["rule_set"],
        options=options,
        players=tuple(players[seat] for seat in range(seats)),
        deals=tuple(
            DealRecord(
                deal["number"],
                deal["dealer"],
                deal["shuffle"],
                tuple(deal["hands"].get(seat, ()) for seat in range(seats)),
                tuple(deal["moves"]),
                deal.get("scores", ()),
            )
            for deal in deals
        ),
        totals=totals,
    )


def replay(record: MatchRecord, game: Game[Any, Any]) -> list[DealResult]:
    """Play the record again with the rules: each deal's result, in order. Raises
    RecordError where the record and the rules disagree."""
    options = game.parse_options(
        record.rule_set, {k: v for k, v in record.options.items() if k != "rule_set"}
    )
    seats = len(record.players)
    carry = game.initial_carry(options, seats)
    totals = list(game.initial_totals(options, seats))
    results = []
    for deal in record.deals:
        state = game.new_deal(options, seats, deal.dealer, deal.shuffle, carry)
        dealt = game.whole_hands(state, seats)
        if dealt != deal.hands:
            raise RecordError(f"deal {deal.number}: the shuffle deals other hands than the record's")
        for seat, action in deal.moves:
            try:
                game.check(state, seat, action)
            except EngineError as error:
                raise RecordError(f"deal {deal.number}: seat {seat} may not {action}: {error}") from None
            game.apply(state, seat, action)
        result = game.result(state)
        if result is None:
            raise RecordError(f"deal {deal.number}: the moves do not finish the deal")
        if result.scores != deal.scores:
            settled, written = list(result.scores), list(deal.scores)
            raise RecordError(f"deal {deal.number}: the rules settle it {settled}, the record {written}")
        totals = [total + score for total, score in zip(totals, result.scores, strict=True)]
        carry = game.carry_after(options, carry, result)
        results.append(result)
    if tuple(totals) != record.totals:
        raise RecordError(f"the deals add up to the totals {totals}, the record says {list(record.totals)}")
    return results


def _current(deals: list[dict[str, Any]]) -> dict[str, Any]:
    if not deals:
        raise ValueError("a hand, move or settlement before the first deal line")
    return deals[-1]
