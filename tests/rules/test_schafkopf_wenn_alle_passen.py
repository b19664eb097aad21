"""Schafkopf rules, section "Wenn alle passen" (seed 003) with SPEC §2.

"Je nach Vereinbarung kann neu gegeben werden. Bei Spielen um Geld kann hierbei auch eine
vereinbarte Summe in einen Stock eingezahlt werden. Der Stock wird dann beim nächsten
gewonnenen Partnerspiel an die Gewinner ausgezahlt. Alternativ können auch Regeln
vereinbart werden, nach denen ein Spieler, der eine bestimmte Karte besitzt, spielen muss.
[...] Beim Ramsch [...] Der Spieler mit den meisten Augen verliert, und zahlt an alle
anderen Spieler. Haben zwei oder mehr Spieler die selbe Augenzahl, so verliert der Spieler
mit den meisten Stichen. Ist die Stichzahl ebenfalls gleich, so hat der Spieler mit den
meisten Trümpfen in den Stichen verloren. Ist die Trumpfzahl ebenfalls gleich, so verliert
der Spieler mit dem höchsten Trumpf." "Ist ein Spieler „Jungfrau“ [...] so kann, je nach
Vereinbarung, auch der höhere Tarif ausgezahlt werden an diese Person."
SPEC §2: Stock `winners_take` (seed: a lost partner game changes nothing) or `pay_in`;
Ramsch ties `most_tricks` (seed) or `highest_trump`; Jungfrau per the table's option.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Announce, Continue, Double, Pass
from engine.cards import Suit
from engine.errors import IllegalActionError, NotYourTurnError
from engine.game import DealResult
from engine.match import Match, MatchPhase
from engine.schafkopf.blocks import SchafkopfSettlement
from engine.schafkopf.constants import AllPass, Jungfrau, Kind, Options, RamschTie, StockOnLoss, Tariff
from engine.schafkopf.deal import DealState, Phase
from tests.rules.schafkopf_helpers import GAME, act, bid, play_cards, rigged

HANDS = [
    "EO GO HO EU HA HZ EK E9",
    "SO GU HU SU HK H9 H8 H7",
    "EA EZ E8 E7 GA GZ GK G9",
    "SA SZ SK S9 S8 S7 G8 G7",
]


def finished(state: DealState) -> DealResult:
    result = GAME.result(state)
    assert result is not None
    return result


def detail(result: DealResult) -> SchafkopfSettlement:
    assert isinstance(result.detail, SchafkopfSettlement)
    return result.detail


def passing_match(options: Options) -> Match:
    """A match of four humans in which the first deal was passed out and settled."""
    match = Match(GAME, options, 4, seed=11, humans=frozenset(range(4)))
    while match.phase is MatchPhase.DEAL:
        (seat,) = match.to_act()
        match.apply(seat, Pass())
    assert match.phase is MatchPhase.SETTLEMENT
    return match


# Zusammenwerfen ---------------------------------------------------------------------


def test_zusammenwerfen_thrown_in_when_all_pass_and_nobody_pays() -> None:
    state = rigged(HANDS)
    bid(state, {})
    assert state.phase is Phase.FINISHED and state.thrown_in
    result = finished(state)
    assert result.contract_label == "Zusammengeworfen"
    assert result.scores == (0, 0, 0, 0)
    # The deal counts as one of the match's: it is no "redeal".
    assert result.redeal is False


def test_zusammenwerfen_the_thrown_in_deal_counts_and_the_next_dealer_deals() -> None:
    match = passing_match(Options())
    assert match.deals_played == 1 and match.dealer == 0
    for seat in range(4):
        match.apply(seat, Continue())
    assert match.phase is MatchPhase.DEAL and match.dealer == 1
    assert match.view(0).deal_number == 2


# Stock ------------------------------------------------------------------------------

STOCK = Options(all_pass=AllPass.STOCK, tariff=Tariff(stock=10))


def test_stock_everyone_pays_the_stake_in_when_all_pass() -> None:
    state = rigged(HANDS, STOCK)
    bid(state, {})
    result = finished(state)
    assert result.scores == (-10, -10, -10, -10)
    assert detail(result).stock_change == 40
    assert result.redeal is False
    assert GAME.carry_after(STOCK, {"stock": 0}, result) == {"stock": 40}


def test_stock_is_carried_to_the_next_deal_of_the_match() -> None:
    match = passing_match(GAME.parse_options("club", {"all_pass": "stock", "tariff_stock": "25"}))
    assert match.totals == [-25, -25, -25, -25] and match.carry == {"stock": 100}
    for seat in range(4):
        match.apply(seat, Continue())
    assert match.deal.stock == 100
    assert [(counter.code, counter.value) for counter in match.view(2).deal.counters] == [("stock", 100)]


# Seat 0 calls the Schellen-Sau (seat 2) and the pair wins with 73 and 7 Laufende: 80.
WON_RUFSPIEL = [
    "EO GO HO SO EU GU S7 E7",
    "SU H7 EA EZ EK GA GZ GK",
    "SA HA HZ HK H9 H8 HU G7",
    "E9 E8 G9 G8 SZ SK S9 S8",
]
WON_PLAY = "EO SU H8 G8 GO H7 H9 G9 HO GZ HK E9 SO GK HZ E8 EU EK HA S8 GU EZ HU S9 E7 EA G7 SK GA SA SZ S7"
# Seat 3 calls the Gras-Sau (seat 2) and the pair loses schwarz: 10 + 10 + 10 and 14
# Laufende "ohne" = 170.
LOST_RUFSPIEL = [
    "EO GO HO SO EU GU HA HZ",
    "HU SU HK H9 H8 H7 EA EZ",
    "EK E9 E8 E7 GA GZ GK G9",
    "G8 G7 SA SZ SK S9 S8 S7",
]
LOST_PLAY = "EO H7 E7 S7 GO H8 E8 S8 HO H9 E9 S9 SO HK EK SK EU SU G9 SA GU HU GK SZ HA EA GZ G7 HZ EZ GA G8"


def test_stock_the_next_won_partner_game_takes_it_half_to_each_winner_never_doubled() -> None:
    state = rigged(WON_RUFSPIEL, STOCK, stock=40)
    bid(state, {0: Announce("rufspiel", Suit.DIAMONDS)}, stand_up=[1])
    play_cards(state, WON_PLAY)
    result = finished(state)
    # The game: 80, doubled by the Aufstellen to 160; the Stock: 20 to each winner.
    assert result.value == 160
    assert result.scores == (180, -160, 180, -160)
    assert detail(result).stock_change == -40
    assert sum(result.scores) + detail(result).stock_change == 0
    stock = next(step for step in result.steps if step.kind == "stock")
    assert stock.amount == 20 and stock.seats == frozenset({0, 2})


def test_stock_a_solo_leaves_it_where_it_is() -> None:
    state = rigged(LOST_RUFSPIEL, STOCK, stock=40)
    bid(state, {0: Announce("solo", Suit.HEARTS)})
    play_cards(state, LOST_PLAY)
    result = finished(state)
    assert detail(result).stock_change == 0
    assert result.scores == (390, -130, -130, -130)


def test_stock_a_lost_partner_game_leaves_it_unchanged_by_the_seed_rule() -> None:
    state = rigged(LOST_RUFSPIEL, STOCK, stock=40)
    bid(state, {3: Announce("rufspiel", Suit.SPADES)})
    play_cards(state, LOST_PLAY)
    result = finished(state)
    assert result.winners == frozenset({0, 1})
    assert result.scores == (170, 170, -170, -170)
    assert detail(result).stock_change == 0


def test_stock_on_loss_pay_in_the_losing_pair_pays_the_stocks_size_in() -> None:
    options = Options(all_pass=AllPass.STOCK, stock_on_loss=StockOnLoss.PAY_IN)
    state = rigged(LOST_RUFSPIEL, options, stock=40)
    bid(state, {3: Announce("rufspiel", Suit.SPADES)})
    play_cards(state, LOST_PLAY)
    result = finished(state)
    assert result.scores == (170, 170, -190, -190)
    assert detail(result).stock_change == 40
    assert sum(result.scores) + detail(result).stock_change == 0


# Ramsch -----------------------------------------------------------------------------


def ramsch(hands: list[str], play: str, **options: Any) -> DealResult:
    """The Ramsch of ``hands`` played with ``play`` under the table's ``options``."""
    state = rigged(hands, Options(all_pass=AllPass.RAMSCH, **options))
    bid(state, {})
    assert state.contract is not None and state.contract.kind is Kind.RAMSCH
    play_cards(state, play)
    return finished(state)


# Seats 1 and 3 take 41 each; seat 1 in three tricks, seat 3 in two (with the Eichel-Ober).
TIE_TRICKS = (
    [
        "HA SK S7 GA SO GO G7 HZ",
        "EU EA HK E9 HU EZ SA GZ",
        "G8 G9 GU GK S9 HO E7 E8",
        "H8 S8 SZ H7 H9 SU EO EK",
    ],
    "S7 SA S9 S8 HK GU H9 HA GK EK G7 GZ E9 E8 SZ SO GA EZ G8 SU H7 GO EU HO SK EA G9 EO H8 HZ HU E7",
)
# Seats 0 and 3 take 45 each in three tricks; seat 0's hold ten trumps, seat 3's two.
TIE_TRUMPS = (
    [
        "GU S8 EK G7 HU SZ SO SU",
        "EA E8 E9 HK HO GZ S9 E7",
        "SK H8 G8 S7 GA H7 H9 EZ",
        "HA HZ SA GK EO G9 GO EU",
    ],
    "SZ S9 S7 SA G9 G7 GZ G8 E7 EZ GO EK EU SO HK H7 S8 E9 SK EO GK HU HO GA E8 H9 HA GU SU EA H8 HZ",
)
# Seats 0 and 1 take 60 each in four tricks with seven trumps; seat 0's hold the Eichel-Ober.
TIE_HIGHEST = (
    [
        "EO HZ EK G7 HK EA SO GO",
        "HU GA GU EZ S8 EU S9 HO",
        "HA GK E9 SZ SU E8 G9 H7",
        "S7 E7 SK H8 H9 GZ SA G8",
    ],
    "EO GU HA H8 HZ HO SU H9 EZ E9 E7 EK S9 SZ SK SO G7 GA GK GZ HU H7 S7 HK EU G9 SA GO EA S8 E8 G8",
)


def test_ramsch_the_seat_with_the_most_points_pays_every_other_seat() -> None:
    hands, play = TIE_HIGHEST
    result = ramsch(hands, play, tariff=Tariff(ramsch=10))
    assert result.contract_label == "Ramsch"
    assert detail(result).ramsch_loser == 0
    assert result.scores == (-30, 10, 10, 10)
    assert result.winners == frozenset({1, 2, 3})


@pytest.mark.parametrize(
    ("deal", "points", "loser", "why"),
    [
        (TIE_TRICKS, (21, 41, 17, 41), 1, "most tricks"),
        (TIE_TRUMPS, (45, 30, 0, 45), 0, "most trumps in the tricks"),
        (TIE_HIGHEST, (60, 60, 0, 0), 0, "the highest trump in the tricks"),
    ],
    ids=["tricks", "trumps", "highest"],
)
def test_ramsch_tie_seed_rule_most_tricks_then_most_trumps_then_the_highest(
    deal: tuple[list[str], str], points: tuple[int, ...], loser: int, why: str
) -> None:
    hands, play = deal
    result = ramsch(hands, play, ramsch_tie=RamschTie.MOST_TRICKS)
    assert result.card_points == points
    assert detail(result).ramsch_loser == loser
    note = next(step for step in result.steps if step.kind == "loser")
    assert note.label == f"seat {loser} loses with {points[loser]} points (tie: {why})"


@pytest.mark.parametrize(
    ("deal", "loser"),
    [(TIE_TRICKS, 3), (TIE_TRUMPS, 3), (TIE_HIGHEST, 0)],
    ids=["tricks", "trumps", "highest"],
)
def test_ramsch_tie_highest_trump_rule_the_tied_seat_that_played_the_highest_trump_loses(
    deal: tuple[list[str], str], loser: int
) -> None:
    hands, play = deal
    result = ramsch(hands, play, ramsch_tie=RamschTie.HIGHEST_TRUMP)
    assert detail(result).ramsch_loser == loser
    note = next(step for step in result.steps if step.kind == "loser")
    assert note.label.endswith("(tie: played the highest trump)")


ONE_JUNGFRAU = (
    [
        "EU H8 GU SU H7 HZ EO SZ",
        "S8 GZ HO SK SO H9 GO E7",
        "S7 GK SA HA EZ E9 HU GA",
        "S9 G8 E8 EA HK G7 G9 EK",
    ],
    "HZ SO HU HK SK SA S9 SZ GK G8 H8 GZ EO H9 HA G7 H7 GO GA E8 E7 E9 EA EU SU HO S7 G9 S8 EZ EK GU",
)
TWO_JUNGFRAUEN = (
    [
        "SK HZ GO GK SU EZ E9 EU",
        "E7 HA GZ HO S8 G9 H8 EA",
        "H9 S9 E8 GU HU H7 G8 G7",
        "EO S7 EK SA SZ SO HK GA",
    ],
    "SK S8 S9 SA HK GO HO H9 E9 E7 E8 EK GA GK G9 G8 S7 EU H8 GU SU HA HU SO EO HZ EA H7 SZ EZ GZ G7",
)


@pytest.mark.parametrize(
    ("jungfrau", "scores"),
    [
        (Jungfrau.NONE, (-30, 10, 10, 10)),
        (Jungfrau.HIGHER_TARIFF, (-40, 10, 10, 20)),
        (Jungfrau.DOUBLE_ALL, (-60, 20, 20, 20)),
        (Jungfrau.ONCE, (-40, 10, 10, 20)),
        (Jungfrau.MULTIPLE, (-40, 10, 10, 20)),
    ],
    ids=lambda value: value.value if isinstance(value, Jungfrau) else None,
)
def test_ramsch_jungfrau_one_seat_without_a_trick(jungfrau: Jungfrau, scores: tuple[int, ...]) -> None:
    hands, play = ONE_JUNGFRAU
    # The seed's tariffs: 10 for the Ramsch, the higher one 20.
    result = ramsch(hands, play, jungfrau=jungfrau, tariff=Tariff(ramsch=10, solo=20))
    assert detail(result).ramsch_loser == 0
    assert detail(result).jungfrauen == (() if jungfrau is Jungfrau.NONE else (3,))
    assert result.scores == scores


@pytest.mark.parametrize(
    ("jungfrau", "scores"),
    [
        (Jungfrau.NONE, (10, 10, 10, -30)),
        (Jungfrau.HIGHER_TARIFF, (10, 20, 20, -50)),
        (Jungfrau.DOUBLE_ALL, (40, 40, 40, -120)),
        (Jungfrau.ONCE, (10, 20, 20, -50)),
        (Jungfrau.MULTIPLE, (10, 40, 40, -90)),
    ],
    ids=lambda value: value.value if isinstance(value, Jungfrau) else None,
)
def test_ramsch_jungfrau_two_seats_without_a_trick(jungfrau: Jungfrau, scores: tuple[int, ...]) -> None:
    hands, play = TWO_JUNGFRAUEN
    result = ramsch(hands, play, jungfrau=jungfrau, tariff=Tariff(ramsch=10, solo=20))
    assert detail(result).ramsch_loser == 3
    assert result.scores == scores


def test_ramsch_has_the_trumps_of_the_herz_solo_and_no_kontra() -> None:
    hands, _ = TIE_HIGHEST
    state = rigged(hands, Options(all_pass=AllPass.RAMSCH, aufstellen=False))
    bid(state, {})
    view = GAME.view(state, 1)
    assert view.contract is not None and view.contract.declarer is None
    assert view.contract.trump_note.startswith("trumps: Eichel-Ober Gras-Ober") and "Herz-Sau" in (
        view.contract.trump_note
    )
    assert GAME.may_act(state) == frozenset()
    assert GAME.illegality(state, 1, Double()) == "a Ramsch has no Kontra"


# Eichel-Ober muss -------------------------------------------------------------------


def test_eichel_ober_muss_the_holder_must_announce_a_game() -> None:
    # Seat 1 deals; seat 0 holds the Eichel-Ober.
    state = rigged(HANDS, Options(all_pass=AllPass.MUSS, aufstellen=False), dealer=1)
    for seat in (2, 3, 0, 1):
        act(state, seat, Pass())
    assert state.phase is Phase.BIDDING and state.forced and state.turn == 0
    with pytest.raises(IllegalActionError, match="must play a game \\(muss\\)"):
        GAME.check(state, 0, Pass())
    with pytest.raises(NotYourTurnError):
        GAME.check(state, 2, Announce("wenz"))
    act(state, 0, Announce("rufspiel", Suit.CLUBS))
    assert state.phase is Phase.PLAY
    assert state.contract is not None and state.contract.declarer == 0 and state.partner == 2
    # The seat left of the dealer still leads.
    assert state.turn == 2


def test_eichel_ober_muss_not_asked_when_someone_announced() -> None:
    state = rigged(HANDS, Options(all_pass=AllPass.MUSS, aufstellen=False))
    bid(state, {3: Announce("wenz")})
    assert state.phase is Phase.PLAY and not state.forced
    assert state.contract is not None and state.contract.declarer == 3
