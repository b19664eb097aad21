"""Speculation from the terminal client, as a newcomer plays it against computer traders:
a whole match at five seats through a real server and real computer players, with her own
sale, bid and offer at prices she names; and, at a table with a friend, the market's clock
moving for her when she does not turn up her card in time.

The newcomer types what a person would: she turns up her card when asked, offers a price
for another seat's face-down card once, sells the best trump once and bids in an auction
once at a price of her own, accepts the first bid and the first offer made to her, and
otherwise declines to bid and keeps. The tables' shuffles are the server's, so what she
could do is read from the calls offered, and checked on the screen afterwards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tests.client.conftest import Stack, Start
from tests.client.pty_client import TIMEOUT, TRACEBACK, Terminal
from tests.support.client import Player

YOUR_MOVE = r"Your move \(a<n> \[chips\] \[cards\], \?: keys\) > "
END = re.compile(
    rf"^(?:({YOUR_MOVE})|(Enter to continue \(q: leave\) > )|The match is over\. Totals: .*)$", re.MULTILINE
)
ASKED = re.compile(rf"^(?:({YOUR_MOVE})|Enter to continue \(q: leave\) > )$", re.MULTILINE)
CALLS = re.compile(r"^Calls: (.*)$", re.MULTILINE)
# One call on a calls line: its key, its label, and " ×" when it cannot be taken now.
CALL = re.compile(r"(\w+)\) (.+?)( ×)?(?=  \w+\) |$)")


@dataclass
class Newcomer:
    """What she typed besides turning up, keeping, declining and continuing: each key with
    the label of the call it took."""

    typed: list[tuple[str, str]] = field(default_factory=list)

    def play(self, client: Terminal) -> str:
        """Answer every prompt until the match ends; the final line."""
        while True:
            found = client.expect(END, timeout=3 * TIMEOUT)
            if found.group(1) is None and found.group(2) is None:
                return found.group(0)
            if found.group(2) is not None:
                client.line("")
                continue
            before = client.text()[: found.start()]
            offered = CALLS.findall(before)
            calls = {key: label for key, label, greyed in CALL.findall(offered[-1]) if not greyed}
            key, label = self.choose(calls)
            client.line(key)
            if label:
                self.typed.append((key, label))

    def choose(self, calls: dict[str, str]) -> tuple[str, str]:
        """The key to type and, for a move of her own choice, the call's label."""
        done = {label.split()[0] for _, label in self.typed}
        for key, label in calls.items():
            if re.match(r"Sell your \w+ face-down card", label) and "Sell" not in done:
                return key, label
            if label.startswith("Sell ") and " to " in label and "Sell" not in done:
                return key, label  # accept the best bid
        for key, label in calls.items():
            if label.startswith("Sell ") and "Sell" not in done and "Auction" not in done:
                return key, "Auction " + label
            bid = re.fullmatch(r"Bid (\d+) for .*", label)
            if bid and "Bid" not in done:
                return f"{key} {int(bid.group(1)) + 1}", label
            offer = re.fullmatch(r"Offer .* 1 chip for its top card", label)
            if offer and "Offer" not in done:
                return f"{key} 2", label
        for key, label in calls.items():
            if label.startswith(("Turn up", "Keep", "No bid")):
                return key, ""
        raise AssertionError(f"no call to take among {calls}")


def test_speculation_a_newcomer_trades_through_a_match_of_five_seats(
    stack: Stack, start_client: Start
) -> None:
    anna = start_client(
        "--server", stack.address, "--name", "Anna", "--game", "speculation", "--seats", "5",
        "--option", "deals_each=1",
    )  # fmt: skip
    anna.expect(r"^Anna, you sit at table tables/\S+: ")
    newcomer = Newcomer()
    last = newcomer.play(anna)
    assert anna.wait_exit() == 0
    screen = anna.text()
    assert TRACEBACK not in screen
    names = ["Anna", *(f"Computer {seat} \\(easy\\)" for seat in range(1, 5))]
    totals = re.fullmatch(
        r"The match is over\. Totals: " + ", ".join(rf"{name} ([+-]\d+) \w+" for name in names) + r"\.", last
    )
    assert totals, last
    # Chips only change hands, apart from a pool the last deal left to nobody.
    assert 0 <= sum(int(total) for total in totals.groups()) <= 5 * 40, last
    assert len(re.findall(r"^Settlement: ", screen, re.MULTILINE)) == 5, screen[-3000:]
    assert re.search(r"^=== .* \| deal 1 of 5 ===$", screen, re.MULTILINE), screen[:2000]
    assert re.search(r"^  Best trump: [♣♠♥♦]\w+ \(.+\)", screen, re.MULTILINE), screen[:3000]
    # Her own trades reached the table at the prices she named.
    kinds = {label.split()[0] for _, label in newcomer.typed}
    assert "Offer" in kinds, newcomer.typed
    offered = r"^  Anna: Offers 2 chips for Computer \d \(easy\)'s top face-down card"
    assert re.search(offered, screen, re.MULTILINE), newcomer.typed
    for key, label in newcomer.typed:
        if label.startswith("Bid"):
            assert f"  Anna: Bid {key.split()[1]}" in screen, (key, label)
        if label.startswith("Auction"):
            assert re.search(r"^  Auction of [♣♠♥♦]\w+ by Anna: ", screen, re.MULTILINE), label


def test_speculation_the_market_clock_turns_up_for_a_newcomer_who_waits(
    clock_stack: Stack, start_client: Start
) -> None:
    anna = start_client(
        "--server", clock_stack.address, "--name", "Anna", "--game", "speculation", "--seats", "5",
        "--humans", "2",
    )  # fmt: skip
    table = anna.expect(r"^Anna, you sit at table (tables/\S+): ").group(1)
    # The market's pace runs at a table with people: Ben takes the other seat (and never
    # moves; the clock moves for him too).
    ben = Player(clock_stack.address, "Ben")
    try:
        ben.join(table)
    finally:
        ben.close()
    # She is asked to turn up (or to decide on a sale) and lets the 20 seconds pass. (A
    # deal a turned ace ends at once she continues.)
    while anna.expect(ASKED, timeout=3 * TIMEOUT).group(1) is None:
        anna.line("")
    assert re.search(r"^\d+ s on the clock; then the computer moves for you\.", anna.text(), re.MULTILINE)
    anna.expect(
        r"^  Anna: .* — the time to decide ran out: the computer moved for Anna$", timeout=3 * TIMEOUT
    )
    anna.line("q")
    assert anna.wait_exit() == 0
    assert TRACEBACK not in anna.text()
