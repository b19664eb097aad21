"""Typed actions and their stable text notation.

The actions of the games on offer are these frozen values; a game that needs more (melds,
offers and bids of a market) adds its own here. The notation is one line of
space-separated words and is what the action log stores:

=====================  =========================================================
``pass``               pass in a bidding or doubling round
``announce <contract>`` announce a contract by its code, e.g. ``announce zolo_du``;
                       contracts that name a suit add it: ``announce solo H``
``double``             give the next double (Kontra, Re, ...) of the running contract
``play <card>``        play a card, e.g. ``play QC``
``continue``           confirm a settlement so the next deal can start
=====================  =========================================================

Whether a contract code exists is the game's business; ``parse_action`` checks only form.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Suit
from engine.errors import InvalidActionError


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Announce:
    contract: str
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.suit is None:
            return f"announce {self.contract}"
        return f"announce {self.contract} {self.suit.letter}"


@dataclass(frozen=True, slots=True)
class Double:
    def __str__(self) -> str:
        return "double"


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Continue:
    def __str__(self) -> str:
        return "continue"


Action = Pass | Announce | Double | PlayCard | Continue
# The actions most games share; any other is a game's own and declared in its GameType.
COMMON_ACTIONS = (Pass, Double, PlayCard, Continue)

_SUITS_BY_LETTER = {suit.letter: suit for suit in Suit}


def parse_action(text: str) -> Action:
    """Parse the notation above; raise InvalidActionError for anything else."""
    words = text.split()
    if words == ["pass"]:
        return Pass()
    if words == ["double"]:
        return Double()
    if words == ["continue"]:
        return Continue()
    if len(words) == 2 and words[0] == "play":
        return PlayCard(Card.parse(words[1]))
    if len(words) in (2, 3) and words[0] == "announce" and words[1].isidentifier():
        if len(words) == 2:
            return Announce(words[1])
        if words[2] in _SUITS_BY_LETTER:
            return Announce(words[1], _SUITS_BY_LETTER[words[2]])
    raise InvalidActionError(
        f"{text!r} is not an action: expected 'pass', 'double', 'continue', "
        "'play <card>' or 'announce <contract> [<suit>]'"
    )
