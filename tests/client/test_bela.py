"""Bela from the terminal client, as a newcomer plays it: a whole Partie to 501 against
the computer, with four players and with two.

The keys are the game's own: a suit's letter makes it trump, n says dalje (refused with
the reason when the dealer must choose), and under "Zvanja selbst" m declares one's melds
and b says Bela, each offered beside the cards only when the rules allow it.
"""

from __future__ import annotations

import re

from client.game import refusal, shortcut
from speedgamez.v1 import actions_pb2, bela_pb2, table_pb2
from tests.client.conftest import Stack, Start
from tests.client.pty_client import PROMPT, TIMEOUT, TRACEBACK, Terminal

END = re.compile(PROMPT.pattern + r"|^The match is over\. Totals: .*$", re.MULTILINE)
CALLS = re.compile(r"^Calls: (.*)$", re.MULTILINE)
OFFERS = re.compile(r"^Or: (.*)$", re.MULTILINE)


def _play_partie(client: Terminal) -> tuple[str, set[str]]:
    """Answer every prompt until the Partie ends: dalje when allowed, else hearts; Melden
    and Bela whenever offered; else the first playable card. The final line and the keys
    typed."""
    typed: set[str] = set()
    while True:
        found = client.expect(END, timeout=3 * TIMEOUT)
        if found.group(1) is None:
            return found.group(0), typed
        before = client.text()[: found.start()]
        tail = before[before.rfind("\n===") :]
        if found.group(1).startswith("Your call"):
            calls = CALLS.findall(tail)[-1]
            answer = "n" if "n) Dalje ×" not in calls and "n) Dalje" in calls else "h"
            client.unanswered = None
            client.line(answer)
            typed.add(answer)
            continue
        offers = OFFERS.findall(tail)
        allowed = [
            key
            for key, label in (("m", "m) Melden"), ("b", "b) Bela"))
            if offers and f"{label} ×" not in offers[-1] and label in offers[-1]
        ]
        if found.group(1).startswith("Your card") and allowed:
            client.unanswered = None
            client.line(allowed[0])
            typed.add(allowed[0])
            continue
        typed.add(client.answer(found))


def test_bela_a_newcomer_plays_a_four_player_partie_to_501_against_the_computer(
    stack: Stack, start_client: Start
) -> None:
    anna = start_client(
        "--server",
        stack.address,
        "--name",
        "Anna",
        "--game",
        "bela",
        "--seats",
        "4",
        "--option",
        "target=501",
    )
    anna.expect(r"^Anna, you sit at table tables/\S+: Speedbela\.")
    last, typed = _play_partie(anna)
    assert re.fullmatch(
        r"The match is over\. Totals: Anna \+\d+ points, Computer 1 \(easy\) \+\d+ points, "
        r"Computer 2 \(easy\) \+\d+ points, Computer 3 \(easy\) \+\d+ points\.",
        last,
    ), last
    totals = [int(number) for number in re.findall(r" \+(\d+) points(?=,|\.$)", last)]
    # Partners share their pair's total, and one pair reached the target.
    assert totals[0] == totals[2] and totals[1] == totals[3] and max(totals) >= 501, totals
    assert anna.wait_exit() == 0
    screen = anna.text()
    assert TRACEBACK not in screen
    # Anna is asked to call in most parties; a partie the computers win in two or three
    # deals, each choosing trump before her turn, may never ask her.
    suits = r"n\) Dalje(?: ×)?  c\) ♣ Eichel  s\) ♠ Laub  h\) ♥ Herz  d\) ♦ Schellen"
    calls = CALLS.findall(screen)
    assert any(re.fullmatch(suits, line) for line in calls) or "Your call > " not in screen, calls
    assert re.search(r"\| deal \d+, to 501 points · . \w+ by ", screen), screen[-3000:]
    assert "Settlement: " in screen and "" in typed and "Badges:" not in screen


def test_bela_a_newcomer_plays_a_two_player_partie_declaring_himself(
    stack: Stack, start_client: Start
) -> None:
    anna = start_client(
        "--server",
        stack.address,
        "--name",
        "Anna",
        "--game",
        "bela",
        "--seats",
        "2",
        "--option",
        "target=501",
        "--option",
        "zvanja_selbst=true",
        "--option",
        "cards=franzoesisch",
    )
    anna.expect(r"^Anna, you sit at table tables/\S+: Speedbela\.")
    last, _ = _play_partie(anna)
    assert re.fullmatch(
        r"The match is over\. Totals: Anna \+\d+ points, Computer 1 \(easy\) \+\d+ points\.", last
    ), last
    assert anna.wait_exit() == 0
    screen = anna.text()
    assert TRACEBACK not in screen
    # Twelve cards after the talon: the prompt numbers them all.
    assert "Your card (1-12, l: last trick) > " in screen, screen[-3000:]
    assert re.search(r"^Or: m\) Melden(?: ×)?  b\) Bela(?: ×)?$", screen, re.MULTILINE), screen[-3000:]
    assert "h) ♥ Herz" in screen and "d) ♦ Karo" in screen


def test_bela_keys_a_greyed_bela_leaves_b_to_the_balance_other_greyed_keys_say_why() -> None:
    bela = actions_pb2.Action(
        bela=bela_pb2.BelaAction(declare=bela_pb2.BelaDeclare(kind=bela_pb2.BELA_DECLARE_KIND_BELA))
    )
    dalje = actions_pb2.Action(pass_turn=actions_pb2.PassAction())
    view = table_pb2.TableView(phase=table_pb2.TABLE_PHASE_PLAYING)
    view.choices.add(
        action=bela, label="Bela", allowed=False, reason="Bela needs the King and the Queen", shortcut="b"
    )
    view.choices.add(action=dalje, label="Dalje", allowed=False, reason="the trump is chosen", shortcut="n")
    assert shortcut("b", view) is None
    assert shortcut("n", view) == dalje and refusal(dalje, view) == "the trump is chosen"
    view.choices[0].allowed = True
    assert shortcut("b", view) == bela
