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

A game's own actions subclass ``GameAction`` in the game's package and are declared in its
``GameType.actions``; each names the first word of its notation and reads the rest back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

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


class GameAction:
    """A game's own action: a frozen dataclass in the game's package that subclasses this.

    Its notation is ``word`` followed by what ``__str__`` writes after it, and ``parse``
    reads those words back (raising InvalidActionError for anything else).
    """

    __slots__ = ()
    word: ClassVar[str]

    @classmethod
    def parse(cls, words: Sequence[str]) -> GameAction:
        """The action written ``<word> <words...>``; raise InvalidActionError otherwise."""
        raise NotImplementedError


Action = Pass | Announce | Double | PlayCard | Continue | GameAction
# The actions most games share; any other is a game's own and declared in its GameType.
COMMON_ACTIONS = (Pass, Double, PlayCard, Continue)

_SUITS_BY_LETTER = {suit.letter: suit for suit in Suit}


def parse_action(text: str, own: Sequence[type[object]] = ()) -> Action:
    """Parse the notation above, and that of the game's own actions ``own`` (its
    ``GameType.actions``); raise InvalidActionError for anything else."""
    words = text.split()
    for action_type in own:
        if issubclass(action_type, GameAction) and words and words[0] == action_type.word:
            return action_type.parse(words[1:])
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
