"""Trick play of Schafkopf (seed 003, "Die Spielarten", SPEC §2): which cards are trump
in each game and in what order, who wins a trick, and which cards a seat may play, with
the reason a card is refused.

Bedienpflicht: follow the led class (trump, or the led suit without its trumps); unable
to, play any card. There is no duty to trump or to go higher, except in a Bettel with
Stichzwang. In a Rufspiel the holder of the called Sau has the duties of SPEC §2:

* "gesucht": when the called suit is led, the Sau must be played;
* "davonlaufen": he may lead another card of the called suit only holding four of it
  (three in the short pack); leading it with the Sau is always allowed;
* he may not throw the Sau on another suit before his last card.

They end once the called suit has been led.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from engine.cards import Card, Rank, Suit, winning_index
from engine.schafkopf.constants import (
    BETTEL_RANKS,
    LONG_RANKS,
    SUIT_NAMES,
    SUITS,
    TOUTS,
    Kind,
    Pack,
    card_name,
)

_OBER = tuple(Card(suit, Rank.QUEEN) for suit in SUITS)
_UNTER = tuple(Card(suit, Rank.JACK) for suit in SUITS)


def trumps(kind: Kind, suit: Suit | None, pack: Pack) -> tuple[Card, ...]:
    """The trumps of a game, highest first, cut to ``pack``; ``suit`` is the game's suit
    (the called suit of a Rufspiel is not trump: Herz is)."""
    base = TOUTS.get(kind, kind)
    ranks = LONG_RANKS if pack is Pack.LONG else LONG_RANKS[:-2]
    if base is Kind.BETTEL:
        return ()
    if base is Kind.WENZ:
        return _UNTER
    if base is Kind.GEIER:
        return _OBER
    if base is Kind.FARBWENZ:
        assert suit is not None
        return _UNTER + tuple(Card(suit, rank) for rank in ranks if rank is not Rank.JACK)
    if base is Kind.FARBGEIER:
        assert suit is not None
        return _OBER + tuple(Card(suit, rank) for rank in ranks if rank is not Rank.QUEEN)
    trump_suit = suit if base is Kind.SOLO else Suit.HEARTS
    assert trump_suit is not None
    return (
        _OBER
        + _UNTER
        + tuple(Card(trump_suit, rank) for rank in ranks if rank not in (Rank.QUEEN, Rank.JACK))
    )


@dataclass(frozen=True, slots=True)
class CalledAce:
    """The duties of the called Sau's holder, while they hold: ``run_away`` is how many
    cards of the suit he needs to lead another one of it."""

    ace: Card
    run_away: int


@dataclass(frozen=True, slots=True)
class TrickOrder:
    """How cards compare in one game: its trumps, highest first, and the order of the
    other cards within their suits."""

    trumps: tuple[Card, ...]
    plain: tuple[Rank, ...]
    # The trumps' strength by card, for quick lookups (made from ``trumps``).
    trump_power: dict[Card, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        power = {card: 100 - index for index, card in enumerate(self.trumps)}
        object.__setattr__(self, "trump_power", power)

    @staticmethod
    @cache
    def of(kind: Kind, suit: Suit | None, pack: Pack) -> TrickOrder:
        """The order of ``kind`` (with its suit) in ``pack``; one value per game, shared."""
        game_trumps = trumps(kind, suit, pack)
        ranks: tuple[Rank, ...] = BETTEL_RANKS if kind is Kind.BETTEL else LONG_RANKS
        if pack is Pack.SHORT:
            ranks = tuple(rank for rank in ranks if rank not in (Rank.EIGHT, Rank.SEVEN))
        # Ober or Unter of every suit are trump, or those of the game's suit only.
        trump_ranks = {
            rank for rank in (Rank.QUEEN, Rank.JACK) if all(Card(suit, rank) in game_trumps for suit in SUITS)
        }
        return TrickOrder(game_trumps, tuple(rank for rank in ranks if rank not in trump_ranks))

    def is_trump(self, card: Card) -> bool:
        return card in self.trump_power

    def led_class(self, card: Card) -> Suit | None:
        """What a card asks others to follow: None for trump, else its suit."""
        return None if self.is_trump(card) else card.suit

    def power(self, card: Card) -> int:
        """Higher is stronger; a trump beats every other card."""
        trump = self.trump_power.get(card)
        if trump is not None:
            return trump
        return len(self.plain) - self.plain.index(card.rank)

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` played now takes the trick from ``best``."""
        if self.is_trump(card):
            return not self.is_trump(best) or self.power(card) > self.power(best)
        return not self.is_trump(best) and card.suit is best.suit and self.power(card) > self.power(best)

    def best_index(self, cards: Sequence[Card]) -> int:
        return winning_index(cards, self.beats)

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Trumps first, then Eichel, Gras, Herz, Schellen, each from its highest card."""
        return (
            0 if self.is_trump(card) else 1,
            0 if self.is_trump(card) else int(card.suit),
            -self.power(card),
        )

    def playable(
        self,
        hand: Sequence[Card],
        trick: Sequence[Card],
        called: CalledAce | None = None,
        stichzwang: bool = False,
    ) -> dict[Card, str]:
        """Map every card of ``hand`` to "" if it may be played now, else to the reason.

        ``called`` is given to the holder of the called Sau while his duties hold.
        """
        reasons = dict.fromkeys(hand, "")
        holder = called is not None and called.ace in hand
        if not trick:
            if holder:
                assert called is not None
                suit = [card for card in hand if self.led_class(card) is called.ace.suit]
                if len(suit) < called.run_away:
                    for card in suit:
                        if card != called.ace:
                            reasons[card] = (
                                f"you hold the called {card_name(called.ace)}: lead "
                                f"{SUIT_NAMES[called.ace.suit]} only with the Sau, or run away "
                                f"(davonlaufen) with {called.run_away} cards of it"
                            )
            return reasons
        led = self.led_class(trick[0])
        following = [card for card in hand if self.led_class(card) is led]
        what = "trump" if led is None else SUIT_NAMES[led]
        if holder and led is not None:
            assert called is not None
            if led is called.ace.suit:
                for card in hand:
                    if card != called.ace:
                        reasons[card] = (
                            f"{what} is led (gesucht): you must play the called {card_name(called.ace)}"
                        )
                return reasons
        if following:
            allowed = following
            if stichzwang:
                best = trick[self.best_index(trick)]
                higher = [card for card in following if self.beats(card, best)]
                if higher:
                    allowed = higher
            for card in hand:
                if card in allowed:
                    continue
                if card in following:
                    reasons[card] = f"Stichzwang: you must beat {card_name(trick[self.best_index(trick)])}"
                else:
                    reasons[card] = f"you must follow {what}"
            return reasons
        if holder and len(hand) > 1:
            assert called is not None
            reasons[called.ace] = (
                f"the called {card_name(called.ace)} may not be thrown on another suit before your last card"
            )
        return reasons
