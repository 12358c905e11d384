"""The metrics of a data-driven benchmark (a family that declares them): retrieval against gold evidence ids, answer
correctness and faithfulness, per benchmark and per question type. Pure: stdlib and attrs only.

**One question.** ``ranking`` is the ids of the items the system retrieved (a session id, a case id),
best first; ``gold`` the question's evidence ids (``QAPair.extra["evidence"]``). With ``U`` the
ranking's distinct items (an item that repeats counts only at its first, best, position), ``G`` the
gold set and ``U ∩ G`` the gold items retrieved:

* ``retrieval_precision`` = |U ∩ G| / |U|;
* ``retrieval_recall`` = |U ∩ G| / |G| (:func:`~recallbench.results.retrieval_metrics.recall_at_k`
  with no cutoff);
* ``retrieval_f1`` = 2PR / (P + R), 0 when P + R = 0;
* ``retrieval_coverage`` = 1 when at least one gold item was retrieved, else 0 (the data-driven
  benchmarks' coverage: "any gold item in the results"; averaged, the share of questions that found any);
* ``retrieval_ndcg`` = DCG / IDCG with binary gains, DCG = Σ_{i: item i ∈ G} 1 / log2(i + 1) over
  the whole ranking (ranks from 1) and IDCG the DCG of all |G| gold items ranked first
  (:func:`~recallbench.results.retrieval_metrics.ndcg_at_k` with no cutoff; trec_eval's ``ndcg``);
* ``retrieval_map`` = average precision, (1 / |G|) Σ_{i: item i ∈ G} |top-i ∩ G| / i (trec_eval's
  ``map`` for one query; averaged over questions, the mean average precision).

``k`` cuts every metric to the top ``k`` distinct items; without it the metrics read the whole
ranking, i.e. at the benchmark's ``retrieval_limit``, which is what the system was asked for.

**Tie rule.** The system's order is the ranking: items it scored equally keep the order it returned
them in and are never re-sorted (as in :mod:`~recallbench.results.retrieval_metrics`; trec_eval breaks
ties by document id, which would let an id decide a metric).

**Edge cases.** No gold: the metrics are undefined — the functions raise :class:`ValueError` and
:func:`question_retrieval_metrics` returns None, so the question is left out of the retrieval means (as
negative-recall pairs are in persona runs). Nothing retrieved (but gold): every metric is 0 — the
system found none of the evidence. (Some benchmarks' precision divides by every returned result,
duplicates included; ours by distinct items, so a system cannot lower its precision by returning the
same session twice, nor raise its recall.)

**Answers.** ``correctness`` is the mean of ``score.correctness / 3`` over the scored answers: 0–1,
the data-driven benchmarks' scale — for ``exact-match`` the share of exact matches, for ``deletion-check`` the share
of answers that did not leak, for ``llm-as-judge`` the mean of its 0.0–1.0 scores quantised to thirds
(see docs/judges.md). ``faithfulness`` is the share of answers judged grounded (``hallucination`` 1)
by an ``llm-as-judge`` protocol, whose faithfulness ≥ 0.5 maps to 1; None for other protocols, which
do not judge grounding in the retrieved content.

Summaries are macro-averages: every question weighs the same.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Iterable, Sequence
from typing import Any

import attrs

from ..data.qa import QAPair, question_type_key
from .records import QuestionResult
from .retrieval_metrics import Item, _top, days_ranking, ndcg_at_k, recall_at_k
from .scoring import JudgeScore

__all__ = [
    "ANSWER_METRICS",
    "BENCHMARK_KEY",
    "BENCHMARK_METRICS",
    "LLM_PROTOCOL",
    "RETRIEVAL_METRIC_NAMES",
    "BenchmarkAnswer",
    "MetricsRow",
    "QuestionRetrievalMetrics",
    "benchmark_answer",
    "benchmark_metrics_table",
    "correctness",
    "evidence_ids",
    "faithfulness",
    "metrics_records",
    "question_retrieval_metrics",
    "question_type",
    "requested_metrics",
    "retrieval_coverage",
    "retrieval_f1",
    "retrieval_map",
    "retrieval_ndcg",
    "retrieval_precision",
    "retrieval_recall",
    "retrieved_days",
]

LLM_PROTOCOL = "llm-as-judge"
"""The evaluation protocol whose scores carry a faithfulness verdict."""

RETRIEVAL_METRIC_NAMES: tuple[str, ...] = (
    "retrieval_precision",
    "retrieval_recall",
    "retrieval_f1",
    "retrieval_coverage",
    "retrieval_ndcg",
    "retrieval_map",
)
ANSWER_METRICS: tuple[str, ...] = ("correctness", "faithfulness")
BENCHMARK_METRICS: tuple[str, ...] = ANSWER_METRICS + RETRIEVAL_METRIC_NAMES
"""Every metric a benchmark's ``metrics`` list may name, in report order."""


BENCHMARK_KEY = "benchmark"
"""The ``QAPair.extra`` key naming the benchmark a data-driven benchmark's pair comes from (a
family that measures retrieval against gold ids sets it): such a pair's answers keep the days they
retrieved (:func:`retrieved_days`)."""


def retrieved_days(pair: QAPair, entry_days: Iterable[int | None] | None) -> tuple[int, ...] | None:
    """The days a benchmark pair's answer retrieved, best first and each once (empty: it retrieved
    nothing, a miss); None for a persona pair (nothing kept: a persona run's answers carry no
    ranking), for a system that reports no retrieval (``entry_days`` None), and for an answer
    whose retrieval entries named no day (no metrics rather than zeros)."""
    if BENCHMARK_KEY not in pair.extra or entry_days is None:
        return None
    days = list(entry_days)
    ranking = days_ranking(days)
    if days and not ranking:
        return None
    return tuple(ranking)


def _gold(gold: Collection[Item]) -> frozenset[Item]:
    if not gold:
        raise ValueError("a retrieval metric needs at least one gold item")
    return frozenset(gold)


def _found(ranking: Sequence[Item], gold: frozenset[Item], k: int | None) -> tuple[int, int]:
    """(distinct items in the top ``k``, how many of them are gold)."""
    top = _top(ranking, k)
    return len(top), sum(1 for item in top if item in gold)


def retrieval_precision(
    ranking: Sequence[Item], gold: Collection[Item], k: int | None = None
) -> float:
    """The share of the distinct retrieved items (top ``k``) that are gold; 0 with none retrieved.

    Raises:
        ValueError: ``gold`` is empty or ``k`` < 1.
    """
    retrieved, found = _found(ranking, _gold(gold), k)
    return found / retrieved if retrieved else 0.0


def _cutoff(ranking: Sequence[Item], gold: Collection[Item], k: int | None) -> int:
    # No cutoff is a cutoff past both the ranking and the gold set: IDCG then ranks every gold item.
    return k if k is not None else max(len(ranking), len(gold), 1)


def retrieval_recall(
    ranking: Sequence[Item], gold: Collection[Item], k: int | None = None
) -> float:
    """The share of the gold items retrieved (in the top ``k``).

    Raises:
        ValueError: ``gold`` is empty or ``k`` < 1.
    """
    g = _gold(gold)
    return recall_at_k(ranking, g, _cutoff(ranking, g, k))


def retrieval_f1(ranking: Sequence[Item], gold: Collection[Item], k: int | None = None) -> float:
    """The harmonic mean of precision and recall; 0 when both are 0.

    Raises:
        ValueError: ``gold`` is empty or ``k`` < 1.
    """
    p = retrieval_precision(ranking, gold, k)
    r = retrieval_recall(ranking, gold, k)
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


def retrieval_coverage(
    ranking: Sequence[Item], gold: Collection[Item], k: int | None = None
) -> float:
    """1.0 when any gold item was retrieved (in the top ``k``), else 0.0.

    Raises:
        ValueError: ``gold`` is empty or ``k`` < 1.
    """
    return 1.0 if _found(ranking, _gold(gold), k)[1] else 0.0


def retrieval_ndcg(ranking: Sequence[Item], gold: Collection[Item], k: int | None = None) -> float:
    """nDCG with binary gains over the top ``k`` (the whole ranking without ``k``).

    Raises:
        ValueError: ``gold`` is empty or ``k`` < 1.
    """
    g = _gold(gold)
    return ndcg_at_k(ranking, g, _cutoff(ranking, g, k))


def retrieval_map(ranking: Sequence[Item], gold: Collection[Item], k: int | None = None) -> float:
    """Average precision of one ranking (top ``k``): the mean over the gold items of the precision
    at the rank each was retrieved, a gold item never retrieved counting 0.

    Raises:
        ValueError: ``gold`` is empty or ``k`` < 1.
    """
    g = _gold(gold)
    found = 0
    precisions: list[float] = []
    for rank, item in enumerate(_top(ranking, k), 1):
        if item in g:
            found += 1
            precisions.append(found / rank)
    return math.fsum(precisions) / len(g)


@attrs.frozen(kw_only=True)
class QuestionRetrievalMetrics:
    """The six retrieval metrics of one question (or their means over many), each in [0, 1]."""

    precision: float
    recall: float
    f1: float
    coverage: float
    ndcg: float
    map: float

    def as_tuple(self) -> tuple[float, float, float, float, float, float]:
        """The values in :data:`RETRIEVAL_METRIC_NAMES` order."""
        return (self.precision, self.recall, self.f1, self.coverage, self.ndcg, self.map)

    def as_dict(self) -> dict[str, float]:
        """The values by their declared names (``retrieval_precision`` …)."""
        return dict(zip(RETRIEVAL_METRIC_NAMES, self.as_tuple(), strict=True))


def question_retrieval_metrics(
    ranking: Sequence[Hashable], gold: Collection[Hashable], k: int | None = None
) -> QuestionRetrievalMetrics | None:
    """All six metrics of one question; None when it has no gold evidence (nothing to measure)."""
    if not gold:
        return None
    g = frozenset(gold)
    return QuestionRetrievalMetrics(
        precision=retrieval_precision(ranking, g, k),
        recall=retrieval_recall(ranking, g, k),
        f1=retrieval_f1(ranking, g, k),
        coverage=retrieval_coverage(ranking, g, k),
        ndcg=retrieval_ndcg(ranking, g, k),
        map=retrieval_map(ranking, g, k),
    )


def question_type(pair: QAPair) -> str:
    """The benchmark's own question type (``extra["questionType"]``, a number read as its digits:
    a numbered type ``4`` is ``"4"``), else the pair's category."""
    return question_type_key(pair.extra.get("questionType")) or pair.category


def _type_order(question_type: str) -> tuple[int, int, str]:
    # Numbered types in numeric order ("2" before "10"), then named ones by name.
    digits = question_type.isdigit()
    return (0 if digits else 1, int(question_type) if digits else 0, question_type)


@attrs.frozen(kw_only=True)
class BenchmarkAnswer:
    """What the metrics read of one answer.

    Attributes:
        benchmark: the benchmark's name (its declared ``name``).
        question_type: its question type (:func:`question_type`).
        score: the judge's score; None when the judge failed (the answer is left out of the answer
            metrics, as unscored answers are left out of every mean).
        protocol: the evaluation protocol that scored it (``exact-match``, ``llm-as-judge``, …).
        retrieval: its retrieval metrics; None when it has no gold evidence, or the system
            reported no retrieval for it.
        has_gold: whether it has gold evidence: once any answer of a row reports retrieval, one
            with gold but no metrics (its query failed) counts as a miss.
    """

    benchmark: str
    question_type: str
    score: JudgeScore | None
    protocol: str | None = None
    retrieval: QuestionRetrievalMetrics | None = None
    has_gold: bool = False


_MISSED = QuestionRetrievalMetrics(
    precision=0.0, recall=0.0, f1=0.0, coverage=0.0, ndcg=0.0, map=0.0
)


def evidence_ids(pair: QAPair, key: str = "evidence") -> tuple[str, ...]:
    """The pair's gold evidence ids (``extra[key]``: a list of ids, or one id); () if none.

    ``key="evidenceSessions"`` reads the sessions the dataset traced the evidence to,
    for rankings of session ids."""
    value = pair.extra.get(key)
    if isinstance(value, str | int) and not isinstance(value, bool):
        return (str(value),)
    if isinstance(value, list | tuple):
        return tuple(str(v) for v in value if isinstance(v, str | int) and not isinstance(v, bool))
    return ()


def benchmark_answer(
    result: QuestionResult,
    *,
    benchmark: str,
    protocol: str | None,
    ranking: Sequence[str] | None,
    scored: bool = True,
    k: int | None = None,
    evidence_key: str = "evidence",
) -> BenchmarkAnswer:
    """What the metrics read of one answer of a run.

    Args:
        result: the answer.
        benchmark: its benchmark's name.
        protocol: the evaluation protocol that scored it.
        ranking: the ids of what the system retrieved, best first (empty: it retrieved
            nothing, which scores 0); None when it reported no retrieval (no retrieval metrics
            then, rather than zeros).
        scored: False for an answer whose judge failed (its score is a placeholder).
        k: a cutoff for the retrieval metrics.
        evidence_key: where the pair keeps its gold ids (:func:`evidence_ids`).
    """
    gold = evidence_ids(result.qa, evidence_key)
    return BenchmarkAnswer(
        benchmark=benchmark,
        question_type=question_type(result.qa),
        score=result.score if scored else None,
        protocol=protocol,
        retrieval=question_retrieval_metrics(ranking, gold, k) if ranking is not None else None,
        has_gold=bool(gold),
    )


def correctness(scores: Iterable[JudgeScore]) -> float | None:
    """The mean of ``correctness / 3`` (0–1); None with no scores."""
    values = [s.correctness for s in scores]
    return min(1.0, math.fsum(values) / (3 * len(values))) if values else None


def faithfulness(scores: Iterable[JudgeScore], protocol: str | None) -> float | None:
    """The share of answers judged grounded, for the ``llm-as-judge`` protocol; None otherwise (or
    with no scores)."""
    if protocol != LLM_PROTOCOL:
        return None
    values = [s.hallucination for s in scores]
    return math.fsum(values) / len(values) if values else None


def _mean_retrieval(items: Sequence[QuestionRetrievalMetrics]) -> QuestionRetrievalMetrics | None:
    if not items:
        return None
    n = len(items)
    # min() keeps fsum's last-bit rounding on all-ones columns inside [0, 1].
    cols = [min(1.0, math.fsum(c) / n) for c in zip(*(m.as_tuple() for m in items), strict=True)]
    return QuestionRetrievalMetrics(
        precision=cols[0], recall=cols[1], f1=cols[2], coverage=cols[3], ndcg=cols[4], map=cols[5]
    )


@attrs.frozen(kw_only=True)
class MetricsRow:
    """One row of the metrics table: a benchmark overall (``question_type`` None) or one of its
    question types.

    Attributes:
        question_count: answers in the row (scored or not).
        scored_count: answers with a score (the answer metrics' denominator).
        retrieval_count: answers with retrieval metrics (the retrieval means' denominator).
        correctness, faithfulness: see :func:`correctness` and :func:`faithfulness`.
        retrieval: the means of the six retrieval metrics; None when no answer has any.
    """

    benchmark: str
    question_type: str | None
    question_count: int
    scored_count: int
    retrieval_count: int
    correctness: float | None
    faithfulness: float | None
    retrieval: QuestionRetrievalMetrics | None

    def value(self, metric: str) -> float | None:
        """A metric by its declared name (:data:`BENCHMARK_METRICS`)."""
        if metric == "correctness":
            return self.correctness
        if metric == "faithfulness":
            return self.faithfulness
        if metric not in RETRIEVAL_METRIC_NAMES:
            raise ValueError(
                f"unknown metric {metric!r}; metrics are {', '.join(BENCHMARK_METRICS)}"
            )
        return None if self.retrieval is None else self.retrieval.as_dict()[metric]


def _row(
    benchmark: str, question_type: str | None, answers: Sequence[BenchmarkAnswer]
) -> MetricsRow:
    scores = [a.score for a in answers if a.score is not None]
    protocols = {a.protocol for a in answers if a.score is not None}
    # Faithfulness only where every scored answer came from the LLM protocol: a mean over a mixture
    # would count answers whose judge never looked at grounding.
    protocol = protocols.pop() if len(protocols) == 1 else None
    retrieval = [a.retrieval for a in answers if a.retrieval is not None]
    if retrieval:  # the system reports retrieval: an answer with gold but none is a miss
        retrieval = [
            a.retrieval if a.retrieval is not None else _MISSED
            for a in answers
            if a.retrieval is not None or a.has_gold
        ]
    return MetricsRow(
        benchmark=benchmark,
        question_type=question_type,
        question_count=len(answers),
        scored_count=len(scores),
        retrieval_count=len(retrieval),
        correctness=correctness(scores),
        faithfulness=faithfulness(scores, protocol),
        retrieval=_mean_retrieval(retrieval),
    )


def benchmark_metrics_table(answers: Iterable[BenchmarkAnswer]) -> tuple[MetricsRow, ...]:
    """Per benchmark: its overall row, then one row per question type.

    Benchmarks come in the order they first appear; question types sorted (numbered ones by number,
    then the others by name), so the table does not depend on the order the answers were collected
    in.
    """
    by_benchmark: dict[str, list[BenchmarkAnswer]] = {}
    for a in answers:
        by_benchmark.setdefault(a.benchmark, []).append(a)
    rows: list[MetricsRow] = []
    for benchmark, items in by_benchmark.items():
        rows.append(_row(benchmark, None, items))
        by_type: dict[str, list[BenchmarkAnswer]] = {}
        for a in items:
            by_type.setdefault(a.question_type, []).append(a)
        rows += [_row(benchmark, t, by_type[t]) for t in sorted(by_type, key=_type_order)]
    return tuple(rows)


def metrics_records(
    rows: Iterable[MetricsRow], metrics: Sequence[str] = BENCHMARK_METRICS
) -> list[dict[str, Any]]:
    """The table as JSON-ready records (for ``result.json``): ``benchmark``, ``questionType`` (absent
    on a benchmark's overall row), ``questionCount``, ``scoredCount``, ``retrievalCount`` and each of
    ``metrics`` under its declared name — absent when it has no value (no scored answer, no retrieval
    metrics, faithfulness of another protocol), never null.

    Raises:
        ValueError: ``metrics`` names an unknown metric.
    """
    unknown = [m for m in metrics if m not in BENCHMARK_METRICS]
    if unknown:
        raise ValueError(
            f"unknown metric {unknown[0]!r}; metrics are {', '.join(BENCHMARK_METRICS)}"
        )
    out: list[dict[str, Any]] = []
    for row in rows:
        record: dict[str, Any] = {"benchmark": row.benchmark}
        if row.question_type is not None:
            record["questionType"] = row.question_type
        record |= {
            "questionCount": row.question_count,
            "scoredCount": row.scored_count,
            "retrievalCount": row.retrieval_count,
        }
        for metric in metrics:
            value = row.value(metric)
            if value is not None:
                record[metric] = value
        out.append(record)
    return out


def requested_metrics(listed: Iterable[str] | None) -> tuple[str, ...]:
    """A benchmark's ``metrics`` list in report order (all of them when None), unknown names refused.

    Raises:
        ValueError: a name is not a metric.
    """
    if listed is None:
        return BENCHMARK_METRICS
    wanted = set(listed)
    unknown = sorted(wanted - set(BENCHMARK_METRICS))
    if unknown:
        raise ValueError(
            f"unknown metric {unknown[0]!r}; metrics are {', '.join(BENCHMARK_METRICS)}"
        )
    return tuple(m for m in BENCHMARK_METRICS if m in wanted)
