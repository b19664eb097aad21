"""German for the texts of Schafkopf (``engine.schafkopf``, ``ai_worker.players.schafkopf``; see
``server.catalogue``)."""

from __future__ import annotations

GERMAN: dict[str, str] = {}
