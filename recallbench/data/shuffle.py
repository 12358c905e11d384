"""The reference's seeded shuffle, bit-exact (reference §2.8). Pure.

Mulberry32 on 32-bit integers, Fisher–Yates from the end, and — the detail that matters for
reproducing old runs — the generator re-seeded with the same seed on *every* shuffle call. Seed 0 means
no shuffle at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["mulberry32", "seeded_shuffle"]

T = TypeVar("T")
_M32 = 0xFFFFFFFF


def _imul(a: int, b: int) -> int:
    """JavaScript's ``Math.imul`` on unsigned 32-bit representations."""
    return (a * b) & _M32


def mulberry32(seed: int) -> Callable[[], float]:
    """A generator of floats in [0, 1), identical to the reference's ``mulberry32(seed)``."""
    state = seed & _M32

    def rand() -> float:
        nonlocal state
        state = (state + 0x6D2B79F5) & _M32
        s = state
        t = _imul(s ^ (s >> 15), s | 1)
        t = ((t + _imul(t ^ (t >> 7), t | 61)) & _M32) ^ t
        return ((t ^ (t >> 14)) & _M32) / 4294967296

    return rand


def seeded_shuffle(items: Sequence[T], seed: int) -> list[T]:
    """A shuffled copy of ``items``; seed 0 returns the items in their given order."""
    out = list(items)
    if seed == 0:
        return out
    rand = mulberry32(seed)
    for i in range(len(out) - 1, 0, -1):
        j = int(rand() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out
