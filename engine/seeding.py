"""Deterministic randomness from explicit seeds.

The engine never touches a global random generator. Every shuffle takes a seed, and
seeds for sub-parts (the n-th deal of a match, a daily deal) are derived by hashing, so
the same seed gives the same cards on every machine and every Python version. The
generator is SplitMix64, chosen because it is tiny, fast and fully specified here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


def derive_seed(seed: int | str, *labels: int | str) -> int:
    """A 64-bit seed for a named sub-part of ``seed`` (e.g. ``derive_seed(s, "deal", 3)``)."""
    text = "/".join(str(part) for part in (seed, *labels))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


class SeededRandom:
    """SplitMix64: a small explicit random source. Not for cryptography."""

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)`` (rejection sampling, no modulo bias)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy of ``items``."""
        result = list(items)
        for index in range(len(result) - 1, 0, -1):
            other = self.below(index + 1)
            result[index], result[other] = result[other], result[index]
        return result

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
