"""Today's daily deal in the terminal (seed 000 "Tagesblatt"): after each deal the
strong computer's result from the player's seat, at the end the difference, and one
attempt a day."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.client.conftest import Stack, Start
from tests.client.pty_client import PROMPT, TRACEBACK
from tests.support.daily import store_daily_before_its_last_move
from tools.processes import RedisServer, free_port, running, server_address, server_process, worker_process


def test_daily_shows_the_strong_computers_result_after_each_deal_and_the_difference_at_the_end(
    stack: Stack, start_client: Start
) -> None:
    anna = start_client("--server", stack.address, "--name", "Dora", "--daily")
    anna.expect(
        r"^Dora, today's daily deal \(\d{4}-\d\d-\d\d\) is table tables/\S+: the same deals for everyone"
    )
    anna.play_until(
        r"^  deal 1: you [+-]\d+ points?, the computer [+-]\d+ points? \([+-]\d+ points?\)$", timeout=300
    )
    anna.answer(anna.next_prompt())
    # The match ends without a prompt after the last deal: answer prompts until the end.
    final = (
        r"^Daily deal of \d{4}-\d\d-\d\d: you made [+-]\d+ points?, the strong computer [+-]\d+ points? from "
        r"your seat: \d+ points? (better than|worse than|as good as) it\.$"
    )
    either = re.compile(rf"{final}|{PROMPT.pattern}", re.MULTILINE)
    while True:
        found = anna.expect(either, timeout=300)
        prompt = PROMPT.search(found.group(0))
        if prompt is None:
            break
        anna.answer(prompt)
    assert anna.wait_exit() == 0
    again = start_client("--server", stack.address, "--name", "Dora", "--daily")
    again.expect(
        r"^Cannot start the daily deal: you have had your attempt at today's .* one attempt a day\.$"
    )
    assert again.wait_exit() == 1
    assert TRACEBACK not in anna.text() + again.text()


def test_daily_of_another_game_is_that_games_daily_deal(stack: Stack, start_client: Start) -> None:
    fritz = start_client("--server", stack.address, "--name", "Fritz", "--daily", "--game", "bela")
    fritz.expect(r"^Fritz, today's daily deal \(\d{4}-\d\d-\d\d\) is table tables/\S+: the same deals")
    fritz.expect(r"^=== Speedbela \| deal 1, to 1001 points")
    fritz.next_prompt()
    fritz.interrupt()
    assert fritz.wait_exit() == 130, fritz.text()
    assert TRACEBACK not in fritz.text()


def test_daily_waits_for_the_last_comparison_and_shows_it_within_the_servers_rate_limit(
    tmp_path: Path, start_client: Start
) -> None:
    """After the last deal the client waits for the strong computer on one open stream,
    without asking the server again and again: under the server's own rate limit (10 a
    second, bursts of 40) it shows the comparison once a worker makes it, however late."""
    store = RedisServer(free_port(), tmp_path / "redis")
    store.start()
    server = server_process(store, rate_per_s="10", rate_burst="40")
    try:
        with running(server):
            address = server_address(server)
            signed_up = start_client("--server", address, "--name", "Dora", "--statistics")
            assert signed_up.wait_exit() == 0
            (tokens,) = (tmp_path / "home" / ".config" / "speedgamez").glob("*.json")
            player_id = json.loads(tokens.read_text())["players"]["Dora"]["player_id"]
            name = store_daily_before_its_last_move(store.url, "baska_kop", player_id, "Dora")
            dora = start_client("--server", address, "--name", "Dora", "--resume", name)
            dora.answer(dora.next_prompt())
            dora.expect(r"^The strong computer plays the deal from your seat \.\.\.$")
            # No worker yet: the comparison waits for as long as the worker takes to start.
            with running(worker_process(store)):
                dora.expect(
                    r"^Daily deal of \d{4}-\d\d-\d\d: you made [+-]\d+ points?, the strong computer "
                    r"[+-]\d+ points? from your seat: \d+ points? (better than|worse than|as good as) it\.$"
                )
                assert dora.wait_exit() == 0
            assert TRACEBACK not in dora.text()
    finally:
        store.stop()
