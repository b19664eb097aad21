"""The lobby in the terminal (SPEC §3 "a lobby lists open tables"): ``--lobby`` lists the
tables waiting for players and follows them live until Ctrl-C."""

from __future__ import annotations

import re

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
        assert anna.wait_exit() == 130
        assert TRACEBACK not in anna.text()
    finally:
        ben.close()
        cleo.close()
