"""Texts as one viewer reads them: in the viewer's language, seats by their players' names,
cards in the chosen pack.

The engine writes its texts (labels, reasons, settlement lines) in English without
knowing who sits where or which pack a viewer likes: it names a seat ``seat 2`` (``Seat
2`` beginning a sentence), a card in its symbol form (``♣Q``, ``♥10``) and a suit by its
English word (``clubs``). ``Texts`` renders such a text for one viewer: first in German
if the viewer reads German (``server.catalogue``), then seats, cards and suit words in a
single pass, so that a player's name, which may contain anything printable, is never
rendered again. Texts the server writes itself with names in them (a seat changing
hands) change only their language (``Texts.own``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from server.catalogue import german
from speedgamez.v1 import cards_pb2, table_service_pb2

_BAVARIAN_SUITS = {"♣": "Eichel", "♠": "Gras", "♥": "Herz", "♦": "Schellen"}
_BAVARIAN_RANKS = {"A": "Sau", "K": "König", "Q": "Ober", "J": "Unter"}
_BAVARIAN_SUIT_WORDS = {"clubs": "Eichel", "spades": "Gras", "hearts": "Herz", "diamonds": "Schellen"}
# The French pack as German players name it: Kreuz, Pik, Herz, Karo; Bube and Dame.
_GERMAN_SUIT_WORDS = {"clubs": "Kreuz", "spades": "Pik", "hearts": "Herz", "diamonds": "Karo"}
_GERMAN_RANKS = {"J": "B", "Q": "D"}
# A suit's symbol before the suit's word ("♠ Laub", Bela's trump): the word alone names it.
_NAMED_SUIT = r"([♣♠♥♦]) (?=(?:Eichel|Laub|Gras|Herz|Schellen|Kreuz|Pik|Karo)\b)"
_REFERENCE = re.compile(
    rf"\b[Ss]eat (\d+)\b|{_NAMED_SUIT}|([♣♠♥♦])(10|[2-9JQKA])?|\b(clubs|spades|hearts|diamonds)\b"
)


@dataclass(frozen=True)
class Wording:
    """How one viewer reads texts: cards named as ``card_names`` (a CardNames value), in
    ``language`` (a Language value); both as the request asked."""

    card_names: int = cards_pb2.CARD_NAMES_UNSPECIFIED
    language: int = table_service_pb2.LANGUAGE_UNSPECIFIED

    @property
    def german(self) -> bool:
        return self.language == table_service_pb2.LANGUAGE_GERMAN


ENGLISH = Wording()


# Texts already rendered, by names, wording and text (``Texts.__call__``); emptied when full.
_RENDERED: dict[tuple[tuple[str, ...], bool, bool, str], str] = {}
_RENDERED_KEPT = 65_536


class Texts:
    """Renders engine texts for a viewer: ``names`` by seat, as ``wording`` asks."""

    def __init__(self, names: Sequence[str], wording: Wording = ENGLISH) -> None:
        self.names = tuple(names)
        self.bavarian = wording.card_names == cards_pb2.CARD_NAMES_BAVARIAN
        self.german = wording.german
        # Everything a rendered text depends on besides the text itself.
        self.key = (self.names, self.bavarian, self.german)

    def __call__(self, text: str) -> str:
        if not text:
            return text
        # A view reads dozens of texts, nearly all of them read before (a card's reason,
        # a choice's label): each is worked out once per table's names and wording.
        key = (*self.key, text)
        rendered = _RENDERED.get(key)
        if rendered is None:
            rendered = _REFERENCE.sub(self._replace, german(text) if self.german else text)
            if len(_RENDERED) >= _RENDERED_KEPT:
                _RENDERED.clear()
            _RENDERED[key] = rendered
        return rendered

    def own(self, text: str) -> str:
        """A text the server wrote with names in it: only its language changes."""
        return german(text) if self.german and text else text

    def _replace(self, found: re.Match[str]) -> str:
        seat, named_suit, suit, rank, suit_word = found.groups()
        if seat is not None:
            number = int(seat)
            return self.names[number] if 0 <= number < len(self.names) else found.group(0)
        if named_suit is not None:
            # In the Bavarian pack a symbol is a word itself: "Gras Laub" would name it twice.
            return "" if self.bavarian else found.group(0)
        if self.bavarian:
            if suit_word is not None:
                return _BAVARIAN_SUIT_WORDS[suit_word]
            name = _BAVARIAN_SUITS[suit]
            return f"{name} {_BAVARIAN_RANKS.get(rank, rank)}" if rank else name
        if not self.german:
            return found.group(0)
        if suit_word is not None:
            return _GERMAN_SUIT_WORDS[suit_word]
        return f"{suit}{_GERMAN_RANKS.get(rank, rank)}" if rank else suit
