"""Days counted while they are alive: which units hold read days at once (issue 36.4's bound); and
a result's JSON without what the clock decides, to hold a lazy run to an eager one."""

from __future__ import annotations

import json
import weakref
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

import recallbench as rb
from recallbench._convert import to_json
from recallbench.data.corpus import Day, DaySource


class Live:
    """Which personas have days alive (read and not yet let go), and the most at once."""

    def __init__(self) -> None:
        self.alive: dict[str, int] = {}
        self.most = 0
        self.read: set[str] = set()

    def born(self, persona: str, day: Day) -> None:
        self.alive[persona] = self.alive.get(persona, 0) + 1
        self.read.add(persona)
        self.most = max(self.most, len(self.alive))
        weakref.finalize(day, self.died, persona)

    def died(self, persona: str) -> None:
        self.alive[persona] -= 1
        if not self.alive[persona]:
            del self.alive[persona]


@attrs.frozen
class Counting:
    """A DaySource that tells ``live`` about every day it reads."""

    inner: DaySource
    persona: str
    live: Live = attrs.field(eq=False)

    def read_days(self, numbers: Sequence[int]) -> Iterator[Day]:
        for day in self.inner.read_days(numbers):
            self.live.born(self.persona, day)
            yield day


def _untimed(value: Any) -> Any:
    """A result's JSON without what the clock decides (timestamps, durations, timings)."""
    if isinstance(value, dict):
        return {
            k: _untimed(v)
            for k, v in value.items()
            if not (k.endswith("Ms") or k in {"timing", "timestamp"})
        }
    if isinstance(value, list):
        return [_untimed(v) for v in value]
    return value


def comparable(result: rb.BenchmarkResult) -> str:
    """``result`` as JSON, keys sorted, without what the clock decides."""
    return json.dumps(_untimed(to_json(result)), sort_keys=True)
