"""A small seeded generator that gives the same numbers on every machine and Python version.

``random.Random`` keeps its core stable but not every helper (``sample`` and ``randrange`` changed
across versions), and the shipped personas must regenerate byte for byte. SplitMix64 is a few lines,
and :meth:`Rng.fork` derives independent streams from names, so adding a new consumer of randomness
does not shift the numbers an old one draws.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["Rng"]

T = TypeVar("T")
_M64 = 0xFFFFFFFFFFFFFFFF


class Rng:
    """SplitMix64 with the handful of draws the engine needs."""

    def __init__(self, seed: int) -> None:
        self.seed = seed & _M64
        self._state = self.seed

    def fork(self, *labels: object) -> Rng:
        """An independent stream named by ``labels``, derived from the seed (not the current state)."""
        text = ":".join([str(self.seed), *map(str, labels)])
        digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
        return Rng(int.from_bytes(digest, "big"))

    def _next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _M64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self._next() >> 11) / 9007199254740992

    def below(self, n: int) -> int:
        """An integer in [0, n)."""
        if n < 1:
            raise ValueError("below() needs n >= 1")
        return self._next() % n

    def randint(self, a: int, b: int) -> int:
        """An integer in [a, b], both ends included."""
        return a + self.below(b - a + 1)

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def chance(self, p: float) -> bool:
        return self.random() < p

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items (all of them, shuffled, when ``k`` ≥ ``len(seq)``)."""
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]
