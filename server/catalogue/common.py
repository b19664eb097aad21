"""German for the texts every game shares: the match's flow and the server's own (see
``server.catalogue``)."""

from __future__ import annotations

GERMAN: dict[str, str] = {
    # The server's own: seats changing hands (with the player's name), the move clock.
    "{name} joined the table": "{name} hat sich an den Tisch gesetzt",
    "{name} is back at the table": "{name} ist wieder am Tisch",
    "{name} left the table": "{name} hat den Tisch verlassen",
    "{name} left; the computer plays on": "{name} ist gegangen; der Computer spielt weiter",
    "the think time ran out: the computer moved for {seat}": (
        "Die Bedenkzeit ist abgelaufen: der Computer hat für {seat} gezogen"
    ),
    "the time to decide ran out: the computer moved for {seat}": (
        "Die Zeit zum Entscheiden ist abgelaufen: der Computer hat für {seat} gezogen"
    ),
    # The engine's, shared by every game.
    "it is not your turn: waiting for {waited}": "Du bist nicht dran: es wartet {waited}",
}
