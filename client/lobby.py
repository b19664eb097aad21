"""Tables in the terminal: a table in a listing, and the lobby (the tables waiting for
players, then every change to them as WatchLobby reports it)."""

from __future__ import annotations

from client.connection import Connection
from client.screen import PHASES, Titles, options_line
from speedgamez.v1 import table_pb2
from speedgamez.v1 import table_service_pb2 as service_pb2

LOBBY_CHANGES = {
    service_pb2.LOBBY_CHANGE_KIND_LISTED: "new",
    service_pb2.LOBBY_CHANGE_KIND_SEATS_CHANGED: "seats",
    service_pb2.LOBBY_CHANGE_KIND_STARTED: "started",
    service_pb2.LOBBY_CHANGE_KIND_CLOSED: "closed",
}


def show_lobby(game: str, join_hint: str, connection: Connection, titles: Titles) -> None:
    """Print the waiting tables, then every change, until Ctrl-C (which ends it)."""
    for response in connection.lobby(game):
        if response.HasField("snapshot"):
            tables = response.snapshot.tables
            print(f"Tables waiting for players: {len(tables)}. {join_hint}")
            for summary in tables:
                print(f"  {describe(summary, connection, titles)}")
            print("Following the lobby; Ctrl-C stops.", flush=True)
            continue
        change = response.change
        word = LOBBY_CHANGES.get(change.kind, "?")
        if change.kind in (service_pb2.LOBBY_CHANGE_KIND_LISTED, service_pb2.LOBBY_CHANGE_KIND_SEATS_CHANGED):
            print(f"  {word}: {describe(change.table, connection, titles)}", flush=True)
        else:
            print(f"  {word}: {change.table.name}", flush=True)


def describe(summary: service_pb2.TableSummary, connection: Connection, titles: Titles) -> str:
    """``tables/x: Baśka and Kop · Kop · 8 deals · trick play, deal 3 · Anna, Ben, ...``"""
    phase = PHASES.get(summary.phase, "")
    if summary.phase != table_pb2.TABLE_PHASE_WAITING_FOR_PLAYERS:
        # The listing has no deal number; the table itself has.
        phase += f", deal {connection.get(summary.name).deal_number}"
    players = ", ".join("(open)" if seat.open else seat.player_name for seat in summary.seats)
    rule_set = options_line(
        titles.rule_set(summary.game, summary.rule_set), {"deals": str(summary.deals_total)}
    )
    return f"{summary.name}: {titles.game(summary.game)} · {rule_set} · {phase} · {players}"
