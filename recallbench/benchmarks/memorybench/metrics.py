"""The benchmark metrics of a run over MemoryBench manifests (``benchmarkMetrics`` in ``result.json``).

When a run of a :class:`~recallbench.benchmarks.memorybench.dataset.ManifestDataset` ends, each answer is
read as a :class:`~recallbench.results.benchmark_metrics.BenchmarkAnswer` and the answers make one
table per benchmark: its overall row and one row per question type, each with the metrics its
manifest declares (``metrics``; all of them when it declares none).

**Retrieved ids.** An answer's retrieval entries name days (kept, best first, in
:attr:`~recallbench.results.records.QuestionResult.retrieved_days`); the benchmark's gold ids are
not days. A session-based day holds exactly one session, so a day is its session's id and the gold
ids are the sessions the dataset traced the evidence to (``extra["evidenceSessions"]``). A day of the
other strategies is its memory id (``day-0007``) against ``extra["evidence"]``; MemoryBench's simple
and add-delete-verify data name no evidence, so their answers have no retrieval metrics (their
``retrievalCount`` is 0 and the six metrics are absent), never zeros.

**Which answers.** Every answer of the run: a manifest's unit is asked once (its ``full``
checkpoint) unless ``--ranges`` asks more, and then each asking counts, as in every other mean of a
run. Answers whose judge failed count in ``questionCount`` and the retrieval means, not in the answer
metrics.

**Which protocol.** ``faithfulness`` is an ``llm-as-judge`` verdict: it is given only when the run
was judged by the manifests' own protocols (``judged_by_protocol``); a run judged by another judge
for every benchmark (``--judge rubric``) gets correctness from that judge and no faithfulness.

Pure: stdlib and attrs only (and the dataset's records).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ...data.corpus import Day
from ...results.benchmark_metrics import (
    BENCHMARK_KEY,
    BenchmarkAnswer,
    benchmark_answer,
    benchmark_metrics_table,
    metrics_records,
    requested_metrics,
)
from ...results.records import PersonaResult, QuestionResult

if TYPE_CHECKING:
    # Types only: the dataset that is measured has already imported its readers.
    from .dataset import ManifestDataset
    from .manifest import Manifest

__all__ = [
    "BENCHMARK_KEY",
    "day_ids",
    "evidence_key",
    "manifest_answers",
    "manifest_run_metrics",
]


def day_ids(days: Iterable[Day], manifest: Manifest) -> dict[int, str]:
    """Each day's id in the benchmark's gold ids: its session's id for a session-based benchmark
    (a day holds one session), else its memory id (``day-0007``)."""
    sessions = _by_session(manifest)
    out: dict[int, str] = {}
    for day in days:
        if sessions and day.sessions:
            out[day.number] = next(iter(day.sessions))
        else:
            out[day.number] = f"day-{day.number:04d}"
    return out


def evidence_key(manifest: Manifest) -> str:
    """Where a pair of ``manifest`` keeps the gold ids a ranking of days is measured against."""
    return "evidenceSessions" if _by_session(manifest) else "evidence"


def _by_session(manifest: Manifest) -> bool:
    """Whether ``manifest`` ingests a session a day (its gold ids are session ids)."""
    from .manifest import SessionIngestion

    return isinstance(manifest.ingestion, SessionIngestion)


def _results(persona: PersonaResult) -> Iterator[tuple[QuestionResult, bool]]:
    for r in persona.range_results:
        for q in r.question_results:
            yield q, True
        for q in r.unscored_results or ():
            yield q, False


def manifest_answers(
    dataset: ManifestDataset, personas: Iterable[PersonaResult], *, judged_by_protocol: bool
) -> Iterator[tuple[Manifest, BenchmarkAnswer]]:
    """Every answer of the run as the metrics read it, with its benchmark's manifest."""
    for persona in personas:
        manifest = dataset.manifest_of(persona.persona_id)
        ids = dataset.day_ids(persona.persona_id)  # day_ids of its days, none read
        key = evidence_key(manifest)
        protocol = manifest.evaluation.protocol if judged_by_protocol else None
        for q, scored in _results(persona):
            days = q.retrieved_days
            ranking = None if days is None else [ids.get(d, f"day-{d:04d}") for d in days]
            yield (
                manifest,
                benchmark_answer(
                    q,
                    benchmark=manifest.name,
                    protocol=protocol,
                    ranking=ranking,
                    scored=scored,
                    evidence_key=key,
                ),
            )


def manifest_run_metrics(
    dataset: ManifestDataset, personas: Iterable[PersonaResult], *, judged_by_protocol: bool
) -> tuple[Mapping[str, Any], ...]:
    """The ``benchmarkMetrics`` records of a run: per benchmark (in the order its units ran) its
    overall row and its question types, each with the metrics its manifest declares."""
    answers: list[BenchmarkAnswer] = []
    declared: dict[str, tuple[str, ...]] = {}
    for manifest, answer in manifest_answers(
        dataset, personas, judged_by_protocol=judged_by_protocol
    ):
        declared.setdefault(manifest.name, requested_metrics(manifest.metrics or None))
        answers.append(answer)
    rows = benchmark_metrics_table(answers)
    out: list[Mapping[str, Any]] = []
    for name, metrics in declared.items():
        out += metrics_records((r for r in rows if r.benchmark == name), metrics)
    return tuple(out)
