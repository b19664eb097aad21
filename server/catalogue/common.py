"""German for the texts every game shares: the match's flow and the server's own (see
``server.catalogue``)."""

from __future__ import annotations

GERMAN: dict[str, str] = {
    "it is not your turn: waiting for {waited}": "Du bist nicht dran: es wartet {waited}",
}
