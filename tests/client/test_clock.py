"""A timed table with a friend who falls asleep, on two terminals (seed 000 "Zug-Uhr",
seed 002 "Bedenkzeit"): both see the clock, and the computer moves for the sleeper.

A second of think time lasts 50 ms here, so a 30-second clock runs out in 1.5 s.
"""

from __future__ import annotations

import re
import shlex
import time

from tests.client.conftest import Stack, Start
from tests.client.pty_client import TIMEOUT, TRACEBACK

MOVED_FOR_BEN = "the think time ran out: the computer moved for Ben"


def test_a_friend_who_falls_asleep_is_moved_for_and_both_see_the_clock(
    clock_stack: Stack, start_client: Start
) -> None:
    anna = start_client("--server", clock_stack.address, "--name", "Anna", "--humans", "2", "--think", "30")
    anna.expect("To join, each runs")
    command = shlex.split(anna.expect(r"^  (\S.*)$").group(1))
    ben = start_client(*["Ben" if word == "NAME" else word for word in command[3:]], python=command[0])
    ben.expect("Ben, you sit at table")
    # Ben never answers; Anna plays whenever she is asked, until the clock moved for Ben.
    deadline = time.monotonic() + 6 * TIMEOUT
    while MOVED_FOR_BEN not in anna.text():
        assert time.monotonic() < deadline, anna.text()
        try:
            prompt = anna.next_prompt(timeout=0.2)
        except AssertionError:
            continue
        anna.answer(prompt)
    # Ben, asleep at his prompt, was told his clock; Anna saw his while waiting for him.
    assert re.search(r"^\d+ s on the clock; then the computer moves for you\.", ben.text(), re.MULTILINE)
    assert re.search(r"^Waiting for Ben \(\d+ s on the clock\)\.$", anna.text(), re.MULTILINE)
    assert TRACEBACK not in anna.text() + ben.text()


def test_a_player_whose_clock_ran_out_sees_the_computers_move_for_him_without_typing(
    clock_stack: Stack, start_client: Start
) -> None:
    """The client follows the table while it waits at the prompt: the computer's move for
    the sleeper is told and the table drawn again at once, with the next prompt."""
    anna = start_client("--server", clock_stack.address, "--name", "Anna", "--think", "30")
    anna.expect(r"^\d+ s on the clock; then the computer moves for you\.")
    anna.next_prompt()
    # Anna never answers. Without a key typed, the client tells what happened and asks again.
    anna.expect(r"^  Anna: .+ — the think time ran out: the computer moved for Anna$")
    anna.expect(r"^=== ")
    anna.unanswered = None
    anna.next_prompt()
    anna.interrupt()
    assert anna.wait_exit() == 130, anna.text()
    assert TRACEBACK not in anna.text()
