"""Constants of Baśka and Kop: the pack, trump ladders, contracts, values and caps.

Everything a club would argue about is here in one table, so a reader can check it
against the rule text (the Speedbock rules) at a glance.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card, Rank, Suit, parse_cards

SEATS = 4
CARDS_PER_HAND = 4
TRICKS = 4
TOTAL_POINTS = 104
WINNING_POINTS = 53
HALF_POINTS = 52
SCHNEIDER_LIMIT = 25

PACK: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in Suit for rank in (Rank.ACE, Rank.TEN, Rank.QUEEN, Rank.JACK)
)
CARD_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.QUEEN: 3, Rank.JACK: 2}

QUEEN_OF_CLUBS = Card(Suit.CLUBS, Rank.QUEEN)
QUEEN_OF_SPADES = Card(Suit.SPADES, Rank.QUEEN)
BLACK_QUEENS = frozenset({QUEEN_OF_CLUBS, QUEEN_OF_SPADES})
ALL_QUEENS = frozenset(card for card in PACK if card.rank is Rank.QUEEN)
JACKS_HIGH_TO_LOW = parse_cards("JC JS JH JD")
KOP_CARDS = frozenset(parse_cards("AH TC TS TH"))

# Plain (non-trump) cards rank ace, ten, queen, jack within their suit.
PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.QUEEN, Rank.JACK)


class RuleSet(StrEnum):
    BASKA = "baska"
    KOP = "kop"


class Contract(StrEnum):
    """What is played. NORMAL and CICHA are never announced; the others are."""

    NORMAL = "normal"
    CICHA = "cicha"
    WESELE = "wesele"
    GRAN = "gran"
    ZOLO = "zolo"
    GRAN_DU = "gran_du"
    ZOLO_DU = "zolo_du"
    BASKA = "baska"
    KOP = "kop"


RULE_SET_TITLES = {RuleSet.KOP: "Kop", RuleSet.BASKA: "Baśka"}

# The parties of a contract as players name them: the declaring side, the other side.
PARTY_NAMES = {
    Contract.NORMAL: ("the Old", "the Young"),
    Contract.WESELE: ("the Wesele pair", "the other two"),
}
SOLO_PARTY_NAMES = ("the soloist", "the three against him")
UNPLACED_PARTY = "not known yet"

# The leaderboards (seed "Partie und Bestenliste"): the plus points of won deals, a place
# bonus at the end of the Partie, and a penalty for leaving other people early.
PLACE_BONUS = (30, 15, 5)
LEAVE_PENALTY = 10

# The personal statistics beyond deals played and won (seed "Ratsstube"), by id.
WON_CICHA = "won_cicha"
WON_ALL_TRICKS_SOLO = "won_zolo_du_gran_du"
WON_DOUBLE = "won_doubles"
STATISTIC_TITLES = {
    WON_CICHA: "won Cicha",
    WON_ALL_TRICKS_SOLO: "won Zolo du or Gran du",
    WON_DOUBLE: "won doubles (own doubles that counted in a won deal)",
}

CONTRACT_LABELS = {
    Contract.NORMAL: "Normal game",
    Contract.CICHA: "Cicha",
    Contract.WESELE: "Wesele",
    Contract.GRAN: "Gran",
    Contract.ZOLO: "Zolo",
    Contract.GRAN_DU: "Gran du",
    Contract.ZOLO_DU: "Zolo du",
    Contract.BASKA: "Baśka",
    Contract.KOP: "Kop",
}

# What each announcement means, as a player reads it under its button (seed: "Unter den
# Knöpfen steht, was jedes Spiel bedeutet").
CONTRACT_MEANINGS = {
    Contract.WESELE: (
        "you hold both black queens and play with the holder of the highest jack you do not "
        "hold, who becomes known when that jack falls; 53 points win"
    ),
    Contract.GRAN: (
        "you play alone against three; only the four jacks are trump, and in every suit ace "
        "beats ten beats queen; 53 points win"
    ),
    Contract.ZOLO: "you play alone against three with the usual trumps; 53 points win",
    Contract.GRAN_DU: "Gran in which you must take all four tricks",
    Contract.ZOLO_DU: "Zolo in which you must take all four tricks",
    Contract.BASKA: "you hold all four queens and play alone against three; 53 points win",
    Contract.KOP: "you hold ♥A ♣10 ♠10 ♥10, lay your hand down and win at once",
}

# Announcements lowest first; a new announcement must be higher than the running one.
ANNOUNCEMENTS: dict[RuleSet, tuple[Contract, ...]] = {
    RuleSet.BASKA: (
        Contract.WESELE,
        Contract.GRAN,
        Contract.ZOLO,
        Contract.GRAN_DU,
        Contract.ZOLO_DU,
        Contract.BASKA,
    ),
    RuleSet.KOP: (Contract.WESELE, Contract.ZOLO, Contract.ZOLO_DU, Contract.KOP),
}

# Contracts whose declarer plays alone against three with fixed, public parties.
SOLO_ANNOUNCEMENTS = frozenset(
    {
        Contract.GRAN,
        Contract.ZOLO,
        Contract.GRAN_DU,
        Contract.ZOLO_DU,
        Contract.BASKA,
        Contract.KOP,
    }
)
# "du": the declarer undertakes to take every trick.
ALL_TRICKS_CONTRACTS = frozenset({Contract.GRAN_DU, Contract.ZOLO_DU})
GRAN_CONTRACTS = frozenset({Contract.GRAN, Contract.GRAN_DU})
# Schneider and schwarz multiply only these (a product decision).
SCHNEIDER_CONTRACTS = frozenset({Contract.NORMAL, Contract.WESELE})

TRUMPS: dict[RuleSet, tuple[Card, ...]] = {
    RuleSet.BASKA: parse_cards("AH TH QC QS QH QD JC JS JH JD AD TD"),
    RuleSet.KOP: parse_cards("AH TC TS TH QC QS QH QD JC JS JH JD AD TD"),
}
GRAN_TRUMPS = JACKS_HIGH_TO_LOW

# The product's table of base values; a table may override any of them (option ``value_<contract>``).
BASE_VALUES: dict[RuleSet, dict[Contract, int]] = {
    RuleSet.BASKA: {
        Contract.NORMAL: 1,
        Contract.WESELE: 1,
        Contract.CICHA: 4,
        Contract.GRAN: 4,
        Contract.ZOLO: 5,
        Contract.GRAN_DU: 8,
        Contract.ZOLO_DU: 10,
        Contract.BASKA: 20,
    },
    RuleSet.KOP: {
        Contract.NORMAL: 1,
        Contract.WESELE: 1,
        Contract.CICHA: 4,
        Contract.ZOLO: 5,
        Contract.ZOLO_DU: 10,
        Contract.KOP: 20,
    },
}

DOUBLE_NAMES: dict[RuleSet, tuple[str, ...]] = {
    RuleSet.BASKA: ("Kontra", "Re", "Bock", "Hirsh"),
    RuleSet.KOP: ("Kontra", "Rej", "Bock", "Słup"),
}

# Highest number of doubles per contract. Baśka allows all four levels everywhere.
# Kop as the rules list it; "Liga-Werte" changes only the contracts the rules name for it
# (Wesele is not named there and keeps Słup). Kop cannot lose and is scored at once, so it
# is never doubled.
_ALL_LEVELS = 4
DOUBLE_CAPS: dict[tuple[RuleSet, bool], dict[Contract, int]] = {
    (RuleSet.BASKA, False): dict.fromkeys(BASE_VALUES[RuleSet.BASKA], _ALL_LEVELS),
    (RuleSet.KOP, False): {
        Contract.NORMAL: 4,
        Contract.WESELE: 4,
        Contract.CICHA: 3,
        Contract.ZOLO: 2,
        Contract.ZOLO_DU: 2,
        Contract.KOP: 0,
    },
    (RuleSet.KOP, True): {
        Contract.NORMAL: 3,
        Contract.WESELE: 4,
        Contract.CICHA: 2,
        Contract.ZOLO: 2,
        Contract.ZOLO_DU: 1,
        Contract.KOP: 0,
    },
}

MATCH_LENGTHS = (8, 12, 16, 24)


@dataclass(frozen=True, slots=True)
class Options:
    """A table's rule set and options.

    ``base_values`` holds the full value table (defaults merged with the table's
    overrides); ``deals`` is the length of the Partie.
    """

    rule_set: RuleSet
    liga_values: bool
    deals: int
    base_values: tuple[tuple[Contract, int], ...]

    def base_value(self, contract: Contract) -> int:
        return dict(self.base_values)[contract]

    def double_cap(self, contract: Contract) -> int:
        return DOUBLE_CAPS[(self.rule_set, self.liga_values)][contract]

    def double_name(self, level: int) -> str:
        """Name of the ``level``-th double (1 = Kontra)."""
        return DOUBLE_NAMES[self.rule_set][level - 1]
