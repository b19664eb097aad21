"""The real terminal client in a pseudo-terminal, driven like a person at a keyboard.

``Terminal`` starts ``python -m client ...`` on a fresh pty that is the child's
controlling terminal, so that typing Ctrl-C (``\\x03``) sends SIGINT exactly as a
keyboard does. A thread collects everything the client writes; tests wait for text to
appear (never for a guessed time) and type answers.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tools.processes import ROOT

# A generous bound for text to appear on a busy two-core machine; waits end as soon as
# the text is there.
TIMEOUT = 90.0
# What the client asks, by phase (client/game.py: prompt).
PROMPT = re.compile(
    r"(Your call > |Your card \(1-\d+, l: last trick\) > |Enter to continue \(q: leave\) > )$"
)
HAND_LINE = re.compile(r"^  (\d+)\) (.+?)(?:  × (.*))?$")
TRACEBACK = "Traceback (most recent call last)"
# The interpreter as the docs name it (relative to the repository), where it exists.
DOCUMENTED_PYTHON = ".venv/bin/python" if (ROOT / ".venv/bin/python").exists() else sys.executable


# Run first in the child, which then becomes the client: the pty becomes the controlling
# terminal of its new session, so that its line discipline turns a typed Ctrl-C into
# SIGINT; and SIGINT is at its default, as in a person's shell, even when this test run
# ignores it (a run started in the background by a shell without job control does). Done
# by the new interpreter, never between fork and exec: Python code there (a preexec_fn)
# can deadlock in a process with threads, and this test process has reader threads.
_AS_AT_A_LOGIN = (
    "import fcntl, os, signal, sys, termios; "
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', *sys.argv[1:]])"
)


@dataclass
class Card:
    number: int
    name: str
    reason: str  # why it cannot be played now; empty if it can


class Terminal:
    """One run of the client on its own pseudo-terminal."""

    def __init__(
        self, *args: str, home: Path, env: dict[str, str] | None = None, python: str = sys.executable
    ) -> None:
        self.args = args
        self.output = ""
        self.position = 0  # where the last expected text ended
        self.unanswered: re.Match[str] | None = None  # the prompt the client waits at
        self.changed = threading.Condition()
        self.master, slave = os.openpty()
        environment = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(home), TERM="dumb")
        environment.pop("XDG_CONFIG_HOME", None)
        environment.update(env or {})
        self.process = subprocess.Popen(
            [python, "-c", _AS_AT_A_LOGIN, "client", *args],
            cwd=ROOT,
            env=environment,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
        )
        os.close(slave)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 4096)
            except OSError:  # EIO: the client and everything it started have exited
                data = b""
            with self.changed:
                if data:
                    self.output += data.decode("utf-8", "replace").replace("\r\n", "\n")
                self.changed.notify_all()
            if not data:
                return

    # Reading ------------------------------------------------------------------------

    def expect(self, pattern: str | re.Pattern[str], timeout: float = TIMEOUT) -> re.Match[str]:
        """Wait until ``pattern`` appears after the text expected before; return the match."""
        compiled = re.compile(pattern, re.MULTILINE) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                found = compiled.search(self.output, self.position)
                if found:
                    self.position = found.end()
                    return found
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not self.reader.is_alive():
                    raise AssertionError(
                        f"{compiled.pattern!r} did not appear within {timeout:.0f} s; the client "
                        f"{self._state()} and wrote:\n{self.output[-6000:]}"
                    )
                self.changed.wait(min(remaining, 1.0))

    def _state(self) -> str:
        code = self.process.poll()
        return "is still running" if code is None else f"exited with status {code}"

    def text(self) -> str:
        with self.changed:
            return self.output

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        """The exit status, once the client has ended and all it wrote has been read."""
        code = self.process.wait(timeout=timeout)
        self.reader.join(timeout=10)
        return code

    # Typing -------------------------------------------------------------------------

    def line(self, text: str = "") -> None:
        os.write(self.master, (text + "\n").encode())

    def interrupt(self) -> None:
        """Ctrl-C, typed."""
        os.write(self.master, b"\x03")

    # Playing ------------------------------------------------------------------------

    def next_prompt(self, timeout: float = TIMEOUT) -> re.Match[str]:
        """The prompt the client waits at: one not answered yet, or the next to appear."""
        if self.unanswered is None:
            self.unanswered = self.expect(PROMPT, timeout)
        return self.unanswered

    def hand(self) -> list[Card]:
        """The hand drawn last before the prompt expected last."""
        text = self.text()[: self.position]
        start = text.rfind("Your hand:\n")
        assert start >= 0, f"no hand on the screen:\n{text[-3000:]}"
        cards = []
        for row in text[start:].split("\n")[1:]:
            found = HAND_LINE.match(row)
            if not found:
                break
            cards.append(Card(int(found.group(1)), found.group(2), found.group(3) or ""))
        return cards

    def answer(self, prompt: re.Match[str]) -> str:
        """Answer like a simple player: continue, pass, or the first card allowed; the answer."""
        if prompt.group(1).startswith("Enter"):
            answer = ""
        elif prompt.group(1).startswith("Your call"):
            answer = "p"
        else:
            answer = str(next(card.number for card in self.hand() if not card.reason))
        self.unanswered = None
        self.line(answer)
        return answer

    def play_until(self, pattern: str, timeout: float = 3 * TIMEOUT) -> None:
        """Answer every prompt until ``pattern`` appears; stop at the prompt after it."""
        if not self.play_until_or_match_end(pattern, timeout):
            raise AssertionError(f"the match ended before {pattern!r} appeared:\n{self.output[-6000:]}")

    def play_until_or_match_end(self, pattern: str, timeout: float = 3 * TIMEOUT) -> bool:
        """Answer every prompt until ``pattern`` appears (True, stopped at the prompt after it)
        or the match ends and the client leaves normally (False)."""
        compiled = re.compile(pattern, re.MULTILINE)
        deadline = time.monotonic() + timeout
        while True:
            try:
                prompt = self.next_prompt(max(1.0, deadline - time.monotonic()))
            except AssertionError:
                if self.process.poll() != 0:
                    raise
                self.reader.join(timeout=10)
                return bool(compiled.search(self.text()))
            if compiled.search(self.text()):
                return True
            self.answer(prompt)

    # Ending -------------------------------------------------------------------------

    def close(self) -> None:
        """Kill the client (its own process group) if it still runs."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.reader.join(timeout=10)
        os.close(self.master)
