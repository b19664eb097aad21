"""The two-player walkthrough of docs/playing.md, exactly as written, on two terminals.

Anna creates a table with ``--humans 2``; the client prints the join command; Ben runs
it. Both play the first deal, both see its settlement, and both continue into the second
deal: Enter after a settlement with two humans is never refused.
"""

from __future__ import annotations

import shlex
import time

from tests.client.conftest import Stack, Start
from tests.client.pty_client import DOCUMENTED_PYTHON, TIMEOUT, TRACEBACK, Terminal


def play_both(anna: Terminal, ben: Terminal, until: str, timeout: float = 3 * TIMEOUT) -> None:
    """Answer whichever client asks until both show ``until``; a client showing it stops."""
    deadline = time.monotonic() + timeout
    while not (until in anna.text() and until in ben.text()):
        assert time.monotonic() < deadline, f"not both reached {until!r}:\n{anna.text()}\n{ben.text()}"
        for terminal in (anna, ben):
            if until in terminal.text():
                continue
            # Short waits in turn: only one of the two is asked at a time.
            try:
                prompt = terminal.next_prompt(timeout=0.2)
            except AssertionError:
                continue
            if until not in terminal.text():
                terminal.answer(prompt)


def test_anna_creates_for_two_ben_joins_with_the_printed_command(stack: Stack, start_client: Start) -> None:
    anna = start_client(
        "--server", stack.address, "--name", "Anna", "--humans", "2", python=DOCUMENTED_PYTHON
    )
    anna.expect("To join, each runs")
    command = shlex.split(anna.expect(r"^  (\S.*)$").group(1))
    # The documented command with the server this test runs: ready to copy.
    assert command[:3] == [DOCUMENTED_PYTHON, "-m", "client"], command
    assert command[3:5] == ["--server", stack.address]
    assert command[5:7] == ["--name", "NAME"] and command[7] == "--join"
    table = command[8]
    assert table.startswith("tables/") and len(command) == 9
    anna.expect(r"^Waiting for 1 more player to join\.$")

    ben = start_client(*["Ben" if word == "NAME" else word for word in command[3:]], python=command[0])
    ben.expect(f"Ben, you sit at table {table}")
    anna.expect("Ben joined")

    play_both(anna, ben, until="Settlement: ")
    summaries = []
    for terminal in (anna, ben):
        # Each is asked to continue with the settlement on the screen.
        assert terminal.next_prompt().group(1).startswith("Enter")
        summaries.append(terminal.text().split("Settlement: ")[1].split("\n")[0])
    assert summaries[0] == summaries[1]

    # Both continue, in either order, and both are dealt the second deal.
    play_both(anna, ben, until="| deal 2 of 8")
    for terminal in (anna, ben):
        assert "Refused" not in terminal.text()
        assert TRACEBACK not in terminal.text()
    assert "Ben: " in anna.text() and "Anna: " in ben.text()  # each sees the other's moves
