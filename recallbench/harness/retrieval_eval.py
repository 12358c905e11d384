"""The retrieval benchmark (seed 004): retrievers ranked against the questions' relevant days.

For each persona, every day is chunked with :func:`~recallbench.adapters.retrieval.base.chunk_day` and each
retriever's ``build_index`` (when it has one) is called on those chunks, timed on its own; its
``index_size_bytes()`` (when it has one) is read right after. Then every question that has evidence to
find is asked: all pairs except ``negative-recall`` ones, whose relevant days mark where the question
was planted rather than an answer (the same rule as the harness's retrieval metrics). The whole
persona corpus is searched, whatever the question's session: session isolation is the memory
system's concern, measured by the harness, not by this ranking benchmark.

Each ``retrieve(question, k)`` call is timed. The ids it returns (the first ``k`` only) become days —
a chunk's day, or for an id the corpus does not know, the day of a ``d0005``-style prefix; ids
without a day are skipped — and the days become a ranking with
:func:`~recallbench.results.retrieval_metrics.days_ranking`: so with ``k`` = 10 chunks, ``recall@10`` is the
share of relevant days among the (at most 10) distinct days of the 10 chunks. A chunk is relevant
iff its day is one of the question's ``relevant_days``. A retriever that returns nothing for a
question scores 0 on it: every question with evidence is scored, so a miss counts.

Reported per retriever: recall@5, recall@10, nDCG@10 and MRR macro-averaged over all questions
(overall) and per category (the strata), latency p50/p95 over all calls, index build time and size
summed over personas. Retrievers are compared pairwise (two: the one pair; more: the first against
each other) on every metric with :func:`~recallbench.results.retrieval_metrics.paired_bootstrap` over the
same questions: ``meanDiff`` = mean(a − b), with its percentile 95% interval.

A retriever that raises fails the evaluation with an :class:`~recallbench.errors.AdapterError`: a
ranking benchmark missing some queries would compare retrievers on different questions.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np

from ..adapters.retrieval.base import Document, Retriever, as_retriever, chunk_day, retriever_name
from ..data.corpus import PersonaDataset
from ..data.qa import report_categories
from ..errors import AdapterError, ConfigError
from ..results.retrieval_metrics import (
    DEFAULT_RESAMPLES,
    METRICS,
    RetrievalMetrics,
    bootstrap_columns,
    days_ranking,
    mean_scores,
    retrieval_scores,
)

__all__ = [
    "EXCLUDED_CATEGORIES",
    "Comparison",
    "QueryResult",
    "RetrievalEvalResult",
    "RetrieverReport",
    "corpus_documents",
    "format_retrieval_eval",
    "run_retrieval_eval",
]

EXCLUDED_CATEGORIES = frozenset({"negative-recall"})
"""Categories left out: their relevant days hold no evidence to retrieve."""

_DAY_PREFIX = re.compile(r"^d(\d+)(?:/|$)")


@attrs.frozen(kw_only=True)
class QueryResult:
    """One question asked of one retriever.

    Attributes:
        persona: the persona id.
        qa_id: the question's id.
        category: its category (the stratum).
        days: the ranking of days its retrieved chunks gave, best first.
        scores: the four metrics.
        latency_ms: the ``retrieve`` call's wall time.
    """

    persona: str
    qa_id: str
    category: str
    days: tuple[int, ...]
    scores: RetrievalMetrics
    latency_ms: float


@attrs.frozen(kw_only=True)
class RetrieverReport:
    """One retriever's results.

    Attributes:
        name: its label (made unique within the evaluation by ``#2``, ``#3`` … suffixes).
        overall: macro-averages over every question.
        by_category: macro-averages per category, in the fixed category order.
        latency_p50_ms: median ``retrieve`` time.
        latency_p95_ms: 95th percentile ``retrieve`` time (numpy's linear interpolation).
        index_build_ms: ``build_index`` time summed over personas; None without ``build_index``.
        index_size_bytes: ``index_size_bytes()`` summed over personas; None without it.
        queries: every question's result, in persona then file order.
    """

    name: str
    overall: RetrievalMetrics
    by_category: Mapping[str, RetrievalMetrics]
    latency_p50_ms: float
    latency_p95_ms: float
    index_build_ms: float | None
    index_size_bytes: int | None
    queries: tuple[QueryResult, ...] = attrs.field(repr=False)

    def to_json(self) -> dict[str, Any]:
        """The issue's shape; absent index figures are omitted rather than null."""
        out: dict[str, Any] = {
            "name": self.name,
            "overall": self.overall.as_dict(),
            "byCategory": {c: s.as_dict() for c, s in self.by_category.items()},
            "latencyMs": {"p50": self.latency_p50_ms, "p95": self.latency_p95_ms},
        }
        if self.index_build_ms is not None:
            out["indexBuildMs"] = self.index_build_ms
        if self.index_size_bytes is not None:
            out["indexSizeBytes"] = self.index_size_bytes
        return out


@attrs.frozen(kw_only=True)
class Comparison:
    """Retriever ``a`` against ``b`` on one metric over the same questions.

    Attributes:
        a: the first retriever's name.
        b: the second's.
        metric: one of :data:`~recallbench.results.retrieval_metrics.METRICS`.
        mean_diff: mean(a − b) of the per-question values.
        low: the lower end of its paired-bootstrap 95% interval.
        high: the upper end.
    """

    a: str
    b: str
    metric: str
    mean_diff: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        """``{"a", "b", "metric", "meanDiff", "low", "high"}``."""
        return {
            "a": self.a,
            "b": self.b,
            "metric": self.metric,
            "meanDiff": self.mean_diff,
            "low": self.low,
            "high": self.high,
        }


@attrs.frozen(kw_only=True)
class RetrievalEvalResult:
    """What :func:`run_retrieval_eval` returns.

    Attributes:
        retrievers: one report per retriever, in the order given.
        comparisons: the paired differences (see the module docstring).
        k: chunks requested per question.
        personas: the persona ids, in order.
        query_count: questions asked of each retriever.
        resamples: bootstrap resamples per interval.
        seed: the bootstrap seed.
    """

    retrievers: tuple[RetrieverReport, ...]
    comparisons: tuple[Comparison, ...]
    k: int
    personas: tuple[str, ...]
    query_count: int
    resamples: int
    seed: int

    def to_json(self) -> dict[str, Any]:
        """``{"retrievers": [...], "comparisons": [...]}``, JSON-ready."""
        return {
            "retrievers": [r.to_json() for r in self.retrievers],
            "comparisons": [c.to_json() for c in self.comparisons],
        }

    def format_text(self) -> str:
        """A plain-text report (see :func:`format_retrieval_eval`)."""
        return format_retrieval_eval(self)


def corpus_documents(dataset: PersonaDataset) -> list[Document]:
    """Every day of a persona, chunked with :func:`~recallbench.adapters.retrieval.base.chunk_day`, in order."""
    return [doc for day in dataset.days for doc in chunk_day(day.number, day.content)]


def _unique_names(retrievers: Sequence[Retriever]) -> list[str]:
    names: list[str] = []
    seen: dict[str, int] = {}
    for r in retrievers:
        base = retriever_name(r)
        seen[base] = seen.get(base, 0) + 1
        names.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return names


def _day_of(doc_id: object, days_by_id: Mapping[str, int | None]) -> int | None:
    key = str(doc_id)
    if key in days_by_id:
        return days_by_id[key]
    m = _DAY_PREFIX.match(key)
    return int(m.group(1)) if m else None


def _ms(ns: int) -> float:
    return ns / 1e6


def run_retrieval_eval(
    retrievers: Sequence[object],
    datasets: Sequence[PersonaDataset],
    *,
    k: int = 10,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
) -> RetrievalEvalResult:
    """Rank every evidence question of ``datasets`` with every retriever and score the rankings.

    Args:
        retrievers: retrievers, or bare ``retrieve(query, k)`` callables (see
            :func:`~recallbench.adapters.retrieval.base.as_retriever`).
        datasets: loaded personas; each gets its own index per retriever.
        k: chunks requested per question (the metrics cut off at 5 and 10 days).
        resamples: bootstrap resamples per comparison interval.
        seed: the bootstrap generator's seed.

    Raises:
        ConfigError: no retrievers, ``k`` < 1, or no question with evidence to retrieve.
        AdapterError: a retriever raised while indexing or retrieving.
    """
    if not retrievers:
        raise ConfigError("no retrievers to evaluate")
    if k < 1:
        raise ConfigError(f"k must be at least 1, got {k}")
    wrapped = [as_retriever(r) for r in retrievers]
    names = _unique_names(wrapped)
    results: list[list[QueryResult]] = [[] for _ in wrapped]
    build_ms: list[float | None] = [None] * len(wrapped)
    size_bytes: list[int | None] = [None] * len(wrapped)

    for dataset in datasets:
        documents = corpus_documents(dataset)
        days_by_id: dict[str, int | None] = {d.id: d.day for d in documents}
        questions = [q for q in dataset.qa if q.category not in EXCLUDED_CATEGORIES]
        for i, retriever in enumerate(wrapped):
            build = getattr(retriever, "build_index", None)
            if callable(build):
                start = time.perf_counter_ns()
                try:
                    build(documents)
                except Exception as exc:  # the system under test failed: say which and where
                    raise AdapterError(
                        f"retriever {names[i]} raised on build_index for persona {dataset.id}: "
                        f"{type(exc).__name__}: {exc}"
                    ) from exc
                build_ms[i] = (build_ms[i] or 0.0) + _ms(time.perf_counter_ns() - start)
            sizer = getattr(retriever, "index_size_bytes", None)
            if callable(sizer):
                size_bytes[i] = (size_bytes[i] or 0) + int(sizer())
            for qa in questions:
                start = time.perf_counter_ns()
                try:
                    ids = retriever.retrieve(qa.question, k)
                except Exception as exc:
                    raise AdapterError(
                        f"retriever {names[i]} raised on question {qa.id}: "
                        f"{type(exc).__name__}: {exc}"
                    ) from exc
                latency = _ms(time.perf_counter_ns() - start)
                ranking = days_ranking(_day_of(x, days_by_id) for x in list(ids)[:k])
                results[i].append(
                    QueryResult(
                        persona=dataset.id,
                        qa_id=qa.id,
                        category=qa.category,
                        days=tuple(ranking),
                        scores=retrieval_scores(ranking, qa.relevant_days),
                        latency_ms=latency,
                    )
                )

    query_count = len(results[0])
    if query_count == 0:
        raise ConfigError(
            "no questions to retrieve for: the personas have no pairs with evidence days "
            f"(categories other than {', '.join(sorted(EXCLUDED_CATEGORIES))})"
        )
    reports = tuple(
        _report(name, rows, build_ms[i], size_bytes[i])
        for i, (name, rows) in enumerate(zip(names, results, strict=True))
    )
    return RetrievalEvalResult(
        retrievers=reports,
        comparisons=tuple(_compare(reports, resamples=resamples, seed=seed)),
        k=k,
        personas=tuple(d.id for d in datasets),
        query_count=query_count,
        resamples=resamples,
        seed=seed,
    )


def _report(
    name: str, rows: list[QueryResult], build_ms: float | None, size: int | None
) -> RetrieverReport:
    overall = mean_scores(r.scores for r in rows)
    assert overall is not None  # callers check there are rows
    by_category: dict[str, RetrievalMetrics] = {}
    for category in report_categories(r.category for r in rows):
        mean = mean_scores(r.scores for r in rows if r.category == category)
        if mean is not None:
            by_category[category] = mean
    p50, p95 = np.percentile([r.latency_ms for r in rows], [50, 95])
    return RetrieverReport(
        name=name,
        overall=overall,
        by_category=by_category,
        latency_p50_ms=float(p50),
        latency_p95_ms=float(p95),
        index_build_ms=build_ms,
        index_size_bytes=size,
        queries=tuple(rows),
    )


def _compare(reports: Sequence[RetrieverReport], *, resamples: int, seed: int) -> list[Comparison]:
    if len(reports) < 2:
        return []
    first = reports[0]
    base = np.array([q.scores.as_tuple() for q in first.queries], dtype=np.float64)
    out: list[Comparison] = []
    for other in reports[1:]:
        values = np.array([q.scores.as_tuple() for q in other.queries], dtype=np.float64)
        intervals = bootstrap_columns(base - values, resamples=resamples, seed=seed)
        out.extend(
            Comparison(
                a=first.name,
                b=other.name,
                metric=metric,
                mean_diff=iv.mean_diff,
                low=iv.low,
                high=iv.high,
            )
            for metric, iv in zip(METRICS, intervals, strict=True)
        )
    return out


def _size(n: int | None) -> str:
    if n is None:
        return "-"
    value = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} B"  # pragma: no cover - the loop always returns


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell: the first left-aligned, the others right-aligned."""
    widths = [max(len(c) for c in col) for col in zip(header, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        padded = (
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )
        return "  ".join(padded).rstrip()

    return [line(header), *(line(row) for row in rows)]


def format_retrieval_eval(result: RetrievalEvalResult) -> str:
    """A plain-text report: overall metrics and costs per retriever, per-category metrics, and the
    comparisons with their intervals."""
    lines = [
        f"retrieval-eval: {len(result.personas)} persona(s) ({', '.join(result.personas)}), "
        f"{result.query_count} questions each retriever "
        f"({', '.join(sorted(EXCLUDED_CATEGORIES))} left out), k={result.k}",
        "",
    ]
    header = ["retriever", *METRICS, "p50 ms", "p95 ms", "build ms", "index"]
    rows = [
        [
            r.name,
            *(f"{v:.3f}" for v in r.overall.as_tuple()),
            f"{r.latency_p50_ms:.2f}",
            f"{r.latency_p95_ms:.2f}",
            "-" if r.index_build_ms is None else f"{r.index_build_ms:.0f}",
            _size(r.index_size_bytes),
        ]
        for r in result.retrievers
    ]
    lines += _table(header, rows)
    for r in result.retrievers:
        lines += ["", f"{r.name} by category:"]
        counts = {c: sum(1 for q in r.queries if q.category == c) for c in r.by_category}
        cat_rows = [
            [c, str(counts[c]), *(f"{v:.3f}" for v in s.as_tuple())]
            for c, s in r.by_category.items()
        ]
        lines += ["  " + line for line in _table(["category", "n", *METRICS], cat_rows)]
    if result.comparisons:
        lines += [
            "",
            f"paired bootstrap, 95% interval of mean(a - b) "
            f"({result.resamples:,} resamples, seed {result.seed}):",
        ]
        cmp_rows = [
            [
                f"{c.a} - {c.b}",
                c.metric,
                f"{c.mean_diff:+.4f}",
                f"[{c.low:+.4f}, {c.high:+.4f}]",
                "" if c.low <= 0 <= c.high else "*",
            ]
            for c in result.comparisons
        ]
        lines += [
            "  " + line for line in _table(["pair", "metric", "diff", "95% interval", ""], cmp_rows)
        ]
        lines.append("  (* the interval excludes 0)")
    return "\n".join(lines)
