"""Schafkopf's fixed numbers (seed 003 and SPEC §2): the packs, card points, the games
with their rank in the bidding, the deal's shape, the tariffs and the table options.

Cards use the engine's French names; the Bavarian names are display aliases:
Eichel = clubs, Gras = spades, Herz = hearts, Schellen = diamonds, Sau = ace, Zehn =
ten, König = king, Ober = queen, Unter = jack.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from engine.cards import Card, Rank, Suit

SUITS = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
# Highest first. Among the Ober and among the Unter: Eichel, Gras, Herz, Schellen.
LONG_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
SHORT_RANKS = LONG_RANKS[:-2]
# Bettel has no trump and ranks the Zehn below the Unter, as in its natural order.
BETTEL_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
CARD_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_POINTS_BY_RANK = {rank: CARD_POINTS.get(rank, 0) for rank in Rank}
TOTAL_POINTS = 120
# The declaring side needs 61 (60:60 is lost). Schneider: winning declarers with 91 or
# more, losing declarers with 30 or fewer (the defenders needed 90 to win Schneider).
WINNING_POINTS = 61
SCHNEIDER_WON = 91
SCHNEIDER_LOST = 30

SUIT_NAMES = {Suit.CLUBS: "Eichel", Suit.SPADES: "Gras", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Schellen"}
RANK_NAMES = {
    Rank.ACE: "Sau",
    Rank.TEN: "Zehn",
    Rank.KING: "König",
    Rank.QUEEN: "Ober",
    Rank.JACK: "Unter",
    Rank.NINE: "Neun",
    Rank.EIGHT: "Acht",
    Rank.SEVEN: "Sieben",
}
# The suits a Rufspiel can call: never Herz, whose cards are trump.
CALLABLE_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)
EICHEL_OBER = Card(Suit.CLUBS, Rank.QUEEN)


def card_name(card: Card) -> str:
    """The Bavarian name of ``card``, e.g. "Gras-Sau", "Eichel-Ober"."""
    return f"{SUIT_NAMES[card.suit]}-{RANK_NAMES[card.rank]}"


def points(cards: list[Card] | tuple[Card, ...]) -> int:
    return sum([_POINTS_BY_RANK[card.rank] for card in cards])


class Pack(StrEnum):
    """The long pack (32 cards, 7 to Sau) or the short one ("kurzer", 24, 9 to Sau)."""

    LONG = "long"
    SHORT = "short"


@cache
def pack_cards(pack: Pack) -> tuple[Card, ...]:
    ranks = LONG_RANKS if pack is Pack.LONG else SHORT_RANKS
    return tuple(Card(suit, rank) for suit in SUITS for rank in ranks)


class Kind(StrEnum):
    """The games, by the code ``announce <code> [<suit>]`` uses. Ramsch is never announced:
    it is what is played when everyone passes (under its option)."""

    HOCHZEIT = "hochzeit"
    RUFSPIEL = "rufspiel"
    BETTEL = "bettel"
    GEIER = "geier"
    FARBGEIER = "farbgeier"
    WENZ = "wenz"
    FARBWENZ = "farbwenz"
    SOLO = "solo"
    GEIER_TOUT = "geier_tout"
    FARBGEIER_TOUT = "farbgeier_tout"
    WENZ_TOUT = "wenz_tout"
    FARBWENZ_TOUT = "farbwenz_tout"
    SOLO_TOUT = "solo_tout"
    SIE = "sie"
    RAMSCH = "ramsch"


# The seed's order: Sie > Tout > Solo > Wenz > Geier > Rufspiel > Hochzeit. A game is
# outbid only by one of a higher rank; at the same rank the earlier seat keeps it. The
# options beyond the seed rank with their plain game (Farbwenz with Wenz, Farbgeier with
# Geier); Bettel between the Rufspiel and the Geier; among the Touts as among their games.
RANK_IN_BIDDING = {
    Kind.HOCHZEIT: 1,
    Kind.RUFSPIEL: 2,
    Kind.BETTEL: 3,
    Kind.GEIER: 4,
    Kind.FARBGEIER: 4,
    Kind.WENZ: 5,
    Kind.FARBWENZ: 5,
    Kind.SOLO: 6,
    Kind.GEIER_TOUT: 7,
    Kind.FARBGEIER_TOUT: 7,
    Kind.WENZ_TOUT: 8,
    Kind.FARBWENZ_TOUT: 8,
    Kind.SOLO_TOUT: 9,
    Kind.SIE: 10,
}
PARTNER_GAMES = frozenset({Kind.RUFSPIEL, Kind.HOCHZEIT})
TOUTS = {
    Kind.GEIER_TOUT: Kind.GEIER,
    Kind.FARBGEIER_TOUT: Kind.FARBGEIER,
    Kind.WENZ_TOUT: Kind.WENZ,
    Kind.FARBWENZ_TOUT: Kind.FARBWENZ,
    Kind.SOLO_TOUT: Kind.SOLO,
}
# Games that name a suit: the called suit of a Rufspiel, else the trump suit.
WITH_SUIT = frozenset(
    {Kind.RUFSPIEL, Kind.SOLO, Kind.SOLO_TOUT, Kind.FARBWENZ, Kind.FARBWENZ_TOUT}
    | {Kind.FARBGEIER, Kind.FARBGEIER_TOUT}
)
# Laufende count from ``laufende_from_wenz_geier`` in these, from ``laufende_from`` in the rest.
WENZ_GEIER = frozenset({Kind.WENZ, Kind.WENZ_TOUT, Kind.GEIER, Kind.GEIER_TOUT})
TOUT_FACTOR = 2
SIE_FACTOR = 4
# Sie holds the eight highest trumps: eight Laufende.
SIE_LAUFENDE = 8

SEAT_COUNTS = (2, 3, 4)
# Cards each seat gets in the first half of the deal (after which it may Aufstellen) and
# in all, by seat count and pack. Two players get 6 face down and 6 face up each.
FIRST_HALF = {(4, Pack.LONG): 4, (4, Pack.SHORT): 3, (3, Pack.SHORT): 4, (2, Pack.SHORT): 6}
HAND_SIZE = {(4, Pack.LONG): 8, (4, Pack.SHORT): 6, (3, Pack.SHORT): 8, (2, Pack.SHORT): 12}
# Davonlaufen: the holder of the called Sau may lead another card of its suit holding
# this many of the suit (SPEC §2: four in the long pack, three in the short one).
RUN_AWAY = {Pack.LONG: 4, Pack.SHORT: 3}


class AllPass(StrEnum):
    """What happens when nobody announces a game (seed, "Wenn alle passen")."""

    REDEAL = "zusammenwerfen"  # thrown in: the next dealer deals
    STOCK = "stock"  # thrown in, and everyone pays the stake into the Stock
    RAMSCH = "ramsch"  # Ramsch is played
    MUSS = "muss"  # the holder of the Eichel-Ober must announce a game


class RamschTie(StrEnum):
    """Who loses a Ramsch when several seats have the most points."""

    MOST_TRICKS = "most_tricks"  # seed: most tricks, then most trumps in them, then the highest
    HIGHEST_TRUMP = "highest_trump"  # the tied seat that played the highest trump


class StockOnLoss(StrEnum):
    """What a lost partner game does to the Stock."""

    UNCHANGED = "unchanged"  # seed: nothing, the Stock waits for the next won partner game
    PAY_IN = "pay_in"  # the losing pair pays the Stock's size in (it doubles)


class Jungfrau(StrEnum):
    """What a seat that took no trick in a Ramsch ("Jungfrau") receives."""

    NONE = "none"  # as everyone else
    HIGHER_TARIFF = "higher_tariff"  # seed: the solo tariff instead of the Ramsch tariff
    DOUBLE_ALL = "double_all"  # every amount doubles once per Jungfrau
    ONCE = "once"  # each Jungfrau receives twice the Ramsch tariff
    MULTIPLE = "multiple"  # each Jungfrau receives it doubled once per Jungfrau


class Durchmarsch(StrEnum):
    """Whether one seat can win a Ramsch outright, and how."""

    OFF = "off"
    TRICKS = "tricks"  # by taking every trick
    POINTS = "points"  # by taking at least ``durchmarsch_points`` card points


@dataclass(frozen=True, slots=True)
class Tariff:
    """Amounts in cents (SPEC §2): the base of partner games (Rufspiel, Hochzeit), of solo
    games (Solo, Wenz, Geier and their Farb- and Tout forms, Sie), of Bettel and of Ramsch;
    the surcharges for Schneider and for Schwarz (Schwarz adds both), per Laufender; and
    the stake each seat pays into the Stock when everyone passes."""

    partner: int = 10
    solo: int = 50
    schneider: int = 10
    schwarz: int = 10
    laufende: int = 10
    ramsch: int = 10
    bettel: int = 10
    stock: int = 10


@dataclass(frozen=True, slots=True)
class Options:
    """A table's Schafkopf options. Defaults are the Bavarian club rules (SPEC §2); the
    seed's wider menu and the extras real tables use are switched on per table."""

    rule_set: str = "club"
    pack: Pack = Pack.LONG
    tariff: Tariff = Tariff()
    laufende_from: int = 3
    laufende_from_wenz_geier: int = 2
    tout: bool = True
    sie: bool = True
    geier: bool = False
    hochzeit: bool = False
    farbwenz: bool = False
    farbgeier: bool = False
    bettel: bool = False
    # Bettel with Stichzwang: who follows suit must also beat the best card when able.
    bettel_stichzwang: bool = False
    aufstellen: bool = True
    kontra: bool = True
    all_pass: AllPass = AllPass.REDEAL
    ramsch_tie: RamschTie = RamschTie.MOST_TRICKS
    jungfrau: Jungfrau = Jungfrau.NONE
    durchmarsch: Durchmarsch = Durchmarsch.OFF
    durchmarsch_points: int = TOTAL_POINTS
    stock_on_loss: StockOnLoss = StockOnLoss.UNCHANGED
    # Deals in a match, thrown-in deals included: 4·n.
    deals: int = 8

    def offers(self, kind: Kind) -> bool:
        """Whether the table plays ``kind`` at all (seat counts aside)."""
        base = TOUTS.get(kind, kind)
        if kind in TOUTS and not self.tout:
            return False
        switches = {
            Kind.SIE: self.sie,
            Kind.GEIER: self.geier,
            Kind.FARBGEIER: self.farbgeier,
            Kind.FARBWENZ: self.farbwenz,
            Kind.HOCHZEIT: self.hochzeit,
            Kind.BETTEL: self.bettel,
            Kind.RAMSCH: self.all_pass is AllPass.RAMSCH,
        }
        return switches.get(base, True)
