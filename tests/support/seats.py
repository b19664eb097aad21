"""Options under which a number of players can sit at a game: the generic suites play
every seat count a game declares, and some counts need an option (Schafkopf's three
and two players play the short pack)."""

from __future__ import annotations

from typing import Any

from engine.game import Game


def options_for_seats(game: Game[Any, Any], rule_set: str, seats: int) -> dict[str, str] | None:
    """Raw options of ``rule_set`` for ``seats`` players: none when its defaults allow
    them, else the first single option value that does; None when no such value exists."""
    if game.check_seats(game.parse_options(rule_set, {}), seats) is None:
        return {}
    declared = game.game_type.rule_set(rule_set)
    assert declared is not None, f"{game.game_type.id} has no rule set {rule_set!r}"
    for option in declared.options:
        for value in option.values:
            raw = {option.key: value}
            if game.check_seats(game.parse_options(rule_set, raw), seats) is None:
                return raw
    return None
