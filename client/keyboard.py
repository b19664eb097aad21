"""Reading the player's answers so that Ctrl-C always works.

``input()`` has a gap: Python writes the prompt, then blocks in read(2). A Ctrl-C that
arrives in between (or is delivered to one of gRPC's threads) is only noted, and the
KeyboardInterrupt comes after the next Enter. Waiting with select() in short slices lets
Python act on a Ctrl-C within half a second, whenever it comes. The terminal still
edits the line (canonical mode), so the client reads whole lines as before.
"""

from __future__ import annotations

import os
import select
import sys

# How long Python may wait in select() before it looks at signals again.
_SLICE_SECONDS = 0.5


class Keyboard:
    def __init__(self, descriptor: int | None = None) -> None:
        self.descriptor = sys.stdin.fileno() if descriptor is None else descriptor
        self.pending = b""  # read but not yet returned (a pipe may deliver several lines)

    def prompt(self, prompt: str) -> None:
        """Ask for a line: the prompt, with the cursor after it."""
        sys.stdout.write(prompt)
        sys.stdout.flush()

    def read_line(self, prompt: str) -> str:
        """The next line without its newline; EOFError at the end of the input."""
        self.prompt(prompt)
        while True:
            line = self.poll_line(_SLICE_SECONDS)
            if line is not None:
                return line

    def poll_line(self, timeout: float) -> str | None:
        """A whole line if one was typed or comes within ``timeout`` seconds, else None (a
        part typed so far is kept); EOFError at the end of the input."""
        if b"\n" not in self.pending and select.select([self.descriptor], [], [], timeout)[0]:
            chunk = os.read(self.descriptor, 4096)
            if not chunk:
                if not self.pending:
                    raise EOFError
                self.pending += b"\n"  # a last line without a newline
            self.pending += chunk
        if b"\n" not in self.pending:
            return None
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode("utf-8", "replace")
