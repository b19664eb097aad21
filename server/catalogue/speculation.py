"""German for the texts of Speculation (``engine.speculation``, ``ai_worker.players.speculation``; see
``server.catalogue``)."""

from __future__ import annotations

GERMAN: dict[str, str] = {}
