"""German for the texts of Baśka and Kop (``engine.baska_kop``, ``ai_worker.players.baska_kop``;
see ``server.catalogue``)."""

from __future__ import annotations

GERMAN: dict[str, str] = {
    "you must beat {cards} because you can (for example with {cards2})": (
        "Du musst {cards} überstechen, weil du es kannst (zum Beispiel mit {cards2})"
    ),
}
