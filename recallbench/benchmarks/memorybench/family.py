"""The MemoryBench family: :class:`MemoryBenchManifests`.

Only :mod:`.probe` (a few ``stat`` calls) is imported with it: detection runs for every ``--data``
path no other family claims first, and a persona run must not pay for the readers, the judges or the
metrics, which each member imports when it is called.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...family.base import BaseBenchmark, Figures, Validation
from .probe import MANIFEST_FILE, is_manifest_data, near_misses

if TYPE_CHECKING:
    from ...data.dataset import Dataset
    from ...judges.base import Judge
    from ...models.base import TextModel
    from ...results.records import PersonaResult
    from .dataset import ManifestDataset
    from .judge import ManifestJudge

__all__ = ["MemoryBenchManifests"]

DEEP_NOTE = "note: --deep proves persona datasets; a MemoryBench benchmark gets the basic checks"
"""What ``validate --deep`` says of MemoryBench data (it has no deep check of its own)."""


class MemoryBenchManifests(BaseBenchmark):
    """MemoryBench benchmark folders (the package docstring)."""

    name = "memorybench"
    title = "MemoryBench"
    summary = (
        "MemoryBench benchmark folders: manifest.json beside its JSON or JSONL data file "
        "(or a folder of them), each judged by its own evaluation protocol"
    )
    unit = "unit"
    own_default_judge = True
    """Without ``--judge``, each benchmark's own ``evaluation`` protocol judges its answers."""

    def detect(self, path: Path) -> bool:
        """A benchmark folder (``manifest.json`` in it), a folder of them, or a path naming a
        ``manifest.json`` — also one that is not there, so that :meth:`resolve` says so."""
        if path.name == MANIFEST_FILE and (path.is_file() or not path.exists()):
            return True
        return is_manifest_data(path)

    def resolve(self, spec: str, target: str, options: Mapping[str, Any]) -> Path:
        """The benchmark folder (or folder of them): a ``manifest.json`` is read as its folder.

        Raises:
            DatasetError: a ``manifest.json`` that is not there, another file, or a folder holding
                no benchmark (naming what was looked for and what is there instead).
            ConfigError: ``spec`` is not ``memorybench``.
        """
        from ...errors import DatasetError
        from .probe import no_manifest_message

        path = super().resolve(spec, target, options)
        if path.is_file():
            if path.name == MANIFEST_FILE:
                return path.parent
            raise DatasetError(
                f"--data {self.name}:PATH takes a benchmark folder, a folder of them or a "
                f"{MANIFEST_FILE}, not this file",
                path=path,
            )
        if path.name == MANIFEST_FILE and not path.exists():
            where = "no such folder" if not path.parent.is_dir() else "no such file in its folder"
            raise DatasetError(f"the MemoryBench manifest is not there ({where})", path=path)
        if not is_manifest_data(path):
            raise DatasetError(no_manifest_message(path), path=path)
        return path

    def open(self, path: Path, *, arcs_file: str) -> ManifestDataset:
        """The benchmarks at ``path`` (``arcs_file`` is a persona folder's: unused here)."""
        from .dataset import ManifestDataset

        return ManifestDataset(path)

    def unit_ids(self, path: Path, *, arcs_file: str) -> list[str]:
        """``<unit>`` in one benchmark, ``<benchmark>/<unit>`` in a folder of several."""
        return self.open(path, arcs_file=arcs_file).persona_ids()

    def validate(
        self, path: Path, *, personas: Sequence[str] | None, arcs_file: str, deep: bool
    ) -> Validation:
        """Every problem of each manifest and its data file, with its JSON path and file:line
        (``personas`` and ``arcs_file`` are a persona folder's: unused here)."""
        from .dataset import validate_manifests

        return Validation(
            problems=tuple(validate_manifests(path)),
            ok=f"OK: {path} is a valid MemoryBench benchmark folder",
            notes=(DEEP_NOTE,) if deep else (),
        )

    def preflight(
        self, path: Path, *, personas: Sequence[str], arcs_file: str, full: bool
    ) -> list[str]:
        """The benchmarks' errors, else the units asked for that they do not have. A run that
        skips the preflight (``full`` False) is checked by its load, which refuses a benchmark
        with an error."""
        if not full:
            return []
        if not path.is_dir():
            return [f"data directory not found: {path}"]
        from ...data.validate import format_problem
        from .dataset import ManifestDataset, validate_manifests

        errors = [format_problem(p) for p in validate_manifests(path) if p.severity == "error"]
        if errors or not personas:
            return errors
        known = set(ManifestDataset(path).persona_ids())
        return [
            f"unit {pid!r} is not in the benchmark(s) at {path}"
            for pid in personas
            if pid not in known
        ]

    def default_judge(
        self, dataset: Dataset, *, model: TextModel | None, model_spec: str | None
    ) -> ManifestJudge:
        """Each benchmark's own ``evaluation`` protocol (:func:`~.judge.manifest_judge`), ``model``
        the one of its ``llm-as-judge`` benchmarks (named ``model_spec`` in results).

        Raises:
            ConfigError: an ``llm-as-judge`` benchmark and no model (naming its manifest and
                ``--judge-model``); a benchmark's ``evaluation`` section is wrong.
            DatasetError: a benchmark cannot be read.
        """
        from .judge import manifest_judge

        return manifest_judge(dataset, model, model_name=model_spec)  # type: ignore[arg-type]

    def figures(self, dataset: Dataset, judge: Judge, personas: Sequence[PersonaResult]) -> Figures:
        """``benchmarkMetrics``: per benchmark and question type, the metrics its manifest
        declares (faithfulness only when the run was judged by the manifests' own protocols)."""
        from ...judges.cache import CachedJudge
        from .judge import ManifestJudge
        from .metrics import manifest_run_metrics

        inner = judge.inner if isinstance(judge, CachedJudge) else judge
        metrics = manifest_run_metrics(
            dataset,  # type: ignore[arg-type]
            personas,
            judged_by_protocol=isinstance(inner, ManifestJudge),
        )
        return Figures(metrics=metrics)

    def no_data_hint(self, path: Path) -> str:
        """What was looked for at a folder holding no data, and what is there instead: the part of
        ``no_data_message`` (the personas family's "no persona directories … and …") that is this
        family's."""
        return (
            f"no MemoryBench manifest (looked for {path / MANIFEST_FILE} and "
            f"{path / '*' / MANIFEST_FILE}){near_misses(path)}"
        )
