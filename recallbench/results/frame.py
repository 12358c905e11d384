"""A run's answers as a pandas DataFrame: one row per evaluated answer, for a notebook's own plots.

pandas is an optional extra (``pip install 'recallbench[pandas]'``) imported only here, when
:func:`to_dataframe` is called. The rows are built by :func:`answer_rows` (plain dictionaries, no
pandas), so the columns are defined and tested once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..data.qa import report_categories
from .attribution import CLASSES, attribute_run
from .failures import FAILED_STAGES
from .records import BenchmarkResult, QuestionResult, TimeRangeResult

if TYPE_CHECKING:
    import pandas

__all__ = ["COLUMNS", "answer_rows", "to_dataframe"]

COLUMNS: tuple[str, ...] = (
    "persona",
    "checkpoint",
    "checkpoint_days",
    "days_ingested",
    "question_id",
    "epoch",
    "category",
    "difficulty",
    "question",
    "reference_answer",
    "system_answer",
    "correctness",
    "completeness",
    "hallucination",
    "composite",
    "scored",
    "failed",
    "error",
    "error_type",
    "latency_ms",
    "attribution",
)
"""The DataFrame's columns, in order.

``checkpoint`` is the checkpoint's label (``90d``), an ordered categorical in corpus order (so
``groupby("checkpoint")`` reads 30d, 90d, 6mo; ``persona`` and ``category`` are categoricals too, in
the run's and the fixed order), ``checkpoint_days`` the days it covers (the reference's
2**53 - 1 for ``full``), ``days_ingested`` the corpus size when the question was asked. ``composite`` is the 0–6
score every view uses (correctness 0–3 + completeness 0–2 + hallucination 0–1, where 1 means
grounded). ``scored`` is False for an answer whose judge failed (its scores are then missing, and
every mean of recallbench leaves it out), and for every answer of a run given no judge
(:attr:`~recallbench.results.records.BenchmarkResult.judged`: its stub judge's zeros are no
scores); ``error`` is the failing stage (``query``,
``connection``, ``judge``) or None, ``error_type`` the exception's type (``KeyError``). ``failed`` is
True when the memory system gave no answer, whatever it raised — stage ``query`` (kept in the means
at 0/0/1, composite 1, as ``result.json`` counts it) or ``connection`` (unscored, left out); so
``df.failed.mean()`` is the share of answers that failed and ``df[~df.failed]`` the answers the
system gave (docs/reliability.md). ``epoch`` is which asking of the question the row is (1…N in a
run of ``--epochs N``; 1 otherwise). ``attribution`` is the answer's class
(:mod:`recallbench.results.attribution`, docs/attribution.md: ``correct``, ``retrieval-miss``,
``reading-error``, …), an ordered categorical in the classes' order of precedence, so
``df.groupby(["checkpoint", "attribution"])`` counts where each checkpoint lost its points; empty
(missing) in a run given no judge, whose stub judge's zeros attribute nothing."""


def _row(
    persona: str, rr: TimeRangeResult, q: QuestionResult, scored: bool, attribution: str | None
) -> dict[str, Any]:
    score = q.score
    return {
        "persona": persona,
        "checkpoint": rr.range.label,
        "checkpoint_days": rr.range.days,
        "days_ingested": rr.days_ingested,
        "question_id": q.qa.id,
        "epoch": q.epoch or 1,
        "category": q.qa.category,
        "difficulty": q.qa.difficulty,
        "question": q.qa.question,
        "reference_answer": str(q.qa.answer),
        "system_answer": q.system_answer,
        "correctness": score.correctness if scored else None,
        "completeness": score.completeness if scored else None,
        "hallucination": score.hallucination if scored else None,
        "composite": q.composite_score if scored else None,
        "scored": scored,
        "failed": q.error is not None and q.error.stage in FAILED_STAGES,
        "error": q.error.stage if q.error is not None else None,
        "error_type": q.error.type if q.error is not None else None,
        "latency_ms": q.latency_ms,
        "attribution": attribution,
    }


def answer_rows(result: BenchmarkResult) -> Iterator[dict[str, Any]]:
    """Every answer of ``result`` as a dictionary keyed by :data:`COLUMNS`: persona by persona,
    checkpoint by checkpoint, scored answers first, then the ones left unscored."""
    judged = result.judged  # a run given no judge: its stub judge's zeros are no scores
    attributed = attribute_run(result) if judged else None

    def kind() -> str | None:
        return next(attributed).attribution.kind if attributed is not None else None

    for persona in result.personas:
        for rr in persona.range_results:
            for q in rr.question_results:
                yield _row(persona.persona_id, rr, q, judged, kind())
            for q in rr.unscored_results or ():
                yield _row(persona.persona_id, rr, q, False, kind())


def to_dataframe(result: BenchmarkResult | str | Path) -> pandas.DataFrame:
    """The answers of a run as a :class:`pandas.DataFrame` with the columns of :data:`COLUMNS`.

    Args:
        result: a :class:`BenchmarkResult` (what ``await recallbench.run(...)`` returns) or the
            path of a ``result.json`` — ours or the reference harness's.

    Score against corpus size, say::

        df = rb.to_dataframe(result)
        df.groupby("days_ingested")["composite"].mean()

    Raises:
        ImportError: pandas is not installed (it is the optional ``pandas`` extra).
    """
    try:
        import pandas as pd
    except ImportError:
        raise ImportError(
            "to_dataframe needs pandas, an optional extra: pip install 'recallbench[pandas]'"
        ) from None
    if not isinstance(result, BenchmarkResult):
        from .result_json import read_result

        result, _ = read_result(Path(result))
    frame = pd.DataFrame.from_records(list(answer_rows(result)), columns=list(COLUMNS))
    for name in ("correctness", "completeness", "hallucination", "composite"):
        frame[name] = frame[name].astype("Float64")
    # Ordered as the run is: checkpoints in corpus order (30d, 90d, 6mo — not 30d, 6mo, 90d),
    # personas as run, categories in the fixed order; so groupby and plots read left to right.
    for name, order, ordered in (
        ("checkpoint", [r.label for r in result.ranges], True),
        ("persona", [p.persona_id for p in result.personas], False),
        ("category", list(report_categories(frame["category"], result.categories)), False),
    ):
        seen = list(dict.fromkeys(frame[name]))
        categories = [v for v in order if v in seen] + [v for v in seen if v not in order]
        frame[name] = pd.Categorical(frame[name], categories=categories, ordered=ordered)
    frame["attribution"] = pd.Categorical(frame["attribution"], categories=CLASSES, ordered=True)
    return frame
