"""Errors raised by the engine.

They separate what a client did wrong, so the service can answer precisely:

* ``InvalidActionError``: the action is malformed for this game (unknown notation, a
  card that is not in this pack, a contract this rule set does not have). Retrying the
  same request can never succeed.
* ``IllegalActionError``: the action is well formed but the rules forbid it now (a card
  that does not follow suit, a double above the cap). ``reason`` says why in words.
* ``NotYourTurnError``: an ``IllegalActionError`` because the seat may not act now.
* ``InvalidOptionsError``: a table's rule set or options are not valid for the game.

Messages quote what a client sent through ``quoted``, which keeps a short prefix: a
reply must stay small whatever the request held.
"""

from __future__ import annotations

# Characters of a client's value an error message repeats.
QUOTED_PREFIX = 32


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class InvalidActionError(EngineError):
    """The action is malformed for this game."""


class IllegalActionError(EngineError):
    """The action is well formed but not allowed by the rules in this position."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotYourTurnError(IllegalActionError):
    """The seat may not act now."""


class InvalidOptionsError(EngineError):
    """A rule set or option value the game does not offer."""


def quoted(value: str) -> str:
    """``value`` in quotes for an error message, cut to a short prefix if it is long."""
    if len(value) <= QUOTED_PREFIX:
        return repr(value)
    return f"{value[:QUOTED_PREFIX]!r}... ({len(value)} characters)"
