"""The message catalogue (``server.catalogue``): every text a person reads in a whole match of
every game, and the game listing, as the server renders them for a German reader, are
German; and the catalogue's own rules (the longest template wins, parts keep seats, cards,
numbers and names)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.registry import GAMES
from server import texts as texts_module
from server.catalogue import english_templates, german
from server.service import game_listing
from server.table import TableConfig, TableRecord
from server.table_log import SeatKind
from server.texts import Texts, Wording
from server.views import redact_event, table_view
from speedgamez.internal.v1.stored_event_pb2 import StoredEvent
from speedgamez.v1 import cards_pb2, table_pb2, table_service_pb2
from tests.test_what_people_read import GAME_TABLES, played

GERMAN = Wording(language=table_service_pb2.LANGUAGE_GERMAN)
GERMAN_BAVARIAN = Wording(cards_pb2.CARD_NAMES_BAVARIAN, table_service_pb2.LANGUAGE_GERMAN)
NAMES = (
    "Anna",
    "Computer 1 (easy)",
    "Computer 2 (easy)",
    "Computer 3 (easy)",
    "Eva",
    "Fritz",
    "Gerd",
    "Hanna",
    "Ida",
)
# Words that are English and never German (nor a game's term): one of them in a German text
# means a text the catalogue does not know. Chips, Pool and Cent are German words too.
_ENGLISH_WORDS = """
    the you your must with and of to is are points point cents trump trumps
    won lost wins win pays by for not turn waiting can cannot play plays card cards follow which
    only who when after before until has have holds hold alone against party seat base value
    first last trick tricks game announce announced double higher than every each none no it
    its this that they them his her he she one two three four pass bid bids offer sell sells
    keep keeps top already again more less least most half needs need counts count at on
    or if nor do does take takes taken made makes lose loses beat beaten leads may call called
    suit suits yourself own held fallen gets nothing new dealer choose chose stood up
"""
ENGLISH = frozenset(re.findall(r"[a-z]+", _ENGLISH_WORDS))


def english_words(text: str) -> list[str]:
    return [word for word in re.findall(r"[^\W\d_]+", text) if word.lower() in ENGLISH]


@pytest.fixture
def read(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """Every engine text the server renders for anyone while the test runs."""
    seen: set[str] = set()
    render = texts_module.Texts.__call__

    def recording(self: Texts, text: str) -> str:
        seen.add(text)
        return render(self, text)

    monkeypatch.setattr(texts_module.Texts, "__call__", recording)
    yield seen


@pytest.mark.parametrize(("game_id", "rule_set", "seats"), GAME_TABLES)
def test_every_text_of_a_whole_match_reads_german_for_a_german_reader(
    game_id: str, rule_set: str, seats: int, read: set[str]
) -> None:
    played(game_id, rule_set, seats)
    untranslated = {}
    for text in sorted(read):
        for wording in (GERMAN, GERMAN_BAVARIAN):
            shown = Texts(NAMES, wording)(text)
            if english_words(shown):
                untranslated[text] = shown
    assert not untranslated, "\n".join(f"{text!r} -> {shown!r}" for text, shown in untranslated.items())


def test_english_readers_read_the_engines_text_as_it_is() -> None:
    text = "you must follow hearts (trump)"
    assert Texts(NAMES)(text) == text
    assert Texts(NAMES, Wording(language=table_service_pb2.LANGUAGE_ENGLISH))(text) == text


def test_seats_cards_and_suit_words_keep_their_references_through_the_translation() -> None:
    assert Texts(NAMES, GERMAN)("you must beat ♣Q because you can (for example with ♥J)") == (
        "Du musst ♣D überstechen, weil du es kannst (zum Beispiel mit ♥B)"
    )
    assert Texts(NAMES, GERMAN_BAVARIAN)("you must beat ♣Q because you can (for example with ♥J)") == (
        "Du musst Eichel Ober überstechen, weil du es kannst (zum Beispiel mit Herz Unter)"
    )
    assert Texts(NAMES, GERMAN)("you must follow hearts (trump)") == "Du musst Herz (Trumpf) bedienen"
    assert (
        Texts(NAMES, GERMAN)("it is not your turn: waiting for seat 4") == "Du bist nicht dran: es wartet Eva"
    )


def test_a_text_the_catalogue_does_not_know_reads_as_it_is() -> None:
    assert german("Kontra") == "Kontra"
    assert german("Anna 4") == "Anna 4"


def test_every_template_is_german_and_keeps_its_parts() -> None:
    from server.catalogue import _PLAIN, _TEMPLATES

    for english in english_templates():
        rendered = _PLAIN.get(english) or next(t.german for t in _TEMPLATES if t.english == english)
        assert not english_words(re.sub(r"\{[a-z_]+\d*\}", "", rendered)), f"{english!r} -> {rendered!r}"


def test_a_seat_changing_hands_reads_german_and_keeps_the_name_as_it_is() -> None:
    texts = Texts(NAMES, GERMAN)
    assert texts.own("Pass joined the table") == "Pass hat sich an den Tisch gesetzt"
    assert (
        texts.own("seat 2 left; the computer plays on") == "seat 2 ist gegangen; der Computer spielt weiter"
    )
    assert Texts(NAMES).own("Pass joined the table") == "Pass joined the table"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_game_listing_reads_german_for_a_german_reader(game_id: str) -> None:
    """ListGames in German: titles, the leaderboard's rule, statistics, every option's
    meaning and every value's label."""
    (game,) = [game for game in game_listing(in_german=True).games if game.id == game_id]
    texts = [game.title, game.leaderboard_rule, *(statistic.title for statistic in game.statistics)]
    for rule_set in game.rule_sets:
        texts.append(rule_set.title)
        for option in rule_set.options:
            texts += [option.meaning, *option.value_labels.values()]
    untranslated = sorted({text for text in texts if english_words(text)})
    assert not untranslated, "\n".join(map(repr, untranslated))


@pytest.mark.parametrize(
    ("game_id", "one", "many"), [("baska_kop", "Punkt", "Punkte"), ("schafkopf", "Cent", "Cent")]
)
def test_the_unit_a_table_counts_in_reads_german(game_id: str, one: str, many: str) -> None:
    config = TableConfig(
        game_id, GAMES[game_id].game_type.rule_sets[0].id, {}, ((SeatKind.COMPUTER, "easy"),) * 4, 1, "t"
    )
    record, _ = TableRecord.new("unit", config)
    unit = table_view(record, None, GERMAN).score_unit
    assert (unit.one, unit.many) == (one, many)
    (listed,) = [game for game in game_listing(in_german=True).games if game.id == game_id]
    assert (listed.score_unit.one, listed.score_unit.many) == (one, many)
    english = table_view(record, None).score_unit
    assert (english.one, english.many) != (one, many)


def test_speculations_notices_and_the_parties_point_labels_read_german() -> None:
    """Texts outside labels, reasons and settlements: a market's notice of chips moved, and
    the label of each party's card points at a table that counts them."""
    moved = table_pb2.TableEvent(sequence=3, table_version=2)
    moved.speculation.chips_moved.reason = "ante (dealer)"
    told = redact_event(StoredEvent(event=moved, everyone=True), 0, Texts(NAMES, GERMAN))
    assert told.speculation.chips_moved.reason == "Einsatz (Geber)"
    config = TableConfig(
        "baska_kop", "kop", {}, ((SeatKind.COMPUTER, "easy"),) * 4, 3, "t", count_points=True
    )
    record, _ = TableRecord.new("points", config)
    english = [party.label for party in table_view(record, 0).party_points]
    german = [party.label for party in table_view(record, 0, GERMAN).party_points]
    assert english and german and german != english
    assert not any(english_words(label) for label in german), german
