"""What a computer player returns: an action (or none) and, for calls, a one-sentence reason."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action


@dataclass(frozen=True)
class Decision:
    """``nodes`` counts the solver positions the decision took (0 without search).

    ``action`` is None when a seat that may act, and is not waited for, does nothing.
    """

    action: Action | None
    reason: str = ""
    nodes: int = 0
