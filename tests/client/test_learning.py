"""A learning game in the terminal (seed 000 "Lernspiel"): the computers' cards lie open
at their places, and before each of the player's decisions the strong computer's advice
is shown unasked; ``r`` asks for it at any solo table (seed 000 "Rat")."""

from __future__ import annotations

from tests.client.conftest import Stack, Start
from tests.client.pty_client import TRACEBACK


def test_learn_shows_open_hands_and_advice_before_each_decision(stack: Stack, start_client: Start) -> None:
    anna = start_client("--server", stack.address, "--name", "Anna", "--learn")
    for computer in (1, 2, 3):
        anna.expect(rf"^  Computer {computer} \(easy\) holds \(open, learning game\): \S+, \S+, \S+, \S+$")
    for _ in range(3):
        anna.expect(
            r"^  Advice of the strong computer \((\d+ sampled deals|every deal still possible)\): .+ — .+$"
        )
        prompt = anna.next_prompt()
        anna.answer(prompt)
    assert TRACEBACK not in anna.text()


def test_r_asks_for_advice_at_a_table_against_computers(stack: Stack, start_client: Start) -> None:
    anna = start_client("--server", stack.address, "--name", "Anna")
    anna.next_prompt()
    anna.unanswered = None
    anna.line("r")
    anna.expect(r"^  Advice of the strong computer .+ — .+$")
    anna.expect(r"^      \S.*: (wins \d+%, [+-]\d+\.\d on average|wins in \d+ of \d+ deals)$")
    assert TRACEBACK not in anna.text()


def test_learn_is_for_one_person(stack: Stack, start_client: Start) -> None:
    anna = start_client("--server", stack.address, "--name", "Anna", "--learn", "--humans", "2")
    anna.expect(r"A learning game is for one person against computers: leave out --humans\.")
    assert anna.wait_exit() == 1


def test_count_points_shows_each_partys_card_points(stack: Stack, start_client: Start) -> None:
    """Seed 000, settings: "Augen mitzählen"."""
    anna = start_client("--server", stack.address, "--name", "Anna", "--count-points")
    # At the start every party has 0 points and she knows her own party: the Old or the
    # Young, or (when a computer bid a solo or Wesele before her first turn) its other side.
    party = (
        r"(the Old|the Young|the Wesele pair|the other two|the soloist|the three against him|not known yet)"
    )
    first = anna.expect(rf"^  Card points: {party} \([^·]*\) 0( · {party} \([^·]*\) 0)+$")
    assert "Anna" in first.group(0)
    # Once the parties are known (at the latest at the settlement), each has its line part.
    anna.play_until(
        r"^  Card points: (the Old|the Wesele pair|the soloist) \(.*\) \d+ · .* \d+$", timeout=120
    )
    assert TRACEBACK not in anna.text()
