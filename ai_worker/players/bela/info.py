"""What a Bela seat knows, in Bela's terms: the table's options, the trump and its caller,
the parties, the playing order and what each seat has declared.

Everything here is read from the seat's observation (``ai_worker.seat_info``): the calls
of the trump choice, the tricks, the shown meld cards and ``BelaRevealed`` (the
declarations as cards, Bela, the seats that have started). Nothing reads a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ai_worker.seat_info import SeatInfo
from engine.actions import Announce
from engine.bela import Bela
from engine.bela.blocks import BelaRevealed
from engine.bela.constants import BelotRule, Options
from engine.bela.zvanja import Meld, find_melds
from engine.cards import Card, Rank, Suit
from engine.game import Choice

_GAME = Bela()


@dataclass(frozen=True)
class Table:
    """The deal as the seat sees it, in Bela's terms."""

    options: Options
    seats: int
    # The trump and the seat that chose it; None and -1 during the trump choice.
    trump: Suit | None
    caller: int
    # Seats from the one after the dealer, in playing order.
    order: tuple[int, ...]
    revealed: BelaRevealed

    def party(self, seat: int) -> int:
        return seat % 2 if self.seats == 4 else seat

    def partners(self, seat: int) -> frozenset[int]:
        """``seat`` and its partner (at four), else ``seat`` alone."""
        return frozenset(other for other in range(self.seats) if self.party(other) == self.party(seat))

    def position(self, seat: int) -> int:
        """The solver's number for ``seat``: the solver passes play from n to n + 1."""
        return (-seat) % self.seats if self.options.counter_clockwise else seat

    @property
    def counts_belot_100(self) -> bool:
        return self.options.belot is BelotRule.COUNTS_100

    def declared_melds(self) -> dict[int, tuple[Meld, ...]]:
        """The melds each seat declared, rebuilt from the cards their words named."""
        return {
            declared.seat: tuple(
                meld for meld in find_melds(declared.cards, self.counts_belot_100) if meld.value
            )
            for declared in self.revealed.declared
        }


def table_of(info: SeatInfo) -> Table:
    options = table_options(info)
    trump: Suit | None = None
    caller = -1
    for seat, action in info.calls:
        if isinstance(action, Announce) and action.suit is not None:
            trump, caller = action.suit, seat
    step = -1 if options.counter_clockwise else 1
    order = tuple((info.dealer + step * offset) % info.seats for offset in range(1, info.seats + 1))
    revealed = info.revealed
    assert isinstance(revealed, BelaRevealed), "a Bela observation carries BelaRevealed"
    return Table(options, info.seats, trump, caller, order, revealed)


def table_options(info: SeatInfo) -> Options:
    """The table's options as the engine reads them."""
    items = tuple(sorted((key, value) for key, value in info.options.items() if key != "rule_set"))
    return _options(info.rule_set, items)


@lru_cache(maxsize=64)
def _options(rule_set: str, items: tuple[tuple[str, str], ...]) -> Options:
    return _GAME.parse_options(rule_set, dict(items))


def allowed_choice(info: SeatInfo, word: str) -> Choice | None:
    """The allowed choice whose action has the notation ``word`` (e.g. "declare zvanja")."""
    return next((choice for choice in info.allowed if str(choice.action) == word), None)


def bela_cards(trump: Suit) -> frozenset[Card]:
    return frozenset({Card(trump, Rank.KING), Card(trump, Rank.QUEEN)})
