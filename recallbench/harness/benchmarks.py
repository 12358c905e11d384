"""What a run over MemoryBench manifests adds to the harness: its default judge (each benchmark's own
evaluation protocol, :func:`~recallbench.judges.manifest_judge.manifest_judge`) and the benchmark
metrics of its answers (``benchmarkMetrics`` in ``result.json``,
:func:`~recallbench.results.manifest_run.manifest_run_metrics`). Runs of persona directories get
neither: their judge stays the stub unless one is named, and their ``result.json`` is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .._lazy import instance_of_loaded
from ..judges.base import Judge
from ..results.records import PersonaResult
from ..results.scoring import StubJudge

__all__ = ["benchmark_metrics_of", "default_judge", "is_manifest_dataset"]

# The MemoryBench family is asked about by its module's name: a persona run never imports it.
_MANIFEST_DATASET = "recallbench.data.importers.memorybench.dataset"


def is_manifest_dataset(dataset: object) -> bool:
    """Whether ``dataset`` is a MemoryBench benchmark (without importing the importer to ask)."""
    return instance_of_loaded(dataset, _MANIFEST_DATASET, "ManifestDataset")


def default_judge(dataset: object) -> Judge:
    """The judge of a run given none: a manifest dataset's protocols, else the stub judge.

    Raises:
        ConfigError: an ``llm-as-judge`` benchmark and no model (pass a judge built with
            ``manifest_judge(dataset, model=...)``).
    """
    if is_manifest_dataset(dataset):
        from ..judges.manifest_judge import manifest_judge

        return manifest_judge(dataset)  # type: ignore[arg-type]
    return StubJudge()


def benchmark_metrics_of(
    dataset: object, judge: Judge, personas: Sequence[PersonaResult]
) -> tuple[Mapping[str, Any], ...] | None:
    """A manifest run's ``benchmarkMetrics`` records; None for any other dataset."""
    if not is_manifest_dataset(dataset):
        return None
    from ..judges.cache import CachedJudge
    from ..judges.manifest_judge import ManifestJudge
    from ..results.manifest_run import manifest_run_metrics

    inner = judge.inner if isinstance(judge, CachedJudge) else judge
    return manifest_run_metrics(
        dataset,  # type: ignore[arg-type]
        personas,
        judged_by_protocol=isinstance(inner, ManifestJudge),
    )
