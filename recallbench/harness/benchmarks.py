"""What a run over MemoryBench manifests adds to the harness: its default judge (each benchmark's own
evaluation protocol, :func:`~recallbench.judges.manifest_judge.manifest_judge`) and the benchmark
metrics of its answers (``benchmarkMetrics`` in ``result.json``,
:func:`~recallbench.results.manifest_run.manifest_run_metrics`). Runs of persona directories get
neither: their judge stays the stub unless one is named, and their ``result.json`` is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..data.importers.memorybench import ManifestDataset
from ..judges.base import Judge
from ..judges.cache import CachedJudge
from ..judges.manifest_judge import ManifestJudge, manifest_judge
from ..results.manifest_run import manifest_run_metrics
from ..results.records import PersonaResult
from ..results.scoring import StubJudge

__all__ = ["benchmark_metrics_of", "default_judge"]


def default_judge(dataset: object) -> Judge:
    """The judge of a run given none: a manifest dataset's protocols, else the stub judge.

    Raises:
        ConfigError: an ``llm-as-judge`` benchmark and no model (pass a judge built with
            ``manifest_judge(dataset, model=...)``).
    """
    if isinstance(dataset, ManifestDataset):
        return manifest_judge(dataset)
    return StubJudge()


def benchmark_metrics_of(
    dataset: object, judge: Judge, personas: Sequence[PersonaResult]
) -> tuple[Mapping[str, Any], ...] | None:
    """A manifest run's ``benchmarkMetrics`` records; None for any other dataset."""
    if not isinstance(dataset, ManifestDataset):
        return None
    inner = judge.inner if isinstance(judge, CachedJudge) else judge
    return manifest_run_metrics(
        dataset, personas, judged_by_protocol=isinstance(inner, ManifestJudge)
    )
