"""Today's daily deal in the terminal (seed 000 "Tagesblatt"): after each deal the
strong computer's result from the player's seat, at the end the difference, and one
attempt a day."""

from __future__ import annotations

import re

from tests.client.conftest import Stack, Start
from tests.client.pty_client import PROMPT, TRACEBACK


def test_daily_shows_the_strong_computers_result_after_each_deal_and_the_difference_at_the_end(
    stack: Stack, start_client: Start
) -> None:
    anna = start_client("--server", stack.address, "--name", "Dora", "--daily")
    anna.expect(
        r"^Dora, today's daily deal \(\d{4}-\d\d-\d\d\) is table tables/\S+: the same deals for everyone"
    )
    anna.play_until(r"^  deal 1: you [+-]\d+, the computer [+-]\d+ \([+-]\d+\)$", timeout=300)
    anna.answer(anna.next_prompt())
    # The match ends without a prompt after the last deal: answer prompts until the end.
    final = (
        r"^Daily deal of \d{4}-\d\d-\d\d: you made [+-]\d+, the strong computer [+-]\d+ from your seat: "
        r"\d+ points (better than|worse than|as good as) it\.$"
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
    assert fritz.wait_exit() == 130
    assert TRACEBACK not in fritz.text()
