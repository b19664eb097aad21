"""The lobby in the terminal (SPEC §3 "a lobby lists open tables"): ``--lobby`` lists the
tables waiting for players and follows them live until Ctrl-C."""

from __future__ import annotations

import re

from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.client.conftest import Stack, Start
from tests.client.pty_client import TRACEBACK
from tests.support.client import EASY, HUMAN, Player


def test_lobby_lists_waiting_tables_and_follows_them(stack: Stack, start_client: Start) -> None:
    ben, cleo = Player(stack.address, "Ben"), Player(stack.address, "Cleo")
    try:
        anna = start_client("--server", stack.address, "--name", "Anna", "--lobby")
        anna.expect(r"^Tables waiting for players: \d+\. Join one with: .* --join 'tables/<id>'$")
        anna.expect(r"^Following the lobby; Ctrl-C stops\.$")
        table = ben.create([HUMAN, HUMAN, EASY, EASY]).name
        # Listed at its creation, and Ben's seat taken at once (one line or two).
        seated = (
            rf"^  (new|seats): {re.escape(table)}: Baśka and Kop · Kop · 8 deals · waiting for players · "
        )
        anna.expect(seated + r"Ben, \(open\), ")
        cleo.join(table)
        anna.expect(rf"^  started: {re.escape(table)}$")
        anna.interrupt()
        assert anna.wait_exit() == 130, anna.text()
        assert TRACEBACK not in anna.text()
    finally:
        ben.close()
        cleo.close()


def test_lobby_of_one_game_lists_only_its_tables(stack: Stack, start_client: Start) -> None:
    ben = Player(stack.address, "Ben")
    try:
        anna = start_client("--server", stack.address, "--name", "Anna", "--lobby", "--game", "bela")
        anna.expect(r"^Following the lobby; Ctrl-C stops\.$")
        kop = ben.create([HUMAN, HUMAN, EASY, EASY]).name
        request = service_pb2.CreateTableRequest(
            game="bela", rule_set="speedbela", seats=[HUMAN, HUMAN], join=True
        )
        bela = ben.stub.CreateTable(request, metadata=ben.metadata).table.name
        anna.expect(rf"^  (new|seats): {re.escape(bela)}: Bela · Speedbela · ")
        # The Kop table came first: had the lobby listed it, it would be on screen by now.
        assert kop not in anna.text()
        anna.interrupt()
        assert anna.wait_exit() == 130, anna.text()
        assert TRACEBACK not in anna.text()
    finally:
        ben.close()
