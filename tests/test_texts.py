"""Engine texts rendered for a viewer: seat names and the Bavarian pack (server.texts); and no
internal id of Speculation's market in anything a person reads."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from google.protobuf.message import Message

from client.screen import Screen, Titles
from engine.actions import Action, Continue
from engine.errors import EngineError
from engine.match import MatchPhase
from engine.seeding import SeededRandom
from server.table import TableConfig, TableRecord, TableStatus
from server.table_log import Act, SeatKind
from server.texts import Texts, Wording
from server.views import table_view
from speedgamez.v1 import cards_pb2
from tests.rules.speculation_helpers import GAME, random_action

NAMES = ("Anna", "Computer 1 (easy)", "seat 0 fan ♣Q", "Dora")


def test_seats_become_their_players_names() -> None:
    texts = Texts(NAMES)
    assert texts("Kontra by seat 3") == "Kontra by Dora"
    assert (
        texts("Zolo (seat 1) won with 60 to 44 points") == "Zolo (Computer 1 (easy)) won with 60 to 44 points"
    )


def test_a_name_is_never_rendered_again() -> None:
    assert Texts(NAMES, Wording(cards_pb2.CARD_NAMES_BAVARIAN))("Re by seat 2") == "Re by seat 0 fan ♣Q"


def test_symbols_stay_unless_the_bavarian_pack_is_asked_for() -> None:
    reason = "you must beat ♣10 because you can (for example with ♥A)"
    assert Texts(NAMES)(reason) == reason
    assert Texts(NAMES, Wording(cards_pb2.CARD_NAMES_SYMBOLS))(reason) == reason


def test_bavarian_names_cover_cards_suits_and_suit_words() -> None:
    texts = Texts(NAMES, Wording(cards_pb2.CARD_NAMES_BAVARIAN))
    assert texts("you must beat ♣10 because you can (for example with ♥A)") == (
        "you must beat Eichel 10 because you can (for example with Herz Sau)"
    )
    assert texts("♠Q ♦J ♣K") == "Gras Ober Schellen Unter Eichel König"
    assert texts("you cannot follow diamonds and must play a trump") == (
        "you cannot follow Schellen and must play a trump"
    )
    assert texts("you must follow ♠") == "you must follow Gras"


def test_a_seat_number_without_a_seat_stays_as_it_is() -> None:
    assert Texts(NAMES)("seat 7 is not open") == "seat 7 is not open"


def test_a_seat_beginning_a_sentence_becomes_its_players_name() -> None:
    texts = Texts(NAMES)
    assert texts("Seat 3 chose ♠ Laub: its party made 73 of 222 points (pao).") == (
        "Dora chose ♠ Laub: its party made 73 of 222 points (pao)."
    )
    assert texts("Seat 0 lost the Herz-Solo with 43 points.") == "Anna lost the Herz-Solo with 43 points."


# Speculation: ids are for clients, never for people --------------------------------------

# An id of the market (a slot, an auction, a bid, an offer) has seven digits or more; a text
# that names one by its kind and number ("slot 1000011", "offer 3") is caught too.
_INTERNAL_ID = re.compile(r"\d{7,}|\b(?:slot|offer|auction|bid) id \d|\b(?:slot|offer|auction) \d")


# Enough deals for moves left behind by a deal that ended.
DEALS_READ = 3


def _strings(message: Message) -> Iterator[str]:
    """Every text in ``message`` and the messages within it."""
    for field, value in message.ListFields():
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            values = list(value.values())  # a map: its values (the keys are codes)
        else:
            values = value if field.is_repeated else [value]
        for item in values:
            if isinstance(item, str):
                yield item
            elif isinstance(item, Message):
                yield from _strings(item)


@pytest.mark.parametrize(("seats", "seed"), [(4, 11), (7, 13)])
def test_no_market_id_reaches_a_person_in_speculation(seats: int, seed: int) -> None:
    """Random traders play three deals; after every move, what each person reads names no
    slot, auction, bid or offer id: the views of the seat that moved and of a spectator
    (choices and their reasons, history, settlement), the events, the terminal client's
    drawing and narration, and the refusal of every move the table has left behind (a bid
    overtaken, an offer lapsed or from an earlier deal), as a person who sent it late reads it."""
    options = {"deals_each": "1", "extra_hand": "true", "fives_and_jacks": "true"}
    config = TableConfig(
        "speculation", "parlett", options, ((SeatKind.COMPUTER, "normal"),) * seats, seed, "tests"
    )
    record, _ = TableRecord.new("speculation-texts", config)
    random = SeededRandom(seed)
    read: list[str] = []
    screen = Screen(german=False, titles=Titles({}, {}), write=read.append)
    left_behind: list[tuple[int, Action]] = []
    moves = 0
    while record.status is TableStatus.PLAYING:
        match = record.match
        assert match is not None
        if match.deals_played == DEALS_READ:
            break
        state = match.deal
        # Mostly the seat waited for, so that deals end within a few hundred moves.
        waiting, trading = sorted(match.to_act()), sorted(match.may_act())
        seat = random.choice(waiting if waiting and (not trading or random.below(4)) else trading)
        for viewer in (seat, None):
            view = table_view(record, viewer)
            read += _strings(view)
            read += screen.render(view)
        for late_seat, late in left_behind[-12:]:
            try:
                match.check(late_seat, late)
            except EngineError as refused:
                read.append(str(refused))
        action = random_action(state, seat, random) if match.phase is MatchPhase.DEAL else Continue()
        if action is None:
            continue
        left_behind += [(seat, action), *((seat, legal) for legal in GAME.legal_actions(state, seat))]
        view = table_view(record, seat)
        for happened in record.apply(Act(seat, action, SeatKind.COMPUTER, note="")):
            read += _strings(happened.event)
            screen.narrate(happened.event, view)
        moves += 1
    read += _strings(table_view(record, None))
    assert moves > 20
    assert any("face-down card" in text for text in read), "offers were made and read"
    named = sorted({text for text in read if _INTERNAL_ID.search(text)})
    assert not named, named


def test_a_suit_named_after_its_symbol_is_named_once_in_the_bavarian_pack() -> None:
    """Bela's trump reads "♠ Laub": with Bavarian names the word alone, never "Gras Laub"."""
    assert Texts(NAMES, Wording(cards_pb2.CARD_NAMES_BAVARIAN))("Seat 3 chose ♠ Laub") == "Dora chose Laub"
    assert Texts(NAMES, Wording(cards_pb2.CARD_NAMES_BAVARIAN))("♥ Herz") == "Herz"
    assert Texts(NAMES)("♠ Laub") == "♠ Laub"
    assert Texts(NAMES, Wording(cards_pb2.CARD_NAMES_BAVARIAN))("♠ and ♥") == "Gras and Herz"
