"""Failures are told in one sentence, never as a traceback.

A bad table name, a full table, an option the rule set does not have, and the server
stopping in the middle of a game: each prints the server's reason (or that it does not
answer) in one line and exits with status 1; where a seat is kept, the client also says
how to come back to it.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from tests.client.conftest import Stack, Start
from tests.client.pty_client import TRACEBACK, Terminal
from tests.support.client import EASY, HUMAN, Player
from tools.processes import ServiceProcess, free_port, service_env


def one_sentence(terminal: Terminal) -> str:
    """The client's only line of output, after it exited with status 1."""
    assert terminal.wait_exit() == 1, terminal.text()
    lines = terminal.text().strip().split("\n")
    assert len(lines) == 1, terminal.text()
    assert TRACEBACK not in terminal.text()
    return lines[0]


def server_at(stack: Stack, port: int) -> ServiceProcess:
    """A server on the test's Redis at a fixed port, so that it can be started again."""
    env = service_env(stack.redis, listen=f"127.0.0.1:{port}")
    return ServiceProcess([sys.executable, "-m", "server"], env, "speedgamez server listening on")


def test_joining_a_table_that_does_not_exist(stack: Stack, start_client: Start) -> None:
    ben = start_client("--server", stack.address, "--name", "Ben", "--join", "tables/doesnotexist")
    assert one_sentence(ben) == "Cannot join tables/doesnotexist: there is no table tables/doesnotexist."


def test_joining_with_something_that_is_no_table_name(stack: Stack, start_client: Start) -> None:
    ben = start_client("--server", stack.address, "--name", "Ben", "--join", "doesnotexist")
    assert one_sentence(ben) == (
        "Cannot join doesnotexist: table must be a name like 'tables/<id>', not 'doesnotexist'."
    )


def test_joining_a_full_table(stack: Stack, start_client: Start) -> None:
    anna = Player(stack.address, "Anna")
    try:
        table = anna.create([HUMAN, EASY, EASY, EASY]).name
    finally:
        anna.close()
    ben = start_client("--server", stack.address, "--name", "Ben", "--join", table)
    assert one_sentence(ben) == f"Cannot join {table}: the table has no open seat."


def test_liga_values_in_baska(stack: Stack, start_client: Start) -> None:
    anna = start_client("--server", stack.address, "--name", "Anna", "--rule-set", "baska", "--liga")
    assert one_sentence(anna) == "Cannot create the table: liga_values exists only in the kop rule set."


def test_no_server_at_the_address(start_client: Start) -> None:
    anna = start_client("--server", f"127.0.0.1:{free_port()}", "--name", "Anna")
    assert re.fullmatch(
        r"Cannot register Anna: the server at 127\.0\.0\.1:\d+ does not answer \(.+\)\.", one_sentence(anna)
    )


def stopped_game(terminal: Terminal, address: str, table: str) -> list[str]:
    """The sentence and the way back the client prints when its server stopped; the command."""
    terminal.expect(rf"^The game stopped: the server at {re.escape(address)} does not answer \(.+\)\.\n")
    terminal.expect(rf"^Your seat at {table} is kept; continue with:\n")
    command = shlex.split(terminal.expect(r"^  (\S.*)\n").group(1))
    assert terminal.wait_exit() == 1
    assert TRACEBACK not in terminal.text()
    return command


def test_the_server_stops_while_the_player_decides(stack: Stack, start_client: Start, tmp_path: Path) -> None:
    port = free_port()
    address = f"127.0.0.1:{port}"
    tokens = str(tmp_path / "tokens.json")
    server = server_at(stack, port)
    again = server_at(stack, port)
    try:
        server.start()
        anna = start_client("--server", address, "--name", "Anna", "--token-file", tokens)
        table = anna.expect(r"you sit at table (tables/\S+):").group(1)
        prompt = anna.next_prompt()
        server.kill()
        anna.answer(prompt)
        command = stopped_game(anna, address, table)
        assert command[3:] == ["--server", address, "--name", "Anna", "--resume", "--token-file", tokens]

        # What it says works once the server is back: the same table, ready to play on.
        again.start()
        resumed = start_client(*command[3:], python=command[0])
        resumed.expect(rf"^  1\) {table}: ")
        resumed.next_prompt()
    finally:
        server.kill()
        again.kill()


def test_the_server_stops_while_the_client_watches(stack: Stack, start_client: Start) -> None:
    server = server_at(stack, free_port())
    try:
        server.start()
        address = server.ready_line.split(" listening on ")[1].split(",")[0]
        anna = start_client("--server", address, "--name", "Anna", "--humans", "2")
        table = anna.expect(r"you sit at table (tables/\S+):").group(1)
        anna.expect("Waiting for 1 more player to join.")
        server.kill()
        stopped_game(anna, address, table)
    finally:
        server.kill()


def test_options_of_a_new_table_are_refused_where_no_table_is_made(start_client: Start) -> None:
    daily = start_client("--name", "Anna", "--daily", "--game", "bela", "--seats", "4")
    daily.expect(r"error: --seats: only for a new table; --daily takes --game alone$")
    assert daily.wait_exit() == 2
    joining = start_client("--name", "Anna", "--join", "tables/x", "--game", "bela")
    joining.expect(r"error: --game: only for a new table; --join takes none of them$")
    assert joining.wait_exit() == 2
