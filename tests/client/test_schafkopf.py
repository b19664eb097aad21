"""Schafkopf from the terminal client, as a newcomer plays it against the computer: a whole
match of four deals with four players and the long pack, and one with three players and the
short pack ("kurzer"), through a real server and real computer players.

The client has no code for Schafkopf: the calls (Aufstellen, the games, Kontra), the cards
and the settlement's lines all come from the server. The newcomer types what a person would:
he stands up once, announces the first game he may, gives Kontra when it is offered, and
otherwise passes and plays the first card allowed. The tables' shuffles are the server's, so
every settlement is read as it comes: a game with its Laufende, or the cards thrown in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tests.client.conftest import Stack, Start
from tests.client.pty_client import PROMPT, TIMEOUT, TRACEBACK, Terminal

END = re.compile(PROMPT.pattern + r"|^The match is over\. Totals: .*$", re.MULTILINE)
CALLS = re.compile(r"^(?:Calls|Or): (.*)$", re.MULTILINE)
# One call on a calls line: its key, its label, and " ×" when it cannot be taken now.
CALL = re.compile(r"(\w+)\) (.+?)( ×)?(?=  \w+\) |$)")
HEADER = re.compile(r"^=== .* \| deal (\d+) of 4(?: · (.*?))? ===$", re.MULTILINE)
SETTLEMENT = re.compile(r"^Settlement: (.*)\n((?:    .*\n)+)", re.MULTILINE)
HAD = re.compile(r"^    (.+?) had (.*): ([+-]\d+) cents?$", re.MULTILINE)
GAME = re.compile(
    r"Rufspiel auf die (?:Eichel|Gras|Schellen)-Sau|(?:Eichel|Gras|Herz|Schellen)-Solo(?: Tout)?"
    r"|Wenz(?: Tout)?|Sie"
)
THROWN_IN = "Everyone passed: thrown in."


@dataclass
class Newcomer:
    """The keys the newcomer typed besides passing, continuing and the first playable card,
    each with the label of the call it took."""

    typed: list[tuple[str, str]] = field(default_factory=list)

    def play(self, client: Terminal) -> str:
        """Answer every prompt until the match ends; the final line."""
        while True:
            found = client.expect(END, timeout=3 * TIMEOUT)
            if found.group(1) is None:
                return found.group(0)
            before = client.text()[: found.start()]
            offered = CALLS.findall(before[before.rfind("\n===") :])
            calls = (
                {key: label for key, label, greyed in CALL.findall(offered[-1]) if not greyed}
                if offered
                else {}
            )
            key = self.choose(found.group(1), calls)
            if key is None:
                client.answer(found)
                continue
            client.unanswered = None
            client.line(key)
            self.typed.append((key, calls[key]))

    def choose(self, prompt: str, calls: dict[str, str]) -> str | None:
        """A key of his own, or None to answer as the simple player does."""
        labels = {label for _, label in self.typed}
        if prompt.startswith("Your call"):
            if calls.get("d") == "Aufstellen" and "Aufstellen" not in labels:
                return "d"
            games = [key for key in calls if key.startswith("a")]
            if games and not self.announced():
                return games[0]
        if prompt.startswith("Your card") and calls.get("d") == "Kontra" and "Kontra" not in labels:
            return "d"
        return None

    def announced(self) -> str | None:
        return next((label for key, label in self.typed if key.startswith("a")), None)


def _play_match(client: Terminal, seats: int) -> tuple[str, Newcomer]:
    """Play the match to its end; the screen and what the newcomer typed, once the match
    ended with every seat's total and the client exited cleanly."""
    client.expect(r"^Anna, you sit at table tables/\S+: ")
    newcomer = Newcomer()
    last = newcomer.play(client)
    assert client.wait_exit() == 0
    screen = client.text()
    assert TRACEBACK not in screen
    computers = "".join(rf", Computer {seat} \(easy\) ([+-]\d+) cents?" for seat in range(1, seats))
    totals = re.fullmatch(rf"The match is over\. Totals: Anna ([+-]\d+) cents?{computers}\.", last)
    assert totals, last
    # Club rules throw the cards in for nothing: what one pays, the others receive.
    assert sum(int(total) for total in totals.groups()) == 0, last
    names = ["Anna", *(f"Computer {seat} (easy)" for seat in range(1, seats))]
    _check_settlements(screen, dict(zip(names, (int(total) for total in totals.groups()), strict=True)))
    # His own calls reached the table.
    assert "bid: Anna: Aufstellen (counts)" in screen, newcomer.typed
    announced = newcomer.announced()
    assert announced is not None and f"bid: Anna: {announced}" in screen, newcomer.typed
    if ("d", "Kontra") in newcomer.typed:
        assert "Kontra by Anna: ×2" in screen, newcomer.typed
    return screen, newcomer


def _check_settlements(screen: str, totals: dict[str, int]) -> None:
    """Each of the four deals has its settlement on screen, a game's or the cards thrown in,
    and each seat's amounts over them add up to its total."""
    settled: dict[int, tuple[str, str, str]] = {}
    for found in SETTLEMENT.finditer(screen):
        header = list(HEADER.finditer(screen, 0, found.start()))[-1]
        settled[int(header.group(1))] = (header.group(2) or "", found.group(1), found.group(2))
    assert sorted(settled) == [1, 2, 3, 4], screen[-3000:]
    amounts = dict.fromkeys(totals, 0)
    for number, (contract, summary, lines) in settled.items():
        where = f"deal {number}: {summary}\n{lines}"
        if summary == THROWN_IN:
            assert "    everyone passed: the cards are thrown in\n" in lines, where
        else:
            game = re.fullmatch(
                r"(?:Anna|Computer \d \(easy\)) (?:won|lost) the (.+) with \d+ points\.", summary
            )
            assert game and GAME.fullmatch(game.group(1)) and contract.startswith(game.group(1)), where
            assert re.search(r"^    (?:solo: 50|partner game: 10) cents$", lines, re.MULTILINE), where
            assert re.search(r"^    \d Laufende (?:mit|ohne): \+\d+ cents", lines, re.MULTILINE), where
        for name, _, score in HAD.findall(lines):
            amounts[name] += int(score)
    assert amounts == totals, (amounts, totals)


def test_schafkopf_a_newcomer_plays_a_match_of_four_deals_with_four_players(
    stack: Stack, start_client: Start
) -> None:
    anna = start_client(
        "--server", stack.address, "--name", "Anna", "--game", "schafkopf", "--seats", "4", "--deals", "4"
    )
    screen, _ = _play_match(anna, 4)
    assert re.search(r"^=== Bavarian club rules · 4 deals \| deal 1 of 4", screen, re.MULTILINE), screen[
        :3000
    ]
    # The long pack: eight cards each, the Sieben among them.
    assert "Your card (1-8, l: last trick) > " in screen
    hands = " ".join(cards for _, cards, _ in HAD.findall(screen))
    assert re.search(r"[♣♠♥♦]7", hands), hands


def test_schafkopf_a_newcomer_plays_kurzer_with_three_players(stack: Stack, start_client: Start) -> None:
    anna = start_client(
        "--server",
        stack.address,
        "--name",
        "Anna",
        "--game",
        "schafkopf",
        "--seats",
        "3",
        "--option",
        "pack=short",
        "--deals",
        "4",
    )
    screen, _ = _play_match(anna, 3)
    # Three players: the short pack, eight cards each, and no partner game to call.
    assert "Your card (1-8, l: last trick) > " in screen
    assert "Rufspiel" not in screen
    hands = " ".join(cards for _, cards, _ in HAD.findall(screen))
    assert not re.search(r"[♣♠♥♦][78]\b", hands), hands
