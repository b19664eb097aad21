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

    def read_line(self, prompt: str) -> str:
        """The next line without its newline; EOFError at the end of the input."""
        sys.stdout.write(prompt)
        sys.stdout.flush()
        while b"\n" not in self.pending:
            if not select.select([self.descriptor], [], [], _SLICE_SECONDS)[0]:
                continue
            chunk = os.read(self.descriptor, 4096)
            if not chunk:
                if self.pending:  # a last line without a newline
                    break
                raise EOFError
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode("utf-8", "replace")
