"""Names on the screen: players by name, cards in the pack asked for, the table's settings.

With --german every card on the screen is Bavarian (Eichel, Gras, Herz, Schellen; Ober,
Unter, Sau), the ones the client draws and the ones in the server's texts alike, and no
suit symbol appears. Settlements name players, never "seat 0". The Liga setting is in the
header, and the badges are explained once.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.client.conftest import Stack, Start
from tests.client.pty_client import TRACEBACK, Terminal

GERMAN_CARD = r"(?:Eichel|Gras|Herz|Schellen) (?:Sau|König|Ober|Unter|10|[2-9])"
SYMBOLS = re.compile(r"[♣♠♥♦]")
MATCHES = 4
LEGEND = "Badges: G Geber (deals)  A Alter (the Old: a black queen, or Wesele)  J Junger (the Young)  "


def reasons(terminal: Terminal) -> list[str]:
    return re.findall(r"^  \d\) .+?  × (.+)$", terminal.text(), re.MULTILINE)


def test_a_german_liga_game_names_everything_in_german(
    stack: Stack, start_client: Start, tmp_path: Path
) -> None:
    # Play until a card cannot be played for a reason that names a card ("you must beat ..."),
    # and a deal is settled. One match nearly always brings both; a match that does not is
    # followed by another, at a new table.
    for _ in range(MATCHES):
        # The example of docs/playing.md as written; the token goes to the default place under HOME.
        anna = start_client("--server", stack.address, "--name", "Anna", "--liga", "--german")
        anna.expect(r"^=== Kop · Liga-Werte · 8 deals \| deal 1 of 8 · ")
        if anna.play_until_or_match_end(
            rf"(?s)  × [^\n]*\b{GERMAN_CARD}\b.*Settlement: |Settlement: .*  × [^\n]*\b{GERMAN_CARD}\b"
        ):
            break
    else:
        raise AssertionError(f"{MATCHES} matches without a refused card whose reason names a card")
    screen = anna.text()

    hand = re.findall(r"^  \d\) (.+?)(?:  × .*)?$", screen, re.MULTILINE)
    assert hand and all(re.fullmatch(GERMAN_CARD, card) for card in hand), hand
    ladder = re.findall(r"^Trumps, high to low \(\* yours, x played\): (.+)$", screen, re.MULTILINE)
    rungs = [re.sub(r"^\*?x?", "", rung) for rung in ladder[-1].split(", ")]
    assert len(rungs) == 14 and all(re.fullmatch(GERMAN_CARD, rung) for rung in rungs), rungs
    assert "Herz Sau" in rungs and "Eichel Ober" in rungs and "Schellen Unter" in rungs
    assert reasons(anna) and any(re.search(GERMAN_CARD, reason) for reason in reasons(anna))
    tricks = re.findall(r"Trick: (.+?)(?:  → .*)?$", screen, re.MULTILINE)
    played = [card.split(": ")[1] for trick in tricks for card in trick.split(", ")]
    assert played and all(re.fullmatch(GERMAN_CARD, card) for card in played), played
    assert not SYMBOLS.search(screen), SYMBOLS.findall(screen)

    # The settlement names the players; no line anywhere names a player by seat number.
    settlement = screen[screen.index("Settlement: ") :]
    assert re.search(rf"^    Anna had {GERMAN_CARD}, ", settlement, re.MULTILINE)
    assert re.search(r"^    Computer 1 \(easy\) had ", settlement, re.MULTILINE)
    assert not re.search(r"\bseat \d", screen)

    # Explained once, whatever the number of drawings.
    assert screen.count("=== Kop · Liga-Werte · 8 deals") > 3
    assert screen.count(LEGEND) == 1
    assert TRACEBACK not in screen
    assert (tmp_path / "home" / ".config" / "speedgamez" / f"{stack.address.replace(':', '_')}.json").exists()


def test_the_header_shows_the_rule_set_and_the_number_of_deals(stack: Stack, start_client: Start) -> None:
    anna = start_client("--server", stack.address, "--name", "Anna", "--rule-set", "baska", "--deals", "12")
    anna.expect(r"^Anna, you sit at table tables/\S+: Baśka · 12 deals\.$")
    anna.expect(r"^=== Baśka · 12 deals \| deal 1 of 12 · ")
    anna.next_prompt()
    assert "Liga-Werte" not in anna.text()


def test_with_language_de_the_servers_texts_read_german(stack: Stack, start_client: Start) -> None:
    """--language de asks the server for German texts: a refused card's reason and the
    settlement's lines are German (the client's own words stay English)."""
    for _ in range(MATCHES):
        anna = start_client("--server", stack.address, "--name", "Anna", "--language", "de")
        if anna.play_until_or_match_end(r"(?s)  × Du .*Settlement: "):
            break
    else:
        raise AssertionError(f"{MATCHES} matches without a refused card and a settlement")
    refusals = reasons(anna)
    assert refusals and all(reason.startswith("Du ") for reason in refusals), refusals
    # The settlement's summary is the server's; the lines under it are the client's own.
    summary = anna.text()[anna.text().rindex("Settlement: ") :].splitlines()[0]
    assert not re.search(r"\d+ points?\b", summary) and re.search(r"\d+ Punkte?\b", summary), summary
