# SHIM(issue 41): removed when the core is rewired
"""Moved to the families (:mod:`recallbench.benchmarks.locomo.report`,
:mod:`recallbench.benchmarks.longmemeval.report`: each family's ``figures()``); ``public_benchmark``
kept here for the core module that still calls it (``harness/engine.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..benchmarks.locomo.report import locomo_published
from ..benchmarks.longmemeval.report import longmemeval_published
from .records import PersonaResult

__all__ = ["public_benchmark"]


def public_benchmark(personas: Sequence[PersonaResult]) -> dict[str, Any] | None:
    """``publicBenchmark`` as before the move: each family's published figures, by its name."""
    found = {"locomo": locomo_published(personas), "longmemeval": longmemeval_published(personas)}
    return {k: v for k, v in found.items() if v is not None} or None
