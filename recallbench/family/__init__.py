"""Benchmark families: the :class:`Benchmark` protocol and the registry that finds them.

A benchmark family is a kind of data the harness runs — Recall Bench's persona folders (the
default), MemoryBench manifests, LoCoMo, LongMemEval, BEAM, or one an installed package adds —
with everything it brings around a run: recognising and opening its data (``--data NAME:PATH``),
its checkpoints and categories, its default and official judges, the figures it adds to
``result.json`` and their sections in the reports, its validation and its part of the
fingerprint. The core reaches a family only through :class:`Benchmark`; families register in the
``recallbench.benchmarks`` entry-point group (or in-process with :func:`register`) and are
imported only when asked for. Write one by subclassing :class:`BaseBenchmark`
(docs/how-to/benchmark-family.md).

Importing this package is cheap: each name is imported from its module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from .base import (
        BaseBenchmark,
        Benchmark,
        DataOption,
        Figures,
        ImportSummary,
        Table,
        Validation,
    )
    from .imported import ImportedBenchmark
    from .opening import benchmark_of, detect, open_data, open_dataset, resolve_data
    from .registry import all_families, family, family_names, register, registered, unregister

__all__ = [
    "BaseBenchmark",
    "Benchmark",
    "DataOption",
    "Figures",
    "ImportSummary",
    "ImportedBenchmark",
    "Table",
    "Validation",
    "all_families",
    "benchmark_of",
    "detect",
    "family",
    "family_names",
    "open_data",
    "open_dataset",
    "register",
    "registered",
    "resolve_data",
    "unregister",
]

_LAZY = {
    "BaseBenchmark": "base",
    "Benchmark": "base",
    "DataOption": "base",
    "Figures": "base",
    "ImportSummary": "base",
    "ImportedBenchmark": "imported",
    "Table": "base",
    "Validation": "base",
    "all_families": "registry",
    "benchmark_of": "opening",
    "detect": "opening",
    "family": "registry",
    "family_names": "registry",
    "open_data": "opening",
    "open_dataset": "opening",
    "register": "registry",
    "registered": "registry",
    "resolve_data": "opening",
    "unregister": "registry",
}

__getattr__ = lazy_getattr(__name__, _LAZY, globals())
