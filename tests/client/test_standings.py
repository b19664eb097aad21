"""The leaderboards and the player's statistics in the terminal (seed 000 "Partie und
Bestenliste", "Ratsstube"; "Bedienung": "B zeigt die Bilanz"): ``--leaderboard``,
``--statistics`` and the key ``b`` at any prompt."""

from __future__ import annotations

from pathlib import Path

from speedgamez.v1 import table_service_pb2 as service_pb2
from tests.client.conftest import Stack, Start, own_stack
from tests.client.pty_client import TRACEBACK
from tests.support.client import EASY, HUMAN, Player
from tools.processes import server_process, worker_process


def test_leaderboard_and_statistics_commands_show_ranks_and_counters(
    tmp_path: Path, start_client: Start
) -> None:
    # A Redis of its own: the boards hold exactly what this test put there.
    with own_stack(tmp_path / "redis", lambda store: (server_process(store), worker_process(store))) as stack:
        ben, cleo = Player(stack.address, "Ben"), Player(stack.address, "Cleo")
        try:
            table = ben.create([HUMAN, HUMAN, EASY, EASY]).name
            cleo.join(table)
            cleo.stub.LeaveTable(service_pb2.LeaveTableRequest(table=table), metadata=cleo.metadata)
        finally:
            ben.close()
            cleo.close()

        today = start_client("--server", stack.address, "--name", "Anna", "--leaderboard", "day")
        today.expect(r"^Counted: the plus points of the deals you won.*costs 10 points\.$")
        today.expect(r"^Baśka and Kop: leaderboard today \(\d{4}-\d\d-\d\d, UTC\), 1 player$")
        today.expect(r"^    1\. Cleo +-10$")
        today.expect(r"^  You have no points here yet\.$")
        assert today.wait_exit() == 0

        every = start_client("--server", stack.address, "--name", "Anna", "--leaderboard")
        for title in (
            r"all time, 1 player",
            r"this month \(\d{4}-\d\d, UTC\)",
            r"this week \(\d{4}-W\d\d, UTC\)",
        ):
            every.expect(rf"^Baśka and Kop: leaderboard {title}")
        every.expect(r"^Baśka and Kop: leaderboard today")
        every.expect(
            r"^Counted: today's daily deal: your points over its deals minus what the strong computer"
        )
        every.expect(
            r"^Baśka and Kop: leaderboard of today's daily deal \(\d{4}-\d\d-\d\d, UTC\), 0 players$"
        )
        assert every.wait_exit() == 0

        statistics = start_client("--server", stack.address, "--name", "Anna", "--statistics")
        statistics.expect(r"^Your balance: 1000 chips\.$")
        statistics.expect(r"^Your statistics: no deal played yet\.$")
        assert statistics.wait_exit() == 0
        assert TRACEBACK not in today.text() + every.text() + statistics.text()


def test_b_shows_the_statistics_at_the_table(stack: Stack, start_client: Start) -> None:
    anna = start_client("--server", stack.address, "--name", "Anna")
    anna.play_until(r"^Settlement", timeout=120)
    anna.unanswered = None
    # A deal ended by a computer's card is counted by its worker, maybe a moment after
    # the settlement is drawn: ask again until it is.
    while True:
        anna.line("b")
        shown = anna.expect(r"^  Your statistics(: no deal played yet\.| in .*)$")
        if shown.group(1) != ": no deal played yet.":
            break
    assert shown.group(1).startswith(
        " in Baśka and Kop: "
    ) and "leaderboard points of all time" in shown.group(1)
    anna.expect(r"^    deals played: 1$")
    anna.expect(r"^    deals won: [01]$")
    assert TRACEBACK not in anna.text()


def test_game_chooses_the_game_of_the_leaderboard_and_of_the_statistics(
    stack: Stack, start_client: Start
) -> None:
    board = start_client(
        "--server", stack.address, "--name", "Emil", "--leaderboard", "day", "--game", "bela"
    )
    board.expect(r"^Counted: a tenth of your points after each deal.*\.$")
    board.expect(r"^Bela: leaderboard today \(\d{4}-\d\d-\d\d, UTC\), \d+ players?$")
    assert board.wait_exit() == 0
    statistics = start_client("--server", stack.address, "--name", "Emil", "--statistics", "--game", "bela")
    statistics.expect(r"^Your balance: 1000 chips\.$")
    statistics.expect(r"^Your statistics in Bela: no deal played yet\.$")
    assert statistics.wait_exit() == 0
    unknown = start_client("--server", stack.address, "--name", "Emil", "--statistics", "--game", "skat")
    unknown.expect(r"^The server offers no game skat; it offers: baska_kop, .*\.$")
    assert unknown.wait_exit() == 1
    assert TRACEBACK not in board.text() + statistics.text() + unknown.text()
