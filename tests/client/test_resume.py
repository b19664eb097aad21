"""Ctrl-C keeps the seat; --resume finds the table again with the token kept in a file.

The token file is the player's identity, so it is private (mode 0600). Its default place
is ``$XDG_CONFIG_HOME/speedgamez/<host_port>.json`` (``~/.config`` without the variable).
"""

from __future__ import annotations

import re
import shlex
import stat
import sys
from pathlib import Path

from tests.client.conftest import Stack, Start
from tests.client.pty_client import TRACEBACK, Terminal
from tools.processes import ServiceProcess, free_port, service_env


def interrupt(terminal: Terminal, table: str) -> list[str]:
    """Type Ctrl-C; check the clean stop and return the command it prints to resume."""
    terminal.interrupt()
    terminal.expect(rf"^Stopped\. Your seat at {table} is kept; continue with:\n")
    command = shlex.split(terminal.expect(r"^  (\S.*)\n").group(1))
    assert terminal.wait_exit() == 130, terminal.text()
    assert TRACEBACK not in terminal.text()
    return command


def private(path: Path) -> bool:
    return stat.S_IMODE(path.stat().st_mode) == 0o600


def test_ctrl_c_keeps_the_seat_and_resume_plays_on(stack: Stack, start_client: Start, tmp_path: Path) -> None:
    tokens = tmp_path / "anna.json"
    anna = start_client("--server", stack.address, "--name", "Anna", "--token-file", str(tokens))
    table = anna.expect(r"you sit at table (tables/\S+):").group(1)
    anna.next_prompt()
    hand = [card.name for card in anna.hand()]
    command = interrupt(anna, table)
    assert command[3:] == [
        "--server",
        stack.address,
        "--name",
        "Anna",
        "--resume",
        "--token-file",
        str(tokens),
    ]
    assert private(tokens)

    # The printed command, as the player would paste it.
    again = start_client(*command[3:], python=command[0])
    again.expect(
        rf"^Unfinished tables of Anna:\n  1\) {table}: Baśka and Kop · Kop · 8 deals · (bidding|trick play), "
        r"deal 1 · Anna, Computer 1 \(easy\), Computer 2 \(easy\), Computer 3 \(easy\)\n"
    )
    again.next_prompt()
    assert [card.name for card in again.hand()] == hand
    again.play_until("Settlement: ")
    assert TRACEBACK not in again.text()


def test_resume_chooses_among_several_tables(stack: Stack, start_client: Start, tmp_path: Path) -> None:
    config = tmp_path / "config"
    env = {"XDG_CONFIG_HOME": str(config)}
    tables = []
    for rule_set in ("kop", "baska"):
        client = start_client("--server", stack.address, "--name", "Anna", "--rule-set", rule_set, env=env)
        tables.append(client.expect(r"you sit at table (tables/\S+):").group(1))
        client.next_prompt()
        interrupt(client, tables[-1])
    # The token file's default place, private in a private directory.
    tokens = config / "speedgamez" / f"127.0.0.1_{stack.address.rsplit(':', 1)[1]}.json"
    assert private(tokens) and stat.S_IMODE(tokens.parent.stat().st_mode) == 0o700

    again = start_client("--server", stack.address, "--resume", env=env)
    listed = again.expect(r"^Unfinished tables of Anna:\n((?:  \d\) .*\n)+)Which table \(1-2\)\? > $").group(
        1
    )
    # Newest first: the Baśka table, then the Kop table.
    assert re.findall(r"^  \d\) (tables/\S+): Baśka and Kop · (\S+) ·", listed, re.MULTILINE) == [
        (tables[1], "Baśka"),
        (tables[0], "Kop"),
    ]
    again.line("2")
    again.expect(r"^=== Kop · 8 deals \| deal 1 of 8")
    again.next_prompt()


def test_the_watch_stream_resumes_where_it_broke(stack: Stack, start_client: Start) -> None:
    """Heartbeats on an idle stream, then a server restart: no event is lost or repeated.

    Two servers share one port (gRPC servers set SO_REUSEPORT); when the first dies, the
    client's reconnection reaches the second at once.
    """
    port = free_port()
    address = f"127.0.0.1:{port}"
    env = service_env(stack.redis, listen=address, watch_heartbeat_s="0.5")
    first, second = (
        ServiceProcess([sys.executable, "-m", "server"], env, "speedgamez server listening on")
        for _ in range(2)
    )
    try:
        first.start()
        anna = start_client("--server", address, "--name", "Anna", "--humans", "2")
        table = anna.expect(r"you sit at table (tables/\S+):").group(1)
        anna.expect("Waiting for 1 more player to join.")
        second.start()
        first.kill()

        ben = start_client("--server", address, "--name", "Ben", "--join", table)
        anna.expect("Ben joined")
        anna.expect(r"^=== Kop · 8 deals \| deal 1 of 8")
        ben.next_prompt()  # Anna deals the first deal; Ben, at her left, calls first
        # Anna's own join happened before her stream began: it is never narrated, and
        # Ben's join exactly once.
        assert "Anna joined" not in anna.text()
        assert anna.text().count("Ben joined") == 1
        assert TRACEBACK not in anna.text() + ben.text()
    finally:
        first.kill()
        second.kill()
