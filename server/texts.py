"""Texts as one viewer reads them: seats by their players' names, cards in the chosen pack.

The engine writes its texts (labels, reasons, settlement lines) without knowing who sits
where or which pack a viewer likes: it names a seat ``seat 2`` (``Seat 2`` beginning a
sentence), a card in its symbol form (``♣Q``, ``♥10``) and a suit by its English word
(``clubs``). ``Texts`` renders
such a text for one viewer in a single pass, so that a player's name, which may contain
anything printable, is never rendered again. Texts the server writes itself (a seat
changing hands) already carry names and are not rendered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from speedgamez.v1 import cards_pb2

_BAVARIAN_SUITS = {"♣": "Eichel", "♠": "Gras", "♥": "Herz", "♦": "Schellen"}
_BAVARIAN_RANKS = {"A": "Sau", "K": "König", "Q": "Ober", "J": "Unter"}
_BAVARIAN_SUIT_WORDS = {"clubs": "Eichel", "spades": "Gras", "hearts": "Herz", "diamonds": "Schellen"}
_REFERENCE = re.compile(r"\b[Ss]eat (\d+)\b|([♣♠♥♦])(10|[2-9JQKA])?|\b(clubs|spades|hearts|diamonds)\b")


class Texts:
    """Renders engine texts for a viewer: ``names`` by seat, ``card_names`` a CardNames value."""

    def __init__(self, names: Sequence[str], card_names: int = cards_pb2.CARD_NAMES_UNSPECIFIED) -> None:
        self.names = tuple(names)
        self.bavarian = card_names == cards_pb2.CARD_NAMES_BAVARIAN

    def __call__(self, text: str) -> str:
        if not text:
            return text
        return _REFERENCE.sub(self._replace, text)

    def _replace(self, found: re.Match[str]) -> str:
        seat, suit, rank, suit_word = found.groups()
        if seat is not None:
            number = int(seat)
            return self.names[number] if 0 <= number < len(self.names) else found.group(0)
        if not self.bavarian:
            return found.group(0)
        if suit_word is not None:
            return _BAVARIAN_SUIT_WORDS[suit_word]
        name = _BAVARIAN_SUITS[suit]
        return f"{name} {_BAVARIAN_RANKS.get(rank, rank)}" if rank else name
