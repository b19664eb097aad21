"""The player's bearer tokens, kept in a file so that a later run can resume a table.

A token is the player's identity: whoever holds it acts for the player's seats. The file
is therefore created readable by its owner only (mode 0600, in a directory of mode
0700), like an SSH key. One file per server, since a token is valid only where it was
issued; inside, one entry per display name, so that two people sharing an account on one
machine (Anna and Ben trying out a two-player table) keep their own seats.

    ~/.config/speedgamez/127.0.0.1_50051.json   (or under $XDG_CONFIG_HOME)
    {"server": "127.0.0.1:50051",
     "players": {"Anna": {"player_id": "...", "token": "..."}}}
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path


class TokenFileError(Exception):
    """The token file cannot be read or written; the message says which and why."""


@dataclass(frozen=True)
class SavedPlayer:
    name: str
    player_id: str
    token: str


def default_path(server: str) -> Path:
    """``$XDG_CONFIG_HOME/speedgamez/<host_port>.json``, ``~/.config`` without it."""
    configured = os.environ.get("XDG_CONFIG_HOME", "")
    # The XDG specification ignores a relative path here.
    base = Path(configured) if os.path.isabs(configured) else Path.home() / ".config"
    return base / "speedgamez" / (re.sub(r"[^A-Za-z0-9.-]+", "_", server).strip("_") + ".json")


class TokenFile:
    def __init__(self, path: Path, server: str) -> None:
        self.path = path
        self.server = server

    def players(self) -> dict[str, SavedPlayer]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as error:
            raise TokenFileError(f"cannot read the token file {self.path}: {error.strerror}") from None
        try:
            entries = json.loads(text)["players"]
            return {
                name: SavedPlayer(name, entry["player_id"], entry["token"]) for name, entry in entries.items()
            }
        except (ValueError, KeyError, TypeError, AttributeError):
            raise TokenFileError(
                f"{self.path} is not a speedgamez token file; move it away or name another with --token-file"
            ) from None

    def find(self, name: str | None) -> SavedPlayer | None:
        """The saved player called ``name``; without a name, the only one saved."""
        players = self.players()
        if name is not None:
            return players.get(name)
        if len(players) > 1:
            names = ", ".join(sorted(players))
            raise TokenFileError(f"{self.path} holds several players ({names}); say which with --name")
        return next(iter(players.values()), None)

    def save(self, player: SavedPlayer) -> None:
        players = self.players()
        players[player.name] = player
        content = {
            "server": self.server,
            "players": {
                saved.name: {"player_id": saved.player_id, "token": saved.token} for saved in players.values()
            },
        }
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            # Write a private temporary file and rename it over the old one: the token is
            # never readable by others, not even for a moment, and a crash cannot leave
            # half a file behind.
            temporary = self.path.with_name(self.path.name + ".tmp")
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                json.dump(content, file, indent=2)
            os.chmod(temporary, 0o600)  # in case it existed with other permissions
            os.replace(temporary, self.path)
        except OSError as error:
            raise TokenFileError(f"cannot write the token file {self.path}: {error.strerror}") from None
