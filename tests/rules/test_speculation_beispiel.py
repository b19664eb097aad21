"""Seed 004 "Aufdecken", Beispiel: Anna deals to Ben, Carla and Dan; 18 chips in the pool.

Carla buys the turned-up ♥9 from Anna for 3, Ben buys Anna's ♥J for 5, Carla keeps her ♥Q,
and when only Carla's third card is face down she wins the 18 chips: Carla +11, Anna +2,
Ben -9, Dan -4. The pack is stacked so the cards come as the seed tells; Carla's third
card is never turned, and the test checks the chips after every action.
"""

from __future__ import annotations

from engine.cards import Card
from engine.speculation import Phase
from engine.speculation.blocks import PoolWon, Revealed
from tests.rules.speculation_helpers import GAME, act, auction_id, best_bid_id, cards_in, notices, stacked

ANNA, BEN, CARLA, DAN = range(4)


def test_beispiel_carla_wins_the_pool_of_18_with_the_heart_queen() -> None:
    state = stacked(["JH 3S TD", "5H 2C 8S", "KC QH 9D", "4S 7D AC"], "9H", dealer=ANNA)

    def chips() -> list[int]:
        return list(state.chips)

    assert state.pool == 18
    assert chips() == [34, 36, 36, 36]
    assert GAME.to_act(state) == {ANNA}

    # "Carla kauft Anna die Herz-9 für 3 Chips ab."
    act(state, ANNA, "sell")
    assert GAME.to_act(state) == {BEN, CARLA, DAN}
    act(state, CARLA, f"bid {auction_id(state)} 3")
    assert chips() == [34, 36, 36, 36] and state.free_chips(CARLA) == 33
    act(state, BEN, "pass")
    act(state, DAN, "pass")
    assert state.phase is Phase.ACCEPTANCE and GAME.to_act(state) == {ANNA}
    act(state, ANNA, f"accept_bid {best_bid_id(state)}")
    assert chips() == [37, 36, 33, 36]
    assert state.owner == CARLA

    # "Dan deckt zuerst auf: Pik-4. Anna deckt den Herz-Buben auf – ein höherer Trumpf!"
    turned = []
    for seat in [DAN, ANNA]:
        assert GAME.to_act(state) == {seat}
        turned += [n for n in notices(act(state, seat, "reveal")) if isinstance(n, Revealed)]
    assert [(n.seat, str(n.card), n.best) for n in turned] == [(DAN, "4S", False), (ANNA, "JH", True)]

    # "Ben zahlt ihr 5 Chips dafür."
    act(state, ANNA, "sell")
    act(state, BEN, f"bid {auction_id(state)} 5")
    act(state, CARLA, "pass")
    act(state, DAN, "pass")
    act(state, ANNA, f"accept_bid {best_bid_id(state)}")
    assert chips() == [42, 31, 33, 36]

    # "Jetzt Carla: Kreuz-König, nichts. Dan: Karo-7. Anna: Pik-3. Ben wird übersprungen.
    # Carla: die Herz-Dame – sie behält sie."
    for seat in [CARLA, DAN, ANNA, CARLA]:
        assert GAME.to_act(state) == {seat}
        act(state, seat, "reveal")
        assert chips() == [42, 31, 33, 36]
    assert state.best == Card.parse("QH") and state.phase is Phase.SALE
    act(state, CARLA, "keep")

    # "Dan: Kreuz-Ass, Anna: Karo-10, Ben: Herz-5. Dan und Anna haben keine Karten mehr,
    # also deckt Ben seine letzten zwei auf: Kreuz-2 und Pik-8."
    for seat in [DAN, ANNA, BEN, BEN]:
        assert GAME.to_act(state) == {seat}
        act(state, seat, "reveal")
        assert chips() == [42, 31, 33, 36]
    assert GAME.to_act(state) == {BEN}
    events = notices(act(state, BEN, "reveal"))

    # "Nur Carlas dritte Karte ist noch verdeckt, also gewinnt sie die 18 Chips."
    assert PoolWon(CARLA, 18) in events
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (2, -9, 11, -4)
    assert result.winners == {CARLA}
    assert chips() == [42, 31, 51, 36]
    assert len(state.piles[CARLA]) == 1
    # The card never turned stays unseen, in the settlement too.
    for seat in range(4):
        assert Card.parse("9D") not in cards_in(GAME.view(state, seat))
