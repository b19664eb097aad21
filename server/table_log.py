"""The entries of a table's action log, as typed values and in their stored JSON form.

A table is event-sourced (``server.table``): every change after its creation is one of
these entries, and replaying them from the configuration rebuilds the stored state. The
stored form is one JSON object per entry, kept stable so that logs written by earlier
versions still replay:

    {"type": "join",   "seat": 1, "player": "<id>", "name": "Anna"}
    {"type": "leave",  "seat": 1}
    {"type": "close"}   (the creator withdraws a table nobody sits at)
    {"type": "stop"}    (the creator stops a table of computers only)
    {"type": "action", "seat": 1, "action": "play QC", "note": "", "by": "human", "request": "<id>"}
    {"type": "expire", "moves": [{"seat": 1, "action": "pass"}]}
    {"type": "compare", "deal": 3, "score": -4}
    {"type": "again", "table": "<id>"}

``by`` says who made a move: a human, or a computer (a computer seat, or the computer
playing for a human who left); ``note`` is a computer's one-sentence reason; ``request``
is the client's request id of a human action (audits check that every accepted request
is in the log once). ``expire`` is the move clock running out for the people the table
waited for: the computer's moves for them, chosen when the deadline passed and stored, so
replaying needs no clock. ``compare`` is a daily deal's comparison: what the strong
computer scored in deal 3 from the player's seat, computed by a worker and stored, so
replaying needs no search. ``again`` names the next match one of a finished match's
people opened with its settings (CreateTable with ``again_of``), for the others to join.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.actions import Action, parse_action


class SeatKind(StrEnum):
    """Who plays a seat, and who made a move."""

    HUMAN = "human"
    COMPUTER = "computer"


@dataclass(frozen=True, slots=True)
class Join:
    """A player takes an open seat."""

    seat: int
    player: str
    name: str


@dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves a seat: before the match it opens again, during it a computer plays on."""

    seat: int


@dataclass(frozen=True, slots=True)
class Close:
    """The creator withdraws a table nobody sits at."""


@dataclass(frozen=True, slots=True)
class Stop:
    """The creator stops a running table that computers play alone."""


@dataclass(frozen=True, slots=True)
class Act:
    """A seat's action in the match; ``request`` is None for a computer's move."""

    seat: int
    action: Action
    by: SeatKind
    note: str = ""
    request: str | None = None


@dataclass(frozen=True, slots=True)
class Expire:
    """The move clock ran out: the computer makes ``moves`` for the people the table waited for."""

    moves: tuple[tuple[int, Action], ...]


@dataclass(frozen=True, slots=True)
class Compare:
    """A daily deal: the strong computer scored ``score`` in deal ``deal`` from the player's seat."""

    deal: int
    score: int


@dataclass(frozen=True, slots=True)
class Again:
    """One of the people opened the next match, table ``table``, with this one's settings."""

    table: str


LogEntry = Join | Leave | Close | Stop | Act | Expire | Compare | Again


def entry_to_dict(entry: LogEntry) -> dict[str, Any]:
    """The stored form of ``entry`` (written as JSON with sorted keys)."""
    match entry:
        case Join(seat, player, name):
            return {"type": "join", "seat": seat, "player": player, "name": name}
        case Leave(seat):
            return {"type": "leave", "seat": seat}
        case Close():
            return {"type": "close"}
        case Stop():
            return {"type": "stop"}
        case Act(seat, action, by, note, request):
            data = {"type": "action", "seat": seat, "action": str(action), "note": note, "by": str(by)}
            if request is not None:
                data["request"] = request
            return data
        case Expire(moves):
            return {
                "type": "expire",
                "moves": [{"seat": seat, "action": str(action)} for seat, action in moves],
            }
        case Compare(deal, score):
            return {"type": "compare", "deal": deal, "score": score}
        case Again(table):
            return {"type": "again", "table": table}


def entry_from_dict(data: Mapping[str, Any], own_actions: Sequence[type[object]] = ()) -> LogEntry:
    """The entry whose stored form is ``data``, the game's own actions ``own_actions`` (its
    ``GameType.actions``) among its moves; raises ValueError for anything else."""
    kind = data.get("type")
    if kind == "join":
        return Join(int(data["seat"]), str(data["player"]), str(data["name"]))
    if kind == "leave":
        return Leave(int(data["seat"]))
    if kind == "close":
        return Close()
    if kind == "stop":
        return Stop()
    if kind == "action":
        request = data.get("request")
        return Act(
            seat=int(data["seat"]),
            action=parse_action(str(data["action"]), own_actions),
            by=SeatKind(data["by"]),
            note=str(data["note"]),
            request=None if request is None else str(request),
        )
    if kind == "expire":
        return Expire(
            tuple(
                (int(move["seat"]), parse_action(str(move["action"]), own_actions)) for move in data["moves"]
            )
        )
    if kind == "compare":
        return Compare(int(data["deal"]), int(data["score"]))
    if kind == "again":
        return Again(str(data["table"]))
    raise ValueError(f"not a log entry of a known type: {kind!r}")
