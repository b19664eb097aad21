"""The server or an AI worker with the test game Pot registered beside the real games.

    python -m tests.support.pot_game_service server
    python -m tests.support.pot_game_service worker

The game (``tests/engine/pot_game.py``) and its computer player (below) are registered
here, in the tests only: the proof that a new game needs no change to ``server/`` or
``client/``. The player is the simplest one that makes every kind of decision: it plays
its lowest playable card when the table waits for it, and when it only may act it adds a
chip with a high card (ace or king) and otherwise does nothing.
"""

from __future__ import annotations

import sys

from ai_worker.players import PLAYERS
from ai_worker.players.decision import Decision
from ai_worker.seat_info import SeatInfo
from engine.actions import Double, PlayCard
from engine.cards import Rank
from engine.registry import GAMES
from tests.engine.pot_game import Pot
from tools.processes import ServiceProcess, Store, service_env

HIGH_CARDS = (Rank.ACE, Rank.KING)


def decide(info: SeatInfo) -> Decision:
    if info.playable:
        lowest = min(info.playable, key=lambda card: card.rank)
        return Decision(PlayCard(lowest))
    may_add = any(choice.action == Double() for choice in info.allowed)
    if may_add and any(card.rank in HIGH_CARDS for card in info.hand):
        return Decision(Double(), "adds a chip to the pot with a high card in hand")
    return Decision(None)  # nothing waits for this seat, and it lets the chance go


def server(store: Store) -> ServiceProcess:
    """A server process with Pot registered."""
    env = service_env(store, listen="127.0.0.1:0")
    return ServiceProcess([sys.executable, "-m", __name__, "server"], env, "speedgamez server listening on")


def worker(store: Store) -> ServiceProcess:
    """An AI worker process with Pot's computer player registered."""
    env = service_env(store, ai_reclaim_ms="2000", ai_sweep_ms="500")
    return ServiceProcess([sys.executable, "-m", __name__, "worker"], env, "speedgamez worker")


def register() -> None:
    game = Pot()
    GAMES[game.game_type.id] = game
    PLAYERS[(game.game_type.id, "easy")] = decide


if __name__ == "__main__":
    register()
    if sys.argv[1:] == ["server"]:
        from server.main import main
    elif sys.argv[1:] == ["worker"]:
        from ai_worker.main import main
    else:
        sys.exit("usage: python -m tests.support.pot_game_service server|worker")
    main()
