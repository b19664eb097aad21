"""Bela's own parts of what the rules report: its view, its settlement, its rules, its
action and its events. The contract's block for Bela is to name the same fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.actions import GameAction
from engine.bela.deal import DeclareKind
from engine.cards import Card, Suit
from engine.errors import InvalidActionError


@dataclass(frozen=True, slots=True)
class Declare(GameAction):
    """Declare one's melds ("Melden") or Bela, under the rule "Zvanja selbst":
    ``declare zvanja`` or ``declare bela``."""

    kind: DeclareKind
    word: ClassVar[str] = "declare"

    def __str__(self) -> str:
        return f"declare {self.kind.value}"

    @classmethod
    def parse(cls, words: Sequence[str]) -> Declare:
        kinds = [kind.value for kind in DeclareKind]
        if len(words) != 1 or words[0] not in kinds:
            raise InvalidActionError(f"'declare' takes one of {', '.join(kinds)}, not {' '.join(words)!r}")
        return cls(DeclareKind(words[0]))


@dataclass(frozen=True, slots=True)
class BelaDeclaration:
    """A seat's declared melds as the table heard them: each meld's words and value, the
    verdict ("leads"; "counts", a partner's at four; "beaten") and why (the step of the comparison that
    decided, e.g. "längere Folge")."""

    seat: int
    melds: tuple[str, ...]
    value: int
    verdict: str
    reason: str


@dataclass(frozen=True, slots=True)
class BelaView:
    """The deal as the viewer may see it beyond the generic view: the trump (its letter,
    empty while it is being chosen), who chose it, the cards still in each talon and in
    the Kup (counts only), the declarations, who said Bela (-1: nobody) and the target."""

    trump: str
    caller: int
    talon_sizes: tuple[int, ...]
    kup_size: int
    declarations: tuple[BelaDeclaration, ...]
    bela_seat: int
    target: int


@dataclass(frozen=True, slots=True)
class BelaSettlement:
    """A settled deal: the trump, the caller, whether he passed (prolaz), what each seat's
    party made, the Kup's cards (shown at the settlement) and the seat whose Belot won
    the Partie (-1 if none)."""

    trump: str
    caller: int
    passed: bool
    made: tuple[int, ...]
    kup: tuple[Card, ...]
    belot_seat: int


@dataclass(frozen=True, slots=True)
class BelaRules:
    """The rule set as a client shows it: the target and the rules chosen."""

    target: int
    talon: str
    dealer_must_choose: bool
    declare_yourself: bool
    belot: str
    counter_clockwise: bool


@dataclass(frozen=True, slots=True)
class TalonTaken:
    """``seat`` took up its talon (seen by that seat only)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Declared:
    """``seat`` declared its melds (in words, with their value)."""

    seat: int
    melds: tuple[str, ...]
    value: int


@dataclass(frozen=True, slots=True)
class MeldsShown:
    """After the first trick the party with the strongest declaration shows its cards."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BelaSaid:
    """``seat`` said Bela (King and Queen of ``trump``)."""

    seat: int
    trump: Suit


@dataclass(frozen=True, slots=True)
class Belot:
    """``seat`` holds all eight cards of ``suit``: under its rule the Partie is won."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class BelaDeclaredMelds:
    """One seat's declared melds as cards: the cards their words name, which the whole
    table heard, and their value."""

    seat: int
    cards: tuple[Card, ...]
    value: int


@dataclass(frozen=True, slots=True)
class BelaRevealed:
    """What the table has heard beyond the cards played and shown, as a computer player
    reads it: the declarations in the order made, who said Bela (-1: nobody) and the
    seats that have played their first card (their melds are declared or forfeited)."""

    declared: tuple[BelaDeclaredMelds, ...]
    bela_seat: int
    started_seats: tuple[int, ...]
