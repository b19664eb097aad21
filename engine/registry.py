"""The games this server offers, by id."""

from __future__ import annotations

from typing import Any

from engine.baska_kop import BaskaKop
from engine.bela import Bela
from engine.errors import InvalidOptionsError, quoted
from engine.game import Game
from engine.schafkopf import Schafkopf
from engine.speculation import Speculation

GAMES: dict[str, Game[Any, Any]] = {
    game.game_type.id: game for game in (BaskaKop(), Bela(), Schafkopf(), Speculation())
}


def get_game(game_id: str) -> Game[Any, Any]:
    try:
        return GAMES[game_id]
    except KeyError:
        offered = ", ".join(sorted(GAMES))
        raise InvalidOptionsError(f"unknown game {quoted(game_id)}; offered: {offered}") from None
