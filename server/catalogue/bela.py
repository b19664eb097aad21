"""German for the texts of Bela (``engine.bela``, ``ai_worker.players.bela``; see
``server.catalogue``)."""

from __future__ import annotations

GERMAN: dict[str, str] = {}
