"""Every view that reaches the player is drawn, the answers to his own moves included.

A settlement after the player's own last card, and the new hand after his own continue,
used to stay off the screen: the client asked "Enter to continue" with no settlement
shown, and asked for a bid before the new hand was drawn.
"""

from __future__ import annotations

import re

from tests.client.conftest import Stack, Start
from tests.client.pty_client import TRACEBACK, Terminal


def drawing_after(terminal: Terminal, answered_at: int, prompt: re.Match[str]) -> str:
    """What the client wrote between the answer typed at ``answered_at`` and ``prompt``.

    It must begin with a drawing (after the echo of the answer): the view the server
    returned for the move, before any line about other players.
    """
    written = terminal.text()[answered_at : prompt.start()]
    echo, _, rest = written.partition("\n")
    first = rest.lstrip("\n").split("\n", 1)[0]
    assert first.startswith("=== "), f"no drawing right after the answer {echo!r}:\n{written}"
    # The drawing ends where a line about the computers' moves or a blank line begins.
    return re.split(r"\n(?:\n|  Trick: |  Computer \d|Waiting)", rest.lstrip("\n"), maxsplit=1)[0]


def test_the_answer_to_every_own_move_is_drawn_at_once(stack: Stack, start_client: Start) -> None:
    anna = start_client("--server", stack.address, "--name", "Anna")
    prompt = anna.next_prompt()
    deal = 1
    settlements = 0
    while deal <= 3:
        before = anna.text()[: prompt.start()]
        if prompt.group(1).startswith("Enter"):
            # The settlement is on the screen before the player is asked to continue, also
            # when his own card ended the deal.
            last_drawing = before[before.rfind("=== ") :]
            assert "Settlement: " in last_drawing, last_drawing
            settlements += 1
        else:
            # The hand of the running deal is on the screen before every call and card.
            assert "Your hand:" in before[before.rfind(f"| deal {deal} of 8") :]
        cards = {str(card.number): card.name for card in anna.hand()}
        answer = anna.answer(prompt)
        answered_at = prompt.end()
        prompt = anna.next_prompt()
        drawing = drawing_after(anna, answered_at, prompt)
        if answer == "":
            deal += 1
            assert f"| deal {deal} of 8" in drawing.split("\n", 1)[0], drawing
            assert "Your hand:" in drawing
        elif answer == "p":
            assert "  bid: Anna: Pass" in drawing, drawing
        else:
            # The card is in the trick at once, also when it ends the trick or the deal.
            played = re.escape(cards[answer])
            assert re.search(rf"^(Trick|Last trick): .*Anna: {played}\b", drawing, re.MULTILINE), drawing
    assert settlements == 3
    assert TRACEBACK not in anna.text()


def test_help_shows_what_each_call_means(stack: Stack, start_client: Start) -> None:
    """Seed 000, "Bedienung": under the buttons stands what each game means; in the
    terminal, ``?`` at a call shows it."""
    anna = start_client("--server", stack.address, "--name", "Anna")
    prompt = anna.next_prompt()
    while not prompt.group(1).startswith("Your call"):
        anna.answer(prompt)
        prompt = anna.next_prompt()
    anna.unanswered = None
    anna.line("?")
    anna.expect(r"^  Zolo \(\d+ points\): you play alone against three with the usual trumps; 53 points win$")
    anna.expect(r"^  Zolo du \(\d+ points\): Zolo in which you must take all four tricks$")
    # The next double, whichever step it is (Kontra, Rej, ...).
    anna.expect(r"^  \S+: doubles the value of the game; it counts only if it comes from the other party")
    anna.answer(anna.next_prompt())
    assert TRACEBACK not in anna.text()
