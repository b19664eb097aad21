"""The terminal client plays a game it has no code for: Pot, registered only in the tests.

The client learns the game, its seat counts, its rule set's title and its options from
ListGames and draws every choice from the table's view; Pot's counters (the pot) and its
optional move (add a chip) reach the player without a line of the client knowing them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.client.conftest import Stack, Start, own_stack
from tests.client.pty_client import PROMPT, TIMEOUT, TRACEBACK
from tests.support import pot_game_service
from tools.processes import RedisServer, ServiceProcess


@pytest.fixture(scope="module")
def pot_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    def start(store: RedisServer) -> tuple[ServiceProcess, ServiceProcess]:
        return pot_game_service.server(store), pot_game_service.worker(store)

    with own_stack(tmp_path_factory.mktemp("redis"), start) as stack:
        yield stack


def test_the_client_plays_a_whole_match_of_a_game_it_has_no_code_for(
    pot_stack: Stack, start_client: Start
) -> None:
    anna = start_client(
        "--server",
        pot_stack.address,
        "--name",
        "Anna",
        "--game",
        "pot",
        "--seats",
        "3",
        "--option",
        "deals=3",
    )
    anna.expect(r"^Anna, you sit at table tables/\S+: Plain pot · 3 deals\.")
    prompt_or_end = re.compile(PROMPT.pattern + r"|^The match is over\. Totals: .*$", re.MULTILINE)
    added = False
    while True:
        found = anna.expect(prompt_or_end, timeout=3 * TIMEOUT)
        if found.group(1) is None:
            break
        if not added and found.group(1).startswith("Your card"):
            # The optional move is offered beside the cards, under the game's own label.
            before = anna.text()[: found.start()]
            assert before.rstrip().endswith("Or: d) Add a chip to the pot"), before[-500:]
            anna.line("d")
            added = True
            continue
        anna.answer(found)
    assert re.fullmatch(
        r"The match is over\. Totals: Anna [+-]\d+ chips?, "
        r"Computer 1 \(easy\) [+-]\d+ chips?, Computer 2 \(easy\) [+-]\d+ chips?\.",
        found.group(0),
    )
    assert anna.wait_exit() == 0
    screen = anna.text()
    assert added and re.search(r"^  Pot: \d+$", screen, re.MULTILINE), screen
    assert re.search(r"^    Added a chip to the pot: -1 chip for .*Anna", screen, re.MULTILINE), screen
    assert "Settlement: " in screen and TRACEBACK not in screen
    assert re.search(r"^=== Plain pot · 3 deals \| deal \d of 3", screen, re.MULTILINE), screen
