"""Baśka/Kop's own parts of the contract (``proto/speedgamez/v1/baska_kop.proto``).

Each value here is filled into the message of the same name by its field names, so a
field added on one side and not the other fails the contract tests. Contracts are codes
(``zolo_du``) that the contract's ``BaskaKopContract`` names in capitals.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card


class Side(StrEnum):
    """A seat's party as far as a seat can know it."""

    UNKNOWN = "unknown"
    DECLARING = "declaring"  # the Old, the Wesele pair, the soloist
    DEFENDING = "defending"  # the Young, the soloist's opponents


@dataclass(frozen=True, slots=True)
class BaskaKopView:
    """The running contract as the viewer knows it (a silent Cicha reads ``normal``)."""

    contract: str


@dataclass(frozen=True, slots=True)
class BaskaKopSettlement:
    """The contract that was played (a Cicha is revealed here)."""

    contract: str


@dataclass(frozen=True, slots=True)
class BaskaKopRules:
    """The contracts a rule set lets players announce, lowest first."""

    announcements: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BaskaKopRevealed:
    """Each seat's party as far as the observing seat can know it from its own cards and
    every card played (the Wesele partner once his jack falls)."""

    sides: tuple[Side, ...]


@dataclass(frozen=True, slots=True)
class PartnerRevealed:
    """The Wesele partner's jack fell: ``seat`` played ``card`` and is the partner."""

    seat: int
    card: Card
