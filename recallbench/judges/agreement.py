"""How far one judge agrees with another: rank correlation, error and hallucination agreement.

The labelled set is a run's judged answers: each answer with the score another judge gave it and the
checkpoint it was asked at. :func:`judged_answers` reads them from a parsed ``result.json`` (or
:func:`logged_answers` from the records of a ``questions.jsonl``); :func:`rescore` has a judge score
them again, optionally seeing the persona's days up to each checkpoint, as in a run; and
:func:`agreement` compares the two lists of scores, overall and per category:

* **Spearman** correlation of composites (average ranks for ties), the headline: does the judge order
  answers as the labels do?
* **MAE**, the mean absolute composite error (0–6 scale).
* For the hallucination verdict, **balanced accuracy** — the mean of the agreement rates on answers the
  labels call hallucinated and on those they call grounded; plain agreement is meaningless when only
  ~15% of answers hallucinate — and **Cohen's kappa**.

A metric that is undefined on its data (a constant series, a class that never occurs) is NaN.

The module does no I/O and imports no anyio: :func:`rescore` imports what it needs when called.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..data.qa import CATEGORIES, QAPair
from ..data.ranges import parse_time_range
from ..results._collector import collector_paused
from ..results.failures import FAILED_STAGES
from ..results.result_json import Interner
from ..results.scoring import JudgeScore

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ..data.corpus import Day
    from ..data.persona import PersonaDefinition
    from .base import Judge

log = logging.getLogger("recallbench")

__all__ = [
    "AgreementReport",
    "AgreementStats",
    "DaysFor",
    "JudgedAnswer",
    "agreement",
    "balanced_accuracy",
    "cohen_kappa",
    "judged_answers",
    "logged_answers",
    "mean_absolute_error",
    "ranks",
    "rescore",
    "spearman",
]


# ---------------------------------------------------------------------------------------------------
# Metrics


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing the average of the ranks they span."""
    import numpy as np

    n = len(values)
    if n == 0:
        return []
    array = np.asarray(values, dtype=float)
    order = np.argsort(array, kind="stable")
    ordered = array[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    sizes = np.diff(np.r_[starts, n])
    out = np.empty(n)
    out[order] = np.repeat(starts + (sizes - 1) / 2 + 1, sizes)  # exact: halves of small ints
    return out.tolist()


def _pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return math.nan
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return math.nan
    return sxy / math.sqrt(sxx * syy)


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (Pearson's on average ranks); NaN for fewer than two points or a
    constant series.

    Raises:
        ValueError: the sequences differ in length.
    """
    _same_length(xs, ys)
    return _pearson(ranks(xs), ranks(ys))


def mean_absolute_error(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The mean of ``|x - y|``; NaN when empty.

    Raises:
        ValueError: the sequences differ in length.
    """
    _same_length(xs, ys)
    if not xs:
        return math.nan
    return sum(abs(x - y) for x, y in zip(xs, ys, strict=True)) / len(xs)


def balanced_accuracy(truth: Sequence[int], predicted: Sequence[int]) -> float:
    """The mean, over the classes present in ``truth``, of the share of that class predicted right.

    With two classes it is the mean of sensitivity and specificity: a judge that always says "grounded"
    scores 0.5 however rare hallucinations are. NaN when ``truth`` is empty.

    Raises:
        ValueError: the sequences differ in length.
    """
    _same_length(truth, predicted)
    rates = []
    for label in sorted(set(truth)):
        hits = [p == label for t, p in zip(truth, predicted, strict=True) if t == label]
        rates.append(sum(hits) / len(hits))
    return sum(rates) / len(rates) if rates else math.nan


def cohen_kappa(a: Sequence[int], b: Sequence[int]) -> float:
    """Cohen's kappa: agreement beyond what the two raters' label frequencies give by chance.

    1 for identical labels (with at least two classes); NaN when chance agreement is already total
    (both raters use one and the same label throughout) or the sequences are empty.

    Raises:
        ValueError: the sequences differ in length.
    """
    _same_length(a, b)
    n = len(a)
    if n == 0:
        return math.nan
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    labels = set(a) | set(b)
    expected = sum((a.count(label) / n) * (b.count(label) / n) for label in labels)
    if expected >= 1.0:
        return math.nan
    return (observed - expected) / (1 - expected)


def _same_length(xs: Sequence[Any], ys: Sequence[Any]) -> None:
    if len(xs) != len(ys):
        raise ValueError(f"sequences differ in length: {len(xs)} and {len(ys)}")


# ---------------------------------------------------------------------------------------------------
# Reports


@attrs.frozen(kw_only=True)
class AgreementStats:
    """Agreement on one set of answers.

    Attributes:
        n: answers compared.
        spearman: rank correlation of composites.
        mae: mean absolute composite error.
        hallucination_balanced_accuracy: balanced accuracy of the hallucination verdict, the
            labels' verdict as truth.
        hallucination_kappa: Cohen's kappa of the hallucination verdicts.
        label_hallucination_rate, judge_hallucination_rate: the share of answers each side calls
            hallucinated (0–1), which the two agreement figures are read against.
    """

    n: int
    spearman: float
    mae: float
    hallucination_balanced_accuracy: float
    hallucination_kappa: float
    label_hallucination_rate: float = math.nan
    judge_hallucination_rate: float = math.nan

    def to_json(self) -> dict[str, Any]:
        """camelCase JSON; NaN becomes null (JSON has no NaN)."""
        return {
            "n": self.n,
            "spearman": _finite(self.spearman),
            "mae": _finite(self.mae),
            "hallucinationBalancedAccuracy": _finite(self.hallucination_balanced_accuracy),
            "hallucinationKappa": _finite(self.hallucination_kappa),
            "labelHallucinationRate": _finite(self.label_hallucination_rate),
            "judgeHallucinationRate": _finite(self.judge_hallucination_rate),
        }


@attrs.frozen(kw_only=True)
class AgreementReport:
    """Agreement overall and per category (categories in the fixed order, only those present).

    Attributes:
        overall: every answer.
        by_category: one entry per category with answers.
    """

    overall: AgreementStats
    by_category: Mapping[str, AgreementStats]

    def to_json(self) -> dict[str, Any]:
        """``{"n", "spearman", "mae", "hallucinationBalancedAccuracy", "hallucinationKappa",
        "labelHallucinationRate", "judgeHallucinationRate", "byCategory": {category: {same
        keys}}}``; NaN (an undefined metric) is null."""
        out = self.overall.to_json()
        out["byCategory"] = {c: s.to_json() for c, s in self.by_category.items()}
        return out


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)


def _stats(
    x: npt.NDArray[np.float64],
    y: npt.NDArray[np.float64],
    truth: npt.NDArray[np.int64],
    predicted: npt.NDArray[np.int64],
) -> AgreementStats:
    """The statistics of the public functions above, over arrays: each element's arithmetic is
    NumPy's, which is the same IEEE operation as Python's, and every float sum whose order matters
    is Python's ``sum`` over the same values in the same order (:func:`_pearson`'s) — the figures are
    the same to the last bit (``tests/test_agreement.py`` holds them so)."""
    import numpy as np

    n = len(x)
    mae = sum(np.abs(x - y).tolist()) / n if n else math.nan
    return AgreementStats(
        n=n,
        spearman=_pearson_arrays(_ranks_array(x), _ranks_array(y)),
        mae=mae,
        hallucination_balanced_accuracy=_balanced_accuracy_arrays(truth, predicted),
        hallucination_kappa=_kappa_arrays(truth, predicted),
        label_hallucination_rate=int(np.count_nonzero(truth == 0)) / n if n else math.nan,
        judge_hallucination_rate=int(np.count_nonzero(predicted == 0)) / n if n else math.nan,
    )


def _ranks_array(values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """:func:`ranks` of an array, as an array."""
    import numpy as np

    n = len(values)
    if n == 0:
        return np.zeros(0)
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    sizes = np.diff(np.r_[starts, n])
    out = np.empty(n)
    out[order] = np.repeat(starts + (sizes - 1) / 2 + 1, sizes)  # exact: halves of small ints
    return out


def _pearson_arrays(xs: npt.NDArray[np.float64], ys: npt.NDArray[np.float64]) -> float:
    """:func:`_pearson` of two arrays."""
    n = len(xs)
    if n < 2:
        return math.nan
    mx, my = sum(xs.tolist()) / n, sum(ys.tolist()) / n
    dx, dy = xs - mx, ys - my
    sxy: float = sum((dx * dy).tolist())
    sxx: float = sum([d**2 for d in dx.tolist()])  # Python's power, as _pearson's
    syy: float = sum([d**2 for d in dy.tolist()])
    if sxx == 0 or syy == 0:
        return math.nan
    return sxy / math.sqrt(sxx * syy)


def _balanced_accuracy_arrays(
    truth: npt.NDArray[np.int64], predicted: npt.NDArray[np.int64]
) -> float:
    """:func:`balanced_accuracy` of two arrays."""
    import numpy as np

    rates = []
    for label in np.unique(truth).tolist():
        of_label = truth == label
        hits = int(np.count_nonzero(predicted[of_label] == label))
        rates.append(hits / int(np.count_nonzero(of_label)))
    return sum(rates) / len(rates) if rates else math.nan


def _kappa_arrays(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64]) -> float:
    """:func:`cohen_kappa` of two arrays."""
    import numpy as np

    n = len(a)
    if n == 0:
        return math.nan
    observed = int(np.count_nonzero(a == b)) / n
    labels = set(np.unique(a).tolist()) | set(np.unique(b).tolist())
    expected = sum(
        (int(np.count_nonzero(a == label)) / n) * (int(np.count_nonzero(b == label)) / n)
        for label in labels
    )
    if expected >= 1.0:
        return math.nan
    return (observed - expected) / (1 - expected)


def agreement(
    labels: Sequence[JudgeScore], scores: Sequence[JudgeScore], categories: Sequence[str]
) -> AgreementReport:
    """Compare a judge's ``scores`` with the ``labels`` (another judge's scores of the same answers).

    Args:
        labels: the reference scores, taken as truth for the hallucination verdict.
        scores: the judge's scores, in the same order.
        categories: each answer's question category, in the same order.

    Raises:
        ValueError: the three sequences differ in length.
    """
    import numpy as np

    _same_length(labels, scores)
    _same_length(labels, categories)
    # One column per figure, read once; each category is a selection of them.
    x = np.array([float(s.composite) for s in labels], dtype=np.float64).reshape(-1)
    y = np.array([float(s.composite) for s in scores], dtype=np.float64).reshape(-1)
    truth = np.array([s.hallucination for s in labels], dtype=np.int64).reshape(-1)
    predicted = np.array([s.hallucination for s in scores], dtype=np.int64).reshape(-1)
    names: dict[str, int] = {}
    codes = np.array([names.setdefault(c, len(names)) for c in categories], dtype=np.intp)
    order = [c for c in CATEGORIES if c in names]
    order += sorted(set(names) - set(order))
    by_category: dict[str, AgreementStats] = {}
    for category in order:
        idx = np.flatnonzero(codes == names[category])
        by_category[category] = _stats(x[idx], y[idx], truth[idx], predicted[idx])
    return AgreementReport(overall=_stats(x, y, truth, predicted), by_category=by_category)


# ---------------------------------------------------------------------------------------------------
# The labelled set


@attrs.frozen(kw_only=True)
class JudgedAnswer:
    """One answer of a run with the score it was given.

    Attributes:
        persona_id: the persona the question belongs to.
        days_ingested: the checkpoint's cutoff: the last day ingested when it was asked.
        qa: the pair (``key_facts`` and other extra keys in ``qa.extra``, when the file has them).
        answer: the system's answer.
        label: the score it was given (the final one, after any appeal).
    """

    persona_id: str
    days_ingested: int
    qa: QAPair
    answer: str
    label: JudgeScore


def judged_answers(
    result: Mapping[str, Any], *, personas: Iterable[Any] | None = None
) -> list[JudgedAnswer]:
    """Every scored answer of a parsed ``result.json`` (BenchmarkResult JSON), in file order.

    Questions whose judge failed (``unscoredResults``, or a question ``error`` at the judge stage) are
    left out: their score is a placeholder; so are answers the memory system failed to give (error
    stage ``query`` or ``connection``): scored 0/0/1 by rule, not by a judge, their answer a marker.

    Args:
        result: the parsed file.
        personas: its personas, when they are read apart from it (a large file parsed one persona
            at a time, :mod:`recallbench.results.result_stream`); default ``result["personas"]``.

    Raises:
        ValueError: the data is not a result (no ``personas`` list), or a question result is malformed
            (the message says which).
    """
    if personas is None:
        personas = result.get("personas")
        if not isinstance(personas, list):
            raise ValueError("not a result.json: no 'personas' list")
    with collector_paused():  # ~4 objects an answer while the parsed file is alive
        return _judged_answers(personas)


def _judged_answers(personas: Iterable[Any]) -> list[JudgedAnswer]:
    interner = Interner()  # a question asked at 143 checkpoints is one QAPair
    qa_of, score_of = interner.qa, interner.score
    out: list[JudgedAnswer] = []
    for p, persona in enumerate(personas):
        if not isinstance(persona, Mapping):
            raise ValueError(f"personas[{p}] is not an object")
        persona_id = str(persona.get("personaId", ""))
        for r, rng in enumerate(persona.get("rangeResults") or ()):
            cutoff = rng.get("daysIngested") or (rng.get("range") or {}).get("days")
            days: int | None = None  # int(cutoff), once a range answer needs it
            for i, q in enumerate(rng.get("questionResults") or ()):
                error = q.get("error")
                if isinstance(error, Mapping) and error.get("stage") in _NOT_JUDGED:
                    continue
                try:
                    qa = qa_of(q["qa"])
                    if cutoff is None:
                        at = qa.last_day
                    else:
                        if days is None:
                            days = int(cutoff)
                        at = days
                    out.append(
                        JudgedAnswer(
                            persona_id=persona_id,
                            days_ingested=at,
                            qa=qa,
                            answer=str(q.get("systemAnswer", "")),
                            label=score_of(q["score"]),
                        )
                    )
                except (KeyError, TypeError, ValueError) as exc:
                    where = f"personas[{p}].rangeResults[{r}].questionResults[{i}]"
                    raise ValueError(f"{where}: {type(exc).__name__}: {exc}") from None
    return out


def logged_answers(records: Iterable[Mapping[str, Any]]) -> list[JudgedAnswer]:
    """Every scored answer of the records of a ``questions.jsonl`` (reference §3.4), in order.

    The checkpoint cutoff comes from our ``checkpoint`` label (``30d`` → day 30; ``full`` → every
    day); a record without one (the reference's own logs) is taken at its last relevant day, the
    earliest checkpoint that could have asked it. Records of a failed judge, and of an answer the
    memory system failed to give (scored by rule), are left out.

    Raises:
        ValueError: a record is not a question record (the message says which).
    """
    with collector_paused():  # ~4 objects an answer while the records are alive
        return _logged_answers(records)


def _logged_answers(records: Iterable[Mapping[str, Any]]) -> list[JudgedAnswer]:
    interner = Interner()  # a question asked at 143 checkpoints is one QAPair
    cutoffs: dict[str, int] = {}
    out: list[JudgedAnswer] = []
    for i, record in enumerate(records):
        error = record.get("error")
        if isinstance(error, Mapping) and error.get("stage") in _NOT_JUDGED:
            continue
        try:
            qa = interner.qa(record["qa"])
            label = record.get("checkpoint")
            if isinstance(label, str):
                cutoff = cutoffs.get(label)
                if cutoff is None:
                    cutoff = cutoffs[label] = int(parse_time_range(label).days)
            else:
                cutoff = qa.last_day
            out.append(
                JudgedAnswer(
                    persona_id=str(record.get("personaId", "")),
                    days_ingested=cutoff,
                    qa=qa,
                    answer=str(record.get("systemAnswer", "")),
                    label=interner.score(record["score"]),
                )
            )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise ValueError(f"record {i + 1}: {type(exc).__name__}: {exc}") from None
    return out


_NOT_JUDGED = frozenset(("judge", *FAILED_STAGES))
"""Error stages of answers whose score is no judge's verdict: the judge failed, or the memory system
gave no answer (scored 0/0/1 by rule, its answer a marker such as ``[TIMEOUT]``)."""


DaysFor = Callable[[str, int], "Sequence[Day]"]
"""``(persona_id, cutoff) -> days``: the days ingested at a checkpoint, for judges that ground."""


async def rescore(
    judge: Judge,
    answers: Sequence[JudgedAnswer],
    *,
    days_for: DaysFor | None = None,
    persona_for: Callable[[str], PersonaDefinition] | None = None,
    memory_window: int = 0,
    parallelism: int = 1,
) -> list[JudgeScore | None]:
    """Have ``judge`` score every answer again, with the context a run would give it.

    Args:
        judge: the judge to measure.
        answers: the labelled answers.
        days_for: the days ingested at each answer's checkpoint; None: the judge sees no days.
        persona_for: each persona's definition (``persona_id -> definition``), whose names a run
            hands its judge; None: none.
        memory_window: the memory excerpts' window (days around each relevant day) for judges that
            read excerpts, as a run's ``--judge-memory-window``; 0: none.
        parallelism: judge calls in flight (an LLM judge benefits; the rubric judge does not).

    Returns:
        One score per answer, in order; None where the judge failed (logged), so one bad answer
        does not lose the measurement.
    """
    from ..results.scoring import to_score
    from .base import build_context

    async def one(answer: JudgedAnswer) -> JudgeScore | None:
        days = days_for(answer.persona_id, answer.days_ingested) if days_for else ()
        persona = persona_for(answer.persona_id) if persona_for else None
        context = build_context(answer.qa, days, memory_window, persona=persona)
        try:
            value = await judge.score(answer.qa.question, answer.qa.answer, answer.answer, context)
            return to_score(value)
        except Exception as exc:  # one failed judgement is data, not the end of the measurement
            log.warning("[agreement] the judge failed on %s: %s", answer.qa.id, exc)
            return None

    if parallelism <= 1:
        return [await one(answer) for answer in answers]

    import anyio

    # ``parallelism`` workers taking the next answer in turn: as many calls in flight as a task per
    # answer behind a limiter gave, without 187,000 tasks for a large run (14 s of event-loop work
    # for a judge that never waits).
    results: list[JudgeScore | None] = [None] * len(answers)
    pending = iter(range(len(answers)))

    async def worker() -> None:
        for i in pending:
            results[i] = await one(answers[i])

    async with anyio.create_task_group() as tg:
        for _ in range(min(parallelism, len(answers))):
            tg.start_soon(worker)
    return results
