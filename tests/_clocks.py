"""Comparing runs whatever their clocks said: the keys that hold times, and a copy without them."""

from __future__ import annotations

from typing import Any

CLOCKS = frozenset(
    {
        "timestamp",
        "durationMs",
        "latencyMs",
        "totalIngestionMs",
        "totalQueryMs",
        "timing",
        "ingestMs",
        "finalizeMs",
        "queryLatencyMs",
        "queryMs",
    }
)
"""Keys of result.json and the JSONL logs whose values are wall-clock readings."""


def without_clocks(value: Any) -> Any:
    """``value`` (parsed JSON) with every :data:`CLOCKS` key dropped, at any depth."""
    if isinstance(value, dict):
        return {k: without_clocks(v) for k, v in value.items() if k not in CLOCKS}
    if isinstance(value, list):
        return [without_clocks(v) for v in value]
    return value
