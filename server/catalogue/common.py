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
    # The statistics every game counts (``server.awards``).
    "deals played": "gespielte Runden",
    "deals won": "gewonnene Runden",
    "matches played to the end": "zu Ende gespielte Partien",
    "matches won": "gewonnene Partien",
    "matches left early with other people": "mit anderen Leuten vorzeitig verlassene Partien",
    # What the games' scores count (``engine.game``'s units), as a number's word.
    "point": "Punkt",
    "points": "Punkte",
    "cent": "Cent",
    "cents": "Cent",
    "chip": "Chip",
    "chips": "Chips",
    # The engine's, shared by every game: the match's flow and the turn.
    "Continue": "Weiter",
    "continue": "weiter",
    "waiting for the other players to continue": "Die anderen sind noch nicht bereit für die nächste Runde",
    "the deal is over": "Die Runde ist vorbei",
    "you do not hold {cards}": "Du hast {cards} nicht auf der Hand",
    # How many deals a computer's decision rests on (``ai_worker.players.outlook``).
    "{number} of {number2} sampled deals": "{number} von {number2} ausgelosten Verteilungen",
    "{number} of {number2} possible deals": "{number} von {number2} möglichen Verteilungen",
    "{count} ({number}% when each deal is weighted by how well it fits the bidding)": (
        "{count} ({number} %, wenn jede Verteilung danach gewichtet wird, wie gut sie zu den Ansagen passt)"
    ),
    "it is not your turn: waiting for {waited}": "Du bist nicht dran: es wartet {waited}",
}
