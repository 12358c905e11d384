"""The records of a benchmark result (reference §3.2), written as ``result.json``.

Field order is the reference's key order; optional fields default to None and are omitted from JSON
when absent. Keys of our own are added after the reference's and never change their meaning.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import attrs

from .._convert import converter
from .._fields import NOT_IN_JSON, keys
from ..data.qa import QAPair
from ..data.ranges import TimeRange
from .panel_scores import PanelVerdict
from .scoring import JudgeScore

__all__ = [
    "BenchmarkResult",
    "CategoryScore",
    "DifficultyStats",
    "DisclosureStats",
    "HeatmapCell",
    "LatencyStats",
    "PersonaResult",
    "QuestionError",
    "QuestionResult",
    "RetrievalMetrics",
    "RetrievalSummary",
    "RunMetadata",
    "RunTiming",
    "ScoreInterval",
    "TimeRangeResult",
]


@attrs.frozen(kw_only=True)
class QuestionError:
    """Why a question has no real answer or score: the adapter or the judge failed on it."""

    stage: str
    """``query`` (the adapter failed or timed out: a scored 0/0/1), ``connection`` (the memory system
    could not be reached: unscored, asked again on resume) or ``judge`` (unscored, judged again on
    resume)."""
    type: str
    message: str


def _unit(_inst: object, a: attrs.Attribute[Any], value: float) -> None:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{a.name} must be within [0, 1], got {value}")


RETRIEVAL_METRICS: tuple[str, ...] = ("recall@5", "recall@10", "ndcg@10", "mrr")
"""The retrieval metrics' names, as keys in JSON."""


@attrs.frozen(kw_only=True)
class RetrievalMetrics:
    """Ours: how well the memories a system retrieved cover the question's relevant days (binary
    relevance; the system's order is the ranking — see :mod:`recallbench.results.retrieval_metrics`), for one
    question or as means over many."""

    recall_at_5: float = attrs.field(validator=_unit, metadata=keys(json="recall@5"))
    recall_at_10: float = attrs.field(validator=_unit, metadata=keys(json="recall@10"))
    ndcg_at_10: float = attrs.field(validator=_unit, metadata=keys(json="ndcg@10"))
    mrr: float = attrs.field(validator=_unit)

    def as_dict(self) -> dict[str, float]:
        """``{"recall@5": …, "recall@10": …, "ndcg@10": …, "mrr": …}``."""
        return dict(zip(RETRIEVAL_METRICS, self.as_tuple(), strict=True))

    def as_tuple(self) -> tuple[float, float, float, float]:
        """The values in :data:`RETRIEVAL_METRICS` order."""
        return (self.recall_at_5, self.recall_at_10, self.ndcg_at_10, self.mrr)


@attrs.frozen(kw_only=True)
class ScoreInterval:
    """Ours: a bootstrap 95% interval around a mean composite score (0–6), in runs of more than one
    epoch (:mod:`recallbench.results.intervals`)."""

    low: float
    high: float

    @property
    def width(self) -> float:
        return self.high - self.low


@attrs.frozen(kw_only=True)
class RetrievalSummary:
    """Ours: retrieval metrics macro-averaged over the questions that have them."""

    overall: RetrievalMetrics
    question_count: int
    by_category: Mapping[str, RetrievalMetrics]
    turns: RetrievalMetrics | None = None
    """Ours: the same metrics at turn level, against the pairs' gold turns, when the data names
    turns (an imported conversation's) and the system reports them (``RetrievalEntry.turn``); None (not written)
    otherwise (:mod:`recallbench.results.turn_retrieval`)."""
    turn_question_count: int | None = None
    """The answers the turn-level means are over (those whose pair has gold turns)."""


@attrs.frozen(kw_only=True)
class LatencyStats:
    """Ours: per-question answer latency in milliseconds (percentiles by linear interpolation)."""

    p50: float
    p95: float
    max: float
    count: int


@attrs.frozen(kw_only=True)
class RunTiming:
    """Ours: what the memory system cost in time over a run (or one persona)."""

    query_latency_ms: LatencyStats | None = None
    ingest_ms_per_day: float | None = None
    """Mean ingestion time per ingested day (finalize excluded)."""
    finalize_ms_mean: float | None = None
    """Mean ``finalize_ingestion`` time per checkpoint that ingested."""
    finalize_ms_max: float | None = None


@attrs.frozen(kw_only=True)
class QuestionResult:
    """One evaluated question. An adapter failure is scored 0/0/1 without calling the judge (no
    answer, nothing fabricated); its answer is the reference's ``[TIMEOUT]`` after a timeout and
    ``[ERROR: <type>]`` after any other failure, and ``error`` says why."""

    qa: QAPair
    system_answer: str
    score: JudgeScore
    composite_score: float
    latency_ms: float
    primary_score: JudgeScore | None = None
    error: QuestionError | None = None
    retrieval_metrics: RetrievalMetrics | None = None
    """Ours: set when the system returned retrieval entries with day numbers and the pair has
    evidence days (every category but negative-recall)."""
    epoch: int | None = None
    """Ours: which asking of the question this answer is (1…N) in a run of ``--epochs N`` > 1;
    None (not written) in a run of one epoch."""
    panel: tuple[PanelVerdict, ...] | None = None
    """Ours: every verdict of a judge panel or of ``--judge-epochs`` > 1 (judge, epoch, the three
    scores, composite, reasoning); ``score`` and ``composite_score`` are their aggregate
    (:mod:`recallbench.results.panel_scores`). None (not written) with one judge judging once."""
    usage: Mapping[str, Mapping[str, Mapping[str, int]]] | None = None
    """Ours: the tokens this answer cost, ``{role: {model: {calls, inputTokens, outputTokens}}}``
    with roles ``judge``, ``appellate`` and ``adapter`` (:mod:`recallbench.results.cost`); None (not
    written) when no model call reported tokens."""
    retrieved_days: tuple[int, ...] | None = attrs.field(
        default=None, eq=False, repr=False, metadata={NOT_IN_JSON: True}
    )
    """Ours, in memory only (never in ``result.json``): the days a data-driven benchmark's answer
    retrieved, best first, from which the run's ``benchmarkMetrics`` are computed when it ends
    (by its benchmark family); None for persona questions and for answers that
    reported no retrieval."""
    turn_retrieval_metrics: RetrievalMetrics | None = None
    """Ours: the retrieval metrics against the pair's gold turns (``extra["evidenceTurns"]``),
    set when the system's retrieval entries name turns (:mod:`recallbench.results.turn_retrieval`)."""


@attrs.frozen(kw_only=True)
class CategoryScore:
    """One category's scores at one checkpoint: the mean composite score (0–6) of its scored
    answers, how many there were, each score, and how many of the category's questions were
    eligible at the checkpoint."""

    category: str
    mean_score: float
    question_count: int
    scores: tuple[float, ...]
    eligible_count: int


@attrs.frozen(kw_only=True)
class DifficultyStats:
    mean: float
    count: int


# The large records get short reprs: asyncio formats a finished task's result with reprlib, which
# builds the full repr before truncating it — seconds for a 50,000-question result.


@attrs.frozen(kw_only=True, repr=False)
class TimeRangeResult:
    """One checkpoint of one persona: the days ingested, the questions asked and their results,
    the overall and per-category scores (0–6) and the hallucination rate; ``result.json`` writes it
    as one of a persona's ``rangeResults``."""

    range: TimeRange
    days_ingested: int
    questions_evaluated: int
    overall_score: float
    category_scores: tuple[CategoryScore, ...]
    difficulty_scores: Mapping[str, DifficultyStats]
    hallucination_rate: float
    """Percent (0–100) of answers judged hallucinated."""
    question_results: tuple[QuestionResult, ...]
    unscored_results: tuple[QuestionResult, ...] | None = None
    """Ours: questions whose judge failed after its retries. Their answers are kept, but they are
    left out of every mean and count above (their ``score`` is a placeholder of zeros)."""
    retrieval: RetrievalSummary | None = None
    """Ours: retrieval metrics over this checkpoint's answers (scored or not)."""
    query_latency_ms: LatencyStats | None = None
    """Ours: latency of this checkpoint's answers."""
    ingest_ms: float | None = None
    """Ours: time spent ingesting this checkpoint's new days (finalize excluded)."""
    new_days_ingested: int | None = None
    finalize_ms: float | None = None
    """Ours: time ``finalize_ingestion`` took at this checkpoint."""
    score_interval: ScoreInterval | None = None
    """Ours, in runs of more than one epoch: the bootstrap interval of ``overall_score``."""
    writes_refused: int | None = None
    """Ours: writes the memory system refused while this checkpoint's days were ingested
    (:class:`~recallbench.errors.WritesRefused`); None (not written) when it refused none."""

    def __repr__(self) -> str:
        return (
            f"TimeRangeResult(range={self.range.label!r}, days_ingested={self.days_ingested}, "
            f"questions_evaluated={self.questions_evaluated}, overall_score={self.overall_score:.3f})"
        )


@attrs.frozen(kw_only=True)
class HeatmapCell:
    """One cell of the category × checkpoint heatmap."""

    range: str
    """The checkpoint's label."""
    category: str
    score: float | None
    """The category's mean composite score (0–6) at the checkpoint; None when it holds no questions
    (``result.json`` writes 0 there, as the reference did, and reading it back gives None)."""
    question_count: int
    eligible_count: int | None = None
    interval: ScoreInterval | None = None
    """Ours, in runs of more than one epoch: the bootstrap interval of ``score``."""


def _cell_json(unstructure: Any) -> Any:
    def cell_json(cell: HeatmapCell) -> dict[str, Any]:
        out: dict[str, Any] = unstructure(cell)
        if out["score"] is None:
            out["score"] = 0
        return out

    return cell_json


converter.register_unstructure_hook(
    HeatmapCell, _cell_json(converter.get_unstructure_hook(HeatmapCell))
)


@attrs.frozen(kw_only=True)
class DisclosureStats:
    evaluations: int
    unique_pairs: int
    mean_score: float
    hallucination_rate: float


@attrs.frozen(kw_only=True, repr=False)
class PersonaResult:
    """One persona's run: its checkpoints in order (``range_results``), its heatmap, timings and
    counts, and ``error`` when it stopped early."""

    persona_id: str
    adapter_name: str
    range_results: tuple[TimeRangeResult, ...]
    heatmap: tuple[HeatmapCell, ...]
    total_ingestion_ms: float
    total_query_ms: float
    unique_qa_pair_count: int = attrs.field(metadata=keys(json="uniqueQAPairCount"))
    total_evals_run: int
    disclosure_breakdown: Mapping[str, DisclosureStats] | None = None
    error: str | None = None
    """Ours: why this persona stopped early (setup, ingestion or teardown failed)."""
    retrieval: RetrievalSummary | None = None
    timing: RunTiming | None = None
    cost: Mapping[str, Any] | None = None
    """Ours: what this persona's answers cost, in total and per checkpoint
    (:func:`recallbench.results.cost.persona_cost_json`); None when no call reported tokens."""

    def __repr__(self) -> str:
        # Only attributes it has, by their names (the checkpoints by label).
        return (
            f"PersonaResult(persona_id={self.persona_id!r}, "
            f"range_results={[r.range.label for r in self.range_results]!r}, "
            f"total_evals_run={self.total_evals_run}, error={self.error!r})"
        )


@attrs.frozen(kw_only=True)
class RunMetadata:
    """How the run was made and what it cost: duration, evaluation counts, the judge and its usage,
    lifecycle, parallelism, error counts, whether it was resumed; ``result.json``'s ``metadata``."""

    duration_ms: float | None
    total_evals_run: int
    unique_qa_pair_count: int = attrs.field(metadata=keys(json="uniqueQAPairCount"))
    sample: int | None = None
    judge_memory_window: int | None = None
    groups_enabled: bool = False
    synthesis_model: str | None = None
    embedding_provider: str | None = None
    embedding_model: str | None = None
    judge_model: str | None = None
    appellate_judge_model: str | None = None
    appellate_invocations: int | None = None
    lifecycle: str | None = None
    parallelism: int | None = None
    adapter_errors: int | None = None
    judge_errors: int | None = None
    resumed: bool | None = None
    judge_usage: Mapping[str, int] | None = None
    """Ours: the primary judge's calls, cache hits and misses, and tokens over this run."""
    appellate_judge_usage: Mapping[str, int] | None = None
    hallucination_mode: str | None = None
    """Ours: the primary judge's definition of a hallucination — ``invented``, ``window`` or
    ``reference-only`` (:mod:`recallbench.results.hallucination_mode`); None when unknown."""
    hallucination_window: int | None = None
    """Ours: N of the ``window`` definition (days either side of a question's relevant days)."""
    connection_errors: int | None = None
    """Ours: questions the memory system could not be reached for (UNAVAILABLE, connection
    refused, a dead process): unscored, kept apart from ``adapterErrors``, asked again on resume."""
    warnings: tuple[str, ...] | None = None
    """Ours: what went wrong outside any question (a teardown that hung past its timeout)."""
    data_dir: str | None = None
    """Ours: the data directory the run read (absolute), so that re-judging its answers
    (``judge-agreement``) finds the same days; None for a dataset that is not a directory."""
    arcs_file: str | None = None
    """Ours: the arcs file the run read in each persona directory."""
    fingerprint: Mapping[str, Any] | None = None
    """Ours: content hashes of what the run's numbers were computed from — datasets, selection,
    adapter, judges, lifecycle, executor, versions (:mod:`recallbench.results.fingerprint`); every
    run of the harness writes it; None when read from a run that has none (older runs, the
    reference's)."""
    cost: Mapping[str, Any] | None = None
    """Ours: what the run's answers cost, the price table's date, and ``--max-cost``'s budget
    (:func:`recallbench.results.cost.run_cost_json`); None when no call reported tokens and no
    budget was set."""
    epochs: int | None = None
    """Ours: how many times each question was asked at each checkpoint (``--epochs``); None (not
    written) for one."""
    intervals: Mapping[str, Any] | None = None
    """Ours, with ``epochs``: how the score intervals were computed (method, level, resamples,
    seed) and the width above which a heatmap cell is marked (``wideAbove``)."""
    writes_refused: int | None = None
    """Ours: writes the memory system refused over the whole run (the sum of the checkpoints'
    ``writesRefused``): what it was given and did not keep; None (not written) when it refused
    none."""
    retried_errors: int | None = None
    """Ours, after ``run --retry-errors``: the answers of this result that were asked or judged
    again after their adapter or judge call had failed (by ``--retry-errors`` or an earlier
    ``--resume``); None (not written) when the run's errors were never retried."""


@attrs.frozen(kw_only=True, repr=False)
class BenchmarkResult:
    """A whole run: every persona's results, the aggregate heatmap and the run's metadata — what
    :func:`recallbench.run` returns and ``result.json`` holds (camelCase keys on disk)."""

    timestamp: str
    adapter_name: str
    ranges: tuple[TimeRange, ...]
    personas: tuple[PersonaResult, ...]
    heatmap: tuple[HeatmapCell, ...]
    metadata: RunMetadata
    disclosure_breakdown: Mapping[str, DisclosureStats] | None = None
    retrieval: RetrievalSummary | None = None
    """Ours: retrieval metrics over every answer of the run that has them."""
    timing: RunTiming | None = None
    benchmark_metrics: tuple[Mapping[str, Any], ...] | None = None
    """Ours, only in runs of a benchmark family that declares metrics (its
    :class:`~recallbench.family.base.Figures`): each benchmark's metrics, overall and per question
    type (:func:`recallbench.results.benchmark_metrics.metrics_records`)."""
    public_benchmark: Mapping[str, Any] | None = None
    """Ours, only in runs of a benchmark family with published figures: by family name, its
    figures in the layout its authors publish (:class:`~recallbench.family.base.Figures`)."""
    overall_interval: ScoreInterval | None = None
    """Ours, in runs of more than one epoch: the bootstrap interval of :attr:`overall_score`."""
    checkpoint_intervals: Mapping[str, ScoreInterval] | None = None
    """Ours, in runs of more than one epoch: by checkpoint label, the interval of the heatmap's
    OVERALL cell (the mean over personas of each persona's score there)."""
    categories: tuple[str, ...] | None = None
    """Ours, only in runs of a benchmark family with categories of its own (a benchmark's
    abilities):
    those categories in its order, the rows of every per-category view; None (not written) for
    Recall Bench's ten."""

    @property
    def judged(self) -> bool:
        """Whether a judge scored the answers: False for a run given none, whose stub judge scored
        every answer 0 (``metadata.judge_model`` is None; the reports say NOT JUDGED)."""
        return self.metadata.judge_model is not None

    @property
    def overall_score(self) -> float | None:
        """The run's overall score: the mean composite score (0–6) of every scored answer, each
        evaluation weighing once (None when nothing was scored, or nothing was judged: see
        :attr:`judged`). As a percentage: ``/ 6 * 100``."""
        if not self.judged:
            return None
        scores = [
            q.composite_score
            for p in self.personas
            for rr in p.range_results
            for q in rr.question_results
        ]
        return math.fsum(scores) / len(scores) if scores else None

    @property
    def hallucination_rate(self) -> float | None:
        """The share (0–100) of the run's scored answers the judge flagged as hallucinated (None
        when nothing was scored); what a hallucination is depends on the judge's mode
        (``metadata.hallucination_mode``). None too when nothing was judged (:attr:`judged`)."""
        if not self.judged:
            return None
        flags = [
            q.score.hallucination == 0
            for p in self.personas
            for rr in p.range_results
            for q in rr.question_results
        ]
        return 100 * sum(flags) / len(flags) if flags else None

    def __repr__(self) -> str:
        # Only attributes it has, by their names (the personas by id, the score rounded).
        overall = self.overall_score
        return (
            f"BenchmarkResult(adapter_name={self.adapter_name!r}, "
            f"personas={[p.persona_id for p in self.personas]!r}, "
            f"overall_score={'None' if overall is None else f'{overall:.3f}'}, "
            f"judged={self.judged})"
        )
