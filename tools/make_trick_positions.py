"""Write ``tests/search/data/trick_positions.json``: golden values for the solver in
games of 2, 3 and 4 seats with packs of 16, 24 and 32 cards.

    python -m tools.make_trick_positions            # write into the repository
    python -m tools.make_trick_positions --out FILE # write elsewhere

Every value is computed by ``tools.trick_referees.minimax``: every legal card tried at
every turn under the referee's rules, written from the rule texts with cards as cards.
The contracts cover Bela for 4, 3 and 2 players (with the Kup and Štiglja), Schafkopf's
Rufspiel (long and short pack, the called ace's duties, deals where its holder may run
away), Solo, Wenz, Geier, Bettel
(counted in tricks), three players with the short pack and two players with covered
cards, and a 16-card game under each set of duties on its own.

Positions come from seeded deals (``engine.seeding``) played on with random legal cards
to 1 up to 4 (4 seats), 5 (3 seats) or 8 (2 seats) tricks left, every other one inside
an open trick; in every third Bela position the side has won every trick so far, so that
the Štiglja is open. Each record holds the game and its parameters, the hands (engine text
form, seat 0 first), the leader, the open trick, what the history left (the called
suit led, the side lost a trick), the side's seats, the value the side scores from the
cards still in play and, for every legal card of the seat to move, its exact value.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.cards import Card, Rank, Suit
from engine.seeding import SeededRandom, derive_seed
from tools.make_solved_positions import write_records
from tools.trick_referees import (
    Position,
    Referee,
    bela,
    duty_game,
    minimax,
    move_values,
    play_on,
    schafkopf,
)

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "tests" / "search" / "data" / "trick_positions.json"
MASTER_SEED = 20261201
POSITIONS_PER_CONTRACT = 40
MOST_TRICKS_LEFT = {4: 4, 3: 5, 2: 8}
SUIT_LETTERS = {"C": Suit.CLUBS, "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS}

# (game, parameters, cards per hand); parameters name cards and suits by their letters.
CONTRACTS: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("bela", {"trump": "H", "seats": 4}, 8),
    ("bela", {"trump": "C", "seats": 4}, 8),
    ("bela", {"trump": "D", "seats": 3}, 10),
    ("bela", {"trump": "S", "seats": 2}, 12),
    ("schafkopf", {"contract": "rufspiel", "seats": 4, "called": "C"}, 8),
    ("schafkopf", {"contract": "rufspiel", "seats": 4, "called": "D", "short": True}, 6),
    ("schafkopf", {"contract": "rufspiel", "seats": 4, "called": "S", "run_away": True}, 4),
    ("schafkopf", {"contract": "solo", "seats": 4, "trump": "S"}, 8),
    ("schafkopf", {"contract": "wenz", "seats": 4}, 8),
    ("schafkopf", {"contract": "geier", "seats": 4}, 8),
    ("schafkopf", {"contract": "bettel", "seats": 4}, 8),
    ("schafkopf", {"contract": "solo", "seats": 3, "trump": "H", "short": True}, 8),
    ("schafkopf", {"contract": "wenz", "seats": 2, "short": True, "stacks": True}, 12),
    ("duties", {"duties": ["follow"], "seats": 4}, 4),
    ("duties", {"duties": ["follow", "trump when void"], "seats": 4}, 4),
    ("duties", {"duties": ["follow", "overtrump", "trump when void"], "seats": 3}, 5),
    ("duties", {"duties": ["follow", "overtrump", "trump when void", "undertrump"], "seats": 2}, 8),
    ("duties", {"duties": ["beat led", "follow"], "seats": 4}, 4),
    ("duties", {"duties": ["beat trump", "follow", "trump when void"], "seats": 3, "trick_bonus": 5}, 5),
)


def referee_for(game: str, parameters: dict[str, Any], hands: list[list[Card]] | None = None) -> Referee:
    """The referee of a record; ``hands`` as dealt, for the Kup and the stacks."""
    seats = parameters["seats"]
    if game == "bela":
        kup = frozenset(Card.parse(text) for text in parameters.get("kup", []))
        return bela(SUIT_LETTERS[parameters["trump"]], seats, kup)
    if game == "schafkopf":
        covers = {Card.parse(covered): Card.parse(cover) for covered, cover in parameters.get("covers", [])}
        called = parameters.get("called")
        return schafkopf(
            parameters["contract"],
            seats,
            short=parameters.get("short", False),
            trump=SUIT_LETTERS[parameters.get("trump", "H")],
            called=SUIT_LETTERS[called] if called else None,
            covers=covers,
        )
    return duty_game(frozenset(parameters["duties"]), seats, parameters.get("trick_bonus", 0))


def deal(game: str, parameters: dict[str, Any], per_hand: int, chance: SeededRandom) -> dict[str, Any]:
    """The parameters completed by the deal (the Kup, the stacks) and the hands."""
    pack = referee_for(game, parameters).pack
    cards = chance.shuffled(pack)
    seats = parameters["seats"]
    hands = [cards[seat * per_hand : (seat + 1) * per_hand] for seat in range(seats)]
    completed = dict(parameters)
    if parameters.get("run_away"):
        # The called ace's holder has three more cards of its suit, so that he may run away.
        suit = SUIT_LETTERS[parameters["called"]]
        long_suit = [Card(suit, rank) for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE)]
        rest = [card for card in cards if card not in long_suit]
        holder = chance.below(seats)
        hands = []
        for seat in range(seats):
            taken = long_suit if seat == holder else []
            hands.append(taken + rest[: per_hand - len(taken)])
            rest = rest[per_hand - len(taken) :]
        del completed["run_away"]
    if game == "bela" and seats < 4:
        completed["kup"] = [str(card) for card in cards[seats * per_hand :]]
    if parameters.get("stacks"):
        # Half of each hand lies covered under the other half.
        half = per_hand // 2
        completed["covers"] = [
            [str(hand[index]), str(hand[index + half])] for hand in hands for index in range(half)
        ]
        del completed["stacks"]
    if game == "schafkopf" and parameters["contract"] == "rufspiel":
        # The caller holds a card of the called suit (not an Ober or Unter) but not its
        # ace; -1 when nobody may call that ace.
        suit = SUIT_LETTERS[parameters["called"]]
        completed["caller"] = next(
            (
                seat
                for seat, hand in enumerate(hands)
                if Card(suit, Rank.ACE) not in hand
                and any(card.suit is suit and card.rank not in (Rank.QUEEN, Rank.JACK) for card in hand)
            ),
            -1,
        )
    return {"parameters": completed, "hands": hands}


def side_of(game: str, parameters: dict[str, Any], hands: list[list[Card]], number: int) -> frozenset[int]:
    seats = parameters["seats"]
    if seats < 4:
        return frozenset({number % seats})
    if game == "schafkopf" and parameters["contract"] == "rufspiel":
        ace = Card(SUIT_LETTERS[parameters["called"]], Rank.ACE)
        partner = next(seat for seat, hand in enumerate(hands) if ace in hand)
        declaring = frozenset({parameters["caller"], partner})
        return declaring if number % 2 == 0 else frozenset(range(4)) - declaring
    if game == "schafkopf":
        return frozenset({number % 4}) if number % 2 == 0 else frozenset(range(4)) - {number % 4}
    return frozenset({0, 2}) if number % 2 == 0 else frozenset({1, 3})


def record(
    referee: Referee, position: Position, side: frozenset[int], game: str, parameters: dict[str, Any]
) -> dict[str, Any]:
    values = move_values(referee, position, side)
    value = max(values.values()) if position.mover in side else min(values.values())
    assert value == minimax(referee, position, side, {})
    return {
        "game": game,
        "parameters": parameters,
        "hands": [[str(card) for card in sorted(hand, key=str)] for hand in position.hands],
        "leader": position.leader,
        "trick": [str(card) for card in position.trick],
        "called_suit_led": position.called_suit_led,
        "side_lost_a_trick": position.side_lost_a_trick,
        "side": sorted(side),
        "value": value,
        "moves": {str(card): values[card] for card in sorted(values, key=str)},
    }


def dealt_start(
    seed: int, game: str, parameters: dict[str, Any], per_hand: int, attempt: int
) -> tuple[SeededRandom, dict[str, Any], list[list[Card]], Referee, Position] | None:
    """Deal ``attempt`` of a contract: the random source to play on with, the completed
    parameters, the hands, the referee and the position at the first lead; None when
    the deal admits no such contract (nobody may call the ace)."""
    chance = SeededRandom(derive_seed(seed, game, json.dumps(parameters, sort_keys=True), attempt))
    dealt = deal(game, parameters, per_hand, chance)
    completed = dealt["parameters"]
    if completed.get("caller") == -1:
        return None
    position = Position(
        tuple(frozenset(hand) for hand in dealt["hands"]), chance.below(parameters["seats"]), ()
    )
    return chance, completed, dealt["hands"], referee_for(game, completed), position


def generate() -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for game, parameters, per_hand in CONTRACTS:
        seats = parameters["seats"]
        number, attempt = 0, 0
        while number < POSITIONS_PER_CONTRACT:
            start = dealt_start(MASTER_SEED, game, parameters, per_hand, attempt)
            attempt += 1
            if start is None:
                continue
            chance, completed, hands, referee, position = start
            side = side_of(game, completed, hands, number)
            tricks_left = 1 + number % min(MOST_TRICKS_LEFT[seats], per_hand)
            open_cards = 0 if number % 2 == 0 else 1 + chance.below(seats - 1)
            position = play_on(referee, position, side, chance, tricks_left * seats - open_cards)
            if game == "bela" and number % 3 == 0:
                # As if the side had won every trick so far: the Štiglja is still open.
                position = replace(position, side_lost_a_trick=False)
            records.append(record(referee, position, side, game, completed))
            number += 1
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUTPUT)
    arguments = parser.parse_args()
    started = time.monotonic()
    records = generate()
    header = {
        "generator": "tools/make_trick_positions.py",
        "method": "plain exhaustive minimax over tools/trick_referees.py",
        "master_seed": MASTER_SEED,
    }
    write_records(records, header, arguments.out)
    print(f"wrote {len(records)} solved positions to {arguments.out} in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
