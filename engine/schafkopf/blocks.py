"""Schafkopf's own parts of what the rules report: its action, view, settlement, rules,
events and what a seat has been told. The contract's block for Schafkopf is to name the
same fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.actions import GameAction
from engine.cards import Card, Suit
from engine.errors import InvalidActionError
from engine.schafkopf.constants import AllPass, Kind, Pack


@dataclass(frozen=True, slots=True)
class GiveCard(GameAction):
    """Take the Hochzeit's trump, giving the Hochzeiter ``card`` face down: ``give <card>``.

    The others are told only that the seat took it: ``card`` None is that public form,
    never a valid action."""

    card: Card | None
    word: ClassVar[str] = "give"

    def __str__(self) -> str:
        return f"give {self.card}" if self.card is not None else "give"

    @classmethod
    def parse(cls, words: Sequence[str]) -> GiveCard:
        if len(words) != 1:
            raise InvalidActionError(f"'give' takes one card, e.g. 'give 7D', not {' '.join(words)!r}")
        return cls(Card.parse(words[0]))


@dataclass(frozen=True, slots=True)
class SchafkopfView:
    """The deal as the viewer may see it beyond the generic view: the game and its suit
    (None while none is announced, or it names none), its declarer and the partner as far as
    the viewer knows (-1: not known), the Hochzeit's open trump (None if none), the seats
    that stood up and gave Kontra / Re in order, the Stock, and per seat the cards lying
    face down under its face-up cards (two players; empty otherwise)."""

    game: Kind | None
    suit: Suit | None
    declarer: int
    partner: int
    hochzeit_card: Card | None
    doublings: tuple[int, ...]
    stoss: tuple[int, ...]
    stock: int
    covered: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SchafkopfSettlement:
    """A settled game: the game and its suit (None: thrown in, or no suit), declarer and
    partner (-1: none), the
    declaring side's card points, whether it won, Schneider and Schwarz, the Laufende
    (count, and whether the declaring side held them), the doubling factor, the change
    of the Stock (positive: paid in), and for a Ramsch its loser, the Durchmarsch seat
    and the Jungfrauen (-1 / empty when none)."""

    game: Kind | None
    suit: Suit | None
    declarer: int
    partner: int
    declarer_points: int
    won: bool
    schneider: bool
    schwarz: bool
    laufende: int
    laufende_with_declarers: bool
    factor: int
    stock_change: int
    ramsch_loser: int
    durchmarsch_seat: int
    jungfrauen: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SchafkopfRules:
    """The rule set as a client shows it: the pack, the tariffs in cents, where the
    Laufende count from, and the house rules chosen."""

    pack: Pack
    tariff_partner: int
    tariff_solo: int
    tariff_schneider: int
    tariff_schwarz: int
    tariff_laufende: int
    tariff_ramsch: int
    tariff_bettel: int
    tariff_stock: int
    laufende_from: int
    laufende_from_wenz_geier: int
    games: tuple[Kind, ...]
    all_pass: AllPass
    deals: int


@dataclass(frozen=True, slots=True)
class SecondHalfDealt:
    """``seat`` received the second half of its cards (seen by that seat only)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HochzeitOffered:
    """``seat`` offers a Hochzeit and lays its one trump ``card`` open."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardGiven:
    """``seat`` took the Hochzeit and gave ``to`` the card ``card`` face down (seen by the
    two of them only)."""

    seat: int
    to: int
    card: Card


@dataclass(frozen=True, slots=True)
class PartnerRevealed:
    """``seat`` is known to play with the declarer: the called Sau fell, Re came from it,
    or it took the Hochzeit."""

    seat: int
    declarer: int


@dataclass(frozen=True, slots=True)
class CardTurned:
    """With two players: ``seat`` played a face-up card and ``card`` beneath it is turned up."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class SchafkopfRevealed:
    """What a seat has been told beyond the cards played and shown, as a computer player
    reads it: its partner as far as it knows (-1: not known), the card it gave or
    received in a Hochzeit's exchange (None: none), and the Hochzeit's trump that lay
    open, which the taker holds after the exchange (None: no Hochzeit offered)."""

    partner: int
    exchanged: Card | None
    hochzeit_card: Card | None
